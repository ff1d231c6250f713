//! The binary and `gather serve` under attack and fault: files swapped for links to outside
//! content while calls run, the root replaced by a link under a running server, special
//! files and a 50 MB file through every entry point, special files in place of the cache,
//! and the errors that say what happened.

#![cfg(unix)]

#[path = "../../gather/tests/it/arena.rs"]
mod arena;
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use arena::{fifo, outside_text, swapper, zero_device, Arena, INSIDE, MARKER};
use common::session::Session;

/// How long one command or call may take before the test fails instead of hanging.
const LIMIT: Duration = Duration::from_secs(30);

/// The [`Arena`] with `src/target.py` and `src/other.py` outside too, so that the outside
/// directory can stand in for the whole root.
fn arena() -> Arena {
    let arena = Arena::new();
    std::fs::create_dir_all(arena.outside.join("src")).unwrap();
    for name in ["src/target.py", "src/other.py"] {
        std::fs::write(arena.outside.join(name), outside_text()).unwrap();
    }
    arena
}

/// Runs the binary on `root` with its cache in `cache`, failing the test if it runs longer
/// than [`LIMIT`].
fn gather_in(root: &Path, cache: &Path, args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_CACHE_DIR", cache)
        .arg("-C")
        .arg(root)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    match receiver.recv_timeout(LIMIT) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            panic!("gather {args:?} did not finish within {LIMIT:?}");
        }
    }
}

fn gather(root: &Path, args: &[&str]) -> Output {
    let cache = tempfile::tempdir().unwrap();
    gather_in(root, cache.path(), args)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(output), stderr(output)))
}

/// `gather serve` on `root`, initialized, failing the test when it is silent for [`LIMIT`].
fn serve(root: &Path) -> Session {
    Session::start(root, &[]).with_limit(LIMIT).ready()
}

/// The race over the server: while a thread swaps `src/target.py` with a link to an
/// outside file, 400 tool calls (100 each of assemble_context, gather_context by symbol
/// with a pinned slice, gather_context by question, find_symbol) are answered, and none
/// contains the outside marker. The library suite runs the bulk (10,000 calls).
#[test]
fn swapping_files_for_links_never_leaks_through_the_server() {
    const ROUNDS: usize = 100;
    let arena = arena();
    let mut server = serve(&arena.root);
    let stop = Arc::new(AtomicBool::new(false));
    let swaps = Arc::new(AtomicUsize::new(0));
    let swapper = swapper(
        arena.root.join("src/target.py"),
        arena.root.join("src/swap.py"),
        Arc::clone(&stop),
        Arc::clone(&swaps),
    );
    let started = Instant::now();
    let (mut calls, mut leaks, mut inside) = (0, 0, 0);
    for _ in 0..ROUNDS {
        let answers = [
            server.call(
                "assemble_context",
                json!({"files": [{"path": "src/swap.py"}, {"path": "src/target.py", "symbol": "target"}]}),
            ),
            server.call(
                "gather_context",
                json!({"symbol": "target", "path": "src/target.py", "files": [{"path": "src/swap.py"}]}),
            ),
            server.call(
                "gather_context",
                json!({"question": "where does target return 'inside'?"}),
            ),
            server.call("find_symbol", json!({"name": "target"})),
        ];
        for answer in answers {
            calls += 1;
            let text = answer.to_string();
            leaks += usize::from(text.contains(MARKER));
            inside += usize::from(text.contains("'inside'"));
        }
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().unwrap();
    eprintln!(
        "{calls} server calls in {:?} during {} swaps: {leaks} leaks, {inside} with inside text",
        started.elapsed(),
        swaps.load(Ordering::Relaxed)
    );
    assert_eq!(calls, 4 * ROUNDS);
    assert_eq!(leaks, 0, "outside content leaked");
    assert!(inside > 0, "no call was answered from the inside file");
}

/// `gather serve -C ws`, then `mv ws ws.old; ln -s outside ws`: no answer shows outside
/// content; calls that need the index say that the root was replaced.
#[test]
fn a_root_replaced_under_the_server_never_shows_outside_content() {
    let arena = arena();
    let mut server = serve(&arena.root);
    let first = server.call("find_symbol", json!({"name": "target"}));
    assert_eq!(first["structuredContent"]["success"], true, "{first}");
    std::fs::rename(&arena.root, arena.base.join("ws.old")).unwrap();
    std::os::unix::fs::symlink(arena.base.join("outside"), &arena.root).unwrap();
    let calls = [
        ("find_symbol", json!({"name": "target"})),
        ("find_symbol", json!({"path": "src/target.py"})),
        (
            "gather_context",
            json!({"symbol": "target", "path": "src/target.py"}),
        ),
        (
            "gather_context",
            json!({"question": "where does target return?"}),
        ),
        ("gather_context", json!({"files": [{"path": "secret.py"}]})),
        (
            "assemble_context",
            json!({"files": [{"path": "src/target.py"}, {"path": "target.py"}]}),
        ),
    ];
    for (tool, arguments) in calls {
        let answer = server.call(tool, arguments.clone());
        assert!(
            !answer.to_string().contains(MARKER),
            "{tool} {arguments}: {answer}"
        );
    }
    let answer = server.call("find_symbol", json!({"name": "target"}));
    assert_eq!(
        answer["structuredContent"]["code"], "index_error",
        "{answer}"
    );
    let message = answer["structuredContent"]["message"].as_str().unwrap();
    assert!(message.contains("moved or replaced"), "{message}");
    let answer = server.call(
        "assemble_context",
        json!({"files": [{"path": "target.py"}]}),
    );
    assert_eq!(answer["structuredContent"]["code"], "io_error", "{answer}");
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

fn special_workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), INSIDE).unwrap();
    fifo(&dir.path().join("fifo.py"));
    zero_device(&dir.path().join("zero.py"));
    dir
}

