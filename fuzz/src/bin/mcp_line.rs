//! Input lines → the MCP line filter, and every line it forwards as a `tools/call` → the
//! tool itself over the fixture: no panic, a filter reply is a JSON-RPC error with the
//! request's id or null, and a tool answers or fails with a known code.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use gather_mcp::state::Workspace;
use gather_mcp::stdio::{Filter, Verdict};
use serde_json::Value;

fn workspace() -> &'static Arc<Workspace> {
    static WORKSPACE: OnceLock<Arc<Workspace>> = OnceLock::new();
    WORKSPACE.get_or_init(|| {
        Workspace::start(
            gather::confined::Root::open(gather_fuzz::fixture_root())
                .expect("the fuzz fixture opens"),
            gather::index::IndexOptions::default(),
            // Wait for the whole first index: answers should not depend on timing.
            Duration::from_secs(600),
            None,
        )
    })
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let mut filter = Filter::default();
        for line in data.split(|&b| b == b'\n').take(16) {
            match filter.check(line) {
                Verdict::Reply(reply) => {
                    let code = reply["error"]["code"].as_i64().unwrap_or(0);
                    assert!(matches!(code, -32700 | -32600 | -32602), "{reply}");
                }
                Verdict::Skip => {}
                Verdict::Forward(_) => {
                    let Ok(message) = serde_json::from_slice::<Value>(line) else {
                        panic!("forwarded a line that is not JSON");
                    };
                    if message["method"] != "tools/call" {
                        continue;
                    }
                    let params = &message["params"];
                    let Some(name) = params["name"].as_str() else {
                        panic!("forwarded a call without a tool name");
                    };
                    let arguments = params["arguments"].as_object().cloned();
                    if let Err(error) = gather_mcp::tools::call(workspace(), None, name, arguments)
                    {
                        assert!(!error.message.is_empty());
                    }
                }
            }
        }
    });
}
