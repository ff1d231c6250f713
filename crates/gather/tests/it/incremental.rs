//! `index::refresh`: what it reads again, and that its result always equals a cold build of
//! the same tree, call graph included.

use crate::common;

use std::time::{Duration, SystemTime};

use common::{assert_skipped, borrowed, settled, Workspace, PY, RS};
use gather::graph;
use gather::index::{self, Changes, FileStatus, Index, IndexOptions, SkipReason};
use gather::walk::WalkOptions;

const LIB: &str = "def helper(x):\n    return x + 1\n\n\ndef other():\n    return 2\n";
const APP: &str = "from lib import helper\n\n\ndef main():\n    return helper(1)\n";

/// Sets the mtime of a workspace file.
fn set_mtime(ws: &Workspace, path: &str, when: SystemTime) {
    let file = std::fs::File::options()
        .write(true)
        .open(ws.path(path))
        .unwrap();
    file.set_modified(when).unwrap();
}

fn hours_ago(h: u64) -> SystemTime {
    SystemTime::now() - Duration::from_secs(h * 3600)
}

fn refresh(index: Index) -> Index {
    index::refresh(index, &IndexOptions::default()).unwrap()
}

/// The refreshed index holds exactly what a cold build of the same tree holds.
fn assert_equals_cold_build(refreshed: &Index) {
    let cold = index::build(refreshed.root()).unwrap();
    assert_eq!(refreshed.files(), cold.files());
    assert_eq!(refreshed.stamp(), cold.stamp());
    assert_eq!(refreshed.symbol_count(), cold.symbol_count());
    // The lookup tables agree too, whether rebuilt or patched.
    for index in [refreshed, &cold] {
        for file in index.files() {
            assert_eq!(refreshed.file_idx(&file.path), cold.file_idx(&file.path));
            for symbol in &file.symbols {
                assert_eq!(
                    refreshed.ids_named(&symbol.name),
                    cold.ids_named(&symbol.name),
                    "{}",
                    symbol.name
                );
            }
        }
    }
    assert_eq!(edges(refreshed), edges(&cold));
}

/// Every call edge as (caller path, caller, callee path, callee, confidence).
fn edges(index: &Index) -> Vec<(String, String, String, String, String)> {
    let graph = graph::build(index);
    let mut out: Vec<_> = graph
        .edges()
        .iter()
        .map(|e| {
            let caller = index.symbol(e.caller);
            let callee = index.symbol(e.callee);
            (
                caller.file.path.clone(),
                caller.symbol.qualified_name.clone(),
                callee.file.path.clone(),
                callee.symbol.qualified_name.clone(),
                format!("{:?}", e.confidence),
            )
        })
        .collect();
    out.sort();
    out
}

fn callers_of(index: &Index, name: &str) -> Vec<String> {
    let graph = graph::build(index);
    let Some(target) = index.find(name).first().map(|s| s.id) else {
        return Vec::new();
    };
    let mut names: Vec<String> = graph
        .callers(target)
        .iter()
        .map(|e| {
            let s = index.symbol(e.caller);
            format!("{}:{}", s.file.path, s.symbol.qualified_name)
        })
        .collect();
    names.sort();
    names
}

/// A settled workspace of `files` and its index, built cold.
fn built(files: &[(&str, &str)]) -> (Workspace, Index) {
    let ws = settled(files);
    let index = index::build(ws.root()).unwrap();
    (ws, index)
}

#[test]
fn unchanged_tree_reuses_every_record_without_reading() {
    let ws = settled(&[("app.py", PY), ("lib.rs", RS), ("notes.md", "# notes\n")]);
    let cold = index::build(ws.root()).unwrap();
    assert_eq!(cold.changes().added, 3);
    let refreshed = refresh(cold);
    assert_eq!(
        refreshed.changes(),
        Changes {
            reused: 3,
            ..Changes::default()
        }
    );
    assert_equals_cold_build(&refreshed);
}

#[test]
fn edited_file_is_reparsed_and_the_rest_reused() {
    let (ws, before) = built(&[("app.py", PY), ("lib.rs", RS)]);
    ws.write(
        "app.py",
        format!("{PY}\n\ndef added():\n    pass\n").as_bytes(),
    );
    let refreshed = refresh(before);
    let changes = refreshed.changes();
    assert_eq!((changes.reused, changes.reparsed), (1, 1));
    assert!(changes.dirty);
    assert_eq!(refreshed.find("added").len(), 1);
    assert_equals_cold_build(&refreshed);
}

#[test]
fn touched_file_is_rehashed_and_kept_with_its_new_mtime() {
    let (ws, before) = built(&[("app.py", PY), ("lib.rs", RS)]);
    set_mtime(&ws, "lib.rs", hours_ago(0));
    let refreshed = refresh(before);
    let changes = refreshed.changes();
    assert_eq!(
        (
            changes.reused,
            changes.rehashed,
            changes.reparsed,
            changes.added
        ),
        (1, 1, 0, 0)
    );
    // The new mtime is in the index; one touched file is not worth storing it again for.
    assert!(!changes.dirty);
    assert_equals_cold_build(&refreshed);
}

