//! A fitted [`Pack`] as text and as JSON. Nothing here chooses or prices: the pieces come
//! from `pack::layout`, the same ones `pack::fit` priced, so the budget is spent on exactly
//! what is printed.

use serde_json::{json, Value};

use crate::lines::LineRange;
use crate::pack::layout::{
    file_close, file_open, header, item_body, item_text, item_zoom, more_line, shown_ranges,
    stub_line, BEYOND_HEADER,
};
use crate::pack::trailer::trailer;
use crate::pack::{Omitted, Pack, PackItem, Rendered};

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
            body.push_str(&stub_line(item, pack.frontend));
        }
        if listed < cut.len() {
            let rest = &cut[listed..];
            body.push_str(&more_line(
                rest.len(),
                rest.iter().map(|i| i.cost_lines).sum(),
                pack.frontend,
            ));
        }
    }
    if let Some(t) = trailer(&pack.omitted, pack.frontend) {
        body.push_str(&t);
    }
    body
}

/// The pack as JSON (DESIGN.md "Output"); `used` and `text` are those of `pack_text`.
pub fn pack_json(pack: &Pack, used: usize, text: &str) -> Value {
    let items: Vec<Value> = pack
        .items
        .iter()
        .map(|item| item_json(pack, item))
        .collect();
    let mut omitted = omitted_json(&pack.omitted);
    if pack.mode == crate::pack::Mode::Change {
        change_json(&pack.omitted.change, &mut omitted);
    }
    omitted["beyond_budget"] = json!(pack
        .items
        .iter()
        .filter(|i| i.rendered == Rendered::Stub)
        .count());
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
    let mut out = json!({
        "success": true,
        "mode": pack.mode.as_str(),
        "index": {"files": index.files, "symbols": index.symbols, "stamp": index.stamp},
        "budget": {"unit": pack.budget.unit(), "limit": pack.budget.limit(), "used": used,
                   "tokens_estimated": crate::budget::estimate_tokens(text),
                   "code_lines": code_lines, "frame_lines": text_lines.saturating_sub(code_lines)},
        "complete": !degraded.iter().any(|d| crate::pack::layout::is_partial(d)),
        "degraded": degraded,
        "items": items,
        "omitted": omitted,
    });
    if let Some(asked) = pack.budget_asked {
        out["budget"]["asked"] = json!(asked);
    }
    out
}

/// One item: where, what, why and how it is shown; its lines, or how to ask for it.
fn item_json(pack: &Pack, item: &PackItem) -> Value {
    let mut v = json!({
        "path": item.path,
        "symbol": item.name,
        "kind": item.kind.map(|k| k.as_str()),
        "line_start": item.range.start,
        "line_end": item.range.end,
        "shown": shown_ranges(item).iter().map(|r| [r.start, r.end]).collect::<Vec<_>>(),
        "role": item.role.label(),
        "rendered": item.rendered.as_str(),
    });
    if !item.changed.is_empty() {
        v["changed"] = json!(item
            .changed
            .iter()
            .map(|r| [r.start, r.end])
            .collect::<Vec<_>>());
    }
    if let Some(doc) = item.doc_left_out {
        v["doc_not_shown"] = json!([doc.start, doc.end]);
    }
    if let (Some(confidence), Some(line)) = (item.confidence, item.call_line) {
        v["edge"] = json!({"confidence": confidence.as_str(), "call_line": line});
    }
    if item.rendered != Rendered::Stub {
        let content = item_body(item, item.rendered, item.elide_keep, &pack.sources);
        v["content"] = json!(content);
    } else {
        let zoom = item_zoom(item);
        v["cost_lines"] = json!(item.cost_lines);
        v["request"] = json!(zoom.request(pack.frontend));
        v["zoom"] = json!({"specs": zoom.specs(), "files": zoom.files()});
    }
    v
}

/// What a diff named that shows no code, added to `omitted` in change mode only.
fn change_json(notes: &crate::pack::ChangeNotes, omitted: &mut Value) {
    omitted["deleted"] = json!(notes
        .deleted
        .iter()
        .map(|(path, name, r)| json!({
            "path": path, "symbol": name, "line_start": r.start, "line_end": r.end,
        }))
        .collect::<Vec<_>>());
    omitted["deleted_files"] = json!(notes.deleted_files);
    omitted["stale_hunks"] = json!(notes
        .stale_hunks
        .iter()
        .map(|(hunk, reason)| json!({
            "hunk": hunk, "reason": reason,
        }))
        .collect::<Vec<_>>());
    omitted["binary_files"] = json!(notes.binary);
    omitted["not_code"] = json!(notes.not_code);
    omitted["renamed"] = json!(notes
        .renamed
        .iter()
        .map(|(old, new)| json!({
            "from": old, "to": new,
        }))
        .collect::<Vec<_>>());
    omitted["no_code"] = json!(notes.no_code);
}

/// What was left out for other reasons than the budget, field by field.
fn omitted_json(omitted: &Omitted) -> Value {
    let range =
        |path: &str, r: &LineRange| json!({"path": path, "line_start": r.start, "line_end": r.end});
    let mut value = json!({
        "tests_excluded": omitted.tests_excluded,
        "external_callees": omitted.external_callees.len(),
        "external_names": omitted.external_callees,
        "ambiguous": omitted.ambiguous.iter().map(|(n, l, c)| json!({"name": n, "call_line": l, "candidates": c})).collect::<Vec<_>>(),
        "merged": omitted.merged,
        "unmatched_terms": omitted.unmatched_terms,
        "copies": omitted.copies.iter().map(|(path, r, kept, kept_range)| {
            let mut copy = range(path, r);
            copy["copy_of"] = range(kept, kept_range);
            copy
        }).collect::<Vec<_>>(),
        "test_matches": omitted.test_matches,
        "nothing_matched": omitted.nothing_matched,
        "unmet_slices": omitted.unmet_slices.iter().map(|(path, symbol, reason)| json!({
            "path": path, "symbol": symbol, "found": false, "reason": reason,
        })).collect::<Vec<_>>(),
        "question_left_out": omitted.question_left_out,
        "other_definitions": omitted.other_definitions.iter().map(|(path, name, r)| json!({
            "path": path, "symbol": name, "line_start": r.start, "line_end": r.end,
        })).collect::<Vec<_>>(),
    });
    // Only a scoped request can have an empty scope: other packs keep their shape.
    if let Some(dir) = &omitted.empty_scope {
        value["empty_scope"] = json!(dir);
    }
    value
}
