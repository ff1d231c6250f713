//! `gather serve` under load and when its client misbehaves: thousands of pipelined calls
//! are each answered or refused with a retryable error while memory stays bounded, and a
//! client that closes the server's stdout ends the server.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/callgraph/python")
}

fn spawn(root: &Path, cache: &Path) -> Child {
    common::spawn_serve(root, cache, &[])
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gather-tests","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// A number from `/proc/PID/status` (`VmHWM`: peak resident memory in KiB; `Threads`).
fn status_field(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn thousands_of_pipelined_calls_are_answered_or_refused_in_bounded_memory() {
    const CALLS: u64 = 4000;
    let cache = tempfile::tempdir().unwrap();
    let mut child = spawn(&fixture(), cache.path());
    let pid = child.id();
    let stdout = child.stdout.take().unwrap();
    let (sender, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{INITIALIZE}").unwrap();
    let init: Value =
        serde_json::from_str(&lines.recv_timeout(Duration::from_secs(60)).unwrap()).unwrap();
    assert!(init.get("result").is_some(), "{init}");
    // All calls in one burst, written from another thread: the server reads them while it
    // answers, and the test reads the answers meanwhile.
    let writer = std::thread::spawn(move || {
        let mut burst = format!("{INITIALIZED}\n");
        for id in 1..=CALLS {
            let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
                "name": "gather_context",
                "arguments": {"question": format!("how does the service load users {id}"), "budget_lines": 60},
            }});
            burst.push_str(&call.to_string());
            burst.push('\n');
        }
        stdin.write_all(burst.as_bytes()).unwrap();
        stdin.flush().unwrap();
        stdin
    });
    let (mut answered, mut refused) = (0u64, 0u64);
    let mut seen = std::collections::HashSet::new();
    let mut threads = 0;
    let deadline = Instant::now() + Duration::from_secs(600);
    while (seen.len() as u64) < CALLS {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("only {} of {CALLS} calls answered", seen.len()));
        let message: Value = serde_json::from_str(&line).unwrap();
        if seen.len() % 50 == 0 {
            threads = threads.max(status_field(pid, "Threads"));
        }
        let id = message["id"].as_u64().expect("a response to a call");
        assert!(seen.insert(id), "call {id} answered twice");
        if message.get("result").is_some() {
            answered += 1;
        } else {
            assert_eq!(message["error"]["code"], -32000, "{message}");
            let text = message["error"]["message"].as_str().unwrap();
            assert!(text.starts_with("server busy"), "{text}");
            refused += 1;
        }
    }
    let peak = status_field(pid, "VmHWM");
    eprintln!(
        "{answered} answered, {refused} refused, peak RSS {} MiB, at most {threads} threads",
        peak / 1024
    );
    assert!(answered > 0);
    assert!(peak < 300 * 1024, "peak RSS {} MiB", peak / 1024);
    // A fixed pool, not a thread per call (the first index build has a thread per core).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    assert!(threads <= cores + 16, "{threads} threads");
    drop(writer.join().unwrap());
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no exit at EOF"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_client_that_closes_stdout_ends_the_server() {
    let cache = tempfile::tempdir().unwrap();
    let mut child = spawn(&fixture(), cache.path());
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The answer to initialize cannot be written; stdin stays open.
    writeln!(stdin, "{INITIALIZE}").unwrap();
    stdin.flush().unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("the server kept running after its stdout was closed");
        }
        // Further requests find the server gone or are dropped with it.
        let _ = writeln!(stdin, r#"{{"jsonrpc":"2.0","id":1,"method":"ping"}}"#);
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
}

#[test]
#[cfg(unix)]
fn a_client_that_closes_stdout_ends_an_idle_server() {
    let cache = tempfile::tempdir().unwrap();
    let mut child = spawn(&fixture(), cache.path());
    drop(child.stdout.take());
    // Nothing is sent: the server has nothing to write, yet must notice.
    let stdin = child.stdin.take().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("an idle server kept running after its stdout was closed");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
}

#[test]
fn a_call_without_params_is_invalid_params() {
    let cache = tempfile::tempdir().unwrap();
    let mut child = spawn(&fixture(), cache.path());
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{INITIALIZE}").unwrap();
    writeln!(stdin, "{INITIALIZED}").unwrap();
    writeln!(stdin, r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call"}}"#).unwrap();
    drop(stdin);
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut codes = Vec::new();
    for line in stdout.lines() {
        let message: Value = serde_json::from_str(&line.unwrap()).unwrap();
        if message["id"] == 7 {
            codes.push(message["error"]["code"].clone());
        }
    }
    assert_eq!(codes, [json!(-32602)]);
    let _ = child.wait();
}
