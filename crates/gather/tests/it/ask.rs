//! Question mode end to end on `tests/fixtures/ask`: each lane finds what it should, the
//! fusion is deterministic, and a question that cannot be answered says why.

use crate::common;

use common::{borrowed, indexed};

use std::path::PathBuf;

use gather::budget::Budget;
use gather::index::{self, Index};
use gather::request::{self, ContextRequest, Target};
use gather::ErrorCode;
use serde_json::Value;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/ask")
}

fn index() -> Index {
    index::build(&fixture()).unwrap()
}

fn ask_with(index: &Index, question: &str, include_tests: bool) -> Value {
    let request = ContextRequest {
        budget: Budget::Lines(200),
        include_tests,
        ..ContextRequest::new(Target::Question(question.to_string()))
    };
    request::context(index, &request).unwrap().json
}

fn ask(question: &str) -> Value {
    ask_with(&index(), question, false)
}

/// (symbol, role) of every item, in pack order.
fn items(pack: &Value) -> Vec<(String, String)> {
    crate::pack_json::items(pack, "symbol")
}

/// The question words no definition holds, as the pack names them.
fn unmatched(pack: &Value) -> Vec<&str> {
    let terms = pack["omitted"]["unmatched_terms"].as_array().unwrap();
    terms.iter().map(|t| t.as_str().unwrap()).collect()
}

fn seeds(pack: &Value) -> Vec<String> {
    items(pack)
        .into_iter()
        .filter(|(_, role)| role == "seed")
        .map(|(name, _)| name)
        .collect()
}

#[test]
fn a_backticked_name_is_the_first_seed() {
    let pack = ask("why does `should_retry` give up?");
    assert_eq!(pack["mode"], "ask");
    assert_eq!(seeds(&pack)[0], "RetryPolicy.should_retry");
}

#[test]
fn words_find_definitions_by_name_doc_and_body() {
    let pack = ask("how is the delay before the next attempt computed?");
    assert_eq!(seeds(&pack)[0], "RetryPolicy.backoff_delay");
    // Its callee comes along: as a neighbour, or as a seed of its own when the feedback
    // lane finds it through the words the two share.
    let callee = items(&pack)
        .into_iter()
        .find(|(name, _)| name == "sleep_for")
        .expect("sleep_for is in the pack");
    assert!(
        ["seed", "callee-of-RetryPolicy.backoff_delay"].contains(&callee.1.as_str()),
        "{callee:?}"
    );
}

#[test]
fn special_methods_are_found_by_what_they_do() {
    // `__eq__` and `__getattr__` share no word with the question; what they do does.
    let pack = ask("two attempts with the same number should compare equal");
    assert_eq!(seeds(&pack)[0], "Attempt.__eq__");
    let pack = ask("attribute access on an attempt reaches its failure");
    assert_eq!(seeds(&pack)[0], "Attempt.__getattr__");
}

#[test]
fn test_code_is_left_out_unless_asked_for() {
    let index = index();
    let question = "backoff delay grows";
    let without = ask_with(&index, question, false);
    assert!(!seeds(&without).contains(&"test_backoff_delay_grows".to_string()));
    let with = ask_with(&index, question, true);
    assert!(seeds(&with).contains(&"test_backoff_delay_grows".to_string()));
}

