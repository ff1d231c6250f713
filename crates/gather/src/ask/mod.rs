//! Question mode: three search lanes turn a natural-language question into seed
//! definitions, and a fusion step merges their rankings into one.
//!
//! - [`question`] reads the question: code-shaped words, quoted literals, search terms.
//! - The identifier lane looks code-shaped words up exactly (name, qualified name, file
//!   path), then ignoring case.
//! - [`lexical`] is BM25F over definitions (name, scope, doc and body fields).
//! - [`grep`] finds quoted literals verbatim and lifts each hit to its definition.
//!
//! Fusion is weighted reciprocal-rank fusion: each lane contributes `w / (K + rank)` for
//! every definition it ranks, so a definition several lanes agree on rises, no lane's raw
//! scores need calibrating against another's, and the order is fully determined by the
//! lanes' orders (ties by path, then line).

pub mod grep;
pub mod lexical;
pub mod question;

use std::collections::HashMap;

use crate::index::{Index, SymbolId};
use crate::lines::Line;

/// Rank damping: small enough that a lane's first hits stand out from its tail.
const K: f32 = 10.0;
/// Lane weights. An exact identifier is the strongest evidence the asker gave; a quoted
/// literal found verbatim comes next.
const W_IDENT_EXACT: f32 = 3.0;
const W_IDENT_LOOSE: f32 = 1.5;
const W_LEXICAL: f32 = 1.0;
const W_GREP: f32 = 2.0;
const W_FILE: f32 = 0.6;
/// How deep into the lexical ranking fusion looks.
const LEXICAL_DEPTH: usize = 200;
/// A name defined more often than this is too common to seed on by name alone.
const MAX_NAME_HITS: usize = 8;

/// The seeds found for a question, best first, and what the reader should know.
#[derive(Clone, Debug, Default)]
pub struct Seeds {
    /// Seed definitions, best first.
    pub seeds: Vec<SymbolId>,
    /// Literal hits outside every definition: file and line.
    pub line_hits: Vec<(String, Line)>,
    /// Question words none of whose terms occur in the workspace.
    pub unmatched: Vec<String>,
}

/// Finds up to `limit` seeds for a question (see [`question::read`]).
pub fn seeds(
    index: &Index,
    question: &question::Question,
    include_tests: bool,
    limit: usize,
) -> Seeds {
    let postings = index.postings();
    let keep = |id: &SymbolId| include_tests || !index.symbol(*id).symbol.is_test;

    let mut scores: HashMap<SymbolId, f32> = HashMap::new();
    let mut vote = |lane: &[SymbolId], weight: f32| {
        for (rank, id) in lane.iter().enumerate() {
            *scores.entry(*id).or_default() += weight / (K + rank as f32);
        }
    };

    // Identifier lane.
    let mut exact: Vec<SymbolId> = Vec::new();
    let mut loose: Vec<SymbolId> = Vec::new();
    let mut named_files: Vec<u32> = Vec::new();
    for ident in &question.identifiers {
        let mut hits: Vec<SymbolId> = index.find(ident).iter().map(|h| h.id).collect();
        if hits.is_empty() {
            let last = ident.rsplit(['.', ':']).next().unwrap_or(ident);
            let files = files_named(index, ident);
            if !files.is_empty() {
                named_files.extend(files);
                continue;
            }
            let mut near: Vec<SymbolId> = postings.named_ignoring_case(last).to_vec();
            near.retain(keep);
            if near.len() <= MAX_NAME_HITS {
                loose.extend(near);
            }
            continue;
        }
        hits.retain(keep);
        if hits.len() <= MAX_NAME_HITS {
            exact.extend(hits);
        }
    }
    if let Some(area) = &question.area {
        named_files.extend(files_in_area(index, area));
    }
    vote(&exact, W_IDENT_EXACT);
    vote(&loose, W_IDENT_LOOSE);

    // Lexical lane, and the same ranking grouped by file: a file whose definitions match
    // well as a group lifts its best definitions (file first, then function).
    let (lexical, unmatched_terms) = lexical::search(
        index,
        postings,
        &question.terms,
        include_tests,
        LEXICAL_DEPTH,
    );
    let lexical_ids: Vec<SymbolId> = lexical.iter().map(|(id, _)| *id).collect();
    vote(&lexical_ids, W_LEXICAL);
    vote(&by_file(&lexical, &named_files), W_FILE);

    // Grep lane.
    let mut line_hits = Vec::new();
    let mut grep_ids = Vec::new();
    for hit in grep::search(index, &question.literals, include_tests) {
        match hit {
            grep::Hit::Symbol(id) => grep_ids.push(id),
            grep::Hit::Line(path, line) => line_hits.push((path, line)),
        }
    }
    vote(&grep_ids, W_GREP);

    let mut fused: Vec<(SymbolId, f32)> = scores.into_iter().collect();
    lexical::sort_hits(index, &mut fused);
    let seeds = choose(index, fused.into_iter().map(|(id, _)| id), limit);
    line_hits.truncate(limit.saturating_sub(seeds.len()).max(1));
    let unmatched = question
        .words
        .iter()
        .filter(|word| {
            let mut all_missing = true;
            crate::terms::terms(word, |t| {
                if !unmatched_terms.contains(&t) && question.terms.iter().any(|(q, _)| *q == t) {
                    all_missing = false;
                }
            });
            all_missing
        })
        .cloned()
        .collect();
    Seeds {
        seeds,
        line_hits,
        unmatched,
    }
}

