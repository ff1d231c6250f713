//! Every answer names its tree: the commit a workspace is at, its branch, and how many
//! indexed files differ from it, read from real git repositories made here (a fixed author
//! and date, so commit ids are the same on every run). A clean tree, a dirty one, a branch
//! switch, a stash, a revert, a detached `HEAD`, a linked worktree, a workspace below a
//! repository's top, git's index file in version 4, and a workspace outside git, whose
//! answers are as they were.

use std::path::Path;
use std::process::Command;

use gather::index::{self, IndexOptions, Progress};
use gather::request::{self, ContextRequest, Target};
use gather::tree::{self, Method, TreeState};
use gather::Session;

use crate::common::Workspace;

const CORE: &str = "def total(items):\n    return sum(items)\n\n\ndef mean(items):\n    return total(items) / len(items)\n";
const API: &str = "from core import mean\n\n\ndef report(items):\n    return mean(items)\n";

/// Runs git in `root` with a fixed identity and date; its output.
fn git(root: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(root)
        .env("GIT_AUTHOR_NAME", "A")
        .env("GIT_AUTHOR_EMAIL", "a@example.com")
        .env("GIT_COMMITTER_NAME", "A")
        .env("GIT_COMMITTER_EMAIL", "a@example.com")
        .env("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
        .env("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// A repository on branch `main` holding `core.py` and `api.py`, one commit.
fn repository() -> Workspace {
    let ws = Workspace::new(&[("core.py", CORE), ("api.py", API)]);
    git(ws.root(), &["init", "-q", "-b", "main"]);
    git(ws.root(), &["add", "."]);
    git(ws.root(), &["commit", "-q", "-m", "first"]);
    ws
}

fn head(root: &Path) -> String {
    git(root, &["rev-parse", "--short=7", "HEAD"])
        .trim()
        .to_string()
}

/// The tree of `root` as a fresh index sees it, counted both ways, which must agree.
fn tree_of(root: &Path) -> Option<TreeState> {
    let index = index::build(root).unwrap();
    let by_index_file = tree::read_with(&index, Method::IndexFile);
    assert_eq!(by_index_file, tree::read_with(&index, Method::Status));
    by_index_file
}

fn state(commit: &str, branch: Option<&str>, differing: usize) -> Option<TreeState> {
    Some(TreeState {
        commit: commit.to_string(),
        branch: branch.map(str::to_string),
        differing,
    })
}

/// The question pack of `root` with its tree: text and JSON, the JSON checked against the
/// pack's derived schema, closed.
fn answer(root: &Path) -> (String, serde_json::Value) {
    let index = index::build(root).unwrap();
    let request = ContextRequest {
        tree: tree::read(&index),
        ..ContextRequest::new(Target::Question("how is the mean computed".into()))
    };
    let pack = request::context(&index, &request).unwrap();
    let generator = gather::render::answer::schema_generator();
    let schema = generator.into_root_schema_for::<gather::render::answer::pack::PackAnswer>();
    let mut schema = serde_json::to_value(schema).unwrap();
    crate::answer_schema::closed(&mut schema);
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&pack.json)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    (pack.text, pack.json)
}

#[test]
fn a_clean_tree_names_its_commit_and_branch_and_nothing_changed() {
    let ws = repository();
    let commit = head(ws.root());
    // The fixed identity and date give the same commit on every run.
    assert_eq!(commit, "993b509");
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 0));
    let (text, json) = answer(ws.root());
    let header = text.lines().next().unwrap();
    assert!(header.ends_with(" · tree 993b509 main"), "{header}");
    assert_eq!(
        json["tree"],
        serde_json::json!({"branch": "main", "commit": "993b509", "differing": 0})
    );
}

