//! GitHub Copilot CLI. MCP: `.mcp.json` at the project root (the entry Claude Code reads,
//! byte for byte the same) or `$COPILOT_HOME/mcp-config.json`,
//! <https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers>.
//! Hooks: `sessionStart` and `userPromptSubmitted` in `.github/hooks/gather.json` or
//! `$COPILOT_HOME/hooks/gather.json`, `{"version": 1, "hooks": {…}}` with flat lists of
//! handlers (`bash`, `powershell`, `timeoutSec`),
//! <https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference>.
//! VS Code reads the same files and converts this shape, so `vscode` writes them alike.

use super::{Host, Place, Scope, NAME, SERVE};
use crate::command::HookEvent;
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let mcp = match place.scope {
        Scope::Project => place.project(".mcp.json", Format::Json, vec![place.portable_mcp()]),
        Scope::User => {
            let entry = vec![
                ("type", Value::str("stdio")),
                ("command", Value::str(place.launcher.program())),
                ("args", Value::strs(SERVE)),
                ("tools", Value::strs(&["*"])),
            ];
            place.user(
                place.locations.copilot_home.join("mcp-config.json"),
                Format::Json,
                vec![Edit::Entry {
                    keys: vec!["mcpServers", NAME],
                    value: Value::object(entry),
                    nested: None,
                }],
            )
        }
    };
    (vec![mcp, hook_file(place)], Vec::new())
}

/// `gather.json` in the repository's `.github/hooks/` or the user's hooks directory: read
/// by Copilot CLI and, converted, by VS Code. Its commands name `copilot`; the hook reads
/// whichever input shape arrives.
pub(super) fn hook_file(place: &Place) -> FileSpec {
    let handler = |event: HookEvent| {
        Value::object(vec![
            ("type", Value::str("command")),
            (
                "bash",
                Value::str(place.launcher.hook_line(Host::Copilot.name(), event)),
            ),
            (
                "powershell",
                Value::str(
                    place
                        .launcher
                        .hook_line_powershell(Host::Copilot.name(), event),
                ),
            ),
            ("timeoutSec", Value::Int(super::HOOK_TIMEOUT_SECONDS)),
        ])
    };
    place.either(
        ".github/hooks/gather.json",
        place.locations.copilot_home.join("hooks/gather.json"),
        Format::Json,
        vec![
            Edit::FlatHook {
                event: "sessionStart",
                handler: handler(HookEvent::SessionStart),
            },
            Edit::FlatHook {
                event: "userPromptSubmitted",
                handler: handler(HookEvent::Prompt),
            },
        ],
    )
}
