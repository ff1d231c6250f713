//! Which lines of a definition carry the request's evidence, and which of them a cut-down
//! item shows. A definition too long to print whole keeps its signature and the lines
//! that hold the question's terms (weighted by rarity), its literal hits (never left
//! out), and its calls to the other items, each with a line of context; the rest is named
//! by elision lines that re-request exactly what they leave out. In question mode the
//! learned line scorer chooses past the signature and literal hits (`line_choice.rs`).

use std::collections::BTreeSet;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use crate::ask::evidence::AnswerEvidence;
use crate::index::postings::Postings;
use crate::lines::{Line, LineRange};
use crate::pack::line_choice::Learned;
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
    pub line_query: Option<Arc<LineQuery>>,
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

    /// The evidence of an answered question: its terms and the feedback lane's, weighed
    /// by their rarity among the definitions of `postings`, its literals, the lines its
    /// stack frames point at, and its own evidence for the learned line scorer. A question
    /// with a body (an issue) adds what it names most specifically (its code spans, the
    /// names its code calls, its error messages); its prose words count for little, since
    /// nearly every line of a definition holds one of them.
    pub fn of_question(asked: &AnswerEvidence, postings: &Postings) -> Evidence {
        let own = &asked.own;
        let terms = [own.terms.as_slice(), &asked.feedback_terms].concat();
        let mut evidence = Evidence::new(
            &terms,
            |t| postings.get(t).len(),
            postings.n_docs(),
            &own.literals,
        );
        evidence.frame_lines = asked.frame_lines.clone();
        evidence.line_query = Some(Arc::new(LineQuery::of(own)));
        evidence
    }

    /// The weight of one line, split into what its terms and what its calls give, or
    /// `None` when it holds a literal (never left out). `each_term` sees every term of the
    /// line, when its terms were read (not for a literal's line, nor without terms to
    /// weigh).
    fn score(&self, line: &str, mut each_term: impl FnMut(&String)) -> Option<(f32, f32)> {
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
                each_term(&t);
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
    /// What the learned line scorer reads of the item, when it chooses the lines of a
    /// cut-down form (question mode with a model shipped).
    learned: Option<Arc<Learned>>,
}

impl Marks {
    /// Marks whose cut-down forms choose lines by `shares` (ascending by line, summing to
    /// one) rather than by the hand weights.
    #[cfg(test)]
    fn with_shares(shares: Vec<(Line, f32)>) -> Marks {
        Marks {
            learned: Some(Arc::new(Learned::with_shares(shares))),
            ..Marks::default()
        }
    }
}

