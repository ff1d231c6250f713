//! What a diff names that shows no code, for the pack to name on its omitted line.

use schemars::JsonSchema;
use serde::Serialize;

use crate::lines::NamedRange;

/// What a diff names that shows no code: each is named on the omitted line.
#[derive(Clone, Debug, Default)]
pub struct ChangeNotes {
    /// Definitions the diff removes and the file no longer has, at their old path and
    /// lines.
    pub deleted: Vec<NamedRange>,
    /// Files the diff deletes (their definitions are in `deleted`).
    pub deleted_files: Vec<String>,
    /// Hunks (or whole files) that do not match the workspace. The rest of the diff is
    /// still answered.
    pub stale_hunks: Vec<StaleHunk>,
    /// Binary files, skipped.
    pub binary: Vec<String>,
    /// Changed files with no definitions to show (prose, data, files not indexed).
    pub not_code: Vec<String>,
    /// Renames that change no line.
    pub renamed: Vec<Rename>,
    /// Whether the diff changes no code at all (only the files of `not_code`).
    pub no_code: bool,
}

/// A hunk (or a whole file) of a diff that does not match the workspace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StaleHunk {
    /// `path@@-a,b +c,d`, or the path for a whole file.
    pub hunk: String,
    /// Why it does not match.
    pub reason: String,
}

/// A rename that changes no line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Rename {
    /// The old path.
    pub from: String,
    /// The new path.
    pub to: String,
}
