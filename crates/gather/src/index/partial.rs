//! Bringing an index up to date with what a file watcher said changed: only the changed
//! paths, and what lies under them, are walked and compared with their records; every
//! other record is kept as it is, unread and unstatted.

use super::refresh::{apply_scan_around, carry_over, refresh, scan_region, Around, Previous};
use super::{Changes, Index, IndexOptions, Progress};
use crate::changed::ChangedPaths;
use crate::error::Result;

/// Brings `previous` up to date given every path that changed under its root since it was
/// made (`changed`, as a watcher reports them): the result equals [`refresh`]'s, and a
/// full [`refresh`] is what `ChangedPaths::everything` asks for.
///
/// The records of unchanged paths are trusted without a look. So the index keeps the time
/// of its last whole walk (`scanned_ns`): a later whole walk checks by content every file
/// modified since shortly before it, whichever refresh last read the file.
pub fn refresh_changed(
    previous: Index,
    options: &IndexOptions,
    changed: &ChangedPaths,
) -> Result<Index> {
    if changed.is_everything() {
        return refresh(previous, options);
    }
    previous.root.check_in_place()?;
    if changed.paths().next().is_none() {
        // No file changed; at most the commit moved.
        let mut index = previous;
        index.changes = Changes {
            reused: index.files.len(),
            ..Changes::default()
        };
        let stale = |h: &Option<super::history::History>| {
            h.as_ref().is_some_and(|h| !h.is_current(index.root.path()))
        };
        if changed.vcs_changed() && index.history.get().is_some_and(stale) {
            index.history = std::sync::OnceLock::new();
        }
        return Ok(index);
    }
    let scan = scan_region(&previous.root, options, changed)?;
    let Previous {
        files,
        tables,
        scanned_ns,
        carried,
    } = Previous::of(previous);
    let (inside, outside): (Vec<_>, Vec<_>) =
        files.into_iter().partition(|r| changed.covers(&r.path));
    let around = Around {
        unchanged: outside,
        known: &super::Unknown,
    };
    let mut index = apply_scan_around(
        inside,
        around,
        scanned_ns,
        scan,
        &Progress::default(),
        Some(tables),
    );
    index.scanned_ns = scanned_ns;
    // The commit moves only with a change under the version-control directory (or a
    // checkout, which changes files too).
    carry_over(&mut index, carried, |h, index| {
        (!changed.vcs_changed() && !index.changes.dirty) || h.is_current(index.root())
    });
    Ok(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refreshed(index: Index, paths: &[&str]) -> Index {
        let mut changed = ChangedPaths::none();
        for path in paths {
            changed.add(path);
        }
        refresh_changed(index, &IndexOptions::default(), &changed).unwrap()
    }

    #[test]
    fn the_history_is_read_again_only_after_the_commit_moved() {
        use crate::index::history::tests::git;
        let (ws, index) = super::super::index_of(&[("a.py", "def alpha():\n    pass\n")]);
        git(ws.path(), &["init", "-q"]);
        git(ws.path(), &["add", "."]);
        git(ws.path(), &["commit", "-q", "-m", "alpha"]);
        let load = |index: &Index| {
            index.set_history(crate::index::history::History::load(ws.path(), "HEAD"));
        };
        load(&index);
        assert_eq!(index.history().map(|h| h.len()), Some(1));
        let index = refreshed(index, &[]);
        assert!(index.history().is_some(), "kept");
        git(
            ws.path(),
            &["commit", "-q", "--allow-empty", "-m", "nothing"],
        );
        let index = refreshed(index, &[".git/HEAD", ".git/refs/heads/main"]);
        assert!(index.history().is_none(), "dropped");
        load(&index);
        assert_eq!(index.history().map(|h| h.len()), Some(1), "read again");
        let index = refreshed(index, &[".git/index"]);
        assert!(index.history().is_some(), "kept at the same commit");
    }

    #[test]
    fn the_postings_are_kept_while_no_content_changes() {
        let (ws, index) = super::super::index_of(&[("a.py", "def alpha():\n    pass\n")]);
        assert!(index.postings().n_docs() > 0);
        let index = refreshed(index, &[]);
        assert!(index.has_postings(), "nothing changed");
        let index = refreshed(index, &["gone.py"]);
        assert!(index.has_postings(), "a change that touched no file");
        std::fs::write(ws.path().join("a.py"), "def beta():\n    pass\n").unwrap();
        let index = refreshed(index, &["a.py"]);
        assert!(!index.has_postings(), "contents changed");
    }
}
