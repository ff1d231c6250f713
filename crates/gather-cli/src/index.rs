//! `gather index`: index the workspace (or bring the stored index up to date), store it,
//! and report files by language and status, definitions by kind, and what the cache did.

use std::time::Instant;

use gather::index::ms_since;
use gather::{render, Error};

use crate::{open, Ctx};

/// Indexes, stores the index before answering, and renders the summary.
pub fn run(ctx: Ctx, files: bool, symbols: bool) -> Result<String, Error> {
    let json = ctx.json;
    let started = Instant::now();
    let mut session = open::open(ctx)?;
    let elapsed = ms_since(started);
    session.save();
    open::warn_all(session.take_warnings());
    let index = session.index();
    let output = if json {
        let v = render::index_json(index, elapsed, session.report(), files, symbols);
        format!("{v}\n")
    } else {
        render::index_text(index, elapsed, files) + &render::cache_text(session.report())
    };
    // The process ends soon; freeing every record one by one would only cost time.
    std::mem::forget(session);
    Ok(output)
}