#[test]
fn a_quoted_message_lifts_to_its_definition_or_shows_its_line() {
    let pack = ask("where is \"retry budget exhausted\" raised?");
    assert_eq!(seeds(&pack)[0], "RetryPolicy.should_retry");

    // Outside every definition: the line itself is shown, never dropped.
    let pack = ask("who logs 'request failed'?");
    let hit = pack["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["role"] == "line-hit")
        .expect("a line-hit item");
    assert_eq!(hit["path"], "retry/__init__.py");
    assert_eq!(hit["rendered"], "body");
    assert!(hit["content"].as_str().unwrap().contains("request failed"));
}

#[test]
fn a_question_that_matches_nothing_says_which_words_missed() {
    let pack = ask("zebra quantum flux");
    assert_eq!(pack["success"], true);
    assert_eq!(pack["items"].as_array().unwrap().len(), 0);
    assert_eq!(unmatched(&pack), ["zebra", "quantum", "flux"]);
}

#[test]
fn words_that_match_nothing_are_named_beside_those_that_do() {
    let pack = ask("backoff delay for zebras");
    assert_eq!(seeds(&pack)[0], "RetryPolicy.backoff_delay");
    assert_eq!(unmatched(&pack), ["zebras"]);
}

/// A quoted word that names no definition but occurs in the code (a local, a field) is
/// searched for, not reported missing; one that occurs nowhere is.
#[test]
fn a_quoted_word_in_the_code_but_naming_nothing_is_not_unmatched() {
    let pack = ask("why is the \"delay\" capped in backoff");
    assert_eq!(seeds(&pack)[0], "RetryPolicy.backoff_delay");
    assert!(unmatched(&pack).is_empty());

    let pack = ask("why is the \"zebradelay\" capped in backoff");
    assert_eq!(seeds(&pack)[0], "RetryPolicy.backoff_delay");
    assert_eq!(unmatched(&pack), ["`zebradelay`"]);
}

#[test]
fn a_heuristic_seed_makes_the_pack_partial() {
    let pack = ask("julia jitter_delay");
    assert_eq!(seeds(&pack)[0], "jitter_delay");
    assert_eq!(pack["complete"], false);
    let degraded: Vec<&str> = pack["degraded"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    assert!(degraded.contains(&"heuristic-parse(tools/jitter.jl)"));
}

#[test]
fn malformed_questions_are_refused() {
    let index = index();
    for question in ["", "   \n\t", "how does it work?", "?!…"] {
        let request = ContextRequest::new(Target::Question(question.to_string()));
        let error = request::context(&index, &request).unwrap_err();
        assert_eq!(error.code, ErrorCode::InvalidRequest, "{question:?}");
    }
}

#[test]
fn the_answer_is_byte_identical_across_runs_and_thread_counts() {
    let question = "how does the retry policy decide to sleep or give up after a failed request";
    let answer = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                let index = index();
                let request = ContextRequest {
                    budget: Budget::Lines(120),
                    ..ContextRequest::new(Target::Question(question.to_string()))
                };
                let pack = request::context(&index, &request).unwrap();
                (pack.text, pack.json.to_string())
            })
    };
    let one = answer(1);
    assert!(one.1.contains("\"mode\":\"ask\""));
    assert_eq!(one, answer(1));
    assert_eq!(one, answer(4));
}

const PARSER: &str = "def parse_header(line):\n    name, value = line.split(':', 1)\n    return name.strip(), value.strip()\n\n\ndef parse_body(text):\n    return text.strip()\n";

