//! Why each seed is where it is: its learned score, its place in the hand fusion, the
//! features that moved its score most, and every feature it has, so a ranking can be read
//! and debugged (`gather ask --explain`).

use super::features::{Candidate, NAMES};
use super::ranker::Ranker;
use crate::index::SymbolId;

/// How many of a seed's strongest feature moves are named.
const MOVES: usize = 6;

/// One seed, explained.
#[derive(Clone, Debug, PartialEq)]
pub struct Explained {
    /// The seed.
    pub id: SymbolId,
    /// Its learned score (its hand-fused score when the hand fusion ranks).
    pub score: f64,
    /// Its hand-fused score.
    pub hand: f32,
    /// Its rank in the hand fusion among the candidates (0-based).
    pub hand_rank: usize,
    /// The score every candidate starts from.
    pub base: f64,
    /// The features that moved its score most, by how much, strongest first.
    pub moves: Vec<(&'static str, f64)>,
    /// Its features that are not 0.
    pub features: Vec<(&'static str, f64)>,
    /// A seed past the ranked ones, taken as its file's best because no seed was in it
    /// (see `ask::choose::broaden`).
    pub breadth: bool,
}

/// Explains each of `seeds` from the candidates it was chosen among (in hand-fusion order);
/// the seeds past the first `ranked` were added for breadth.
pub fn seeds(candidates: &[Candidate], seeds: &[SymbolId], ranked: usize) -> Vec<Explained> {
    let ranker = Ranker::shipped();
    seeds
        .iter()
        .enumerate()
        .filter_map(|(at, id)| {
            let hand_rank = candidates.iter().position(|c| c.id == *id)?;
            let c = &candidates[hand_rank];
            let (moved, base, score) = if !super::ranker::learned() {
                ([0.0; NAMES.len()], 0.0, f64::from(c.hand))
            } else {
                let (moved, base) = ranker.explain(&c.features);
                (moved, base, ranker.score(&c.features))
            };
            let mut moves: Vec<(&'static str, f64)> = NAMES
                .iter()
                .zip(moved)
                .filter(|(_, m)| *m != 0.0)
                .map(|(n, m)| (*n, m))
                .collect();
            moves.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.cmp(b.0)));
            moves.truncate(MOVES);
            let features = NAMES
                .iter()
                .zip(c.features)
                .filter(|(_, v)| *v != 0.0)
                .map(|(n, v)| (*n, v))
                .collect();
            Some(Explained {
                id: *id,
                score,
                hand: c.hand,
                hand_rank,
                base,
                moves,
                features,
                breadth: at >= ranked,
            })
        })
        .collect()
}
