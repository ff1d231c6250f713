//! The MCP client the server tests speak through: `gather serve` over stdio, one JSON-RPC
//! message a line, answering the server's `roots/list` as a client with roots does.

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{spawn_serve, spawn_serve_in, stdout_lines, OutputSchemas};

/// One client session with a running `gather serve`; the server is killed when it drops.
pub struct Session {
    pub child: Child,
    /// The server's index cache, when the session made it.
    _cache: Option<tempfile::TempDir>,
    /// `None` once closed.
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
    next_id: u64,
    /// How long to wait for the server's next message before the test fails.
    limit: Duration,
    /// What `roots/list` answers; `None`: the client does not declare the capability.
    roots: Option<Vec<Value>>,
    /// How many `roots/list` requests the server sent.
    pub listed: usize,
    /// Whether `roots/list` is answered at all.
    pub answering: bool,
    /// Whether tool results are checked against the tools' output schemas.
    checks_schemas: bool,
    /// The tools' output schemas, read at the first checked call.
    schemas: Option<OutputSchemas>,
}

impl Session {
    /// `gather serve -C root EXTRA…`, its index kept in a cache of its own; not yet
    /// initialized.
    pub fn start(root: &Path, extra: &[&str]) -> Session {
        let cache = tempfile::tempdir().unwrap();
        let child = spawn_serve(root, cache.path(), extra);
        Session::over(child, Some(cache))
    }

    /// `gather serve EXTRA…` started in `cwd` (the client's roots are read), its index kept
    /// in a cache of its own; not yet initialized.
    pub fn start_in(cwd: &Path, extra: &[&str]) -> Session {
        let cache = tempfile::tempdir().unwrap();
        let child = spawn_serve_in(cwd, cache.path(), extra);
        Session::over(child, Some(cache))
    }

    /// A session with a server already spawned (stdin and stdout piped).
    pub fn over(mut child: Child, cache: Option<tempfile::TempDir>) -> Session {
        let lines = stdout_lines(&mut child);
        let stdin = child.stdin.take();
        Session {
            child,
            _cache: cache,
            stdin,
            lines,
            // Clear of the small ids the tests write by hand.
            next_id: 100,
            limit: Duration::from_secs(60),
            roots: None,
            listed: 0,
            answering: true,
            checks_schemas: false,
            schemas: None,
        }
    }

    /// Offers `roots` (declaring the capability at `initialize`) and answers the server's
    /// `roots/list` with them.
    pub fn with_roots(mut self, roots: Option<Vec<Value>>) -> Session {
        self.roots = roots;
        self
    }

    /// Fails the test when the server sends nothing for `limit` (60 s unless set).
    pub fn with_limit(mut self, limit: Duration) -> Session {
        self.limit = limit;
        self
    }

    /// Checks every tool result's structured content against its tool's output schema.
    pub fn checking_schemas(mut self) -> Session {
        self.checks_schemas = true;
        self
    }

    /// `initialize`, which must succeed, then `notifications/initialized`.
    pub fn ready(mut self) -> Session {
        let capabilities = match self.roots {
            Some(_) => json!({"roots": {"listChanged": true}}),
            None => json!({}),
        };
        let init = self.initialize(capabilities);
        assert!(init.get("result").is_some(), "{init}");
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        self
    }

    /// The response to `initialize` with the client's `capabilities`.
    pub fn initialize(&mut self, capabilities: Value) -> Value {
        self.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": capabilities,
                   "clientInfo": {"name": "gather-tests", "version": "1"}}),
        )
    }

    pub fn send_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    pub fn send(&mut self, message: &Value) {
        self.send_line(&message.to_string());
    }

    /// Sends a request and returns its id.
    pub fn send_request(&mut self, method: &str, params: Value) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The server's next line, parsed (every stdout line must be JSON).
    pub fn read(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(self.limit)
            .unwrap_or_else(|_| panic!("no message from the server within {:?}", self.limit));
        serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("stdout line is not JSON ({e}): {line}"))
    }

    /// The next message that is not a `roots/list` request; those are answered on the
    /// way, as a client does.
    pub fn next_message(&mut self) -> Value {
        loop {
            let message = self.read();
            if !self.answer_listing(&message) {
                return message;
            }
        }
    }

    /// Answers `message` when it is a `roots/list` request.
    fn answer_listing(&mut self, message: &Value) -> bool {
        if message["method"] != "roots/list" {
            return false;
        }
        self.listed += 1;
        if !self.answering {
            return true;
        }
        let roots = (self.roots.clone()).expect("roots/list sent to a client without roots");
        let id = message["id"].clone();
        self.send(&json!({"jsonrpc": "2.0", "id": id, "result": {"roots": roots}}));
        true
    }

    /// The response to request `id` (other messages in between are skipped).
    pub fn response(&mut self, id: u64) -> Value {
        loop {
            let message = self.next_message();
            if message["id"] == id && message.get("method").is_none() {
                return message;
            }
        }
    }

    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        self.response(id)
    }

    /// The result of a tools/call, which must have one (checked against the tool's output
    /// schema when the session checks schemas).
    pub fn call(&mut self, tool: &str, arguments: Value) -> Value {
        if self.checks_schemas && self.schemas.is_none() {
            let tools = self.request("tools/list", json!({}));
            self.schemas = Some(OutputSchemas::from_tools_list(&tools["result"]));
        }
        let response = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        let result = response
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("tools/call {tool} failed: {response}"));
        if let Some(schemas) = &self.schemas {
            schemas.check(tool, &result);
        }
        result
    }

    /// Changes the roots and tells the server, then answers the listing it asks for at
    /// once.
    pub fn change_roots(&mut self, roots: Vec<Value>) {
        self.roots = Some(roots);
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}));
        let message = self.read();
        assert!(
            self.answer_listing(&message),
            "expected roots/list: {message}"
        );
    }

    /// Closes the server's stdin and waits (up to 10 s) for it to exit.
    pub fn close(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the server did not exit after stdin closed"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
