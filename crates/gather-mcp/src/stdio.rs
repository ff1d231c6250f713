//! Newline-delimited JSON-RPC over stdin/stdout: the SDK's transport ([`Stdio`]), with a
//! line filter in front of it.
//!
//! The SDK's own stdio transport ignores a line that is not JSON and drops an over-long one
//! unanswered; JSON-RPC asks for a `-32700` parse error, so the filter answers such lines
//! itself, along with the other lines no request can be read from (batches, a wrong
//! `jsonrpc`, a request without a method, params that are not an object). Every other line
//! reaches the SDK as a message. One writer owns stdout and writes whole lines, so the
//! filter's answers and the SDK's never interleave, and nothing but protocol messages ever
//! reaches stdout.

use std::future::Future;
use std::io::{BufRead, Write};
use std::sync::Arc;

use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::RoleServer;
use serde_json::{json, Value};
use tokio::sync::Notify;

/// The longest line read; a longer one is dropped and answered with an error.
pub const MAX_LINE: usize = 16 << 20;

/// What to do with one input line.
#[derive(Debug)]
pub enum Verdict {
    /// Hand this message to the SDK.
    Forward(Box<Message>),
    /// Answer it with this JSON-RPC error response instead.
    Reply(Value),
    /// Nothing to do (a blank line, a notification that cannot be answered).
    Skip,
}

/// Judges lines; remembers whether the session has begun, since the SDK ends a session whose
/// first message is a notification or a response.
#[derive(Debug, Default)]
pub struct Filter {
    begun: bool,
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

impl Filter {
    /// Judges one line (without its newline).
    pub fn check(&mut self, line: &[u8]) -> Verdict {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            return Verdict::Skip;
        }
        let object = match read_object(line) {
            Ok(object) => object,
            Err(verdict) => return verdict,
        };
        let id = object.get("id").cloned();
        let reply_id = match &id {
            Some(v @ (Value::String(_) | Value::Number(_))) => v.clone(),
            _ => Value::Null,
        };
        if matches!(&id, Some(v) if !matches!(v, Value::String(_) | Value::Number(_) | Value::Null))
        {
            return Verdict::Reply(error(
                Value::Null,
                -32600,
                "Invalid Request: id must be a string or a number",
            ));
        }
        if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
            return Verdict::Reply(error(
                reply_id,
                -32600,
                "Invalid Request: jsonrpc must be \"2.0\"",
            ));
        }
        let is_request = id.is_some();
        match self.method(&object, &reply_id) {
            Err(verdict) => return verdict,
            Ok(Some(method)) => {
                if let Some(message) = bad_params(method, &object) {
                    return if is_request {
                        Verdict::Reply(error(reply_id, -32602, message))
                    } else {
                        Verdict::Skip
                    };
                }
                if !self.begin(method, &object, is_request) {
                    return Verdict::Skip;
                }
            }
            Ok(None) => {}
        }
        read_message(object, reply_id)
    }

    /// The method a message calls, `None` for a response once the session has begun, or
    /// what to do with any other message that calls none.
    fn method<'m>(
        &self,
        object: &'m serde_json::Map<String, Value>,
        reply_id: &Value,
    ) -> Result<Option<&'m str>, Verdict> {
        let Some(method) = object.get("method") else {
            if object.contains_key("result") || object.contains_key("error") {
                // A response to a request of ours; before the session it can only be stray.
                return if self.begun {
                    Ok(None)
                } else {
                    Err(Verdict::Skip)
                };
            }
            return Err(Verdict::Reply(error(
                reply_id.clone(),
                -32600,
                "Invalid Request: a request needs a method",
            )));
        };
        method.as_str().map(Some).ok_or_else(|| {
            Verdict::Reply(error(
                reply_id.clone(),
                -32600,
                "Invalid Request: method must be a string",
            ))
        })
    }

    /// Whether a well-formed message goes to the SDK, noting when it begins the session.
    fn begin(
        &mut self,
        method: &str,
        object: &serde_json::Map<String, Value>,
        is_request: bool,
    ) -> bool {
        if !self.begun {
            if !is_request {
                // A notification before the session: nothing to answer, and the SDK would
                // end the session over it.
                return false;
            }
            let has_meta = object
                .get("params")
                .and_then(|p| p.get("_meta"))
                .and_then(Value::as_object)
                .is_some_and(|m| !m.is_empty());
            if method == "initialize"
                || (has_meta && method != "ping" && method != "server/discover")
            {
                self.begun = true;
            }
        }
        true
    }
}

