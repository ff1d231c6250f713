//! The one line naming what a pack left out for other reasons than the budget: calls out
//! of the workspace or ambiguous, words that matched nothing, copies, other definitions,
//! unmet slices, test code, and what a diff names that shows no code.

use crate::change::notes::ChangeNotes;
use crate::pack::zoom::{Frontend, Zoom};
use crate::pack::Omitted;

/// The one line naming what was left out for other reasons than the budget; its MCP calls
/// name `root` when given.
pub(crate) fn trailer(omitted: &Omitted, frontend: Frontend, root: Option<&str>) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(notes) = omitted.change() {
        change(notes, &mut parts);
    }
    calls(omitted, &mut parts);
    unmatched(omitted, &mut parts);
    copies(omitted, &mut parts);
    other_definitions(omitted, frontend, root, &mut parts);
    for unmet in &omitted.unmet_slices {
        let label = match &unmet.symbol {
            Some(symbol) => format!("{}:{symbol}", unmet.path),
            None => unmet.path.clone(),
        };
        parts.push(format!("slice {label} not found ({})", unmet.reason));
    }
    tests_and_words(omitted, frontend, &mut parts);
    shown_earlier(omitted, &mut parts);
    (!parts.is_empty()).then(|| format!("-- omitted: {}\n", parts.join("; ")))
}

/// What a diff names that shows no code: stale hunks, deleted definitions and files,
/// binary and non-code files, renames that change no line.
fn change(notes: &ChangeNotes, parts: &mut Vec<String>) {
    for stale in notes.stale_hunks.iter().take(LISTED) {
        let what = if stale.hunk.contains("@@") {
            "hunk"
        } else {
            "file"
        };
        parts.push(format!("stale {what} {}: {}", stale.hunk, stale.reason));
    }
    if notes.stale_hunks.len() > LISTED {
        let more = notes.stale_hunks.len() - LISTED;
        parts.push(format!("{more} more stale hunks"));
    }
    let deleted: Vec<String> = (notes.deleted.iter())
        .map(|d| format!("{}:{} old {}", d.path, d.name, d.range))
        .collect();
    counted(&deleted, "deleted definition", "", parts);
    counted(&notes.deleted_files, "deleted file", "", parts);
    counted(&notes.binary, "binary file", " skipped", parts);
    if notes.no_code {
        parts.push(format!(
            "the diff changes no code, so none is shown ({})",
            listed(&notes.not_code)
        ));
    } else {
        counted(&notes.not_code, "non-code file", " changed", parts);
    }
    for rename in notes.renamed.iter().take(LISTED) {
        parts.push(format!(
            "renamed {} → {} (no line changed)",
            rename.from, rename.to
        ));
    }
}

/// How many of a list a part names one by one.
const LISTED: usize = 8;

/// `N things (a, b, …)`, with `what` made plural past one, and `after` the list's verb.
fn counted(items: &[String], what: &str, after: &str, parts: &mut Vec<String>) {
    match items.len() {
        0 => {}
        1 => parts.push(format!("{what} {}{after}", items[0])),
        n => parts.push(format!("{n} {what}s{after} ({})", listed(items))),
    }
}

fn listed(items: &[String]) -> String {
    let shown: Vec<&str> = items.iter().take(LISTED).map(String::as_str).collect();
    let more = if items.len() > LISTED { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// Callees outside the workspace, and calls with several candidate targets.
fn calls(omitted: &Omitted, parts: &mut Vec<String>) {
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
            .map(|a| format!("{}@{}×{}", a.name, a.line, a.candidates))
            .collect();
        parts.push(format!(
            "{} ambiguous calls ({})",
            omitted.ambiguous.len(),
            shown.join(", ")
        ));
    }
}

/// Question words that matched nothing (all of them, or some).
fn unmatched(omitted: &Omitted, parts: &mut Vec<String>) {
    if let Some(dir) = &omitted.empty_scope {
        parts.push(format!(
            "nothing under the scope {dir} matches the request, so no code from it is shown"
        ));
    }
    if omitted.question().nothing_matched {
        parts.push(format!(
            "nothing in the workspace matches the question (no match for {}), so no code is shown",
            omitted.question().unmatched_terms.join(", ")
        ));
    } else if !omitted.question().unmatched_terms.is_empty() {
        parts.push(format!(
            "no match for {}",
            omitted.question().unmatched_terms.join(", ")
        ));
    }
}

/// Identical copies of seeds, each with the copy shown.
fn copies(omitted: &Omitted, parts: &mut Vec<String>) {
    if omitted.question().copies.is_empty() {
        return;
    }
    let shown = first_of(&omitted.question().copies, ", ", |c| {
        let (copy, kept) = (&c.copy, &c.kept);
        format!(
            "{}:{} = {}:{}",
            copy.path, copy.range, kept.path, kept.range.start
        )
    });
    parts.push(format!(
        "{} identical copies ({shown})",
        omitted.question().copies.len()
    ));
}

/// Other definitions of a requested name, each with its exact re-request.
fn other_definitions(
    omitted: &Omitted,
    frontend: Frontend,
    root: Option<&str>,
    parts: &mut Vec<String>,
) {
    if omitted.other_definitions().is_empty() {
        return;
    }
    let shown = first_of(omitted.other_definitions(), "; ", |d| {
        let zoom = Zoom::Symbol {
            path: &d.path,
            name: &d.name,
            line: d.range.start,
        };
        format!("{}:{}: {}", d.path, d.range, zoom.request(frontend, root))
    });
    parts.push(format!(
        "{} other definitions of the same name ({shown})",
        omitted.other_definitions().len()
    ));
}

/// The first three of `items` as `show` writes them, joined by `separator`, with `…` when
/// there are more.
fn first_of<T>(items: &[T], separator: &str, show: impl Fn(&T) -> String) -> String {
    let shown: Vec<String> = items.iter().take(3).map(show).collect();
    let more = if items.len() > 3 { ", …" } else { "" };
    format!("{}{more}", shown.join(separator))
}

/// Definitions the reader was shown earlier, each with its place, so it can look back.
fn shown_earlier(omitted: &Omitted, parts: &mut Vec<String>) {
    let places: Vec<String> = (omitted.shown_earlier.iter())
        .map(|d| format!("{}:{}", d.path, d.range))
        .collect();
    if !places.is_empty() {
        parts.push(format!(
            "shown earlier in this session: {}",
            listed(&places)
        ));
    }
}

/// Matches and neighbours left out as test code, and question words past the cap.
fn tests_and_words(omitted: &Omitted, frontend: Frontend, parts: &mut Vec<String>) {
    let include_tests = frontend.option("include_tests");
    if omitted.question().test_matches > 0 {
        parts.push(format!(
            "{} matches in test code only ({include_tests})",
            omitted.question().test_matches
        ));
    }
    if omitted.tests_excluded > 0 {
        parts.push(format!(
            "{} test neighbours left out ({include_tests})",
            omitted.tests_excluded
        ));
    }
    if omitted.question().question_left_out > 0 {
        parts.push(format!(
            "{} question words past the first {} not read",
            omitted.question().question_left_out,
            crate::ask::question::MAX_WORDS
        ));
    }
}
