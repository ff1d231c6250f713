//! The lines a cut-down item shows, chosen by the learned line scorer (`line_score.rs`):
//! each line's share of the scorer's belief that the change is there, and lines added by
//! what they add per line of cost, so a far line is shown only when it is worth the
//! elision line it opens.
//!
//! Shares and steps are computed the first time a cut-down form of the item is asked for:
//! most items of a pack are shown whole or not at all and never need them, and `fit`
//! prices many forms of the ones that do.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeSet, BinaryHeap};
use std::sync::{Arc, OnceLock};

use crate::lines::Line;
use crate::pack::line_score::{self, LineModel, LineQuery};
use crate::pack::PackItem;

/// The learned line scorer's inputs for one item, and its shares once computed.
#[derive(Debug)]
pub(crate) struct Learned {
    texts: Vec<(Line, String)>,
    found: Vec<Vec<String>>,
    bonus: Vec<f32>,
    query: Arc<LineQuery>,
    shares: OnceLock<Vec<(Line, f32)>>,
    /// The lines past the ones every form shows, in the order cut-down forms add them.
    order: OnceLock<Steps>,
}

impl Learned {
    /// The scorer's inputs for an item: its lines' `texts` (ascending), the `query`'s terms
    /// `found` in each ([`line_score::line_terms`]), the hand `bonus` of each (calls, frame
    /// lines, the edge) and the question's `query`.
    pub(crate) fn new(
        texts: Vec<(Line, String)>,
        found: Vec<Vec<String>>,
        bonus: Vec<f32>,
        query: Arc<LineQuery>,
    ) -> Learned {
        Learned {
            texts,
            found,
            bonus,
            query,
            shares: OnceLock::new(),
            order: OnceLock::new(),
        }
    }

    /// The query's terms found in each line.
    #[cfg(test)]
    pub(crate) fn found(&self) -> &[Vec<String>] {
        &self.found
    }

    /// Shares given outright (ascending by line, summing to one).
    #[cfg(test)]
    pub(crate) fn with_shares(shares: Vec<(Line, f32)>) -> Learned {
        Learned {
            shares: OnceLock::from(shares),
            ..Learned::new(Vec::new(), Vec::new(), Vec::new(), Arc::default())
        }
    }

    /// Adds to `chosen` (what every cut-down form of `item` shows, the same at every call)
    /// the lines the shares choose until it holds `keep` ([`add_by_shares`]). The shares
    /// are over the item's shown lines, so every line added is one of them.
    pub(crate) fn add(&self, item: &PackItem, chosen: &mut BTreeSet<Line>, keep: usize) {
        let shares = self.shares.get_or_init(|| {
            let model = LineModel::shipped();
            learned_shares(
                item,
                &self.texts,
                &self.found,
                &self.bonus,
                &self.query,
                model,
            )
        });
        let steps = self.order.get_or_init(|| order_by_shares(chosen, shares));
        add_by_shares(chosen, shares, steps, keep);
    }
}

/// How much one unit of hand weight (a call, a frame line, the edge) moves a line in the
/// learned order, whose scores are log-odds.
const BONUS_SCALE: f32 = 1.0;

/// `item`'s lines (ascending) with their softmax shares of `model`'s score plus the hand
/// `bonus` of each; `found` holds the query's terms in each line
/// ([`line_score::line_terms`]).
pub(crate) fn learned_shares(
    item: &PackItem,
    texts: &[(Line, String)],
    found: &[Vec<String>],
    bonus: &[f32],
    query: &LineQuery,
    model: &LineModel,
) -> Vec<(Line, f32)> {
    let lines: Vec<(Line, &str)> = texts.iter().map(|(l, t)| (*l, t.as_str())).collect();
    let (range, signature) = (item.range, item.signature);
    let features = line_score::features_with_terms(&lines, range, signature, query, found);
    let scores: Vec<f32> = (features.iter().zip(bonus))
        .map(|(f, b)| model.score(f) + BONUS_SCALE * b)
        .collect();
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let weights: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f32 = weights.iter().sum();
    (lines.iter().zip(weights))
        .map(|(&(l, _), w)| (l, w / total))
        .collect()
}

/// The lines of `shares` past `start`, in the order that gives most per line of cost at
/// each step: a step shows one line with a line of context each side, worth the shares of
/// the lines it adds, costing those lines plus the elision line it opens (one less when it
/// joins two runs). A far line must be worth its elision line, so where the scorer is
/// unsure the order grows runs rather than scattering single lines. The steps stop past
/// [`ORDERED_LINES`]; a larger form goes on step by step (`finish_by_shares`).
fn order_by_shares(start: &BTreeSet<Line>, shares: &[(Line, f32)]) -> Steps {
    let n = shares.len();
    let mut shown: Vec<bool> = shares.iter().map(|(l, _)| start.contains(l)).collect();
    // A step's worth changes only when a line within two of it is shown, so the best step
    // is kept in a heap, each position's entry replaced (by version) when a step near it
    // is taken.
    let mut version = vec![0u32; n];
    let mut heap: BinaryHeap<Step> = ((0..n).filter(|&i| !shown[i]))
        .map(|i| Step::at(shares, &shown, i, WHOLE_STEP, 0))
        .collect();
    let mut steps = Steps::default();
    while steps.lines.len() < ORDERED_LINES {
        let Some(best) = heap.pop() else { break };
        let i = best.at.0;
        if shown[i] || best.version != version[i] {
            continue;
        }
        let (a, b) = (best.first, best.last);
        shown[a..=b].fill(true);
        steps.lines.extend(shares[a..=b].iter().map(|&(l, _)| l));
        steps.ends.push(steps.lines.len());
        for j in a.saturating_sub(3)..(b + 4).min(n) {
            if !shown[j] {
                version[j] += 1;
                heap.push(Step::at(shares, &shown, j, WHOLE_STEP, version[j]));
            }
        }
    }
    steps
}

