//! Question mode: three search lanes turn a natural-language question into seed
//! definitions, and a fusion step merges their rankings into one.
//!
//! - [`question`] reads the question: code-shaped words, quoted literals, search terms.
//! - The identifier lane looks code-shaped words up exactly (name, qualified name, file
//!   path), then ignoring case.
//! - [`lexical`] is BM25F over definitions (name, scope, doc and body fields).
//! - `grep` finds quoted literals verbatim and lifts each hit to its definition.
//! - [`feedback`] takes the distinctive words of the first fused answers as extra, lighter
//!   terms for a second lexical search (pseudo-relevance feedback).
//! - The sibling and call lanes vote for the definitions beside the leading answers, what
//!   they call, and what calls them from their own files.
//! - The focus lane reads a whole issue's lexical ranking past its depth, inside the
//!   leading answers' files only.
//!
//! Identical copies of a definition (a mirrored tree) then collapse into one.
//!
//! Fusion is weighted reciprocal-rank fusion: each lane contributes `w / (K + rank)` for
//! every definition it ranks, so a definition several lanes agree on rises, no lane's raw
//! scores need calibrating against another's, and the order is fully determined by the
//! lanes' orders (ties by path, then line).

pub mod detail;
pub mod evidence;
pub mod explain;
pub mod features;
pub mod feedback;
pub mod frames;
pub(crate) mod grep;
pub mod lexical;
pub mod question;
pub mod ranker;

mod beside;
mod body;
pub mod bridge;
mod choose;
pub use choose::SeedLimit;
mod code;
mod names;
mod parts;
pub mod votes;

use rayon::prelude::*;
use rustc_hash::FxHashMap as HashMap;

use crate::index::texts::Texts;
use crate::index::words::FileWords;
use crate::index::{Index, SymbolId};
use crate::lines::Line;
use crate::workspace::Scope;
use votes::{Lane, Votes};

/// Lane weights. An exact identifier is the strongest evidence the asker gave; a quoted
/// literal found verbatim comes next.
const W_IDENT_EXACT: f32 = 3.0;
const W_IDENT_LOOSE: f32 = 1.5;
const W_LEXICAL: f32 = 1.0;
const W_GREP: f32 = 2.0;
const W_FILE: f32 = 0.6;
const W_FEEDBACK: f32 = 1.0;
/// Pseudo-relevance feedback: how many leading answers lend their words, how many words
/// they lend, and the weight of the best of those words next to a question term's 1.
const FEEDBACK_DOCS: usize = 5;
const FEEDBACK_TERMS: usize = 10;
const FEEDBACK_WEIGHT: f32 = 0.5;
/// How deep into the lexical ranking fusion looks.
pub(crate) const LEXICAL_DEPTH: usize = 200;
/// How deep the lexical rankings are kept for the focus lane, which looks past the depth
/// the lexical lanes vote with, but only inside the leading answers' files.
pub(crate) const FOCUS_DEPTH: usize = 2000;
/// A name defined more often than this is too common to seed on by name alone.
const MAX_NAME_HITS: usize = 8;

/// The seeds found for a question, best first, and what the reader should know.
#[derive(Clone, Debug, Default)]
pub struct Seeds {
    /// Seed definitions, best first.
    pub seeds: Vec<SymbolId>,
    /// Each seed's fused score, in the same order.
    pub scores: Vec<f32>,
    /// Identical copies of seeds left out, each with the seed it copies.
    pub copies: Vec<(SymbolId, SymbolId)>,
    /// Literal hits outside every definition: file and line.
    pub line_hits: Vec<(String, Line)>,
    /// Question words none of whose terms occur in the workspace.
    pub unmatched: Vec<String>,
    /// With no seed and no line hit: how many test definitions match, so an empty answer
    /// says where the words are.
    pub test_matches: usize,
    /// Nothing the question names exists in the workspace: its code-shaped words and
    /// literals are all missing and no other word matches.
    pub nothing_matched: bool,
    /// The feedback lane's terms (the leading answers' distinctive words), lighter than
    /// the question's own.
    pub feedback_terms: Vec<(String, f32)>,
    /// The workspace lines the question's stack frames point at: (path, line).
    pub frame_lines: Vec<(String, Line)>,
}

