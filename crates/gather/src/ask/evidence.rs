//! What a question itself offers as evidence of which lines of a definition matter, before
//! the index weighs it: the words the pack marks in the lines it shows.

use crate::ask::question::Question;
use crate::lines::Line;

/// What a question itself offers as evidence of which lines matter: its stemmed terms
/// (the title's, then what the body names, weighted by part), the identifiers it names,
/// and its literals.
#[derive(Clone, Debug, Default)]
pub struct QuestionEvidence {
    /// Stemmed terms with their weights, before any rarity.
    pub terms: Vec<(String, f32)>,
    /// Identifiers, code spans and the names its code blocks use, as written.
    pub names: Vec<String>,
    /// Literal text to find verbatim.
    pub literals: Vec<String>,
}

impl QuestionEvidence {
    /// The evidence `question` holds.
    pub fn of(question: &Question) -> QuestionEvidence {
        let mut terms = question.terms.clone();
        let mut literals = question.literals.clone();
        let mut names = question.identifiers.clone();
        if let Some(detail) = question.detail.as_deref() {
            let mut named = |name: &str, weight: f32| {
                let last = name.rsplit(['.', ':']).next().unwrap_or(name);
                crate::terms::word_terms_and_whole(last, |t| terms.push((t, weight)));
            };
            detail.spans.iter().for_each(|s| named(s, W_SPAN_EVIDENCE));
            detail
                .code_names
                .iter()
                .for_each(|s| named(s, W_CODE_EVIDENCE));
            terms.extend((detail.terms.iter()).map(|(t, w)| (t.clone(), w * W_BODY_EVIDENCE)));
            literals.extend(detail.literals.iter().cloned());
            names.extend(detail.spans.iter().cloned());
            names.extend(detail.code_names.iter().cloned());
        }
        QuestionEvidence {
            terms,
            names,
            literals,
        }
    }
}

/// Evidence weights of what a question's body names, next to a title word's 1.
const W_SPAN_EVIDENCE: f32 = 1.5;
const W_CODE_EVIDENCE: f32 = 0.75;
const W_BODY_EVIDENCE: f32 = 0.5;

/// What a question's answer offers the pack to mark in the lines it shows: the question's
/// own evidence, the feedback lane's terms (the leading answers' distinctive words, lighter
/// than the question's), and the workspace lines its stack frames point at.
#[derive(Clone, Debug, Default)]
pub struct AnswerEvidence {
    /// What the question itself offers.
    pub own: QuestionEvidence,
    /// The feedback lane's terms with their weights.
    pub feedback_terms: Vec<(String, f32)>,
    /// The workspace lines the question's stack frames point at: (path, line).
    pub frame_lines: Vec<(String, Line)>,
}
