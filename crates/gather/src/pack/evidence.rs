//! Which lines of a definition carry the request's evidence, and which of them a cut-down
//! item shows. A definition too long to print whole keeps its signature and the lines
//! that hold the question's terms (weighted by rarity), its literal hits (never left
//! out), and its calls to the other items, each with a line of context; the rest is named
//! by elision lines that re-request exactly what they leave out.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap as HashMap;

use crate::lines::{Line, LineRange};
use crate::pack::line_score::{self, LineModel, LineQuery};
use crate::pack::{PackItem, Role};

/// Lines of context kept on each side of an evidence line.
const CONTEXT: Line = 1;
/// Weight of a line that calls another item of the pack (a seed, or the seed a
/// neighbour is reached from): the place where two parts of the answer meet.
const W_CALL: f32 = 1.5;
/// Weight of the call line that makes a neighbour a neighbour.
const W_EDGE: f32 = 4.0;
/// Weight of a line a stack frame of the question points at.
const W_FRAME_LINE: f32 = 8.0;

/// What the request offers as evidence: stemmed terms with weights, literal text to find
/// verbatim (ignoring ASCII case), and names whose call sites matter.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    /// Stemmed term → weight (the question's weight × the term's rarity).
    pub terms: HashMap<String, f32>,
    /// Literal text, lower-cased.
    pub literals: Vec<String>,
    /// Names (last segment) whose call sites are evidence.
    pub calls: HashMap<String, f32>,
    /// Lines a stack frame of the request points at, by path: where the asker saw the
    /// code run, the most specific evidence there is.
    pub frame_lines: Vec<(String, Line)>,
    /// Lines a diff changed, by path, ascending (change mode): shown whenever their item
    /// is, never elided.
    pub changed_lines: HashMap<String, Vec<Line>>,
    /// The question's own evidence for the learned line scorer (question mode); `None`
    /// orders lines by the weights above alone.
    pub line_query: Option<LineQuery>,
}

impl Evidence {
    /// Evidence from weighted stemmed `terms` (each weighted again by its rarity, from
    /// `df` = how many definitions hold it out of `n_docs`) and `literals`.
    pub fn new(
        terms: &[(String, f32)],
        df: impl Fn(&str) -> usize,
        n_docs: usize,
        literals: &[String],
    ) -> Evidence {
        let n = n_docs.max(1) as f32;
        let mut weights: HashMap<String, f32> = HashMap::default();
        for (term, weight) in terms {
            let df = df(term);
            if df == 0 {
                continue;
            }
            // The same idf as the lexical lane: a term most definitions hold says little
            // about which of their lines matter.
            let idf = (1.0 + (n - df as f32 + 0.5) / (df as f32 + 0.5)).ln();
            let w = weights.entry(term.clone()).or_default();
            *w = w.max(weight * idf);
        }
        Evidence {
            terms: weights,
            literals: literals
                .iter()
                .map(|l| l.to_ascii_lowercase())
                .filter(|l| !l.is_empty())
                .collect(),
            calls: HashMap::default(),
            frame_lines: Vec::new(),
            changed_lines: HashMap::default(),
            line_query: None,
        }
    }

