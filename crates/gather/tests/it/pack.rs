//! The pack engine: budgets over the whole rendered output, degradation, merging,
//! naming everything cut, determinism.

use crate::common;

use std::collections::HashMap;

use crate::pack_json::has_symbol;
use common::{borrowed, item_named, Workspace};
use gather::budget::Budget;
use gather::index::texts::Texts;
use gather::index::{self, Index, SymbolId};
use gather::pack::zoom::Frontend;
use gather::pack::{self, Mode, PackRequest};
use gather::render::pack::render;
use serde_json::Value;

/// A hub function with many callers and callees of varied sizes, a class whose method is
/// the seed of some tests, multi-byte text everywhere, and test callers.
fn workspace() -> Workspace {
    let mut files: Vec<(String, String)> = Vec::new();
    let mut core = String::from("\"\"\"Core module — ünïcödé.\"\"\"\n\n");
    // A callee whose signature alone is long: it can be cut while smaller ones still fit.
    core.push_str("\ndef wide(\n");
    for p in 0..14 {
        core.push_str(&format!("    p{p}=None,\n"));
    }
    core.push_str("):\n    return p0\n\n");
    for i in 0..12 {
        core.push_str(&format!(
            "\ndef callee_{i}(x):\n    \"\"\"Callee {i} 日本.\"\"\"\n"
        ));
        for j in 0..(i * 3 + 1) {
            core.push_str(&format!("    x = x + {j}  # ✓ step {j}\n"));
        }
        core.push_str("    return x\n\n");
    }
    core.push_str("\ndef hub(x):\n    \"\"\"The hub — calls everything.\"\"\"\n    wide()\n");
    for i in 0..12 {
        core.push_str(&format!("    x = callee_{i}(x)\n"));
    }
    core.push_str("    return helper_x(x)\n\n\ndef helper_x(x):\n    return x\n");
    core.push_str("\n\nclass Worker:\n    def run(self, x):\n        return self.step(hub(x))\n\n    def step(self, x):\n        return x * 2\n");
    files.push(("pkg/core.py".into(), core));
    files.push(("pkg/__init__.py".into(), String::new()));
    for f in 0..6 {
        let mut text = String::from("from pkg.core import hub, Worker\n\n");
        for c in 0..5 {
            text.push_str(&format!(
                "\ndef caller_{f}_{c}(v):\n    \"\"\"Caller — é.\"\"\"\n"
            ));
            for k in 0..(c * 4) {
                text.push_str(&format!("    v = v - {k}\n"));
            }
            text.push_str("    return hub(v)\n\n");
        }
        text.push_str("\ndef make():\n    return Worker()\n");
        files.push((format!("pkg/use_{f}.py"), text));
    }
    files.push((
        "tests/test_core.py".into(),
        "from pkg.core import hub\n\n\ndef test_hub():\n    assert hub(1) > 0\n".into(),
    ));
    Workspace::new(&borrowed(&files))
}

fn seed(index: &Index, name: &str, path: &str) -> SymbolId {
    index.locate(name, Some(path), None).unwrap()
}

fn build(
    ws: &Workspace,
    name: &str,
    path: &str,
    budget: Budget,
    include_tests: bool,
) -> (String, Value) {
    let index = index::build(ws.root()).unwrap();
    let graph = gather::graph::build(&index);
    let request = PackRequest {
        include_tests,
        ..symbol_request(vec![seed(&index, name, path)], budget)
    };
    render(&pack::build(&index, &Texts::of(&index), &graph, &request).unwrap())
}

/// A symbol-mode request for `seeds` within `budget`: every neighbour, no pins.
fn symbol_request(seeds: Vec<SymbolId>, budget: Budget) -> PackRequest {
    PackRequest {
        mode: Mode::Symbol,
        pinned: Vec::new(),
        seeds,
        budget,
        include_tests: false,
        neighbours_of: usize::MAX,
        loose: Default::default(),
        omitted: Default::default(),
        evidence: Default::default(),
        frontend: Default::default(),
        call_root: None,
        degraded: Vec::new(),
        seed_scores: Vec::new(),
        shown_earlier: Vec::new(),
        tree: None,
    }
}

