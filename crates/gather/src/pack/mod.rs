//! The pack engine, used by every mode: pinned slices, seeds and their one-hop neighbours
//! become candidates; overlapping ranges merge (no line is shown twice, seeds win);
//! candidates are ranked; `fit` degrades what does not fit (body → elided → signature →
//! stub) so the whole rendered pack stays within the budget, and names everything cut.

pub mod evidence;
mod fit;

use std::collections::HashMap;

pub use evidence::Evidence;
pub use fit::{fit, minimum};

use crate::budget::Budget;
use crate::graph::{CallGraph, Confidence};
use crate::index::{FileStatus, Index, SymbolId, SymbolKind};
use crate::lines::{Line, LineRange};
use crate::render::zoom::Frontend;
use crate::slice::Slice;

/// Why an item is in the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Asked for explicitly (a slice request).
    Pinned,
    /// The definition the request is about.
    Seed,
    /// Calls the named seed.
    CallerOf(String),
    /// Is called by the named seed.
    CalleeOf(String),
    /// A line where the question's literal text occurs outside every definition.
    LineHit,
}

impl Role {
    /// `pinned`, `seed`, `caller-of-X`, `callee-of-X`.
    pub fn label(&self) -> String {
        match self {
            Role::Pinned => "pinned".into(),
            Role::Seed => "seed".into(),
            Role::CallerOf(x) => format!("caller-of-{x}"),
            Role::CalleeOf(x) => format!("callee-of-{x}"),
            Role::LineHit => "line-hit".into(),
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Role::Pinned => 0,
            Role::Seed | Role::LineHit => 1,
            Role::CallerOf(_) | Role::CalleeOf(_) => 2,
        }
    }
}

/// How much of an item is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rendered {
    /// Every line.
    Body,
    /// The signature and the lines that carry the evidence, with elision lines naming the
    /// exact re-request of what they leave out.
    Elided,
    /// The signature and an elision line.
    Signature,
    /// Only named under `## Beyond budget`.
    Stub,
}

impl Rendered {
    /// The name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Rendered::Body => "body",
            Rendered::Elided => "elided",
            Rendered::Signature => "signature",
            Rendered::Stub => "stub",
        }
    }
}

/// One candidate for the pack.
#[derive(Clone, Debug)]
pub struct PackItem {
    /// Root-relative path.
    pub path: String,
    /// The definition, when the item is one.
    pub symbol: Option<SymbolId>,
    /// Qualified name (or the slice's label).
    pub name: String,
    /// Kind, when a definition.
    pub kind: Option<SymbolKind>,
    /// The whole range the item stands for.
    pub range: LineRange,
    /// Its signature lines (for the signature form).
    pub signature: LineRange,
    /// Why it is here.
    pub role: Role,
    /// How the edge to its seed was proven (neighbours).
    pub confidence: Option<Confidence>,
    /// The call line of that edge.
    pub call_line: Option<Line>,
    /// Ranges to print, after merging with higher-ranked items (ascending, disjoint).
    pub shown: Vec<LineRange>,
    /// How it is printed; set by `fit`.
    pub rendered: Rendered,
    /// Lines it would take printed whole.
    pub cost_lines: usize,
    /// For the elided and signature forms: how many leading lines are kept.
    pub elide_keep: usize,
    /// A long doc comment above the definition that the item does not show.
    pub doc_left_out: Option<LineRange>,
    /// Its lines that carry the request's evidence; set before `fit`.
    pub marks: evidence::Marks,
    /// For seeds: the ranking's confidence in it relative to the first seed (0 to 1).
    pub weight: f32,
}

