//! The roots the server answers for: the client's (MCP `roots/list`), or the one root of
//! `-C` (which pins it: the client's are then not read), or the current directory when the
//! client names none. Each root is a [`Workspace`] of its own, opened and confined as the
//! one root of `-C` is; a root the client adds is indexed in the background, one it removes
//! is stored and dropped. A call names its root, or gets the only one ([`Roots::pick`]).
//!
//! What is asked of the client, and when, is the server's business (`server.rs`); this
//! module only applies the answers.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use gather::cache::Cache;
use gather::confined::Root;
use gather::index::IndexOptions;
use gather::{Error, ErrorCode, Result};

use crate::state::Workspace;

mod pick;
pub mod uri;

/// The most roots served at once: each holds an index in memory and, on Linux, a watcher.
pub const MAX_ROOTS: usize = 16;

/// The longest root name kept, in characters; a client's longer name is cut.
const MAX_NAME: usize = 200;

/// The most roots of one list looked at: the rest are refused unopened, so a long list
/// costs no more than this many directories opened.
const MAX_OFFERED: usize = 4 * MAX_ROOTS;

/// The most refused roots named one by one; the rest are counted.
const MAX_REFUSED: usize = 16;

/// Where each root's index is stored between runs.
#[derive(Clone, Debug)]
pub enum Store {
    /// Nowhere: every root is built at every start.
    Off,
    /// In this cache directory, or the per-user one.
    Dir(Option<PathBuf>),
}

impl Store {
    /// The cache of the root at `path`, or none (with a warning when one was asked for).
    fn cache_for(&self, path: &Path) -> Option<Cache> {
        let Store::Dir(dir) = self else {
            return None;
        };
        gather::cache::locate(dir.as_deref(), path)
            .map_err(|message| eprintln!("gather serve: warning: {message}"))
            .ok()
    }
}

/// How every root's index is built and kept.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Index settings; their file size limit is also each root's read limit.
    pub index: IndexOptions,
    /// How long a call waits for a root's first build.
    pub wait: Duration,
    /// Where indexes are stored.
    pub store: Store,
    /// Learn what changed from a file watcher.
    pub watch: bool,
}

/// A root as the client offers it.
#[derive(Clone, Debug)]
pub struct Offered {
    /// Its URI.
    pub uri: String,
    /// Its name, when the client gives one.
    pub name: Option<String>,
}

/// One root served.
struct Served {
    /// The URI it was named by (for the root of `-C`, its path as a URI).
    uri: String,
    /// The client's name for it, else its directory's.
    name: String,
    /// Its path as named, before links are resolved.
    given: PathBuf,
    workspace: Arc<Workspace>,
}

impl Served {
    /// The directory it was opened at, links resolved.
    fn path(&self) -> &Path {
        self.workspace.root().path()
    }
}

/// The root a call is about.
pub struct Picked {
    /// Its workspace.
    pub workspace: Arc<Workspace>,
    /// The `root` the calls its answer prints give, so that one copied reaches this root
    /// again: `None` while it is the only root served (a call needs none then).
    pub call_name: Option<String>,
}

/// A root the client named and the server does not serve.
struct Refused {
    uri: String,
    why: String,
}

/// Whether the client's roots are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Not known yet: the session has not begun.
    Undecided,
    /// Read from the client, at start and at each change it announces.
    Client,
    /// The root of `-C` or the current directory, for good.
    Fixed,
}

struct State {
    mode: Mode,
    served: Vec<Served>,
    refused: Vec<Refused>,
    /// Refused roots past those named.
    more_refused: usize,
    /// Listings asked of the client, and how many have ended (answered or not).
    asked: u64,
    ended: u64,
    /// The listing whose answer is served: an older answer that comes late is not applied.
    applied: u64,
}

/// The served roots, shared by the handler and its calls.
pub struct Roots {
    settings: Settings,
    /// The root of `-C`, or the current directory.
    fallback: Root,
    /// Start the first build of the fallback only after the first call (see
    /// [`Workspace::start_with`]).
    hold_first_build: bool,
    state: Mutex<State>,
    /// Told of every change of the state, for calls waiting for a listing.
    changed: tokio::sync::watch::Sender<()>,
}

