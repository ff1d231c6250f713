//! One root's index: built in the background at start, kept in memory and brought up
//! to date with the disk before every answer.

use gather::confined::Root;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use gather::cache::Cache;
use gather::changed::ChangedPaths;
use gather::index::{ms_since, Index, IndexOptions, Progress};
use gather::session::Session;

use crate::fresh::{Check, Freshness};
use gather::{Error, ErrorCode, Result};

enum Slot {
    /// The first build is running.
    Building,
    /// An index, as of the last answer.
    Ready(Box<Session>),
    /// No index: the last build or refresh failed; the next call builds again from the
    /// stored index.
    Empty,
}

/// How long the server must go without a call before it stores a changed index: a store
/// of a large index takes a few hundred milliseconds, and the next call's refresh would
/// wait for it. Calls in a burst (an agent editing and asking in turn) store nothing; the
/// store runs in the pause after them. A server stopped within this time leaves the
/// previous stored index, which the next start brings up to date.
pub const STORE_WHEN_IDLE_FOR: Duration = Duration::from_millis(1000);

/// When the next store is due, shared with the thread that makes it.
#[derive(Default)]
struct Idle {
    state: Mutex<IdleState>,
    changed: Condvar,
}

#[derive(Default)]
struct IdleState {
    /// The time after which to store, pushed back by every call.
    store_at: Option<Instant>,
    /// The workspace is gone: the thread ends.
    closed: bool,
}

impl Idle {
    fn state(&self) -> MutexGuard<'_, IdleState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Asks for a store once `after` has passed without another call.
    fn schedule(&self, after: Duration) {
        self.state().store_at = Some(Instant::now() + after);
        self.changed.notify_all();
    }

    fn close(&self) {
        self.state().closed = true;
        self.changed.notify_all();
    }

    /// Waits until a store is due (`true`) or the workspace is gone (`false`).
    fn wait_for_due(&self) -> bool {
        let mut state = self.state();
        loop {
            if state.closed {
                return false;
            }
            state = match state.store_at {
                Some(at) if at <= Instant::now() => {
                    state.store_at = None;
                    return true;
                }
                Some(at) => {
                    let left = at.saturating_duration_since(Instant::now());
                    self.changed
                        .wait_timeout(state, left)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0
                }
                None => self
                    .changed
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner),
            };
        }
    }
}

/// One workspace root and its index.
pub struct Workspace {
    root: Root,
    options: IndexOptions,
    /// Where the index is stored: read again when the index must be rebuilt, written
    /// whenever a refresh changed it.
    cache: Option<Cache>,
    wait: Duration,
    slot: Mutex<Slot>,
    built: Condvar,
    /// When the first build is held until the first call: what lets it start.
    release: Mutex<Option<std::sync::mpsc::Sender<()>>>,
    /// How a call learns what changed; set before the first build walks the tree, so no
    /// edit after that walk goes unseen.
    freshness: Mutex<Option<Freshness>>,
    /// When the index and postings are next stored.
    idle: Arc<Idle>,
    /// How long calls must pause before a store: [`STORE_WHEN_IDLE_FOR`], or another time
    /// in tests.
    store_after: Mutex<Duration>,
}

impl Drop for Workspace {
    fn drop(&mut self) {
        self.idle.close();
    }
}

impl Workspace {
    /// Starts building the index of `root` on a thread of its own; the root stays the
    /// directory it was opened at, even if its path is later replaced. A call that
    /// comes while that first build runs waits for it at most `wait`.
    /// The stored index in `cache`, when there is one, makes that build a refresh.
    pub fn start(
        root: Root,
        options: IndexOptions,
        wait: Duration,
        cache: Option<Cache>,
    ) -> Arc<Workspace> {
        Workspace::start_with(root, options, wait, cache, false, true)
    }

