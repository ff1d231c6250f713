//! Cursor. MCP: `mcpServers` in `.cursor/mcp.json` or `~/.cursor/mcp.json`, where
//! `${workspaceFolder}` is expanded, <https://cursor.com/docs/mcp>. Hooks: `sessionStart`
//! in `.cursor/hooks.json` or `~/.cursor/hooks.json`, `{"version": 1, "hooks": {…}}` with
//! flat lists, timeout in seconds, <https://cursor.com/docs/agent/hooks>. Its
//! `beforeSubmitPrompt` answers only `continue` and `user_message`: no context channel.

use super::Place;
use crate::command::HookEvent;
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let home = &place.locations.home;
    let user = home.join(".cursor/mcp.json");
    let mcp = place.editor_mcp(".cursor/mcp.json", user, Format::Json, "mcpServers");
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