/// What a pack request asks for.
#[derive(Clone, Debug)]
pub struct PackRequest {
    /// The mode's name (`symbol`, `ask`, `slices`).
    pub mode: String,
    /// Slices to pin first, already cut.
    pub pinned: Vec<Slice>,
    /// Seed definitions, most important first.
    pub seeds: Vec<SymbolId>,
    /// The ranking's confidence in each seed (any scale, same order); empty when every
    /// seed is as sure as the first.
    pub seed_scores: Vec<f32>,
    /// The budget.
    pub budget: Budget,
    /// Whether test code may be a neighbour.
    pub include_tests: bool,
    /// How many of the first seeds bring their callers and callees.
    pub neighbours_of: usize,
    /// Lines to show that belong to no definition (question mode's literal hits).
    pub line_hits: Vec<(String, Line)>,
    /// What the question stage already left out (unmatched words, copies of seeds,
    /// matches only in test code); the pack adds its own omissions to it.
    pub omitted: Omitted,
    /// What marks the lines a cut-down item keeps (the question's terms and literals).
    pub evidence: Evidence,
    /// Who reads the pack (how re-requests are spelled).
    pub frontend: Frontend,
    /// Reasons the caller already knows the pack is partial (`index-building`).
    pub degraded: Vec<String>,
}

/// Things the pack leaves out that are not beyond-budget items.
#[derive(Clone, Debug, Default)]
pub struct Omitted {
    /// Neighbours left out because they are test code.
    pub tests_excluded: usize,
    /// Distinct callee names defined outside the workspace.
    pub external_callees: Vec<String>,
    /// Calls whose target could be several definitions: (name, line, candidate count).
    pub ambiguous: Vec<(String, Line, usize)>,
    /// Candidates wholly covered by a higher-ranked item.
    pub merged: usize,
    /// Question words that matched nothing in the workspace.
    pub unmatched_terms: Vec<String>,
    /// Identical copies of seeds (a mirrored or generated tree), each named with the
    /// copy shown: (path, range, shown path, shown range).
    pub copies: Vec<(String, LineRange, String, LineRange)>,
    /// With no seed found: how many test definitions match the question.
    pub test_matches: usize,
    /// Nothing the question names exists in the workspace (see `unmatched_terms`).
    pub nothing_matched: bool,
    /// Pinned slices that could not be met as asked: (path, symbol, reason). Those that
    /// show nothing appear only here, so no request vanishes.
    pub unmet_slices: Vec<(String, Option<String>, String)>,
    /// Distinct question words past the reading cap, which no lane looked for.
    pub question_left_out: usize,
    /// Other definitions of the name a symbol request gave without a line, in its file:
    /// (path, qualified name, range). The first is answered; these are named.
    pub other_definitions: Vec<(String, String, LineRange)>,
}

/// A pack before rendering: ranked, merged items and what was omitted.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The mode.
    pub mode: String,
    /// Items in rank order.
    pub items: Vec<PackItem>,
    /// Things left out.
    pub omitted: Omitted,
    /// Reasons the pack is partial (`heuristic-parse(path)`, `callgraph-unavailable`).
    pub degraded: Vec<String>,
    /// The budget.
    pub budget: Budget,
    /// Number of seeds.
    pub n_seeds: usize,
    /// The seeds' qualified names, in rank order (a seed whose lines a pinned slice
    /// prints is still a seed of the request).
    pub seed_names: Vec<String>,
    /// When the budget cannot name every cut item: how many are named before the rest
    /// fold into one line.
    pub listed_stubs: Option<usize>,
    /// Who reads the pack (how re-requests are spelled).
    pub frontend: Frontend,
    /// The line budget asked for, when it was past [`MAX_LINES`] and cut to it.
    pub budget_asked: Option<usize>,
}

