//! The pieces a pack is printed in: header line, file blocks, item headers and bodies with
//! their elision lines, beyond-budget lines. `fit` prices items with these same pieces and
//! `render` prints them, so the budget is spent on exactly what is printed.

use std::fmt::Write;

use crate::lines::LineRange;
use crate::pack::sources::Sources;
use crate::pack::zoom::{root_arg, Frontend, Zoom};
use crate::pack::{Pack, PackItem, Rendered, Role};
use crate::tree::TreeState;

/// The header of the beyond-budget list.
pub(crate) const BEYOND_HEADER: &str = "## Beyond budget\n";

/// The header line with the widest `used` it can show, for pricing.
pub(crate) fn header_placeholder(pack: &Pack, stale: &[String]) -> String {
    header(pack, pack.budget.limit(), "00000000", stale)
}

/// The `degraded` reason of an answer whose freshness check walked the whole tree because
/// the server's file watcher could not be trusted for it (it could not start, lost events,
/// or did not answer): the answer is as complete as any, only slower to make.
pub const WATCH_FALLBACK: &str = "watch-fallback";

/// Whether a `degraded` reason makes an answer partial (`complete: false`); only
/// [`WATCH_FALLBACK`] does not.
pub fn is_partial(reason: &str) -> bool {
    reason != WATCH_FALLBACK
}

/// Why the pack is partial, or was made the slow way: the pack's own reasons, then the
/// files that changed since they were indexed.
pub fn degraded(pack: &Pack, stale: &[String]) -> Vec<String> {
    let mut degraded = pack.degraded.clone();
    degraded.extend(stale.iter().map(|p| format!("stale-file({p})")));
    degraded
}

/// Room in the header for the seeds' names and for the unmatched words: the header is
/// one short line, however long the question.
const SEED_CHARS: usize = 60;
const NO_MATCH_CHARS: usize = 40;

/// The leading `names` joined, at most `n` of them and (past the first) `chars`
/// characters, then `…` and, given `total`, how many there are in all.
fn within<S: AsRef<str>>(names: &[S], n: usize, chars: usize, total: Option<usize>) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for name in names.iter().take(n) {
        let name = name.as_ref();
        if shown > 0 && out.len() + 2 + name.len() > chars {
            break;
        }
        if shown > 0 {
            out.push_str(", ");
        }
        out.push_str(name);
        shown += 1;
    }
    if shown < names.len() {
        out.push_str(", …");
        if let Some(total) = total {
            out.push_str(&format!(" ({total} in all)"));
        }
    }
    out
}

/// `# gather MODE [· complete:false · degraded: …] · seeds … · budget N lines used M ·
/// index STAMP`. A partial pack says so first: many clients show a model only this text. A
/// hook's pack (`Frontend::Context`) names only the mode, what is partial, the unmatched words
/// and the tree, and computes nothing else.
pub fn header(pack: &Pack, used: usize, stamp: &str, stale: &[String]) -> String {
    // Words the asker wrote that match nothing are named up front: what follows matches
    // only the question's other words.
    let unmatched = &pack.omitted.question().unmatched_terms;
    let no_match = if unmatched.is_empty() || pack.omitted.question().nothing_matched {
        String::new()
    } else {
        format!(
            " · no match: {}",
            within(unmatched, 5, NO_MATCH_CHARS, None)
        )
    };
    let degraded = degraded(pack, stale);
    let partial = if degraded.is_empty() {
        String::new()
    } else if degraded.iter().any(|d| is_partial(d)) {
        format!(" · complete:false · degraded: {}", degraded.join(", "))
    } else {
        format!(" · degraded: {}", degraded.join(", "))
    };
    if pack.frontend == Frontend::Context {
        // A model reads the code, not the account: the seeds are the items below, and
        // the budget and the index stamp are for the people who tune it.
        return format!(
            "# gather {}{partial}{no_match}{}\n",
            pack.mode,
            tree_segment(pack.index.tree.as_ref())
        );
    }
    let seeds: Vec<&str> = pack.seed_names.iter().map(String::as_str).collect();
    let n_neighbours = pack
        .items
        .iter()
        .filter(|i| matches!(i.role, Role::CallerOf(_) | Role::CalleeOf(_)))
        .count();
    // A budget past the cap is cut to it, visibly.
    let asked = match pack.budget_asked {
        Some(asked) => format!(" (asked {asked}, the most is {})", pack.budget.limit()),
        None => String::new(),
    };
    format!(
        "# gather {}{partial} · seeds: {}{no_match} · neighbours: {} · budget={} {}{asked} used={} · index {}{}\n",
        pack.mode,
        match seeds.len() {
            0 => "-".to_string(),
            // The items name every seed; the header names the leading ones.
            n => within(&seeds, 5, SEED_CHARS, Some(n)),
        },
        n_neighbours,
        pack.budget.limit(),
        pack.budget.unit(),
        used,
        stamp,
        tree_segment(pack.index.tree.as_ref()),
    )
}

/// The header's last segment, naming the git tree the index reflects: ` · tree 1a2b3c4
/// main`, `detached` for a detached `HEAD`, and ` +N changed` when indexed files differ
/// from the commit; nothing outside git. One segment, so that a comparison of outputs can
/// filter it.
pub fn tree_segment(tree: Option<&TreeState>) -> String {
    let Some(tree) = tree else {
        return String::new();
    };
    let branch = tree.branch.as_deref().unwrap_or("detached");
    let changed = match tree.differing {
        0 => String::new(),
        n => format!(" +{n} changed"),
    };
    format!(" · tree {} {branch}{changed}", tree.commit)
}

