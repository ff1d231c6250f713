//! OpenCode. MCP only: `mcp.gather` in `opencode.json` or
//! `$XDG_CONFIG_HOME/opencode/opencode.json`, a local server whose `command` is an array,
//! <https://opencode.ai/v1/docs/mcp-servers/>; a file that already uses the newer nested
//! `mcp.servers` gets the entry there, <https://opencode.ai/v2/docs/mcp-servers/>.
//! OpenCode runs no shell hooks: its plugins are JavaScript modules,
//! <https://github.com/anomalyco/opencode/blob/dev/packages/web/src/content/docs/plugins.mdx>.

use super::{Place, NAME};
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

pub(super) fn files(place: &Place) -> (Vec<FileSpec>, Vec<String>) {
    let server = Value::object(vec![
        ("type", Value::str("local")),
        ("command", Value::strs(&[place.launcher.program(), "serve"])),
    ]);
    let config = place.either(
        "opencode.json",
        place.locations.config_home.join("opencode/opencode.json"),
        Format::Jsonc,
        vec![Edit::Entry {
            keys: vec!["mcp", NAME],
            value: server,
            nested: Some("servers"),
        }],
    );
    let note = "OpenCode runs no shell hooks, so only the MCP server is registered: \
                the model reaches packs when it calls the tools";
    (vec![config], vec![note.to_string()])
}