/// Collects, merges and ranks the candidates of `request`.
pub fn assemble(index: &Index, graph: &CallGraph, request: &PackRequest) -> Pack {
    let mut items: Vec<PackItem> = Vec::new();
    let mut omitted = request.omitted.clone();
    let mut degraded: Vec<String> = request.degraded.clone();
    if omitted.question_left_out > 0 {
        degraded.push(format!(
            "question-cut({} words not read)",
            omitted.question_left_out
        ));
    }
    for slice in request.pinned.iter().filter(|s| !s.found) {
        omitted.unmet_slices.push((
            slice.file.clone(),
            slice.symbol.clone(),
            slice.reason.clone().unwrap_or_default(),
        ));
    }
    for slice in request.pinned.iter().filter(|s| s.line_start > 0) {
        let range = LineRange::new(slice.line_start, slice.line_end);
        let name = slice
            .symbol
            .clone()
            .unwrap_or_else(|| format!("{}:{range}", slice.file));
        items.push(lines_item(
            &slice.file,
            name,
            slice.kind,
            range,
            Role::Pinned,
        ));
    }
    let mut neighbours: Vec<PackItem> = Vec::new();
    for (rank, &seed) in request.seeds.iter().enumerate() {
        let seed_ref = index.symbol(seed);
        // Past the leading seeds the budget buys more definitions rather than long docs
        // (parameter lists, examples).
        let keep_long_doc = request.seeds.len() <= 1 || rank < fit::LEAD_SEEDS;
        let mut item = item_for(index, seed, Role::Seed, None, keep_long_doc);
        let first = request.seed_scores.first().copied().unwrap_or(0.0);
        if let Some(score) = request.seed_scores.get(rank).filter(|_| first > 0.0) {
            item.weight = (score / first).clamp(0.0, 1.0);
        }
        items.push(item);
        match seed_ref.file.status {
            // Line rules find definitions but no call sites.
            FileStatus::Heuristic => {
                degraded.push(format!("heuristic-parse({})", seed_ref.file.path));
                degraded.push("callgraph-unavailable".to_string());
            }
            FileStatus::Parsed => {
                let has_calls = seed_ref
                    .file
                    .language
                    .as_deref()
                    .and_then(gather_languages::by_id)
                    .is_some_and(|spec| !spec.calls.trim().is_empty());
                if !has_calls {
                    degraded.push("callgraph-unavailable".to_string());
                }
            }
            _ => {}
        }
        let seed_name = seed_ref.symbol.qualified_name.clone();
        let mut add = |id: SymbolId,
                       role: Role,
                       edge: &crate::graph::Edge,
                       neighbours: &mut Vec<PackItem>| {
            if id == seed {
                return;
            }
            let symbol = index.symbol(id).symbol;
            if symbol.is_test && !request.include_tests && !seed_ref.symbol.is_test {
                omitted.tests_excluded += 1;
                return;
            }
            neighbours.push(item_for(
                index,
                id,
                role,
                Some((edge.confidence, edge.line)),
                true,
            ));
        };
        let no_neighbours = rank >= request.neighbours_of;
        for edge in graph.callers(seed).into_iter().filter(|_| !no_neighbours) {
            add(
                edge.caller,
                Role::CallerOf(seed_name.clone()),
                &edge,
                &mut neighbours,
            );
        }
        for edge in graph.callees(seed).into_iter().filter(|_| !no_neighbours) {
            add(
                edge.callee,
                Role::CalleeOf(seed_name.clone()),
                &edge,
                &mut neighbours,
            );
        }
        for name in graph.external_from(seed) {
            if !omitted.external_callees.iter().any(|n| n == name) {
                omitted.external_callees.push(name.to_string());
            }
        }
        for call in graph.ambiguous_from(seed) {
            omitted
                .ambiguous
                .push((call.name.clone(), call.line, call.candidates.len()));
        }
    }
    for (path, line) in &request.line_hits {
        let n_lines = index.file(path).map_or(*line, |f| f.n_lines.max(*line));
        let range = LineRange::new(
            line.saturating_sub(LINE_HIT_CONTEXT).max(1),
            (line + LINE_HIT_CONTEXT).min(n_lines),
        );
        let name = format!("{path}:{line}");
        items.push(lines_item(path, name, None, range, Role::LineHit));
    }
    // Neighbours reached from several seeds rank first, then by proof, then by position.
    let mut reach: HashMap<(String, Line), usize> = HashMap::new();
    for n in &neighbours {
        *reach.entry((n.path.clone(), n.range.start)).or_default() += 1;
    }
    neighbours.sort_by(|a, b| {
        let ra = reach[&(a.path.clone(), a.range.start)];
        let rb = reach[&(b.path.clone(), b.range.start)];
        rb.cmp(&ra)
            .then(
                a.confidence
                    .map(Confidence::rank)
                    .cmp(&b.confidence.map(Confidence::rank)),
            )
            .then((&a.path, a.range.start).cmp(&(&b.path, b.range.start)))
    });
    items.extend(neighbours);
    // Pinned slices claim their lines first (what was asked for is shown as asked), then
    // seeds, then neighbours.
    items.sort_by_key(|i| match i.role {
        Role::Pinned => 0,
        Role::Seed | Role::LineHit => 1,
        _ => 2,
    });
    let mut items = merge(items, &mut omitted);
    items.sort_by_key(|i| i.role.rank());
    degraded.sort();
    degraded.dedup();
    Pack {
        mode: request.mode.clone(),
        items,
        omitted,
        degraded,
        budget: request.budget,
        n_seeds: request.seeds.len(),
        seed_names: request
            .seeds
            .iter()
            .map(|&id| index.symbol(id).symbol.qualified_name.clone())
            .collect(),
        listed_stubs: None,
        frontend: request.frontend,
        budget_asked: None,
    }
}

