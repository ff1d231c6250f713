//! Packs as text and JSON. The pieces here (header, item, stub, omitted line) are what
//! `pack::fit` prices, so the budget is spent on exactly what is printed.

use std::collections::HashMap;
use std::fmt::Write;

use serde_json::{json, Value};

use crate::index::Index;
use crate::lines::{LineIndex, LineRange};
use crate::pack::{Omitted, Pack, PackItem, Rendered};
use crate::render::zoom::{Frontend, Zoom};

/// The header of the beyond-budget list.
pub const BEYOND_HEADER: &str = "## Beyond budget\n";

/// File texts for rendering, read once each (indexed by line) and checked against the
/// index's content hashes.
pub struct Sources<'a> {
    index: &'a Index,
    /// Who reads the pack: how elision lines spell their re-requests.
    pub frontend: Frontend,
    texts: HashMap<String, Option<LineIndex>>,
    fences: HashMap<String, String>,
    /// Files whose contents changed since they were indexed.
    pub stale: Vec<String>,
}

impl<'a> Sources<'a> {
    /// Sources for the files of `index`, rendered for `frontend`.
    pub fn new(index: &'a Index, frontend: Frontend) -> Sources<'a> {
        Sources {
            index,
            frontend,
            texts: HashMap::new(),
            fences: HashMap::new(),
            stale: Vec::new(),
        }
    }

    /// The fence of `path`'s block: longer than any backtick run in the whole file, so it
    /// is the same whichever of its lines are shown.
    pub fn fence(&mut self, path: &str) -> String {
        self.load(path);
        self.fences
            .get(path)
            .cloned()
            .unwrap_or_else(|| fence_for(""))
    }

    /// The language tag of `path`'s block (empty when the language is unknown).
    fn language(&self, path: &str) -> String {
        self.index
            .file(path)
            .and_then(|f| f.language.clone())
            .unwrap_or_default()
    }

    /// Reads `path` once: its lines, and the fence its block needs.
    fn load(&mut self, path: &str) {
        if self.texts.contains_key(path) {
            return;
        }
        let text = self.index.root_dir().read(path).ok().and_then(|bytes| {
            let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
            if self.index.file(path).is_some_and(|f| f.hash != hash) {
                self.stale.push(path.to_string());
            }
            String::from_utf8(bytes).ok().map(LineIndex::new)
        });
        if let Some(text) = &text {
            self.fences.insert(path.to_string(), fence_for(text.text()));
        }
        self.texts.insert(path.to_string(), text);
    }

    /// The text of lines `range` of `path` (empty when the file cannot be read).
    pub fn lines(&mut self, path: &str, range: LineRange) -> String {
        self.load(path);
        match self.texts.get(path).and_then(Option::as_ref) {
            Some(text) => text.slice(range).to_string(),
            None => String::new(),
        }
    }
}

/// The header line with the widest `used` it can show, for pricing.
pub fn header_placeholder(pack: &Pack, stale: &[String]) -> String {
    header(pack, pack.budget.limit(), "00000000", stale)
}

/// Why the pack is partial: the pack's own reasons, then the files that changed since
/// they were indexed.
pub fn degraded(pack: &Pack, stale: &[String]) -> Vec<String> {
    let mut degraded = pack.degraded.clone();
    degraded.extend(stale.iter().map(|p| format!("stale-file({p})")));
    degraded
}

/// `# gather MODE [· complete:false · degraded: …] · seeds … · budget N lines used M ·
/// index STAMP`. A partial pack says so first: many clients show a model only this text.
pub fn header(pack: &Pack, used: usize, stamp: &str, stale: &[String]) -> String {
    let seeds: Vec<&str> = pack.seed_names.iter().map(String::as_str).collect();
    let n_neighbours = pack
        .items
        .iter()
        .filter(|i| {
            matches!(
                i.role,
                crate::pack::Role::CallerOf(_) | crate::pack::Role::CalleeOf(_)
            )
        })
        .count();
    // Words the asker wrote that match nothing are named up front: what follows matches
    // only the question's other words.
    let unmatched = &pack.omitted.unmatched_terms;
    let no_match = if unmatched.is_empty() || pack.omitted.nothing_matched {
        String::new()
    } else {
        let more = if unmatched.len() > 5 { ", …" } else { "" };
        format!(
            " · no match: {}{more}",
            unmatched[..unmatched.len().min(5)].join(", ")
        )
    };
    let degraded = degraded(pack, stale);
    let partial = if degraded.is_empty() {
        String::new()
    } else {
        format!(" · complete:false · degraded: {}", degraded.join(", "))
    };
    // A budget past the cap is cut to it, visibly.
    let asked = match pack.budget_asked {
        Some(asked) => format!(" (asked {asked}, the most is {})", pack.budget.limit()),
        None => String::new(),
    };
    format!(
        "# gather {}{partial} · seeds: {}{no_match} · neighbours: {} · budget={} {}{asked} used={} · index {}\n",
        pack.mode,
        match seeds.len() {
            0 => "-".to_string(),
            // The items name every seed; the header names the leading ones.
            n if n > 5 => format!("{}, … ({n} in all)", seeds[..5].join(", ")),
            _ => seeds.join(", "),
        },
        n_neighbours,
        pack.budget.limit(),
        pack.budget.unit(),
        used,
        stamp
    )
}

/// What opens a file's block: the fence, with the language and the path as its info
/// string (one line: the frame costs the reader tokens).
pub fn file_open(path: &str, sources: &mut Sources) -> String {
    let fence = sources.fence(path);
    let language = sources.language(path);
    let language = if language.is_empty() {
        "text".to_string()
    } else {
        language
    };
    format!("{fence}{language} {path}\n")
}

/// What closes a file's block.
pub fn file_close(path: &str, sources: &mut Sources) -> String {
    format!("{}\n", sources.fence(path))
}

/// `@@ start-end kind name · role` and the item's lines in the chosen form. Items of one
/// file share its block (see [`file_open`]), so an item's own frame is this one line. The
/// range is that of the lines the item stands for here: a definition partly printed by a
/// higher-ranked item starts or ends where its own lines do.
pub fn item_text(item: &PackItem, form: Rendered, keep: usize, sources: &mut Sources) -> String {
    if form == Rendered::Stub {
        return String::new();
    }
    let span = match (item.shown.first(), item.shown.last()) {
        (Some(first), Some(last)) => LineRange::new(first.start, last.end),
        _ => item.range,
    };
    let mut out = format!("@@ {span}");
    if let Some(kind) = item.kind {
        let _ = write!(out, " {kind} {}", item.name);
    } else if item.name != format!("{}:{}", item.path, item.range) {
        let _ = write!(out, " {}", item.name);
    }
    let _ = write!(out, " · {}", item.role.label());
    if let Some(doc) = item.doc_left_out {
        let _ = write!(out, " · doc {doc} not shown");
    }
    out.push('\n');
    out.push_str(&item_body(item, form, keep, sources));
    out
}

/// The item's lines in the chosen form, with its elision lines.
pub fn item_body(item: &PackItem, form: Rendered, keep: usize, sources: &mut Sources) -> String {
    let mut body = String::new();
    match form {
        Rendered::Stub => {}
        Rendered::Body => {
            for (idx, range) in item.shown.iter().enumerate() {
                if idx > 0 {
                    let gap = LineRange::new(item.shown[idx - 1].end + 1, range.start - 1);
                    let _ = writeln!(body, "… lines {gap} shown above");
                }
                let _ = writeln!(body, "{}", sources.lines(&item.path, *range));
            }
        }
        Rendered::Elided | Rendered::Signature => {
            let chosen = shown_ranges_for(item, form, keep);
            // Lines before the first kept run (a doc comment above the signature) are
            // named too: nothing of the item goes without a re-request.
            if let (Some(first), Some(own)) = (chosen.first(), item.shown.first()) {
                if first.start > own.start {
                    let gap = LineRange::new(own.start, first.start - 1);
                    gap_lines(item, gap, sources.frontend, &mut body);
                }
            }
            for (idx, range) in chosen.iter().enumerate() {
                let _ = writeln!(body, "{}", sources.lines(&item.path, *range));
                let gap_end = chosen.get(idx + 1).map_or(
                    item.shown.last().map_or(item.range.end, |r| r.end),
                    |next| next.start - 1,
                );
                if gap_end > range.end {
                    let gap = LineRange::new(range.end + 1, gap_end);
                    gap_lines(item, gap, sources.frontend, &mut body);
                }
            }
        }
    }
    body
}

/// The elision lines for `gap`: lines of the item left out are re-requested exactly;
/// lines another item prints are pointed to.
fn gap_lines(item: &PackItem, gap: LineRange, frontend: Frontend, body: &mut String) {
    let mut at = gap.start;
    while at <= gap.end {
        let inside = item.shown.iter().find(|r| r.contains(at));
        let end = match inside {
            Some(r) => r.end.min(gap.end),
            None => item
                .shown
                .iter()
                .map(|r| r.start)
                .filter(|&s| s > at)
                .min()
                .map_or(gap.end, |s| (s - 1).min(gap.end)),
        };
        let part = LineRange::new(at, end);
        if inside.is_some() {
            let zoom = Zoom::Lines {
                path: &item.path,
                ranges: vec![part],
            };
            let _ = writeln!(
                body,
                "… {} lines elided — {}",
                part.len(),
                zoom.request(frontend)
            );
        } else {
            let _ = writeln!(body, "… lines {part} shown above");
        }
        at = end + 1;
    }
}

/// The exact re-request of a cut item: a whole definition by its qualified name and first
/// line (unique among overloads and same-named methods); otherwise the lines it stands for.
pub fn item_zoom(item: &PackItem) -> Zoom<'_> {
    let whole = item.shown.len() == 1 && item.shown[0] == item.range;
    if item.symbol.is_some() && item.kind.is_some() && whole && item.doc_left_out.is_none() {
        Zoom::Symbol {
            path: &item.path,
            name: &item.name,
            line: item.range.start,
        }
    } else {
        Zoom::Lines {
            path: &item.path,
            ranges: item.shown.clone(),
        }
    }
}

