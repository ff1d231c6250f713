//! Freshness by watching: the server's file watcher (inotify, through `notify`) notes every
//! path that changes under the root, and each call refreshes only those paths instead of
//! walking the whole tree.
//!
//! A call must see every edit made before it, though the edit's event may still be on its
//! way. So each call first writes a cookie (the method watchman uses): a file in a private
//! directory outside the workspace, watched by the same inotify instance, and waits for the
//! cookie's event. Events of one inotify instance are read in the order the kernel queued
//! them, and an edit that returned before the cookie was created was queued before it: once
//! the cookie's event is read, so are the events of every earlier edit. Nothing is written
//! inside the workspace.
//!
//! A watcher that lost events (a full queue, a rescan, an error) or cannot watch a new
//! directory is not trusted: that call walks the whole tree ([`Checked::Walk`]), and the
//! answer says `watch-fallback`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use gather::changed::ChangedPaths;
use gather::walk;
use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecursiveMode, Watcher};

/// How long a call waits for its cookie's event before it walks the tree instead.
const COOKIE_WAIT: Duration = Duration::from_secs(2);

/// A watcher of one workspace root.
pub struct Watch {
    watcher: notify::RecommendedWatcher,
    shared: Arc<Shared>,
    root: PathBuf,
    /// The private directory the cookies are written in (removed on drop).
    cookies: tempfile::TempDir,
    next_cookie: u64,
    /// Ignore files outside the root that the walk reads, as they were last seen.
    outside: Vec<(PathBuf, Option<Stamp>)>,
}

/// What one call's check found.
#[derive(Debug)]
pub enum Checked {
    /// The watcher can be trusted: these paths changed since the last check.
    Changed(ChangedPaths),
    /// It cannot: walk the whole tree.
    Walk {
        /// What went wrong.
        why: String,
        /// Whether it cannot be trusted again (else only for this call).
        broken: bool,
    },
}

/// What the watcher's thread hands to the calls.
#[derive(Default)]
struct Shared {
    seen: Mutex<Seen>,
    arrived: Condvar,
}

