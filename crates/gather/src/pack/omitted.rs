//! What a pack leaves out that is not a beyond-budget item, each named with where it is,
//! so the trailer line and the JSON can say it.

pub use crate::ask::omitted::{QuestionOmitted, SeedCopy};
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