/// A question-mode request: as a symbol's, with the neighbours of the first two seeds only.
fn ask_request(seeds: Vec<SymbolId>, budget: Budget) -> PackRequest {
    PackRequest {
        mode: Mode::Ask,
        neighbours_of: 2,
        ..symbol_request(seeds, budget)
    }
}

/// A question-mode pack of one file's definitions `seeds`, in that order, at 400 lines.
fn ask_pack(file: (&str, &str), seeds: &[&str]) -> (String, Value) {
    ask_pack_in(file, seeds, 400)
}

fn ask_pack_in(file: (&str, &str), seeds: &[&str], budget: usize) -> (String, Value) {
    let ws = Workspace::new(&[file]);
    let index = index::build(ws.root()).unwrap();
    let graph = gather::graph::build(&index);
    let request = ask_request(
        seeds.iter().map(|n| seed(&index, n, file.0)).collect(),
        Budget::Lines(budget),
    );
    render(&pack::build(&index, &Texts::of(&index), &graph, &request).unwrap())
}

#[test]
fn used_never_exceeds_the_line_budget_and_equals_the_rendered_lines() {
    let ws = workspace();
    for limit in (20..=800).step_by(13).chain([20, 21, 22, 400, 800]) {
        let (text, json) = build(&ws, "hub", "pkg/core.py", Budget::Lines(limit), false);
        let used = json["budget"]["used"].as_u64().unwrap() as usize;
        assert!(used <= limit, "limit {limit}: used {used}");
        assert_eq!(
            used,
            text.lines().count(),
            "limit {limit}: used is the rendered line count"
        );
        assert!(
            text.starts_with("# gather symbol · seeds: hub · "),
            "{text}"
        );
        assert!(text.contains(&format!("used={used} ")));
    }
}

#[test]
fn used_never_exceeds_a_token_budget() {
    let ws = workspace();
    for limit in [200, 350, 500, 1000, 2500, 8000] {
        let (text, json) = build(&ws, "hub", "pkg/core.py", Budget::Tokens(limit), false);
        let used = json["budget"]["used"].as_u64().unwrap() as usize;
        assert!(used <= limit, "limit {limit}: used {used}");
        assert_eq!(used, gather::budget::estimate_tokens(&text));
    }
}

#[test]
fn every_candidate_is_shown_or_named_as_a_stub() {
    let ws = workspace();
    let index = index::build(ws.root()).unwrap();
    let graph = gather::graph::build(&index);
    let hub = seed(&index, "hub", "pkg/core.py");
    let expected: usize = graph
        .callers(hub)
        .iter()
        .map(|e| e.caller)
        .chain(graph.callees(hub).iter().map(|e| e.callee))
        .filter(|id| !index.symbol(*id).symbol.is_test)
        .count();
    // 30 callers in pkg/use_*.py, Worker.run, and 14 callees.
    assert_eq!(expected, 45);
    for limit in [20, 60, 150, 400, 800] {
        let (text, json) = build(&ws, "hub", "pkg/core.py", Budget::Lines(limit), false);
        let items = json["items"].as_array().unwrap();
        let neighbours = items.iter().filter(|i| i["role"] != "seed").count();
        assert_eq!(neighbours, expected, "limit {limit}");
        // At tiny budgets the tail of the cut list folds into one counted line.
        let folded: usize = text
            .lines()
            .find_map(|l| {
                l.strip_prefix("- … ")
                    .and_then(|r| r.split(' ').next())
                    .and_then(|n| n.parse().ok())
            })
            .unwrap_or(0);
        let mut named_stubs = 0;
        let n_stubs = items.iter().filter(|i| i["rendered"] == "stub").count();
        for item in items {
            match item["rendered"].as_str().unwrap() {
                "stub" => {
                    let line = format!(
                        "- {}:{}-{}",
                        item["path"].as_str().unwrap(),
                        item["line_start"],
                        item["line_end"]
                    );
                    named_stubs += usize::from(text.contains(&line));
                }
                _ => {
                    let block = format!(" {}\n", item["path"].as_str().unwrap());
                    let header = format!("@@ {}-{} ", item["line_start"], item["line_end"]);
                    assert!(text.contains(&block), "limit {limit}: {block} is printed");
                    assert!(text.contains(&header), "limit {limit}: {header} is printed");
                }
            }
        }
        assert_eq!(
            named_stubs + folded,
            n_stubs,
            "limit {limit}: every cut item is named or counted"
        );
        if limit >= 150 {
            assert_eq!(folded, 0, "limit {limit}: room to name every cut item");
        }
        assert_eq!(json["omitted"]["tests_excluded"], 1);
        assert!(text.contains("1 test neighbours left out"));
    }
}

