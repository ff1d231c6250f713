//! Properties cheap to state, checked on generated input: a slice is the exact text of
//! whole lines of its file, whatever the file holds; a pack never uses more than its
//! budget; every pack item is shown or named.

use crate::common;

use std::path::PathBuf;
use std::sync::OnceLock;

use common::Workspace;
use gather::budget::Budget;
use gather::index::{self, Index};
use gather::lines::LineRange;
use gather::request::{self, ContextRequest, Target};
use gather::slice::{self, SliceRequest};
use proptest::prelude::*;

fn ask_index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/ask");
        index::build(&root).unwrap()
    })
}

/// File text: lines of ASCII, non-ASCII and blanks, ended by `\n` or `\r\n`, with or
/// without a final newline.
fn file_text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(("[ -~]{0,12}|é€𝄞|\t", prop::bool::ANY), 0..40),
        prop::bool::ANY,
    )
        .prop_map(|(lines, last_newline)| {
            let mut text = String::new();
            for (i, (line, crlf)) in lines.iter().enumerate() {
                text.push_str(line);
                if i + 1 < lines.len() || last_newline {
                    text.push_str(if *crlf { "\r\n" } else { "\n" });
                }
            }
            text
        })
}

const WORDS: &[&str] = &[
    "retry",
    "delay",
    "backoff",
    "jitter",
    "clock",
    "error",
    "policy",
    "attempts",
    "should_retry",
    "RetryPolicy",
    "`backoff_delay`",
    "\"exhausted\"",
    "how",
    "the",
    "why",
    "--max-retries",
    "zzunknown",
    "sleep()",
    "retry:",
    "“quoted",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn a_slice_is_whole_lines_of_its_file(text in file_text(), start in 0u32..50, len in 0u32..50) {
        let ws = Workspace::new(&[("f.txt", text.as_str())]);
        let request = SliceRequest {
            path: "f.txt".to_string(),
            lines: Some(LineRange::new(start.max(1), start.max(1) + len)),
            ..SliceRequest::default()
        };
        let slices = slice::assemble(&ws.dir(), &[request]).unwrap();
        for s in slices {
            prop_assert!(text.contains(&s.content));
            if s.line_start > 0 && !s.content.is_empty() {
                // Starts at its line's start and ends at a line end (or the end of the
                // file). Found by the line's offset: the content may also occur earlier,
                // overlapping itself.
                let at = match s.line_start {
                    1 => 0,
                    n => text.match_indices('\n').nth(n as usize - 2).map_or(text.len(), |(i, _)| i + 1),
                };
                prop_assert!(text[at..].starts_with(&s.content), "{:?} not at line {}", s.content, s.line_start);
                let end = at + s.content.len();
                prop_assert!(end == text.len() || text[end..].starts_with('\n') || text[end..].starts_with("\r\n"));
            }
        }
    }

    #[test]
    fn a_pack_keeps_its_budget_and_names_every_item(
        words in prop::collection::vec(prop::sample::select(WORDS), 1..12),
        lines in 10usize..900,
        tokens in prop::bool::ANY,
    ) {
        let budget = if tokens { Budget::Tokens(lines * 12) } else { Budget::Lines(lines) };
        let request = ContextRequest {
            budget,
            ..ContextRequest::new(Target::Question(words.join(" ")))
        };
        // Refusals (only common words, a budget below the frame) are fine; answers keep
        // the budget.
        if let Ok(pack) = request::context(ask_index(), &request) {
            let used = pack.json["budget"]["used"].as_u64().unwrap();
            let limit = pack.json["budget"]["limit"].as_u64().unwrap();
            prop_assert!(used <= limit, "used {} of {}", used, limit);
            for item in pack.json["items"].as_array().unwrap() {
                let shown = item.get("content").is_some();
                let named = item["request"].as_str().is_some_and(|r| pack.text.contains(r));
                let folded = pack.text.contains(" more items (");
                prop_assert!(shown || named || folded, "{}", item);
            }
        }
    }
}

/// A line range whose text also occurs one line earlier (overlapping) is cut at its own
/// line, with CRLF kept inside the content.
#[test]
fn a_slice_of_text_that_repeats_overlapping_starts_at_its_line() {
    let text = "\n\n\n\n\n\t\r\n\t\r\n\t";
    let ws = Workspace::new(&[("f.txt", text)]);
    let request = SliceRequest {
        path: "f.txt".to_string(),
        lines: Some(LineRange::new(7, 8)),
        ..SliceRequest::default()
    };
    let slices = slice::assemble(&ws.dir(), &[request]).unwrap();
    assert_eq!(slices.len(), 1);
    assert_eq!(slices[0].line_start, 7);
    assert_eq!(slices[0].content, "\t\r\n\t");
}