/// Reads a question into its lanes' inputs: a one-line question whole
/// ([`question::read`]); a longer one (an issue with prose, code and output) as its title
/// plus the [`question::Detail`] of its body.
pub fn read(text: &str) -> question::Question {
    let parts = parts::read(text);
    if parts.is_title_only() {
        return question::read(text);
    }
    let mut question = question::read(&parts.title);
    let detail = detail::read(&parts, text, &question);
    question.left_out += detail.left_out;
    question.detail = Some(Box::new(detail));
    question
}

/// Which definitions may be seeds: test code only when asked for, and only under the
/// scope when there is one.
fn keeper<'a>(
    index: &'a Index,
    include_tests: bool,
    scope: Option<&'a Scope>,
) -> impl Fn(&SymbolId) -> bool + Copy + 'a {
    move |id: &SymbolId| {
        let found = index.symbol(*id);
        (include_tests || !found.symbol.is_test)
            && scope.is_none_or(|scope| scope.contains(&found.file.path))
    }
}

/// What the lanes found for a question, before the ranking.
struct Lanes {
    votes: Votes,
    named: names::Named,
    line_hits: Vec<(String, Line)>,
    unmatched_terms: Vec<String>,
    feedback_terms: Vec<(String, f32)>,
    frame_lines: Vec<(String, Line)>,
}

/// Runs every lane over the question; `Err` is the answer when nothing the question
/// names exists in the workspace.
fn run_lanes(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    include_tests: bool,
    scope: Option<&Scope>,
) -> Result<Lanes, Box<Seeds>> {
    let postings = index.postings_reading(texts);
    let keep = keeper(index, include_tests, scope);

    let mut votes = Votes::default();
    let mut named = names::lookup(index, question, keep);
    votes.vote(Lane::IdentExact, &named.exact, W_IDENT_EXACT);
    votes.vote(Lane::IdentLoose, &named.loose, W_IDENT_LOOSE);

    // Lexical lane, and the same ranking grouped by file: a file whose definitions match
    // well as a group lifts its best definitions (file first, then function).
    let (lexical, unmatched_terms) =
        lexical::search(index, postings, &question.terms, &keep, LEXICAL_DEPTH);
    let lexical_ids: Vec<SymbolId> = lexical.iter().map(|(id, _)| *id).collect();
    votes.vote(Lane::Lexical, &lexical_ids, W_LEXICAL);
    votes.vote(Lane::File, &by_file(&lexical, &named.files), W_FILE);

    let body = question
        .detail
        .as_deref()
        .map(|detail| body::lanes(index, detail, &keep, &mut votes));
    let (literals, probes) = body::grep_needles(question, &named.unnamed, body.as_ref());
    let (mut grep_ids, mut line_hits, missing) = grep_lane(
        index,
        texts,
        postings.file_words(),
        &literals,
        &probes,
        include_tests,
    );
    // Literals are looked for everywhere (one missing from the workspace is named), but
    // only hits under the scope can seed.
    if let Some(scope) = scope {
        grep_ids.retain(keep);
        line_hits.retain(|(path, _)| scope.contains(path));
    }
    named.missing.extend(missing);
    let body_found = body.as_ref().is_some_and(|b| b.found) || !grep_ids.is_empty();
    if !body_found {
        if let Some(nothing) = nothing_matched(question, &named.missing, &unmatched_terms) {
            return Err(Box::new(nothing));
        }
    }
    votes.vote(Lane::Grep, &grep_ids, W_GREP);

    let feedback_terms = feedback_lane(index, texts, question, &keep, &mut votes);
    beside::lanes(index, texts, body.as_ref(), &keep, &mut votes);
    Ok(Lanes {
        votes,
        named,
        line_hits,
        unmatched_terms,
        feedback_terms,
        frame_lines: body.map(|b| b.frame_lines).unwrap_or_default(),
    })
}

