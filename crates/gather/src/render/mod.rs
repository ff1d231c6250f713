//! Rendering: the text a person reads and the JSON a program reads. This is the only
//! module that defines output shapes; the index types are never serialised to output
//! directly.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value;

pub mod answer;
pub mod explain;
pub mod pack;
/// Re-requests, spelled for the front end (they live with the pack, which prices them).
pub use crate::pack::zoom;

use answer::find::{FindAnswer, SymbolEntry};
use answer::graph::GraphAnswer;
use answer::index::{tenths, CacheAnswer, FileEntry, IndexAnswer, OutlineAnswer, Timings};
use answer::slices::SlicesAnswer;
use answer::Failure;

use crate::cache::{CacheState, Report};
use crate::error::Error;
use crate::index::{FileRecord, FileStatus, Index, Symbol, SymbolRef};
use crate::slice::Fitted;

/// `{"success": false, "code", "message"}`.
pub fn error_json(error: &Error) -> Value {
    answer::value(&Failure::from(error))
}

/// The slices result, of `gather slice --json` and `assemble_context`: `{"success",
/// "slices": [...], "budget_report": {...}}` (see [`SlicesAnswer`]).
pub fn slices_json(fitted: &Fitted) -> Value {
    answer::value(&SlicesAnswer::new(fitted))
}

/// Slices as text: a fenced block per slice under a `## path:start-end symbol` header,
/// then the budget line and what was dropped.
pub fn slices_text(fitted: &Fitted) -> String {
    let mut out = String::new();
    for s in &fitted.included {
        if s.line_start == 0 {
            // Nothing is shown: the header names what was asked for, and the line below why.
            let _ = write!(out, "## {} · not met", s.request);
        } else {
            let _ = write!(out, "## {}:{}-{}", s.file, s.line_start, s.line_end);
        }
        if let (Some(kind), Some(symbol)) = (s.kind, &s.symbol) {
            let _ = write!(out, " {kind} {symbol}");
        }
        out.push('\n');
        if let Some(reason) = &s.reason {
            let _ = writeln!(out, "! {reason}");
        }
        if let Some(note) = &s.note {
            let _ = writeln!(out, "note: {note}");
        }
        if !s.content.is_empty() {
            let fence = crate::pack::sources::fence_for(&s.content);
            let _ = writeln!(out, "{fence}\n{}\n{fence}", s.content);
        }
    }
    let r = &fitted.report;
    let _ = match (r.budget_lines, r.lines_used) {
        (Some(limit), Some(used)) => writeln!(
            out,
            "-- {}/{} slices, {used}/{limit} lines, ~{} tokens",
            r.included_slices, r.total_slices, r.estimated_tokens_used
        ),
        _ => writeln!(
            out,
            "-- {}/{} slices, ~{}/{} tokens",
            r.included_slices, r.total_slices, r.estimated_tokens_used, r.budget_tokens
        ),
    };
    if !fitted.dropped.is_empty() {
        out.push_str("## Beyond budget\n");
        for s in &fitted.dropped {
            let _ = write!(out, "- {}:{}-{}", s.file, s.line_start, s.line_end);
            if let Some(symbol) = &s.symbol {
                let _ = write!(out, " {symbol}");
            }
            let _ = writeln!(
                out,
                " ({} lines, ~{} tokens)",
                crate::lines::count(&s.content),
                crate::budget::estimate_tokens(&s.content)
            );
        }
    }
    out
}

pub use crate::pack::layout::WATCH_FALLBACK;

/// The reason a list of definitions gives while the first index is built.
pub const INDEX_BUILDING: &str = "index-building";

/// The line that opens a list of definitions made while the first index is built.
const BUILDING: &str = "# complete:false · degraded: index-building (the first index of this workspace is still being built, so this list is partial; call again in a few seconds)\n";

/// `find` results as text and JSON, saying whether the list is whole: `building` marks it
/// partial, answered from the one file asked about while the first index is built.
pub fn find(hits: &[SymbolRef], building: bool) -> (String, Value) {
    find_noting(hits, building, &[])
}

/// [`find`], also naming `notes`: `degraded` reasons that do not make the list partial
/// ([`WATCH_FALLBACK`]), on a line of their own and in `degraded`.
pub fn find_noting(hits: &[SymbolRef], building: bool, notes: &[String]) -> (String, Value) {
    let mut text = find_text(hits);
    let mut degraded = notes.to_vec();
    if !notes.is_empty() {
        text.insert_str(0, &format!("# degraded: {}\n", notes.join(", ")));
    }
    if building {
        text.insert_str(0, BUILDING);
        degraded.insert(0, INDEX_BUILDING.to_string());
    }
    let answer = FindAnswer {
        complete: !building,
        degraded,
        definitions: (hits.iter())
            .map(|h| SymbolEntry::new(&h.file.path, h.symbol, &h.file.symbols))
            .collect(),
        success: true,
    };
    (text, answer::value(&answer))
}

