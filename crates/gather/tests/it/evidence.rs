//! Evidence-first elision in question mode: a definition too long for the budget shows its
//! signature and the lines that carry the question's evidence, every elision line
//! re-requests exactly what it leaves out, and a question that matches nothing says so.

use crate::common;

use common::{indexed, item_named as item, Workspace};
use gather::budget::Budget;
use gather::index::{self, Index};
use gather::lines::LineRange;
use gather::request::{self, ContextRequest, Target};
use gather::slice::{self, SliceRequest};
use serde_json::Value;

/// A 200-line Python function whose only mention of `reconcile` is at line `at` (the
/// function starts at line 1).
fn long_function(at: usize) -> String {
    let mut text = String::from("def process(items):\n");
    for line in 2..=200 {
        if line == at {
            text.push_str("    total = reconcile_ledger(items)\n");
        } else {
            text.push_str(&format!("    step_{line} = items[{line}] + {line}\n"));
        }
    }
    text
}

fn workspace(at: usize) -> Workspace {
    Workspace::new(&[
        ("work.py", &long_function(at)),
        (
            "ledger.py",
            "def reconcile_ledger(items):\n    return sum(items)\n",
        ),
        (
            "notes.py",
            "def describe():\n    return \"totals are checked every night\"\n",
        ),
    ])
}

fn ask(index: &Index, question: &str, budget: usize) -> (String, Value) {
    let request = ContextRequest {
        budget: Budget::Lines(budget),
        ..ContextRequest::new(Target::Question(question.to_string()))
    };
    let pack = request::context(index, &request).unwrap();
    (pack.text, pack.json)
}