#[test]
fn big_items_degrade_and_small_ones_backfill() {
    let ws = workspace();
    // Across budgets, some pack cuts an item and still prints a later, smaller one whole.
    let mut saw_backfill = false;
    let mut saw_degraded = false;
    for limit in (60..=400).step_by(10) {
        let (_, json) = build(&ws, "hub", "pkg/core.py", Budget::Lines(limit), false);
        let rendered: Vec<String> = json["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["rendered"].as_str().unwrap().to_string())
            .collect();
        saw_degraded |= rendered.iter().any(|r| r == "elided" || r == "signature");
        if let Some(first_stub) = rendered.iter().position(|r| r == "stub") {
            saw_backfill |= rendered[first_stub..].iter().any(|r| r == "body");
        }
    }
    assert!(saw_backfill, "a smaller later item backfills after a cut");
    assert!(saw_degraded, "some item degrades to elided or signature");
    // A seed larger than the budget is elided, never dropped.
    let (text, json) = build(&ws, "hub", "pkg/core.py", Budget::Lines(20), false);
    assert_eq!(json["items"][0]["role"], "seed");
    assert_ne!(json["items"][0]["rendered"], "stub");
    assert!(
        text.contains("lines elided — gather slice pkg/core.py:"),
        "{text}"
    );
}

#[test]
fn no_line_is_printed_twice_and_pins_win() {
    let ws = workspace();
    // Worker.run is the seed; Worker (a callee through `Worker()` in make) is not a
    // neighbour of run, but make's caller graph brings the class in for `make`.
    let (_, json) = build(&ws, "make", "pkg/use_0.py", Budget::Lines(800), false);
    assert!(has_symbol(&json, "Worker"));
    // Seed a method and pin its whole file: the pin is shown whole, as asked, and the seed
    // (all of whose lines it prints) is counted as merged.
    let index = index::build(ws.root()).unwrap();
    let graph = gather::graph::build(&index);
    let pinned = gather::slice::assemble(
        &ws.dir(),
        &[gather::slice::SliceRequest {
            path: "pkg/core.py".into(),
            head_lines: Some(1000),
            ..Default::default()
        }],
    )
    .unwrap();
    let request = PackRequest {
        pinned,
        ..symbol_request(
            vec![seed(&index, "Worker.run", "pkg/core.py")],
            Budget::Lines(800),
        )
    };
    let (_, json) = render(&pack::build(&index, &Texts::of(&index), &graph, &request).unwrap());
    let items = json["items"].as_array().unwrap();
    let pinned_item = items.iter().find(|i| i["role"] == "pinned").unwrap();
    assert_eq!(pinned_item["rendered"], "body");
    let n_lines = std::fs::read_to_string(ws.path("pkg/core.py"))
        .unwrap()
        .lines()
        .count() as u64;
    assert_eq!(pinned_item["shown"], serde_json::json!([[1, n_lines]]));
    assert!(items.iter().all(|i| i["role"] != "seed"), "{json}");
    assert!(json["omitted"]["merged"].as_u64().unwrap() >= 1);
    let mut seen: HashMap<(String, u64), usize> = HashMap::new();
    for item in items {
        for range in item["shown"].as_array().unwrap() {
            for line in range[0].as_u64().unwrap()..=range[1].as_u64().unwrap() {
                *seen
                    .entry((item["path"].as_str().unwrap().to_string(), line))
                    .or_default() += 1;
            }
        }
    }
    let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "printed twice: {twice:?}");
}

#[test]
fn elision_never_cuts_inside_a_character() {
    let ws = workspace();
    let source = std::fs::read_to_string(ws.path("pkg/core.py")).unwrap();
    for limit in [20, 25, 33, 47, 90] {
        let (_, json) = build(&ws, "hub", "pkg/core.py", Budget::Lines(limit), false);
        for item in json["items"].as_array().unwrap() {
            let Some(content) = item["content"].as_str() else {
                continue;
            };
            if item["path"] != "pkg/core.py" {
                continue;
            }
            for line in content.lines().skip(1) {
                let is_own = line.starts_with("```") || line.starts_with("… ");
                assert!(
                    is_own || source.lines().any(|l| l == line),
                    "limit {limit}: {line:?}"
                );
            }
        }
    }
}

