//! What `gather ask --explain --json` adds to the pack: each seed and why it is there.

use schemars::JsonSchema;
use serde::Serialize;

use crate::lines::Line;

/// One seed of a question, in seed order: its scores and the features that placed it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ExplainedSeed {
    /// The score every candidate starts from.
    pub base: f64,
    /// Added past the ranked seeds for breadth: its file's best, in a file no earlier seed
    /// is in.
    pub breadth: bool,
    /// Its features that are not 0.
    pub features: Vec<Weighted>,
    /// Its hand-fused score.
    pub hand: f32,
    /// Its rank in the hand fusion (1-based).
    pub hand_rank: usize,
    /// Its first line.
    pub line: Line,
    /// Its qualified name.
    pub name: String,
    /// Root-relative file.
    pub path: String,
    /// The features that moved its score most, by how much.
    pub placed_by: Vec<Weighted>,
    /// Its score.
    pub score: f64,
}

/// A feature's name and its value, written `[name, value]`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Weighted(pub String, pub f64);
