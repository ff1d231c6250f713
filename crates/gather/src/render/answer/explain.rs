//! What `gather ask --explain --json` answers: the pack, and each seed and why it is there.

use schemars::JsonSchema;
use serde::Serialize;

use super::pack::PackAnswer;
use crate::lines::Line;

/// A question's pack with its seeds explained: every field of the pack's answer, and
/// `explain`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ExplainedPack {
    /// The pack's answer.
    #[serde(flatten)]
    pub pack: PackAnswer,
    /// Each seed, in seed order: its scores and the features that placed it.
    pub explain: Vec<ExplainedSeed>,
}

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
