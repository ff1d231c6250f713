//! The `gather` binary end to end: flags, output shapes, exit codes.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::keys;
use serde_json::Value;

const PY: &str = "import os\n\n\ndef parse(text):\n    \"\"\"Parses text.\"\"\"\n    return text.split()\n\n\nclass Client:\n    def send(self, data):\n        return len(data)\n";

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/app.py"), PY).unwrap();
    std::fs::write(
        dir.path().join("src/lib.rs"),
        "pub fn load() -> u8 {\n    1\n}\n",
    )
    .unwrap();
    dir
}

/// The binary with its index cache in a fresh temporary directory, never the user's.
fn run(command: &mut Command) -> Output {
    let cache = tempfile::tempdir().unwrap();
    command
        .env("GATHER_CACHE_DIR", cache.path())
        .output()
        .unwrap()
}

fn gather(root: &Path, args: &[&str]) -> Output {
    run(Command::new(env!("CARGO_BIN_EXE_gather"))
        .arg("-C")
        .arg(root)
        .args(args))
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stdout)))
}

#[test]
fn slice_json_has_exactly_the_documented_shape() {
    let ws = workspace();
    let out = gather(
        ws.path(),
        &["slice", "src/app.py:parse", "src/lib.rs", "--json"],
    );
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(keys(&v), ["budget_report", "slices", "success"]);
    assert_eq!(v["success"], true);
    let slice = &v["slices"][0];
    assert_eq!(keys(slice), common::SLICE);
    assert_eq!(slice["file"], "src/app.py");
    assert_eq!(slice["symbol"], "parse");
    assert_eq!(
        (slice["line_start"].as_u64(), slice["line_end"].as_u64()),
        (Some(4), Some(6))
    );
    assert_eq!(v["slices"][1]["symbol"], Value::Null);
    assert_eq!(keys(&v["budget_report"]), common::TOKEN_BUDGET_REPORT);
    assert_eq!(v["budget_report"]["budget_tokens"], 8000);
    assert_eq!(v["budget_report"]["total_slices"], 2);
}

#[test]
fn root_flag_works_before_and_after_the_subcommand() {
    let ws = workspace();
    let after = run(Command::new(env!("CARGO_BIN_EXE_gather"))
        .args(["slice", "src/lib.rs:load", "-C"])
        .arg(ws.path()));
    let before = gather(ws.path(), &["slice", "src/lib.rs:load"]);
    assert!(after.status.success());
    assert_eq!(after.stdout, before.stdout);
    assert!(String::from_utf8_lossy(&after.stdout).contains("pub fn load() -> u8 {"));
}

#[test]
fn slice_forms_line_and_range() {
    let ws = workspace();
    let v = json(&gather(
        ws.path(),
        &["slice", "src/app.py:11", "src/app.py:1-2", "--json"],
    ));
    assert_eq!(v["slices"][0]["symbol"], "Client.send");
    assert_eq!(v["slices"][1]["content"], "import os\n");
}

#[test]
fn tight_budget_drops_whole_slices_and_lists_them() {
    let ws = workspace();
    let args = [
        "slice",
        "src/app.py:Client",
        "src/lib.rs:load",
        "--max-tokens",
        "12",
    ];
    let v = json(&gather(ws.path(), &[&args[..], &["--json"]].concat()));
    assert_eq!(v["slices"].as_array().unwrap().len(), 1);
    assert_eq!(v["slices"][0]["file"], "src/lib.rs");
    assert_eq!(
        v["budget_report"]["dropped_files"],
        serde_json::json!(["src/app.py"])
    );
    assert_eq!(v["budget_report"]["budget_exceeded"], true);
    let text = String::from_utf8(gather(ws.path(), &args).stdout).unwrap();
    assert!(
        text.contains("## Beyond budget\n- src/app.py:9-11 Client"),
        "{text}"
    );
}

#[test]
fn line_budget_is_accepted() {
    let ws = workspace();
    let args = [
        "slice",
        "src/app.py:Client",
        "src/lib.rs:load",
        "--budget-lines",
        "6",
    ];
    let v = json(&gather(ws.path(), &[&args[..], &["--json"]].concat()));
    assert_eq!(v["budget_report"]["included_slices"], 2);
    assert_eq!(v["budget_report"]["lines_used"], 6);
}

