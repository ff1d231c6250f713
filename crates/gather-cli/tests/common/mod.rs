//! What the server tests share: `gather serve` started on a root with its own cache, and
//! its stdout read line by line on a thread.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};

/// `gather serve -C root EXTRA…` with its index kept in `cache`, stdin and stdout piped,
/// stderr dropped.
pub fn spawn_serve(root: &Path, cache: &Path, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_CACHE_DIR", cache)
        .arg("serve")
        .arg("-C")
        .arg(root)
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// The child's stdout lines, read on a thread until it closes or nobody listens.
pub fn stdout_lines(child: &mut Child) -> Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}
