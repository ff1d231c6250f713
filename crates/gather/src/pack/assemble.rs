//! Collecting a pack's candidates: pinned slices, seeds with their callers and callees,
//! line hits; then ranking them and merging overlaps so no line is shown twice.

use std::collections::{HashMap, HashSet};

use crate::graph::{CallGraph, Confidence, Edge};
use crate::index::{FileRecord, FileStatus, Index, SymbolId, SymbolKind};
use crate::lines::{Line, LineRange};
use crate::pack::{
    evidence, fit, AmbiguousCallee, LooseLines, Mode, Omitted, Pack, PackItem, PackRequest,
    Rendered, Role, UnmetSlice,
};

/// Collects, merges and ranks the candidates of `request`.
pub fn assemble(index: &Index, graph: &CallGraph, request: &PackRequest) -> Pack {
    let mut omitted = request.omitted.clone();
    let mut degraded: Vec<String> = request.degraded.clone();
    if omitted.question().question_left_out > 0 {
        degraded.push(format!(
            "question-cut({} words not read)",
            omitted.question().question_left_out
        ));
    }
    let mut items = pinned_items(request, &mut omitted);
    let mut neighbours: Vec<PackItem> = Vec::new();
    let mut heads: Vec<SymbolId> = Vec::new();
    for (rank, &seed) in request.seeds.iter().enumerate() {
        items.push(seed_item(index, request, rank, seed));
        if request.mode == Mode::Ask && rank < HEAD_SEEDS {
            items.extend(head_item(index, request, seed, &mut heads));
        }
        degraded.extend(call_graph_gaps(index.symbol(seed).file));
        if rank < request.neighbours_of {
            add_neighbours(index, graph, request, seed, &mut neighbours, &mut omitted);
        }
        note_unresolved(graph, seed, &mut omitted);
    }
    items.extend(loose_items(index, &request.loose));
    // What may break comes first in a change's pack: the changed definitions' callers.
    rank_neighbours(&mut neighbours, request.mode == Mode::Change);
    items.extend(neighbours);
    // Pinned slices claim their lines first (what was asked for is shown as asked), then
    // seeds, then neighbours.
    items.sort_by_key(|i| match i.role {
        Role::Pinned => 0,
        Role::Seed | Role::LineHit | Role::Changed | Role::ParentOf(_) => 1,
        _ => 2,
    });
    let mut items = merge(items, &mut omitted);
    items.sort_by_key(|i| i.role.rank());
    // Error recovery may have cost the file definitions (and this item its neighbours).
    degraded.extend(
        items
            .iter()
            .filter(|i| index.status(&i.path) == Some(FileStatus::ParsedWithErrors))
            .map(|i| format!("parsed-with-errors({})", i.path)),
    );
    degraded.sort();
    degraded.dedup();
    Pack {
        mode: request.mode,
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
        call_root: request.call_root.clone(),
        budget_asked: None,
        sources: Default::default(),
        index: Default::default(),
        explained: None,
    }
}

/// The items of lines that belong to no definition: a literal hit with a few lines around
/// it, a changed run whole.
fn loose_items(index: &Index, loose: &LooseLines) -> Vec<PackItem> {
    match loose {
        LooseLines::None => Vec::new(),
        LooseLines::Hits(hits) => (hits.iter())
            .map(|hit| {
                let (path, line) = (&hit.path, &hit.line);
                let n_lines = index.file(path).map_or(*line, |f| f.n_lines.max(*line));
                let range = LineRange::new(
                    line.saturating_sub(LINE_HIT_CONTEXT).max(1),
                    (line + LINE_HIT_CONTEXT).min(n_lines),
                );
                let name = format!("{path}:{line}");
                lines_item(path, name, None, range, Role::LineHit)
            })
            .collect(),
        LooseLines::Runs(runs) => (runs.iter())
            .map(|run| {
                let name = format!("{}:{}", run.path, run.range);
                lines_item(&run.path, name, None, run.range, Role::Changed)
            })
            .collect(),
    }
}

/// The items of the pinned slices that show lines; those not found go to `omitted`.
fn pinned_items(request: &PackRequest, omitted: &mut Omitted) -> Vec<PackItem> {
    for slice in request.pinned.iter().filter(|s| !s.found) {
        omitted.unmet_slices.push(UnmetSlice {
            path: slice.file.clone(),
            symbol: slice.symbol.clone(),
            reason: slice.reason.clone().unwrap_or_default(),
        });
    }
    let mut items = Vec::new();
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
    items
}