/// An item that is a range of lines rather than a definition of the index (a pinned
/// slice, a line hit): its first line stands for its signature.
fn lines_item(
    path: &str,
    name: String,
    kind: Option<SymbolKind>,
    range: LineRange,
    role: Role,
) -> PackItem {
    PackItem {
        path: path.to_string(),
        symbol: None,
        name,
        kind,
        range,
        signature: LineRange::new(range.start, range.start),
        role,
        confidence: None,
        call_line: None,
        shown: vec![range],
        rendered: Rendered::Body,
        cost_lines: range.len() as usize,
        elide_keep: 0,
        doc_left_out: None,
        marks: evidence::Marks::default(),
        weight: 1.0,
    }
}

/// Doc comments up to this many lines stay with an item that leaves long ones out.
const SHORT_DOC_LINES: u32 = 3;

/// The item of one definition, from its doc comment to its end; unless `keep_long_doc`,
/// a doc comment longer than a few lines is left out (the header names its lines).
fn item_for(
    index: &Index,
    id: SymbolId,
    role: Role,
    edge: Option<(Confidence, Line)>,
    keep_long_doc: bool,
) -> PackItem {
    let found = index.symbol(id);
    let full = found.symbol.full_range();
    let definition = found.symbol.range;
    let (range, doc_left_out) = if !keep_long_doc && definition.start > full.start + SHORT_DOC_LINES
    {
        (
            definition,
            Some(LineRange::new(full.start, definition.start - 1)),
        )
    } else {
        (full, None)
    };
    PackItem {
        path: found.file.path.clone(),
        symbol: Some(id),
        name: found.symbol.qualified_name.clone(),
        kind: Some(found.symbol.kind),
        range,
        signature: LineRange::new(
            found.symbol.signature.start.max(range.start),
            found.symbol.signature.end.min(range.end).max(range.start),
        ),
        role,
        confidence: edge.map(|(confidence, _)| confidence),
        call_line: edge.map(|(_, line)| line),
        shown: vec![range],
        rendered: Rendered::Body,
        cost_lines: range.len() as usize,
        elide_keep: 0,
        doc_left_out,
        marks: evidence::Marks::default(),
        weight: 1.0,
    }
}

/// Removes, from each item, the lines already shown by higher-ranked items of the same
/// file. An item left with nothing is dropped (counted as merged); a duplicate definition
/// (the same symbol reached twice) keeps its first, highest-ranked place.
fn merge(items: Vec<PackItem>, omitted: &mut Omitted) -> Vec<PackItem> {
    let mut shown_by_file: HashMap<String, Vec<LineRange>> = HashMap::new();
    let mut out = Vec::with_capacity(items.len());
    for mut item in items {
        let taken = shown_by_file.entry(item.path.clone()).or_default();
        let mut remaining = vec![item.range];
        for t in taken.iter() {
            remaining = remaining
                .into_iter()
                .flat_map(|r| subtract(r, *t))
                .collect();
        }
        if remaining.is_empty() {
            omitted.merged += 1;
            continue;
        }
        taken.extend(remaining.iter().copied());
        item.cost_lines = remaining.iter().map(|r| r.len() as usize).sum();
        item.shown = remaining;
        out.push(item);
    }
    out
}