#[derive(Default)]
struct Seen {
    changed: ChangedPaths,
    /// Events were lost since the last check (a full queue, a rescan): why.
    lost: Option<String>,
    /// The watcher cannot be trusted again (a directory it could not watch): why.
    broken: Option<String>,
    /// The highest cookie whose event arrived.
    cookie: u64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Seen> {
        self.seen.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Watch {
    /// Watches everything under `root` (canonical), with its cookies in a new directory
    /// under `cookie_parent`. Fails when the system refuses (too many watches, no inotify)
    /// or the cookie directory would lie inside the workspace.
    pub fn start(root: &Path, cookie_parent: &Path) -> Result<Watch, String> {
        let cookies = tempfile::Builder::new()
            .prefix("gather-watch-")
            .tempdir_in(cookie_parent)
            .map_err(|e| format!("cannot make a directory for its cookies: {e}"))?;
        let inside = std::fs::canonicalize(cookies.path()).map_or(true, |c| c.starts_with(root));
        if inside {
            return Err("its cookies would be written inside the workspace".to_string());
        }
        let shared = Arc::new(Shared::default());
        let handler = {
            let (shared, root) = (Arc::clone(&shared), root.to_path_buf());
            let cookie_dir = cookies.path().to_path_buf();
            move |event| note(&shared, &root, &cookie_dir, event)
        };
        // A link is never followed out of the tree, as the walk follows none.
        let config = notify::Config::default().with_follow_symlinks(false);
        let mut watcher =
            notify::RecommendedWatcher::new(handler, config).map_err(|e| e.to_string())?;
        // The cookies first: the same watcher, so the same queue as the tree's events.
        (watcher.watch(cookies.path(), RecursiveMode::NonRecursive))
            .and_then(|()| watcher.watch(root, RecursiveMode::Recursive))
            .map_err(|e| e.to_string())?;
        Ok(Watch {
            watcher,
            shared,
            root: root.to_path_buf(),
            cookies,
            next_cookie: 0,
            outside: stamps(walk::ignore_files_outside(root)),
        })
    }

    /// Every path that changed under the root since the last check, as of now; or why the
    /// tree must be walked instead.
    pub fn check(&mut self) -> Checked {
        if let Err(why) = self.sync() {
            return Checked::Walk { why, broken: false };
        }
        let (changed, lost, broken) = {
            let mut seen = self.shared.lock();
            let changed = std::mem::take(&mut seen.changed);
            (changed, seen.lost.take(), seen.broken.clone())
        };
        if let Some(why) = broken {
            return Checked::Walk { why, broken: true };
        }
        if let Some(why) = lost {
            return Checked::Walk { why, broken: false };
        }
        if let Err(why) = self.watch_new_directories(&changed) {
            self.shared.lock().broken = Some(why.clone());
            return Checked::Walk { why, broken: true };
        }
        let outside = stamps(walk::ignore_files_outside(&self.root));
        if outside != self.outside {
            // Not a failure: what the walk leaves out changed from outside the tree.
            self.outside = outside;
            return Checked::Changed(ChangedPaths::everything());
        }
        Checked::Changed(changed)
    }

    /// Hands `event` to the watcher's handler as if the system had sent it: how tests
    /// stand in for a full queue or a failure.
    pub fn deliver(&self, event: notify::Result<Event>) {
        note(&self.shared, &self.root, self.cookies.path(), event);
    }

    /// Writes the next cookie and waits until its event arrives: then every event of an
    /// edit made before this call has arrived too. A loss of events ends the wait at once,
    /// since the call walks anyway (and a full queue may have dropped the cookie's event).
    fn sync(&mut self) -> Result<(), String> {
        self.next_cookie += 1;
        let n = self.next_cookie;
        let cookie = self.cookies.path().join(n.to_string());
        if std::fs::File::create(&cookie).is_err() {
            // A cleaner of the temporary directory may have removed an idle server's
            // directory, and its watch with it: made and watched again.
            let dir = self.cookies.path();
            let _ = std::fs::create_dir(dir);
            (self.watcher.watch(dir, RecursiveMode::NonRecursive))
                .map_err(|e| format!("cannot watch its cookies again: {e}"))?;
            std::fs::File::create(&cookie).map_err(|e| format!("cannot write its cookie: {e}"))?;
        }
        let deadline = Instant::now() + COOKIE_WAIT;
        let mut seen = self.shared.lock();
        while seen.cookie < n && seen.lost.is_none() && seen.broken.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                drop(seen);
                let _ = std::fs::remove_file(&cookie);
                return Err(format!(
                    "its events did not arrive within {} ms",
                    COOKIE_WAIT.as_millis()
                ));
            }
            seen = (self.shared.arrived.wait_timeout(seen, left))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        drop(seen);
        let _ = std::fs::remove_file(&cookie);
        Ok(())
    }

    /// Watches the changed paths that are directories now, before the refresh walks them:
    /// `notify` adds a new directory's watch only after handing over the events read with
    /// its creation, so an edit inside it right after this call's walk could go unseen.
    /// Adding a watch again is harmless.
    fn watch_new_directories(&mut self, changed: &ChangedPaths) -> Result<(), String> {
        if changed.is_everything() {
            return Ok(());
        }
        for rel in changed.paths() {
            let abs = self.root.join(rel);
            let is_dir = std::fs::symlink_metadata(&abs).is_ok_and(|m| m.is_dir());
            if !is_dir {
                continue;
            }
            match self.watcher.watch(&abs, RecursiveMode::Recursive) {
                Ok(()) => {}
                // Gone since: the refresh finds nothing there.
                Err(e) if matches!(e.kind, notify::ErrorKind::PathNotFound) => {}
                Err(e) => return Err(format!("it cannot watch {rel}: {e}")),
            }
        }
        Ok(())
    }
}

/// The watcher thread's handler: notes what changed, a loss of events, or a cookie.
fn note(shared: &Shared, root: &Path, cookies: &Path, event: notify::Result<Event>) {
    let event = match event {
        Ok(event) => event,
        Err(e) => {
            let mut seen = shared.lock();
            let why = format!("the file watcher failed: {e}");
            // A directory it could not watch stays unwatched; other errors lose events.
            if matches!(e.kind, notify::ErrorKind::MaxFilesWatch) {
                seen.broken = Some(why);
            } else {
                seen.lost = Some(why);
            }
            shared.arrived.notify_all();
            return;
        }
    };
    let mut seen = shared.lock();
    if event.need_rescan() {
        seen.lost = Some("the file watcher lost events (its queue overflowed)".to_string());
        shared.arrived.notify_all();
    }
    // Opening or reading a file changes nothing; every answer reads files.
    let reads = matches!(event.kind, EventKind::Access(kind)
        if kind != AccessKind::Close(AccessMode::Write));
    for path in &event.paths {
        if let Ok(name) = path.strip_prefix(cookies) {
            if let Some(n) = name.to_str().and_then(|n| n.parse::<u64>().ok()) {
                seen.cookie = seen.cookie.max(n);
                shared.arrived.notify_all();
            }
            continue;
        }
        if reads {
            continue;
        }
        if let Ok(rel) = path.strip_prefix(root) {
            seen.changed.add(&utf8_prefix(rel));
        }
    }
}

/// `rel` with `/` separators, cut before its first component that is not UTF-8: such a
/// name is listed under its directory, which then counts as changed.
fn utf8_prefix(rel: &Path) -> String {
    let mut out = String::new();
    for part in rel.components() {
        let Some(part) = part.as_os_str().to_str() else {
            break;
        };
        if !out.is_empty() {
            out.push('/');
        }
        out.push_str(part);
    }
    out
}

/// A file's identity as a stat sees it: size and modification time.
type Stamp = (u64, Option<std::time::SystemTime>);

fn stamps(files: Vec<PathBuf>) -> Vec<(PathBuf, Option<Stamp>)> {
    files
        .into_iter()
        .map(|file| {
            let stamp = std::fs::metadata(&file)
                .ok()
                .map(|m| (m.len(), m.modified().ok()));
            (file, stamp)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watch(dir: &Path) -> (tempfile::TempDir, Watch) {
        let cookies = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir).unwrap();
        let watch = Watch::start(&root, cookies.path()).unwrap();
        (cookies, watch)
    }

    fn changed(watch: &mut Watch) -> Vec<String> {
        match watch.check() {
            Checked::Changed(changed) => changed.paths().map(str::to_string).collect(),
            Checked::Walk { why, .. } => panic!("walk: {why}"),
        }
    }

    #[test]
    fn an_edit_made_just_before_a_check_is_in_it_and_reads_are_not() {
        let ws = tempfile::tempdir().unwrap();
        std::fs::write(ws.path().join("a.py"), "x = 1\n").unwrap();
        let (_cookies, mut watch) = watch(ws.path());
        assert!(changed(&mut watch).is_empty());
        std::fs::write(ws.path().join("a.py"), "x = 2\n").unwrap();
        assert_eq!(changed(&mut watch), ["a.py"]);
        let _ = std::fs::read(ws.path().join("a.py")).unwrap();
        assert!(changed(&mut watch).is_empty(), "a read changes nothing");
    }

    #[test]
    fn a_lost_event_or_a_failure_means_a_walk() {
        let ws = tempfile::tempdir().unwrap();
        let (_cookies, mut watch) = watch(ws.path());
        let rescan = Event::new(EventKind::Other).set_flag(notify::event::Flag::Rescan);
        watch.deliver(Ok(rescan));
        assert!(matches!(watch.check(), Checked::Walk { broken: false, .. }));
        assert!(matches!(watch.check(), Checked::Changed(_)), "once");
        watch.deliver(Err(notify::Error::new(notify::ErrorKind::MaxFilesWatch)));
        assert!(matches!(watch.check(), Checked::Walk { broken: true, .. }));
    }

    #[test]
    fn a_cookie_directory_removed_under_the_watcher_is_made_again() {
        let ws = tempfile::tempdir().unwrap();
        let (_cookies, mut watch) = watch(ws.path());
        assert!(changed(&mut watch).is_empty());
        std::fs::remove_dir(watch.cookies.path()).unwrap();
        std::fs::write(ws.path().join("a.py"), "x = 1\n").unwrap();
        assert_eq!(changed(&mut watch), ["a.py"]);
    }

    #[test]
    fn cookies_are_refused_inside_the_workspace() {
        let ws = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(ws.path()).unwrap();
        assert!(Watch::start(&root, &root).is_err());
    }
}
