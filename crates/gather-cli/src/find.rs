//! `gather find NAME [--path FILE] [--scope DIR]`: every definition of a name.

use gather::outline::Find;
use gather::render;
use gather::render::zoom::Frontend;
use gather::session::Session;
use gather::Error;

use crate::{open, require_name, Ctx};

/// Lists the definitions named `name` (in `path`, under `scope`, when given); none is
/// `not_found`.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    name: &str,
    path: Option<&str>,
    scope: Option<&str>,
) -> Result<String, Error> {
    require_name(name)?;
    let json = ctx.json;
    let find = Find::new(&ctx.root, Some(name), path, Frontend::Cli)?.scoped(&ctx.root, scope)?;
    let index = open::indexed(kept, ctx, false)?;
    let (text, value) = render::find(&find.lookup(index)?, false);
    Ok(if json { format!("{value}\n") } else { text })
}