#[test]
fn identical_output_across_runs() {
    let ws = workspace();
    let first = build(&ws, "hub", "pkg/core.py", Budget::Lines(150), false);
    for _ in 0..3 {
        let again = build(&ws, "hub", "pkg/core.py", Budget::Lines(150), false);
        assert_eq!(again.0, first.0);
        assert_eq!(again.1, first.1);
    }
}

#[test]
fn tests_come_in_when_asked() {
    let ws = workspace();
    let (_, json) = build(&ws, "hub", "pkg/core.py", Budget::Lines(800), true);
    assert!(has_symbol(&json, "test_hub"));
    assert_eq!(json["omitted"]["tests_excluded"], 0);
}

#[test]
fn targeted_graph_equals_the_full_graph() {
    let ws = workspace();
    let index = index::build(ws.root()).unwrap();
    let full = gather::graph::build(&index);
    for file in ["pkg/core.py", "pkg/use_3.py"] {
        for hit in index.find_in_file(file) {
            let targeted = gather::graph::build_for(&index, &Texts::of(&index), &[hit.id]);
            assert_eq!(
                targeted.callers(hit.id),
                full.callers(hit.id),
                "{}",
                hit.symbol.name
            );
            assert_eq!(
                targeted.callees(hit.id),
                full.callees(hit.id),
                "{}",
                hit.symbol.name
            );
            assert_eq!(targeted.external_from(hit.id), full.external_from(hit.id));
            assert_eq!(targeted.ambiguous_from(hit.id), full.ambiguous_from(hit.id));
        }
    }
}

/// Asserts that the pack is partial for the reasons `degraded`, or whole when there are none.
fn assert_degraded(json: &Value, degraded: &[&str]) {
    assert_eq!(json["complete"], degraded.is_empty(), "{json}");
    assert_eq!(json["degraded"], serde_json::json!(degraded));
}

#[test]
fn a_heuristic_seed_says_the_pack_is_partial() {
    let ws = Workspace::new(&[(
        "app.jl",
        "function greet(name)\n    helper(name)\nend\n\nfunction helper(x)\n    println(x)\nend\n",
    )]);
    let (text, json) = build(&ws, "greet", "app.jl", Budget::Lines(400), false);
    assert_degraded(&json, &["callgraph-unavailable", "heuristic-parse(app.jl)"]);
    assert!(text.contains("function greet(name)"));
}

#[test]
fn an_item_from_a_file_parsed_with_errors_says_so() {
    let ws = Workspace::new(&[
        (
            "chain.ts",
            include_str!("../../../../tests/fixtures/recovery/chain.ts"),
        ),
        (
            "main.ts",
            "import { makeRunner } from \"./chain\"\n\nexport function main() {\n  return makeRunner(1, 2)\n}\n",
        ),
    ]);
    let (text, json) = build(&ws, "main", "main.ts", Budget::Lines(400), false);
    assert_degraded(&json, &["parsed-with-errors(chain.ts)"]);
    assert!(text.contains("export function makeRunner"));
    // A pack with no item from that file is complete.
    ws.write("alone.ts", b"export function alone() {\n  return 1\n}\n");
    let (_, json) = build(&ws, "alone", "alone.ts", Budget::Lines(400), false);
    assert_degraded(&json, &[]);
}

#[test]
fn a_budget_smaller_than_the_frame_is_refused() {
    let ws = workspace();
    let index = index::build(ws.root()).unwrap();
    let graph = gather::graph::build(&index);
    for budget in [Budget::Lines(0), Budget::Lines(3), Budget::Tokens(5)] {
        let request = symbol_request(vec![seed(&index, "hub", "pkg/core.py")], budget);
        let err = pack::build(&index, &Texts::of(&index), &graph, &request).unwrap_err();
        assert_eq!(err.code, gather::ErrorCode::InvalidRequest);
        assert!(err.message.contains("give at least"), "{}", err.message);
    }
}

