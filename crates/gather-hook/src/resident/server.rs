//! The resident's side: one workspace's index kept fresh (`gather_mcp::state::Workspace`,
//! the same as `gather serve`'s), prompts answered over the socket until it is idle for
//! [`super::IDLE_FOR`].

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use gather::cache::Cache;
use gather::confined::Root;
use gather::index::IndexOptions;
use gather::{Error, ErrorCode};
use gather_mcp::state::Workspace;

use super::{Ask, Reply, MAX_MESSAGE_BYTES, PROTOCOL};
use crate::prompt::{self, PromptRequest};

/// How a resident runs.
#[derive(Clone, Debug)]
pub struct ResidentOptions {
    /// The workspace root, held open.
    pub root: Root,
    /// Index settings.
    pub index: IndexOptions,
    /// Where the index is stored; the socket sits beside it.
    pub cache: Cache,
    /// How long a question waits for the first build before it gets the one-line answer.
    pub wait: Duration,
    /// How long the resident waits for a question before it leaves.
    pub idle: Duration,
}

/// The most questions answered at once; past it a connection is closed unanswered (the
/// hook then adds nothing).
const MAX_CONNECTIONS: usize = 8;

/// How long a connection may take to send its question.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// Serves prompts for one workspace until idle. Returns at once, successfully, when
/// another resident already serves the socket.
pub fn serve(options: ResidentOptions) -> Result<(), Error> {
    let io = |what: &str, e: std::io::Error| Error::new(ErrorCode::IoError, format!("{what}: {e}"));
    let socket = super::socket_for(options.cache.file()).ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidRequest,
            "the cache directory's path is too long for a socket; set a shorter --cache-dir",
        )
    })?;
    if let Some(dir) = socket.parent() {
        std::fs::create_dir_all(dir).map_err(|e| io("cannot create the cache directory", e))?;
    }
    let lock = File::create(socket.with_extension("lock"))
        .map_err(|e| io("cannot create the resident's lock", e))?;
    if lock.try_lock().is_err() {
        return Ok(());
    }
    // The lock is ours, so no resident listens: a socket left here is stale.
    let _ = std::fs::remove_file(&socket);
    let listener = UnixListener::bind(&socket).map_err(|e| io("cannot listen", e))?;
    restrict(&socket);
    let workspace = Workspace::start(
        options.root,
        options.index,
        options.wait,
        Some(options.cache),
    );
    let last = Arc::new(Mutex::new(Instant::now()));
    let stop = Arc::new(AtomicBool::new(false));
    watch_idle(&socket, options.idle, Arc::clone(&last), Arc::clone(&stop));
    let busy = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Ok(stream) = stream else { continue };
        *last.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
        if busy.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            busy.fetch_sub(1, Ordering::SeqCst);
            continue;
        }
        let (workspace, busy) = (Arc::clone(&workspace), Arc::clone(&busy));
        std::thread::spawn(move || {
            if let Err(e) = answer(&workspace, &stream) {
                eprintln!("gather hook-server: {e}");
            }
            busy.fetch_sub(1, Ordering::SeqCst);
        });
    }
    workspace.flush();
    drop(lock);
    Ok(())
}

/// Only the user may connect.
fn restrict(socket: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(socket, std::fs::Permissions::from_mode(0o600));
}

/// Stops the accept loop once no question came for `idle`, or once the socket file is no
/// longer this resident's (removed, or a cache cleared).
fn watch_idle(socket: &Path, idle: Duration, last: Arc<Mutex<Instant>>, stop: Arc<AtomicBool>) {
    let socket: PathBuf = socket.to_path_buf();
    let inode = identity(&socket);
    let tick = (idle / 10).clamp(Duration::from_millis(50), Duration::from_secs(30));
    std::thread::spawn(move || loop {
        std::thread::sleep(tick);
        let quiet = last
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .elapsed();
        if quiet >= idle || identity(&socket) != inode {
            stop.store(true, Ordering::SeqCst);
            // Wakes the accept loop, which sees the flag.
            let _ = UnixStream::connect(&socket);
            if identity(&socket) == inode {
                let _ = std::fs::remove_file(&socket);
            }
            return;
        }
    });
}

fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path)
        .ok()
        .map(|m| (m.dev(), m.ino()))
}

/// Reads one question from `stream` and writes its reply.
fn answer(workspace: &Workspace, stream: &UnixStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(READ_TIMEOUT))?;
    stream.set_write_timeout(Some(READ_TIMEOUT))?;
    let mut line = Vec::new();
    BufReader::new(stream.take(MAX_MESSAGE_BYTES)).read_until(b'\n', &mut line)?;
    if line.is_empty() {
        return Ok(());
    }
    let reply = match serde_json::from_slice::<Ask>(&line) {
        Ok(ask) if ask.v == PROTOCOL => reply_to(workspace, ask),
        Ok(ask) => Reply::Nothing {
            why: format!("protocol {} asked, {PROTOCOL} served", ask.v),
        },
        Err(e) => Reply::Nothing {
            why: format!("the question could not be read: {e}"),
        },
    };
    let mut out = serde_json::to_vec(&reply).map_err(std::io::Error::other)?;
    out.push(b'\n');
    let mut writer = stream;
    writer.write_all(&out)
}

fn reply_to(workspace: &Workspace, ask: Ask) -> Reply {
    let root = workspace.root().path().to_path_buf();
    let answered = workspace.with_index(
        |index, notes| {
            let request = PromptRequest {
                prompt: ask.prompt.clone(),
                max_chars: ask.max_chars,
                shown_earlier: ask.shown_earlier.clone(),
                degraded: notes.to_vec(),
            };
            Ok(Reply::from(prompt::answer(index, &request)))
        },
        || {
            Ok(Reply::Building {
                line: super::building_line(&root),
            })
        },
    );
    answered.unwrap_or_else(|e| Reply::Nothing { why: e.message })
}
