//! The lanes of a question's body (an issue's prose, code and output), beside the
//! title's: stack frames in the workspace, the prose's code-shaped words, the names the
//! code uses, and BM25F over the whole text weighted by part.

use super::question::{self, Detail, Question};
use super::votes::{Lane, Votes};
use super::{lexical, names, LEXICAL_DEPTH};
use crate::index::{Index, SymbolId};
use crate::lines::Line;

/// The body's lanes (see [`super::detail`]): a stack frame in the workspace names a definition
/// outright; a code span or code-shaped word of the prose comes next; the names a pasted
/// example calls, and the whole text's words, count for less than the title's.
const W_FRAME: f32 = 3.0;
const W_SPAN_EXACT: f32 = 2.0;
const W_SPAN_LOOSE: f32 = 1.0;
const W_CODE_EXACT: f32 = 1.0;
const W_CODE_LOOSE: f32 = 0.5;
const W_BODY_LEXICAL: f32 = 2.0;
/// How many of the innermost project frames are lifted ahead of every lane's votes, and by
/// how much.
const LEADING_FRAMES: usize = 2;
const FRAME_LEAD: f32 = 1.0;

/// What the body lanes found for [`super::ask()`].
pub(super) struct Body {
    /// Code-shaped words of the prose no definition is named after: probed verbatim.
    pub unnamed: Vec<String>,
    /// Whether any body lane found a definition.
    pub found: bool,
    /// The lines the frames point at, in the definitions they name.
    pub frame_lines: Vec<(String, Line)>,
    /// The body's BM25F ranking, deeper than its vote, for the focus lane.
    pub lexical: Vec<SymbolId>,
    /// The definitions the workspace's frames name, innermost first.
    pub frames: Vec<SymbolId>,
}

/// The body's lanes: stack frames in the workspace, the prose's code-shaped words, the
/// names the code blocks use, and BM25F over the whole text weighted by part.
pub(super) fn lanes(
    index: &Index,
    detail: &Detail,
    keep: &impl Fn(&SymbolId) -> bool,
    votes: &mut Votes,
) -> Body {
    let targets = names::frame_targets(index, &detail.frames, keep);
    let frame_lines = (targets.iter())
        .filter_map(|(id, line)| Some((index.symbol(*id).file.path.clone(), (*line)?)))
        .collect();
    let frames: Vec<SymbolId> = targets.into_iter().map(|(id, _)| id).collect();
    votes.vote(Lane::Frame, &frames, W_FRAME);
    // The innermost project frames lead: the asker saw the code fail there.
    for (rank, id) in frames.iter().take(LEADING_FRAMES).enumerate() {
        votes.lift(Lane::FrameLead, *id, rank, FRAME_LEAD / (1.0 + rank as f32));
    }
    // The prose's unnamed code words are probed verbatim, as the title's are; the code's
    // are not (an example's own variables would be named missing).
    let room = question::MAX_LITERALS.saturating_sub(detail.literals.len());
    let spans = names::lookup_names(index, &detail.spans, room, keep);
    votes.vote(Lane::SpanExact, &spans.exact, W_SPAN_EXACT);
    votes.vote(Lane::SpanLoose, &spans.loose, W_SPAN_LOOSE);
    let code = names::lookup_names(index, &detail.code_names, 0, keep);
    votes.vote(Lane::CodeExact, &code.exact, W_CODE_EXACT);
    votes.vote(Lane::CodeLoose, &code.loose, W_CODE_LOOSE);
    let (lexical, _) = lexical::search(
        index,
        index.postings(),
        &detail.terms,
        keep,
        super::FOCUS_DEPTH,
    );
    let lexical: Vec<SymbolId> = lexical.into_iter().map(|(id, _)| id).collect();
    votes.vote(
        Lane::BodyLexical,
        &lexical[..lexical.len().min(LEXICAL_DEPTH)],
        W_BODY_LEXICAL,
    );
    Body {
        found: !(frames.is_empty()
            && spans.exact.is_empty()
            && spans.loose.is_empty()
            && code.exact.is_empty()
            && code.loose.is_empty()
            && lexical.is_empty()),
        unnamed: spans.unnamed,
        frame_lines,
        lexical,
        frames,
    }
}

/// The grep lane's needles: the title's literals and unnamed code words, then the body's.
pub(super) fn grep_needles(
    question: &Question,
    unnamed: &[String],
    body: Option<&Body>,
) -> (Vec<String>, Vec<String>) {
    match (body, question.detail.as_deref()) {
        (Some(body), Some(detail)) => (
            [question.literals.as_slice(), &detail.literals].concat(),
            [unnamed, &body.unnamed].concat(),
        ),
        _ => (question.literals.clone(), unnamed.to_vec()),
    }
}