/// A changed file, a staged one, a deleted one and an indexed file git does not track count;
/// a file touched without a change and an ignored one do not.
#[test]
fn a_dirty_tree_counts_each_indexed_file_that_is_not_the_commits() {
    let ws = repository();
    for (path, text) in [
        ("util.py", "def one():\n    return 1\n"),
        ("doc.md", "# Notes\n"),
    ] {
        ws.write(path, text.as_bytes());
    }
    git(ws.root(), &["add", "util.py", "doc.md"]);
    git(ws.root(), &["commit", "-q", "-m", "more"]);
    let commit = head(ws.root());
    ws.write(
        "core.py",
        format!("{CORE}\n\ndef median(items):\n    return items[0]\n").as_bytes(),
    );
    ws.write("util.py", b"def one():\n    return 2\n");
    git(ws.root(), &["add", "util.py"]);
    std::fs::remove_file(ws.path("doc.md")).unwrap();
    ws.write("new.py", b"def fresh():\n    return 0\n");
    // Same bytes, a later time: git's stat data differs, the content does not.
    std::thread::sleep(std::time::Duration::from_millis(20));
    ws.write("api.py", API.as_bytes());
    ws.write(".gitignore", b"build/\n");
    ws.write("build/out.py", b"def built():\n    return 0\n");
    // core.py changed, util.py staged, doc.md deleted, new.py and .gitignore untracked.
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 5));
    let (text, json) = answer(ws.root());
    let header = text.lines().next().unwrap();
    assert!(
        header.ends_with(&format!(" · tree {commit} main +5 changed")),
        "{header}"
    );
    assert_eq!(json["tree"]["differing"], 5);
}

/// After `git checkout` of another branch the next answer names its head, and shows its
/// code; back on `main`, `main`'s.
#[test]
fn a_branch_switch_is_named_by_the_next_answer() {
    let ws = repository();
    let main = head(ws.root());
    git(ws.root(), &["checkout", "-q", "-b", "feature"]);
    ws.write(
        "core.py",
        CORE.replace("sum(items)", "sum(items) + 0").as_bytes(),
    );
    git(ws.root(), &["commit", "-q", "-am", "feature"]);
    let feature = head(ws.root());
    assert_ne!(feature, main);
    let root = gather::confined::Root::open(ws.root()).unwrap();
    let options = IndexOptions::default();
    let mut session = Session::open(&root, &options, None, &Progress::default()).unwrap();
    assert_eq!(session.tree(), state(&feature, Some("feature"), 0));
    git(ws.root(), &["checkout", "-q", "main"]);
    session = session.refresh(&options).unwrap();
    assert_eq!(session.tree(), state(&main, Some("main"), 0));
    let request = ContextRequest {
        tree: session.tree(),
        ..ContextRequest::new(Target::Question("how is the total computed".into()))
    };
    let pack = request::context(session.index(), &request).unwrap();
    assert!(pack
        .text
        .lines()
        .next()
        .unwrap()
        .ends_with(&format!("tree {main} main")));
    assert!(pack.text.contains("return sum(items)\n"), "{}", pack.text);
    assert!(!pack.text.contains("sum(items) + 0"));
}

/// `git stash` takes the changes away and `git stash pop` brings them back; the commit
/// stays.
#[test]
fn a_stash_cleans_the_tree_and_a_pop_dirties_it_again() {
    let ws = repository();
    let commit = head(ws.root());
    ws.write("core.py", format!("{CORE}# more\n").as_bytes());
    ws.write("api.py", format!("{API}# more\n").as_bytes());
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 2));
    git(ws.root(), &["stash", "-q"]);
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 0));
    git(ws.root(), &["stash", "pop", "-q"]);
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 2));
}

/// A revert is a new commit, and the tree is clean at it.
#[test]
fn a_revert_names_the_new_head() {
    let ws = repository();
    ws.write("core.py", format!("{CORE}# second\n").as_bytes());
    git(ws.root(), &["commit", "-q", "-am", "second"]);
    let second = head(ws.root());
    git(ws.root(), &["revert", "--no-edit", "HEAD"]);
    let reverted = head(ws.root());
    assert_ne!(reverted, second);
    assert_eq!(tree_of(ws.root()), state(&reverted, Some("main"), 0));
    assert_eq!(std::fs::read_to_string(ws.path("core.py")).unwrap(), CORE);
}

/// A detached `HEAD` is named so, in the header too.
#[test]
fn a_detached_head_has_no_branch() {
    let ws = repository();
    let first = head(ws.root());
    ws.write("api.py", format!("{API}# second\n").as_bytes());
    git(ws.root(), &["commit", "-q", "-am", "second"]);
    git(ws.root(), &["checkout", "-q", "--detach", "HEAD~1"]);
    assert_eq!(tree_of(ws.root()), state(&first, None, 0));
    let (text, json) = answer(ws.root());
    assert!(text
        .lines()
        .next()
        .unwrap()
        .ends_with(&format!(" · tree {first} detached")));
    assert_eq!(
        json["tree"],
        serde_json::json!({"commit": first, "differing": 0})
    );
}

