//! Slices mode's fit: slices kept in request order while they fit the budget, each one that
//! does not dropped whole.

use schemars::JsonSchema;
use serde::Serialize;

use crate::budget::{estimate_tokens, Budget};
use crate::slice::Slice;

/// What fitting slices to a budget kept and dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BudgetReport {
    /// Slices requested.
    pub total_slices: usize,
    /// Slices kept.
    pub included_slices: usize,
    /// Slices dropped because they did not fit.
    pub dropped_slices: usize,
    /// Estimated tokens of the kept slices' content.
    pub estimated_tokens_used: usize,
    /// The token limit (in a line budget: the token estimate of nothing was limited, 0).
    pub budget_tokens: usize,
    /// Whether anything was dropped.
    pub budget_exceeded: bool,
    /// The file of each dropped slice, in request order.
    pub dropped_files: Vec<String>,
    /// Set in a line budget: the line limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub budget_lines: Option<usize>,
    /// Set in a line budget: lines of the kept slices' content.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub lines_used: Option<usize>,
}

/// Slices split by the budget.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// Kept slices, in request order.
    pub included: Vec<Slice>,
    /// Dropped slices, in request order.
    pub dropped: Vec<Slice>,
    /// The report.
    pub report: BudgetReport,
}

/// Keeps slices in order while they fit; a slice that does not fit is dropped whole and
/// later, smaller slices may still be kept.
pub fn fit_slices(slices: Vec<Slice>, budget: Budget) -> Fitted {
    let total_slices = slices.len();
    let mut used = 0usize;
    let mut tokens_used = 0usize;
    let mut included = Vec::new();
    let mut dropped = Vec::new();
    for slice in slices {
        let cost = budget.cost(&slice.content);
        if used + cost <= budget.limit() {
            used += cost;
            tokens_used += estimate_tokens(&slice.content);
            included.push(slice);
        } else {
            dropped.push(slice);
        }
    }
    let report = BudgetReport {
        total_slices,
        included_slices: included.len(),
        dropped_slices: dropped.len(),
        estimated_tokens_used: tokens_used,
        budget_tokens: match budget {
            Budget::Tokens(n) => n,
            Budget::Lines(_) => 0,
        },
        budget_exceeded: !dropped.is_empty(),
        dropped_files: dropped.iter().map(|s| s.file.clone()).collect(),
        budget_lines: matches!(budget, Budget::Lines(_)).then_some(budget.limit()),
        lines_used: matches!(budget, Budget::Lines(_)).then_some(used),
    };
    Fitted {
        included,
        dropped,
        report,
    }
}