#[test]
fn seeds_past_the_leading_two_leave_long_docs_out_and_say_so() {
    let long_doc = |name: &str| {
        format!(
            "/// {name} does one thing.\n///\n/// # Examples\n///\n/// {name}(1);\nfn {name}(x: u32) -> u32 {{\n    x + 1\n}}\n\n"
        )
    };
    let mut text = String::new();
    for name in ["first", "second", "third"] {
        text.push_str(&long_doc(name));
    }
    text.push_str("/// Short doc.\nfn fourth(x: u32) -> u32 {\n    x\n}\n");
    let (text, json) = ask_pack(
        ("src/lib.rs", &text),
        &["first", "second", "third", "fourth"],
    );
    let item = |name: &str| item_named(&json, name);
    // The leading two keep their docs.
    assert_eq!(item("first")["line_start"], 1);
    assert_eq!(item("second")["line_start"], 10);
    assert!(item("second").get("doc_not_shown").is_none());
    // The third starts at its definition and names the doc lines it leaves out.
    let third = item("third");
    assert_eq!(third["line_start"], 24);
    assert_eq!(third["shown"], serde_json::json!([[24, 26]]));
    assert_eq!(third["doc_not_shown"], serde_json::json!([19, 23]));
    assert!(!third["content"].as_str().unwrap().contains("# Examples"));
    assert!(
        text.contains("@@ 24-26 function third · seed · doc 19-23 not shown\n"),
        "{text}"
    );
    // A short doc stays.
    assert_eq!(item("fourth")["line_start"], 28);
}

#[test]
fn a_seed_whose_signature_outgrows_its_glimpse_is_still_shown_when_there_is_room() {
    let mut text =
        String::from("def first(x):\n    return x\n\n\ndef second(x):\n    return x\n\n\n");
    text.push_str("def wide(\n");
    for p in 0..20 {
        text.push_str(&format!("    p{p}=None,\n"));
    }
    text.push_str("):\n");
    for k in 0..30 {
        text.push_str(&format!("    p0 = p0 + {k}\n"));
    }
    text.push_str("    return p0\n");
    let (_, json) = ask_pack(("pkg/mod.py", &text), &["first", "second", "wide"]);
    let wide = item_named(&json, "wide");
    // Its 22-line signature is longer than a third seed's glimpse (12 lines at 400), but
    // the budget has room: it is shown, not cut to a stub.
    assert_ne!(wide["rendered"], "stub", "{wide}");
    assert_ne!(wide["rendered"], "signature", "{wide}");
}

/// The text of `n` two-line Python functions `lead_0` … and their names, to rank first.
fn leading_seeds(n: usize) -> (String, Vec<String>) {
    let text = (0..n)
        .map(|lead| format!("def lead_{lead}(x):\n    return x + {lead}\n\n\n"))
        .collect();
    (text, (0..n).map(|lead| format!("lead_{lead}")).collect())
}

/// A Python function `name(x)` of `n` body lines (`line(k)` each) and a return, then two
/// blank lines.
fn function(name: &str, n: usize, line: impl Fn(usize) -> String) -> String {
    let body: String = (0..n).map(|k| format!("    {}\n", line(k))).collect();
    format!("def {name}(x):\n{body}    return x\n\n\n")
}

#[test]
fn past_the_leading_seeds_a_short_seed_is_shown_whole_before_a_longer_one_is_glimpsed() {
    let (mut text, mut seeds) = leading_seeds(5);
    text.push_str(&function("long", 60, |k| format!("x = x + {k}")));
    text.push_str("def short(x):\n    return x * 2\n");
    seeds.extend(["long".to_string(), "short".to_string()]);
    let seeds: Vec<&str> = seeds.iter().map(String::as_str).collect();
    let mut contested = 0;
    for budget in 20..=60 {
        let (_, json) = ask_pack_in(("pkg/mod.py", &text), &seeds, budget);
        let rendered = |name: &str| item_named(&json, name)["rendered"].clone();
        // Whatever room `long` (ranked above it) gets, the two-line `short` got first.
        if rendered("long") != "stub" {
            assert_eq!(rendered("short"), "body", "budget {budget}: {json}");
        }
        if rendered("short") == "body" && rendered("long") != "body" {
            contested += 1;
        }
    }
    assert!(
        contested > 0,
        "some budget leaves room for one of the two only"
    );
}

/// One file of ten leading seeds, `long` (80 lines) and `mediums` seeds `medium_0` … of
/// 13 lines each, in that rank order; indexed.
struct RankedSeeds {
    _ws: Workspace,
    index: Index,
    graph: gather::graph::CallGraph,
    names: Vec<String>,
}