/// The item of the seed at `rank`, weighted by the ranking's confidence in it.
fn seed_item(index: &Index, request: &PackRequest, rank: usize, seed: SymbolId) -> PackItem {
    // Past the leading seeds the budget buys more definitions rather than long docs
    // (parameter lists, examples).
    let keep_long_doc = request.seeds.len() <= 1 || rank < fit::LEAD_SEEDS;
    let mut item = item_for(index, seed, Role::Seed, None, keep_long_doc);
    let first = request.seed_scores.first().copied().unwrap_or(0.0);
    if let Some(score) = request.seed_scores.get(rank).filter(|_| first > 0.0) {
        item.weight = (score / first).clamp(0.0, 1.0);
    }
    item
}

/// How many leading seeds bring their type's head: past them a head would cost the
/// room of a seed for context.
const HEAD_SEEDS: usize = 3;

/// The head of the type holding `seed` (a method's class, struct or impl), once per type
/// and never for a type that is itself a seed (a Go struct and a method outside its lines
/// can both be): its lines before its first member inside it (doc comment, signature,
/// docstring, fields), so what the method's `self` is reads with the method. A change to
/// a method's behaviour often lands there (a class attribute, the docstring's account of
/// a parameter).
fn head_item(
    index: &Index,
    request: &PackRequest,
    seed: SymbolId,
    heads: &mut Vec<SymbolId>,
) -> Option<PackItem> {
    let found = index.symbol(seed);
    let parent = SymbolId {
        file: seed.file,
        idx: found.symbol.parent?,
    };
    let holder = index.symbol(parent).symbol;
    if !holder.kind.holds_methods() || heads.contains(&parent) || request.seeds.contains(&parent) {
        return None;
    }
    heads.push(parent);
    let role = Role::ParentOf(found.symbol.qualified_name.clone());
    let mut item = item_for(index, parent, role, None, true);
    let first_member = (found.file.symbols.iter())
        .filter(|s| s.parent == Some(parent.idx) && holder.range.contains(s.range.start))
        .filter(|s| !matches!(s.kind, SymbolKind::Const | SymbolKind::Type))
        .map(|s| s.full_range().start)
        .min();
    let end = first_member.map_or(item.range.end, |start| start - 1);
    if end < item.range.start {
        return None;
    }
    // The item stands for the head alone: its members are not part of it.
    item.range = LineRange::new(item.range.start, end);
    item.cost_lines = item.range.len() as usize;
    item.shown = vec![item.range];
    Some(item)
}

/// Why the call graph around a seed in `file` is partial, if it is.
fn call_graph_gaps(file: &FileRecord) -> Vec<String> {
    match file.status {
        // Line rules find definitions but no call sites.
        FileStatus::Heuristic => vec![
            format!("heuristic-parse({})", file.path),
            "callgraph-unavailable".to_string(),
        ],
        FileStatus::Parsed | FileStatus::ParsedWithErrors => {
            let has_calls = file
                .language
                .as_deref()
                .and_then(gather_languages::by_id)
                .is_some_and(|spec| !spec.calls.trim().is_empty());
            if has_calls {
                Vec::new()
            } else {
                vec!["callgraph-unavailable".to_string()]
            }
        }
        _ => Vec::new(),
    }
}

/// Adds the callers, then the callees, of `seed` to `neighbours`; test code is left out
/// (and counted) unless asked for or the seed is itself a test.
fn add_neighbours(
    index: &Index,
    graph: &CallGraph,
    request: &PackRequest,
    seed: SymbolId,
    neighbours: &mut Vec<PackItem>,
    omitted: &mut Omitted,
) {
    let seed_ref = index.symbol(seed);
    let seed_name = &seed_ref.symbol.qualified_name;
    let mut add = |id: SymbolId, role: Role, edge: &Edge| {
        if id == seed {
            return;
        }
        let symbol = index.symbol(id).symbol;
        if symbol.is_test && !request.include_tests && !seed_ref.symbol.is_test {
            omitted.tests_excluded += 1;
            return;
        }
        let edge = Some((edge.confidence, edge.line));
        neighbours.push(item_for(index, id, role, edge, true));
    };
    for edge in graph.callers(seed) {
        add(edge.caller, Role::CallerOf(seed_name.clone()), &edge);
    }
    for edge in graph.callees(seed) {
        add(edge.callee, Role::CalleeOf(seed_name.clone()), &edge);
    }
}

