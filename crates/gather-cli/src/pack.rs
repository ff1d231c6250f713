//! What `ask`, `symbol` and `change` share: the index opened and timed, the pack's budget and pinned
//! slices from the flags, and the context request answered and rendered.

use std::path::Path;
use std::time::Instant;

use gather::budget::Budget;
use gather::index::{ms_since, Index};
use gather::request::{self, ContextRequest, Ranking, Target};
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
        ranking: ranking(),
        explain,
        // The tree the refreshed index reflects, named in the header.
        tree: gather::tree::read(index),
        ..ContextRequest::new(target)
    };
    answer(index, &request, index_ms, timings, json)
}

/// The ranking a question asks for: the learned one, unless `GATHER_RANKING=hand` asks for
/// the hand fusion (for comparisons; README, "How the ranking is learned").
fn ranking() -> Ranking {
    match std::env::var("GATHER_RANKING") {
        Ok(v) if v == "hand" => Ranking::Hand,
        _ => Ranking::Learned,
    }
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

/// Runs a context request and renders it; a question asked with `--explain` renders its
/// seeds' explanation after the pack (a text section, or an `explain` array in the JSON).
fn answer(
    index: &Index,
    request: &ContextRequest,
    index_ms: f64,
    timings: bool,
    json: bool,
) -> Result<String, Error> {
    let started = Instant::now();
    let pack = request::context_pack(index, request)?;
    let (text, pack_json) = match gather::render::explain::render(index, &pack) {
        Some(explained) => explained,
        None => gather::render::pack::render(&pack),
    };
    if timings {
        eprintln!(
            "timings: index {index_ms:.1} ms, query+pack {:.1} ms",
            ms_since(started)
        );
    }
    Ok(if json { format!("{pack_json}\n") } else { text })
}
