//! The defaults both front ends share, written once.

/// Default sizes of a request, as the command line and the MCP server apply them.
pub struct Defaults;

impl Defaults {
    /// Line budget of a pack (`gather ask`, `gather symbol`, `gather_context`); the largest
    /// is [`crate::budget::MAX_PACK_LINES`].
    pub const BUDGET_LINES: usize = 400;
    /// Token budget of slices (`gather slice`, `assemble_context`).
    pub const SLICE_TOKENS: usize = 8000;
    /// Lines shown from the top of a file when a slice names only its path.
    pub const HEAD_LINES: u32 = 40;
    /// The most bytes a question or a diff read as text may hold (a file, standard input,
    /// a tool argument): far more than any issue or reviewable change, still a bounded read.
    pub const MAX_TEXT_BYTES: usize = 4 << 20;
}
