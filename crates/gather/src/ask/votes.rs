//! The lanes' votes: each lane's ranking kept per definition beside the hand-weighted
//! reciprocal-rank sum, so one pass of the lanes gives both the fused order and the
//! features a learned ranker reads.

use rustc_hash::FxHashMap as HashMap;

use crate::index::SymbolId;

/// Rank damping: small enough that a lane's first hits stand out from its tail.
const K: f32 = 10.0;

/// The lanes that vote, in the order their features are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The title's code-shaped words, named exactly.
    IdentExact,
    /// The title's code-shaped words, ignoring case.
    IdentLoose,
    /// BM25F over the title's terms.
    Lexical,
    /// The lexical ranking regrouped by file.
    File,
    /// Stack frames in the workspace.
    Frame,
    /// The innermost frames' lead.
    FrameLead,
    /// The body's code spans and prose code words, named exactly.
    SpanExact,
    /// The same, ignoring case.
    SpanLoose,
    /// The names the body's code uses, exactly.
    CodeExact,
    /// The same, ignoring case.
    CodeLoose,
    /// BM25F over the whole body's terms.
    BodyLexical,
    /// Literals and unnamed code words found verbatim.
    Grep,
    /// Pseudo-relevance feedback.
    Feedback,
    /// The definitions beside the leading answers.
    Sibling,
    /// What the leading answers call and what calls them in their files.
    Calls,
    /// The leading answers' files read deeper.
    Focus,
}

/// How many lanes there are.
pub const N_LANES: usize = 16;

impl Lane {
    /// Every lane, in feature order.
    pub const ALL: [Lane; N_LANES] = [
        Lane::IdentExact,
        Lane::IdentLoose,
        Lane::Lexical,
        Lane::File,
        Lane::Frame,
        Lane::FrameLead,
        Lane::SpanExact,
        Lane::SpanLoose,
        Lane::CodeExact,
        Lane::CodeLoose,
        Lane::BodyLexical,
        Lane::Grep,
        Lane::Feedback,
        Lane::Sibling,
        Lane::Calls,
        Lane::Focus,
    ];

    /// The lane's name in features and explanations.
    pub fn name(self) -> &'static str {
        match self {
            Lane::IdentExact => "ident_exact",
            Lane::IdentLoose => "ident_loose",
            Lane::Lexical => "lexical",
            Lane::File => "file",
            Lane::Frame => "frame",
            Lane::FrameLead => "frame_lead",
            Lane::SpanExact => "span_exact",
            Lane::SpanLoose => "span_loose",
            Lane::CodeExact => "code_exact",
            Lane::CodeLoose => "code_loose",
            Lane::BodyLexical => "body_lexical",
            Lane::Grep => "grep",
            Lane::Feedback => "feedback",
            Lane::Sibling => "sibling",
            Lane::Calls => "calls",
            Lane::Focus => "focus",
        }
    }
}

/// One definition's place in each lane: its first rank there (0-based), if any.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ranks(pub [Option<u32>; N_LANES]);

impl Ranks {
    /// The lane's reciprocal rank `1 / (1 + rank)`, or 0 where the lane did not rank it.
    pub fn reciprocal(&self, lane: Lane) -> f32 {
        self.0[lane as usize].map_or(0.0, |r| 1.0 / (1.0 + r as f32))
    }
}

/// The fused scores so far and each definition's ranks per lane.
#[derive(Clone, Debug, Default)]
pub struct Votes {
    fused: HashMap<SymbolId, f32>,
    ranks: HashMap<SymbolId, Ranks>,
}

impl Votes {
    /// Adds one lane's reciprocal-rank votes, `weight / (K + rank)` each, and notes each
    /// definition's first rank in the lane.
    pub fn vote(&mut self, lane: Lane, ids: &[SymbolId], weight: f32) {
        for (rank, id) in ids.iter().enumerate() {
            *self.fused.entry(*id).or_default() += weight / (K + rank as f32);
            self.note(lane, *id, rank);
        }
    }

    /// Adds a vote of `amount` to one definition, noted at `rank` in `lane`.
    pub fn lift(&mut self, lane: Lane, id: SymbolId, rank: usize, amount: f32) {
        *self.fused.entry(id).or_default() += amount;
        self.note(lane, id, rank);
    }

    fn note(&mut self, lane: Lane, id: SymbolId, rank: usize) {
        let slot = &mut self.ranks.entry(id).or_default().0[lane as usize];
        if slot.is_none() {
            *slot = Some(rank as u32);
        }
    }

    /// The hand-weighted fused scores.
    pub fn fused(&self) -> &HashMap<SymbolId, f32> {
        &self.fused
    }

    /// A definition's ranks per lane (all empty when no lane ranked it).
    pub fn ranks(&self, id: &SymbolId) -> Ranks {
        self.ranks.get(id).copied().unwrap_or_default()
    }

    /// Whether no lane voted.
    pub fn is_empty(&self) -> bool {
        self.fused.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(idx: u32) -> SymbolId {
        SymbolId { file: 0, idx }
    }

    #[test]
    fn votes_sum_reciprocal_ranks_and_keep_each_lanes_first_rank() {
        let mut votes = Votes::default();
        votes.vote(Lane::Lexical, &[id(1), id(2), id(1)], 1.0);
        votes.vote(Lane::Grep, &[id(2)], 2.0);
        let fused = votes.fused();
        assert!((fused[&id(1)] - (1.0 / 10.0 + 1.0 / 12.0)).abs() < 1e-6);
        assert!((fused[&id(2)] - (1.0 / 11.0 + 2.0 / 10.0)).abs() < 1e-6);
        assert_eq!(votes.ranks(&id(1)).0[Lane::Lexical as usize], Some(0));
        assert_eq!(votes.ranks(&id(2)).reciprocal(Lane::Lexical), 0.5);
        assert_eq!(votes.ranks(&id(2)).reciprocal(Lane::Grep), 1.0);
        assert_eq!(votes.ranks(&id(1)).reciprocal(Lane::Grep), 0.0);
        assert_eq!(votes.ranks(&id(9)), Ranks::default());
    }

    #[test]
    fn lanes_are_laid_out_in_their_declared_order() {
        for (at, lane) in Lane::ALL.iter().enumerate() {
            assert_eq!(*lane as usize, at, "{}", lane.name());
        }
    }
}
