//! Codex CLI. MCP: `[mcp_servers.gather]` in `.codex/config.toml` (read in trusted
//! projects) or `$CODEX_HOME/config.toml`, <https://developers.openai.com/codex/mcp>.
//! Hooks: `SessionStart` and `UserPromptSubmit` in `.codex/hooks.json` or
//! `$CODEX_HOME/hooks.json`, the same matcher groups as Claude Code's, timeout in seconds,
//! <https://developers.openai.com/codex/hooks>.

use super::{Host, Place, NAME, SERVE};
use crate::command::HookEvent;
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let codex_home = &place.locations.codex_home;
    let server = Value::object(vec![
        ("command", Value::str(place.launcher.program())),
        ("args", Value::strs(SERVE)),
    ]);
    let config = place.either(
        ".codex/config.toml",
        codex_home.join("config.toml"),
        Format::Toml,
        vec![Edit::Entry {
            keys: vec!["mcp_servers", NAME],
            value: server,
            nested: None,
        }],
    );
    let hooks = place.either(
        ".codex/hooks.json",
        codex_home.join("hooks.json"),
        Format::Json,
        vec![
            Edit::GroupedHook {
                event: "SessionStart",
                group: place.claude_group(Host::Codex, HookEvent::SessionStart),
            },
            Edit::GroupedHook {
                event: "UserPromptSubmit",
                group: place.claude_group(Host::Codex, HookEvent::Prompt),
            },
        ],
    );
    (vec![config, hooks], Vec::new())
}