#[test]
fn outside_root_is_an_error_with_code_and_non_zero_exit() {
    let ws = workspace();
    let out = gather(ws.path(), &["slice", "../etc/passwd", "--json"]);
    assert!(!out.status.success());
    let v = json(&out);
    assert_eq!(keys(&v), ["code", "message", "success"]);
    assert_eq!(v["success"], false);
    assert_eq!(v["code"], "outside_root");
    let text = gather(ws.path(), &["slice", "/etc/passwd"]);
    assert!(!text.status.success());
    assert!(String::from_utf8_lossy(&text.stderr).contains("error[outside_root]"));
}

#[test]
fn missing_file_is_a_slice_with_found_false() {
    let ws = workspace();
    let out = gather(ws.path(), &["slice", "src/nope.py", "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["slices"][0]["found"], false);
    assert_eq!(v["slices"][0]["reason"], "not_found");
}

#[test]
fn find_lists_definitions_and_fails_on_unknown_names() {
    let ws = workspace();
    let out = gather(ws.path(), &["find", "Client.send"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "src/app.py:10-11 method Client.send\n"
    );
    let out = gather(ws.path(), &["find", "nothing_here", "--json"]);
    assert!(!out.status.success());
    assert_eq!(json(&out)["code"], "not_found");
    // The JSON says the list is whole, as the MCP server's does.
    let out = gather(ws.path(), &["find", "parse", "--json"]);
    let value = json(&out);
    assert_eq!(
        (value["complete"].clone(), value["degraded"].clone()),
        (true.into(), serde_json::json!([]))
    );
}

#[test]
fn find_narrows_to_one_file_as_find_symbol_does() {
    let ws = workspace();
    std::fs::write(
        ws.path().join("src/other.py"),
        "def parse(x):\n    return x\n",
    )
    .unwrap();
    let out = gather(ws.path(), &["find", "parse"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    let out = gather(ws.path(), &["find", "parse", "--path", "src/other.py"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "src/other.py:1-2 function parse\n"
    );
    // A name the file does not define is not found there, though it is elsewhere.
    let out = gather(
        ws.path(),
        &["find", "Client", "--path", "src/other.py", "--json"],
    );
    assert_eq!(json(&out)["code"], "not_found");
    let out = gather(ws.path(), &["find", "parse", "--path", "../x.py", "--json"]);
    assert_eq!(json(&out)["code"], "outside_root");
    let out = gather(ws.path(), &["find", "parse", "--path", "src", "--json"]);
    assert_eq!(json(&out)["code"], "invalid_request");
}

#[test]
fn outline_lists_nested_symbols() {
    let ws = workspace();
    let out = gather(ws.path(), &["outline", "src/app.py"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "src/app.py (parsed, 3 symbols)\n4-6 function parse\n9-11 class Client\n  10-11 method send\n"
    );
}

#[test]
fn index_reports_languages_statuses_and_kinds() {
    let ws = workspace();
    std::fs::write(ws.path().join("blob.bin"), b"\0\0\0").unwrap();
    let v = json(&gather(ws.path(), &["index", "--json", "--files"]));
    assert_eq!(v["files"], 2);
    assert_eq!(v["skipped"], 1);
    assert_eq!(v["languages"]["python"], 1);
    assert_eq!(v["status"]["skipped(binary)"], 1);
    assert_eq!(v["kinds"]["method"], 1);
    assert!(v["elapsed_ms"].is_number());
    let files: Vec<&str> = v["file_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["blob.bin", "src/app.py", "src/lib.rs"]);
}

#[test]
fn bad_root_and_bad_usage_fail_cleanly() {
    let out = run(Command::new(env!("CARGO_BIN_EXE_gather")).args([
        "-C",
        "/no/such/dir",
        "index",
        "--json",
    ]));
    assert!(!out.status.success());
    assert_eq!(json(&out)["code"], "not_found");
    let ws = workspace();
    let out = gather(ws.path(), &["slice", "src/app.py:9-3", "--json"]);
    assert_eq!(json(&out)["code"], "invalid_request");
    let out = gather(ws.path(), &["slice"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `app/api.py` calls `app/store.py`'s `save` through an import alias; `other/store.py`
/// defines a `save` of its own.
fn graph_workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/cli-graph")
}

#[test]
fn graph_json_names_callers_and_callees_with_confidence() {
    let ws = graph_workspace();
    let v = json(&gather(
        &ws,
        &["graph", "save", "--path", "app/store.py", "--json"],
    ));
    assert_eq!(v["callers"][0]["path"], "app/api.py");
    assert_eq!(v["callers"][0]["symbol"], "handle");
    assert_eq!(v["callers"][0]["confidence"], "import");
    assert_eq!(v["callers"][0]["call_line"], 5);
    assert_eq!(v["callees"][0]["symbol"], "normalize");
    assert_eq!(v["callees"][0]["confidence"], "local");
    assert_eq!(v["external_callees"], 0);
    assert_eq!(
        v["callers"].as_array().unwrap().len(),
        1,
        "other/store.py:save is not a caller target"
    );
}

#[test]
fn symbol_pack_text_and_json_agree_and_repeat_exactly() {
    let ws = graph_workspace();
    let text = gather(&ws, &["symbol", "save", "--path", "app/store.py"]);
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("# gather symbol · seeds: save · neighbours: 2 · budget=400 lines used="),
        "{text}"
    );
    assert!(text.contains("```python app/store.py\n@@ 1-2 function save · seed\ndef save(item):"));
    assert!(text.contains("```python app/api.py\n@@ 4-5 function handle · caller-of-save"));
    let again =
        String::from_utf8(gather(&ws, &["symbol", "save", "--path", "app/store.py"]).stdout)
            .unwrap();
    assert_eq!(text, again);
    let v = json(&gather(
        &ws,
        &["symbol", "save", "--path", "app/store.py", "--json"],
    ));
    assert_eq!(v["mode"], "symbol");
    assert_eq!(v["budget"]["unit"], "lines");
    assert_eq!(
        v["budget"]["used"].as_u64().unwrap() as usize,
        text.lines().count()
    );
    assert_eq!(v["items"][0]["role"], "seed");
    assert_eq!(v["items"][0]["shown"], serde_json::json!([[1, 2]]));
    assert_eq!(v["complete"], true);
}

#[test]
fn symbol_errors_say_what_to_send_instead() {
    let ws = graph_workspace();
    assert!(!gather(&ws, &["symbol", "save"]).status.success());
    let cases: [(&[&str], &str, &str); 4] = [
        (&["save"], "invalid_request", "app/store.py"),
        (
            &["sav", "--path", "app/store.py"],
            "not_found",
            "similar in app/store.py: save",
        ),
        (
            &["normalize", "--path", "app/api.py"],
            "not_found",
            "defined in app/store.py:5-6",
        ),
        (&["save", "--path", "../x.py"], "outside_root", ""),
    ];
    for (args, code, says) in cases {
        let args = [&["symbol"][..], args, &["--json"]].concat();
        let v = json(&gather(&ws, &args));
        assert_eq!(v["code"], code, "{args:?}");
        let message = v["message"].as_str().unwrap();
        assert!(message.contains(says), "{args:?}: {v}");
    }
}

#[test]
fn a_repeated_slice_is_cut_once_and_the_line_suffix_picks_a_definition() {
    let ws = workspace();
    std::fs::write(
        ws.path().join("src/two.py"),
        "def f():\n    return 1\n\n\ndef f():\n    return 2\n",
    )
    .unwrap();
    let out = gather(
        ws.path(),
        &["slice", "src/two.py:f@5", "src/two.py:f@5", "--json"],
    );
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["slices"].as_array().unwrap().len(), 1);
    assert_eq!(v["slices"][0]["line_start"], 5);
    assert_eq!(v["slices"][0]["content"], "def f():\n    return 2");
}

#[test]
fn a_budget_past_the_cap_is_cut_visibly_as_over_mcp() {
    let ws = workspace();
    let out = gather(
        ws.path(),
        &[
            "symbol",
            "parse",
            "--path",
            "src/app.py",
            "--budget-lines",
            "5000",
        ],
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("budget=800 lines (asked 5000, the most is 800)"),
        "{text}"
    );
}

#[test]
fn a_budget_of_nothing_is_refused_by_every_command_as_over_mcp() {
    let ws = workspace();
    let commands: [&[&str]; 3] = [
        &["slice", "src/app.py:Client"],
        &["symbol", "parse", "--path", "src/app.py"],
        &["ask", "how is the config parsed?"],
    ];
    for command in commands {
        for (flag, name) in [
            ("--budget-lines", "budget_lines"),
            ("--max-tokens", "max_tokens"),
        ] {
            let out = gather(ws.path(), &[command, &[flag, "0", "--json"]].concat());
            assert!(!out.status.success(), "{command:?} {flag} 0");
            let v = json(&out);
            assert_eq!(v["code"], "invalid_request");
            assert_eq!(v["message"], format!("{name} must be at least 1"));
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_fails_and_says_why() {
    let ws = workspace();
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = run(Command::new(env!("CARGO_BIN_EXE_gather"))
        .arg("-C")
        .arg(ws.path())
        .args(["slice", "src/app.py:parse"])
        .stdout(full));
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot write the output"), "{stderr}");
}

#[test]
fn a_malformed_pinned_slice_is_refused_before_any_index_is_built() {
    let ws = workspace();
    let cache = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gather"))
        .arg("-C")
        .arg(ws.path())
        .args(["ask", "how is text parsed", "--slice", "src/app.py:9-3"])
        .env("GATHER_CACHE_DIR", cache.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error[invalid_request]"));
    let stored: Vec<_> = std::fs::read_dir(cache.path()).unwrap().collect();
    assert!(stored.is_empty(), "{stored:?}");
}

/// An issue's text as an agent holds it: a title, prose with a code span, a fenced example.
const ISSUE: &str = "Sending fails for empty data\n\nCalling `Client.send` with `b\"\"` raises:\n\n```python\nfrom app import Client\nClient().send(b\"\")\n```\n";

#[test]
fn a_question_from_stdin_or_a_file_equals_the_same_question_as_an_argument() {
    let ws = workspace();
    let as_argument = gather(ws.path(), &["ask", ISSUE, "--json"]);
    assert!(as_argument.status.success());
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("issue.md");
    std::fs::write(&file, ISSUE).unwrap();
    let from_file = gather(
        ws.path(),
        &["ask", "--question-file", file.to_str().unwrap(), "--json"],
    );
    let cache = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_CACHE_DIR", cache.path())
        .arg("-C")
        .arg(ws.path())
        .args(["ask", "-", "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(ISSUE.as_bytes())
        .unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    let answer = json(&as_argument);
    assert_eq!(answer["items"][0]["symbol"], "Client.send", "{answer}");
    assert_eq!(json(&from_file), answer);
    assert_eq!(json(&from_stdin), answer);
}

#[test]
fn an_empty_or_unreadable_question_file_is_an_invalid_request() {
    let ws = workspace();
    let elsewhere = tempfile::tempdir().unwrap();
    let empty = elsewhere.path().join("empty.md");
    std::fs::write(&empty, "  \n").unwrap();
    for args in [
        vec!["--json", "ask", "--question-file", empty.to_str().unwrap()],
        vec!["--json", "ask", "--question-file", "/no/such/issue.md"],
    ] {
        let out = gather(ws.path(), &args);
        assert!(!out.status.success());
        assert_eq!(json(&out)["code"], "invalid_request", "{args:?}");
    }
    let bad = elsewhere.path().join("bad.md");
    std::fs::write(&bad, b"title\n\xff\xfe body").unwrap();
    let out = gather(
        ws.path(),
        &["--json", "ask", "--question-file", bad.to_str().unwrap()],
    );
    assert_eq!(json(&out)["code"], "invalid_request");
    assert!(json(&out)["message"].as_str().unwrap().contains("UTF-8"));
}

/// `gather ARGS…` run outside any workspace flag, with its own cache.
fn gather_bare(args: &[&str]) -> Output {
    run(Command::new(env!("CARGO_BIN_EXE_gather")).args(args))
}

#[test]
fn with_json_an_argument_error_is_a_json_error_on_stdout() {
    let ws = workspace();
    for args in [
        &["--json", "ask", "--bogus", "how"][..],
        &["ask", "how", "--budget-lines", "many", "--json"],
        &["ask", "--json"],
        &["--json"],
        &["--json", "completions", "no-such-shell"],
    ] {
        let out = gather(ws.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let v = json(&out);
        assert_eq!(keys(&v), ["code", "message", "success"], "{args:?}");
        assert_eq!(v["success"], false);
        assert_eq!(v["code"], "invalid_request");
        let message = v["message"].as_str().unwrap();
        assert!(!message.is_empty() && !message.contains('\n'), "{message}");
        assert!(out.stderr.is_empty(), "{args:?}: {out:?}");
    }
    let out = gather(ws.path(), &["--json", "ask", "--bogus", "how"]);
    assert!(json(&out)["message"]
        .as_str()
        .unwrap()
        .starts_with("unexpected argument '--bogus' found"));
    // A `--json` after `--` is a value, not the flag: the error stays text.
    let out = gather(ws.path(), &["ask", "--bogus", "--", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: unexpected argument"));
    // Help is not a failure.
    let out = gather(ws.path(), &["--json", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: gather"));
}

#[test]
fn an_unmet_slice_names_its_request_and_reason_in_text() {
    let ws = workspace();
    let out = gather(
        ws.path(),
        &[
            "slice",
            "src/missing.py:10-20",
            "src/app.py:nosuch",
            "src",
            "src/app.py:parse",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains(":0-0"), "{text}");
    for expected in [
        "## src/missing.py:10-20 · not met\n! not_found\n",
        "## src/app.py:nosuch · not met\n! symbol nosuch not found in src/app.py",
        "## src · not met\n! is_directory\n",
        "## src/app.py:4-6 function parse\n",
    ] {
        assert!(text.contains(expected), "{expected:?} in\n{text}");
    }
}

#[test]
fn completions_for_bash_load_in_bash_and_every_shell_gets_a_script() {
    let out = gather_bare(&["completions", "bash"]);
    assert!(out.status.success(), "{out:?}");
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("gather.bash");
    std::fs::write(&script, &out.stdout).unwrap();
    // Sourced as a user's shell would, then asked what completes `gather`.
    let bash = Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg("source \"$1\" && complete -p gather")
        .arg("bash")
        .arg(&script)
        .output()
        .expect("bash runs");
    assert!(bash.status.success(), "{bash:?}");
    assert!(
        String::from_utf8_lossy(&bash.stdout).contains("-F _gather"),
        "{bash:?}"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for word in ["ask", "symbol", "completions", "--budget-lines", "--json"] {
        assert!(text.contains(word), "{word}");
    }
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let out = gather_bare(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("gather") && text.contains("budget-lines"),
            "{shell}"
        );
    }
    let out = gather_bare(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("possible values"));
}

#[test]
fn the_man_page_is_roff_from_the_same_flags() {
    let out = gather_bare(&["man"]);
    assert!(out.status.success(), "{out:?}");
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.contains(".TH gather 1"), "{page}");
    for command in [
        "ask",
        "index",
        "find",
        "outline",
        "symbol",
        "graph",
        "serve",
        "slice",
        "completions",
        "man",
    ] {
        assert!(
            page.contains(&format!("gather\\-{command}(1)")),
            "{command} in\n{page}"
        );
    }
    assert!(page.contains("\\-\\-cache\\-dir"), "{page}");
    let out = gather_bare(&["man", "ask"]);
    assert!(out.status.success(), "{out:?}");
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.contains(".TH gather-ask 1"), "{page}");
    assert!(page.contains("\\fBgather ask\\fR"), "{page}");
    assert!(page.contains("\\-\\-budget\\-lines"), "{page}");
    let out = gather_bare(&["--json", "man", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["code"], "invalid_request");
    assert!(v["message"]
        .as_str()
        .unwrap()
        .starts_with("no command nope; name one of ask"));
}

/// A change to `parse` in the workspace's `src/app.py`, as `git diff` prints it.
const PARSE_DIFF: &str = "diff --git a/src/app.py b/src/app.py
--- a/src/app.py
+++ b/src/app.py
@@ -4,3 +4,3 @@ import os
 def parse(text):
     \"\"\"Parses text.\"\"\"
-    return text.split(\",\")
+    return text.split()
";

#[test]
fn change_reads_a_diff_from_a_file_or_standard_input_alike() {
    let ws = workspace();
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("change.diff");
    std::fs::write(&file, PARSE_DIFF).unwrap();
    let from_file = gather(ws.path(), &["change", file.to_str().unwrap(), "--json"]);
    assert!(from_file.status.success(), "{from_file:?}");
    let answer = json(&from_file);
    assert_eq!(answer["mode"], "change");
    assert_eq!(answer["items"][0]["symbol"], "parse", "{answer}");
    assert_eq!(answer["items"][0]["changed"], serde_json::json!([[6, 6]]));

    let cache = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_CACHE_DIR", cache.path())
        .arg("-C")
        .arg(ws.path())
        .args(["change", "-", "--json", "--budget-lines", "400"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(PARSE_DIFF.as_bytes()).unwrap();
    drop(stdin);
    let from_stdin = child.wait_with_output().unwrap();
    assert_eq!(json(&from_stdin), answer);

    let text = gather(ws.path(), &["change", file.to_str().unwrap()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("# gather change · seeds: parse ·"),
        "{text}"
    );
    assert!(
        text.contains("@@ 4-6 function parse · seed · changed 6\n"),
        "{text}"
    );

    std::fs::write(&file, "not a diff\n@@ -1 +1 @@\n").unwrap();
    let malformed = gather(ws.path(), &["change", file.to_str().unwrap(), "--json"]);
    assert!(!malformed.status.success());
    assert_eq!(json(&malformed)["code"], "invalid_request");
    assert!(json(&malformed)["message"]
        .as_str()
        .unwrap()
        .contains("at line 2"));
}

/// Runs git in `dir` with a fixed identity and no signing; false when git is missing.
fn git(dir: &Path, args: &[&str]) -> bool {
    Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=gather",
            "-c",
            "user.email=gather@example.org",
        ])
        .args(["-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn change_git_diffs_the_workspace_against_a_revision() {
    let ws = workspace();
    if !git(ws.path(), &["init", "-q"]) {
        eprintln!("git is not available: gather change --git is not tested here");
        return;
    }
    assert!(git(ws.path(), &["add", "-A"]));
    assert!(git(ws.path(), &["commit", "-q", "-m", "first"]));
    let clean = gather(ws.path(), &["change", "--git", "--json"]);
    assert!(!clean.status.success());
    assert!(json(&clean)["message"]
        .as_str()
        .unwrap()
        .contains("shows no change"));

    let app = ws.path().join("src/app.py");
    let edited = PY.replace("return text.split()", "return text.split(\",\")");
    std::fs::write(&app, edited).unwrap();
    let working = gather(ws.path(), &["change", "--git", "--json"]);
    assert!(working.status.success(), "{working:?}");
    let working = json(&working);
    assert_eq!(working["items"][0]["symbol"], "parse", "{working}");
    assert_eq!(working["items"][0]["changed"], serde_json::json!([[6, 6]]));

    assert!(git(ws.path(), &["commit", "-q", "-am", "second"]));
    let against = gather(ws.path(), &["change", "--git", "HEAD~1", "--json"]);
    assert_eq!(json(&against)["items"], working["items"]);

    let bad = gather(ws.path(), &["change", "--git", "no-such-rev", "--json"]);
    assert_eq!(json(&bad)["code"], "invalid_request");
    assert!(json(&bad)["message"]
        .as_str()
        .unwrap()
        .starts_with("git diff no-such-rev failed"));
    let option = gather(ws.path(), &["change", "--git=--output=x", "--json"]);
    assert_eq!(json(&option)["code"], "invalid_request");
    assert!(!ws.path().join("x").exists());
}

/// `ask --explain` answers the pack, then why each seed is there: as text a section after
/// the pack, as JSON the pack's object with an `explain` array, one object a seed.
#[test]
fn ask_explain_adds_each_seeds_explanation_to_the_pack() {
    let ws = workspace();
    let ask = |extra: &[&str]| {
        let mut args = vec!["ask", "parse the text", "--budget-lines", "80"];
        args.extend_from_slice(extra);
        let out = gather(ws.path(), &args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    let plain = String::from_utf8(ask(&[]).stdout).unwrap();
    let explained = String::from_utf8(ask(&["--explain"]).stdout).unwrap();
    let section = explained
        .strip_prefix(&plain)
        .expect("the pack, then its explanation");
    assert!(
        section.starts_with("\n# explain · learned ranking · "),
        "{section}"
    );
    assert!(section.contains("src/app.py:4 parse"), "{section}");

    let mut v = json(&ask(&["--explain", "--json"]));
    let seeds = v["explain"].as_array().expect("an explain array").clone();
    assert!(!seeds.is_empty());
    assert_eq!(
        keys(&seeds[0]),
        [
            "base",
            "breadth",
            "features",
            "hand",
            "hand_rank",
            "line",
            "name",
            "path",
            "placed_by",
            "score"
        ]
    );
    v.as_object_mut().unwrap().remove("explain");
    assert_eq!(v, json(&ask(&["--json"])), "the pack's JSON beside it");

    let hand = run(Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_RANKING", "hand")
        .arg("-C")
        .arg(ws.path())
        .args(["ask", "parse the text", "--explain"]));
    let hand = String::from_utf8(hand.stdout).unwrap();
    assert!(hand.contains("# explain · hand fusion"), "{hand}");
}