#[test]
fn identical_copies_of_a_seed_are_shown_once_and_named() {
    // A mirrored tree (generated for another runtime) holds the same definitions.
    let (_ws, index) = indexed(&[("src/parser.py", PARSER), ("mirror/lib/parser.py", PARSER)]);
    let pack = ask_with(&index, "how is a header line parsed?", false);
    let paths: Vec<&str> = pack["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["symbol"] == "parse_header")
        .map(|i| i["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["src/parser.py"], "the shallower copy, once");
    let copies = pack["omitted"]["copies"].as_array().unwrap();
    assert!(copies.iter().any(|c| c["path"] == "mirror/lib/parser.py"
        && c["line_start"] == 1
        && c["copy_of"]["path"] == "src/parser.py"));
    // A definition that differs in one character is not a copy.
    let (_ws, index) = indexed(&[
        ("src/parser.py", PARSER),
        ("mirror/lib/parser.py", &PARSER.replace("':', 1", "'=', 1")),
    ]);
    let pack = ask_with(&index, "how is a header line parsed?", false);
    let copies = pack["omitted"]["copies"].as_array().unwrap();
    assert!(copies.iter().all(|c| c["line_start"] != 1), "{copies:?}");
    assert_eq!(
        seeds(&pack).iter().filter(|s| *s == "parse_header").count(),
        2
    );
}

#[test]
fn a_question_answered_only_by_tests_says_so() {
    let (_ws, index) = indexed(&[
        ("src/app.py", "def serve():\n    return 1\n"),
        (
            "tests/test_app.py",
            "def test_flaky_handshake():\n    assert handshake_retries() == 3\n",
        ),
    ]);
    let pack = ask_with(&index, "flaky handshake", false);
    assert_eq!(pack["success"], true);
    assert_eq!(pack["items"].as_array().unwrap().len(), 0);
    assert_eq!(pack["omitted"]["test_matches"], 1);
    assert!(unmatched(&pack).is_empty());
    let pack = ask_with(&index, "flaky handshake", true);
    assert_eq!(seeds(&pack), ["test_flaky_handshake"]);
    assert_eq!(pack["omitted"]["test_matches"], 0);
}

#[test]
fn what_the_leading_answer_calls_is_ranked_as_a_seed() {
    let (_ws, index) = indexed(&[
        (
            "app/upload.py",
            "from app.storage import store_blob\n\n\ndef handle_upload(request):\n    data = request.body\n    return store_blob(data)\n",
        ),
        (
            "app/storage.py",
            "def store_blob(data):\n    with open('/tmp/x', 'wb') as f:\n        f.write(data)\n\n\ndef unrelated_helper():\n    return 0\n",
        ),
    ]);
    let pack = ask_with(&index, "where is an upload handled?", false);
    // It shares no word with the question: only the callee lane makes it a seed.
    assert_eq!(
        seeds(&pack)[..2],
        ["handle_upload", "store_blob"],
        "{pack:#}"
    );
}

#[test]
fn a_caller_in_the_same_file_is_ranked_as_a_seed_and_one_elsewhere_is_a_neighbour() {
    let (_ws, index) = indexed(&[
        (
            "app/upload.py",
            "def dispatch(req):\n    return handle_upload(req)\n\n\ndef filler_one():\n    return 1\n\n\ndef filler_two():\n    return 2\n\n\ndef handle_upload(request):\n    return parse_multipart(request.body)\n",
        ),
        (
            "app/server.py",
            "from app.upload import handle_upload\n\n\ndef serve(req):\n    return handle_upload(req)\n",
        ),
    ]);
    // Only handle_upload holds the question's word; dispatch shares none with it.
    let pack = ask_with(&index, "how is multipart data read?", false);
    let seeds = seeds(&pack);
    assert_eq!(seeds[0], "handle_upload");
    assert!(seeds.contains(&"dispatch".to_string()), "{seeds:?}");
    assert!(!seeds.contains(&"serve".to_string()), "{seeds:?}");
    assert!(
        items(&pack).contains(&("serve".to_string(), "caller-of-handle_upload".to_string())),
        "{:?}",
        items(&pack)
    );
}

/// Code-shaped words past the cap on verbatim probes are not probed, so they are never
/// named as missing: only what was checked is reported.
#[test]
fn code_words_past_the_probe_cap_are_not_called_unmatched() {
    let locals: Vec<String> = (0..25).map(|n| format!("local_value_{n}")).collect();
    let body: String = locals.iter().map(|l| format!("    {l} = 1\n")).collect();
    let (_ws, index) = indexed(&[("a.py", &format!("def compute():\n{body}"))]);
    let pack = ask_with(&index, &format!("where are {}", locals.join(" ")), false);
    assert!(unmatched(&pack).is_empty());
    assert_eq!(seeds(&pack)[0], "compute");
}

/// A class whose head (docstring and attributes) holds what a method's question is about.
fn ledger() -> (common::Workspace, Index) {
    let mut ledger = String::from(
        "class Ledger:\n    \"\"\"Kept in posting order.\"\"\"\n    rounding = 'half-even'\n    currency = 'EUR'\n\n",
    );
    for i in 0..6 {
        ledger.push_str(&format!(
            "    def helper_{i}(self):\n        return {i}\n\n"
        ));
    }
    ledger.push_str("    def post_entry(self, amount):\n        return round(amount, 2)\n\n    def reverse_entry(self, amount):\n        return -amount\n");
    let (ws, index) = indexed(&[
        ("books/ledger.py", &ledger),
        ("books/report.py", "def summary():\n    return 'summary'\n"),
    ]);
    (ws, index)
}

#[test]
fn a_methods_class_head_is_shown_beside_it_once() {
    let (_ws, index) = ledger();
    let pack = ask_with(
        &index,
        "post_entry and reverse_entry round with the wrong rounding",
        false,
    );
    let heads: Vec<&Value> = (pack["items"].as_array().unwrap().iter())
        .filter(|i| i["role"].as_str().unwrap().starts_with("parent-of-"))
        .collect();
    assert_eq!(heads.len(), 1, "one head per class: {:?}", items(&pack));
    let head = heads[0];
    assert_eq!(head["symbol"], "Ledger");
    assert_eq!(
        (head["line_start"].as_u64(), head["line_end"].as_u64()),
        (Some(1), Some(5)),
        "the head stands for the lines before the first member"
    );
    let content = head["content"].as_str().unwrap();
    assert!(content.contains("rounding = 'half-even'"), "{content}");
    assert!(!content.contains("def helper_0"), "{content}");
    let seeds = seeds(&pack);
    assert!(
        seeds.contains(&"Ledger.post_entry".to_string()),
        "{seeds:?}"
    );
}

#[test]
fn a_class_head_without_the_questions_words_is_left_out() {
    let (_ws, index) = ledger();
    let pack = ask_with(&index, "reverse_entry negates the amount", false);
    assert!(
        seeds(&pack).contains(&"Ledger.reverse_entry".to_string()),
        "{:?}",
        items(&pack)
    );
    assert!(
        !(items(&pack).iter()).any(|(_, role)| role.starts_with("parent-of-")),
        "the head holds none of the question's words: {:?}",
        items(&pack)
    );
}

#[test]
fn a_go_structs_head_ends_with_the_struct_though_its_methods_come_later() {
    let engine = "package web\n\n// Engine routes requests.\ntype Engine struct {\n\tUseRawPath bool // keep literal colons in routes\n\tTrees []string\n}\n\n// New makes an engine with no routes.\nfunc New() *Engine {\n\treturn &Engine{}\n}\n\n// Handler serves the routes with literal colons.\nfunc (e *Engine) Handler() string {\n\treturn \"routes\"\n}\n";
    let (_ws, index) = indexed(&[
        ("web/engine.go", engine),
        (
            "web/other.go",
            "package web\n\nfunc other() int {\n\treturn 1\n}\n",
        ),
    ]);
    let pack = ask_with(
        &index,
        "literal colons in routes with engine Handler",
        false,
    );
    let all = pack["items"].as_array().unwrap();
    let handler = all.iter().position(|i| i["symbol"] == "Engine.Handler");
    assert!(handler.is_some(), "{:?}", items(&pack));
    for item in all.iter().filter(|i| i["symbol"] == "Engine") {
        assert!(
            item["line_end"].as_u64() <= Some(7),
            "the struct's lines, not what follows it: {item}"
        );
        assert!(!item["content"].as_str().unwrap().contains("func New"));
    }
    let engines = all.iter().filter(|i| i["symbol"] == "Engine").count();
    assert!(
        engines <= 1,
        "once, as a seed or a head: {:?}",
        items(&pack)
    );
}

/// Fifty files answer alike, one definition each; past the cap of 40 seeds, a larger budget
/// shows the best of 8 more files, marked as added for breadth.
#[test]
fn a_budget_past_the_seed_cap_adds_the_best_of_files_no_seed_is_in() {
    let files: Vec<(String, String)> = (0..50)
        .map(|n| {
            let text =
                format!("def parse_header_field_{n}(text):\n    return text.split(':')[{n}]\n");
            (format!("h{n}.py"), text)
        })
        .collect();
    let (_ws, index) = indexed(&borrowed(&files));
    let request = |budget| ContextRequest {
        budget,
        ..ContextRequest::new(Target::Question("parse the header field".to_string()))
    };
    let at_400 = seeds(
        &request::context(&index, &request(Budget::Lines(400)))
            .unwrap()
            .json,
    );
    assert_eq!(at_400.len(), 40);

    let wide = request(Budget::Tokens(8192));
    let at_8k = seeds(&request::context(&index, &wide).unwrap().json);
    assert_eq!(at_8k.len(), 48, "{at_8k:?}");
    assert_eq!(
        at_8k[..40],
        at_400[..],
        "the ranked seeds as at 400 lines, then 8 more"
    );

    let explained = ContextRequest {
        explain: true,
        ..wide
    };
    let pack = request::context_pack(&index, &explained).unwrap();
    let explanation = pack.explained.expect("asked for");
    let breadth: Vec<bool> = explanation.seeds.iter().map(|e| e.breadth).collect();
    assert_eq!(breadth, [[false; 40].as_slice(), &[true; 8]].concat());
}

/// A whole issue runs every lane (postings, names, grep, feedback, the call lanes, the
/// resolver) and pins slices of files the lanes read too; the pack's sources read them
/// once more. Every file is read once, all through the request's store, and asking for the
/// seeds' explanation reads nothing more: it is read from the same answer.
#[test]
fn a_question_reads_each_file_once_and_its_explanation_reads_none() {
    let ws = common::Workspace::new(&[
        (
            "retry.py",
            "from util import jitter\n\n\nclass RetryPolicy:\n    def delay(self, attempt):\n        if attempt > 5:\n            raise RuntimeError('retry budget exhausted')\n        return jitter(attempt * 2)\n",
        ),
        (
            "client.py",
            "from retry import RetryPolicy\n\n\nclass Client:\n    def send(self, attempt):\n        policy = RetryPolicy()\n        return policy.delay(attempt)\n",
        ),
        ("util.py", "def jitter(seconds):\n    return seconds + 0.1\n"),
        ("notes.md", "# Notes\nThe retry budget is five attempts.\n"),
    ]);
    let question = "Client.send gives up too early\n\nWhen the server resets, `send` \
                    raises:\n\n```\nTraceback (most recent call last):\n  File \
                    \"client.py\", line 7, in send\n    return policy.delay(attempt)\n  \
                    File \"retry.py\", line 7, in delay\nRuntimeError: retry budget \
                    exhausted\n```\n";
    let slice = |path: &str, lines: Option<gather::lines::LineRange>, symbol: Option<&str>| {
        gather::slice::SliceRequest {
            path: path.into(),
            lines,
            symbol: symbol.map(str::to_string),
            ..gather::slice::SliceRequest::default()
        }
    };
    let request = ContextRequest {
        slices: vec![
            slice("util.py", Some(gather::lines::LineRange::new(1, 2)), None),
            slice("retry.py", None, Some("RetryPolicy.delay")),
            slice("notes.md", None, None),
        ],
        ..ContextRequest::new(Target::Question(question.to_string()))
    };
    for explain in [false, true] {
        // A fresh index each time: its postings are built by the answer, reading every file.
        let index = index::build(ws.root()).unwrap();
        let root = index.root_dir();
        let before = root.files_read();
        let asked = ContextRequest {
            explain,
            ..request.clone()
        };
        let pack = request::context_pack(&index, &asked).unwrap();
        let shown: std::collections::BTreeSet<&str> =
            pack.items.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(
            shown,
            ["client.py", "notes.md", "retry.py", "util.py"].into()
        );
        // Every file the index holds was read (the postings and the grep lane read them
        // all), each once.
        assert_eq!(root.files_read() - before, 4, "explain: {explain}");
        assert_eq!(pack.explained.is_some(), explain);
        if let Some(explanation) = pack.explained {
            let seeds: Vec<String> = (explanation.seeds.iter())
                .map(|e| index.symbol(e.id).symbol.qualified_name.clone())
                .collect();
            assert_eq!(seeds, pack.seed_names, "the pack's seeds, explained");
        }
    }
}
