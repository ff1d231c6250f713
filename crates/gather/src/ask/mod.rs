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
//! Fusion is weighted reciprocal-rank fusion: each lane contributes `w / (K + rank)` for
//! every definition it ranks, so a definition several lanes agree on rises, no lane's raw
//! scores need calibrating against another's, and the order is fully determined by the
//! lanes' orders (ties by path, then line). The fused candidates get their [`features`],
//! the shipped model ([`ranker`]) orders them unless the hand fusion is asked for, identical
//! copies of a definition (a mirrored tree) collapse into one, and `choose` picks the seeds.
//!
//! [`ask()`] is the one stage: its inputs are explicit (the index, the request's text
//! store, the read question and [`Options`]: tests, scope, seed limit, ranking, history)
//! and it returns one [`Asked`]: the seeds with their scores, the line hits, what it left
//! out, the evidence the pack marks lines by, and the ranked candidates with their
//! features, computed once. The pack, `--explain` and training all read that result.

pub mod detail;
pub mod evidence;
pub mod explain;
pub mod features;
pub mod feedback;
pub mod frames;
pub(crate) mod grep;
pub mod lexical;
pub mod omitted;
pub mod question;
pub mod ranker;

mod beside;
mod body;
pub mod bridge;
mod choose;
pub use choose::SeedLimit;
mod code;
mod lanes;
mod names;
mod parts;
pub mod probe;
pub(crate) mod shipped;
pub mod votes;

use rayon::prelude::*;
use rustc_hash::FxHashMap as HashMap;

use crate::index::history::History;
use crate::index::texts::Texts;
use crate::index::{Index, SymbolId};
use crate::lines::Location;
use crate::workspace::Scope;
use evidence::{AnswerEvidence, QuestionEvidence};
use features::Candidate;
use omitted::{QuestionOmitted, SeedCopy};
use votes::Votes;

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

/// How a question's candidates are put in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ranking {
    /// The shipped model ([`ranker`]); the hand fusion when no model is shipped.
    #[default]
    Learned,
    /// The hand fusion: the lanes' weighted reciprocal ranks, kept for comparisons.
    Hand,
}

impl Ranking {
    /// The ranking that can run: the learned one only when a model is shipped.
    pub fn available(self) -> Ranking {
        match self {
            Ranking::Learned if !ranker::Ranker::shipped().is_empty() => Ranking::Learned,
            _ => Ranking::Hand,
        }
    }
}

/// What a question is asked with beside its text: every input of [`ask()`] that is not
/// the workspace itself.
#[derive(Clone, Copy, Debug)]
pub struct Options<'a> {
    /// Whether test code may be a seed.
    pub include_tests: bool,
    /// A directory seeds and line hits must lie under.
    pub scope: Option<&'a Scope>,
    /// How many seeds the budget buys.
    pub limit: SeedLimit,
    /// How the candidates are ordered.
    pub ranking: Ranking,
    /// The workspace's recent history, read at the edge (the session) and handed in; `None`
    /// makes the history features say it is unknown.
    pub history: Option<&'a History>,
}

/// A question answered: everything question mode hands on, computed once.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// The ranking that ordered the candidates ([`Ranking::available`]).
    pub ranking: Ranking,
    /// The seed definitions, best first, each with its weight: its fused score, or under
    /// the learned ranking its weight relative to the first (see `learned_order`).
    pub seeds: Vec<(SymbolId, f32)>,
    /// How many of the seeds were ranked; those past them were added for breadth, each
    /// the best of a file no earlier seed is in.
    pub ranked: usize,
    /// Literal hits outside every definition.
    pub hits: Vec<Location>,
    /// What the question stage left out, for the pack to name.
    pub omitted: QuestionOmitted,
    /// What the pack marks in the lines it shows.
    pub evidence: AnswerEvidence,
    /// Every candidate the ranking chose among, in hand-fusion order, with its features
    /// (none when nothing the question names exists).
    pub candidates: Vec<Candidate>,
}