/// The candidates a learned ranking chooses among, with their features (see
/// [`features`]); empty when nothing the question names exists.
pub fn candidates(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    include_tests: bool,
) -> Vec<features::Candidate> {
    let Ok(lanes) = run_lanes(index, texts, question, include_tests, None) else {
        return Vec::new();
    };
    let keep = keeper(index, include_tests, None);
    features::candidates(index, question, &lanes.votes, &lanes.named.files, &keep)
}

/// Finds up to `limit.seeds` seeds for a question (see [`read`]), then up to
/// `limit.more_files` more from files none of them is in, reading files through `texts`,
/// the request's store; with a `scope`, only definitions and lines under it.
pub fn seeds(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    include_tests: bool,
    scope: Option<&Scope>,
    limit: SeedLimit,
) -> Seeds {
    let Lanes {
        votes,
        named,
        mut line_hits,
        unmatched_terms,
        feedback_terms: extra,
        frame_lines,
    } = match run_lanes(index, texts, question, include_tests, scope) {
        Ok(lanes) => lanes,
        Err(nothing) => return *nothing,
    };
    let keep = keeper(index, include_tests, scope);
    let (mut fused, _) = rank(index, question, &votes, &named.files, &keep);
    let copies = choose::collapse_copies(index, &mut fused, &named.files);
    let (seeds, _) = choose::seeds(index, &fused, limit);
    let score_of: HashMap<SymbolId, f32> = fused.iter().copied().collect();
    let scores = seeds
        .iter()
        .map(|id| score_of.get(id).copied().unwrap_or(0.0))
        .collect();
    let copies: Vec<(SymbolId, SymbolId)> = copies
        .into_iter()
        .filter(|(_, kept)| seeds.contains(kept))
        .collect();
    line_hits.truncate(limit.seeds.saturating_sub(seeds.len()).max(1));
    let unmatched = unmatched_anchors_and_words(question, named.missing, &unmatched_terms);
    let test_matches = if seeds.is_empty() && line_hits.is_empty() && !include_tests {
        test_matches(index, question, scope)
    } else {
        0
    };
    Seeds {
        seeds,
        scores,
        copies,
        test_matches,
        line_hits,
        unmatched,
        feedback_terms: extra,
        nothing_matched: false,
        frame_lines,
    }
}

/// The candidates in ranking order with their scores: the hand fusion's, or with the
/// learned ranking chosen (see [`ranker::learned`]) the shipped model's, as weights in
/// (0, 1] relative to the first (`exp` of the score's distance from it over the model's
/// temperature). With the learned ranking, also the candidates it scored (else none).
/// Only what `keep` accepts is ranked: the lanes that vote beside a leading answer may step
/// out of a scope.
fn rank(
    index: &Index,
    question: &question::Question,
    votes: &Votes,
    named_files: &[u32],
    keep: &impl Fn(&SymbolId) -> bool,
) -> (Vec<(SymbolId, f32)>, Vec<features::Candidate>) {
    let (mut order, candidates) = if ranker::learned() {
        let candidates = features::candidates(index, question, votes, named_files, keep);
        (learned_order(&candidates), candidates)
    } else {
        let mut fused: Vec<(SymbolId, f32)> =
            votes.fused().iter().map(|(id, s)| (*id, *s)).collect();
        lexical::sort_hits(index, &mut fused);
        (fused, Vec::new())
    };
    order.retain(|(id, _)| keep(id));
    (order, candidates)
}

/// Candidates a thread scores at a time.
const SCORE_CHUNK: usize = 64;

