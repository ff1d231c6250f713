//! One workspace's index as a front end holds it: opened (or built), refreshed, given its
//! question postings and stored again, with what went wrong kept as warnings for the front
//! end to show in its own way. The command line and the MCP server both go through it.

use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::cache::{self, Cache, Report};
use crate::confined::Root;
use crate::error::{Error, ErrorCode, Result};
use crate::index::{self, ms_since, Index, IndexOptions, Progress};

/// An up-to-date index of one workspace and what is left to store of it.
#[derive(Debug)]
pub struct Session {
    index: Arc<Index>,
    cache: Option<Cache>,
    report: Report,
    /// Whether the stored copy is missing or stale.
    needs_save: bool,
    /// The index being stored on another thread.
    saving: Option<JoinHandle<std::io::Result<()>>>,
    /// Whether the stored index could not be written (then neither can the postings).
    unwritable: bool,
    /// Where to store the postings an answer builds, when none were stored for this index.
    postings_cache: Option<Cache>,
    /// Messages for the user, not yet taken.
    warnings: Vec<String>,
}

impl Session {
    /// The index of `root`: the stored one in `cache` brought up to date, or a fresh build
    /// when there is no cache, nothing stored, or a stored index that cannot be trusted
    /// (then a warning says why). Stores nothing yet.
    pub fn open(
        root: &Root,
        options: &IndexOptions,
        cache: Option<Cache>,
        progress: &Progress,
    ) -> Result<Session> {
        let opened = cache::open(root, options, cache.as_ref(), progress)?;
        Ok(Session {
            index: Arc::new(opened.index),
            cache,
            report: opened.report,
            needs_save: opened.needs_save,
            saving: None,
            unwritable: false,
            postings_cache: None,
            warnings: opened.warning.into_iter().collect(),
        })
    }

    /// The index, as of the last open or refresh.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// Where the index came from and what it cost.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The warnings gathered since the last call, oldest first: each a message for the user
    /// without a prefix.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Stores the index now when the stored copy is missing or stale; the time it took goes
    /// in the report, and a cache that cannot be written becomes a warning.
    pub fn save(&mut self) {
        let Some(cache) = self.cache.as_ref().filter(|_| self.needs_save) else {
            return;
        };
        let started = Instant::now();
        match cache.save(&self.index) {
            Ok(()) => {
                self.report.save_ms = Some(ms_since(started));
                self.needs_save = false;
            }
            Err(e) => self.unwritable(&e),
        }
    }

    /// [`Session::save`] on another thread, so an answer can be computed meanwhile;
    /// [`Session::finish`] waits for it.
    pub fn save_in_background(&mut self) {
        let Some(cache) = self.cache.clone().filter(|_| self.needs_save) else {
            return;
        };
        let index = Arc::clone(&self.index);
        self.needs_save = false;
        self.saving = Some(std::thread::spawn(move || cache.save(&index)));
    }

    /// Uses the stored lexical postings when they match the index; otherwise the postings
    /// an answer builds are stored by [`Session::finish`].
    pub fn load_postings(&mut self) {
        let Some(cache) = &self.cache else {
            return;
        };
        match cache.load_postings(&self.index) {
            Some(stored) => self.index.set_postings(stored),
            None => self.postings_cache = Some(cache.clone()),
        }
    }

    /// Waits for the background save and stores the postings built since
    /// [`Session::load_postings`]; returns the warnings not yet taken.
    pub fn finish(&mut self) -> Vec<String> {
        self.wait_for_save();
        if let Some(cache) = self
            .postings_cache
            .take()
            // Postings read from files that changed under the index would be stored under
            // the index's content hash and trusted by later runs.
            .filter(|_| self.index.has_postings() && !self.index.postings().read_changed())
        {
            if let Err(e) = cache.save_postings(&self.index, self.index.postings()) {
                // A cache directory that refused the index has been reported once already.
                if !self.unwritable {
                    self.warnings.push(format!(
                        "cannot write the postings cache {}: {e}",
                        cache.postings_file().display()
                    ));
                }
            }
        }
        self.take_warnings()
    }

    /// The index brought up to date with the disk: changed, added and deleted files are
    /// indexed again. Stores nothing.
    pub fn refresh(mut self, options: &IndexOptions) -> Result<Session> {
        self.wait_for_save();
        // Once the save has ended, nothing else holds the index.
        let index = Arc::try_unwrap(self.index).map_err(|_| {
            Error::new(
                ErrorCode::IndexError,
                "the index is still being stored; call again",
            )
        })?;
        let started = Instant::now();
        let index = index::refresh(index, options)?;
        self.report.changes = index.changes();
        self.report.update_ms = ms_since(started);
        self.report.save_ms = None;
        self.needs_save |= index.changes().dirty;
        self.index = Arc::new(index);
        Ok(self)
    }

    fn wait_for_save(&mut self) {
        if let Some(saving) = self.saving.take() {
            if let Ok(Err(e)) = saving.join() {
                self.unwritable(&e);
            }
        }
    }

    fn unwritable(&mut self, e: &std::io::Error) {
        self.unwritable = true;
        if let Some(cache) = &self.cache {
            self.warnings.push(format!(
                "cannot write the index cache {}: {e}; continuing without it",
                cache.file().display()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