    /// The weight of one line, split into what its terms and what its calls give, or
    /// `None` when it holds a literal (never left out).
    fn score(&self, line: &str) -> Option<(f32, f32)> {
        if !self.literals.is_empty() {
            let lower = line.to_ascii_lowercase();
            if self.literals.iter().any(|l| lower.contains(l.as_str())) {
                return None;
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut score = 0.0;
        let mut calls = 0.0;
        if !self.terms.is_empty() {
            // Whole identifiers too: a line using exactly the identifier the question named.
            crate::terms::terms_and_wholes(line, |t| {
                if let Some((term, w)) = self.terms.get_key_value(&t) {
                    if !seen.contains(&term.as_str()) {
                        seen.push(term.as_str());
                        score += w;
                    }
                }
            });
        }
        if !self.calls.is_empty() {
            let bytes = line.as_bytes();
            crate::terms::words(line, |word| {
                if let Some(w) = self.calls.get(word) {
                    // A call: the word is followed (after spaces) by `(` or `!(`.
                    let at = word.as_ptr() as usize - line.as_ptr() as usize + word.len();
                    let rest = &bytes[at.min(bytes.len())..];
                    let rest = rest.trim_ascii_start();
                    if rest.starts_with(b"(") || rest.starts_with(b"!(") {
                        calls += w;
                    }
                }
            });
        }
        Some((score, calls))
    }

    /// Adds `name` (its last segment) as a call worth seeing.
    pub(crate) fn add_call(&mut self, name: &str) {
        let last = name.rsplit(['.', ':']).next().unwrap_or(name);
        if last.len() >= 2 {
            self.calls.insert(last.to_string(), W_CALL);
        }
    }
}

/// The evidence lines of an item: (line, weight) for lines with positive weight, and the
/// lines that must be shown whatever the form (literal hits).
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Scored lines, best first (ties by line).
    pub lines: Vec<(Line, f32)>,
    /// Lines never left out.
    pub must: Vec<Line>,
    /// Every line, best first by the learned line scorer (with the call, frame and edge
    /// lines above as the hand weights place them), when it scored them; a cut-down item
    /// then shows lines in this order rather than by `lines`.
    pub order: Vec<Line>,
}

/// Marks the lines of `item` (its `shown` ranges, read through `line`) with `evidence`.
pub(crate) fn mark(
    item: &PackItem,
    evidence: &Evidence,
    mut line: impl FnMut(Line) -> String,
) -> Marks {
    let mut marks = Marks::default();
    let own_name = item.name.rsplit(['.', ':']).next().unwrap_or(&item.name);
    let frame_lines: Vec<Line> = (evidence.frame_lines.iter())
        .filter(|(path, _)| *path == item.path)
        .map(|&(_, l)| l)
        .collect();
    let changed = evidence.changed_lines.get(&item.path);
    let is_changed = |l: Line| changed.is_some_and(|c| c.binary_search(&l).is_ok());
    let model = LineModel::shipped();
    let query = evidence.line_query.as_ref().filter(|_| model.is_present());
    let mut texts: Vec<(Line, String)> = Vec::new();
    // What the hand weights give each line beyond its terms: calls, frames, the edge.
    let mut bonus: Vec<f32> = Vec::new();
    for range in &item.shown {
        for l in range.start..=range.end {
            let text = line(l);
            let mut extra = 0.0;
            let mut w = match evidence.score(&text) {
                _ if is_changed(l) => {
                    marks.must.push(l);
                    f32::MAX / 4.0
                }
                None => {
                    marks.must.push(l);
                    f32::MAX / 4.0
                }
                // A recursive call is no evidence of anything.
                Some((terms, _))
                    if evidence.calls.contains_key(own_name) && text.contains(own_name) =>
                {
                    terms
                }
                Some((terms, calls)) => {
                    extra += calls;
                    terms + calls
                }
            };
            if frame_lines.contains(&l) {
                w += W_FRAME_LINE;
                extra += W_FRAME_LINE;
            }
            // A caller's call line is its own line; a callee's is the seed's, elsewhere.
            if item.call_line == Some(l) && matches!(item.role, Role::CallerOf(_)) {
                w += W_EDGE;
                extra += W_EDGE;
            }
            if w > 0.0 {
                marks.lines.push((l, w));
            }
            if query.is_some() {
                texts.push((l, text));
                bonus.push(extra);
            }
        }
    }
    if let Some(query) = query {
        marks.order = learned_order(item, &texts, &bonus, query, model);
    }
    marks
        .lines
        .sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    marks
}

/// How much one unit of hand weight (a call, a frame line, the edge) moves a line in the
/// learned order, whose scores are log-odds.
const BONUS_SCALE: f32 = 1.0;

/// `item`'s lines best first by `model`'s score plus the hand `bonus` of each; ties by
/// line.
fn learned_order(
    item: &PackItem,
    texts: &[(Line, String)],
    bonus: &[f32],
    query: &LineQuery,
    model: &LineModel,
) -> Vec<Line> {
    let lines: Vec<(Line, &str)> = texts.iter().map(|(l, t)| (*l, t.as_str())).collect();
    let features = line_score::features(&lines, item.range, item.signature, query);
    let mut scored: Vec<(Line, f32)> = (lines.iter().zip(&features).zip(bonus))
        .map(|((&(l, _), f), b)| (l, model.score(f) + BONUS_SCALE * b))
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.into_iter().map(|(l, _)| l).collect()
}

/// The share of the request's heaviest term a line must weigh to make a type's head worth
/// showing: a line holding one of the question's rarer words, not any word.
const HEAD_EVIDENCE_SHARE: f32 = 0.5;

/// Whether `item` holds, past its signature, a literal hit or a line weighing at least
/// [`HEAD_EVIDENCE_SHARE`] of `evidence`'s heaviest term.
pub(crate) fn beyond_signature(item: &PackItem, evidence: &Evidence) -> bool {
    let heaviest = evidence.terms.values().copied().fold(0.0, f32::max);
    let floor = heaviest * HEAD_EVIDENCE_SHARE;
    let past = |l: Line| !item.signature.contains(l);
    item.marks.must.iter().any(|&l| past(l))
        || (item.marks.lines.iter()).any(|&(l, w)| past(l) && w >= floor && w > 0.0)
}

/// The lines a cut-down `item` shows with `keep` lines of its own: its signature (or, when
/// a higher item printed it, the first line left), its literal hits, then its evidence
/// lines best first, each with a line of context, then its first lines; a gap of one line (between two shown runs, or at either end of the
/// definition) is shown rather than replaced by an elision line of the same size.
/// Ascending, disjoint runs.
pub(crate) fn chosen_ranges(item: &PackItem, keep: usize) -> Vec<LineRange> {
    let universe: Vec<Line> = item.shown.iter().flat_map(|r| r.start..=r.end).collect();
    let inside = |l: Line| item.shown.iter().any(|r| r.contains(l));
    let mut chosen: BTreeSet<Line> = BTreeSet::new();
    // The signature, not the doc comment above it: a doc competes like any other lines.
    for l in item.signature.start..=item.signature.end {
        if inside(l) {
            chosen.insert(l);
        }
    }
    for &l in &item.marks.must {
        chosen.insert(l);
    }
    // A higher-ranked item printed the signature: the first line left stands for it, so
    // even the smallest form shows a line and names the rest.
    if chosen.is_empty() {
        chosen.extend(universe.first());
    }
    // The learned order when there is one, else the hand weights' order.
    let learned = !item.marks.order.is_empty();
    let hand = item
        .marks
        .lines
        .iter()
        .filter(|_| !learned)
        .map(|&(l, _)| l);
    for l in item.marks.order.iter().copied().chain(hand) {
        if chosen.len() >= keep {
            break;
        }
        for at in [l, l.saturating_sub(CONTEXT), l + CONTEXT] {
            if chosen.len() >= keep {
                break;
            }
            if at >= 1 && inside(at) {
                chosen.insert(at);
            }
        }
    }
    for &l in &universe {
        if chosen.len() >= keep {
            break;
        }
        chosen.insert(l);
    }
    // A one-line gap costs the same as its elision line: inside a shown range, and at
    // either end of one (a doc line above the signature, a closing brace).
    let lines: Vec<Line> = chosen.iter().copied().collect();
    for pair in lines.windows(2) {
        if pair[1] == pair[0] + 2 && inside(pair[0] + 1) {
            chosen.insert(pair[0] + 1);
        }
    }
    for range in &item.shown {
        let (start, end) = (range.start, range.end);
        if end <= start + 1 {
            continue;
        }
        if !chosen.contains(&start) && chosen.contains(&(start + 1)) {
            chosen.insert(start);
        }
        if !chosen.contains(&end) && chosen.contains(&(end - 1)) {
            chosen.insert(end);
        }
    }
    runs(&chosen)
}

/// The smallest `keep` any cut-down form of `item` has: its signature (or the first line
/// left) and literal hits; at least one line while the item shows any.
pub(crate) fn min_keep(item: &PackItem) -> usize {
    chosen_ranges(item, 0)
        .iter()
        .map(|r| r.len() as usize)
        .sum()
}

/// The runs of `item`'s shown lines that the diff of `evidence` changed.
pub(crate) fn changed_runs(item: &PackItem, evidence: &Evidence) -> Vec<LineRange> {
    let Some(changed) = evidence.changed_lines.get(&item.path) else {
        return Vec::new();
    };
    let inside: BTreeSet<Line> = (changed.iter().copied())
        .filter(|&l| item.shown.iter().any(|r| r.contains(l)))
        .collect();
    runs(&inside)
}

fn runs(lines: &BTreeSet<Line>) -> Vec<LineRange> {
    let mut out: Vec<LineRange> = Vec::new();
    for &l in lines {
        match out.last_mut() {
            Some(r) if r.end + 1 == l => r.end = l,
            _ => out.push(LineRange::new(l, l)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_learned_order_puts_what_the_model_weighs_first_and_a_call_bonus_on_top() {
        let item = item(LineRange::new(1, 8));
        let query = LineQuery::new(&[("timeout".into(), 1.0)], &[], &[]);
        let model = LineModel::parse("gather-lines 1\nterm_share 3\nblank -2\ncomment -1\n")
            .expect("a model");
        let texts: Vec<(Line, String)> = (1..).zip(TEXT.map(String::from)).collect();
        let mut bonus = vec![0.0; TEXT.len()];
        let order = learned_order(&item, &texts, &bonus, &query, &model);
        assert_eq!(order.len(), TEXT.len(), "every line is ordered");
        assert_eq!(order[0], 5, "the line holding the question's term leads");
        assert_eq!(&order[order.len() - 2..], &[3, 7], "blank lines come last");
        // The hand weight of a call to another item of the pack outranks the model.
        bonus[5] = 4.0;
        let order = learned_order(&item, &texts, &bonus, &query, &model);
        assert_eq!(order[..2], [6, 5]);
    }

    #[test]
    fn a_cut_down_item_shows_lines_in_the_learned_order_when_there_is_one() {
        let mut item = item(LineRange::new(1, 30));
        item.marks.lines = vec![(3, 1.0)];
        // By the hand weights: the signature, then line 3 with its context.
        assert_eq!(
            chosen_ranges(&item, 4),
            vec![LineRange::new(1, 4)],
            "the hand order"
        );
        item.marks.order = vec![20, 3];
        assert_eq!(
            chosen_ranges(&item, 4),
            vec![LineRange::new(1, 1), LineRange::new(19, 21)],
            "the learned order"
        );
    }
}