/// `find` results as text: `kind qualified_name path:start-end` per line.
fn find_text(hits: &[SymbolRef]) -> String {
    let mut out = String::new();
    for h in hits {
        let _ = writeln!(
            out,
            "{}:{} {} {}",
            h.file.path, h.symbol.range, h.symbol.kind, h.symbol.qualified_name
        );
    }
    out
}

/// A file's outline as text: one line per symbol, indented by nesting depth. In a file
/// parsed with a grammar, a definition the line rules found is marked `[line rules]`.
pub fn outline_text(path: &str, status: &str, symbols: &[Symbol]) -> String {
    let mut out = format!("{path} ({status}, {} symbols)\n", symbols.len());
    let mark_line_rules = status != FileStatus::Heuristic.label();
    for symbol in symbols {
        let mut depth = 0;
        let mut parent = symbol.parent;
        while let Some(p) = parent {
            depth += 1;
            parent = symbols[p as usize].parent;
        }
        let _ = writeln!(
            out,
            "{}{} {} {}{}{}",
            "  ".repeat(depth),
            symbol.range,
            symbol.kind,
            symbol.name,
            if symbol.is_test { " [test]" } else { "" },
            if symbol.from_line_rules && mark_line_rules {
                " [line rules]"
            } else {
                ""
            }
        );
    }
    out
}

/// A file's outline as JSON: its definitions, call sites and imports.
pub fn outline_json(path: &str, parsed: &crate::parse::Parsed) -> Value {
    answer::value(&OutlineAnswer::new(path, parsed))
}

/// Counts for `gather index`.
pub struct IndexSummary {
    /// Files by language.
    pub languages: BTreeMap<String, usize>,
    /// Files by status label.
    pub statuses: BTreeMap<String, usize>,
    /// Symbols by kind.
    pub kinds: BTreeMap<String, usize>,
}

/// Tallies an index.
pub fn summarize(index: &Index) -> IndexSummary {
    let mut summary = IndexSummary {
        languages: BTreeMap::new(),
        statuses: BTreeMap::new(),
        kinds: BTreeMap::new(),
    };
    for file in index.files() {
        *summary.statuses.entry(file.status.label()).or_default() += 1;
        if file.status.is_indexed() {
            *summary
                .languages
                .entry(file.language.clone().unwrap_or_else(|| "text".into()))
                .or_default() += 1;
        }
        for symbol in &file.symbols {
            *summary.kinds.entry(symbol.kind.to_string()).or_default() += 1;
        }
    }
    summary
}

/// `gather index` as text.
pub fn index_text(index: &Index, elapsed_ms: f64, list_files: bool) -> String {
    let summary = summarize(index);
    let skipped = index.files().len() - index.file_count();
    let t = index.timings();
    let mut out = format!(
        "indexed {} files ({} skipped), {} symbols in {:.0} ms (walk {:.0}, read+parse {:.0}, tables {:.0})\n",
        index.file_count(),
        skipped,
        index.symbol_count(),
        elapsed_ms,
        t.walk_ms,
        t.parse_ms,
        t.tables_ms
    );
    let line = |title: &str, map: &BTreeMap<String, usize>| {
        let mut pairs: Vec<(&String, &usize)> = map.iter().collect();
        pairs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let parts: Vec<String> = pairs.iter().map(|(k, v)| format!("{k} {v}")).collect();
        format!("{title}: {}\n", parts.join(", "))
    };
    out.push_str(&line("languages", &summary.languages));
    out.push_str(&line("status", &summary.statuses));
    out.push_str(&line("kinds", &summary.kinds));
    if list_files {
        for file in index.files() {
            out.push_str(&file_line(file));
        }
    }
    out
}

fn file_line(file: &FileRecord) -> String {
    format!(
        "{} {} {} lines {} symbols {}\n",
        file.path,
        file.language.as_deref().unwrap_or("-"),
        file.n_lines,
        file.symbols.len(),
        file.status.label()
    )
}