fn shown(item: &Value) -> Vec<(u64, u64)> {
    item["shown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r[0].as_u64().unwrap(), r[1].as_u64().unwrap()))
        .collect()
}

#[test]
fn the_line_holding_the_only_question_term_is_shown() {
    let ws = workspace(150);
    let index = index::build(ws.root()).unwrap();
    let (text, pack) = ask(&index, "where does processing reconcile the ledger", 60);
    let process = item(&pack, "process");
    assert_eq!(process["rendered"], "elided", "200 lines cannot fit in 60");
    let ranges = shown(process);
    assert!(
        ranges.iter().any(|&(a, b)| a <= 150 && 150 <= b),
        "line 150 is shown: {ranges:?}"
    );
    assert!(
        ranges.iter().any(|&(a, _)| a == 1),
        "the signature is shown"
    );
    assert!(text.contains("    total = reconcile_ledger(items)\n"));
    // The line is not at the start: without evidence the first lines would be shown.
    let ws = workspace(30);
    let index = index::build(ws.root()).unwrap();
    let (_, pack) = ask(&index, "where does processing reconcile the ledger", 60);
    assert!(shown(item(&pack, "process"))
        .iter()
        .any(|&(a, b)| a <= 30 && 30 <= b));
}

#[test]
fn a_literal_hit_line_is_never_elided() {
    let mut text = long_function(0);
    text = text.replace(
        "    step_120 = items[120] + 120\n",
        "    raise ValueError(\"ledger out of balance\")\n",
    );
    let (_ws, index) = indexed(&[("work.py", &text)]);
    for budget in [30, 45, 80] {
        let (text, pack) = ask(&index, "where is \"ledger out of balance\" raised", budget);
        let process = item(&pack, "process");
        assert_ne!(process["rendered"], "body", "budget {budget}");
        assert!(
            shown(process).iter().any(|&(a, b)| a <= 120 && 120 <= b),
            "budget {budget}: {:?}",
            shown(process)
        );
        assert!(text.contains("raise ValueError(\"ledger out of balance\")"));
    }
}

#[test]
fn every_elision_line_re_requests_exactly_the_lines_it_left_out() {
    let ws = workspace(150);
    let index = index::build(ws.root()).unwrap();
    let source = std::fs::read_to_string(ws.path("work.py")).unwrap();
    let lines: Vec<&str> = source.lines().collect();
    for budget in [25, 40, 60, 90] {
        let (_, pack) = ask(&index, "where does processing reconcile the ledger", budget);
        let process = item(&pack, "process");
        let content = process["content"].as_str().unwrap();
        let mut printed: Vec<u64> = Vec::new();
        for (a, b) in shown(process) {
            printed.extend(a..=b);
        }
        let mut elided: Vec<u64> = Vec::new();
        for marker in content.lines().filter(|l| l.starts_with("… ")) {
            let spec = marker.rsplit("gather slice ").next().unwrap();
            let (path, range) = spec.rsplit_once(':').unwrap();
            let (a, b) = range.split_once('-').unwrap();
            let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
            let count: u64 = marker
                .trim_start_matches("… ")
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(count, b - a + 1, "budget {budget}: {marker}");
            let slices = slice::assemble(
                &ws.dir(),
                &[SliceRequest {
                    path: path.to_string(),
                    symbol: None,
                    line_hint: None,
                    lines: Some(LineRange::new(a as u32, b as u32)),
                    head_lines: None,
                }],
            )
            .unwrap();
            let expected = lines[a as usize - 1..b as usize].join("\n");
            assert_eq!(
                slices[0].content.trim_end_matches('\n'),
                expected,
                "budget {budget}: {marker}"
            );
            elided.extend(a..=b);
        }
        // The pack counts its code lines and its own lines.
        let lines_of_text = pack["budget"]["used"].as_u64().unwrap();
        let code = pack["budget"]["code_lines"].as_u64().unwrap();
        assert_eq!(
            code + pack["budget"]["frame_lines"].as_u64().unwrap(),
            lines_of_text
        );
        assert!(code >= printed.len() as u64, "budget {budget}");
        // Printed and elided lines partition the definition.
        let mut all: Vec<u64> = printed.iter().chain(&elided).copied().collect();
        all.sort();
        assert_eq!(all, (1..=200).collect::<Vec<u64>>(), "budget {budget}");
        // And the printed lines are the file's own.
        for l in content.lines().filter(|l| !l.starts_with("… ")) {
            assert!(lines.contains(&l), "budget {budget}: {l:?}");
        }
    }
}

#[test]
fn a_question_naming_only_missing_things_says_so_and_shows_no_code() {
    let ws = workspace(150);
    let index = index::build(ws.root()).unwrap();
    for question in ["`frobnicate_widget`", "\"zzqx never written\""] {
        let (text, pack) = ask(&index, question, 100);
        assert_eq!(pack["success"], true);
        assert_eq!(pack["items"].as_array().unwrap().len(), 0, "{question}");
        assert_eq!(pack["omitted"]["nothing_matched"], true, "{question}");
        assert!(
            text.contains("nothing in the workspace matches the question"),
            "{text}"
        );
        assert!(!text.contains("```"), "no code: {text}");
    }
    // A missing name beside words that do match is named, and the rest is answered.
    let (text, pack) = ask(&index, "is `frobnicate_widget` like reconcile_ledger", 100);
    assert!(pack["omitted"]["unmatched_terms"]
        .as_array()
        .unwrap()
        .contains(&Value::from("`frobnicate_widget`")));
    assert!(text
        .lines()
        .next()
        .unwrap()
        .contains("no match: `frobnicate_widget`"));
    assert!(item(&pack, "reconcile_ledger")["rendered"] == "body");
}

#[test]
fn a_one_line_gap_is_shown_rather_than_named() {
    // A doc line above the signature is one line left out at an end of the definition
    // when the evidence (every tenth line) takes all the room: an elision line would
    // replace it at the same cost.
    let mut text = String::from("/// Runs every step.\nfn process(items: &[i64]) -> i64 {\n");
    for line in 3..=200 {
        if line % 10 == 0 {
            text.push_str(&format!(
                "    let total_{line} = reconcile_ledger(items);\n"
            ));
        } else {
            text.push_str(&format!("    let step_{line} = items[{line}] + {line};\n"));
        }
    }
    text.push_str("    step_3\n}\n");
    let (_ws, index) = indexed(&[("work.rs", &text)]);
    for budget in [20, 30, 45] {
        let (_, pack) = ask(&index, "where does processing reconcile the ledger", budget);
        let process = item(&pack, "process");
        assert_eq!(process["rendered"], "elided", "budget {budget}");
        let content = process["content"].as_str().unwrap();
        for marker in content.lines().filter(|l| l.starts_with("… ")) {
            assert!(
                !marker.starts_with("… 1 lines"),
                "budget {budget}: {marker}"
            );
        }
        assert_eq!(shown(process)[0].0, 1, "budget {budget}: the doc line");
    }
}

#[test]
fn an_item_whose_signature_a_pin_took_still_shows_a_line_or_is_a_stub() {
    // The pin prints lines 1-3, the function's signature among them: what is left of the
    // function starts at line 4.
    let body: String = (1..=47).map(|n| format!("    x{n} = {n}\n")).collect();
    let (_ws, index) = indexed(&[("a.py", &format!("import os\n\ndef f():\n{body}"))]);
    let mut answered = 0;
    for budget in 6..=14 {
        let request = ContextRequest {
            slices: vec![SliceRequest {
                path: "a.py".to_string(),
                lines: Some(LineRange::new(1, 3)),
                ..SliceRequest::default()
            }],
            budget: Budget::Lines(budget),
            ..ContextRequest::new(Target::Symbol {
                name: "f".to_string(),
                path: Some("a.py".to_string()),
                line: None,
            })
        };
        let Ok(pack) = request::context(&index, &request) else {
            continue;
        };
        answered += 1;
        for item in pack.json["items"].as_array().unwrap() {
            if item["rendered"] != "stub" {
                assert!(!shown(item).is_empty(), "budget {budget}: {}", pack.text);
            }
        }
    }
    assert!(answered >= 5, "{answered}");
}
