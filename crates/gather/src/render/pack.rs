//! A fitted [`Pack`] as text and as JSON. Nothing here chooses or prices: the pieces come
//! from `pack::layout`, the same ones `pack::fit` priced, so the budget is spent on exactly
//! what is printed.

use serde_json::Value;

use super::answer::pack::{
    AmbiguousCall, BudgetUse, ChangeOmitted, Definition, Duplicate, Edge, IndexFacts, Item,
    Omitted, PackAnswer, TreeFacts, UnmetSlice, Zoom, ZoomFile,
};
use super::answer::{self, Lines, Span};
use crate::change::notes::ChangeNotes;
use crate::lines::NamedRange;
use crate::pack::layout::{
    file_close, file_open, header, item_body, item_text, item_zoom, more_line, shown_ranges,
    stub_line, BEYOND_HEADER,
};
use crate::pack::trailer::trailer;
use crate::pack::{Pack, PackItem, Rendered};

/// The pack as text and as JSON, `used` measured on the text.
pub fn render(pack: &Pack) -> (String, Value) {
    let (text, used) = pack_text(pack);
    let json = pack_json(pack, used, &text);
    (text, json)
}

/// The whole pack as text, with `used` measured on the text itself.
pub(crate) fn pack_text(pack: &Pack) -> (String, usize) {
    let body = body_text(pack);
    let stamp = &pack.index.stamp;
    let stale = &pack.sources.stale;
    // The header shows `used`, which depends on the header: settle it (two rounds at most,
    // since the placeholder priced the widest number).
    let mut used = pack
        .budget
        .cost(&format!("{}{body}", header(pack, 0, stamp, stale)));
    for _ in 0..3 {
        let text = format!("{}{body}", header(pack, used, stamp, stale));
        let measured = pack.budget.cost(&text);
        if measured == used {
            return (text, used);
        }
        used = measured;
    }
    let text = format!("{}{body}", header(pack, used, stamp, stale));
    let measured = pack.budget.cost(&text);
    (text, measured)
}

/// Everything below the header: the file blocks, the beyond-budget list, the omitted line.
fn body_text(pack: &Pack) -> String {
    let sources = &pack.sources;
    let mut body = String::new();
    let mut cut: Vec<&PackItem> = Vec::new();
    // One block per file, files in the order of their best-ranked item, items in line
    // order inside it.
    let mut files: Vec<(&str, Vec<&PackItem>)> = Vec::new();
    for item in &pack.items {
        if item.rendered == Rendered::Stub {
            cut.push(item);
            continue;
        }
        match files.iter_mut().find(|(path, _)| *path == item.path) {
            Some((_, items)) => items.push(item),
            None => files.push((&item.path, vec![item])),
        }
    }
    for (path, mut items) in files {
        items.sort_by_key(|i| i.shown.first().map_or(i.range.start, |r| r.start));
        body.push_str(&file_open(path, sources));
        for item in items {
            body.push_str(&item_text(item, item.rendered, item.elide_keep, sources));
        }
        body.push_str(&file_close(path, sources));
    }
    if !cut.is_empty() {
        body.push_str(BEYOND_HEADER);
        let listed = pack.listed_stubs.unwrap_or(cut.len());
        for item in &cut[..listed] {
            body.push_str(&stub_line(item, pack.frontend, pack.call_root.as_deref()));
        }
        if listed < cut.len() {
            let rest = &cut[listed..];
            body.push_str(&more_line(
                rest.len(),
                rest.iter().map(|i| i.cost_lines).sum(),
                pack.frontend,
                pack.call_root.as_deref(),
            ));
        }
    }
    if let Some(t) = trailer(&pack.omitted, pack.frontend, pack.call_root.as_deref()) {
        body.push_str(&t);
    }
    body
}

/// The pack as JSON (DESIGN.md "Output"); `used` and `text` are those of `pack_text`.
pub fn pack_json(pack: &Pack, used: usize, text: &str) -> Value {
    answer::value(&pack_answer(pack, used, text))
}

/// The pack's answer; `used` and `text` are those of `pack_text`.
pub fn pack_answer(pack: &Pack, used: usize, text: &str) -> PackAnswer {
    let degraded = crate::pack::layout::degraded(pack, &pack.sources.stale);
    // What the reader gets: lines of code, and lines of the tool's own words (header, fences,
    // item lines, elision lines, the cut list).
    let code_lines: u32 = pack
        .items
        .iter()
        .flat_map(shown_ranges)
        .map(|r| r.len())
        .sum();
    let text_lines = text.lines().count() as u32;
    let index = &pack.index;
    PackAnswer {
        budget: BudgetUse {
            asked: pack.budget_asked,
            code_lines,
            frame_lines: text_lines.saturating_sub(code_lines),
            limit: pack.budget.limit(),
            tokens_estimated: crate::budget::estimate_tokens(text),
            unit: pack.budget.unit().to_string(),
            used,
        },
        complete: !degraded.iter().any(|d| crate::pack::layout::is_partial(d)),
        degraded,
        index: IndexFacts {
            files: index.files,
            stamp: index.stamp.clone(),
            symbols: index.symbols,
        },
        items: pack.items.iter().map(|item| item_of(pack, item)).collect(),
        mode: pack.mode,
        omitted: omitted_of(pack),
        success: true,
        tree: (index.tree.as_ref()).map(|tree| TreeFacts {
            branch: tree.branch.clone(),
            commit: tree.commit.clone(),
            differing: tree.differing,
        }),
    }
}

