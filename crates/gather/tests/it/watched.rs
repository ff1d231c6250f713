//! `index::refresh_changed`: told which paths changed, it looks only at them and still
//! gives what a cold build of the tree gives.

use crate::common::Workspace;

use gather::changed::ChangedPaths;
use gather::index::{self, Index, IndexOptions};

const A: &str = "def alpha():\n    return 1\n";
const B: &str = "def beta():\n    return 2\n";

fn names(index: &Index) -> Vec<String> {
    let mut names: Vec<String> = (index.files().iter())
        .flat_map(|f| f.symbols.iter().map(|s| s.name.clone()))
        .collect();
    names.sort();
    names
}

/// `index` refreshed given `paths` as the changed ones, checked against a cold build.
fn refreshed(index: Index, paths: &[&str]) -> Index {
    let mut changed = ChangedPaths::none();
    for path in paths {
        changed.add(path);
    }
    let index = index::refresh_changed(index, &IndexOptions::default(), &changed).unwrap();
    let cold = index::build(index.root()).unwrap();
    assert_eq!(index.files(), cold.files());
    assert_eq!(names(&index), names(&cold));
    for file in cold.files() {
        assert_eq!(index.file_idx(&file.path), cold.file_idx(&file.path));
    }
    index
}

fn paths(index: &Index) -> Vec<&str> {
    index.files().iter().map(|f| f.path.as_str()).collect()
}

#[test]
fn each_kind_of_edit_is_seen_through_the_paths_that_changed() {
    let ws = Workspace::new(&[("src/a.py", A), ("lib/b.py", B)]);
    let index = index::build(ws.root()).unwrap();
    // Nothing changed: every record is kept.
    let index = refreshed(index, &[]);
    assert_eq!(index.changes().reused, 2);
    // An edited file.
    ws.write("src/a.py", b"def alpha2():\n    return 1\n");
    let index = refreshed(index, &["src/a.py"]);
    assert_eq!(names(&index), ["alpha2", "beta"]);
    assert_eq!((index.changes().reparsed, index.changes().reused), (1, 1));
    // A new file, in a new directory whose files the watcher may never have named.
    ws.write("new/deep/c.py", b"def gamma():\n    pass\n");
    let index = refreshed(index, &["new"]);
    assert_eq!(names(&index), ["alpha2", "beta", "gamma"]);
    // A rename.
    std::fs::rename(ws.path("new/deep/c.py"), ws.path("new/deep/d.py")).unwrap();
    let index = refreshed(index, &["new/deep/c.py", "new/deep/d.py"]);
    assert!(paths(&index).contains(&"new/deep/d.py"));
    // A directory removed, and a file deleted.
    std::fs::remove_dir_all(ws.path("new")).unwrap();
    std::fs::remove_file(ws.path("lib/b.py")).unwrap();
    let index = refreshed(index, &["new", "lib/b.py"]);
    assert_eq!(paths(&index), ["src/a.py"]);
}

#[test]
fn a_changed_path_is_judged_by_every_ignore_file_above_it() {
    let ws = Workspace::new(&[(".gitignore", "build/\n*.log\n"), ("src/a.py", A)]);
    let index = index::build(ws.root()).unwrap();
    // Reported, but ignored by the root's ignore file: it stays out.
    ws.write("build/out.py", B.as_bytes());
    ws.write("src/x.log", b"x");
    let index = refreshed(index, &["build/out.py", "src/x.log"]);
    assert_eq!(paths(&index), [".gitignore", "src/a.py"]);
    // A nested ignore file changes what its directory holds.
    ws.write("src/.gitignore", b"a.py\n");
    let index = refreshed(index, &["src/.gitignore"]);
    assert_eq!(paths(&index), [".gitignore", "src/.gitignore"]);
    // The root's ignore file changes everything.
    ws.write(".gitignore", b"");
    std::fs::remove_file(ws.path("src/.gitignore")).unwrap();
    let index = refreshed(index, &[".gitignore", "src/.gitignore"]);
    assert_eq!(
        paths(&index),
        [".gitignore", "build/out.py", "src/a.py", "src/x.log"]
    );
}
