//! `gather serve` end to end: the binary spoken to over stdio, one JSON-RPC message a line,
//! on the Python call-graph fixture (copied to a temporary directory when a test edits it).

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::keys;
use common::session::Session;
use serde_json::{json, Value};

const TIMEOUT: Duration = Duration::from_secs(60);

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/callgraph/python")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of the fixture that a test may edit.
fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), dir.path());
    dir
}

/// `gather serve` on `root`, initialized, its tool results checked against their output
/// schemas.
fn serve(root: &Path, extra: &[&str]) -> Session {
    Session::start(root, extra).checking_schemas().ready()
}

fn text(result: &Value) -> String {
    result["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Asserts a successful tool result and returns its structured content.
fn ok(result: &Value) -> &Value {
    assert_ne!(result["isError"], true, "{result}");
    assert_eq!(result["structuredContent"]["success"], true, "{result}");
    &result["structuredContent"]
}

/// Asserts an error result with `code` and returns its message.
fn error(result: &Value, code: &str) -> String {
    assert_eq!(result["isError"], true, "{result}");
    let structured = &result["structuredContent"];
    assert_eq!(structured["success"], false, "{result}");
    assert_eq!(structured["code"], code, "{result}");
    assert!(
        text(result).starts_with(&format!("error[{code}]")),
        "{result}"
    );
    structured["message"].as_str().unwrap().to_string()
}

#[test]
fn initialize_then_exactly_three_tools_with_object_schemas() {
    let mut server = Session::start(&fixture(), &[]);
    let init = server.request(
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "gather-tests", "version": "1"}}),
    );
    let result = &init["result"];
    assert_eq!(result["serverInfo"]["name"], "gather");
    assert!(result["capabilities"]["tools"].is_object(), "{init}");
    assert_eq!(result["protocolVersion"], "2025-06-18");

    let list = server.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["assemble_context", "find_symbol", "gather_context"]);
    for tool in tools {
        assert!(tool["description"].as_str().unwrap().len() > 40, "{tool}");
        for schema in [&tool["inputSchema"], &tool["outputSchema"]] {
            assert_eq!(schema["type"], "object", "{tool}");
            let properties = schema["properties"].as_object().unwrap();
            assert!(!properties.is_empty());
            for r in schema["required"].as_array().into_iter().flatten() {
                assert!(properties.contains_key(r.as_str().unwrap()), "{tool}");
            }
        }
        // Every argument says what it is; an answer says what it is once, at its root.
        for (name, property) in tool["inputSchema"]["properties"].as_object().unwrap() {
            assert!(property["description"].is_string(), "{name} in {tool}");
        }
        assert!(tool["outputSchema"]["description"].is_string(), "{tool}");
        assert!(!tool["inputSchema"].to_string().contains("$ref"), "{tool}");
    }
    let by_name = |n: &str| tools.iter().find(|t| t["name"] == n).unwrap();
    let assemble = &by_name("assemble_context")["inputSchema"];
    assert_eq!(assemble["required"], json!(["files"]));
    // path or its synonym filePath: neither alone is required.
    assert_eq!(
        keys(&assemble["properties"]["files"]["items"]["properties"]),
        [
            "filePath",
            "head_lines",
            "line_end",
            "line_hint",
            "line_start",
            "lines",
            "path",
            "symbol"
        ]
    );
    let gather = &by_name("gather_context")["inputSchema"];
    assert_eq!(
        keys(&gather["properties"]),
        [
            "budget_lines",
            "diff",
            "filePath",
            "files",
            "includeTests",
            "include_tests",
            "line",
            "max_tokens",
            "path",
            "question",
            "root",
            "scope",
            "symbol"
        ]
    );
    // A number may come as a string of digits.
    assert_eq!(
        gather["properties"]["budget_lines"]["anyOf"][1]["type"],
        "string"
    );
    assert_eq!(
        keys(&by_name("find_symbol")["inputSchema"]["properties"]),
        ["filePath", "name", "path", "root", "scope"]
    );
    assert!(server.close().success());
}

