//! Cursor. MCP: `mcpServers` in `.cursor/mcp.json` or `~/.cursor/mcp.json`, where
//! `${workspaceFolder}` is expanded, <https://cursor.com/docs/mcp>. Hooks: `sessionStart`
//! in `.cursor/hooks.json` or `~/.cursor/hooks.json`, `{"version": 1, "hooks": {…}}` with
//! flat lists, timeout in seconds, <https://cursor.com/docs/agent/hooks>. Its
//! `beforeSubmitPrompt` answers only `continue` and `user_message`: no context channel.

use super::{Place, Scope, NAME, SERVE};
use crate::command::HookEvent;
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let home = &place.locations.home;
    let args: &[&str] = match place.scope {
        Scope::Project => &["serve", "-C", "${workspaceFolder}"],
        Scope::User => SERVE,
    };
    let mcp = place.either(
        ".cursor/mcp.json",
        home.join(".cursor/mcp.json"),
        Format::Json,
        vec![Edit::Entry {
            keys: vec!["mcpServers", NAME],
            value: place.stdio_entry(true, args),
            nested: None,
        }],
    );
    let handler = Value::object(vec![
        (
            "command",
            Value::str(place.launcher.hook_line("cursor", HookEvent::SessionStart)),
        ),
        ("timeout", Value::Int(super::HOOK_TIMEOUT_SECONDS)),
    ]);
    let hooks = place.either(
        ".cursor/hooks.json",
        home.join(".cursor/hooks.json"),
        Format::Json,
        vec![Edit::FlatHook {
            event: "sessionStart",
            handler,
        }],
    );
    let note =
        "Cursor's beforeSubmitPrompt hook cannot add context, so only sessionStart is hooked; \
                the model reaches packs through the MCP tools";
    (vec![mcp, hooks], vec![note.to_string()])
}