/// One beyond-budget line: where, what, why, its cost and how to ask for it.
pub fn stub_line(item: &PackItem, frontend: Frontend) -> String {
    let request = item_zoom(item).request(frontend);
    format!(
        "- {}:{} {}{} · {} · {} lines · {}\n",
        item.path,
        item.range,
        item.kind.map(|k| format!("{k} ")).unwrap_or_default(),
        item.name,
        item.role.label(),
        item.cost_lines,
        request
    )
}

/// The line that stands for cut items the budget cannot name one by one.
pub fn more_line(n_items: usize, n_lines: usize, frontend: Frontend) -> String {
    let raise = match frontend {
        Frontend::Cli => "raise --budget-lines or run gather graph",
        Frontend::Mcp => "raise budget_lines, or ask gather_context for one of them by symbol",
    };
    format!("- … {n_items} more items ({n_lines} lines) not named here: {raise}\n")
}

/// The one line naming what was left out for other reasons than the budget.
pub fn trailer(omitted: &Omitted, frontend: Frontend) -> Option<String> {
    let include_tests = frontend.option("include_tests");
    let mut parts = Vec::new();
    if !omitted.external_callees.is_empty() {
        let mut names = omitted.external_callees.clone();
        names.sort();
        let shown: Vec<&str> = names.iter().take(8).map(String::as_str).collect();
        let more = if names.len() > 8 { ", …" } else { "" };
        parts.push(format!(
            "{} external callees ({}{more})",
            names.len(),
            shown.join(", ")
        ));
    }
    if !omitted.ambiguous.is_empty() {
        let shown: Vec<String> = omitted
            .ambiguous
            .iter()
            .take(5)
            .map(|(name, line, n)| format!("{name}@{line}×{n}"))
            .collect();
        parts.push(format!(
            "{} ambiguous calls ({})",
            omitted.ambiguous.len(),
            shown.join(", ")
        ));
    }
    if omitted.nothing_matched {
        parts.push(format!(
            "nothing in the workspace matches the question (no match for {}), so no code is shown",
            omitted.unmatched_terms.join(", ")
        ));
    } else if !omitted.unmatched_terms.is_empty() {
        parts.push(format!(
            "no match for {}",
            omitted.unmatched_terms.join(", ")
        ));
    }
    if !omitted.copies.is_empty() {
        let shown: Vec<String> = omitted
            .copies
            .iter()
            .take(3)
            .map(|(path, range, kept, kept_range)| {
                format!("{path}:{range} = {kept}:{}", kept_range.start)
            })
            .collect();
        let more = if omitted.copies.len() > 3 {
            ", …"
        } else {
            ""
        };
        parts.push(format!(
            "{} identical copies ({}{more})",
            omitted.copies.len(),
            shown.join(", ")
        ));
    }
    if !omitted.other_definitions.is_empty() {
        let shown: Vec<String> = omitted
            .other_definitions
            .iter()
            .take(3)
            .map(|(path, name, range)| {
                let zoom = Zoom::Symbol {
                    path,
                    name,
                    line: range.start,
                };
                format!("{path}:{range}: {}", zoom.request(frontend))
            })
            .collect();
        let more = if omitted.other_definitions.len() > 3 {
            ", …"
        } else {
            ""
        };
        parts.push(format!(
            "{} other definitions of the same name ({}{more})",
            omitted.other_definitions.len(),
            shown.join("; ")
        ));
    }
    for (path, symbol, reason) in &omitted.unmet_slices {
        let label = match symbol {
            Some(symbol) => format!("{path}:{symbol}"),
            None => path.clone(),
        };
        parts.push(format!("slice {label} not found ({reason})"));
    }
    if omitted.test_matches > 0 {
        parts.push(format!(
            "{} matches in test code only ({include_tests})",
            omitted.test_matches
        ));
    }
    if omitted.tests_excluded > 0 {
        parts.push(format!(
            "{} test neighbours left out ({include_tests})",
            omitted.tests_excluded
        ));
    }
    if omitted.question_left_out > 0 {
        parts.push(format!(
            "{} question words past the first {} not read",
            omitted.question_left_out,
            crate::ask::question::MAX_WORDS
        ));
    }
    (!parts.is_empty()).then(|| format!("-- omitted: {}\n", parts.join("; ")))
}