/// One item: where, what, why and how it is shown; its lines, or how to ask for it.
fn item_of(pack: &Pack, item: &PackItem) -> Item {
    let stub = item.rendered == Rendered::Stub;
    let zoom = stub.then(|| item_zoom(item));
    Item {
        changed: item.changed.iter().map(|r| Span::from(*r)).collect(),
        content: (!stub).then(|| item_body(item, item.rendered, item.elide_keep, &pack.sources)),
        cost_lines: stub.then_some(item.cost_lines),
        doc_not_shown: item.doc_left_out.map(Span::from),
        edge: match (item.confidence, item.call_line) {
            (Some(confidence), Some(call_line)) => Some(Edge {
                call_line,
                confidence,
            }),
            _ => None,
        },
        kind: item.kind,
        line_end: item.range.end,
        line_start: item.range.start,
        path: item.path.clone(),
        rendered: item.rendered,
        request: zoom
            .as_ref()
            .map(|z| z.request(pack.frontend, pack.call_root.as_deref())),
        role: item.role.label(),
        shown: shown_ranges(item).into_iter().map(Span::from).collect(),
        symbol: item.name.clone(),
        zoom: zoom.as_ref().map(zoom_of),
    }
}

/// A stub's re-request: the `gather slice` specs and the `assemble_context` files.
fn zoom_of(zoom: &crate::pack::zoom::Zoom) -> Zoom {
    use crate::pack::zoom::Zoom as Asked;
    let files = match zoom {
        Asked::Symbol { path, name, line } => vec![ZoomFile {
            line_hint: Some(*line),
            lines: None,
            path: path.to_string(),
            symbol: Some(name.to_string()),
        }],
        Asked::Lines { path, ranges } => ranges
            .iter()
            .map(|r| ZoomFile {
                line_hint: None,
                lines: Some(r.to_string()),
                path: path.to_string(),
                symbol: None,
            })
            .collect(),
    };
    Zoom {
        files,
        specs: zoom.specs(),
    }
}

/// What was left out for other reasons than the budget, field by field; what a diff named
/// that shows no code in change mode only.
fn omitted_of(pack: &Pack) -> Omitted {
    let omitted = &pack.omitted;
    Omitted {
        ambiguous: (omitted.ambiguous.iter())
            .map(|a| AmbiguousCall {
                call_line: a.line,
                candidates: a.candidates,
                name: a.name.clone(),
            })
            .collect(),
        beyond_budget: (pack.items.iter())
            .filter(|i| i.rendered == Rendered::Stub)
            .count(),
        change: omitted.change().map(change_of),
        copies: (omitted.question().copies.iter())
            .map(|c| Duplicate {
                copy_of: Lines::new(&c.kept.path, c.kept.range),
                line_end: c.copy.range.end,
                line_start: c.copy.range.start,
                path: c.copy.path.clone(),
            })
            .collect(),
        empty_scope: omitted.empty_scope.clone(),
        external_callees: omitted.external_callees.len(),
        external_names: omitted.external_callees.clone(),
        merged: omitted.merged,
        nothing_matched: omitted.question().nothing_matched,
        other_definitions: omitted.other_definitions().iter().map(definition).collect(),
        question_left_out: omitted.question().question_left_out,
        test_matches: omitted.question().test_matches,
        tests_excluded: omitted.tests_excluded,
        unmatched_terms: omitted.question().unmatched_terms.clone(),
        unmet_slices: (omitted.unmet_slices.iter())
            .map(|u| UnmetSlice {
                found: false,
                path: u.path.clone(),
                reason: u.reason.clone(),
                symbol: u.symbol.clone(),
            })
            .collect(),
        shown_earlier: (omitted.shown_earlier.iter())
            .map(|d| Lines::new(&d.path, d.range))
            .collect(),
    }
}

fn definition(d: &NamedRange) -> Definition {
    Definition {
        line_end: d.range.end,
        line_start: d.range.start,
        path: d.path.clone(),
        symbol: d.name.clone(),
    }
}

/// What a diff named that shows no code.
fn change_of(notes: &ChangeNotes) -> ChangeOmitted {
    ChangeOmitted {
        binary_files: notes.binary.clone(),
        deleted: notes.deleted.iter().map(definition).collect(),
        deleted_files: notes.deleted_files.clone(),
        no_code: notes.no_code,
        not_code: notes.not_code.clone(),
        renamed: notes.renamed.clone(),
        stale_hunks: notes.stale_hunks.clone(),
    }
}