    /// [`Workspace::start`]; with `hold_first_build`, the first build starts only once the
    /// first tool call has been answered, and that call is answered at once without an
    /// index (the partial answer every call gets while a long first build runs), so that
    /// answer can be checked from outside on any workspace. Without `watch`, every call
    /// walks the tree to learn what changed.
    pub fn start_with(
        root: Root,
        options: IndexOptions,
        wait: Duration,
        cache: Option<Cache>,
        hold_first_build: bool,
        watch: bool,
    ) -> Arc<Workspace> {
        let (release, held) = if hold_first_build {
            let (sender, receiver) = std::sync::mpsc::channel();
            (Some(sender), Some(receiver))
        } else {
            (None, None)
        };
        let workspace = Arc::new(Workspace {
            root,
            options,
            cache: cache.clone(),
            wait,
            slot: Mutex::new(Slot::Building),
            built: Condvar::new(),
            release: Mutex::new(release),
            freshness: Mutex::new(None),
            idle: Arc::new(Idle::default()),
            store_after: Mutex::new(STORE_WHEN_IDLE_FOR),
        });
        let idle = Arc::clone(&workspace.idle);
        let storer: Weak<Workspace> = Arc::downgrade(&workspace);
        std::thread::spawn(move || {
            while idle.wait_for_due() {
                let Some(workspace) = storer.upgrade() else {
                    return;
                };
                workspace.store_in_background();
            }
        });
        let builder = Arc::clone(&workspace);
        std::thread::spawn(move || {
            if let Some(held) = held {
                // A closed channel (the server ending) lets it go too.
                let _ = held.recv();
            }
            let started = Instant::now();
            *builder.freshness() = Some(if watch {
                Freshness::start(builder.root.path())
            } else {
                Freshness::Walking { why: None }
            });
            let built = first_session(&builder.root, &builder.options, cache);
            let mut slot = builder.lock();
            *slot = match built {
                Ok(session) => {
                    let index = session.index();
                    eprintln!(
                        "gather serve: indexed {} files, {} definitions in {:.0} ms",
                        index.file_count(),
                        index.symbol_count(),
                        ms_since(started)
                    );
                    Slot::Ready(Box::new(session))
                }
                Err(error) => {
                    eprintln!("gather serve: the first index build failed: {error}");
                    Slot::Empty
                }
            };
            builder.built.notify_all();
        });
        workspace
    }

    /// The workspace root, held open.
    pub fn root(&self) -> &Root {
        &self.root
    }

    /// The index settings (walk limits), for answers made without the index.
    pub fn options(&self) -> &IndexOptions {
        &self.options
    }

    fn lock(&self) -> MutexGuard<'_, Slot> {
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn freshness(&self) -> MutexGuard<'_, Option<Freshness>> {
        self.freshness
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// What changed since the last call (everything before the watcher started).
    fn check(&self) -> Check {
        match self.freshness().as_mut() {
            Some(freshness) => freshness.check(),
            None => Check {
                changed: ChangedPaths::everything(),
                notes: Vec::new(),
            },
        }
    }

    /// Runs `answer` on the index brought up to date with the disk (changed, added and
    /// deleted files re-indexed), so an edit made before this call is always seen, with the
    /// `degraded` reasons the check of freshness gives the answer (`watch-fallback`). While
    /// the first build is still running after the wait, runs `partial` instead. Calls are
    /// answered one at a time, so a refresh never races another.
    pub fn with_index<T>(
        &self,
        answer: impl FnOnce(&Index, &[String]) -> Result<T>,
        partial: impl FnOnce() -> Result<T>,
    ) -> Result<T> {
        let held = self
            .release
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(release) = held {
            let result = partial();
            let _ = release.send(());
            return result;
        }
        let deadline = Instant::now() + self.wait;
        let mut slot = self.lock();
        while matches!(*slot, Slot::Building) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                drop(slot);
                return partial();
            }
            slot = self
                .built
                .wait_timeout(slot, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        // What changed is taken before the refresh reads the disk: an edit made while it
        // runs is left for the next call.
        let check = self.check();
        let fresh = match std::mem::replace(&mut *slot, Slot::Empty) {
            // Stored once calls pause (see `STORE_WHEN_IDLE_FOR`), so the next start (or a
            // rebuild after a failed refresh) begins from this index rather than an older one.
            Slot::Ready(previous) => previous.refresh_changed(&self.options, &check.changed),
            Slot::Building | Slot::Empty => {
                first_session(&self.root, &self.options, self.cache.clone())
            }
        }
        .map_err(|error| {
            Error::new(
                ErrorCode::IndexError,
                format!(
                    "the index of {} could not be brought up to date ({}); check that the directory still exists and is readable, then call again",
                    self.root.path().display(),
                    error.message
                ),
            )
        })?;
        // The session is back in its slot before the answer runs: an answer that panics
        // (the pool catches it) leaves the index for the next call.
        *slot = Slot::Ready(Box::new(fresh));
        let Slot::Ready(session) = &mut *slot else {
            unreachable!("the session was just put in its slot")
        };
        for warning in session.take_warnings() {
            eprintln!("gather serve: warning: {warning}");
        }
        let answered = answer(session.index(), &check.notes);
        // What changed, and postings the answer built, are stored once calls pause, so the
        // next start need not build them.
        let after = *self
            .store_after
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.idle.schedule(after);
        answered
    }

