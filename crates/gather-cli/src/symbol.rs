//! `gather symbol NAME`: a definition with its direct callers and callees, as one pack.

use std::time::Instant;

use gather::index::ms_since;
use gather::request::ContextRequest;
use gather::session::Session;
use gather::Error;

use crate::args::PackOptions;
use crate::{open, pack, require_name, Ctx};

/// Answers the definition `name` (in `path`, near `line`) from the index.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    name: String,
    path: Option<String>,
    line: Option<u32>,
    options: &PackOptions,
) -> Result<String, Error> {
    require_name(&name)?;
    let (root, json, timings) = (ctx.root.clone(), ctx.json, ctx.timings);
    let started = Instant::now();
    let index = open::indexed(kept, ctx, false)?;
    let index_ms = ms_since(started);
    let request = ContextRequest {
        symbol: Some(name),
        path,
        line,
        slices: pack::slice_requests(&options.slices, &root)?,
        budget: pack::budget(options.budget_lines, options.max_tokens),
        include_tests: options.include_tests,
        ..ContextRequest::default()
    };
    pack::answer(index, &request, index_ms, timings, json)
}