/// `a` minus `b`: zero, one or two ranges.
fn subtract(a: LineRange, b: LineRange) -> Vec<LineRange> {
    if b.end < a.start || b.start > a.end {
        return vec![a];
    }
    let mut out = Vec::new();
    if a.start < b.start {
        out.push(LineRange::new(a.start, b.start - 1));
    }
    if b.end < a.end {
        out.push(LineRange::new(b.end + 1, a.end));
    }
    out
}

/// Lines shown on each side of a line hit.
const LINE_HIT_CONTEXT: Line = 2;

/// Hard cap on a pack's line budget.
pub const MAX_LINES: usize = 800;

/// Assembles, fits and renders a pack: the text form and the JSON form, with `used`
/// measured on the text.
/// A budget too small for even the pack's header and the line that counts what was cut is
/// `invalid_request`.
pub fn build(
    index: &Index,
    graph: &CallGraph,
    request: &PackRequest,
) -> crate::Result<(String, serde_json::Value)> {
    let mut request = request.clone();
    let mut budget_asked = None;
    if let Budget::Lines(n) = request.budget {
        if n > MAX_LINES {
            budget_asked = Some(n);
            request.budget = Budget::Lines(MAX_LINES);
        }
    }
    let mut pack = assemble(index, graph, &request);
    pack.budget_asked = budget_asked;
    let minimum = fit::minimum(&pack);
    if request.budget.limit() < minimum {
        return Err(crate::Error::new(
            crate::ErrorCode::InvalidRequest,
            format!(
                "a budget of {} {} cannot hold this pack's header and the list of what was cut; give at least {minimum}",
                request.budget.limit(),
                request.budget.unit()
            ),
        ));
    }
    let mut sources = crate::render::pack::Sources::new(index, request.frontend);
    let mut evidence = request.evidence.clone();
    for item in pack.items.iter().filter(|i| i.role == Role::Seed) {
        evidence.add_call(&item.name);
    }
    for item in &mut pack.items {
        let path = item.path.clone();
        let marks = evidence::mark(item, &evidence, |l| {
            sources.lines(&path, LineRange::new(l, l))
        });
        item.marks = marks;
    }
    fit(&mut pack, &mut sources);
    // A pinned slice is shown as asked or the request is refused: cutting it would answer
    // another question than the one asked.
    let pinned_lines: usize = pack
        .items
        .iter()
        .filter(|i| i.role == Role::Pinned)
        .map(|i| i.cost_lines)
        .sum();
    if pack
        .items
        .iter()
        .any(|i| i.role == Role::Pinned && i.rendered != Rendered::Body)
    {
        return Err(crate::Error::new(
            crate::ErrorCode::InvalidRequest,
            format!(
                "the pinned slices take {pinned_lines} lines, more than a budget of {} {} holds with the rest of the pack; raise the budget or pin fewer lines",
                request.budget.limit(),
                request.budget.unit()
            ),
        ));
    }
    let stamp = index.stamp();
    let (text, used) = crate::render::pack::pack_text(&pack, &mut sources, &stamp);
    let json = crate::render::pack::pack_json(&pack, index, &mut sources, &stamp, used, &text);
    Ok((text, json))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_covers_every_overlap() {
        let r = LineRange::new;
        assert_eq!(subtract(r(1, 10), r(20, 30)), [r(1, 10)]);
        assert_eq!(subtract(r(1, 10), r(1, 10)), []);
        assert_eq!(subtract(r(1, 10), r(3, 4)), [r(1, 2), r(5, 10)]);
        assert_eq!(subtract(r(1, 10), r(0, 4)), [r(5, 10)]);
        assert_eq!(subtract(r(1, 10), r(8, 12)), [r(1, 7)]);
    }
}