    /// Starts storing the index and the postings, where they changed, on threads of their
    /// own; the next refresh waits for them.
    fn store_in_background(&self) {
        if let Slot::Ready(session) = &mut *self.lock() {
            session.save_in_background();
            session.store_postings_in_background();
        }
    }

    /// Stores what is left to store now and waits for every store to end: what the server
    /// does before it stops.
    pub fn flush(&self) {
        if let Slot::Ready(session) = &mut *self.lock() {
            session.save();
            for warning in session.finish() {
                eprintln!("gather serve: warning: {warning}");
            }
        }
    }
}

/// The first index of the server: the stored one brought up to date (or a fresh build),
/// stored again when it changed (a failed store is tried again at a later call), with the
/// stored question postings when they match. The
/// warnings go to stderr, the one place the server may write besides the protocol.
fn first_session(root: &Root, options: &IndexOptions, cache: Option<Cache>) -> Result<Session> {
    let mut session = Session::open(root, options, cache, &Progress::default())?;
    session.save();
    // Stored postings that match spare the first question building them.
    session.load_postings();
    for warning in session.take_warnings() {
        eprintln!("gather serve: warning: {warning}");
    }
    Ok(session)
}

#[cfg(all(test, target_os = "linux"))]
mod watched;

#[cfg(test)]
mod tests {
    use super::*;

    fn names(index: &Index) -> Vec<String> {
        let mut names: Vec<String> = index
            .files()
            .iter()
            .flat_map(|f| f.symbols.iter().map(|s| s.name.clone()))
            .collect();
        names.sort();
        names
    }

    fn call(workspace: &Workspace) -> Result<Vec<String>> {
        workspace.with_index(|index, _| Ok(names(index)), || Ok(Vec::new()))
    }

    /// A workspace at `ws` holding `alpha` in `a.py`, stored in `store`.
    fn stored_workspace(ws: &std::path::Path, store: &std::path::Path) -> (Arc<Workspace>, Cache) {
        std::fs::write(ws.join("a.py"), "def alpha():\n    return 1\n").unwrap();
        let root = Root::open(ws).unwrap();
        let cache = Cache::new(store, root.path());
        let workspace = Workspace::start(
            root,
            IndexOptions::default(),
            Duration::from_secs(60),
            Some(cache.clone()),
        );
        (workspace, cache)
    }

