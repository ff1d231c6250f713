//! Scoped requests on `tests/fixtures/scope`: `api/handlers.py` calls into `core/store.py`,
//! both define `validate`, `apix/` shares `api`'s first letters and `docs/` holds no code.
//! A scope restricts the seeds, never their callers and callees.

use std::path::PathBuf;

use gather::budget::Budget;
use gather::index::{self, Index};
use gather::outline::Find;
use gather::render::zoom::Frontend;
use gather::request::{self, ContextRequest, Target};
use gather::ErrorCode;
use serde_json::Value;

use crate::pack_json::{self, seed_paths};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/scope")
}

fn index() -> Index {
    index::build(&fixture()).unwrap()
}

const QUESTION: &str = "how is a record saved?";

/// The diff that added both `validate` calls.
const DIFF: &str = include_str!("../../../../tests/fixtures/scope.diff");

fn question(scope: Option<&str>) -> ContextRequest {
    ContextRequest {
        budget: Budget::Lines(120),
        scope: scope.map(str::to_string),
        ..ContextRequest::new(Target::Question(QUESTION.to_string()))
    }
}

fn pack(index: &Index, request: &ContextRequest) -> (String, Value) {
    let pack = request::context(index, request).unwrap();
    (pack.text, pack.json)
}

/// (path, role) of every item.
fn items(pack: &Value) -> Vec<(String, String)> {
    pack_json::items(pack, "path")
}

#[test]
fn a_question_seeds_only_under_its_scope_and_its_neighbours_live_anywhere() {
    let index = index();
    let (_, whole) = pack(&index, &question(None));
    let seeds = seed_paths(&whole);
    assert!(seeds.iter().any(|p| p.starts_with("core/")), "{seeds:?}");
    assert!(seeds.iter().any(|p| p.starts_with("apix/")), "{seeds:?}");

    let (_, scoped) = pack(&index, &question(Some("api")));
    let seeds = seed_paths(&scoped);
    assert!(!seeds.is_empty());
    assert!(seeds.iter().all(|p| p == "api/handlers.py"), "{seeds:?}");
    assert!(
        items(&scoped).contains(&("core/store.py".into(), "callee-of-handle_save".into())),
        "{:?}",
        items(&scoped)
    );
    assert!(scoped["omitted"].get("empty_scope").is_none());
    // Spelled another way, the same scope gives the same pack.
    let (_, again) = pack(&index, &question(Some("./api/")));
    assert_eq!(again, scoped);
}

#[test]
fn the_root_as_a_scope_changes_nothing() {
    let index = index();
    for (scope, other) in [(None, Some(".")), (None, Some("core/.."))] {
        let (a_text, a_json) = pack(&index, &question(scope));
        let (b_text, b_json) = pack(&index, &question(other));
        assert_eq!(a_text, b_text);
        assert_eq!(a_json, b_json);
    }
}

#[test]
fn a_scope_with_nothing_matching_gives_an_empty_pack_that_names_it() {
    let index = index();
    let symbol = ContextRequest::new(Target::Symbol {
        name: "validate".into(),
        path: None,
        line: None,
    });
    let diff = ContextRequest::new(Target::Diff(DIFF.into()));
    for request in [question(None), symbol, diff] {
        let request = ContextRequest {
            scope: Some("docs".into()),
            ..request
        };
        let (text, json) = pack(&index, &request);
        assert_eq!(json["items"], serde_json::json!([]), "{text}");
        assert_eq!(json["omitted"]["empty_scope"], "docs");
        assert!(
            text.contains(
                "nothing under the scope docs matches the request, so no code from it is shown"
            ),
            "{text}"
        );
    }
}

