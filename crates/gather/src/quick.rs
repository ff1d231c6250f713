//! A bounded answer to a question while no index exists yet (the MCP server's first build):
//! a plain, case-blind scan of the first files the walk finds for the question's words,
//! identifiers and literals, whose best files are then parsed and asked as a small index.
//! Reading stops at `MAX_FILES` files or `MAX_BYTES` bytes, whichever comes first, so
//! the answer costs a bounded time and memory whatever the tree.

use crate::ask::question::Question;
use crate::confined::Root;
use crate::walk::{self, WalkOptions};

/// Files the scan looks at, at most.
pub(crate) const MAX_FILES: usize = 4000;
/// Bytes the scan reads, at most.
pub(crate) const MAX_BYTES: u64 = 32 << 20;
/// Files handed on to be parsed and asked.
pub const KEEP_FILES: usize = 12;

/// The files most worth parsing for `question`, best first: each distinct identifier or
/// literal a file holds counts 3, each other word 1 (test files count as others do; the
/// pack leaves test code out later unless asked).
pub fn files(root: &Root, options: &WalkOptions, question: &Question) -> Vec<String> {
    let mut needles: Vec<(Vec<u8>, u32)> = Vec::new();
    let strong = question.identifiers.iter().chain(&question.literals);
    for (text, weight) in strong
        .map(|t| (t, 3))
        .chain(question.words.iter().map(|w| (w, 1)))
    {
        let needle = text.to_ascii_lowercase().into_bytes();
        // Very short words match nearly every file and would rank nothing.
        if needle.len() >= 3 && !needles.iter().any(|(n, _)| *n == needle) {
            needles.push((needle, weight));
        }
    }
    if needles.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(u32, String)> = Vec::new();
    let mut read: u64 = 0;
    for file in walk::first(root.path(), options, MAX_FILES) {
        if file.skip.is_some() || read >= MAX_BYTES {
            continue;
        }
        let Ok(bytes) = root.read(&file.rel) else {
            continue;
        };
        read += bytes.len() as u64;
        let lower = bytes.to_ascii_lowercase();
        let path = file.rel.to_ascii_lowercase();
        let score: u32 = needles
            .iter()
            .filter(|(needle, _)| {
                memchr::memmem::find(&lower, needle).is_some()
                    || memchr::memmem::find(path.as_bytes(), needle).is_some()
            })
            .map(|(_, weight)| weight)
            .sum();
        if score > 0 {
            scored.push((score, file.rel));
        }
    }
    // Best score first, ties by path: the same tree gives the same files.
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored.truncate(KEEP_FILES);
    scored.into_iter().map(|(_, path)| path).collect()
}