/// A client loads `tools/list` into its model's context in every session: the three tools,
/// their descriptions and schemas take at most 12 KB (the whole response, as sent).
#[test]
fn tools_list_takes_at_most_12_kb() {
    let mut server = serve(&fixture(), &[]);
    let list = server.request("tools/list", json!({}));
    let bytes = serde_json::to_string(&list).unwrap().len();
    assert!(bytes <= 12 * 1024, "tools/list takes {bytes} bytes");
    assert!(server.close().success());
}

#[test]
fn gather_context_question_mode_answers_with_seeds() {
    let mut server = serve(&fixture(), &[]);
    let result = server.call(
        "gather_context",
        json!({"question": "how is `checked_total` computed?", "budget_lines": 120}),
    );
    let pack = ok(&result);
    assert_eq!(pack["mode"], "ask");
    assert_eq!(pack["items"][0]["symbol"], "checked_total");
    assert_eq!(pack["items"][0]["role"], "seed");
    assert!(pack["budget"]["used"].as_u64().unwrap() <= 120);
    assert!(text(&result).starts_with("# gather ask · seeds: checked_total"));
    let refused = server.call("gather_context", json!({"question": "  "}));
    assert!(error(&refused, "invalid_request").contains("question"));
}

#[test]
fn gather_context_symbol_mode_brings_callers_and_callees() {
    let mut server = serve(&fixture(), &[]);
    let result = server.call(
        "gather_context",
        json!({"symbol": "checked_total", "path": "shop/pricing.py"}),
    );
    let pack = ok(&result);
    assert_eq!(pack["mode"], "symbol");
    assert_eq!(pack["complete"], true);
    let items = pack["items"].as_array().unwrap();
    assert_eq!(items[0]["symbol"], "checked_total");
    assert_eq!(items[0]["role"], "seed");
    assert!(items[0]["content"]
        .as_str()
        .unwrap()
        .contains("def checked_total(order):"));
    assert!(items.len() > 1, "neighbours expected: {pack}");
    assert!(text(&result).starts_with("# gather symbol · seeds: checked_total"));

    // filePath is a synonym of path; files alone is slices mode; a token budget works too.
    let same = server.call(
        "gather_context",
        json!({"symbol": "checked_total", "filePath": "shop/pricing.py", "max_tokens": 2000}),
    );
    assert_eq!(ok(&same)["items"][0]["symbol"], "checked_total");
    assert_eq!(ok(&same)["budget"]["unit"], "tokens");
    let slices = server.call(
        "gather_context",
        json!({"files": [{"path": "shop/tax.py", "symbol": "rate"}], "budget_lines": 50}),
    );
    let pack = ok(&slices);
    assert_eq!(pack["mode"], "slices");
    assert_eq!(pack["items"][0]["path"], "shop/tax.py");
    assert!(pack["budget"]["used"].as_u64().unwrap() <= 50);
}

/// A change to `total_price` whose callers are in the same file, and a hunk that no longer
/// matches it.
const PRICING_DIFF: &str = "diff --git a/shop/pricing.py b/shop/pricing.py
--- a/shop/pricing.py
+++ b/shop/pricing.py
@@ -9,3 +9,3 @@ from .util import round_cents as rc
 def total_price(items):
     order = Order(items)