/// The whole pack as text, with `used` measured on the text itself.
pub fn pack_text(pack: &Pack, sources: &mut Sources, stamp: &str) -> (String, usize) {
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
    // The header shows `used`, which depends on the header: settle it (two rounds at most,
    // since the placeholder priced the widest number).
    let stale = sources.stale.clone();
    let mut used = pack
        .budget
        .cost(&format!("{}{body}", header(pack, 0, stamp, &stale)));
    for _ in 0..3 {
        let text = format!("{}{body}", header(pack, used, stamp, &stale));
        let measured = pack.budget.cost(&text);
        if measured == used {
            return (text, used);
        }
        used = measured;
    }
    let text = format!("{}{body}", header(pack, used, stamp, &stale));
    let measured = pack.budget.cost(&text);
    (text, measured)
}

/// The pack as JSON (DESIGN.md "Output").
pub fn pack_json(
    pack: &Pack,
    index: &Index,
    sources: &mut Sources,
    stamp: &str,
    used: usize,
    text: &str,
) -> Value {
    let items: Vec<Value> = pack
        .items
        .iter()
        .map(|item| {
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
            if let Some(doc) = item.doc_left_out {
                v["doc_not_shown"] = json!([doc.start, doc.end]);
            }
            if let (Some(confidence), Some(line)) = (item.confidence, item.call_line) {
                v["edge"] = json!({"confidence": confidence.as_str(), "call_line": line});
            }
            if item.rendered != Rendered::Stub {
                v["content"] = json!(item_body(item, item.rendered, item.elide_keep, sources));
            } else {
                let zoom = item_zoom(item);
                v["cost_lines"] = json!(item.cost_lines);
                v["request"] = json!(zoom.request(pack.frontend));
                v["zoom"] = json!({"specs": zoom.specs(), "files": zoom.files()});
            }
            v
        })
        .collect();
    let mut omitted = json!({
        "tests_excluded": pack.omitted.tests_excluded,
        "external_callees": pack.omitted.external_callees.len(),
        "external_names": pack.omitted.external_callees,
        "ambiguous": pack.omitted.ambiguous.iter().map(|(n, l, c)| json!({"name": n, "call_line": l, "candidates": c})).collect::<Vec<_>>(),
        "merged": pack.omitted.merged,
        "unmatched_terms": pack.omitted.unmatched_terms,
        "copies": pack.omitted.copies.iter().map(|(path, range, kept, kept_range)| json!({
            "path": path, "line_start": range.start, "line_end": range.end,
            "copy_of": {"path": kept, "line_start": kept_range.start, "line_end": kept_range.end},
        })).collect::<Vec<_>>(),
        "test_matches": pack.omitted.test_matches,
        "nothing_matched": pack.omitted.nothing_matched,
        "unmet_slices": pack.omitted.unmet_slices.iter().map(|(path, symbol, reason)| json!({
            "path": path, "symbol": symbol, "found": false, "reason": reason,
        })).collect::<Vec<_>>(),
        "question_left_out": pack.omitted.question_left_out,
        "other_definitions": pack.omitted.other_definitions.iter().map(|(path, name, range)| json!({
            "path": path, "symbol": name, "line_start": range.start, "line_end": range.end,
        })).collect::<Vec<_>>(),
    });
    omitted["beyond_budget"] = json!(pack
        .items
        .iter()
        .filter(|i| i.rendered == Rendered::Stub)
        .count());
    let degraded = degraded(pack, &sources.stale);
    // What the reader gets: lines of code, and lines of the tool's own words (header, fences,
    // item lines, elision lines, the cut list).
    let code_lines: u32 = pack
        .items
        .iter()
        .flat_map(shown_ranges)
        .map(|r| r.len())
        .sum();
    let text_lines = text.lines().count() as u32;
    let mut out = json!({
        "success": true,
        "mode": pack.mode,
        "index": {"files": index.file_count(), "symbols": index.symbol_count(), "stamp": stamp},
        "budget": {"unit": pack.budget.unit(), "limit": pack.budget.limit(), "used": used,
                   "tokens_estimated": crate::budget::estimate_tokens(text),
                   "code_lines": code_lines, "frame_lines": text_lines.saturating_sub(code_lines)},
        "complete": degraded.is_empty(),
        "degraded": degraded,
        "items": items,
        "omitted": omitted,
    });
    if let Some(asked) = pack.budget_asked {
        out["budget"]["asked"] = json!(asked);
    }
    out
}

/// The line ranges actually printed for an item.
pub fn shown_ranges(item: &PackItem) -> Vec<LineRange> {
    shown_ranges_for(item, item.rendered, item.elide_keep)
}

/// The line ranges `item` prints in `form` with `keep` lines of its own.
pub fn shown_ranges_for(item: &PackItem, form: Rendered, keep: usize) -> Vec<LineRange> {
    match form {
        Rendered::Stub => Vec::new(),
        Rendered::Body => item.shown.clone(),
        Rendered::Elided => crate::pack::evidence::chosen_ranges(item, keep),
        Rendered::Signature => crate::pack::evidence::chosen_ranges(item, 0),
    }
}

/// A fence longer than any backtick run in `content`.
pub fn fence_for(content: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for ch in content.chars() {
        if ch == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    "`".repeat((longest + 1).max(3))
}
