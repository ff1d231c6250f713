//! A host's hook event, read from the JSON it writes on standard input.
//!
//! Hosts spell the same facts differently: Claude Code, Codex CLI and Gemini CLI send
//! snake_case fields with `hook_event_name`; GitHub Copilot CLI sends camelCase fields for
//! its camelCase events (`sessionId`) and the Claude spelling for PascalCase ones; VS Code
//! sends `sessionId` with `hookEventName`; Cursor sends `conversation_id` and
//! `workspace_roots` and no `cwd`. Several hosts also run the hook files of others
//! (Copilot CLI, VS Code and Cursor read `.claude/settings.json`), so a hook is read by
//! what arrives, not by the host it was registered for.

use std::path::PathBuf;

use serde_json::{Map, Value};

/// The most bytes of standard input read: an event is a few kilobytes, a pasted issue a
/// few hundred; past this the event is not read at all.
pub const MAX_EVENT_BYTES: usize = 4 << 20;

/// The longest prompt a pack is made for, in bytes: past it (a pasted log or file) the
/// prompt is not about a question the index can answer, and reading it would cost the
/// user time.
pub const MAX_PROMPT_BYTES: usize = 256 << 10;

/// What a host's event says, in one spelling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Event {
    /// The event's own name, as the host spelled it (`UserPromptSubmit`, `BeforeAgent`),
    /// when it names one.
    pub name: Option<String>,
    /// The host's session (or conversation) id.
    pub session: Option<String>,
    /// The directory the agent works in.
    pub cwd: Option<PathBuf>,
    /// The workspace folders the host has open (Cursor), first first.
    pub roots: Vec<PathBuf>,
    /// The user's prompt (prompt events).
    pub prompt: Option<String>,
    /// Why the session starts (`startup`, `resume`, `clear`, `compact`, `fork`, `new`).
    pub source: Option<String>,
    /// How the host spells its events, which decides how the answer is spelled.
    pub dialect: Dialect,
}

/// The spelling family of an event, and so of the answer a host reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// `hook_event_name` or `hookEventName` present: the answer's context goes in
    /// `hookSpecificOutput.additionalContext` (Claude Code, Codex CLI, Gemini CLI, VS Code,
    /// Copilot CLI's PascalCase events).
    #[default]
    Named,
    /// Copilot CLI's camelCase events (`sessionId`, no event name): a top-level
    /// `additionalContext`.
    CamelCase,
    /// Cursor (`conversation_id`, `cursor_version` or `workspace_roots`): a top-level
    /// `additional_context`, and no context channel on prompts.
    Cursor,
}

/// Why an event could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// More than [`MAX_EVENT_BYTES`].
    TooLarge,
    /// Not a JSON object.
    NotJson(String),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::TooLarge => write!(f, "the event is over {MAX_EVENT_BYTES} bytes"),
            Unreadable::NotJson(why) => write!(f, "the event is not a JSON object: {why}"),
        }
    }
}

/// Reads an event from the bytes a host wrote. Fields of an unexpected type are ignored,
/// as if absent; only input that is not a JSON object is refused.
pub fn read(bytes: &[u8]) -> Result<Event, Unreadable> {
    if bytes.len() > MAX_EVENT_BYTES {
        return Err(Unreadable::TooLarge);
    }
    let value: Value =
        serde_json::from_slice(bytes).map_err(|e| Unreadable::NotJson(e.to_string()))?;
    let Value::Object(fields) = value else {
        return Err(Unreadable::NotJson("not an object".into()));
    };
    Ok(from_fields(&fields))
}

