//! What the question stage leaves out, for the pack to name: unmatched words, words past
//! the reading cap, identical copies of seeds, test code that would have matched, and a
//! question none of whose names exists.

use crate::index::{Index, SymbolId};
use crate::lines::FileRange;

/// What the question stage left out.
#[derive(Clone, Debug, Default)]
pub struct QuestionOmitted {
    /// Question words that matched nothing in the workspace.
    pub unmatched_terms: Vec<String>,
    /// Identical copies of seeds (a mirrored or generated tree), each named with the
    /// copy shown.
    pub copies: Vec<SeedCopy>,
    /// With no seed found: how many test definitions match the question.
    pub test_matches: usize,
    /// Nothing the question names exists in the workspace (see `unmatched_terms`).
    pub nothing_matched: bool,
    /// Distinct question words past the reading cap, which no lane looked for.
    pub question_left_out: usize,
}

/// A copy of a seed, and the copy shown instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedCopy {
    /// The copy left out.
    pub copy: FileRange,
    /// The copy shown.
    pub kept: FileRange,
}

impl SeedCopy {
    /// The copy `copy` of the seed `kept`, as the lines each spans.
    pub fn of(index: &Index, copy: SymbolId, kept: SymbolId) -> SeedCopy {
        let lines = |id| {
            let s = index.symbol(id);
            FileRange {
                path: s.file.path.clone(),
                range: s.symbol.range,
            }
        };
        SeedCopy {
            copy: lines(copy),
            kept: lines(kept),
        }
    }
}