/// A named pipe and a device node through slice, outline, ask --slice and symbol --slice:
/// each answers at once and says the file is not regular.
#[test]
fn special_files_never_block_or_stream_on_the_command_line() {
    let ws = special_workspace();
    let root = ws.path();
    for name in ["fifo.py", "zero.py"] {
        let started = Instant::now();
        if is_link(&root.join(name)) {
            // Without the right to make a device, a link to /dev/zero stands in: refused
            // before anything is opened.
            for command in [
                vec!["--json", "slice", name],
                vec!["--json", "outline", name],
                vec!["--json", "ask", "where does target return", "--slice", name],
            ] {
                let output = gather(root, &command);
                assert_eq!(json(&output)["code"], "outside_root", "{command:?}");
            }
            continue;
        }
        let slice = json(&gather(root, &["--json", "slice", name]));
        let reason = slice["slices"][0]["reason"].as_str().unwrap_or_default();
        assert_eq!(slice["slices"][0]["found"], false, "{slice}");
        assert!(
            reason.starts_with("not_regular") || reason.starts_with("symlink"),
            "{reason}"
        );
        let outline = gather(root, &["--json", "outline", name]);
        assert!(!outline.status.success());
        assert_eq!(
            json(&outline)["code"],
            "invalid_request",
            "{}",
            stdout(&outline)
        );
        for command in [
            vec!["--json", "ask", "where does target return", "--slice", name],
            vec![
                "--json", "symbol", "target", "--path", "a.py", "--slice", name,
            ],
        ] {
            let pack = json(&gather(root, &command));
            let unmet = &pack["omitted"]["unmet_slices"][0];
            assert_eq!(unmet["found"], false, "{pack}");
            assert_eq!(unmet["path"], name, "{pack}");
        }
        let elapsed = started.elapsed();
        assert!(elapsed < Duration::from_secs(20), "{name}: {elapsed:?}");
    }
}

