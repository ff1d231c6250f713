//! The one line naming what a pack left out for other reasons than the budget: calls out
//! of the workspace or ambiguous, words that matched nothing, copies, other definitions,
//! unmet slices, test code.

use crate::pack::zoom::{Frontend, Zoom};
use crate::pack::Omitted;

/// The one line naming what was left out for other reasons than the budget.
pub(crate) fn trailer(omitted: &Omitted, frontend: Frontend) -> Option<String> {
    let mut parts = Vec::new();
    calls(omitted, &mut parts);
    unmatched(omitted, &mut parts);
    copies(omitted, &mut parts);
    other_definitions(omitted, frontend, &mut parts);
    for (path, symbol, reason) in &omitted.unmet_slices {
        let label = match symbol {
            Some(symbol) => format!("{path}:{symbol}"),
            None => path.clone(),
        };
        parts.push(format!("slice {label} not found ({reason})"));
    }
    tests_and_words(omitted, frontend, &mut parts);
    (!parts.is_empty()).then(|| format!("-- omitted: {}\n", parts.join("; ")))
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
            .map(|(name, line, n)| format!("{name}@{line}×{n}"))
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
}

/// Identical copies of seeds, each with the copy shown.
fn copies(omitted: &Omitted, parts: &mut Vec<String>) {
    if omitted.copies.is_empty() {
        return;
    }
    let shown = first_of(&omitted.copies, ", ", |(path, range, kept, kept_range)| {
        format!("{path}:{range} = {kept}:{}", kept_range.start)
    });
    parts.push(format!(
        "{} identical copies ({shown})",
        omitted.copies.len()
    ));
}

/// Other definitions of a requested name, each with its exact re-request.
fn other_definitions(omitted: &Omitted, frontend: Frontend, parts: &mut Vec<String>) {
    if omitted.other_definitions.is_empty() {
        return;
    }
    let shown = first_of(&omitted.other_definitions, "; ", |(path, name, range)| {
        let zoom = Zoom::Symbol {
            path,
            name,
            line: range.start,
        };
        format!("{path}:{range}: {}", zoom.request(frontend))
    });
    parts.push(format!(
        "{} other definitions of the same name ({shown})",
        omitted.other_definitions.len()
    ));
}

/// The first three of `items` as `show` writes them, joined by `separator`, with `…` when
/// there are more.
fn first_of<T>(items: &[T], separator: &str, show: impl Fn(&T) -> String) -> String {
    let shown: Vec<String> = items.iter().take(3).map(show).collect();
    let more = if items.len() > 3 { ", …" } else { "" };
    format!("{}{more}", shown.join(separator))
}

/// Matches and neighbours left out as test code, and question words past the cap.
fn tests_and_words(omitted: &Omitted, frontend: Frontend, parts: &mut Vec<String>) {
    let include_tests = frontend.option("include_tests");
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
}
