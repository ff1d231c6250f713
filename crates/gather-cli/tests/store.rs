//! The store every workspace shares, driven through the binary: checkouts indexed at once,
//! a writer killed mid-way, and `gather cache`. Every cache lives in a temporary
//! directory, never the user's.

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use serde_json::Value;

mod common;
use common::{command, gather, index_at_once};

/// A workspace of `n` Python files calling one another; `variant` changes one of them.
fn checkout(n: usize, variant: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("pkg")).unwrap();
    for i in 0..n {
        let body = format!(
            "def f{i}(x):\n    return f{}(x) + {}\n\n\nclass C{i}:\n    def run(self):\n        return f{i}(self)\n",
            (i + 1) % n,
            if i == 0 { variant } else { i }
        )
        .repeat(8);
        std::fs::write(dir.path().join(format!("pkg/m{i}.py")), body).unwrap();
    }
    dir
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every file and definition of the workspace as `gather index` lists them, without what
/// the cache did.
fn listing(root: &Path, cache: &Path, extra: &[&str]) -> (Value, Value, String) {
    let mut args = vec!["index", "--json", "--files", "--symbols"];
    args.extend_from_slice(extra);
    let out = gather(root, cache, &args);
    let mut v = json(&out);
    let cache = v["cache"].take();
    (
        v["file_list"].take(),
        v["symbol_list"].take(),
        format!("{cache}{}", String::from_utf8_lossy(&out.stderr)),
    )
}

#[test]
fn two_worktrees_indexed_at_once_share_one_store() {
    let cache = tempfile::tempdir().unwrap();
    let (a, b) = (checkout(60, 0), checkout(60, 1));
    for _ in 0..3 {
        for v in index_at_once(&[a.path(), b.path()], cache.path()) {
            assert_eq!(v["files"], 60);
        }
    }
    for ws in [&a, &b] {
        let (files, symbols, how) = listing(ws.path(), cache.path(), &[]);
        assert!(how.contains("\"state\":\"hit\""), "{how}");
        let (cold_files, cold_symbols, _) = listing(ws.path(), cache.path(), &["--no-cache"]);
        assert_eq!((files, symbols), (cold_files, cold_symbols));
    }
    // A third checkout parses nothing: every reading is in the store.
    let c = checkout(60, 1);
    let v = json(&gather(c.path(), cache.path(), &["index", "--json"]));
    assert_eq!(v["cache"]["recalled"], 60, "{v}");
    let answers = |ws: &Path, extra: &[&str]| {
        let args = [&["find", "f3", "--json"][..], extra].concat();
        gather(ws, cache.path(), &args).stdout
    };
    assert_eq!(answers(c.path(), &[]), answers(c.path(), &["--no-cache"]));
}

#[cfg(unix)]
#[test]
fn a_writer_killed_mid_way_loses_nothing() {
    let ws = checkout(400, 0);
    let (cold_files, cold_symbols, _) =
        listing(ws.path(), Path::new("/nonexistent"), &["--no-cache"]);
    for delay_ms in [0, 5, 15, 30, 60, 120, 250, 500] {
        let cache = tempfile::tempdir().unwrap();
        // A checkout indexed earlier, so the killed process recalls and writes at once.
        let other = checkout(400, 1);
        gather(other.path(), cache.path(), &["index"]);
        let mut child = command(ws.path(), cache.path(), &["index"])
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        child.wait().unwrap();
        let (files, symbols, how) = listing(ws.path(), cache.path(), &[]);
        assert!(!how.contains("warning"), "after {delay_ms} ms: {how}");
        assert_eq!(files, cold_files, "after {delay_ms} ms");
        assert_eq!(symbols, cold_symbols, "after {delay_ms} ms");
        // And once more, from what the call after the kill stored.
        let (files, _, how) = listing(ws.path(), cache.path(), &[]);
        assert!(how.contains("\"state\":\"hit\""), "{how}");
        assert_eq!(files, cold_files);
    }
}

#[test]
fn the_cache_command_reports_the_store_and_clears_it() {
    let cache = tempfile::tempdir().unwrap();
    let (a, b) = (checkout(10, 0), checkout(10, 1));
    gather(a.path(), cache.path(), &["index"]);
    gather(b.path(), cache.path(), &["index"]);
    let report = json(&gather(a.path(), cache.path(), &["cache", "--json"]));
    assert_eq!(report["usage"]["workspaces"], 2);
    assert_eq!(report["usage"]["readings"], 11, "10 shared, 1 of b's own");
    assert_eq!(report["usage"]["packs"], 2);
    let text = String::from_utf8(gather(a.path(), cache.path(), &["cache"]).stdout).unwrap();
    assert!(text.contains("store: 11 readings in 2 packs"), "{text}");

    let cleared = json(&gather(
        a.path(),
        cache.path(),
        &["cache", "--clear", "--json"],
    ));
    assert_eq!(cleared["cleared"], true);
    assert_eq!(cleared["usage"]["readings"], 11);
    let after = json(&gather(a.path(), cache.path(), &["cache", "--json"]));
    assert_eq!(after["usage"]["readings"], 0);
    assert_eq!(after["usage"]["workspaces"], 0);
    let v = json(&gather(a.path(), cache.path(), &["index", "--json"]));
    assert_eq!(v["cache"]["state"], "missing");
}