/// The same files over the server: the call is answered, and the next call too (no lock
/// is held by a blocked read).
#[test]
fn special_files_never_block_the_server() {
    let ws = special_workspace();
    let mut server = serve(ws.path());
    for name in ["fifo.py", "zero.py"] {
        if is_link(&ws.path().join(name)) {
            continue;
        }
        let answer = server.call("assemble_context", json!({"files": [{"path": name}]}));
        let slice = &answer["structuredContent"]["slices"][0];
        assert!(slice.is_object(), "{answer}");
        let pack = server.call("gather_context", json!({"files": [{"path": name}]}));
        assert_eq!(
            pack["structuredContent"]["omitted"]["unmet_slices"][0]["found"], false,
            "{pack}"
        );
    }
    let after = server.call("find_symbol", json!({"name": "target"}));
    assert_eq!(after["structuredContent"]["success"], true, "{after}");
}

/// A 50 MB file through slice, outline, ask --slice, symbol and assemble_context: refused
/// as too large, quickly, every time.
#[test]
fn a_50_mb_file_is_refused_quickly_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("a.py"), INSIDE).unwrap();
    let line = "def f(): return 1  # padding padding padding padding padding padding\n";
    std::fs::write(
        root.join("big.py"),
        line.repeat(50 * 1024 * 1024 / line.len()),
    )
    .unwrap();
    let timed = |args: &[&str]| {
        let started = Instant::now();
        let output = gather(root, args);
        let elapsed = started.elapsed();
        assert!(
            elapsed < Duration::from_secs(10),
            "{args:?} took {elapsed:?}"
        );
        output
    };
    let slice = json(&timed(&["--json", "slice", "big.py"]));
    let reason = slice["slices"][0]["reason"].as_str().unwrap();
    assert!(reason.starts_with("too_large"), "{reason}");
    let outline = timed(&["--json", "outline", "big.py"]);
    let message = json(&outline)["message"].as_str().unwrap().to_string();
    assert!(message.contains("too_large"), "{message}");
    let ask = json(&timed(&[
        "--json",
        "ask",
        "what does target return",
        "--slice",
        "big.py",
    ]));
    assert_eq!(ask["omitted"]["unmet_slices"][0]["found"], false, "{ask}");
    assert!(ask["omitted"]["unmet_slices"][0]["reason"]
        .as_str()
        .unwrap()
        .starts_with("too_large"));
    let symbol = timed(&["--json", "symbol", "f", "--path", "big.py"]);
    assert_eq!(json(&symbol)["code"], "not_found", "{}", stdout(&symbol));
    // The limit is the flag's, for slices and outline as for the index.
    let small = json(&timed(&[
        "--json",
        "--max-file-size",
        "10",
        "slice",
        "a.py",
    ]));
    let reason = small["slices"][0]["reason"].as_str().unwrap();
    assert_eq!(
        reason,
        "too_large: 70 bytes, over the limit of 10 (--max-file-size)"
    );
    let outline = timed(&["--json", "--max-file-size", "10", "outline", "a.py"]);
    assert_eq!(json(&outline)["code"], "invalid_request");
    let mut server = serve(root);
    let started = Instant::now();
    let answer = server.call("assemble_context", json!({"files": [{"path": "big.py"}]}));
    assert!(started.elapsed() < Duration::from_secs(10));
    // assemble_context keeps its documented shape: the reason is in the text.
    let text = answer["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("! too_large: 52428"), "{answer}");
    assert_eq!(answer["structuredContent"]["slices"][0]["content"], "");
}