/// The JSON object on a line, or the parse error or invalid-request reply it gets.
fn read_object(line: &[u8]) -> Result<serde_json::Map<String, Value>, Verdict> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Err(Verdict::Reply(error(
            Value::Null,
            -32700,
            "Parse error: the line is not valid UTF-8",
        )));
    };
    let message: Value = match serde_json::from_str(text.trim_start_matches('\u{feff}')) {
        Ok(message) => message,
        Err(e) => {
            return Err(Verdict::Reply(error(
                Value::Null,
                -32700,
                &format!("Parse error: {e}"),
            )))
        }
    };
    match message {
        Value::Object(object) => Ok(object),
        message => {
            let what = if message.is_array() {
                "Invalid Request: batches are not supported; send one JSON-RPC message per line"
            } else {
                "Invalid Request: a JSON-RPC message is a JSON object"
            };
            Err(Verdict::Reply(error(Value::Null, -32600, what)))
        }
    }
}

/// What is wrong with a message's params, when something is.
fn bad_params(method: &str, object: &serde_json::Map<String, Value>) -> Option<&'static str> {
    match object.get("params") {
        // The SDK reads a call without params as an unknown method (-32601).
        None if method == "tools/call" => {
            Some("Invalid params: tools/call needs params with the tool's name")
        }
        None => None,
        Some(Value::Object(params)) if method == "tools/call" => {
            if !params.get("name").is_some_and(Value::is_string) {
                Some("Invalid params: tools/call needs the tool's name as a string")
            } else if params
                .get("arguments")
                .is_some_and(|a| !a.is_object() && !a.is_null())
            {
                Some("Invalid params: tools/call arguments must be an object")
            } else {
                None
            }
        }
        Some(Value::Object(_)) => None,
        Some(_) => Some("Invalid params: params must be an object"),
    }
}

/// Reads `input` line by line (at most [`MAX_LINE`] bytes a line) until EOF, passing each
/// line to `line`, or `None` for a line that was too long.
pub fn read_lines(mut input: impl BufRead, mut line: impl FnMut(Option<&[u8]>)) {
    let mut buf = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if chunk.is_empty() {
            if !buf.is_empty() && !too_long {
                line(Some(&buf));
            }
            break;
        }
        let (take, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > MAX_LINE + 1 {
                too_long = true;
                buf = Vec::new();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take);
        if ends {
            if too_long {
                line(None);
            } else {
                line(Some(buf.strip_suffix(b"\n").unwrap_or(&buf)));
            }
            buf.clear();
            too_long = false;
        }
    }
}

/// Output lines waiting for the stdout writer. A client that stops reading stops the
/// server's reading and answering too, instead of answers piling up in memory.
pub const OUT_QUEUE: usize = 64;

/// Output lines for the stdout writer; `None` tells it to finish.
pub type Out = tokio::sync::mpsc::Sender<Option<Vec<u8>>>;

/// Starts the thread that owns stdout: it writes each line whole and flushes it. When a
/// write fails (the client closed its end: `EPIPE`), it stops and fires `closed`, since no
/// answer can reach the client any more and the server should end.
pub fn spawn_writer(
    output: impl Write + Send + 'static,
    closed: Arc<Notify>,
) -> (Out, std::thread::JoinHandle<()>) {
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<Option<Vec<u8>>>(OUT_QUEUE);
    let handle = std::thread::spawn(move || {
        let mut output = output;
        while let Some(Some(line)) = receiver.blocking_recv() {
            let written = output
                .write_all(&line)
                .and_then(|()| output.write_all(b"\n"))
                .and_then(|()| output.flush());
            if written.is_err() {
                closed.notify_one();
                break;
            }
        }
    });
    (sender, handle)
}

