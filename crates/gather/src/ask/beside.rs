//! The lanes that vote beside the leading answers so far: the definitions next to them,
//! what they call and what calls them, and, for a whole issue, the rest of their files
//! read deeper.

use rustc_hash::FxHashMap as HashMap;

use super::body::Body;
use super::lexical;
use super::votes::{Lane, Votes};
use crate::index::texts::Texts;
use crate::index::{Index, SymbolId, SymbolKind};

const W_SIBLING: f32 = 0.7;
/// How many leading answers lend a vote to the definitions beside them.
const SIBLINGS_OF: usize = 3;
const W_CALLS: f32 = 0.5;
/// How many leading answers lend a vote to what they call and what calls them, and to how
/// many of each.
const CALLS_OF: usize = 3;
const CALLS_EACH: usize = 10;
const W_FOCUS: f32 = 1.5;
const FOCUS_FILES_OF: usize = 3;

/// Runs the sibling and call lanes, then the focus lane for a whole issue (`body`).
pub(super) fn lanes(
    index: &Index,
    texts: &Texts,
    body: Option<&Body>,
    keep: &impl Fn(&SymbolId) -> bool,
    votes: &mut Votes,
) {
    sibling_lane(index, keep, votes);
    call_lane(index, texts, keep, votes);
    // Only a whole issue's many terms rank deep enough to trust: on one-line questions the
    // lane lost edit recall on both development sets.
    if let Some(body) = body {
        // The frames are left out: their order is the traceback's, which the lane's
        // votes must not overturn.
        focus_lane(index, &body.lexical, &body.frames, keep, votes);
    }
}

/// Sibling lane: the definitions beside the leading answers. Related code sits together
/// (overloads, a getter beside its setter, parallel cases), and so do the places one
/// change touches.
fn sibling_lane(index: &Index, keep: &impl Fn(&SymbolId) -> bool, votes: &mut Votes) {
    let beside: Vec<SymbolId> = leading(index, votes.fused(), SIBLINGS_OF, keep)
        .into_iter()
        .flat_map(|id| siblings(index, id))
        .filter(keep)
        .collect();
    votes.vote(Lane::Sibling, &beside, W_SIBLING);
}

/// Call lane: what the leading answers call, and what calls them from their own file. A
/// change to a function often lands in the helper it calls or the function that uses it,
/// and an answer reads better with them beside it. Callers from other files are left to
/// the pack: finding them means resolving every call spelled like the name.
fn call_lane(index: &Index, texts: &Texts, keep: &impl Fn(&SymbolId) -> bool, votes: &mut Votes) {
    let answers = leading(index, votes.fused(), CALLS_OF, |id| {
        keep(id) && index.symbol(*id).symbol.kind != SymbolKind::Module
    });
    let graph = crate::graph::local_for(index, texts, &answers);
    let mut called: Vec<SymbolId> = Vec::new();
    for id in &answers {
        let callees = graph.callees(*id).into_iter().map(|edge| edge.callee);
        let callers = (graph.callers(*id).into_iter())
            .map(|edge| edge.caller)
            .filter(|caller| caller.file == id.file);
        called.extend(callees.take(CALLS_EACH).filter(keep));
        called.extend(callers.take(CALLS_EACH).filter(keep));
    }
    votes.vote(Lane::Calls, &called, W_CALLS);
}

/// Focus lane: the leading answers' files searched deeper. A change often lands beside
/// the code the question leads to, in a definition whose words match too weakly to rank
/// among the whole workspace's. The `fixed` definitions get no vote.
fn focus_lane(
    index: &Index,
    deep: &[SymbolId],
    fixed: &[SymbolId],
    keep: &impl Fn(&SymbolId) -> bool,
    votes: &mut Votes,
) {
    let mut files: Vec<u32> = Vec::new();
    for id in leading(index, votes.fused(), FOCUS_FILES_OF, keep) {
        if !files.contains(&id.file) {
            files.push(id.file);
        }
    }
    let inside: Vec<SymbolId> = (deep.iter())
        .filter(|id| files.contains(&id.file) && !fixed.contains(id) && keep(id))
        .copied()
        .collect();
    votes.vote(Lane::Focus, &inside, W_FOCUS);
}

