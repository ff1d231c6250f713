//! Why each seed is where it is: its learned score, its place in the hand fusion, the
//! features that moved its score most, and every feature it has, so a ranking can be read
//! and debugged (`gather ask --explain`).

use super::features::{Candidate, NAMES, N_FEATURES};
use super::ranker::Ranker;
use super::{Asked, Ranking};
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

/// A question's seeds, each explained, and the ranking that placed them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explanation {
    /// The ranking that ordered the candidates.
    pub ranking: Ranking,
    /// The seeds, in seed order.
    pub seeds: Vec<Explained>,
}

/// Explains the seeds of an answered question from the candidates they were chosen among:
/// read from the answer, never by running the lanes again.
pub fn explain(asked: &Asked) -> Explanation {
    Explanation {
        ranking: asked.ranking,
        seeds: seeds(
            &asked.candidates,
            &asked.seed_ids(),
            asked.ranked,
            asked.ranking,
        ),
    }
}

/// Explains each of `seeds` from the candidates it was chosen among (in hand-fusion order);
/// the seeds past the first `ranked` were added for breadth.
fn seeds(
    candidates: &[Candidate],
    seeds: &[SymbolId],
    ranked: usize,
    ranking: Ranking,
) -> Vec<Explained> {
    let ranker = Ranker::shipped();
    seeds
        .iter()
        .enumerate()
        .filter_map(|(at, id)| {
            let hand_rank = candidates.iter().position(|c| c.id == *id)?;
            let c = &candidates[hand_rank];
            let (moved, base, score) = match ranking {
                Ranking::Hand => ([0.0; N_FEATURES], 0.0, f64::from(c.hand)),
                Ranking::Learned => {
                    let (moved, base) = ranker.explain(&c.features);
                    (moved, base, ranker.score(&c.features))
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ask::{ask, read, Options, SeedLimit};
    use crate::index::index_of;
    use crate::index::texts::Texts;

    const FILES: [(&str, &str); 2] = [
        (
            "retry.py",
            "def retry_delay(attempt):\n    return 2 ** attempt\n\n\ndef retry_budget():\n    return 5\n",
        ),
        (
            "clock.py",
            "def delay_until(deadline):\n    return deadline\n",
        ),
    ];

    fn explained(ranking: Ranking, seeds: usize) -> (Asked, Explanation) {
        let (_dir, index) = index_of(&FILES);
        let options = Options {
            include_tests: false,
            scope: None,
            limit: SeedLimit {
                seeds,
                more_files: 1,
            },
            ranking,
            history: None,
        };
        let asked = ask(&index, &Texts::of(&index), &read("retry delay"), &options);
        let explanation = explain(&asked);
        (asked, explanation)
    }

    #[test]
    fn each_seed_is_explained_from_its_candidate_in_seed_order() {
        let (asked, explanation) = explained(Ranking::Learned, 3);
        assert_eq!(explanation.ranking, Ranking::Learned);
        let ids: Vec<SymbolId> = explanation.seeds.iter().map(|e| e.id).collect();
        assert_eq!(ids, asked.seed_ids());
        for e in &explanation.seeds {
            let candidate = &asked.candidates[e.hand_rank];
            assert_eq!(
                candidate.id, e.id,
                "hand_rank is its place among the candidates"
            );
            assert_eq!(e.hand, candidate.hand);
            // The credits and the base sum to the score, as the model computes it.
            let (moved, base) = Ranker::shipped().explain(&candidate.features);
            assert_eq!(e.base, base);
            assert!((base + moved.iter().sum::<f64>() - e.score).abs() < 1e-9);
            assert!(e.moves.len() <= MOVES);
            assert!(e.features.iter().all(|(_, v)| *v != 0.0));
        }
    }

    #[test]
    fn the_hand_fusion_explains_by_its_own_scores() {
        let (asked, explanation) = explained(Ranking::Hand, 3);
        assert_eq!(explanation.ranking, Ranking::Hand);
        assert_eq!(explanation.seeds.len(), asked.seeds.len());
        for e in &explanation.seeds {
            assert_eq!(e.score, f64::from(e.hand));
            assert!(e.moves.is_empty(), "no model placed it");
        }
    }

    #[test]
    fn seeds_past_the_ranked_ones_are_marked_as_breadth() {
        // One ranked seed, then the best of one more file.
        let (asked, explanation) = explained(Ranking::Learned, 1);
        assert_eq!(asked.ranked, 1);
        let breadth: Vec<bool> = explanation.seeds.iter().map(|e| e.breadth).collect();
        assert_eq!(breadth, [false, true], "{:?}", asked.seeds);
    }
}