/// How many lines [`order_by_shares`] orders ahead: more than most cut-down forms show, so
/// a definition of thousands of lines is not ordered to its end for a form of twenty.
const ORDERED_LINES: usize = 256;

/// The steps of [`order_by_shares`]: their lines, ascending within each step, and where
/// each step ends in `lines`.
#[derive(Debug, Default)]
struct Steps {
    lines: Vec<Line>,
    ends: Vec<usize>,
}

/// Adds to `chosen` (what every cut-down form shows, from which `steps` were ordered) the
/// lines the learned shares choose until it holds `keep`: whole steps while three lines
/// are left (a step is at most three), then the best of what still fits.
fn add_by_shares(chosen: &mut BTreeSet<Line>, shares: &[(Line, f32)], steps: &Steps, keep: usize) {
    let mut from = 0;
    for &end in &steps.ends {
        if keep.saturating_sub(chosen.len()) < 3 {
            break;
        }
        chosen.extend(&steps.lines[from..end]);
        from = end;
    }
    finish_by_shares(chosen, shares, keep);
}

/// Adds to `chosen`, until it holds `keep` lines, the step that gives most per line of
/// cost among those that fit, scanning every line at each step: the last lines of a
/// cut-down form, where fewer than a whole step's three are left, so the room left goes
/// to what it is worth most (often the end of a run already shown rather than a line that
/// would open one), and any lines past the ordered steps. With three lines of room or
/// more, it takes the step [`order_by_shares`] would.
fn finish_by_shares(chosen: &mut BTreeSet<Line>, shares: &[(Line, f32)], keep: usize) {
    let mut shown: Vec<bool> = shares.iter().map(|(l, _)| chosen.contains(l)).collect();
    while chosen.len() < keep {
        let room = keep - chosen.len();
        let best = ((0..shares.len()).filter(|&i| !shown[i]))
            .map(|i| Step::at(shares, &shown, i, room, 0))
            .max();
        let Some(best) = best else { break };
        for i in best.first..=best.last {
            shown[i] = true;
            chosen.insert(shares[i].0);
        }
    }
}

/// The room a whole step needs: a line and its context on each side.
const WHOLE_STEP: usize = 3;

/// A candidate step: a line (`centre`, its position in the shares) with the context that
/// fits around it. The best rate first; of steps worth as much, the one centred on the
/// likelier line, then the earlier one.
struct Step {
    rate: f32,
    centre: f32,
    at: Reverse<usize>,
    first: usize,
    last: usize,
    version: u32,
}

impl Step {
    /// The step centred on position `i` of `shares`, given what is `shown` and the `room`
    /// left (context is added while it fits): its positions, and what it is worth per line
    /// of cost. A gap between two positions' line numbers is a nested definition shown
    /// elsewhere, which splits a run as a line left out does.
    fn at(shares: &[(Line, f32)], shown: &[bool], i: usize, room: usize, version: u32) -> Step {
        let n = shares.len();
        let joined = |i: usize, j: usize| shares[j].0 == shares[i].0 + 1;
        // Whether the line before position `i` (or after it) is one left out.
        let open_before = |i: usize| i > 0 && joined(i - 1, i) && !shown[i - 1];
        let open_after = |i: usize| i + 1 < n && joined(i, i + 1) && !shown[i + 1];
        let (mut a, mut b) = (i, i);
        if room >= WHOLE_STEP && open_before(i) {
            a = i - 1;
        }
        if room >= b - a + 2 && open_after(i) {
            b = i + 1;
        }
        // The gap this step sits in is one elision line; what is left of it on each side
        // is one each.
        let gained = (b - a + 1) + usize::from(open_before(a)) + usize::from(open_after(b));
        let cost = gained.saturating_sub(1).max(1) as f32;
        let worth: f32 = shares[a..=b].iter().map(|&(_, p)| p).sum();
        Step {
            rate: worth / cost,
            centre: shares[i].1,
            at: Reverse(i),
            first: a,
            last: b,
            version,
        }
    }
}

impl Ord for Step {
    fn cmp(&self, other: &Step) -> Ordering {
        (self.rate.total_cmp(&other.rate))
            .then(self.centre.total_cmp(&other.centre))
            .then(self.at.cmp(&other.at))
    }
}

