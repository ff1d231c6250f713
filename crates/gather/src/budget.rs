//! Budgets and the slices-mode fitting rule: slices are taken in request order and one
//! that does not fit is dropped whole, never cut. Token counts are the conservative
//! estimate ceil(chars / 4).
//!
//! One rule reads a budget from what a caller sent, for every front end and mode
//! ([`Budget::from_flags`]): lines or tokens, not both; neither gives the mode's default
//! ([`Budget::PACK`], [`Budget::SLICES`]); 0 is refused. A pack's line budget is capped at
//! [`MAX_PACK_LINES`] in one place ([`Budget::capped`], called by the pack engine), so the
//! pack can say what was asked.

use crate::defaults::Defaults;
use crate::error::{Error, ErrorCode, Result};

/// The most lines a pack may take: a larger line budget is cut to this, and the pack says
/// so. Slices (`gather slice`, `assemble_context`) have no cap.
pub const MAX_PACK_LINES: usize = 800;

/// Estimated tokens of `text`: ceil(characters / 4).
pub fn estimate_tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4)
}

/// A limit on what is emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// At most this many estimated tokens.
    Tokens(usize),
    /// At most this many lines.
    Lines(usize),
}

impl Budget {
    /// A pack's budget when the caller names none (`gather ask`, `gather symbol`,
    /// `gather change`, `gather_context`).
    pub const PACK: Budget = Budget::Lines(Defaults::BUDGET_LINES);
    /// The budget of slices when the caller names none (`gather slice`,
    /// `assemble_context`).
    pub const SLICES: Budget = Budget::Tokens(Defaults::SLICE_TOKENS);

    /// The budget a caller's flags ask for: a line count (`budget_lines`,
    /// `--budget-lines`) or a token count (`max_tokens`, `--max-tokens`), not both;
    /// neither gives `default`. A count of 0 is refused in every mode: nothing could be
    /// shown in it. A count past any range is as large as any (a front end reads it as
    /// `usize::MAX`); a pack cuts it to [`MAX_PACK_LINES`] lines itself ([`Budget::capped`]).
    ///
    /// Errors: `invalid_request` for both counts or a count of 0.
    pub fn from_flags(
        lines: Option<usize>,
        tokens: Option<usize>,
        default: Budget,
    ) -> Result<Budget> {
        let invalid = |message: &str| Err(Error::new(ErrorCode::InvalidRequest, message));
        match (lines, tokens) {
            (Some(_), Some(_)) => invalid("send budget_lines or max_tokens, not both"),
            (Some(0), None) => invalid("budget_lines must be at least 1"),
            (None, Some(0)) => invalid("max_tokens must be at least 1"),
            (Some(n), None) => Ok(Budget::Lines(n)),
            (None, Some(n)) => Ok(Budget::Tokens(n)),
            (None, None) => Ok(default),
        }
    }

    /// This budget as a pack holds it: a line budget past [`MAX_PACK_LINES`] is cut to it,
    /// and the limit asked for is returned beside it (`None` when nothing was cut).
    pub fn capped(self) -> (Budget, Option<usize>) {
        match self {
            Budget::Lines(n) if n > MAX_PACK_LINES => (Budget::Lines(MAX_PACK_LINES), Some(n)),
            budget => (budget, None),
        }
    }

    /// The limit's number.
    pub fn limit(self) -> usize {
        match self {
            Budget::Tokens(n) | Budget::Lines(n) => n,
        }
    }

    /// The unit's name, `tokens` or `lines`.
    pub fn unit(self) -> &'static str {
        match self {
            Budget::Tokens(_) => "tokens",
            Budget::Lines(_) => "lines",
        }
    }

    /// What `content` costs in this budget's unit.
    pub fn cost(self, content: &str) -> usize {
        match self {
            Budget::Tokens(_) => estimate_tokens(content),
            Budget::Lines(_) => crate::lines::count(content) as usize,
        }
    }
}