#[test]
fn a_symbol_is_looked_for_under_its_scope() {
    let index = index();
    let symbol = |path: Option<&str>, scope: Option<&str>| ContextRequest {
        scope: scope.map(str::to_string),
        ..ContextRequest::new(Target::Symbol {
            name: "validate".into(),
            path: path.map(str::to_string),
            line: None,
        })
    };
    let ambiguous = request::context(&index, &symbol(None, None)).unwrap_err();
    assert_eq!(ambiguous.code, ErrorCode::InvalidRequest);
    let (_, core) = pack(&index, &symbol(None, Some("core")));
    assert_eq!(seed_paths(&core), ["core/store.py"]);
    // Its caller save_record is in the scope too; handle_save calls api's own validate.
    assert!(items(&core).contains(&("core/store.py".into(), "caller-of-validate".into())));
    let error = request::context(&index, &symbol(None, Some("."))).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    assert!(
        error
            .message
            .starts_with("validate is defined 2 times under the scope .; add a path"),
        "{}",
        error.message
    );
    // A path outside the scope names no seed under it.
    let (_, outside) = pack(&index, &symbol(Some("api/handlers.py"), Some("core")));
    assert_eq!(outside["omitted"]["empty_scope"], "core");
    assert!(seed_paths(&outside).is_empty());
    // A name defined nowhere is still not found.
    let missing = ContextRequest {
        scope: Some("core".into()),
        ..ContextRequest::new(Target::Symbol {
            name: "nosuch".into(),
            path: None,
            line: None,
        })
    };
    let error = request::context(&index, &missing).unwrap_err();
    assert_eq!(error.code, ErrorCode::NotFound);
}

#[test]
fn a_change_keeps_the_seeds_under_its_scope() {
    let index = index();
    let request = ContextRequest {
        scope: Some("api".into()),
        ..ContextRequest::new(Target::Diff(DIFF.into()))
    };
    let (_, json) = pack(&index, &request);
    assert_eq!(seed_paths(&json), ["api/handlers.py"]);
    assert!(items(&json).contains(&("core/store.py".into(), "callee-of-handle_save".into())));
    let whole = ContextRequest {
        scope: None,
        ..request
    };
    let (_, json) = pack(&index, &whole);
    assert_eq!(seed_paths(&json), ["api/handlers.py", "core/store.py"]);
}

#[test]
fn a_scope_outside_the_root_or_not_a_directory_is_an_invalid_request() {
    let index = index();
    for scope in [
        "..",
        "../ask",
        "/etc",
        "core/../../x",
        "nosuch",
        "core/store.py",
        "",
    ] {
        let error = request::context(&index, &question(Some(scope))).unwrap_err();
        assert_eq!(error.code, ErrorCode::InvalidRequest, "{scope}");
    }
    let error = request::context(&index, &question(Some("/etc"))).unwrap_err();
    assert!(
        error
            .message
            .starts_with("scope /etc is outside the workspace root"),
        "{}",
        error.message
    );
}

#[test]
fn find_lists_only_the_definitions_under_its_scope() {
    let index = index();
    let root = index.root().to_path_buf();
    let find = |scope: &str| {
        Find::new(&root, Some("validate"), None, Frontend::Cli)
            .and_then(|f| f.scoped(&root, Some(scope)))
    };
    let hits = find("api").unwrap().lookup(&index).unwrap();
    let paths: Vec<&str> = hits.iter().map(|h| h.file.path.as_str()).collect();
    assert_eq!(paths, ["api/handlers.py"]);
    let error = find("docs").unwrap().lookup(&index).unwrap_err();
    assert_eq!(error.code, ErrorCode::NotFound);
    assert!(
        error.message.starts_with(
            "nothing under the scope docs matches; found outside it: api/handlers.py:17-20"
        ),
        "{}",
        error.message
    );
    assert_eq!(find("../").unwrap_err().code, ErrorCode::InvalidRequest);
    // `api` is a whole component: apix's definitions are not under it.
    let extra = Find::new(&root, Some("save_extra_record"), None, Frontend::Cli)
        .and_then(|f| f.scoped(&root, Some("api")))
        .unwrap();
    assert_eq!(extra.lookup(&index).unwrap_err().code, ErrorCode::NotFound);
}

#[test]
fn test_matches_are_counted_under_the_scope_only() {
    let ws = crate::common::Workspace::new(&[
        ("src/app.py", "def serve():\n    return 1\n"),
        (
            "tests/test_app.py",
            "def test_flaky_handshake():\n    assert handshake_retries() == 3\n",
        ),
    ]);
    let index = index::build(ws.root()).unwrap();
    let ask = |scope: &str| {
        let request = ContextRequest {
            scope: Some(scope.into()),
            ..ContextRequest::new(Target::Question("flaky handshake".into()))
        };
        pack(&index, &request).1
    };
    let tests = ask("tests");
    assert_eq!(tests["omitted"]["test_matches"], 1);
    let src = ask("src");
    assert_eq!(src["omitted"]["test_matches"], 0);
    assert_eq!(src["omitted"]["empty_scope"], "src");
}
