//! Slices as JSON: `gather slice --json` and the `assemble_context` tool.

use schemars::JsonSchema;
use serde::Serialize;

use crate::lines::Line;
use crate::slice::Slice;
use crate::slice::{BudgetReport, Fitted};

/// Slices in request order within the token budget, and what was dropped.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SlicesAnswer {
    /// What the budget kept and dropped.
    pub budget_report: BudgetReport,
    /// The slices kept, in request order.
    pub slices: Vec<SliceEntry>,
    /// False on failure: see code, message.
    pub success: bool,
}

impl SlicesAnswer {
    /// The answer of `fitted`.
    pub fn new(fitted: &Fitted) -> SlicesAnswer {
        SlicesAnswer {
            budget_report: fitted.report.clone(),
            slices: fitted.included.iter().map(SliceEntry::new).collect(),
            success: true,
        }
    }
}

/// One slice.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SliceEntry {
    /// The exact text of its lines.
    pub content: String,
    /// Root-relative file.
    pub file: String,
    /// Whether the request was met as asked (false: a missing file or symbol, or lines past
    /// the end, shown as a fallback or not at all).
    pub found: bool,
    /// Last line (inclusive).
    pub line_end: Line,
    /// First line (1-based).
    pub line_start: Line,
    /// Something to know, such as other definitions of the name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub note: Option<String>,
    /// Why found is false.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub reason: Option<String>,
    /// The definition shown.
    pub symbol: Option<String>,
}

impl SliceEntry {
    fn new(s: &Slice) -> SliceEntry {
        SliceEntry {
            content: s.content.clone(),
            file: s.file.clone(),
            found: s.found,
            line_end: s.line_end,
            line_start: s.line_start,
            note: s.note.clone(),
            reason: s.reason.clone(),
            symbol: s.symbol.clone(),
        }
    }
}
