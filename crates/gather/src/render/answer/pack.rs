//! A context pack as JSON (DESIGN.md "Output"): `gather ask|symbol|change --json` and the
//! `gather_context` tool.

use schemars::JsonSchema;
use serde::Serialize;

use super::{Lines, Span};
use crate::change::notes::{Rename, StaleHunk};
use crate::graph::Confidence;
use crate::index::SymbolKind;
use crate::lines::Line;
use crate::pack::{Mode, Rendered};

/// A context pack: items in rank order, verbatim or a stub naming how to request it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PackAnswer {
    /// What the pack may take and took.
    pub budget: BudgetUse,
    /// Whether the pack is whole.
    pub complete: bool,
    /// Why it is partial (index-building: retry in seconds); watch-fallback: whole, only
    /// slower.
    pub degraded: Vec<String>,
    /// The index it was cut from.
    pub index: IndexFacts,
    /// Pinned slices, seeds, then neighbours.
    pub items: Vec<Item>,
    /// What the request answers.
    pub mode: Mode,
    /// What was left out, and why.
    pub omitted: Omitted,
    /// False on failure: see code, message.
    pub success: bool,
    /// The git tree the pack reflects; absent when the workspace is not in a git
    /// repository (or its `.git` cannot be read). Its schema says no more than its fields'
    /// names: `tools/list`, which carries the answer's schema into every session, stays
    /// within 12 KB.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "TreeFacts", description = "")]
    pub tree: Option<TreeFacts>,
}

/// The git tree a pack reflects: the commit the workspace is at and how many indexed files
/// differ from it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TreeFacts {
    /// The branch checked out; absent when `HEAD` is detached.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub branch: Option<String>,
    /// The commit checked out: its id's first 7 hex digits.
    pub commit: String,
    /// Indexed files whose content is not the commit's (changed, staged, added or
    /// deleted); 0 for a clean tree.
    pub differing: usize,
}

/// A pack's budget.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct BudgetUse {
    /// A line budget asked for past 800, cut to 800.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub asked: Option<usize>,
    /// Printed lines of code.
    pub code_lines: u32,
    /// Printed lines of the tool's own (headers, fences, elisions, the cut list).
    pub frame_lines: u32,
    /// The budget.
    pub limit: usize,
    /// The text's tokens (characters / 4).
    pub tokens_estimated: usize,
    /// lines or tokens.
    pub unit: String,
    /// Measured on the text.
    pub used: usize,
}

/// The index a pack was cut from.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexFacts {
    /// Files indexed.
    pub files: usize,
    /// A short hash of the index.
    pub stamp: String,
    /// Definitions indexed.
    pub symbols: usize,
}

/// One item: where, what, why, how it is shown; its lines, or how to ask for them.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Item {
    /// Change mode: its lines the diff changed, always shown.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<Span>,
    /// The lines shown; an elision line ends with the assemble_context call showing what it
    /// leaves out.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub content: Option<String>,
    /// Stub: the lines it takes whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub cost_lines: Option<usize>,
    /// A long doc comment above it, not shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Span")]
    pub doc_not_shown: Option<Span>,
    /// A caller's or callee's call: how it was proven, where.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Edge")]
    pub edge: Option<Edge>,
    /// Null for a plain slice.
    pub kind: Option<SymbolKind>,
    /// Last line of what it stands for.
    pub line_end: Line,
    /// First line of what it stands for.
    pub line_start: Line,
    /// Root-relative file.
    pub path: String,
    /// How much is printed.
    pub rendered: Rendered,
    /// Stub: the assemble_context call that shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub request: Option<String>,
    /// pinned, seed, caller-of-NAME, callee-of-NAME, line-hit, changed or parent-of-NAME.
    pub role: String,
    /// The runs of lines printed in content.
    pub shown: Vec<Span>,
    /// The definition's qualified name, or the slice's label.
    pub symbol: String,
    /// Stub: its re-request.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Zoom")]
    pub zoom: Option<Zoom>,
}

