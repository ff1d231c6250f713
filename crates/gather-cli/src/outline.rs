//! `gather outline PATH`: the definitions in one file, parsed on the spot (no index).

use gather::{outline, render, Error};

use crate::Ctx;

/// Parses the file `path` and lists its definitions.
pub fn run(ctx: &Ctx, path: &str) -> Result<String, Error> {
    let (rel, parsed) = outline::file(&ctx.dir, &ctx.root, path)?;
    Ok(if ctx.json {
        format!("{}\n", render::outline_json(&rel, &parsed))
    } else {
        render::outline_text(&rel, &parsed.status.label(), &parsed.symbols)
    })
}