impl Roots {
    /// The roots of a server whose default root is `fallback`; with `pinned` (the root was
    /// given with `-C`) it is the one root for good, and its index is started now.
    pub fn new(
        settings: Settings,
        fallback: Root,
        pinned: bool,
        hold_first_build: bool,
    ) -> Arc<Roots> {
        let roots = Arc::new(Roots {
            settings,
            fallback,
            hold_first_build,
            state: Mutex::new(State {
                mode: Mode::Undecided,
                served: Vec::new(),
                refused: Vec::new(),
                more_refused: 0,
                asked: 0,
                ended: 0,
                applied: 0,
            }),
            changed: tokio::sync::watch::Sender::new(()),
        });
        if pinned {
            roots.use_fallback();
        }
        roots
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Serves the fallback root alone, for good (a client that offers no roots).
    pub fn use_fallback(&self) {
        let mut state = self.state();
        if state.mode == Mode::Fixed {
            return;
        }
        state.mode = Mode::Fixed;
        let served = std::mem::take(&mut state.served);
        state.served = vec![self.fallback_served(served)];
        state.refused.clear();
        state.more_refused = 0;
        drop(state);
        self.changed.send_replace(());
    }

    /// Whether nothing is known yet of the client's roots.
    pub fn undecided(&self) -> bool {
        self.state().mode == Mode::Undecided
    }

    /// Starts a listing of the client's roots: its number, for [`Roots::end_listing`], or
    /// `None` when the client's roots are not read (the root is pinned).
    pub fn begin_listing(&self) -> Option<u64> {
        let mut state = self.state();
        if state.mode == Mode::Fixed {
            return None;
        }
        state.mode = Mode::Client;
        state.asked += 1;
        Some(state.asked)
    }

    /// Ends listing number `listing` with the client's answer (or why there is none): the
    /// answer is served unless a later one already is. A failed first listing serves the
    /// fallback root; a failed later one keeps the roots served.
    pub fn end_listing(&self, listing: u64, answer: std::result::Result<Vec<Offered>, String>) {
        let mut state = self.state();
        state.ended += 1;
        match answer {
            Ok(offered) if listing > state.applied => {
                state.applied = listing;
                self.apply(&mut state, offered);
            }
            Ok(_) => {}
            Err(why) => {
                eprintln!("gather serve: the client's roots could not be read: {why}");
                if state.applied == 0 && state.served.is_empty() {
                    let served = std::mem::take(&mut state.served);
                    state.served = vec![self.fallback_served(served)];
                }
            }
        }
        drop(state);
        self.changed.send_replace(());
    }

    /// Waits, at most `limit`, until no listing is under way and the roots are known.
    pub async fn settled(&self, limit: Duration) {
        let mut changes = self.changed.subscribe();
        let ready = || {
            let state = self.state();
            state.mode != Mode::Undecided && state.ended == state.asked
        };
        let wait = async {
            while !ready() {
                if changes.changed().await.is_err() {
                    return;
                }
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
    }

    /// Serves `offered` (the fallback root when it is empty): roots already served keep
    /// their index, new ones start theirs, the others are stored and dropped.
    fn apply(&self, state: &mut State, offered: Vec<Offered>) {
        let mut previous = std::mem::take(&mut state.served);
        state.refused.clear();
        state.more_refused = 0;
        let mut served: Vec<Served> = Vec::new();
        for (i, root) in offered.into_iter().enumerate() {
            let opened = if served.len() == MAX_ROOTS || i >= MAX_OFFERED {
                Err(format!("at most {MAX_ROOTS} roots are served"))
            } else {
                self.open(&root.uri)
            };
            let (given, root_dir) = match opened {
                Ok(opened) => opened,
                Err(why) => {
                    refuse(state, &root.uri, why);
                    continue;
                }
            };
            // A root listed twice is served once.
            if served.iter().any(|s| s.path() == root_dir.path()) {
                continue;
            }
            let name = root
                .name
                .filter(|n| !n.trim().is_empty())
                .map(|n| n.chars().take(MAX_NAME).collect())
                .unwrap_or_else(|| dir_name(&given));
            let workspace = match previous.iter().position(|s| s.path() == root_dir.path()) {
                Some(i) => previous.swap_remove(i).workspace,
                None => self.start(root_dir, false),
            };
            served.push(Served {
                uri: root.uri,
                name,
                given,
                workspace,
            });
        }
        state.served = if served.is_empty() && state.refused.is_empty() {
            // The client names no root: it is as if it offered none.
            vec![self.fallback_served(std::mem::take(&mut previous))]
        } else {
            served
        };
        previous.into_iter().for_each(retire);
        log(state);
    }

    /// The root `uri` names, opened, with the path it names; or why it is refused.
    fn open(&self, uri: &str) -> std::result::Result<(PathBuf, Root), String> {
        let path = uri::to_path(uri)?;
        if !path.is_absolute() {
            return Err("its path is not absolute".to_string());
        }
        let root = Root::open(&path).map_err(|e| e.message)?;
        Ok((
            path,
            root.with_limit(self.settings.index.walk.max_file_size),
        ))
    }

    /// The fallback root as served, its index taken from `previous` when it is there
    /// (the others are dropped).
    fn fallback_served(&self, mut previous: Vec<Served>) -> Served {
        let path = self.fallback.path();
        let workspace = match previous.iter().position(|s| s.path() == path) {
            Some(i) => previous.swap_remove(i).workspace,
            None => self.start(self.fallback.clone(), self.hold_first_build),
        };
        previous.into_iter().for_each(retire);
        Served {
            uri: format!("file://{}", path.display()),
            name: dir_name(path),
            given: path.to_path_buf(),
            workspace,
        }
    }

    /// Starts the index of `root` in the background.
    fn start(&self, root: Root, hold_first_build: bool) -> Arc<Workspace> {
        let cache = self.settings.store.cache_for(root.path());
        Workspace::start_with(
            root,
            self.settings.index.clone(),
            self.settings.wait,
            cache,
            hold_first_build,
            self.settings.watch,
        )
    }

    /// The root a call naming `named` (or none) is about, or an `invalid_request` that
    /// names the roots to choose from.
    pub fn pick(&self, named: Option<&str>) -> Result<Picked> {
        let state = self.state();
        pick::pick(&state, named)
            .map(|served| Picked {
                workspace: Arc::clone(&served.workspace),
                call_name: pick::call_name(&state, served),
            })
            .map_err(|message| Error::new(ErrorCode::InvalidRequest, message))
    }

    /// Stores every root's index and waits for the stores: what the server does before it
    /// stops.
    pub fn flush(&self) {
        let workspaces: Vec<Arc<Workspace>> = (self.state().served.iter())
            .map(|s| Arc::clone(&s.workspace))
            .collect();
        workspaces.iter().for_each(|w| w.flush());
    }
}

fn refuse(state: &mut State, uri: &str, why: String) {
    if state.refused.len() == MAX_REFUSED {
        state.more_refused += 1;
        return;
    }
    // The URI is shown in messages: a long one is cut.
    let uri = uri.chars().take(MAX_NAME).collect();
    state.refused.push(Refused { uri, why });
}

/// Stores a root's index on a thread of its own and drops it: its watcher and memory go
/// once its calls in flight end.
fn retire(served: Served) {
    let workspace = served.workspace;
    std::thread::spawn(move || workspace.flush());
}

/// The last component of `path`, the name a root goes by when the client gives none.
fn dir_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().chars().take(MAX_NAME).collect())
        .unwrap_or_else(|| path.display().to_string())
}

/// The roots served and refused, on stderr.
fn log(state: &State) {
    let served: Vec<String> = (state.served.iter())
        .map(|s| format!("{} ({})", s.name, s.path().display()))
        .collect();
    eprintln!("gather serve: roots: {}", served.join(", "));
    for refused in &state.refused {
        eprintln!(
            "gather serve: root {} refused: {}",
            refused.uri, refused.why
        );
    }
    if state.more_refused > 0 {
        eprintln!("gather serve: {} more roots refused", state.more_refused);
    }
}

#[cfg(test)]
mod tests;
