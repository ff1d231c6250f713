//! What a pack leaves out that is not a beyond-budget item, each named with where it is,
//! so the trailer line and the JSON can say it.

use crate::change::notes::ChangeNotes;
use crate::lines::{FileRange, Line, NamedRange};

/// Things the pack leaves out that are not beyond-budget items.
#[derive(Clone, Debug, Default)]
pub struct Omitted {
    /// Neighbours left out because they are test code.
    pub tests_excluded: usize,
    /// Distinct callee names defined outside the workspace.
    pub external_callees: Vec<String>,
    /// Calls whose target could be several definitions.
    pub ambiguous: Vec<AmbiguousCallee>,
    /// Candidates wholly covered by a higher-ranked item.
    pub merged: usize,
    /// The request's scope (a root-relative directory, `.` for the root) when nothing under
    /// it could seed the pack, so the empty answer says why.
    pub empty_scope: Option<String>,
    /// Pinned slices that could not be met as asked. Those that show nothing appear only
    /// here, so no request vanishes.
    pub unmet_slices: Vec<UnmetSlice>,
    /// What only the request's mode leaves out.
    pub by_mode: ModeOmitted,
    /// Definitions left out because the reader was shown them earlier (the request's
    /// `shown_earlier`), in rank order.
    pub shown_earlier: Vec<FileRange>,
}

/// What only one mode's pack leaves out.
#[derive(Clone, Debug, Default)]
pub enum ModeOmitted {
    /// Nothing of its own (slices mode, or a pack built without a request's stages).
    #[default]
    Nothing,
    /// What the question stage left out.
    Question(QuestionOmitted),
    /// Other definitions of the name a symbol request gave without a line, in its file.
    /// The first is answered; these are named.
    Symbol(Vec<NamedRange>),
    /// What a diff names that the pack shows no code for.
    Change(ChangeNotes),
}

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

/// A question's omissions when the pack answers none.
static NO_QUESTION: QuestionOmitted = QuestionOmitted {
    unmatched_terms: Vec::new(),
    copies: Vec::new(),
    test_matches: 0,
    nothing_matched: false,
    question_left_out: 0,
};

impl Omitted {
    /// What the question stage left out (nothing, for other modes).
    pub fn question(&self) -> &QuestionOmitted {
        match &self.by_mode {
            ModeOmitted::Question(question) => question,
            _ => &NO_QUESTION,
        }
    }

    /// The other definitions of a symbol request's name (none, for other modes).
    pub fn other_definitions(&self) -> &[NamedRange] {
        match &self.by_mode {
            ModeOmitted::Symbol(others) => others,
            _ => &[],
        }
    }

    /// What a diff names that shows no code (change mode only).
    pub fn change(&self) -> Option<&ChangeNotes> {
        match &self.by_mode {
            ModeOmitted::Change(notes) => Some(notes),
            _ => None,
        }
    }
}

/// A call whose target could be several definitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbiguousCallee {
    /// The name called.
    pub name: String,
    /// The line of the call.
    pub line: Line,
    /// How many definitions it could be.
    pub candidates: usize,
}

/// A copy of a seed, and the copy shown instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedCopy {
    /// The copy left out.
    pub copy: FileRange,
    /// The copy shown.
    pub kept: FileRange,
}

/// A pinned slice that could not be met as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmetSlice {
    /// The file asked for.
    pub path: String,
    /// The definition asked for.
    pub symbol: Option<String>,
    /// Why it could not be met.
    pub reason: String,
}
