//! One workspace's index as a front end holds it: opened (or built), refreshed, given its
//! question postings and stored again, with what went wrong kept as warnings for the front
//! end to show in its own way. The command line and the MCP server both go through it.

use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::cache::{self, Cache, CacheState, PostingsState, Report};
use crate::changed::ChangedPaths;
use crate::confined::Root;
use crate::error::{Error, ErrorCode, Result};
use crate::index::history::History;
use crate::index::{self, ms_since, Index, IndexOptions, Progress};

/// An up-to-date index of one workspace and what is left to store of it.
#[derive(Debug)]
pub struct Session {
    index: Arc<Index>,
    cache: Option<Cache>,
    report: Report,
    /// Whether the stored copy is missing or stale.
    needs_save: bool,
    /// Stores running on other threads.
    saving: Vec<(Stored, JoinHandle<std::io::Result<()>>)>,
    /// Whether the postings an answer builds are stored (question mode, with a cache).
    postings_wanted: bool,
    /// Whether the index's postings are still to be stored.
    postings_unstored: bool,
    /// Whether the history an answer reads is stored (the learned ranking, with a cache).
    history_wanted: bool,
    /// Whether the index's history is still to be stored.
    history_unstored: bool,
    /// Stores that failed in a row, and calls since the last failure: a failed store is
    /// tried again at the next call, then after 2, 4, … and at most 64 calls, so a full
    /// disk is not written to at every call.
    failures: u32,
    calls_since_failure: u32,
    /// Messages for the user, not yet taken.
    warnings: Vec<String>,
}

/// A checkout whose postings are patched from a sibling's stores its own only when more
/// than one file in this many differs from the sibling's.
const SIBLING_SHARE: usize = 8;

/// What a store wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stored {
    Index,
    Postings,
    History,
}

