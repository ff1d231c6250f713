//! Gemini CLI. One file, `.gemini/settings.json` or `~/.gemini/settings.json` (comments
//! allowed): `mcpServers.gather`,
//! <https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md>, and
//! hooks `SessionStart` and `BeforeAgent` (its per-prompt event) in matcher groups whose
//! timeout counts milliseconds,
//! <https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md>.

use super::{Host, Place, HOOK_TIMEOUT_SECONDS, NAME, SERVE};
use crate::command::HookEvent;
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let group = |event: HookEvent| {
        Value::object(vec![(
            "hooks",
            Value::Array(vec![Value::object(vec![
                ("name", Value::str(format!("gather-{}", event.name()))),
                ("type", Value::str("command")),
                (
                    "command",
                    Value::str(place.launcher.hook_line(Host::Gemini.name(), event)),
                ),
                ("timeout", Value::Int(HOOK_TIMEOUT_SECONDS * 1000)),
            ])]),
        )])
    };
    let settings = place.either(
        ".gemini/settings.json",
        place.locations.home.join(".gemini/settings.json"),
        Format::Jsonc,
        vec![
            Edit::Entry {
                keys: vec!["mcpServers", NAME],
                value: place.stdio_entry(false, SERVE),
                nested: None,
            },
            Edit::GroupedHook {
                event: "SessionStart",
                group: group(HookEvent::SessionStart),
            },
            Edit::GroupedHook {
                event: "BeforeAgent",
                group: group(HookEvent::Prompt),
            },
        ],
    );
    (vec![settings], Vec::new())
}