/// The stored index replaced by a named pipe, then by a link to /dev/zero: each command
/// warns, rebuilds and answers at once.
#[test]
fn special_files_in_place_of_the_cache_are_rebuilt_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), INSIDE).unwrap();
    let cache = tempfile::tempdir().unwrap();
    assert!(gather_in(dir.path(), cache.path(), &["index"])
        .status
        .success());
    let stored: PathBuf = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "index"))
        .unwrap();
    for (kind, expected) in [
        ("fifo", "is not a regular file; rebuilding it"),
        (
            "zero",
            "is a symbolic link, which gather never follows; rebuilding it",
        ),
    ] {
        std::fs::remove_file(&stored).unwrap();
        match kind {
            "fifo" => fifo(&stored),
            _ => std::os::unix::fs::symlink("/dev/zero", &stored).unwrap(),
        }
        let output = gather_in(dir.path(), cache.path(), &["find", "target"]);
        assert!(output.status.success(), "{kind}: {}", stderr(&output));
        assert!(stdout(&output).contains("a.py"));
        assert!(
            stderr(&output).contains(expected),
            "{kind}: {}",
            stderr(&output)
        );
        // Stored again as a regular file.
        assert!(
            std::fs::symlink_metadata(&stored).unwrap().is_file(),
            "{kind}"
        );
    }
}

/// Pins that cannot be met are named with found: false and a reason, on the command line
/// and over the server; `outline` of a directory says to name a file.
#[test]
fn unmet_pins_and_directories_say_what_happened() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), INSIDE).unwrap();
    let root = dir.path();
    let ask = json(&gather(
        root,
        &[
            "--json",
            "ask",
            "what does target return",
            "--slice",
            "nope.py",
            "--slice",
            "a.py:missing",
        ],
    ));
    let unmet = ask["omitted"]["unmet_slices"].as_array().unwrap();
    assert_eq!(unmet.len(), 2, "{ask}");
    assert_eq!(unmet[0]["reason"], "not_found");
    assert_eq!(unmet[1]["reason"], "symbol missing not found in a.py");
    let text = stdout(&gather(
        root,
        &["symbol", "target", "--path", "a.py", "--slice", "nope.py"],
    ));
    assert!(
        text.contains("slice nope.py not found (not_found)"),
        "{text}"
    );
    let outline = gather(root, &["--json", "outline", "."]);
    assert!(!outline.status.success());
    let error = json(&outline);
    assert_eq!(error["code"], "invalid_request");
    assert_eq!(error["message"], ". is a directory; name a file");
    let mut server = serve(root);
    for files in [json!([{"path": "nope.py"}]), json!([{"path": "."}])] {
        let answer = server.call("gather_context", json!({"files": files}));
        let unmet = &answer["structuredContent"]["omitted"]["unmet_slices"];
        assert_eq!(unmet.as_array().map(Vec::len), Some(1), "{answer}");
        assert_eq!(unmet[0]["found"], false);
        assert!(!unmet[0]["reason"].as_str().unwrap().is_empty());
    }
}

/// Permission checks do not apply to the superuser: the tests that need an unreadable
/// directory run only when it is really unreadable.
fn unreadable_dir(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path).unwrap();
    std::fs::write(path.join("hidden.py"), INSIDE).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::read_dir(path).is_err()
}

/// An unreadable directory is listed as unreadable by `index --files`, a file in it is
/// unreadable (not missing) to `slice`, and `-C` on it is an error that says so.
#[test]
fn unreadable_directories_are_reported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), INSIDE).unwrap();
    let locked = dir.path().join("locked");
    if !unreadable_dir(&locked) {
        eprintln!("skipped: directory permissions do not apply to this user");
        return;
    }
    let index = json(&gather(dir.path(), &["--json", "index", "--files"]));
    let listed = index["file_list"].to_string();
    let restore = || std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755));
    assert!(
        listed.contains("locked") && listed.contains("unreadable"),
        "{index}"
    );
    let slice = json(&gather(
        dir.path(),
        &["--json", "slice", "locked/hidden.py"],
    ));
    let reason = slice["slices"][0]["reason"].as_str().unwrap().to_string();
    let root = gather(&locked, &["--json", "find", "x"]);
    restore().unwrap();
    assert!(reason.starts_with("unreadable"), "{reason}");
    assert!(!root.status.success());
    assert!(
        stdout(&root).contains("cannot be read"),
        "{}",
        stdout(&root)
    );
}
