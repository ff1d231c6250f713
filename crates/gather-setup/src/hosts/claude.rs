//! Claude Code. MCP: `.mcp.json` at the project root, or the top-level `mcpServers` of
//! `~/.claude.json` for the user (a large file Claude Code writes itself: edited in place,
//! everything else kept), <https://code.claude.com/docs/en/mcp>. Hooks: `SessionStart` and
//! `UserPromptSubmit` in `.claude/settings.json` or `~/.claude/settings.json`, matcher
//! groups with a timeout in seconds, <https://code.claude.com/docs/en/hooks>.

use super::{Host, Place};
use crate::command::HookEvent;
use crate::spec::{Edit, FileSpec, Format};

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let home = &place.locations.home;
    let mcp = place.either(
        ".mcp.json",
        home.join(".claude.json"),
        Format::Json,
        vec![place.portable_mcp()],
    );
    let settings = place.either(
        ".claude/settings.json",
        home.join(".claude/settings.json"),
        Format::Json,
        vec![
            Edit::GroupedHook {
                event: "SessionStart",
                group: place.claude_group(Host::Claude, HookEvent::SessionStart),
            },
            Edit::GroupedHook {
                event: "UserPromptSubmit",
                group: place.claude_group(Host::Claude, HookEvent::Prompt),
            },
        ],
    );
    (vec![mcp, settings], Vec::new())
}