/// How a neighbour's call was proven.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Edge {
    /// The line of the call.
    pub call_line: Line,
    /// How it was proven.
    pub confidence: Confidence,
}

/// The re-request of a stub.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Zoom {
    /// assemble_context's files.
    pub files: Vec<ZoomFile>,
    /// gather slice's specs: path:Name@LINE or path:START-END.
    pub specs: Vec<String>,
}

/// One item of assemble_context's files.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ZoomFile {
    /// The definition's first line.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Line")]
    pub line_hint: Option<Line>,
    /// START-END.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub lines: Option<String>,
    /// Root-relative file.
    pub path: String,
    /// Qualified name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub symbol: Option<String>,
}

/// What a pack left out other than its stubs.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Omitted {
    /// Calls with several candidates, never made an edge.
    pub ambiguous: Vec<AmbiguousCall>,
    /// Items shown as stubs.
    pub beyond_budget: usize,
    /// Change mode only.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub change: Option<ChangeOmitted>,
    /// Identical copies of seeds, not shown.
    pub copies: Vec<Duplicate>,
    /// The scope, when nothing under it matches.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub empty_scope: Option<String>,
    /// Calls to definitions outside the workspace.
    pub external_callees: usize,
    /// Their names.
    pub external_names: Vec<String>,
    /// Items merged into an overlapping one.
    pub merged: usize,
    /// Whether nothing the question names exists.
    pub nothing_matched: bool,
    /// Other definitions of the symbol's name in its file.
    pub other_definitions: Vec<Definition>,
    /// Question words past the reading cap.
    pub question_left_out: usize,
    /// With no seed: matches in test code only.
    pub test_matches: usize,
    /// Test definitions left out (include_tests brings them).
    pub tests_excluded: usize,
    /// Question words that matched nothing.
    pub unmatched_terms: Vec<String>,
    /// Pinned slices that could not be met.
    pub unmet_slices: Vec<UnmetSlice>,
    /// Definitions left out because the reader was shown them earlier in the session.
    /// Only a prompt hook's packs have them (`ContextRequest::shown_earlier`), and those are
    /// never sent as MCP answers, so the schema that `tools/list` carries into every
    /// session (within 12 KB) leaves it out; absent when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub shown_earlier: Vec<Lines>,
}

/// A call that could be several definitions.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct AmbiguousCall {
    /// The line of the call.
    pub call_line: Line,
    /// How many definitions it could be.
    pub candidates: usize,
    /// The name called.
    pub name: String,
}

/// A copy of a seed, and the copy shown instead.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Duplicate {
    /// The copy shown.
    pub copy_of: Lines,
    /// Last line (inclusive).
    pub line_end: Line,
    /// First line (1-based).
    pub line_start: Line,
    /// Root-relative file.
    pub path: String,
}

/// A definition by place and name.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Definition {
    /// Last line (inclusive).
    pub line_end: Line,
    /// First line (1-based).
    pub line_start: Line,
    /// Root-relative file.
    pub path: String,
    /// Qualified name.
    pub symbol: String,
}

/// A pinned slice that could not be met.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct UnmetSlice {
    /// Always false.
    pub found: bool,
    /// The file asked for.
    pub path: String,
    /// Why.
    pub reason: String,
    /// The definition asked for.
    pub symbol: Option<String>,
}

/// What a diff names that shows no code.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ChangeOmitted {
    /// Binary files, skipped.
    pub binary_files: Vec<String>,
    /// Definitions the diff removes, at their old lines.
    pub deleted: Vec<Definition>,
    /// Files the diff deletes.
    pub deleted_files: Vec<String>,
    /// Whether the diff changes no code.
    pub no_code: bool,
    /// Changed files with no definitions.
    pub not_code: Vec<String>,
    /// Renames that change no line.
    pub renamed: Vec<Rename>,
    /// Hunks (or files) that do not match the workspace.
    pub stale_hunks: Vec<StaleHunk>,
}
