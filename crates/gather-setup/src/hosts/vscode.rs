//! VS Code (the GitHub Copilot agent). MCP: `servers.gather` in `.vscode/mcp.json` (JSONC)
//! or the user profile's `mcp.json`, with `${workspaceFolder}` expanded,
//! <https://code.visualstudio.com/docs/agents/reference/mcp-configuration>. Hooks: VS Code
//! reads `.github/hooks/*.json` and `~/.copilot/hooks`, converting Copilot CLI's shape, so
//! the hook file is Copilot's, the same bytes from either setup,
//! <https://code.visualstudio.com/docs/agent-customization/hooks>. Its `SessionStart`
//! adds context; its `UserPromptSubmit` documents no context field.

use super::{copilot, Place};
use crate::spec::{FileSpec, Format};

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let user = place.locations.vscode_user.join("mcp.json");
    let mcp = place.editor_mcp(".vscode/mcp.json", user, Format::Jsonc, "servers");
    let note = "VS Code documents no context field for UserPromptSubmit: the shared hook file's \
                session-start brief reaches the model there, its prompt hook does not";
    (vec![mcp, copilot::hook_file(place)], vec![note.to_string()])
}
