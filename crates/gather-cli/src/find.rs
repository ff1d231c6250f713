//! `gather find NAME`: every definition of a name.

use gather::session::Session;
use gather::{render, Error, ErrorCode};

use crate::{open, require_name, Ctx};

/// Lists the definitions named `name`; none is `not_found`.
pub fn run(ctx: Ctx, kept: &mut Option<Session>, name: &str) -> Result<String, Error> {
    require_name(name)?;
    let (root, json) = (ctx.root.clone(), ctx.json);
    let index = open::indexed(kept, ctx, false)?;
    let hits = index.find(name);
    if hits.is_empty() {
        return Err(Error::new(
            ErrorCode::NotFound,
            format!("no definition named {name} in {}", root.display()),
        ));
    }
    Ok(if json {
        format!("{}\n", render::find_json(&hits))
    } else {
        render::find_text(&hits)
    })
}