-    return rc(order.subtotal() * (1 + rate(\"eu\")))
+    return rc(order.subtotal() * (1 + rate(\"default\")))
@@ -20,2 +20,2 @@
-def projected(order, years):
+def projected(order, months):
     order.validate()
";

#[test]
fn gather_context_diff_mode_brings_the_callers_of_what_changed() {
    let mut server = serve(&fixture(), &[]);
    let result = server.call(
        "gather_context",
        json!({"diff": PRICING_DIFF, "budget_lines": 200}),
    );
    let pack = ok(&result);
    assert_eq!(pack["mode"], "change");
    let items = pack["items"].as_array().unwrap();
    assert_eq!(items[0]["symbol"], "total_price");
    assert_eq!(items[0]["role"], "seed");
    assert_eq!(items[0]["changed"], json!([[11, 11]]));
    assert_eq!(items[1]["role"], "caller-of-total_price", "{pack}");
    let text = text(&result);
    assert!(
        text.starts_with("# gather change · seeds: total_price"),
        "{text}"
    );
    assert!(
        text.contains("@@ 9-11 function total_price · seed · changed 11\n"),
        "{text}"
    );
    assert!(
        text.contains("stale hunk shop/pricing.py@@-20,2 +20,2: added lines do not match"),
        "{text}"
    );
    assert_eq!(
        pack["omitted"]["stale_hunks"],
        json!([{"hunk": "shop/pricing.py@@-20,2 +20,2", "reason": "added lines do not match"}])
    );
    // files pins still apply; a diff goes without a question; a malformed one names its line.
    let pinned = server.call(
        "gather_context",
        json!({"diff": PRICING_DIFF, "files": [{"path": "shop/tax.py", "symbol": "rate"}]}),
    );
    assert_eq!(ok(&pinned)["items"][0]["role"], "pinned");
    let both = server.call(
        "gather_context",
        json!({"diff": PRICING_DIFF, "question": "how is tax added?"}),
    );
    assert!(error(&both, "invalid_request").contains("send a diff alone"));
    let malformed = server.call(
        "gather_context",
        json!({"diff": "--- a/x\n+++ b/x\n@@ -1 +1 @@\n?\n"}),
    );
    assert!(error(&malformed, "invalid_request").contains("malformed diff at line 4"));
    let outside = server.call(
        "gather_context",
        json!({"diff": "--- a/../x.py\n+++ b/../x.py\n@@ -1 +1 @@\n-a\n+b\n"}),
    );
    error(&outside, "outside_root");
}

#[test]
fn assemble_context_result_has_exactly_the_documented_shape() {
    let mut server = serve(&fixture(), &[]);
    let result = server.call(
        "assemble_context",
        json!({"files": [{"path": "shop/tax.py", "symbol": "rate"},
                         {"path": "shop/util.py", "head_lines": 3},
                         {"path": "shop/models.py", "line_hint": 13}],
               "max_tokens": 8000}),
    );
    let v = ok(&result);
    assert_eq!(keys(v), ["budget_report", "slices", "success"]);
    for slice in v["slices"].as_array().unwrap() {
        assert_eq!(keys(slice), common::SLICE);
    }
    assert_eq!(keys(&v["budget_report"]), common::TOKEN_BUDGET_REPORT);
    let first = &v["slices"][0];
    assert_eq!(
        (first["file"].as_str(), first["symbol"].as_str()),
        (Some("shop/tax.py"), Some("rate"))
    );
    assert!(first["content"]
        .as_str()
        .unwrap()
        .starts_with("def rate(region):"));
    assert_eq!(v["slices"][1]["line_start"], 1);
    assert_eq!(v["slices"][1]["line_end"], 3);
    assert_eq!(v["slices"][1]["symbol"], Value::Null);
    assert_eq!(v["slices"][2]["symbol"], "LineItem.cost");
    let report = &v["budget_report"];
    assert_eq!(report["total_slices"], 3);
    assert_eq!(report["included_slices"], 3);
    assert_eq!(report["budget_tokens"], 8000);
    assert_eq!(report["budget_exceeded"], false);

    // A budget too small for the second slice drops it whole and names it.
    let tight = server.call(
        "assemble_context",
        json!({"files": [{"path": "shop/tax.py", "symbol": "round_cents"}, {"path": "shop/models.py"}],
               "max_tokens": 40}),
    );
    let report = &ok(&tight)["budget_report"];
    assert_eq!(report["dropped_files"], json!(["shop/models.py"]));
    assert_eq!(report["budget_exceeded"], true);
    assert!(text(&tight).contains("## Beyond budget"));
}

#[test]
fn the_seeds_spellings_are_accepted() {
    let mut server = serve(&fixture(), &[]);
    // Empty files: an empty answer with a zero report.
    let empty = server.call("assemble_context", json!({"files": []}));
    let empty = ok(&empty);
    assert_eq!(empty["slices"], json!([]));
    assert_eq!(empty["budget_report"]["total_slices"], 0);
    // Exact lines three ways, numbers as strings, filePath, a backslash path; a missing
    // file says so in the structured content.
    let sliced = server.call(
        "assemble_context",
        json!({"files": [{"path": "shop/tax.py", "lines": "12-13"},
                         {"filePath": "shop/tax.py", "line_start": "7", "line_end": 9},
                         {"path": "shop\\util.py", "line_hint": "13"},
                         {"path": "shop/missing.py"}],
               "max_tokens": "4000"}),
    );
    let slices = ok(&sliced)["slices"].as_array().unwrap().clone();
    let ranges: Vec<(u64, u64)> = slices
        .iter()
        .map(|s| {
            (
                s["line_start"].as_u64().unwrap(),
                s["line_end"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(ranges, [(12, 13), (7, 9), (13, 16), (0, 0)]);
    assert_eq!(slices[2]["file"], "shop/util.py");
    assert_eq!(slices[0]["found"], true);
    assert_eq!(slices[3]["found"], false);
    assert_eq!(slices[3]["reason"], "not_found");
    // includeTests, budget_lines as a string, and line in symbol mode.
    let pack = server.call(
        "gather_context",
        json!({"symbol": "rate", "filePath": "shop/tax.py", "line": "12",
               "budget_lines": "40", "includeTests": true}),
    );
    let pack = ok(&pack);
    assert_eq!(pack["budget"]["limit"], 40);
    assert_eq!(pack["items"][0]["symbol"], "rate");
    // A range backwards is refused with what to send.
    let backwards = server.call(
        "assemble_context",
        json!({"files": [{"path": "shop/tax.py", "lines": "9-3"}]}),
    );
    assert!(error(&backwards, "invalid_request").contains("START-END"));
    let spelled_twice = server.call(
        "gather_context",
        json!({"question": "how is tax rounded?", "include_tests": true, "includeTests": false}),
    );
    error(&spelled_twice, "invalid_request");
    assert!(server.close().success());
}

#[test]
fn find_symbol_by_name_by_file_and_both() {
    let mut server = serve(&fixture(), &[]);
    let both = server.call("find_symbol", json!({"name": "round_cents"}));
    let defs = ok(&both)["definitions"].as_array().unwrap().clone();
    let places: Vec<String> = defs
        .iter()
        .map(|d| {
            format!(
                "{}:{}-{} {}",
                d["path"].as_str().unwrap(),
                d["line_start"],
                d["line_end"],
                d["kind"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        places,
        ["shop/tax.py:7-9 function", "shop/util.py:5-6 function"]
    );
    assert_eq!(
        text(&both),
        "shop/tax.py:7-9 function round_cents\nshop/util.py:5-6 function round_cents\n"
    );

    let in_file = server.call(
        "find_symbol",
        json!({"name": "round_cents", "path": "shop/util.py"}),
    );
    assert_eq!(ok(&in_file)["definitions"].as_array().unwrap().len(), 1);
    let file = server.call("find_symbol", json!({"filePath": "shop/tax.py"}));
    let names: Vec<&str> = ok(&file)["definitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["RATES", "round_cents", "rate", "compound"]);
    assert_eq!(ok(&file)["complete"], true);
}

/// A budget of 0 is refused on every path, naming the argument, as on the command line.
fn a_budget_of_nothing_is_refused(server: &mut Session) {
    for (tool, arguments, name) in [
        (
            "gather_context",
            json!({"question": "how is tax added?", "budget_lines": 0}),
            "budget_lines",
        ),
        (
            "gather_context",
            json!({"files": [{"path": "shop/tax.py"}], "max_tokens": "0"}),
            "max_tokens",
        ),
        (
            "assemble_context",
            json!({"files": [{"path": "shop/tax.py"}], "max_tokens": 0}),
            "max_tokens",
        ),
    ] {
        let zero = server.call(tool, arguments);
        assert_eq!(
            error(&zero, "invalid_request"),
            format!("{name} must be at least 1")
        );
    }
}

/// invalid_request, each with a message that says what to send.
fn invalid_requests_say_what_to_send(server: &mut Session) {
    let both = server.call(
        "gather_context",
        json!({"question": "how is tax added?", "symbol": "rate"}),
    );
    assert!(error(&both, "invalid_request").contains("not both"));
    let nothing = server.call("gather_context", json!({}));
    assert!(error(&nothing, "invalid_request").contains("send a question"));
    let ambiguous = server.call("gather_context", json!({"symbol": "round_cents"}));
    let message = error(&ambiguous, "invalid_request");
    assert!(
        message.contains("add a path") && message.contains("shop/util.py"),
        "{message}"
    );
    let no_path = server.call(
        "assemble_context",
        json!({"files": [{"path": "shop/tax.py"}, {"symbol": "rate"}]}),
    );
    assert!(error(&no_path, "invalid_request").contains("files[1] has no path"));
    let wrong_type = server.call("gather_context", json!({"question": 12345}));
    error(&wrong_type, "invalid_request");
    // A path or a line without the symbol they locate is refused, never dropped.
    for arguments in [
        json!({"path": "shop/tax.py"}),
        json!({"question": "how is tax added?", "line": 3}),
    ] {
        let alone = server.call("gather_context", arguments);
        assert!(error(&alone, "invalid_request").contains("send symbol as well"));
    }
    let two_ways = server.call(
        "assemble_context",
        json!({"files": [{"path": "shop/tax.py", "symbol": "rate", "lines": "1-2"}]}),
    );
    assert!(error(&two_ways, "invalid_request").contains("not both"));
    let negative = server.call(
        "gather_context",
        json!({"symbol": "rate", "path": "shop/tax.py", "budget_lines": -5}),
    );
    assert!(error(&negative, "invalid_request").contains("at least 1"));
    let negative_text = server.call(
        "gather_context",
        json!({"symbol": "rate", "path": "shop/tax.py", "budget_lines": "-5"}),
    );
    assert!(error(&negative_text, "invalid_request").contains("at least 1"));
    let long_text = server.call(
        "gather_context",
        json!({"symbol": "rate", "path": "shop/tax.py", "budget_lines": "x".repeat(100_000)}),
    );
    assert!(error(&long_text, "invalid_request").len() < 1000);
    // Whole numbers past any range are as large as any: cut to the cap.
    for huge in [json!(1e10), json!("99999999999999999999")] {
        let pack = server.call(
            "gather_context",
            json!({"symbol": "rate", "path": "shop/tax.py", "budget_lines": huge}),
        );
        assert_eq!(ok(&pack)["budget"]["limit"], 800);
    }
    // A budget past the cap is cut to it, as on the command line, and the pack says so.
    let too_big = server.call(
        "gather_context",
        json!({"symbol": "rate", "path": "shop/tax.py", "budget_lines": 801}),
    );
    assert_eq!(ok(&too_big)["budget"]["limit"], 800);
    assert_eq!(ok(&too_big)["budget"]["asked"], 801);
    assert!(text(&too_big)
        .lines()
        .next()
        .unwrap()
        .contains("budget=800 lines (asked 801, the most is 800)"));
}

#[test]
fn each_error_code_is_a_tool_result() {
    let root = fixture_copy();
    let mut server = serve(root.path(), &[]);
    invalid_requests_say_what_to_send(&mut server);
    a_budget_of_nothing_is_refused(&mut server);
    error(&server.call("find_symbol", json!({})), "invalid_request");
    // not_found
    let unknown = server.call(
        "gather_context",
        json!({"symbol": "no_such_function", "path": "shop/tax.py"}),
    );
    error(&unknown, "not_found");
    error(
        &server.call("find_symbol", json!({"name": "no_such_function"})),
        "not_found",
    );
    error(
        &server.call("find_symbol", json!({"path": "shop/missing.py"})),
        "not_found",
    );
    // outside_root
    let outside = server.call(
        "assemble_context",
        json!({"files": [{"path": "../../etc/passwd"}]}),
    );
    assert!(error(&outside, "outside_root").contains("outside the workspace root"));
    error(
        &server.call("find_symbol", json!({"path": "/etc/hosts"})),
        "outside_root",
    );
    error(
        &server.call(
            "gather_context",
            json!({"symbol": "rate", "path": "../tax.py"}),
        ),
        "outside_root",
    );
    // index_error: the workspace disappears under the server.
    let path = root.path().to_path_buf();
    drop(root);
    assert!(!path.exists());
    let gone = server.call("find_symbol", json!({"name": "rate"}));
    assert!(error(&gone, "index_error").contains("could not be brought up to date"));
    // An unknown tool is a JSON-RPC error; the server keeps serving.
    let unknown_tool = server.request(
        "tools/call",
        json!({"name": "no_such_tool", "arguments": {}}),
    );
    assert_eq!(unknown_tool["error"]["code"], -32602);
    assert!(server.request("ping", json!({}))["result"].is_object());
}

#[test]
fn an_edit_between_two_calls_shows_in_the_second_answer() {
    edits_between_calls_are_seen(&[]);
}

#[test]
fn without_the_watcher_an_edit_between_two_calls_shows_too() {
    edits_between_calls_are_seen(&["--no-watch"]);
}

/// Each edit shows in the next call's answer, which calls it complete.
fn edits_between_calls_are_seen(extra: &[&str]) {
    let root = fixture_copy();
    let mut server = serve(root.path(), extra);
    let args = json!({"symbol": "rate", "path": "shop/tax.py"});
    let before = server.call("gather_context", args.clone());
    let seed = ok(&before)["items"][0]["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(!seed.contains("EDITED"));

    let tax = root.path().join("shop/tax.py");
    let edited = std::fs::read_to_string(&tax).unwrap().replace(
        "def rate(region):\n",
        "def rate(region):\n    # EDITED between calls\n",
    );
    std::fs::write(&tax, edited).unwrap();
    let after = server.call("gather_context", args);
    let pack = ok(&after);
    assert!(pack["items"][0]["content"]
        .as_str()
        .unwrap()
        .contains("# EDITED between calls"));
    assert_eq!(pack["complete"], true, "no stale file: {pack}");
    let lines = |v: &Value| {
        (
            v["line_start"].as_u64().unwrap(),
            v["line_end"].as_u64().unwrap(),
        )
    };
    let (start, end) = lines(&ok(&before)["items"][0]);
    assert_eq!(lines(&pack["items"][0]), (start, end + 1));

    // An added file is found, a deleted one is gone.
    std::fs::write(
        root.path().join("shop/extra.py"),
        "def brand_new():\n    return 1\n",
    )
    .unwrap();
    let found = server.call("find_symbol", json!({"name": "brand_new"}));
    assert_eq!(ok(&found)["definitions"][0]["path"], "shop/extra.py");
    std::fs::remove_file(root.path().join("shop/extra.py")).unwrap();
    error(
        &server.call("find_symbol", json!({"name": "brand_new"})),
        "not_found",
    );
}

#[test]
fn two_concurrent_calls_are_both_answered() {
    let mut server = serve(&fixture(), &[]);
    let a = server.send_request("tools/call", json!({"name": "gather_context", "arguments": {"symbol": "receipt", "path": "shop/pricing.py"}}));
    let b = server.send_request(
        "tools/call",
        json!({"name": "find_symbol", "arguments": {"name": "compound"}}),
    );
    let mut answers = std::collections::HashMap::new();
    while answers.len() < 2 {
        let message = server.next_message();
        if let Some(id) = message["id"].as_u64() {
            answers.insert(id, message);
        }
    }
    let first = &answers[&a]["result"];
    assert_eq!(ok(first)["items"][0]["symbol"], "receipt");
    let second = &answers[&b]["result"];
    assert_eq!(ok(second)["definitions"][0]["path"], "shop/tax.py");
}

#[test]
fn a_malformed_line_gets_a_parse_error_and_the_server_goes_on() {
    let mut server = serve(&fixture(), &[]);
    server.send_line(r#"{"jsonrpc": "2.0", "id": 7, "method": "tools/list""#);
    let parse_error = server.next_message();
    assert_eq!(parse_error["error"]["code"], -32700, "{parse_error}");
    assert_eq!(parse_error["id"], Value::Null);
    server.send_line("[1, 2]");
    assert_eq!(server.next_message()["error"]["code"], -32600);
    server.send_line(r#"{"jsonrpc": "2.0", "id": 8}"#);
    let no_method = server.next_message();
    assert_eq!(
        (
            no_method["id"].as_u64(),
            no_method["error"]["code"].as_i64()
        ),
        (Some(8), Some(-32600))
    );
    let list = server.request("tools/list", json!({}));
    assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 3);
    assert!(server.close().success());
}

#[test]
fn while_the_first_build_runs_answers_are_partial_and_say_so() {
    // A workspace large enough that its first build outlasts a call made at once.
    let root = tempfile::tempdir().unwrap();
    let mut body = String::new();
    for f in 0..60 {
        body.push_str(&format!(
            "def f{f}(x):\n    y = x + {f}\n    return g{f}(y)\n\n\n"
        ));
    }
    for dir in 0..30 {
        let dir_path = root.path().join(format!("pkg{dir}"));
        std::fs::create_dir_all(&dir_path).unwrap();
        for file in 0..50 {
            std::fs::write(dir_path.join(format!("m{file}.py")), &body).unwrap();
        }
    }
    std::fs::write(
        root.path().join("target.py"),
        "def wanted(a):\n    return helper(a)\n\n\ndef helper(a):\n    return a\n",
    )
    .unwrap();
    let mut server = serve(root.path(), &["--wait-ms", "0"]);
    let first = server.call(
        "find_symbol",
        json!({"name": "wanted", "path": "target.py"}),
    );
    let partial = ok(&first);
    assert_eq!(partial["complete"], false, "{partial}");
    assert_eq!(partial["degraded"], json!(["index-building"]));
    // The named file alone is already read.
    assert_eq!(partial["definitions"][0]["name"], "wanted");
    assert!(text(&first).starts_with("# complete:false · degraded: index-building"));
    let pack = server.call(
        "gather_context",
        json!({"symbol": "wanted", "path": "target.py"}),
    );
    let pack = ok(&pack);
    if pack["complete"] == false {
        assert_eq!(pack["degraded"][0], "index-building");
        assert_eq!(pack["items"][0]["symbol"], "wanted");
    }
    // Once the build is done the same call is whole.
    let started = Instant::now();
    loop {
        let again = server.call(
            "find_symbol",
            json!({"name": "wanted", "path": "target.py"}),
        );
        if ok(&again)["complete"] == true {
            assert_eq!(ok(&again)["degraded"], json!([]));
            break;
        }
        assert!(
            started.elapsed() < TIMEOUT,
            "the first build never finished"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn stdout_carries_only_protocol_and_eof_ends_the_server() {
    let mut server = serve(&fixture(), &[]);
    let a = server.send_request("tools/list", json!({}));
    let b = server.send_request("ping", json!({}));
    drop(server.stdin.take());
    // Both pipelined requests are answered before the server exits.
    let mut ids = Vec::new();
    while let Ok(line) = server.lines.recv_timeout(TIMEOUT) {
        let message: Value = serde_json::from_str(&line).expect("only JSON on stdout");
        ids.push(message["id"].as_u64().unwrap());
    }
    ids.sort_unstable();
    assert_eq!(ids, [a, b]);
    let status = server.child.wait().unwrap();
    assert!(status.success());
}

/// Every call of the plan `scripts/mcp-check-args.json` (what outside checkers send) on the
/// contract fixture, with the first build held as they hold it: each answers as the plan
/// expects, and every structured result matches its tool's output schema.
#[test]
fn every_call_of_the_check_plan_answers_as_planned_and_matches_its_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/contract");
    let plan: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/mcp-check-args.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let mut server = serve(&root, &["--hold-first-build"]);
    let planned = plan["$calls"].as_array().unwrap();
    for call in planned {
        let tool = call["tool"].as_str().unwrap();
        let result = server.call(tool, call["arguments"].clone());
        let is_error = result["isError"] == true;
        match call["expect"].as_str() {
            Some("ok") => assert!(!is_error, "{call}: {result}"),
            Some("error") => assert!(is_error, "{call}: {result}"),
            _ => {}
        }
        if let Some(contains) = call["contains"].as_str() {
            assert!(text(&result).contains(contains), "{call}: {result}");
        }
    }
    let mut n_calls = planned.len();
    for (tool, arguments) in plan.as_object().unwrap() {
        if tool.starts_with('$') {
            continue;
        }
        let calls = match arguments {
            Value::Array(calls) => calls.clone(),
            one => vec![one.clone()],
        };
        for arguments in calls {
            ok(&server.call(tool, arguments));
            n_calls += 1;
        }
    }
    assert!(n_calls > 30, "{n_calls} calls");
}