/// The cache line of `gather index`: where the index came from, what the refresh did with
/// each file, and what loading, updating and storing cost.
pub fn cache_text(report: &Report) -> String {
    let c = report.changes;
    let mut out = format!(
        "cache: {}; {} reused, {} rehashed, {} reparsed, {} added, {} removed, {} recalled from the store; load {:.0} ms, {} {:.0} ms",
        report.state,
        c.reused,
        c.rehashed,
        c.reparsed,
        c.added,
        c.removed,
        c.recalled,
        report.load_ms,
        if report.state == CacheState::Hit { "refresh" } else { "build" },
        report.update_ms,
    );
    if let Some(save_ms) = report.save_ms {
        let _ = write!(out, ", save {save_ms:.0} ms");
    }
    if let Some(file) = &report.file {
        let _ = write!(out, " ({})", file.display());
    }
    out.push('\n');
    out
}

/// `gather cache`: what the cache directory holds, as text or JSON; `cleared` when this is
/// what `--clear` removed.
pub fn cache_usage(usage: &crate::cache::Usage, cleared: bool, json: bool) -> String {
    if json {
        let answer = answer::index::CacheUsageAnswer {
            cleared,
            usage: usage.clone(),
            success: true,
        };
        return format!("{}\n", answer::value(&answer));
    }
    let mib = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
    let verb = if cleared { "cleared" } else { "cache" };
    format!(
        "{verb}: {}\nstore: {} readings in {} packs, {:.1} MiB\nworkspaces: {} indexes, {:.1} MiB with their postings and histories\n",
        usage.dir,
        usage.readings,
        usage.packs,
        mib(usage.store_bytes),
        usage.workspaces,
        mib(usage.workspace_bytes),
    )
}

/// `gather index --json`: the index's counts, what building it cost, and what the cache
/// did (`report`).
pub fn index_json(
    index: &Index,
    elapsed_ms: f64,
    report: &Report,
    list_files: bool,
    list_symbols: bool,
) -> Value {
    let summary = summarize(index);
    let t = index.timings();
    let answer = IndexAnswer {
        cache: CacheAnswer::new(report),
        elapsed_ms: tenths(elapsed_ms),
        file_list: list_files.then(|| index.files().iter().map(FileEntry::new).collect()),
        files: index.file_count(),
        kinds: summary.kinds,
        languages: summary.languages,
        skipped: index.files().len() - index.file_count(),
        status: summary.statuses,
        success: true,
        symbol_list: list_symbols.then(|| {
            (index.files().iter())
                .flat_map(|f| (f.symbols.iter()).map(|s| SymbolEntry::new(&f.path, s, &f.symbols)))
                .collect()
        }),
        symbols: index.symbol_count(),
        timings_ms: Timings {
            parse: tenths(t.parse_ms),
            tables: tenths(t.tables_ms),
            walk: tenths(t.walk_ms),
        },
    };
    answer::value(&answer)
}

/// `gather graph` as JSON.
pub fn graph_json(
    index: &Index,
    graph: &crate::graph::CallGraph,
    id: crate::index::SymbolId,
) -> Value {
    answer::value(&GraphAnswer::new(index, graph, id))
}

/// `gather graph` as text.
pub fn graph_text(
    index: &Index,
    graph: &crate::graph::CallGraph,
    id: crate::index::SymbolId,
) -> String {
    // Which end of an edge is the other definition.
    type FarEnd = fn(&crate::graph::Edge) -> crate::index::SymbolId;
    let place = |id: crate::index::SymbolId| {
        let s = index.symbol(id);
        format!(
            "{}:{} {} {}",
            s.file.path,
            s.symbol.full_range(),
            s.symbol.kind,
            s.symbol.qualified_name
        )
    };
    let mut out = format!("{}\n", place(id));
    let sides: [(&str, _, FarEnd); 2] = [
        ("callers", graph.callers(id), |e| e.caller),
        ("callees", graph.callees(id), |e| e.callee),
    ];
    for (label, edges, far_end) in sides {
        let _ = writeln!(out, "{label} ({}):", edges.len());
        for e in &edges {
            let (place, line, confidence) = (place(far_end(e)), e.line, e.confidence);
            let _ = writeln!(out, "  {place} (line {line}, {confidence})");
        }
    }
    for a in graph.ambiguous_from(id) {
        let _ = writeln!(
            out,
            "ambiguous: {} at line {} could be {} definitions",
            a.name,
            a.line,
            a.candidates.len()
        );
    }
    for a in graph.ambiguous_to(id) {
        let _ = writeln!(
            out,
            "ambiguous caller: {} (line {}) among {} candidates",
            place(a.caller),
            a.line,
            a.candidates.len()
        );
    }
    let external = graph.external_from(id);
    if !external.is_empty() {
        let _ = writeln!(
            out,
            "external callees: {} ({})",
            external.len(),
            external.join(", ")
        );
    }
    out
}