/// Writes `stored` of `index` into `cache`: the one place each store is written, whether
/// on the caller's thread or another.
fn write(stored: Stored, cache: &Cache, index: &Index) -> std::io::Result<()> {
    match stored {
        Stored::Index => cache.save(index),
        Stored::Postings => cache.save_postings(index, index.postings()),
        Stored::History => match index.history() {
            Some(history) => cache.save_history(index, history),
            None => Ok(()),
        },
    }
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
            saving: Vec::new(),
            postings_wanted: false,
            postings_unstored: false,
            history_wanted: false,
            history_unstored: false,
            failures: 0,
            calls_since_failure: 0,
            warnings: opened.warning.into_iter().collect(),
        })
    }

    /// The index, as of the last open or refresh.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The git tree the index reflects, as of now: the commit checked out, its branch, and
    /// how many indexed files differ from it ([`crate::tree::read`]). `None` when the root
    /// is not in a git repository or its `.git` cannot be read. Front ends put it in their
    /// answers' headers (the pack's through [`crate::ContextRequest::tree`]); call it after
    /// [`Session::refresh`], so the count is that of the files the answer reads.
    pub fn tree(&self) -> Option<crate::tree::TreeState> {
        crate::tree::read(&self.index)
    }

    /// Where the index came from and what it cost; where its postings came from as of the
    /// last store of them ([`Session::store_postings_in_background`], [`Session::finish`]).
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The warnings gathered since the last call, oldest first: each a message for the user
    /// without a prefix.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Stores the index now when the stored copy is missing or stale; the time it took goes
    /// in the report, and a cache that cannot be written becomes a warning (the store is
    /// tried again at a later call).
    pub fn save(&mut self) {
        let Some(cache) = self.store_due(self.needs_save) else {
            return;
        };
        let started = Instant::now();
        match write(Stored::Index, &cache, &self.index) {
            Ok(()) => {
                self.report.save_ms = Some(ms_since(started));
                self.needs_save = false;
                self.failures = 0;
            }
            Err(e) => self.failed(Stored::Index, &e),
        }
    }

    /// [`Session::save`] on another thread, so an answer can be computed meanwhile;
    /// [`Session::finish`] (or the next refresh) waits for it.
    pub fn save_in_background(&mut self) {
        let Some(cache) = self.store_due(self.needs_save) else {
            return;
        };
        self.needs_save = false;
        self.store_in_background(Stored::Index, cache);
    }

    /// Readies the index for questions: uses the stored lexical postings when they match
    /// the index (otherwise the postings an answer builds are stored by
    /// [`Session::store_postings_in_background`] or [`Session::finish`]), and reads the
    /// history ([`Session::load_history`]).
    pub fn load_postings(&mut self) {
        self.load_history();
        let Some(cache) = &self.cache else {
            return;
        };
        self.postings_wanted = true;
        match cache.stored_postings(&self.index) {
            Some(Ok(stored)) => {
                self.index.set_postings(stored);
                self.report.postings = PostingsState::Stored;
            }
            // Stored for files that changed since: patched from on first use, then stored.
            Some(Err(earlier)) => {
                self.index.set_earlier_postings(earlier);
                self.postings_unstored = true;
            }
            // None stored: patched from a sibling checkout's (a worktree or copy) on first
            // use. While few files differ, patching at each call costs less than a second
            // copy of the postings on disk, so they are stored only past that.
            None => match cache.sibling_postings(&self.index) {
                Some((earlier, differing)) => {
                    self.index.set_earlier_postings(earlier);
                    self.postings_unstored = differing * SIBLING_SHARE > self.index.file_count();
                }
                None => self.postings_unstored = true,
            },
        }
    }

    /// Reads the workspace's history for question mode's ranking and attaches it to the
    /// index, which never reads git itself: the stored history when it was read at the
    /// work tree's commit, else `git log` of the last
    /// [`WINDOW`](crate::index::history::WINDOW) commits, at most
    /// [`MAX_LOG_BYTES`](crate::index::history::MAX_LOG_BYTES) of it ([`History::load`]),
    /// stored later with the postings. Where git or a repository is not there, the
    /// ranking reads the rest. Read again after a refresh that finds the commit moved.
    pub fn load_history(&mut self) {
        self.history_wanted = true;
        self.attach_history();
    }

    fn attach_history(&mut self) {
        if self.index.history_known() {
            return;
        }
        // A sibling's is not stored again: it is as cheap to read as a copy would be.
        let stored = (self.cache.as_ref()).and_then(|cache| {
            cache
                .load_history()
                .or_else(|| cache.sibling_history(&self.index))
        });
        let history = stored.or_else(|| {
            self.history_unstored = true;
            History::load(self.index.root(), "HEAD")
        });
        self.index.set_history(history);
    }

    /// Stores, on another thread, the postings an answer built since
    /// [`Session::load_postings`] (and the history read from git since
    /// [`Session::load_history`]), so the next start need not build them. A long-lived
    /// front end calls it after each answer; nothing is done when there is nothing new.
    pub fn store_postings_in_background(&mut self) {
        for (stored, cache) in self.derived_due() {
            self.store_in_background(stored, cache);
        }
    }

    /// Waits for the stores running in the background and stores the postings built since
    /// [`Session::load_postings`]; returns the warnings not yet taken.
    pub fn finish(&mut self) -> Vec<String> {
        self.wait_for_saves();
        for (stored, cache) in self.derived_due() {
            if let Err(e) = write(stored, &cache, &self.index) {
                self.failed(stored, &e);
            }
        }
        self.take_warnings()
    }

    /// The stores of derived data due now (postings an answer built, a history read from
    /// git), each counted as stored; a store that fails is due again.
    fn derived_due(&mut self) -> Vec<(Stored, Cache)> {
        let mut due = Vec::new();
        if let Some(cache) = self.postings_due() {
            self.postings_unstored = false;
            due.push((Stored::Postings, cache));
        }
        if let Some(cache) = self.history_due() {
            self.history_unstored = false;
            due.push((Stored::History, cache));
        }
        due
    }

    /// Writes `stored` of the index into `cache` on another thread; the next refresh or
    /// [`Session::finish`] waits for it.
    fn store_in_background(&mut self, stored: Stored, cache: Cache) {
        let index = Arc::clone(&self.index);
        let saving = std::thread::spawn(move || write(stored, &cache, &index));
        self.saving.push((stored, saving));
    }

    /// The index brought up to date with the disk: changed, added and deleted files are
    /// indexed again. Stores nothing.
    pub fn refresh(self, options: &IndexOptions) -> Result<Session> {
        self.refresh_by(|index| index::refresh(index, options))
    }

    /// [`Session::refresh`] told what changed on disk since the last open or refresh (by a
    /// file watcher): only those paths are looked at again ([`index::refresh_changed`]).
    pub fn refresh_changed(
        self,
        options: &IndexOptions,
        changed: &ChangedPaths,
    ) -> Result<Session> {
        self.refresh_by(|index| index::refresh_changed(index, options, changed))
    }

    fn refresh_by(mut self, refresh: impl FnOnce(Index) -> Result<Index>) -> Result<Session> {
        self.wait_for_saves();
        self.calls_since_failure = self.calls_since_failure.saturating_add(1);
        // Once the stores have ended, nothing else holds the index.
        let index = Arc::try_unwrap(self.index).map_err(|_| {
            Error::new(
                ErrorCode::IndexError,
                "the index is still being stored; call again",
            )
        })?;
        let started = Instant::now();
        let index = refresh(index)?;
        self.report.changes = index.changes();
        self.report.update_ms = ms_since(started);
        self.report.save_ms = None;
        self.needs_save |= index.changes().dirty;
        // Changed contents drop the postings: the next answer builds new ones to store.
        if self.postings_wanted && !index.has_postings() {
            self.postings_unstored = true;
            self.report.postings = PostingsState::NotUsed;
        }
        self.index = Arc::new(index);
        // A history not carried over (the commit moved) is read again and stored again.
        if self.history_wanted {
            self.attach_history();
        }
        Ok(self)
    }

    /// The cache to store into when `wanted` and no failure asks to wait; a stored index
    /// that is current is marked as used instead.
    fn store_due(&self, wanted: bool) -> Option<Cache> {
        let cache = self.cache.as_ref()?;
        if !wanted {
            if self.report.state == CacheState::Hit {
                cache.mark_used();
            }
            return None;
        }
        let wait = 1u32 << self.failures.saturating_sub(1).min(6);
        (self.failures == 0 || self.calls_since_failure >= wait).then(|| cache.clone())
    }

    /// The cache to store the postings into, when an answer built them and they were read
    /// from the files the index describes: postings read from files that changed under the
    /// index would be stored under its content hash and trusted by later runs.
    /// The cache to store the history into, when an answer read it from git.
    fn history_due(&self) -> Option<Cache> {
        self.store_due(self.history_unstored && self.index.history().is_some())
    }

    fn postings_due(&mut self) -> Option<Cache> {
        if self.report.postings == PostingsState::NotUsed && self.index.has_postings() {
            self.report.postings = PostingsState::Built;
        }
        let built = self.postings_wanted
            && self.postings_unstored
            && self.index.has_postings()
            && !self.index.postings().read_changed();
        self.store_due(built)
    }

    fn wait_for_saves(&mut self) {
        let saving = std::mem::take(&mut self.saving);
        let mut all_stored = !saving.is_empty();
        for (stored, saving) in saving {
            let outcome = saving
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("the store panicked")));
            if let Err(e) = outcome {
                all_stored = false;
                self.failed(stored, &e);
            }
        }
        if all_stored {
            self.failures = 0;
        }
    }

    /// Notes a failed store: it is tried again later, and only the first failure in a row
    /// is a warning.
    fn failed(&mut self, stored: Stored, e: &std::io::Error) {
        match stored {
            Stored::Index => self.needs_save = true,
            Stored::Postings => self.postings_unstored = true,
            Stored::History => self.history_unstored = true,
        }
        self.failures = self.failures.saturating_add(1);
        self.calls_since_failure = 0;
        let Some(cache) = self.cache.as_ref().filter(|_| self.failures == 1) else {
            return;
        };
        self.warnings.push(match stored {
            Stored::Index => format!(
                "cannot write the index cache {}: {e}; continuing without it",
                cache.file().display()
            ),
            Stored::Postings => format!(
                "cannot write the postings cache {}: {e}",
                cache.postings_file().display()
            ),
            Stored::History => format!(
                "cannot write the history cache {}: {e}",
                cache.history_file().display()
            ),
        });
    }
}

#[cfg(test)]
mod tests;
