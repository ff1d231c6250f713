//! `gather graph NAME`: the direct callers and callees of one definition, with how each
//! edge was proven.

use gather::session::Session;
use gather::{render, request, Error};

use crate::{open, require_name, Ctx};

/// Draws the call graph around the definition `name` (in `path`, near `line`).
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    name: &str,
    path: Option<&str>,
    line: Option<u32>,
) -> Result<String, Error> {
    require_name(name)?;
    let json = ctx.json;
    let index = open::indexed(kept, ctx, false)?;
    let (id, _) = request::locate_in(index, name, path, line)?;
    let graph = gather::graph::build_for(index, &gather::index::texts::Texts::of(index), &[id]);
    Ok(if json {
        format!("{}\n", render::graph_json(index, &graph, id))
    } else {
        render::graph_text(index, &graph, id)
    })
}