/// Fires `closed` when the reading end of stdout goes away, also while the server has
/// nothing to write: a pipe reports an error condition to `poll` once its reader is gone.
/// On a file or a terminal that stays, the thread just waits.
#[cfg(unix)]
pub fn watch_stdout(closed: Arc<Notify>) {
    use rustix::event::{poll, PollFd, PollFlags};
    std::thread::spawn(move || {
        let stdout = std::io::stdout();
        loop {
            let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
            match poll(&mut fds, None) {
                Err(rustix::io::Errno::INTR) => continue,
                Err(_) => return,
                Ok(_) => {}
            }
            let revents = fds[0].revents();
            if revents.contains(PollFlags::NVAL) {
                return;
            }
            if revents.intersects(PollFlags::ERR | PollFlags::HUP) {
                closed.notify_one();
                return;
            }
        }
    });
}

/// Without `poll`, a closed stdout is noticed at the next write.
#[cfg(not(unix))]
pub fn watch_stdout(_closed: Arc<Notify>) {}

/// A message from the client, as the SDK reads it.
pub type Message = RxJsonRpcMessage<RoleServer>;

/// The SDK's message, or what to do with one the SDK cannot read: a request gets `-32600`
/// under its id, a response under null, and a notification nothing, since nothing may answer
/// it.
fn read_message(object: serde_json::Map<String, Value>, reply_id: Value) -> Verdict {
    let reply_id = match (object.contains_key("id"), object.contains_key("method")) {
        (false, _) => None,
        (true, true) => Some(reply_id),
        (true, false) => Some(Value::Null),
    };
    match serde_json::from_value(Value::Object(object)) {
        Ok(message) => Verdict::Forward(Box::new(message)),
        Err(e) => reply_id.map_or(Verdict::Skip, |id| {
            Verdict::Reply(error(id, -32600, &format!("Invalid Request: {e}")))
        }),
    }
}

/// The SDK's transport: messages from the reader thread in, messages to the stdout writer
/// out, each serialized to one line.
pub struct Stdio {
    /// The messages the filter lets through; closed at EOF.
    incoming: tokio::sync::mpsc::Receiver<Message>,
    out: Out,
}

impl Stdio {
    /// Starts the thread that reads `input`: each message the filter lets through goes to
    /// the SDK, the filter's own answers to `out`. At EOF the SDK's input ends.
    pub fn start(input: impl BufRead + Send + 'static, out: Out) -> Stdio {
        // Few messages wait for the SDK: a line may be 16 MiB, and the pool's queue is
        // where calls wait.
        let (to_sdk, incoming) = tokio::sync::mpsc::channel(8);
        let replies = out.clone();
        std::thread::spawn(move || {
            let mut filter = Filter::default();
            read_lines(input, |line| {
                let verdict = match line {
                    Some(line) => match filter.check(line) {
                        Verdict::Forward(message) => {
                            let _ = to_sdk.blocking_send(*message);
                            return;
                        }
                        verdict => verdict,
                    },
                    None => Verdict::Reply(error(
                        Value::Null,
                        -32600,
                        &format!("Invalid Request: the line is longer than {MAX_LINE} bytes"),
                    )),
                };
                if let Verdict::Reply(reply) = verdict {
                    let _ = replies.blocking_send(Some(reply.to_string().into_bytes()));
                }
            });
        });
        Stdio { incoming, out }
    }
}

