//! `--scope DIR` on the command line and `scope` over MCP, on `tests/fixtures/scope`:
//! `api/handlers.py` calls into `core/store.py`, both define `validate`, and `docs/` holds
//! no code. Seeds come only from under the scope; their neighbours from anywhere.

mod common;
#[path = "../../gather/tests/it/pack_json.rs"]
mod pack_json;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::session::Session;
use serde_json::{json, Value};

use pack_json::seed_paths;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/scope")
}

const QUESTION: &str = "how is a record saved?";
const EMPTY_DOCS: &str =
    "nothing under the scope docs matches the request, so no code from it is shown";

/// The binary on the fixture, its index cache in a fresh temporary directory.
fn gather(args: &[&str]) -> Output {
    let cache = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_CACHE_DIR", cache.path())
        .arg("-C")
        .arg(fixture())
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stdout)))
}

/// (path, role) of every item of a pack.
fn items(pack: &Value) -> Vec<(String, String)> {
    pack_json::items(pack, "path")
}

#[test]
fn cli_scope_restricts_the_seeds_of_ask_symbol_find_and_change() {
    let whole = json(&gather(&["ask", QUESTION, "--json"]));
    assert!(seed_paths(&whole).iter().any(|p| p.starts_with("core/")));

    let scoped = json(&gather(&["ask", QUESTION, "--scope", "api", "--json"]));
    let seeds = seed_paths(&scoped);
    assert!(!seeds.is_empty());
    assert!(seeds.iter().all(|p| p == "api/handlers.py"), "{seeds:?}");
    let neighbour = (
        "core/store.py".to_string(),
        "callee-of-handle_save".to_string(),
    );
    assert!(items(&scoped).contains(&neighbour), "{scoped}");

    let symbol = json(&gather(&[
        "symbol", "validate", "--scope", "core", "--json",
    ]));
    assert_eq!(seed_paths(&symbol), ["core/store.py"]);

    let found = stdout(&gather(&["find", "validate", "--scope", "api"]));
    assert_eq!(found, "api/handlers.py:17-20 function validate\n");

    let diff = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(diff.path(), DIFF).unwrap();
    let diff = diff.path().to_str().unwrap();
    let change = json(&gather(&["change", diff, "--scope", "api", "--json"]));
    assert_eq!(seed_paths(&change), ["api/handlers.py"]);
    assert!(items(&change).contains(&neighbour), "{change}");
    let change = json(&gather(&["change", diff, "--json"]));
    assert_eq!(seed_paths(&change), ["api/handlers.py", "core/store.py"]);
}

#[test]
fn cli_scope_of_the_root_leaves_the_pack_as_it_was() {
    let plain = stdout(&gather(&["ask", QUESTION]));
    assert_eq!(stdout(&gather(&["ask", QUESTION, "--scope", "."])), plain);
    assert!(plain.contains("apix/extra.py"), "{plain}");
}

#[test]
fn cli_scope_outside_the_root_or_empty_says_so() {
    for scope in ["../", "/etc", "nosuch"] {
        for command in [
            &["ask", QUESTION][..],
            &["symbol", "validate"],
            &["find", "validate"],
        ] {
            let out = gather(&[command, &["--scope", scope, "--json"]].concat());
            assert!(!out.status.success(), "{command:?} {scope}");
            assert_eq!(json(&out)["code"], "invalid_request", "{command:?} {scope}");
        }
    }
    let text = gather(&["ask", QUESTION, "--scope", "/etc"]);
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(
        stderr.contains("error[invalid_request]: scope /etc is outside the workspace root"),
        "{stderr}"
    );

    let empty = stdout(&gather(&["ask", QUESTION, "--scope", "docs"]));
    assert!(empty.contains(EMPTY_DOCS), "{empty}");
    assert!(!empty.contains("```"), "{empty}");
    let empty = json(&gather(&[
        "symbol", "validate", "--scope", "docs", "--json",
    ]));
    assert_eq!(empty["items"], json!([]));
    assert_eq!(empty["omitted"]["empty_scope"], "docs");
}

/// The diff that added both `validate` calls.
const DIFF: &str = include_str!("../../../tests/fixtures/scope.diff");

/// `gather serve` on the fixture, initialized, its tool results checked against their
/// output schemas. It waits for the first index, so no answer is a partial one.
fn serve() -> Session {
    Session::start(&fixture(), &["--wait-ms", "60000"])
        .checking_schemas()
        .ready()
}

fn text(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap()
}

#[test]
fn mcp_scope_restricts_the_seeds_and_refuses_a_scope_outside_the_root() {
    let mut server = serve();
    let scoped = server.call(
        "gather_context",
        json!({"question": QUESTION, "scope": "api"}),
    );
    let pack = &scoped["structuredContent"];
    let seeds = seed_paths(pack);
    assert!(!seeds.is_empty());
    assert!(seeds.iter().all(|p| p == "api/handlers.py"), "{seeds:?}");
    let neighbour = (
        "core/store.py".to_string(),
        "callee-of-handle_save".to_string(),
    );
    assert!(items(pack).contains(&neighbour), "{pack}");

    let plain = server.call("gather_context", json!({"question": QUESTION}));
    let root = server.call(
        "gather_context",
        json!({"question": QUESTION, "scope": "."}),
    );
    assert_eq!(text(&plain), text(&root));
    assert!(seed_paths(&plain["structuredContent"])
        .iter()
        .any(|p| p.starts_with("core/")));

    let symbol = server.call(
        "gather_context",
        json!({"symbol": "validate", "scope": "core"}),
    );
    assert_eq!(seed_paths(&symbol["structuredContent"]), ["core/store.py"]);
    let change = server.call("gather_context", json!({"diff": DIFF, "scope": "api"}));
    assert_eq!(
        seed_paths(&change["structuredContent"]),
        ["api/handlers.py"]
    );

    let empty = server.call(
        "gather_context",
        json!({"symbol": "validate", "scope": "docs"}),
    );
    assert_eq!(empty["structuredContent"]["items"], json!([]));
    assert_eq!(empty["structuredContent"]["omitted"]["empty_scope"], "docs");
    assert!(text(&empty).contains(EMPTY_DOCS), "{empty}");

    let found = server.call("find_symbol", json!({"name": "validate", "scope": "api"}));
    assert_eq!(text(&found), "api/handlers.py:17-20 function validate\n");

    for (tool, arguments) in [
        (
            "gather_context",
            json!({"question": QUESTION, "scope": "../"}),
        ),
        (
            "gather_context",
            json!({"symbol": "validate", "scope": "/etc"}),
        ),
        ("find_symbol", json!({"name": "validate", "scope": "../.."})),
    ] {
        let refused = server.call(tool, arguments.clone());
        assert_eq!(refused["isError"], true, "{arguments}");
        assert_eq!(
            refused["structuredContent"]["code"], "invalid_request",
            "{refused}"
        );
        let message = refused["structuredContent"]["message"].as_str().unwrap();
        assert!(
            message.contains("is outside the workspace root"),
            "{message}"
        );
    }
}