/// The `n` best-scored definitions that `admit` lets through, best first (ties by path,
/// then line).
pub(super) fn leading(
    index: &Index,
    scores: &HashMap<SymbolId, f32>,
    n: usize,
    admit: impl Fn(&SymbolId) -> bool,
) -> Vec<SymbolId> {
    let mut best: Vec<(SymbolId, f32)> = scores
        .iter()
        .filter(|(id, _)| admit(id))
        .map(|(id, s)| (*id, *s))
        .collect();
    lexical::top(index, &mut best, n);
    best.into_iter().map(|(id, _)| id).collect()
}

/// The definitions just before and after `id` with the same parent (not modules).
fn siblings(index: &Index, id: SymbolId) -> Vec<SymbolId> {
    let found = index.symbol(id);
    let symbols = &found.file.symbols;
    let parent = found.symbol.parent;
    let at = id.idx as usize;
    let before = (0..at).rev().find(|&i| symbols[i].parent == parent);
    let after = (at + 1..symbols.len()).find(|&i| symbols[i].parent == parent);
    [before, after]
        .into_iter()
        .flatten()
        .filter(|&i| symbols[i].kind != SymbolKind::Module)
        .map(|i| SymbolId {
            file: id.file,
            idx: i as u32,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{id, names};
    use super::*;
    use crate::index::index_of;

    #[test]
    fn siblings_are_the_definitions_beside_one_under_the_same_parent() {
        let text = "def before():\n    pass\n\nclass Store:\n    def first(self):\n        pass\n\n    def second(self):\n        pass\n\n    def third(self):\n        pass\n\ndef after():\n    pass\n";
        let (_dir, index) = index_of(&[("store.py", text)]);
        let of = |name: &str| names(&index, &siblings(&index, id(&index, name)));
        assert_eq!(of("second"), ["first", "third"]);
        assert_eq!(of("first"), ["second"], "nothing before it in the class");
        assert_eq!(of("Store"), ["before", "after"]);
        assert_eq!(of("before"), ["Store"]);
    }

    #[test]
    fn the_focus_lane_votes_only_inside_the_leading_answers_files() {
        let (_dir, index) = index_of(&[
            (
                "lead.py",
                "def leader():\n    pass\n\ndef beside():\n    pass\n",
            ),
            ("other.py", "def elsewhere():\n    pass\n"),
        ]);
        let lead = [id(&index, "leader")];
        let mut votes = Votes::default();
        votes.vote(Lane::Lexical, &lead, 1.0);
        let deep = [id(&index, "elsewhere"), id(&index, "beside")];
        focus_lane(&index, &deep, &[], &|_: &SymbolId| true, &mut votes);
        assert!(votes
            .fused()
            .get(&id(&index, "beside"))
            .is_some_and(|s| *s > 0.0));
        assert_eq!(
            votes.ranks(&id(&index, "beside")).reciprocal(Lane::Focus),
            1.0
        );
        assert!(
            !votes.fused().contains_key(&id(&index, "elsewhere")),
            "a file no leading answer is in gets no vote"
        );
        let mut fixed = Votes::default();
        fixed.vote(Lane::Lexical, &lead, 1.0);
        let beside = [id(&index, "beside")];
        focus_lane(&index, &deep, &beside, &|_: &SymbolId| true, &mut fixed);
        assert!(
            !fixed.fused().contains_key(&beside[0]),
            "a fixed definition gets no vote"
        );
        let mut none = Votes::default();
        none.vote(Lane::Lexical, &lead, 1.0);
        let lead_file = id(&index, "leader").file;
        focus_lane(
            &index,
            &deep,
            &[],
            &|i: &SymbolId| i.file != lead_file,
            &mut none,
        );
        assert_eq!(
            none.fused().len(),
            1,
            "what `keep` refuses leads nothing and gets nothing"
        );
    }
}
