//! Change mode's front half: a unified diff becomes the seeds of a pack. `diff` reads the
//! diff's text into files and hunks; `seeds` checks each hunk against the workspace (the
//! new side, as it is now) and lifts its changed lines to the definitions holding them.
//! What the diff names that shows no code (deleted definitions, stale hunks, binary and
//! non-code files) is returned as notes for the pack to name. The pack engine does the
//! rest, as for the other modes.

pub mod diff;
pub mod notes;
mod seeds;

pub use diff::{parse, Diff};
pub use notes::{ChangeNotes, Rename, StaleHunk};
pub use seeds::{seeds, Found};

/// The most text a diff may hold, in bytes, as for a question read from a file: far more
/// than any change worth reviewing as one pack, and still a bounded read.
pub const MAX_DIFF_BYTES: usize = crate::defaults::Defaults::MAX_TEXT_BYTES;