impl PartialOrd for Step {
    fn partial_cmp(&self, other: &Step) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Step {
    fn eq(&self, other: &Step) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Step {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::LineRange;
    use crate::pack::Role;

    fn item(range: LineRange) -> PackItem {
        crate::pack::assemble::lines_item("a.py", "run".into(), None, range, Role::Seed)
    }

    const TEXT: [&str; 8] = [
        "def run(job):",
        "    start = now()",
        "",
        "    # wait for it",
        "    result = job.wait(timeout)",
        "    log(result)",
        "",
        "    return result",
    ];

    #[test]
    fn the_learned_shares_favour_what_the_model_weighs_and_a_call_bonus_on_top() {
        let item = item(LineRange::new(1, 8));
        let query = LineQuery::new(&[("timeout".into(), 1.0)], &[], &[]);
        let model = LineModel::parse("gather-lines 1\nterm_share 3\nblank -2\ncomment -1\n")
            .expect("a model");
        let texts: Vec<(Line, String)> = (1..).zip(TEXT.map(String::from)).collect();
        let mut bonus = vec![0.0; TEXT.len()];
        let best = |shares: &[(Line, f32)]| {
            let mut sorted = shares.to_vec();
            sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            sorted.iter().map(|&(l, _)| l).collect::<Vec<Line>>()
        };
        let found: Vec<Vec<String>> = (texts.iter())
            .map(|(_, t)| line_score::line_terms(t, &query))
            .collect();
        let shares = learned_shares(&item, &texts, &found, &bonus, &query, &model);
        let lines: Vec<Line> = shares.iter().map(|&(l, _)| l).collect();
        assert_eq!(
            lines,
            (1..=8).collect::<Vec<Line>>(),
            "every line, ascending"
        );
        let total: f32 = shares.iter().map(|&(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-5, "shares sum to one: {total}");
        let order = best(&shares);
        assert_eq!(order[0], 5, "the line holding the question's term leads");
        assert_eq!(&order[order.len() - 2..], &[3, 7], "blank lines come last");
        // The hand weight of a call to another item of the pack outranks the model.
        bonus[5] = 4.0;
        let order = best(&learned_shares(
            &item, &texts, &found, &bonus, &query, &model,
        ));
        assert_eq!(order[..2], [6, 5]);
    }

    /// A fixed stream of pseudo-random numbers (a linear congruential generator).
    fn numbers(mut seed: u64) -> impl FnMut() -> u32 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        }
    }

    #[test]
    fn the_heap_takes_the_steps_a_full_scan_would() {
        let mut next = numbers(7);
        for n in [1usize, 2, 5, 17, 60, 200] {
            // Lines with a gap (a nested definition shown elsewhere) past the middle, a few
            // shown from the start, and shares with ties.
            let lines: Vec<Line> = (1..=n as Line)
                .map(|l| if l > n as Line / 2 { l + 5 } else { l })
                .collect();
            let weights: Vec<f32> = (0..n).map(|_| (next() % 7) as f32 + 0.5).collect();
            let total: f32 = weights.iter().sum();
            let shares: Vec<(Line, f32)> = (lines.iter().zip(&weights))
                .map(|(&l, &w)| (l, w / total))
                .collect();
            let start: BTreeSet<Line> = (lines.iter().copied())
                .filter(|_| next().is_multiple_of(5))
                .collect();
            let steps = order_by_shares(&start, &shares);
            assert_eq!(steps.lines.len() + start.len(), n, "every line once");
            assert_eq!(steps.ends.last().copied().unwrap_or(0), steps.lines.len());
            // At every size, the ordered steps choose what a scan of every line at each
            // step chooses.
            for keep in start.len()..=n {
                let mut ordered = start.clone();
                add_by_shares(&mut ordered, &shares, &steps, keep);
                let mut scanned = start.clone();
                finish_by_shares(&mut scanned, &shares, keep);
                assert_eq!(ordered, scanned, "{n} lines, keep {keep}");
            }
        }
    }

    #[test]
    fn past_the_ordered_steps_the_scan_goes_on_as_the_steps_would() {
        let n = 3 * ORDERED_LINES;
        let mut next = numbers(11);
        let weights: Vec<f32> = (0..n).map(|_| (next() % 9) as f32 + 0.5).collect();
        let total: f32 = weights.iter().sum();
        let shares: Vec<(Line, f32)> = (1..=n as Line)
            .zip(weights.iter().map(|w| w / total))
            .collect();
        let start: BTreeSet<Line> = [1, 2].into();
        let steps = order_by_shares(&start, &shares);
        assert!(steps.lines.len() >= ORDERED_LINES && steps.lines.len() < n - 2);
        for keep in [5, 40, ORDERED_LINES + 1, 2 * ORDERED_LINES] {
            let mut ordered = start.clone();
            add_by_shares(&mut ordered, &shares, &steps, keep);
            let mut scanned = start.clone();
            finish_by_shares(&mut scanned, &shares, keep);
            assert_eq!(ordered.len(), keep);
            assert_eq!(ordered, scanned, "keep {keep}");
        }
    }
}