impl Transport<RoleServer> for Stdio {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), std::io::Error>> + Send + 'static {
        let out = self.out.clone();
        async move {
            let line = serde_json::to_vec(&item)?;
            out.send(Some(line)).await.map_err(|_| {
                std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdout is closed")
            })
        }
    }

    fn receive(&mut self) -> impl Future<Output = Option<Message>> + Send {
        self.incoming.recv()
    }

    async fn close(&mut self) -> Result<(), std::io::Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwards(verdict: Verdict) -> bool {
        matches!(verdict, Verdict::Forward(_))
    }

    fn code(verdict: Verdict) -> (Value, i64) {
        match verdict {
            Verdict::Reply(v) => (v["id"].clone(), v["error"]["code"].as_i64().unwrap()),
            other => panic!("expected a reply, got {other:?}"),
        }
    }

    #[test]
    fn unparsable_lines_get_a_parse_error() {
        let mut f = Filter::default();
        assert_eq!(
            code(f.check(b"{\"jsonrpc\": \"2.0\", \"id\": 1")),
            (Value::Null, -32700)
        );
        assert_eq!(code(f.check(b"hello")), (Value::Null, -32700));
        assert_eq!(code(f.check(b"{\"x\": \"\xff\"}")), (Value::Null, -32700));
    }

    #[test]
    fn malformed_messages_get_invalid_request_with_their_id() {
        let mut f = Filter::default();
        assert_eq!(code(f.check(b"42")), (Value::Null, -32600));
        assert_eq!(
            code(f.check(b"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]")),
            (Value::Null, -32600)
        );
        assert_eq!(
            code(f.check(b"{\"jsonrpc\":\"2.0\",\"id\":12}")),
            (json!(12), -32600)
        );
        assert_eq!(
            code(f.check(b"{\"jsonrpc\":\"1.0\",\"id\":\"a\",\"method\":\"ping\"}")),
            (json!("a"), -32600)
        );
        assert_eq!(
            code(f.check(
                b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":\"oops\"}"
            )),
            (json!(3), -32602)
        );
        assert_eq!(
            code(f.check(b"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\"}")),
            (json!(5), -32602)
        );
        assert_eq!(
            code(f.check(b"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"arguments\":[1]}}")),
            (json!(4), -32602)
        );
    }

    #[test]
    fn the_session_begins_with_initialize() {
        let mut f = Filter::default();
        let note = b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
        assert!(matches!(f.check(note), Verdict::Skip));
        assert!(forwards(
            f.check(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")
        ));
        assert!(matches!(f.check(note), Verdict::Skip));
        assert!(forwards(f.check(
            b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{}}"
        )));
        assert!(forwards(f.check(note)));
        assert!(matches!(f.check(b"  \r"), Verdict::Skip));
    }

    #[test]
    fn a_message_the_sdk_cannot_read_is_answered_or_dropped() {
        let mut f = Filter::default();
        let init = "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\r";
        assert!(forwards(f.check(init.as_bytes())));
        let bad_meta = br#"{"jsonrpc":"2.0","id":9,"method":"ping","params":{"_meta":5}}"#;
        assert_eq!(code(f.check(bad_meta)), (json!(9), -32600));
        let bad_response = br#"{"jsonrpc":"2.0","id":3,"error":5}"#;
        assert_eq!(code(f.check(bad_response)), (Value::Null, -32600));
        let bad_note =
            br#"{"jsonrpc":"2.0","method":"notifications/initialized","params":{"_meta":5}}"#;
        assert!(matches!(f.check(bad_note), Verdict::Skip));
    }

    #[test]
    fn the_transport_hands_the_sdk_messages_and_answers_the_rest_itself() {
        let input = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\nnot json\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";
        let (out, mut written) = tokio::sync::mpsc::channel(4);
        let mut transport = Stdio::start(&input[..], out);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let id = |m: Option<Message>| serde_json::to_value(m.unwrap()).unwrap()["id"].clone();
            assert_eq!(id(transport.receive().await), json!(1));
            assert_eq!(id(transport.receive().await), json!(2));
            assert!(transport.receive().await.is_none(), "EOF ends the input");
            let reply: Value =
                serde_json::from_slice(&written.recv().await.unwrap().unwrap()).unwrap();
            assert_eq!(reply["error"]["code"], -32700);
            let pong = rmcp::model::ServerJsonRpcMessage::response(
                rmcp::model::ServerResult::empty(()),
                rmcp::model::NumberOrString::Number(2),
            );
            transport.send(pong).await.unwrap();
            let line = written.recv().await.unwrap().unwrap();
            assert!(!line.contains(&b'\n'));
            assert_eq!(serde_json::from_slice::<Value>(&line).unwrap()["id"], 2);
        });
    }

    #[test]
    fn long_lines_are_dropped_whole() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nnext\nlast");
        let mut seen = Vec::new();
        read_lines(&input[..], |l| seen.push(l.map(|l| l.to_vec())));
        assert_eq!(seen, [None, Some(b"next".to_vec()), Some(b"last".to_vec())]);
    }
}
