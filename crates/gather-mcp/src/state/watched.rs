//! The server's freshness by watching, through its state: every kind of edit made right
//! before a call is seen by it (no waiting, no timing), the tree is not walked for it, and
//! a watcher that lost events makes the call walk and say `watch-fallback`.

use super::*;
use crate::tools;
use serde_json::{json, Value};
use std::path::Path;

/// The definitions' names, the answer's notes, and when the index's last whole walk began.
fn call(workspace: &Workspace) -> (Vec<String>, Vec<String>, i64) {
    workspace
        .with_index(
            |index, notes| {
                let mut names: Vec<String> = (index.files().iter())
                    .flat_map(|f| f.symbols.iter().map(|s| s.name.clone()))
                    .collect();
                names.sort();
                Ok((names, notes.to_vec(), index.scanned_ns()))
            },
            || panic!("the index is built before the first call"),
        )
        .unwrap()
}

fn start(ws: &Path) -> Arc<Workspace> {
    let root = Root::open(ws).unwrap();
    Workspace::start(root, IndexOptions::default(), Duration::from_secs(60), None)
}

fn watching(workspace: &Workspace) -> bool {
    matches!(*workspace.freshness(), Some(Freshness::Watching(_)))
}

#[test]
fn every_kind_of_edit_is_seen_by_the_next_call_without_a_walk() {
    let ws = tempfile::tempdir().unwrap();
    let w = |rel: &str, text: &str| {
        let path = ws.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    w("a.py", "def alpha():\n    return 1\n");
    let workspace = start(ws.path());
    let (names, notes, walked) = call(&workspace);
    assert_eq!((names, notes), (vec!["alpha".to_string()], Vec::new()));
    assert!(watching(&workspace));
    // Each edit is followed at once by the call that must see it, which walks nothing.
    let seen = |expected: &[&str]| {
        let (names, notes, scanned) = call(&workspace);
        assert_eq!(names, expected);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(scanned, walked, "the call walked the tree");
    };
    w("b.py", "def beta():\n    return 2\n");
    seen(&["alpha", "beta"]);
    // An edit of the same size, within the same second.
    w("b.py", "def bet2():\n    return 2\n");
    seen(&["alpha", "bet2"]);
    std::fs::rename(ws.path().join("b.py"), ws.path().join("c.py")).unwrap();
    seen(&["alpha", "bet2"]);
    std::fs::remove_file(ws.path().join("c.py")).unwrap();
    seen(&["alpha"]);
    // A new directory whose files were written before the watcher could watch it.
    w("pkg/deep/d.py", "def delta():\n    pass\n");
    seen(&["alpha", "delta"]);
    // ... and an edit inside it right after: the call watched it before walking it.
    w("pkg/deep/e.py", "def epsilon():\n    pass\n");
    seen(&["alpha", "delta", "epsilon"]);
    std::fs::rename(ws.path().join("pkg"), ws.path().join("moved")).unwrap();
    seen(&["alpha", "delta", "epsilon"]);
    w("moved/deep/f.py", "def phi():\n    pass\n");
    seen(&["alpha", "delta", "epsilon", "phi"]);
    std::fs::remove_dir_all(ws.path().join("moved")).unwrap();
    seen(&["alpha"]);
    // A nested ignore file changes what its directory holds.
    w("sub/g.py", "def gamma():\n    pass\n");
    seen(&["alpha", "gamma"]);
    w("sub/.gitignore", "g.py\n");
    seen(&["alpha"]);
    std::fs::remove_file(ws.path().join("sub/.gitignore")).unwrap();
    seen(&["alpha", "gamma"]);
    // The root's ignore file: the call walks the whole tree (not a fallback).
    w(".gitignore", "sub/\n");
    let (names, notes, _) = call(&workspace);
    assert_eq!((names, notes), (vec!["alpha".to_string()], Vec::new()));
    assert!(watching(&workspace));
}

/// A tool call's JSON answer.
fn tool(workspace: &Workspace, name: &str, args: Value) -> Value {
    let Value::Object(args) = args else {
        unreachable!()
    };
    tools::call(workspace, None, name, Some(args)).unwrap().json
}

#[test]
fn a_watcher_that_lost_events_makes_the_call_walk_and_say_so() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 1\n").unwrap();
    let workspace = start(ws.path());
    let question = json!({"question": "alpha"});
    let first = tool(&workspace, tools::GATHER_CONTEXT, question.clone());
    assert_eq!(first["degraded"], json!([]));
    let deliver = |event| match workspace.freshness().as_ref() {
        Some(Freshness::Watching(watch)) => watch.deliver(event),
        _ => panic!("not watching"),
    };
    // A queue overflow: the edit's own event may be lost, so the call walks.
    std::fs::write(ws.path().join("b.py"), "def beta():\n    return 2\n").unwrap();
    deliver(Ok(
        notify::Event::new(notify::EventKind::Other).set_flag(notify::event::Flag::Rescan)
    ));
    let found = tool(&workspace, tools::FIND_SYMBOL, json!({"name": "beta"}));
    assert_eq!(found["definitions"][0]["path"], "b.py");
    assert_eq!(found["degraded"], json!(["watch-fallback"]));
    assert_eq!(found["complete"], true, "a walk misses nothing");
    // Once: the watcher is trusted again.
    let again = tool(&workspace, tools::GATHER_CONTEXT, question.clone());
    assert_eq!(again["degraded"], json!([]));
    // A watcher that cannot watch a new directory is never trusted again.
    deliver(Err(notify::Error::new(notify::ErrorKind::MaxFilesWatch)));
    for _ in 0..2 {
        let pack = tool(&workspace, tools::GATHER_CONTEXT, question.clone());
        assert_eq!(pack["degraded"], json!(["watch-fallback"]));
        assert_eq!(pack["complete"], true);
    }
    std::fs::write(ws.path().join("c.py"), "def gamma():\n    return 3\n").unwrap();
    let found = tool(&workspace, tools::FIND_SYMBOL, json!({"name": "gamma"}));
    assert_eq!(found["definitions"][0]["path"], "c.py");
    let text = tools::call(
        &workspace,
        None,
        tools::GATHER_CONTEXT,
        question.as_object().cloned(),
    )
    .unwrap()
    .text;
    assert!(
        text.starts_with("# gather ask · degraded: watch-fallback"),
        "{text}"
    );
}
