//! The session: what it stores, when, and what it reads instead of git.

use super::*;

/// [`workspace`] as the first commit of a git repository.
fn committed_workspace() -> (tempfile::TempDir, Root) {
    use crate::index::history::tests::git;
    let (ws, root) = workspace();
    git(ws.path(), &["init", "-q"]);
    git(ws.path(), &["add", "."]);
    git(ws.path(), &["commit", "-q", "-m", "alpha returns one"]);
    (ws, root)
}

fn workspace() -> (tempfile::TempDir, Root) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), "def alpha():\n    return 1\n").unwrap();
    let root = Root::open(dir.path()).unwrap();
    (dir, root)
}

/// A cache for `root` in a directory of its own (kept alive by the returned handle).
fn store(root: &Root) -> (tempfile::TempDir, Cache) {
    let store = tempfile::tempdir().unwrap();
    let cache = Cache::new(store.path(), root.path());
    (store, cache)
}

fn open(root: &Root, cache: Option<Cache>) -> Session {
    Session::open(root, &IndexOptions::default(), cache, &Progress::default()).unwrap()
}

#[test]
fn a_clone_at_the_same_commit_reads_its_siblings_history_not_git() {
    use crate::index::history::tests::git;
    let (ws, root) = committed_workspace();
    let (dir, cache) = store(&root);
    let mut first = open(&root, Some(cache));
    first.save();
    first.load_history();
    assert!(first.finish().is_empty());

    let clone = tempfile::tempdir().unwrap();
    let at = clone.path().join("clone");
    git(
        clone.path(),
        &["clone", "-q", &ws.path().to_string_lossy(), "clone"],
    );
    let clone_root = Root::open(&at).unwrap();
    let cache = Cache::new(dir.path(), clone_root.path());
    let mut second = open(&clone_root, Some(cache.clone()));
    second.load_history();
    assert!(!second.history_unstored, "the sibling's, not git's");
    assert_eq!(second.index().history().map(|h| h.len()), Some(1));
    assert!(second.finish().is_empty());
    assert!(!cache.history_file().exists(), "not stored again");

    // At another commit the sibling's is not this tree's history.
    std::fs::write(at.join("a.py"), "def alpha():\n    return 2\n").unwrap();
    git(&at, &["commit", "-q", "-am", "alpha returns two"]);
    let mut third = open(&clone_root, Some(cache.clone()));
    third.load_history();
    assert!(third.history_unstored, "read from git");
    assert_eq!(third.index().history().map(|h| h.len()), Some(2));
}

#[test]
fn the_history_read_once_is_stored_and_used_while_the_commit_stays() {
    use crate::index::history::tests::git;
    let (ws, root) = committed_workspace();
    let (_store, cache) = store(&root);
    let mut first = open(&root, Some(cache.clone()));
    first.load_history();
    assert!(first.history_unstored, "nothing stored yet: read from git");
    assert_eq!(first.index().history().map(|h| h.len()), Some(1));
    assert!(first.finish().is_empty());
    assert!(cache.history_file().is_file());
    let mut second = open(&root, Some(cache.clone()));
    second.load_history();
    assert!(!second.history_unstored, "the stored one");
    assert_eq!(second.index().history().map(|h| h.len()), Some(1));
    // A new commit makes the stored history stale: it is read again, then stored.
    std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 2\n").unwrap();
    git(ws.path(), &["commit", "-q", "-am", "alpha returns two"]);
    let mut third = open(&root, Some(cache.clone()));
    third.load_history();
    assert!(
        third.history_unstored,
        "the stored one is stale: read again"
    );
    assert_eq!(third.index().history().map(|h| h.len()), Some(2));
    assert!(third.finish().is_empty());
    let third = third.refresh(&IndexOptions::default()).unwrap();
    assert!(
        !third.history_unstored,
        "kept across a refresh at the same commit"
    );
    assert_eq!(third.index().history().map(|h| h.len()), Some(2));
    // A commit made while the session is open: the refresh reads the history again.
    std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 3\n").unwrap();
    git(ws.path(), &["commit", "-q", "-am", "alpha returns three"]);
    let mut changed = ChangedPaths::none();
    for path in ["a.py", ".git/HEAD", ".git/index"] {
        changed.add(path);
    }
    let mut third = third
        .refresh_changed(&IndexOptions::default(), &changed)
        .unwrap();
    assert_eq!(third.index().history().map(|h| h.len()), Some(3));
    assert!(third.finish().is_empty());
    assert_eq!(
        cache.load_history().map(|h| h.len()),
        Some(3),
        "stored again"
    );
}