/// Names the calls out of `seed` that reach no single definition of the workspace.
fn note_unresolved(graph: &CallGraph, seed: SymbolId, omitted: &mut Omitted) {
    for name in graph.external_from(seed) {
        if !omitted.external_callees.iter().any(|n| n == name) {
            omitted.external_callees.push(name.to_string());
        }
    }
    for call in graph.ambiguous_from(seed) {
        omitted.ambiguous.push(AmbiguousCallee {
            name: call.name.clone(),
            line: call.line,
            candidates: call.candidates.len(),
        });
    }
}

/// Neighbours reached from several seeds rank first (callers before callees first, when
/// `callers_first`), then by proof, then by position.
fn rank_neighbours(neighbours: &mut [PackItem], callers_first: bool) {
    let mut reach: HashMap<(String, Line), usize> = HashMap::new();
    for n in neighbours.iter() {
        *reach.entry((n.path.clone(), n.range.start)).or_default() += 1;
    }
    neighbours.sort_by(|a, b| {
        let ra = reach[&(a.path.clone(), a.range.start)];
        let rb = reach[&(b.path.clone(), b.range.start)];
        let is_callee = |i: &PackItem| callers_first && matches!(i.role, Role::CalleeOf(_));
        is_callee(a)
            .cmp(&is_callee(b))
            .then(rb.cmp(&ra))
            .then(
                a.confidence
                    .map(Confidence::rank)
                    .cmp(&b.confidence.map(Confidence::rank)),
            )
            .then((&a.path, a.range.start).cmp(&(&b.path, b.range.start)))
    });
}

/// An item that is a range of lines rather than a definition of the index (a pinned
/// slice, a line hit): its first line stands for its signature.
pub(super) fn lines_item(
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
        changed: Vec::new(),
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
        changed: Vec::new(),
    }
}

/// Removes, from each item, the lines already shown by higher-ranked items of the same
/// file. An item left with nothing is dropped (counted as merged); a duplicate definition
/// (the same symbol reached twice) keeps its first, highest-ranked place, even where the
/// two cover different lines (a seed that leaves its long doc out, reached again as a
/// neighbour with it, is not shown a second time as its doc alone).
fn merge(items: Vec<PackItem>, omitted: &mut Omitted) -> Vec<PackItem> {
    let mut shown_by_file: HashMap<String, Vec<LineRange>> = HashMap::new();
    // Definitions that already have their place (whatever lines they were left with); a
    // class head stands for the class's own lines only, so the class may still come later.
    let mut placed: HashSet<SymbolId> = HashSet::new();
    let mut out = Vec::with_capacity(items.len());
    for mut item in items {
        if let Some(id) = item.symbol {
            if placed.contains(&id) {
                omitted.merged += 1;
                continue;
            }
            if !matches!(item.role, Role::ParentOf(_)) {
                placed.insert(id);
            }
        }
        let taken = shown_by_file.entry(item.path.clone()).or_default();
        // An item starts from what it would show: its range, or a head's own lines.
        let mut remaining = std::mem::take(&mut item.shown);
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

    fn definition(idx: u32, range: LineRange, role: Role) -> PackItem {
        let mut item = lines_item("src/a.rs", format!("f{idx}"), None, range, role);
        item.symbol = Some(SymbolId { file: 0, idx });
        item
    }

    #[test]
    fn a_definition_reached_twice_keeps_only_its_first_place() {
        let r = LineRange::new;
        let callee = || Role::CalleeOf("g".to_string());
        let items = vec![
            // A seed past the leading ones, its long doc (lines 1-9) left out.
            definition(1, r(10, 30), Role::Seed),
            // The same definition as a neighbour, doc and all: only its doc is new.
            definition(1, r(1, 30), callee()),
            // Another definition whose lines overlap nothing keeps them.
            definition(2, r(40, 50), callee()),
        ];
        let mut omitted = Omitted::default();
        let merged = merge(items, &mut omitted);
        let kept: Vec<(u32, Vec<LineRange>)> = (merged.iter())
            .map(|i| (i.symbol.unwrap().idx, i.shown.clone()))
            .collect();
        assert_eq!(kept, [(1, vec![r(10, 30)]), (2, vec![r(40, 50)])]);
        assert_eq!(omitted.merged, 1);
    }

    #[test]
    fn a_class_head_leaves_the_class_free_to_come_again() {
        let r = LineRange::new;
        let items = vec![
            definition(1, r(1, 4), Role::ParentOf("C::m".to_string())),
            definition(1, r(1, 40), Role::CalleeOf("g".to_string())),
        ];
        let merged = merge(items, &mut Omitted::default());
        let shown: Vec<Vec<LineRange>> = merged.iter().map(|i| i.shown.clone()).collect();
        assert_eq!(shown, [vec![r(1, 4)], vec![r(5, 40)]]);
    }
}
