//! What `ask`, `symbol` and `change` share: the index opened and timed, the pack's budget and pinned
//! slices from the flags, and the context request answered and rendered.

use std::path::Path;
use std::time::Instant;

use gather::budget::Budget;
use gather::index::{ms_since, Index};
use gather::request::{self, ContextRequest, Target};
use gather::session::Session;
use gather::slice::SliceRequest;
use gather::Error;

use crate::args::PackOptions;
use gather::slice::spec;

use crate::{open, Ctx};

/// Answers `target` (a question, a symbol or a diff) with the budget, test code and pinned
/// slices of `options`. A question opens the index with its stored lexical postings.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    target: Target,
    options: &PackOptions,
    explain: bool,
) -> Result<String, Error> {
    let postings = matches!(target, Target::Question(_));
    let (root, json, timings) = (ctx.root.clone(), ctx.json, ctx.timings);
    // A malformed spec is refused before any index is built.
    let slices = slice_requests(&options.slices, &root)?;
    let budget = budget(options)?;
    let started = Instant::now();
    let index = open::indexed(kept, ctx, postings)?;
    let index_ms = ms_since(started);
    let request = ContextRequest {
        slices,
        budget,
        include_tests: options.include_tests,
        scope: options.scope.clone(),
        // The tree the refreshed index reflects, named in the header.
        tree: gather::tree::read(index),
        ..ContextRequest::new(target)
    };
    answer(index, &request, index_ms, timings, json, explain)
}

/// Pinned slices from `--slice SPEC` flags.
fn slice_requests(specs: &[String], root: &Path) -> Result<Vec<SliceRequest>, Error> {
    specs
        .iter()
        .map(|s| spec::parse(s, root, gather::Defaults::HEAD_LINES))
        .collect()
}

/// A pack budget from `--budget-lines` / `--max-tokens` (clap has refused both, and
/// `--budget-lines` has its default unless `--max-tokens` was given).
fn budget(options: &PackOptions) -> Result<Budget, Error> {
    let lines = options.max_tokens.is_none().then_some(options.budget_lines);
    Budget::from_flags(lines, options.max_tokens, Budget::PACK)
}

/// Runs a context request and renders it; with `explain`, its seeds' explanation follows
/// (a text section after the pack, or an `explain` key in the pack's JSON).
fn answer(
    index: &Index,
    request: &ContextRequest,
    index_ms: f64,
    timings: bool,
    json: bool,
    explain: bool,
) -> Result<String, Error> {
    let started = Instant::now();
    let pack = request::context_pack(index, request)?;
    let (mut text, mut pack_json) = gather::render::pack::render(&pack);
    if explain {
        let explained = request::explain(index, request);
        let learned = gather::ask::ranker::learned();
        let (section, value) = gather::render::explain::render(index, &explained, learned);
        text = format!("{text}\n{section}");
        pack_json["explain"] = value;
    }
    if timings {
        eprintln!(
            "timings: index {index_ms:.1} ms, query+pack {:.1} ms",
            ms_since(started)
        );
    }
    Ok(if json { format!("{pack_json}\n") } else { text })
}