#[test]
fn a_session_stores_its_index_and_the_postings_it_built() {
    let (_ws, root) = workspace();
    let (_store, cache) = store(&root);
    let mut first = open(&root, Some(cache.clone()));
    assert_eq!(first.report().state, cache::CacheState::Missing);
    first.load_postings();
    first.save_in_background();
    first.index().postings();
    assert!(first.finish().is_empty());
    assert!(cache.file().is_file() && cache.postings_file().is_file());
    let mut second = open(&root, Some(cache));
    assert_eq!(second.report().state, cache::CacheState::Hit);
    second.load_postings();
    assert!(second.index().has_postings());
}

#[test]
fn stored_postings_of_files_edited_since_are_patched_and_stored_again() {
    let (ws, root) = workspace();
    std::fs::write(ws.path().join("b.py"), "def beta():\n    return 2\n").unwrap();
    let (_store, cache) = store(&root);
    let mut first = open(&root, Some(cache.clone()));
    first.load_postings();
    first.index().postings();
    assert!(first.finish().is_empty());
    std::fs::write(ws.path().join("b.py"), "def gamma():\n    return 3\n").unwrap();
    let mut second = open(&root, Some(cache.clone()));
    second.load_postings();
    assert!(!second.index().has_postings(), "stored for other contents");
    let texts = crate::index::texts::Texts::of(second.index());
    let patched = second.index().postings_reading(&texts);
    assert_eq!(texts.reads(), 1, "b.py only");
    let fresh = crate::index::postings::build(
        second.index(),
        &crate::index::texts::Texts::of(second.index()),
    );
    assert_eq!(*patched, fresh);
    assert!(second.finish().is_empty());
    let third = open(&root, Some(cache.clone()));
    assert_eq!(cache.load_postings(third.index()), Some(fresh));
}

#[test]
fn an_untrusted_cache_is_a_warning_returned_once() {
    let (_ws, root) = workspace();
    let (_store, cache) = store(&root);
    std::fs::write(cache.file(), b"not an index").unwrap();
    let mut session = open(&root, Some(cache));
    let warnings = session.take_warnings();
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].ends_with("rebuilding it"), "{warnings:?}");
    assert!(session.take_warnings().is_empty());
}

#[test]
fn postings_read_from_a_file_that_changed_under_the_index_are_not_stored() {
    let (ws, root) = workspace();
    let (_store, cache) = store(&root);
    let mut session = open(&root, Some(cache.clone()));
    session.save();
    session.load_postings();
    // The file changes after the index read it and before the postings read it.
    std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 22\n").unwrap();
    assert!(session.index().postings().read_changed());
    assert!(session.finish().is_empty());
    assert!(cache.file().is_file());
    assert!(!cache.postings_file().exists());
}

/// `n` calls as the server makes them: a refresh (which waits for the last store), then
/// a store when one is due. Whether each call tried to store; its warnings go to
/// `warnings`.
fn calls(mut session: Session, n: usize, warnings: &mut Vec<String>) -> (Session, Vec<bool>) {
    let mut tried = Vec::new();
    for _ in 0..n {
        session = session.refresh(&IndexOptions::default()).unwrap();
        session.save_in_background();
        tried.push(!session.saving.is_empty());
        warnings.extend(session.take_warnings());
    }
    (session, tried)
}

#[test]
fn a_failed_store_is_tried_again_at_later_calls_and_warned_about_once() {
    let (_ws, root) = workspace();
    let base = tempfile::tempdir().unwrap();
    // A regular file where the cache directory should be: no store can succeed.
    let blocked = base.path().join("cache");
    std::fs::write(&blocked, b"").unwrap();
    let cache = Cache::new(&blocked, root.path());
    let mut session = open(&root, Some(cache.clone()));
    let mut warnings = Vec::new();
    session.save_in_background();
    // Failed at the start: tried again at the next call, then after 2 calls, then 4.
    let (session, tried) = calls(session, 4, &mut warnings);
    assert_eq!(tried, [true, false, true, false]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].starts_with("cannot write the index cache"));
    std::fs::remove_file(&blocked).unwrap();
    let (mut session, tried) = calls(session, 4, &mut warnings);
    assert_eq!(tried, [false, false, true, false]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(session.finish().is_empty());
    assert!(
        cache.file().is_file(),
        "stored once the directory could be made"
    );
}

#[test]
fn a_refresh_sees_a_new_file() {
    let (ws, root) = workspace();
    let session = open(&root, None);
    assert_eq!(session.index().file_count(), 1);
    std::fs::write(ws.path().join("b.py"), "def beta():\n    return 2\n").unwrap();
    let session = session.refresh(&IndexOptions::default()).unwrap();
    assert_eq!(session.index().file_count(), 2);
    assert_eq!(session.index().find("beta").len(), 1);
}