impl RankedSeeds {
    const PATH: &'static str = "pkg/mod.py";

    fn new(mediums: usize) -> RankedSeeds {
        let (mut text, mut names) = leading_seeds(10);
        text.push_str(&function("long", 80, |k| format!("x = x + {k}")));
        names.push("long".to_string());
        for m in 0..mediums {
            let name = format!("medium_{m}");
            text.push_str(&function(&name, 13, |k| format!("x = x * {k} + {m}")));
            names.push(name);
        }
        let ws = Workspace::new(&[(Self::PATH, text.as_str())]);
        let index = index::build(ws.root()).unwrap();
        let graph = gather::graph::build(&index);
        RankedSeeds {
            _ws: ws,
            index,
            graph,
            names,
        }
    }

    /// The JSON of the question pack of every seed at `lines` for `frontend`, the ranking
    /// sure of the leading ten, less of `long` (0.9), and `medium` sure of each medium seed.
    fn pack(&self, lines: usize, frontend: Frontend, medium: f32) -> Value {
        let seeds = (self.names.iter())
            .map(|n| seed(&self.index, n, Self::PATH))
            .collect();
        let request = PackRequest {
            frontend,
            seed_scores: (0..self.names.len())
                .map(|i| match i {
                    0..10 => 1.0,
                    10 => 0.9,
                    _ => medium,
                })
                .collect(),
            ..ask_request(seeds, Budget::Lines(lines))
        };
        let texts = Texts::of(&self.index);
        render(&pack::build(&self.index, &texts, &self.graph, &request).unwrap()).1
    }
}

#[test]
fn past_the_leading_seeds_equally_ranked_seeds_share_the_room() {
    let ranked = RankedSeeds::new(4);
    let mut shared = 0;
    for budget in (100..=200).step_by(5) {
        // The ranking is sure of the leading ten, less of `long`, as sure of each medium.
        let json = ranked.pack(budget, Frontend::default(), 0.8);
        let forms: Vec<String> = (0..4)
            .map(|m| item_named(&json, &format!("medium_{m}"))["rendered"].to_string())
            .collect();
        // Seeds the ranking is as sure of get room alike: none is only named (or shows
        // only its signature) while another is shown whole.
        if forms.iter().any(|f| f == "\"body\"") {
            assert!(
                forms.iter().all(|f| f == "\"body\"" || f == "\"elided\""),
                "budget {budget}: {forms:?}"
            );
        }
        if forms.iter().all(|f| f == "\"elided\"") {
            shared += 1;
        }
    }
    assert!(shared > 0, "some budget cuts all four alike");
}

/// Past the leading ten seeds a pack for a reader gives short seeds their room first; a
/// hook's pack, with its few thousand characters, gives every seed its room by the
/// ranking's confidence: a seed ranked higher is never shown less than one ranked lower.
#[test]
fn in_a_hooks_pack_every_seed_takes_its_room_by_the_rankings_confidence() {
    let ranked = RankedSeeds::new(6);
    // Lines shown of `long` and of the most shown medium seed.
    let shown = |frontend, lines| {
        // The ranking is sure of the leading ten, less of `long`, less still of each medium.
        let json = ranked.pack(lines, frontend, 0.5);
        let lines_of = |name: &str| {
            let runs = item_named(&json, name)["shown"].as_array().cloned();
            (runs.unwrap_or_default().iter())
                .map(|run| run[1].as_u64().unwrap() + 1 - run[0].as_u64().unwrap())
                .sum::<u64>()
        };
        let medium = (0..6).map(|m| lines_of(&format!("medium_{m}"))).max();
        (lines_of("long"), medium.unwrap())
    };
    for lines in (70..=130).step_by(10) {
        let (long, medium) = shown(Frontend::Context, lines);
        assert!(
            long >= medium,
            "{lines} lines: `long` shows {long}, a medium seed {medium}"
        );
        // Where room is tight, a reader's pack glimpses `long` as it glimpses the others.
        if lines <= 90 {
            let (reader, _) = shown(Frontend::Cli, lines);
            assert!(
                long > reader,
                "{lines} lines: `long` shows {long}, {reader} for a reader"
            );
        }
    }
}