fn from_fields(fields: &Map<String, Value>) -> Event {
    let text = |names: &[&str]| {
        names
            .iter()
            .find_map(|n| fields.get(*n).and_then(Value::as_str))
            .map(str::to_string)
    };
    let name = text(&["hook_event_name", "hookEventName"]);
    let cursor = ["conversation_id", "cursor_version", "workspace_roots"]
        .iter()
        .any(|k| fields.contains_key(*k));
    let dialect = if cursor {
        Dialect::Cursor
    } else if name.is_some() || !fields.contains_key("sessionId") {
        Dialect::Named
    } else {
        Dialect::CamelCase
    };
    let roots = match fields.get("workspace_roots") {
        Some(Value::Array(roots)) => roots
            .iter()
            .filter_map(Value::as_str)
            .filter(|r| !r.is_empty())
            .map(PathBuf::from)
            .collect(),
        _ => Vec::new(),
    };
    Event {
        name,
        session: text(&["session_id", "sessionId", "conversation_id"]).filter(|s| !s.is_empty()),
        cwd: text(&["cwd"]).filter(|c| !c.is_empty()).map(PathBuf::from),
        roots,
        prompt: text(&["prompt"]),
        source: text(&["source"]),
        dialect,
    }
}

impl Event {
    /// Whether this session start leaves the model without what earlier prompts showed
    /// (the conversation was cleared or compacted), so nothing counts as shown.
    pub fn forgets(&self) -> bool {
        matches!(self.source.as_deref(), Some("clear" | "compact"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claude_code_prompt_event_is_read_with_its_session_and_cwd() {
        let event = read(
            br#"{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/repo/src",
                "permission_mode":"default","hook_event_name":"UserPromptSubmit",
                "prompt":"how is the index built?"}"#,
        )
        .unwrap();
        assert_eq!(event.name.as_deref(), Some("UserPromptSubmit"));
        assert_eq!(event.session.as_deref(), Some("abc"));
        assert_eq!(event.cwd, Some(PathBuf::from("/repo/src")));
        assert_eq!(event.prompt.as_deref(), Some("how is the index built?"));
        assert_eq!(event.dialect, Dialect::Named);
    }

    #[test]
    fn copilot_camel_case_and_vs_code_events_are_told_apart() {
        let copilot =
            read(br#"{"sessionId":"s1","timestamp":1704614400000,"cwd":"/r","prompt":"x"}"#)
                .unwrap();
        assert_eq!(copilot.dialect, Dialect::CamelCase);
        assert_eq!(copilot.session.as_deref(), Some("s1"));
        let vscode = read(
            br#"{"timestamp":"2026-01-01T00:00:00Z","cwd":"/r","sessionId":"s2",
                "hookEventName":"SessionStart","source":"new"}"#,
        )
        .unwrap();
        assert_eq!(vscode.dialect, Dialect::Named);
        assert_eq!(vscode.name.as_deref(), Some("SessionStart"));
    }

    #[test]
    fn cursor_event_has_roots_and_a_conversation_for_session() {
        let event = read(
            br#"{"conversation_id":"c9","generation_id":"g","hook_event_name":"sessionStart",
                "workspace_roots":["/w/one","", 3],"cursor_version":"1.7"}"#,
        )
        .unwrap();
        assert_eq!(event.dialect, Dialect::Cursor);
        assert_eq!(event.session.as_deref(), Some("c9"));
        assert_eq!(event.roots, vec![PathBuf::from("/w/one")]);
        assert_eq!(event.cwd, None);
    }

    #[test]
    fn malformed_and_oversized_events_are_refused_and_odd_fields_ignored() {
        assert!(matches!(read(b"not json"), Err(Unreadable::NotJson(_))));
        assert!(matches!(read(b"[1,2]"), Err(Unreadable::NotJson(_))));
        assert!(matches!(read(b""), Err(Unreadable::NotJson(_))));
        let big = vec![b' '; MAX_EVENT_BYTES + 1];
        assert_eq!(read(&big), Err(Unreadable::TooLarge));
        let odd =
            read(br#"{"session_id":7,"cwd":["x"],"prompt":null,"source":"compact"}"#).unwrap();
        assert_eq!(odd.session, None);
        assert_eq!(odd.cwd, None);
        assert_eq!(odd.prompt, None);
        assert!(odd.forgets());
    }
}