#[test]
fn many_touched_files_make_the_stored_copy_stale() {
    let files: Vec<(String, String)> = (0..80)
        .map(|i| (format!("m{i}.py"), format!("def f{i}():\n    pass\n")))
        .collect();
    let pairs = borrowed(&files);
    let (ws, before) = built(&pairs);
    for (path, _) in &pairs[..70] {
        set_mtime(&ws, path, hours_ago(0));
    }
    let refreshed = refresh(before);
    let changes = refreshed.changes();
    assert_eq!(
        (changes.rehashed, changes.reparsed, changes.reused),
        (70, 0, 10)
    );
    assert!(
        changes.dirty,
        "70 files to hash again at every call: worth a save"
    );
    assert_equals_cold_build(&refreshed);
}

#[test]
fn same_size_edit_right_after_a_scan_is_not_missed() {
    // Written, indexed and rewritten within one timestamp tick: size and mtime can both be
    // unchanged, so recent files are checked by content.
    let ws = Workspace::new(&[("lib.py", LIB)]);
    let when = SystemTime::now();
    set_mtime(&ws, "lib.py", when);
    let before = index::build(ws.root()).unwrap();
    let edited = LIB.replace("helper", "helpor");
    assert_eq!(edited.len(), LIB.len());
    ws.write("lib.py", edited.as_bytes());
    set_mtime(&ws, "lib.py", when);
    let refreshed = refresh(before);
    assert_eq!(refreshed.changes().reparsed, 1);
    assert_eq!(refreshed.find("helpor").len(), 1);
    assert!(refreshed.find("helper").is_empty());
    assert_equals_cold_build(&refreshed);
}

#[test]
fn additions_deletions_and_renames_equal_a_cold_build() {
    let (ws, before) = built(&[
        ("app.py", PY),
        ("lib.rs", RS),
        ("old/name.py", LIB),
        ("gone.py", "def gone():\n    pass\n"),
    ]);
    std::fs::remove_file(ws.path("gone.py")).unwrap();
    std::fs::create_dir_all(ws.path("new")).unwrap();
    std::fs::rename(ws.path("old/name.py"), ws.path("new/name.py")).unwrap();
    ws.write("added.rs", b"pub fn fresh() -> u8 {\n    0\n}\n");
    let refreshed = refresh(before);
    let changes = refreshed.changes();
    assert_eq!(
        (changes.reused, changes.added, changes.removed),
        (2, 2, 2),
        "{changes:?}"
    );
    assert!(refreshed.find("gone").is_empty());
    assert_eq!(refreshed.find("helper")[0].file.path, "new/name.py");
    assert_eq!(refreshed.find("fresh").len(), 1);
    assert_equals_cold_build(&refreshed);
}

#[test]
fn renaming_a_function_updates_its_callers_in_other_files() {
    let (ws, before) = built(&[("lib.py", LIB), ("app.py", APP)]);
    assert_eq!(callers_of(&before, "helper"), ["app.py:main"]);

    // Renamed in lib.py only: app.py's call no longer reaches it.
    ws.write("lib.py", LIB.replace("helper", "assist").as_bytes());
    let renamed = refresh(before);
    assert_eq!(renamed.changes().reparsed, 1);
    assert!(callers_of(&renamed, "assist").is_empty());
    assert!(callers_of(&renamed, "helper").is_empty());
    assert_equals_cold_build(&renamed);

    // The caller follows: app.py calls the new name.
    ws.write("app.py", APP.replace("helper", "assist").as_bytes());
    let followed = refresh(renamed);
    assert_eq!(callers_of(&followed, "assist"), ["app.py:main"]);
    assert_equals_cold_build(&followed);

    // A new caller in a new file appears too.
    ws.write(
        "cli.py",
        b"from lib import assist\n\n\ndef run():\n    assist(2)\n",
    );
    let added = refresh(followed);
    assert_eq!(callers_of(&added, "assist"), ["app.py:main", "cli.py:run"]);
    assert_equals_cold_build(&added);
}

#[test]
fn files_changing_kind_equal_a_cold_build() {
    let (ws, before) = built(&[("a.py", LIB), ("b.py", APP), ("c.txt", "text\n")]);
    ws.write("a.py", b"\x00\x01binary now");
    ws.write("b.py", b"\xff\xfe not utf-8");
    ws.write("c.txt", b"def now_code():\n    pass\n");
    let refreshed = refresh(before);
    assert_skipped(&refreshed, "a.py", SkipReason::Binary);
    assert_skipped(&refreshed, "b.py", SkipReason::InvalidUtf8);
    assert_equals_cold_build(&refreshed);
}

