//! The search lanes run over one question: each votes its ranking of definitions into one
//! [`Votes`], and what they find besides (line hits, missing words, the feedback lane's
//! terms, the lines the question's frames point at) is kept for the answer.

use crate::index::texts::Texts;
use crate::index::words::FileWords;
use crate::index::{Index, SymbolId};
use crate::lines::Line;
use crate::workspace::Scope;

use super::votes::{Lane, Votes};
use super::{beside, body, feedback, grep, keeper, lexical, names, question, LEXICAL_DEPTH};
use super::{FEEDBACK_DOCS, FEEDBACK_TERMS, FEEDBACK_WEIGHT};
use super::{W_FEEDBACK, W_FILE, W_GREP, W_IDENT_EXACT, W_IDENT_LOOSE, W_LEXICAL};

/// What the lanes found for a question, before the ranking.
pub(super) struct Lanes {
    pub(super) votes: Votes,
    pub(super) named: names::Named,
    pub(super) line_hits: Vec<(String, Line)>,
    pub(super) unmatched_terms: Vec<String>,
    pub(super) feedback_terms: Vec<(String, f32)>,
    pub(super) frame_lines: Vec<(String, Line)>,
}

/// Runs every lane over the question; `Err` holds the question's unmatched words when
/// nothing it names exists in the workspace (then whatever the lanes would find is
/// unrelated, and the answer says so instead).
pub(super) fn run(
    index: &Index,
    texts: &Texts,
    question: &question::Question,
    include_tests: bool,
    scope: Option<&Scope>,
) -> Result<Lanes, Vec<String>> {
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
        if let Some(unmatched) = nothing_matched(question, &named.missing, &unmatched_terms) {
            return Err(unmatched);
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
/// matches, whatever the lanes would find is unrelated: the words to name instead.
fn nothing_matched(
    question: &question::Question,
    missing_anchors: &[String],
    unmatched_terms: &[String],
) -> Option<Vec<String>> {
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
    Some(unmatched)
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
pub(super) fn unmatched_anchors_and_words(
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
pub(super) fn test_matches(
    index: &Index,
    question: &question::Question,
    scope: Option<&Scope>,
) -> usize {
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
