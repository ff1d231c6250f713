//! A hook's side of the resident: ask over the socket, or start a resident when none
//! answers.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use super::{Ask, Reply, MAX_MESSAGE_BYTES};

/// Why the resident could not answer.
#[derive(Debug)]
pub enum Unanswered {
    /// No resident listens on the socket.
    Absent,
    /// A resident was reached but its answer failed or came too late.
    Failed(String),
}

/// Asks the resident listening at `socket`, waiting at most `timeout` for its reply.
#[cfg(unix)]
pub fn ask(socket: &Path, ask: &Ask, timeout: Duration) -> Result<Reply, Unanswered> {
    use std::os::unix::net::UnixStream;
    let stream = UnixStream::connect(socket).map_err(|_| Unanswered::Absent)?;
    let failed = |e: std::io::Error| Unanswered::Failed(e.to_string());
    stream.set_write_timeout(Some(timeout)).map_err(failed)?;
    stream.set_read_timeout(Some(timeout)).map_err(failed)?;
    let mut line = serde_json::to_vec(ask).map_err(|e| Unanswered::Failed(e.to_string()))?;
    line.push(b'\n');
    (&stream).write_all(&line).map_err(failed)?;
    let mut reply = Vec::new();
    BufReader::new((&stream).take(MAX_MESSAGE_BYTES))
        .read_until(b'\n', &mut reply)
        .map_err(failed)?;
    serde_json::from_slice(&reply)
        .map_err(|e| Unanswered::Failed(format!("the resident's reply could not be read: {e}")))
}

/// Where there are no Unix sockets there is no resident.
#[cfg(not(unix))]
pub fn ask(_socket: &Path, _ask: &Ask, _timeout: Duration) -> Result<Reply, Unanswered> {
    Err(Unanswered::Absent)
}

/// Asks the resident at `socket`, starting one with `start` when none listens, and
/// waiting for it to listen until `deadline`.
pub fn ask_or_start(
    socket: &Path,
    request: &Ask,
    deadline: Instant,
    start: impl FnOnce() -> std::io::Result<()>,
) -> Result<Reply, Unanswered> {
    let left = || deadline.saturating_duration_since(Instant::now());
    match ask(socket, request, left()) {
        Err(Unanswered::Absent) => {}
        answered => return answered,
    }
    start().map_err(|e| Unanswered::Failed(format!("cannot start the resident: {e}")))?;
    loop {
        std::thread::sleep(Duration::from_millis(10));
        if left().is_zero() {
            return Err(Unanswered::Failed(
                "the resident did not start in time".into(),
            ));
        }
        match ask(socket, request, left()) {
            Err(Unanswered::Absent) => continue,
            answered => return answered,
        }
    }
}

/// Starts `exe hook-server -C root`, leaving after `idle` without a question, detached: in a process group of its own, so a host
/// that ends the hook's group leaves it running, with no terminal and its messages in
/// `log`.
pub fn spawn(
    exe: &Path,
    root: &Path,
    cache_dir: &Path,
    log: &Path,
    idle: Duration,
) -> std::io::Result<()> {
    let mut command = std::process::Command::new(exe);
    command
        .arg("hook-server")
        .arg("--idle-secs")
        .arg(idle.as_secs().max(1).to_string())
        .arg("-C")
        .arg(root)
        .arg("--cache-dir")
        .arg(cache_dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(log)?);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    // Not waited for: it outlives the hook, and init reaps it.
    command.spawn().map(drop)
}