/// What opens a file's block: the fence, with the language and the path as its info
/// string (one line: the frame costs the reader tokens).
pub(crate) fn file_open(path: &str, sources: &Sources) -> String {
    let fence = sources.fence(path);
    let language = sources.language(path);
    let language = if language.is_empty() {
        "text"
    } else {
        language
    };
    format!("{fence}{language} {path}\n")
}

/// What closes a file's block.
pub(crate) fn file_close(path: &str, sources: &Sources) -> String {
    format!("{}\n", sources.fence(path))
}

/// `@@ start-end kind name · role` and the item's lines in the chosen form. Items of one
/// file share its block (see [`file_open`]), so an item's own frame is this one line. The
/// range is that of the lines the item stands for here: a definition partly printed by a
/// higher-ranked item starts or ends where its own lines do.
pub(crate) fn item_text(item: &PackItem, form: Rendered, keep: usize, sources: &Sources) -> String {
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
    // In a hook's pack every definition is a seed: the word would only cost room.
    if !(sources.frontend == Frontend::Context && item.role == Role::Seed) {
        let _ = write!(out, " · {}", item.role.label());
    }
    if !item.changed.is_empty() {
        let runs: Vec<String> = (item.changed.iter())
            .map(|r| match r.len() {
                1 => r.start.to_string(),
                _ => r.to_string(),
            })
            .collect();
        let _ = write!(out, " · changed {}", runs.join(","));
    }
    if let Some(doc) = item.doc_left_out {
        let _ = write!(out, " · doc {doc} not shown");
    }
    out.push('\n');
    out.push_str(&item_body(item, form, keep, sources));
    out
}

/// The item's lines in the chosen form, with its elision lines.
pub(crate) fn item_body(item: &PackItem, form: Rendered, keep: usize, sources: &Sources) -> String {
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
                    gap_lines(item, gap, sources, &mut body);
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
                    gap_lines(item, gap, sources, &mut body);
                }
            }
        }
    }
    body
}

/// The elision lines for `gap`: lines of the item left out are re-requested exactly;
/// lines another item prints are pointed to.
fn gap_lines(item: &PackItem, gap: LineRange, sources: &Sources, body: &mut String) {
    let frontend = sources.frontend;
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
        if inside.is_some() && frontend == Frontend::Context {
            let _ = writeln!(body, "… lines {part} elided");
        } else if inside.is_some() {
            let zoom = Zoom::Lines {
                path: &item.path,
                ranges: vec![part],
            };
            let _ = writeln!(
                body,
                "… {} lines elided — {}",
                part.len(),
                zoom.request(frontend, sources.call_root.as_deref())
            );
        } else {
            let _ = writeln!(body, "… lines {part} shown above");
        }
        at = end + 1;
    }
}

/// The exact re-request of a cut item: a whole definition by its qualified name and first
/// line (unique among overloads and same-named methods); otherwise the lines it stands for
/// (a type's head stands for its lines before its members).
pub(crate) fn item_zoom(item: &PackItem) -> Zoom<'_> {
    let whole = item.shown.len() == 1
        && item.shown[0] == item.range
        && !matches!(item.role, Role::ParentOf(_));
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

/// One beyond-budget line: where, what, why, its cost and how to ask for it (an MCP call
/// naming `root` when given).
pub(crate) fn stub_line(item: &PackItem, frontend: Frontend, root: Option<&str>) -> String {
    // In a model's context the place at the line's head is the re-request.
    let request = match frontend {
        Frontend::Context => String::new(),
        _ => format!(" · {}", item_zoom(item).request(frontend, root)),
    };
    format!(
        "- {}:{} {}{} · {} · {} lines{request}\n",
        item.path,
        item.range,
        item.kind.map(|k| format!("{k} ")).unwrap_or_default(),
        item.name,
        item.role.label(),
        item.cost_lines,
    )
}

/// The line that stands for cut items the budget cannot name one by one; the calls it
/// suggests name `root` when given.
pub(crate) fn more_line(
    n_items: usize,
    n_lines: usize,
    frontend: Frontend,
    root: Option<&str>,
) -> String {
    let raise = match frontend {
        Frontend::Cli => "raise --budget-lines or run gather graph",
        Frontend::Mcp => "raise budget_lines, or ask gather_context for one of them by symbol",
        Frontend::Context => "ask gather_context for one of them by symbol",
    };
    let root = match (frontend, root) {
        (Frontend::Mcp, Some(root)) => format!(", with {}", root_arg(root)),
        _ => String::new(),
    };
    format!("- … {n_items} more items ({n_lines} lines) not named here: {raise}{root}\n")
}

/// The line ranges actually printed for an item.
pub(crate) fn shown_ranges(item: &PackItem) -> Vec<LineRange> {
    shown_ranges_for(item, item.rendered, item.elide_keep)
}

/// The line ranges `item` prints in `form` with `keep` lines of its own.
pub(crate) fn shown_ranges_for(item: &PackItem, form: Rendered, keep: usize) -> Vec<LineRange> {
    match form {
        Rendered::Stub => Vec::new(),
        Rendered::Body => item.shown.clone(),
        Rendered::Elided => crate::pack::evidence::chosen_ranges(item, keep),
        Rendered::Signature => crate::pack::evidence::chosen_ranges(item, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_for_cut_items_not_named_names_the_root_to_ask_in() {
        let line = |root| more_line(3, 40, Frontend::Mcp, root);
        let plain = "- … 3 more items (40 lines) not named here: raise budget_lines, or ask gather_context for one of them by symbol";
        assert_eq!(line(None), format!("{plain}\n"));
        assert_eq!(
            line(Some("api")),
            format!("{plain}, with \"root\":\"api\"\n")
        );
        assert!(!more_line(3, 40, Frontend::Context, Some("api")).contains("api"));
    }
}