/// The candidates ordered by the shipped model, with their weights (see [`rank`]).
fn learned_order(candidates: &[features::Candidate]) -> Vec<(SymbolId, f32)> {
    let ranker = ranker::Ranker::shipped();
    // Some hundreds of candidates through 600 trees: a few milliseconds, split over the
    // threads in fixed chunks (each candidate's score is the same sum whichever thread
    // computes it).
    let scores: Vec<f64> = candidates
        .par_chunks(SCORE_CHUNK)
        .flat_map_iter(|chunk| {
            let rows: Vec<&[f64; features::N_FEATURES]> =
                chunk.iter().map(|c| &c.features).collect();
            ranker.score_all(&rows)
        })
        .collect();
    let mut scored: Vec<(SymbolId, f64)> = candidates.iter().map(|c| c.id).zip(scores).collect();
    // Best first; equal scores keep the hand fusion's order, in which candidates come.
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let first = scored.first().map_or(0.0, |(_, s)| *s);
    let t = ranker.temperature();
    scored
        .into_iter()
        .map(|(id, s)| (id, (((s - first) / t).exp() as f32).max(f32::MIN_POSITIVE)))
        .collect()
}

/// The seeds [`seeds`] finds, each explained: its learned and hand scores, the features
/// that placed it and all its features (see [`mod@explain`]).
pub fn explain(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    include_tests: bool,
    scope: Option<&Scope>,
    limit: SeedLimit,
) -> Vec<explain::Explained> {
    let Ok(lanes) = run_lanes(index, texts, question, include_tests, scope) else {
        return Vec::new();
    };
    let keep = keeper(index, include_tests, scope);
    // The seeds exactly as `seeds` ranks and chooses them; the hand fusion's candidates
    // are scored here only for their features.
    let (mut ordered, mut candidates) =
        rank(index, question, &lanes.votes, &lanes.named.files, &keep);
    if candidates.is_empty() {
        candidates = features::candidates(index, question, &lanes.votes, &lanes.named.files, &keep);
    }
    choose::collapse_copies(index, &mut ordered, &lanes.named.files);
    let (seeds, chosen) = choose::seeds(index, &ordered, limit);
    explain::seeds(&candidates, &seeds, chosen)
}

/// Grep lane: the question's literals and unnamed code-shaped words (`probes`) found
/// verbatim. Returns the definitions holding hits, the hits outside every definition, and
/// the literals and probes no line holds (literals cut to a few words).
fn grep_lane(
    index: &Index,
    texts: &Texts,
    words: &FileWords,
    literals: &[String],
    probes: &[String],
    include_tests: bool,
) -> (Vec<SymbolId>, Vec<(String, Line)>, Vec<String>) {
    let mut line_hits = Vec::new();
    let mut grep_ids = Vec::new();
    let mut missing = Vec::new();
    let (hits, not_found) =
        grep::search_noting_missing(index, texts, Some(words), literals, probes, include_tests);
    for n in not_found {
        match n.checked_sub(literals.len()) {
            Some(u) => missing.push(format!("`{}`", probes[u])),
            None => missing.push(format!("\"{}\"", question::shortened(&literals[n]))),
        }
    }
    for hit in hits {
        match hit {
            grep::Hit::Symbol(id) => grep_ids.push(id),
            grep::Hit::Line(path, line) => line_hits.push((path, line)),
        }
    }
    (grep_ids, line_hits, missing)
}