/// Definitions up to this many lines are shown whole, so a definition inside one adds
/// nothing.
const SMALL_DEFINITION: u32 = 40;

/// Picks up to `limit` seeds from the fused ranking, preferring the innermost definition:
/// a module or namespace with definitions inside is never a seed; a definition inside a
/// chosen small one adds nothing; one inside a chosen large one takes its place, since the
/// pack would show only the large one's start; a container of a chosen seed is skipped.
fn choose(index: &Index, ranked: impl Iterator<Item = SymbolId>, limit: usize) -> Vec<SymbolId> {
    let mut seeds: Vec<SymbolId> = Vec::new();
    let range = |id: SymbolId| index.symbol(id).symbol.full_range();
    for id in ranked {
        if seeds.len() >= limit {
            break;
        }
        let found = index.symbol(id);
        let has_children = found
            .file
            .symbols
            .get(id.idx as usize + 1)
            .is_some_and(|next| next.parent == Some(id.idx));
        if found.symbol.kind == crate::index::SymbolKind::Module && has_children {
            continue;
        }
        let r = range(id);
        if seeds
            .iter()
            .any(|s| s.file == id.file && r.covers(&range(*s)) && r != range(*s))
        {
            continue;
        }
        match seeds
            .iter()
            .position(|s| s.file == id.file && range(*s).covers(&r))
        {
            Some(at) if range(seeds[at]).len() > SMALL_DEFINITION => seeds[at] = id,
            Some(_) => {}
            None => seeds.push(id),
        }
    }
    seeds
}

/// Files the question names: an exact root-relative path, a path suffix (`args.rs`,
/// `src/args.rs`) or a directory prefix.
fn files_named(index: &Index, ident: &str) -> Vec<u32> {
    let name = ident.trim_start_matches("./");
    if !name.contains('/') && !name.contains('.') {
        return Vec::new();
    }
    let dir = format!("{}/", name.trim_end_matches('/'));
    let suffix = format!("/{name}");
    index
        .files()
        .iter()
        .enumerate()
        .filter(|(_, f)| f.path == name || f.path.ends_with(&suffix) || f.path.starts_with(&dir))
        .map(|(i, _)| i as u32)
        .take(MAX_NAME_HITS)
        .collect()
}

/// Files in an area the question's `area:` prefix names: a directory or file stem of
/// that name anywhere in the path.
fn files_in_area(index: &Index, area: &str) -> Vec<u32> {
    index
        .files()
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.path.split('/').any(|segment| {
                let stem = segment.split('.').next().unwrap_or(segment);
                stem.eq_ignore_ascii_case(area)
            })
        })
        .map(|(i, _)| i as u32)
        .collect()
}

/// The lexical hits regrouped file by file: files ordered by the sum of their two best
/// scores (named files first), each file's hits in score order, best two per file.
fn by_file(lexical: &[(SymbolId, f32)], named_files: &[u32]) -> Vec<SymbolId> {
    let mut files: Vec<(u32, f32, Vec<SymbolId>)> = Vec::new();
    for (id, score) in lexical {
        match files.iter_mut().find(|f| f.0 == id.file) {
            Some(f) => {
                if f.2.len() < 2 {
                    f.1 += score;
                    f.2.push(*id);
                }
            }
            None => files.push((id.file, *score, vec![*id])),
        }
    }
    for f in &mut files {
        if named_files.contains(&f.0) {
            f.1 += 1000.0;
        }
    }
    files.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    files.into_iter().flat_map(|f| f.2).collect()
}
