//! The binary and its index cache: flags, the environment variable, warnings, concurrent
//! processes. Every cache lives in a temporary directory, never the user's.

use std::path::Path;

use serde_json::Value;

mod common;
use common::{gather, index_at_once};

const APP: &str = "from lib import helper\n\n\ndef main():\n    return helper(1)\n";
const LIB: &str = "def helper(x):\n    return x + 1\n";

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("app.py"), APP).unwrap();
    std::fs::write(dir.path().join("lib.py"), LIB).unwrap();
    dir
}

fn index_json(root: &Path, cache: &Path, extra: &[&str]) -> (Value, String) {
    let mut args = vec!["index", "--json"];
    args.extend_from_slice(extra);
    let out = gather(root, cache, &args);
    (
        serde_json::from_slice(&out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The names in `dir`, but for the store's directory (see `tests/store.rs`).
fn entries(dir: &Path) -> Vec<String> {
    match std::fs::read_dir(dir) {
        Ok(read) => {
            let mut names: Vec<String> = read
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| name != "store")
                .collect();
            names.sort();
            names
        }
        Err(_) => Vec::new(),
    }
}

#[test]
fn second_call_hits_the_cache_and_index_reports_counts() {
    let ws = workspace();
    let cache = tempfile::tempdir().unwrap();
    let (first, stderr) = index_json(ws.path(), cache.path(), &[]);
    assert_eq!(first["cache"]["state"], "missing");
    assert_eq!(first["cache"]["added"], 2);
    assert!(first["cache"]["save_ms"].is_number());
    assert_eq!(
        stderr, "",
        "no progress bar or warning when stderr is not a terminal"
    );
    assert_eq!(entries(cache.path()).len(), 1);

    // The text form names the state and the counts too.
    let out = gather(ws.path(), cache.path(), &["index"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("cache: hit;"), "{text}");
    assert!(text.contains("reparsed"), "{text}");

    std::fs::write(
        ws.path().join("lib.py"),
        format!("{LIB}\n\ndef more():\n    pass\n"),
    )
    .unwrap();
    std::fs::write(ws.path().join("new.py"), "def new():\n    pass\n").unwrap();
    let (third, _) = index_json(ws.path(), cache.path(), &[]);
    assert_eq!(third["cache"]["state"], "hit");
    assert_eq!(third["cache"]["added"], 1);
    assert_eq!(third["cache"]["removed"], 0);
    assert_eq!(third["symbols"], 4);
    assert_eq!(
        third["cache"]["reparsed"].as_u64().unwrap() + third["cache"]["rehashed"].as_u64().unwrap(),
        2,
        "lib.py changed; app.py is too recent to be trusted by its mtime: {third}"
    );
}

#[test]
fn answers_with_and_without_the_cache_are_identical() {
    let ws = workspace();
    let cache = tempfile::tempdir().unwrap();
    for args in [
        &["symbol", "helper", "--json"][..],
        &["graph", "helper", "--json"],
        &["find", "main", "--json"],
    ] {
        let cold = gather(ws.path(), cache.path(), &[&["--no-cache"], args].concat());
        let first = gather(ws.path(), cache.path(), args);
        let warm = gather(ws.path(), cache.path(), args);
        assert_eq!(first.stdout, cold.stdout);
        assert_eq!(warm.stdout, cold.stdout);
    }
    // A rename in lib.py reaches the caller in app.py through the cached index.
    std::fs::write(ws.path().join("lib.py"), LIB.replace("helper", "assist")).unwrap();
    std::fs::write(ws.path().join("app.py"), APP.replace("helper", "assist")).unwrap();
    let graph = gather(ws.path(), cache.path(), &["graph", "assist", "--json"]);
    let cold = gather(
        ws.path(),
        cache.path(),
        &["graph", "assist", "--json", "--no-cache"],
    );
    assert_eq!(graph.stdout, cold.stdout);
    assert!(String::from_utf8_lossy(&graph.stdout).contains("main"));
}

#[test]
fn no_cache_writes_nothing_and_the_flag_beats_the_variable() {
    let ws = workspace();
    let env_cache = tempfile::tempdir().unwrap();
    let (v, _) = index_json(ws.path(), env_cache.path(), &["--no-cache"]);
    assert_eq!(v["cache"]["state"], "disabled");
    assert!(entries(env_cache.path()).is_empty());

    let flag_cache = tempfile::tempdir().unwrap();
    let flag = flag_cache.path().to_str().unwrap();
    let (v, _) = index_json(ws.path(), env_cache.path(), &["--cache-dir", flag]);
    assert_eq!(v["cache"]["state"], "missing");
    assert!(v["cache"]["file"].as_str().unwrap().starts_with(flag));
    assert!(entries(env_cache.path()).is_empty());
    assert_eq!(entries(flag_cache.path()).len(), 1);
    // Nothing was written into the workspace.
    assert_eq!(entries(ws.path()), ["app.py", "lib.py"]);
}

#[test]
fn a_corrupt_cache_is_reported_once_and_rebuilt() {
    let ws = workspace();
    let cache = tempfile::tempdir().unwrap();
    index_json(ws.path(), cache.path(), &[]);
    let file = cache.path().join(&entries(cache.path())[0]);
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();

    let out = gather(ws.path(), cache.path(), &["find", "helper"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.matches("warning").count(), 1, "{stderr}");
    assert!(stderr.contains("truncated"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("lib.py"));
    // Repaired: the next call hits it silently.
    let (v, stderr) = index_json(ws.path(), cache.path(), &[]);
    assert_eq!(v["cache"]["state"], "hit");
    assert_eq!(stderr, "");
}

#[test]
fn two_processes_at_once_leave_a_good_cache() {
    let ws = workspace();
    for i in 0..40 {
        std::fs::write(
            ws.path().join(format!("m{i}.py")),
            format!("def f{i}():\n    return helper({i})\n").repeat(50),
        )
        .unwrap();
    }
    let cache = tempfile::tempdir().unwrap();
    for _ in 0..3 {
        for v in index_at_once(&[ws.path(), ws.path()], cache.path()) {
            assert_eq!(v["files"], 42);
        }
        // Change a file so that both processes store a new index next round.
        std::fs::write(
            ws.path().join("lib.py"),
            format!("{LIB}# {}\n", rand_line()),
        )
        .unwrap();
    }
    let (v, stderr) = index_json(ws.path(), cache.path(), &[]);
    assert_eq!(v["cache"]["state"], "hit");
    assert_eq!(stderr, "");
    assert_eq!(entries(cache.path()).len(), 1, "no temporary files left");
    for format in std::fs::read_dir(cache.path().join("store")).unwrap() {
        for entry in std::fs::read_dir(format.unwrap().path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(name.ends_with(".pack"), "no temporary files left: {name}");
        }
    }
}

fn rand_line() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

#[cfg(unix)]
#[test]
fn a_read_only_cache_directory_means_no_cache_with_a_warning() {
    use std::os::unix::fs::PermissionsExt;
    let ws = workspace();
    let base = tempfile::tempdir().unwrap();
    let mut dir = base.path().join("read-only");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(dir.join("probe"), b"").is_ok() {
        // Root writes through permissions: use a path below a regular file instead.
        std::fs::remove_file(dir.join("probe")).unwrap();
        let file = base.path().join("a-file");
        std::fs::write(&file, b"").unwrap();
        dir = file.join("cache");
    }
    let cold = gather(ws.path(), base.path(), &["symbol", "helper", "--no-cache"]);
    for _ in 0..2 {
        let out = gather(ws.path(), &dir, &["symbol", "helper"]);
        assert_eq!(out.stdout, cold.stdout);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.matches("warning").count(), 1, "{stderr}");
        assert!(stderr.contains("cannot write the index cache"), "{stderr}");
    }
    let (v, _) = index_json(ws.path(), &dir, &[]);
    assert_eq!(v["cache"]["state"], "missing");
    assert!(v["cache"]["save_ms"].is_null());
}

#[test]
fn a_cache_directory_inside_the_workspace_is_not_used() {
    let ws = workspace();
    let inside = ws.path().join(".cache");
    let out = gather(ws.path(), &inside, &["index", "--json"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("inside the workspace"), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cache"]["state"], "disabled");
    assert!(!inside.exists());
    assert_eq!(entries(ws.path()), ["app.py", "lib.py"]);
}

#[test]
fn a_question_stores_its_postings_and_later_questions_answer_the_same_from_them() {
    let ws = workspace();
    let cache = tempfile::tempdir().unwrap();
    let ask = ["ask", "how does helper add one", "--json"];
    let cold = gather(
        ws.path(),
        cache.path(),
        &[&["--no-cache"], &ask[..]].concat(),
    );
    let first = gather(ws.path(), cache.path(), &ask);
    assert!(
        entries(cache.path())
            .iter()
            .any(|e| e.ends_with(".postings")),
        "{:?}",
        entries(cache.path())
    );
    let warm = gather(ws.path(), cache.path(), &ask);
    assert_eq!(first.stdout, cold.stdout);
    assert_eq!(warm.stdout, cold.stdout);
    assert!(String::from_utf8_lossy(&warm.stdout).contains("\"helper\""));

    // After an edit the stored postings no longer match: the answer sees the new word.
    std::fs::write(
        ws.path().join("lib.py"),
        "def helper(x):\n    return x + 1\n\n\ndef zebra_stripes(n):\n    return n\n",
    )
    .unwrap();
    let after = gather(ws.path(), cache.path(), &["ask", "zebra stripes", "--json"]);
    assert!(String::from_utf8_lossy(&after.stdout).contains("zebra_stripes"));

    // A damaged postings file is not used and does not fail the call.
    for entry in std::fs::read_dir(cache.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "postings") {
            let mut bytes = std::fs::read(&path).unwrap();
            let mid = bytes.len() / 2;
            bytes[mid] ^= 0xff;
            std::fs::write(&path, bytes).unwrap();
        }
    }
    let damaged = gather(ws.path(), cache.path(), &["ask", "zebra stripes", "--json"]);
    assert_eq!(damaged.stdout, after.stdout);
}
