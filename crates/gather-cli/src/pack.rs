//! What `ask` and `symbol` share: the pack's budget and pinned slices from the flags, and
//! the context request answered and rendered.

use std::path::Path;
use std::time::Instant;

use gather::budget::Budget;
use gather::index::{ms_since, Index};
use gather::request::{self, ContextRequest};
use gather::slice::SliceRequest;
use gather::Error;

use crate::spec;

/// Pinned slices from `--slice SPEC` flags.
pub fn slice_requests(specs: &[String], root: &Path) -> Result<Vec<SliceRequest>, Error> {
    specs.iter().map(|s| spec::parse(s, root, 40)).collect()
}

/// A pack budget from `--budget-lines` / `--max-tokens`.
pub fn budget(lines: usize, tokens: Option<usize>) -> Budget {
    match tokens {
        Some(n) => Budget::Tokens(n),
        None => Budget::Lines(lines),
    }
}

/// Runs a context request and renders it.
pub fn answer(
    index: &Index,
    request: &ContextRequest,
    index_ms: f64,
    timings: bool,
    json: bool,
) -> Result<String, Error> {
    let started = Instant::now();
    let pack = request::context(index, request)?;
    if timings {
        eprintln!(
            "timings: index {index_ms:.1} ms, query+pack {:.1} ms",
            ms_since(started)
        );
    }
    Ok(if json {
        format!("{}\n", pack.json)
    } else {
        pack.text
    })
}
