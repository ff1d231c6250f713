//! What setup does to one file, as a value: the file, its format and the edits. The hosts'
//! modules build these; `plan` applies them to a file's current text.

use std::path::PathBuf;

use crate::value::Value;

/// How a file is read and edited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Strict JSON: no comments, no trailing commas (the host reads it as JSON).
    Json,
    /// JSON with comments and trailing commas (the host reads JSONC).
    Jsonc,
    /// TOML.
    Toml,
    /// Markdown with one section between gather's marker comments.
    Markdown,
    /// A file that is gather's alone, written whole.
    Owned,
}

impl Format {
    /// The format's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "JSON",
            Format::Jsonc => "JSONC",
            Format::Toml => "TOML",
            Format::Markdown | Format::Owned => "text",
        }
    }
}

/// One change setup makes inside a file; `--remove` takes out exactly what it adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// An entry named by the last key, inside the objects (or TOML tables) named by the keys
    /// before it: `["mcpServers", "gather"]`. Only the keys of `value` are written; other
    /// keys a user added to the entry stay.
    Entry {
        /// The path to the entry; the last key is its name.
        keys: Vec<&'static str>,
        /// What the entry holds.
        value: Value,
        /// A nested object the entry goes into instead when the file already has it under
        /// the container (OpenCode's `mcp.servers`).
        nested: Option<&'static str>,
    },
    /// A hook handler in matcher groups: `hooks.<event>` is an array of
    /// `{"matcher"?, "hooks": [handler…]}` (Claude Code, Codex CLI, Gemini CLI). Setup
    /// adds one group without a matcher, so the handler runs for every source.
    GroupedHook {
        /// The event, such as `SessionStart`.
        event: &'static str,
        /// The whole group setup adds.
        group: Value,
    },
    /// A hook handler in a flat list: `hooks.<event>` is an array of handlers, and the
    /// file has `"version": 1` (GitHub Copilot CLI, Cursor).
    FlatHook {
        /// The event, such as `sessionStart`.
        event: &'static str,
        /// The handler setup adds.
        handler: Value,
    },
    /// Text between gather's marker comments (instructions files).
    Section {
        /// The section, markers included.
        text: String,
    },
    /// The whole file (a file only gather writes).
    Whole {
        /// The file's contents.
        text: String,
    },
}

/// One file setup reads and may change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSpec {
    /// The file's absolute path.
    pub path: PathBuf,
    /// The path as output shows it: relative to the workspace root, or `~/…`.
    pub shown: String,
    /// The directory below which setup created whatever it created: emptied directories
    /// are removed up to it, never it.
    pub base: PathBuf,
    /// How the file is read.
    pub format: Format,
    /// What setup does to it.
    pub edits: Vec<Edit>,
}