/// A linked worktree keeps its `HEAD` and index apart and its refs in the shared directory;
/// refs packed into `packed-refs` are read there.
#[test]
fn a_linked_worktree_names_its_own_head() {
    let ws = repository();
    git(ws.root(), &["branch", "other"]);
    git(ws.root(), &["pack-refs", "--all"]);
    let other = Workspace::new(&[]);
    let path = other.root().join("wt");
    git(
        ws.root(),
        &["worktree", "add", "-q", path.to_str().unwrap(), "other"],
    );
    std::fs::write(path.join("core.py"), format!("{CORE}# here\n")).unwrap();
    let commit = head(ws.root());
    assert_eq!(tree_of(&path), state(&commit, Some("other"), 1));
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 0));
}

/// A workspace below the repository's top reflects the repository's commit, and counts only
/// the files under it.
#[test]
fn a_subdirectory_reflects_the_repositorys_commit() {
    let ws = repository();
    ws.write("pkg/inner.py", b"def inner():\n    return 1\n");
    git(ws.root(), &["add", "pkg"]);
    git(ws.root(), &["commit", "-q", "-m", "pkg"]);
    let commit = head(ws.root());
    ws.write("pkg/inner.py", b"def inner():\n    return 2\n");
    ws.write("pkg/added.py", b"def added():\n    return 3\n");
    ws.write("core.py", format!("{CORE}# outside\n").as_bytes());
    assert_eq!(tree_of(&ws.path("pkg")), state(&commit, Some("main"), 2));
    assert_eq!(tree_of(ws.root()), state(&commit, Some("main"), 3));
}

/// Version 4 of git's index file compresses paths; it reads the same.
#[test]
fn an_index_file_of_version_4_reads_the_same() {
    let ws = repository();
    git(ws.root(), &["update-index", "--index-version", "4"]);
    ws.write("api.py", format!("{API}# v4\n").as_bytes());
    assert_eq!(tree_of(ws.root()), state(&head(ws.root()), Some("main"), 1));
}

/// Outside git there is no tree, and the answer is byte for byte what it was without one.
#[test]
fn a_workspace_outside_git_names_no_tree() {
    let ws = Workspace::new(&[("core.py", CORE), ("api.py", API)]);
    let index = index::build(ws.root()).unwrap();
    assert_eq!(tree::read(&index), None);
    let question = Target::Question("how is the mean computed".into());
    let plain = request::context(&index, &ContextRequest::new(question)).unwrap();
    let (text, json) = answer(ws.root());
    assert_eq!(text, plain.text);
    assert_eq!(json, plain.json);
    assert!(json.get("tree").is_none());
}

/// A `.git` that cannot be read gives no tree, never an error.
#[test]
fn a_damaged_git_directory_gives_no_tree() {
    let ws = repository();
    std::fs::write(ws.path(".git/HEAD"), "ref: refs/heads/../../../x\n").unwrap();
    assert_eq!(tree_of(ws.root()), None);
    std::fs::write(ws.path(".git/HEAD"), "garbage").unwrap();
    assert_eq!(tree_of(ws.root()), None);
    let (text, _) = answer(ws.root());
    assert!(!text.lines().next().unwrap().contains("· tree"));
}

/// The header's tree segment is priced: `used` is the text's measured cost, in tokens too.
#[test]
fn the_tree_segment_counts_toward_the_budget() {
    let ws = repository();
    ws.write("core.py", format!("{CORE}# changed\n").as_bytes());
    let index = index::build(ws.root()).unwrap();
    let budget = gather::budget::Budget::Tokens(300);
    let request = ContextRequest {
        tree: tree::read(&index),
        budget,
        ..ContextRequest::new(Target::Question("how is the mean computed".into()))
    };
    let pack = request::context(&index, &request).unwrap();
    assert!(pack.text.lines().next().unwrap().contains("+1 changed"));
    assert_eq!(pack.json["budget"]["used"], budget.cost(&pack.text));
    assert!(budget.cost(&pack.text) <= 300);
}