    #[test]
    fn an_edit_seen_by_a_call_is_stored_and_a_failed_refresh_is_recovered_from() {
        let (ws, store) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let (workspace, cache) = stored_workspace(ws.path(), store.path());
        assert_eq!(call(&workspace).unwrap(), ["alpha"]);

        std::fs::write(ws.path().join("b.py"), "def beta():\n    return 2\n").unwrap();
        assert_eq!(call(&workspace).unwrap(), ["alpha", "beta"]);
        // Once stores have ended, the stored index holds the edits.
        std::fs::write(ws.path().join("c.py"), "def gamma():\n    return 3\n").unwrap();
        assert_eq!(call(&workspace).unwrap(), ["alpha", "beta", "gamma"]);
        workspace.flush();
        let stored = cache.load().unwrap().expect("an index is stored");
        assert!(names(&stored).contains(&"beta".to_string()));

        // An ignore file past its size limit fails the refresh; once it is gone, the next
        // call answers from a rebuilt index that still sees every file.
        let gitignore = ws.path().join(".gitignore");
        std::fs::write(&gitignore, "x".repeat(2 << 20)).unwrap();
        let error = call(&workspace).unwrap_err();
        assert_eq!(error.code, ErrorCode::IndexError);
        std::fs::remove_file(&gitignore).unwrap();
        assert_eq!(call(&workspace).unwrap(), ["alpha", "beta", "gamma"]);
    }

    #[test]
    fn calls_in_a_burst_store_nothing_and_a_pause_stores_what_changed() {
        let (ws, store) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let (workspace, cache) = stored_workspace(ws.path(), store.path());
        *workspace.store_after.lock().unwrap() = Duration::from_secs(3600);
        assert_eq!(call(&workspace).unwrap(), ["alpha"]);
        let stored_names = || names(&cache.load().unwrap().expect("an index is stored"));
        // The first index is stored as it is built.
        assert_eq!(stored_names(), ["alpha"]);

        std::fs::write(ws.path().join("b.py"), "def beta():\n    return 2\n").unwrap();
        assert_eq!(call(&workspace).unwrap(), ["alpha", "beta"]);
        assert_eq!(call(&workspace).unwrap(), ["alpha", "beta"]);
        // No pause yet: the edit is in memory only.
        assert_eq!(stored_names(), ["alpha"]);

        // A pause after the next call stores it, with no call to wait for.
        *workspace.store_after.lock().unwrap() = Duration::ZERO;
        assert_eq!(call(&workspace).unwrap(), ["alpha", "beta"]);
        let deadline = Instant::now() + Duration::from_secs(60);
        while stored_names() != ["alpha", "beta"] {
            assert!(Instant::now() < deadline, "the pause stored nothing");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The report of the session in `workspace`'s slot.
    fn report(workspace: &Workspace) -> gather::cache::Report {
        match &*workspace.lock() {
            Slot::Ready(session) => session.report().clone(),
            _ => panic!("no session"),
        }
    }

    #[test]
    fn a_second_start_answers_its_first_question_without_building_postings() {
        use gather::cache::PostingsState;
        let ws = tempfile::tempdir().unwrap();
        std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 1\n").unwrap();
        let store = tempfile::tempdir().unwrap();
        let start = || {
            let root = Root::open(ws.path()).unwrap();
            let cache = Cache::new(store.path(), root.path());
            Workspace::start(
                root,
                IndexOptions::default(),
                Duration::from_secs(60),
                Some(cache),
            )
        };
        // A question needs the postings.
        let ask = |workspace: &Workspace| {
            workspace
                .with_index(|index, _| Ok(index.postings().n_docs()), || Ok(0))
                .unwrap()
        };
        let first = start();
        assert!(ask(&first) > 0);
        first.flush();
        assert_eq!(report(&first).postings, PostingsState::Built);
        drop(first);

        let second = start();
        assert!(ask(&second) > 0);
        assert_eq!(report(&second).postings, PostingsState::Stored);
    }

    #[test]
    fn an_answer_that_panics_leaves_the_index_for_the_next_call() {
        let ws = tempfile::tempdir().unwrap();
        std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 1\n").unwrap();
        let root = Root::open(ws.path()).unwrap();
        let workspace =
            Workspace::start(root, IndexOptions::default(), Duration::from_secs(60), None);
        assert_eq!(call(&workspace).unwrap(), ["alpha"]);
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            workspace.with_index(
                |_, _| -> Result<()> { panic!("an answer failed") },
                || Ok(()),
            )
        }));
        assert!(panicked.is_err());
        // Still Ready: a call that must wait for a build would get the partial answer.
        let slot = workspace.lock();
        assert!(matches!(*slot, Slot::Ready(_)));
    }
}
