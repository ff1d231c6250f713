//! `gather ask QUESTION`: a context pack for a question.

use std::time::Instant;

use gather::index::ms_since;
use gather::request::ContextRequest;
use gather::session::Session;
use gather::Error;

use crate::args::PackOptions;
use crate::{open, pack, Ctx};

/// Answers `question` from the index, within the pack's budget.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    question: String,
    options: &PackOptions,
) -> Result<String, Error> {
    let (root, json, timings) = (ctx.root.clone(), ctx.json, ctx.timings);
    let started = Instant::now();
    let index = open::indexed(kept, ctx, true)?;
    let index_ms = ms_since(started);
    let request = ContextRequest {
        question: Some(question),
        slices: pack::slice_requests(&options.slices, &root)?,
        budget: pack::budget(options.budget_lines, options.max_tokens),
        include_tests: options.include_tests,
        ..ContextRequest::default()
    };
    pack::answer(index, &request, index_ms, timings, json)
}