impl Asked {
    /// The seed definitions, best first.
    pub fn seed_ids(&self) -> Vec<SymbolId> {
        self.seeds.iter().map(|(id, _)| *id).collect()
    }
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

/// Answers a question (see [`read`]): runs the lanes, gives their candidates features,
/// orders them by `options.ranking`, collapses copies and takes up to `limit.seeds` seeds,
/// then up to `limit.more_files` more from files none of them is in. Files are read
/// through `texts`, the request's store; with a scope, only definitions and lines under it
/// seed.
pub fn ask(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    options: &Options,
) -> Asked {
    let mut asked = Asked {
        ranking: options.ranking.available(),
        omitted: QuestionOmitted {
            question_left_out: question.left_out,
            ..QuestionOmitted::default()
        },
        evidence: AnswerEvidence {
            own: QuestionEvidence::of(question),
            ..AnswerEvidence::default()
        },
        ..Asked::default()
    };
    let (include_tests, scope) = (options.include_tests, options.scope);
    let lanes = match lanes::run(index, texts, question, include_tests, scope) {
        Ok(lanes) => lanes,
        Err(unmatched) => {
            asked.omitted.unmatched_terms = question::name_unmatched(unmatched);
            asked.omitted.nothing_matched = true;
            return asked;
        }
    };
    let keep = keeper(index, include_tests, scope);
    let named_files = &lanes.named.files;
    asked.candidates = features::candidates(
        index,
        question,
        &lanes.votes,
        named_files,
        &keep,
        options.history,
    );
    let mut ordered = rank(index, &lanes.votes, &asked.candidates, asked.ranking, &keep);
    let copies = choose::collapse_copies(index, &mut ordered, named_files);
    let (seeds, ranked) = choose::seeds(index, &ordered, options.limit);
    let score_of: HashMap<SymbolId, f32> = ordered.iter().copied().collect();
    asked.seeds = (seeds.iter())
        .map(|id| (*id, score_of.get(id).copied().unwrap_or(0.0)))
        .collect();
    asked.omitted.copies = (copies.into_iter())
        .filter(|(_, kept)| seeds.contains(kept))
        .map(|(copy, kept)| SeedCopy::of(index, copy, kept))
        .collect();
    let mut line_hits = lanes.line_hits;
    line_hits.truncate(options.limit.seeds.saturating_sub(seeds.len()).max(1));
    let unmatched =
        lanes::unmatched_anchors_and_words(question, lanes.named.missing, &lanes.unmatched_terms);
    asked.omitted.unmatched_terms = question::name_unmatched(unmatched);
    if seeds.is_empty() && line_hits.is_empty() && !include_tests {
        asked.omitted.test_matches = lanes::test_matches(index, question, scope);
    }
    asked.hits = (line_hits.into_iter())
        .map(|(path, line)| Location { path, line })
        .collect();
    asked.evidence.feedback_terms = lanes.feedback_terms;
    asked.evidence.frame_lines = lanes.frame_lines;
    asked.ranked = ranked;
    asked
}

/// The candidates in ranking order with their scores: the hand fusion's, or under the
/// learned ranking the shipped model's, as weights in (0, 1] relative to the first (`exp`
/// of the score's distance from it over the model's temperature). Only what `keep`
/// accepts is ranked: the lanes that vote beside a leading answer may step out of a scope.
fn rank(
    index: &Index,
    votes: &Votes,
    candidates: &[Candidate],
    ranking: Ranking,
    keep: &impl Fn(&SymbolId) -> bool,
) -> Vec<(SymbolId, f32)> {
    let mut order = match ranking {
        Ranking::Learned => learned_order(candidates),
        Ranking::Hand => {
            let mut fused: Vec<(SymbolId, f32)> =
                votes.fused().iter().map(|(id, s)| (*id, *s)).collect();
            lexical::sort_hits(index, &mut fused);
            fused
        }
    };
    order.retain(|(id, _)| keep(id));
    order
}

/// Candidates a thread scores at a time.
const SCORE_CHUNK: usize = 64;

/// The candidates ordered by the shipped model, with their weights (see [`rank`]).
fn learned_order(candidates: &[Candidate]) -> Vec<(SymbolId, f32)> {
    let ranker = ranker::Ranker::shipped();
    // Some hundreds of candidates through 600 trees: a few milliseconds, split over the
    // threads in fixed chunks (each candidate's score is the same sum whichever thread
    // computes it).
    let scores: Vec<f64> = candidates
        .par_chunks(SCORE_CHUNK)
        .flat_map_iter(|chunk| {
            let rows: Vec<&features::Row> = chunk.iter().map(|c| &c.features).collect();
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