/// When every code-shaped word and literal of the question is missing and no other word
/// matches, whatever the lanes would find is unrelated: the answer says so instead.
fn nothing_matched(
    question: &question::Question,
    missing_anchors: &[String],
    unmatched_terms: &[String],
) -> Option<Seeds> {
    let n_anchors = question.identifiers.len() + question.literals.len();
    if n_anchors == 0 || missing_anchors.len() != n_anchors {
        return None;
    }
    let mut anchor_terms: Vec<String> = Vec::new();
    for anchor in question.identifiers.iter().chain(&question.literals) {
        crate::terms::terms(anchor, |t| anchor_terms.push(t));
    }
    let prose_matches = question
        .terms
        .iter()
        .any(|(t, _)| !anchor_terms.contains(t) && !unmatched_terms.contains(t));
    if prose_matches {
        return None;
    }
    let mut unmatched = missing_anchors.to_vec();
    unmatched.extend(unmatched_words(question, unmatched_terms, &anchor_terms));
    Some(Seeds {
        unmatched,
        nothing_matched: true,
        ..Seeds::default()
    })
}

/// Feedback lane: the lexical search again, with the leading answers' own words. Returns
/// those words.
fn feedback_lane(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    keep: &impl Fn(&SymbolId) -> bool,
    votes: &mut Votes,
) -> Vec<(String, f32)> {
    let postings = index.postings();
    let extra = feedback::expand(
        index,
        texts,
        postings,
        &beside::leading(index, votes.fused(), FEEDBACK_DOCS, |_| true),
        &question.terms,
        FEEDBACK_TERMS,
        FEEDBACK_WEIGHT,
    );
    if !extra.is_empty() {
        let terms = [question.terms.as_slice(), &extra].concat();
        let (again, _) = lexical::search(index, postings, &terms, keep, LEXICAL_DEPTH);
        let again: Vec<SymbolId> = again.into_iter().map(|(id, _)| id).collect();
        votes.vote(Lane::Feedback, &again, W_FEEDBACK);
    }
    extra
}

/// The missing code-shaped words and literals, then the question's other words none of
/// whose terms occur anywhere (a word named as missing is not named again).
fn unmatched_anchors_and_words(
    question: &question::Question,
    missing_anchors: Vec<String>,
    unmatched_terms: &[String],
) -> Vec<String> {
    let mut missing_terms: Vec<String> = Vec::new();
    for anchor in &missing_anchors {
        crate::terms::terms(anchor, |t| missing_terms.push(t));
    }
    let mut unmatched = missing_anchors;
    unmatched.extend(unmatched_words(question, unmatched_terms, &missing_terms));
    unmatched
}

/// With no seed and no line hit (tests left out): how many test definitions (under the
/// scope) match, so the empty answer says where the words are.
fn test_matches(index: &Index, question: &question::Question, scope: Option<&Scope>) -> usize {
    let (with_tests, _) = lexical::search(
        index,
        index.postings(),
        &question.terms,
        &|_| true,
        LEXICAL_DEPTH,
    );
    let keep = keeper(index, true, scope);
    (with_tests.iter())
        .filter(|(id, _)| index.symbol(*id).symbol.is_test && keep(id))
        .count()
}

/// The question's words none of whose terms occur anywhere (words whose terms all come
/// from `skip`, the missing code-shaped words, are named as those instead).
fn unmatched_words(
    question: &question::Question,
    unmatched_terms: &[String],
    skip: &[String],
) -> Vec<String> {
    question
        .words
        .iter()
        .filter(|word| {
            let mut all_missing = true;
            let mut all_skipped = true;
            crate::terms::terms(word, |t| {
                if !skip.contains(&t) {
                    all_skipped = false;
                }
                if !unmatched_terms.contains(&t) && question.terms.iter().any(|(q, _)| *q == t) {
                    all_missing = false;
                }
            });
            all_missing && (skip.is_empty() || !all_skipped)
        })
        .cloned()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The first definition named `name` (shared with the lanes' and `choose`'s tests).
    pub(super) fn id(index: &Index, name: &str) -> SymbolId {
        index.find(name)[0].id
    }

    /// The names of `ids`, in order.
    pub(super) fn names(index: &Index, ids: &[SymbolId]) -> Vec<String> {
        ids.iter()
            .map(|id| index.symbol(*id).symbol.name.clone())
            .collect()
    }
}