/// [`Evidence::score`] of one line, and the line `query`'s terms it holds, found as its
/// terms are weighed.
fn weigh(
    evidence: &Evidence,
    text: &str,
    query: Option<&LineQuery>,
) -> (Option<(f32, f32)>, Vec<String>) {
    let mut found: Vec<String> = Vec::new();
    let mut read = false;
    let scored = evidence.score(text, |t| {
        read = true;
        if query.is_some_and(|q| q.holds_term(t)) && !found.contains(t) {
            found.push(t.clone());
        }
    });
    if let Some(query) = query.filter(|_| !read) {
        // Its terms were not read (a literal's line, or none to weigh), or it has none:
        // read it for the scorer alone.
        found = line_score::line_terms(text, query);
    }
    (scored, found)
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
    let query = (evidence.line_query.as_ref()).filter(|_| model.is_present());
    let mut texts: Vec<(Line, String)> = Vec::new();
    // The line query's terms each line holds, found as its terms are weighed.
    let mut found: Vec<Vec<String>> = Vec::new();
    // What the hand weights give each line beyond its terms: calls, frames, the edge.
    let mut bonus: Vec<f32> = Vec::new();
    for range in &item.shown {
        for l in range.start..=range.end {
            let text = line(l);
            let mut extra = 0.0;
            let (scored, line_found) = weigh(evidence, &text, query.map(Arc::as_ref));
            let mut w = match scored {
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
                found.push(line_found);
                bonus.push(extra);
            }
        }
    }
    if let Some(query) = query {
        let learned = Learned::new(texts, found, bonus, Arc::clone(query));
        marks.learned = Some(Arc::new(learned));
    }
    marks
        .lines
        .sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    marks
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
/// lines best first, each with a line of context, then its first lines (in question mode,
/// the lines the learned scorer adds instead); a gap of one line (between two shown runs,
/// or at either end of the definition) is shown rather than replaced by an elision line of
/// the same size.
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
    let learned = (item.marks.learned.as_ref()).filter(|_| chosen.len() < keep);
    if let Some(learned) = learned {
        learned.add(item, &mut chosen, keep);
    } else {
        for &(l, _) in &item.marks.lines {
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

    #[test]
    fn the_scorer_finds_in_the_weighing_pass_the_terms_it_would_find_alone() {
        let lines = [
            "def wait_for(job, timeout):",
            "    \"\"\"Waits for the job to finish.\"\"\"",
            "    deadline = now() + timeout",
            "    log(\"timed out\")",
            "",
            "    return job.finished(deadline)",
        ];
        let item = item(LineRange::new(1, 6));
        let terms: Vec<(String, f32)> = ["wait", "timeout", "finish", "deadlin", "=waitfor"]
            .iter()
            .map(|t| (t.to_string(), 1.0))
            .collect();
        for (weighed, literals) in [
            (terms.as_slice(), vec!["timed out".to_string()]),
            (&[][..], vec![]),
        ] {
            let mut evidence = Evidence::new(weighed, |_| 1, 10, &literals);
            let query = LineQuery::new(&terms, &["wait_for".into()], &literals);
            evidence.line_query = Some(Arc::new(query.clone()));
            let marks = mark(&item, &evidence, |l| lines[l as usize - 1].to_string());
            let learned = marks.learned.expect("the scorer reads the item");
            let alone: Vec<Vec<String>> = (lines.iter())
                .map(|text| line_score::line_terms(text, &query))
                .collect();
            assert_eq!(learned.found(), alone.as_slice());
            assert!(alone[2].contains(&"deadlin".to_string()), "{alone:?}");
        }
    }

    #[test]
    fn a_far_line_is_shown_when_it_is_worth_its_elision_line() {
        let mut item = item(LineRange::new(1, 30));
        item.marks.lines = vec![(3, 1.0)];
        // By the hand weights: the signature, then line 3 with its context.
        assert_eq!(
            chosen_ranges(&item, 4),
            vec![LineRange::new(1, 4)],
            "the hand order"
        );
        // Line 20 holds most of the scorer's belief: it is shown with its context.
        item.marks = Marks {
            lines: vec![(3, 1.0)],
            ..Marks::with_shares(
                (1..=30)
                    .map(|l| (l, if l == 20 { 0.71 } else { 0.01 }))
                    .collect(),
            )
        };
        assert_eq!(
            chosen_ranges(&item, 4),
            vec![LineRange::new(1, 1), LineRange::new(19, 21)],
            "the learned shares"
        );
    }

    #[test]
    fn where_the_scorer_is_unsure_runs_grow_rather_than_scatter() {
        let mut item = item(LineRange::new(1, 30));
        // Lines 10 and 25 are a little likelier than the rest, not by an elision line's
        // worth: the lines after the signature are shown as one run.
        item.marks = Marks::with_shares(
            (1..=30)
                .map(|l| (l, if l == 10 || l == 25 { 0.045 } else { 0.032 }))
                .collect(),
        );
        assert_eq!(chosen_ranges(&item, 6), vec![LineRange::new(1, 6)]);
        // Made far likelier, each is worth its own run.
        item.marks = Marks::with_shares(
            (1..=30)
                .map(|l| (l, if l == 10 || l == 25 { 0.3 } else { 0.014 }))
                .collect(),
        );
        assert_eq!(
            chosen_ranges(&item, 7),
            vec![
                LineRange::new(1, 1),
                LineRange::new(9, 11),
                LineRange::new(24, 26)
            ]
        );
    }
}