#[test]
fn a_changed_size_limit_is_honoured_by_refresh() {
    let (ws, before) = built(&[("app.py", PY), ("lib.rs", RS)]);
    let small = IndexOptions {
        walk: WalkOptions { max_file_size: 16 },
    };
    let limited = index::refresh(before, &small).unwrap();
    assert_skipped(&limited, "app.py", SkipReason::TooLarge);
    assert_eq!(
        limited.files(),
        index::build_with(ws.root(), &small).unwrap().files()
    );
    // And back: the skipped files are read again.
    let full = refresh(limited);
    assert_eq!(full.status("app.py"), Some(FileStatus::Parsed));
    assert_equals_cold_build(&full);
}

#[test]
fn refresh_of_a_vanished_root_is_an_error() {
    let (ws, before) = built(&[("app.py", PY)]);
    let root = ws.root().to_path_buf();
    drop(ws);
    assert!(!root.exists());
    let err = index::refresh(before, &IndexOptions::default()).unwrap_err();
    assert_eq!(err.code, gather::ErrorCode::NotFound);
}

#[test]
fn the_parallel_walk_finds_what_the_sequential_walk_finds() {
    let ws = Workspace::new(&[
        (".gitignore", "ignored/\n*.log\n"),
        ("a.py", PY),
        ("src/b.rs", RS),
        ("src/deep/er/c.py", LIB),
        (".hidden/d.py", APP),
        ("ignored/e.py", LIB),
        ("debug.log", "log\n"),
        ("src/.ignore", "skip.py\n"),
        ("src/skip.py", LIB),
    ]);
    #[cfg(unix)]
    std::os::unix::fs::symlink(ws.path("a.py"), ws.path("link.py")).unwrap();
    let options = WalkOptions::default();
    let mut sequential = Vec::new();
    gather::walk::each(ws.root(), &options, |f| {
        sequential.push((f.rel, f.size, f.mtime_ns, f.skip))
    });
    sequential.sort();
    let parallel: Vec<_> = gather::walk::all(ws.root(), &options)
        .into_iter()
        .map(|f| (f.rel, f.size, f.mtime_ns, f.skip))
        .collect();
    assert_eq!(parallel, sequential);
    let paths: Vec<&str> = parallel.iter().map(|f| f.0.as_str()).collect();
    assert!(paths.contains(&"src/deep/er/c.py"));
    assert!(paths.contains(&".hidden/d.py"));
    assert!(!paths.contains(&"ignored/e.py"));
    assert!(!paths.contains(&"src/skip.py"));
}

#[test]
fn edits_that_keep_every_path_patch_the_name_table_exactly() {
    // Files nobody edits, so that a few edits take the patching path and the rewrite of
    // every file below the rebuilding one; both must equal a cold build.
    let fillers: Vec<(String, String)> = (0..60)
        .map(|n| {
            (
                format!("z/f{n:02}.py"),
                format!("def helper():\n    return {n}\n"),
            )
        })
        .collect();
    let mut files = vec![
        ("a.py", LIB),
        ("b.py", APP),
        (
            "c.py",
            "def helper():\n    pass\n\n\ndef zed():\n    pass\n",
        ),
        ("d.rs", RS),
    ];
    files.extend(borrowed(&fillers));
    let ws = settled(&files);
    let mut index = index::build(ws.root()).unwrap();
    let versions: [&[(&str, &str)]; 4] = [
        // A name moves between files and gains a second definition.
        &[("a.py", "def other():\n    return 2\n"), ("c.py", "def helper():\n    pass\n\n\ndef helper2():\n    pass\n\n\ndef helper():\n    pass\n")],
        // A file loses every symbol, another gains the lost ones.
        &[("c.py", "x = 1\n"), ("b.py", "def zed():\n    pass\n\n\ndef helper():\n    pass\n")],
        // Rust names change, Python stays.
        &[("d.rs", "pub fn load() {}\npub struct Config;\n")],
        // Back to the start.
        &[("a.py", LIB), ("b.py", APP), ("c.py", "def helper():\n    pass\n\n\ndef zed():\n    pass\n"), ("d.rs", RS)],
    ];
    for edits in versions {
        for (path, text) in edits {
            ws.write(path, text.as_bytes());
        }
        index = refresh(index);
        assert_eq!(index.changes().added + index.changes().removed, 0);
        assert_equals_cold_build(&index);
    }
    // Every file rewritten (a formatter run): the table is built afresh, and equal.
    for (path, text) in &fillers {
        ws.write(path, format!("def zed():\n    pass\n\n\n{text}").as_bytes());
    }
    index = refresh(index);
    assert_eq!(index.changes().reparsed, fillers.len());
    assert_equals_cold_build(&index);
}
