//! The answer a host reads on standard output, in the shape its documentation gives.
//!
//! - Claude Code (`UserPromptSubmit`, `SessionStart`), Codex CLI (the same events), Gemini
//!   CLI (`BeforeAgent`, `SessionStart`) and VS Code (`SessionStart`):
//!   `{"hookSpecificOutput": {"hookEventName": EVENT, "additionalContext": TEXT}}`.
//! - GitHub Copilot CLI's camelCase events (`sessionStart`, `userPromptSubmitted`): a
//!   top-level `{"additionalContext": TEXT}`.
//! - Cursor's `sessionStart`: `{"additional_context": TEXT}`; its prompt event has no
//!   context channel.
//!
//! Nothing to add is `{}`: every host reads it as a JSON answer with no fields, where
//! empty output or plain text would, on some hosts, be shown to the user instead.

use serde_json::{json, Value};

use crate::event::{Dialect, Event};

/// The agent hosts a hook is registered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// Claude Code.
    Claude,
    /// OpenAI Codex CLI.
    Codex,
    /// GitHub Copilot CLI.
    Copilot,
    /// Cursor (editor and CLI).
    Cursor,
    /// Gemini CLI.
    Gemini,
    /// VS Code's agent.
    Vscode,
}

impl Host {
    /// Every host, in the order their names are listed.
    pub const ALL: [Host; 6] = [
        Host::Claude,
        Host::Codex,
        Host::Copilot,
        Host::Cursor,
        Host::Gemini,
        Host::Vscode,
    ];

    /// The host's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Host::Claude => "claude",
            Host::Codex => "codex",
            Host::Copilot => "copilot",
            Host::Cursor => "cursor",
            Host::Gemini => "gemini",
            Host::Vscode => "vscode",
        }
    }

    /// The host named `name`.
    pub fn named(name: &str) -> Option<Host> {
        Host::ALL.into_iter().find(|h| h.name() == name)
    }
}

/// The hook events gather answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A session starts (or resumes, or is cleared or compacted): the brief.
    SessionStart,
    /// The user submitted a prompt: a pack when the prompt is about the code.
    Prompt,
}

impl EventKind {
    /// The event's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EventKind::SessionStart => "session-start",
            EventKind::Prompt => "prompt",
        }
    }

    /// The event named `name`.
    pub fn named(name: &str) -> Option<EventKind> {
        [EventKind::SessionStart, EventKind::Prompt]
            .into_iter()
            .find(|e| e.name() == name)
    }

    /// The name a host gives this event in `hookSpecificOutput.hookEventName` when the
    /// event did not spell it.
    fn host_name(self, host: Host) -> &'static str {
        match (self, host) {
            (EventKind::SessionStart, _) => "SessionStart",
            (EventKind::Prompt, Host::Gemini) => "BeforeAgent",
            (EventKind::Prompt, _) => "UserPromptSubmit",
        }
    }
}

/// The answer to `event` that puts `context` in front of the model, or adds nothing when
/// `context` is `None` (or the host has no way to add it for this event). One line of
/// JSON, newline-terminated.
pub fn render(host: Host, kind: EventKind, event: &Event, context: Option<&str>) -> String {
    let value = match (context, event.dialect) {
        (None, _) => json!({}),
        (Some(_), Dialect::Cursor) if kind == EventKind::Prompt => json!({}),
        (Some(text), Dialect::Cursor) => json!({ "additional_context": text }),
        (Some(text), Dialect::CamelCase) => json!({ "additionalContext": text }),
        (Some(text), Dialect::Named) => {
            let name = (event.name.as_deref())
                .filter(|n| is_pascal_event(n))
                .unwrap_or_else(|| kind.host_name(host));
            json!({
                "hookSpecificOutput": { "hookEventName": name, "additionalContext": text }
            })
        }
    };
    format!("{}\n", Value::to_string(&value))
}

/// Event names a host echoes back as they came: the documented PascalCase ones.
fn is_pascal_event(name: &str) -> bool {
    matches!(name, "SessionStart" | "UserPromptSubmit" | "BeforeAgent")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::read;

    fn answer(host: Host, kind: EventKind, event: &str, text: Option<&str>) -> Value {
        let event = read(event.as_bytes()).unwrap();
        serde_json::from_str(&render(host, kind, &event, text)).unwrap()
    }

    /// Each row: what it shows, the host, the event's kind, the event as the host sends it,
    /// the context, and the whole answer.
    #[test]
    fn each_host_gets_the_shape_its_documentation_gives() {
        let named = |name: &str, text: &str| json!({"hookSpecificOutput": {"hookEventName": name, "additionalContext": text}});
        let claude_prompt =
            r#"{"session_id":"a","cwd":"/r","hook_event_name":"UserPromptSubmit","prompt":"p"}"#;
        let cursor =
            r#"{"conversation_id":"c","hook_event_name":"sessionStart","workspace_roots":["/r"]}"#;
        let rows = [
            (
                "Claude's prompt: hook-specific output with the event name",
                Host::Claude,
                EventKind::Prompt,
                claude_prompt,
                Some("ctx"),
                named("UserPromptSubmit", "ctx"),
            ),
            (
                "Codex's prompt: the same",
                Host::Codex,
                EventKind::Prompt,
                claude_prompt,
                Some("ctx"),
                named("UserPromptSubmit", "ctx"),
            ),
            (
                "Gemini's BeforeAgent keeps its name",
                Host::Gemini,
                EventKind::Prompt,
                r#"{"session_id":"a","cwd":"/r","hook_event_name":"BeforeAgent","prompt":"p"}"#,
                Some("ctx"),
                named("BeforeAgent", "ctx"),
            ),
            (
                "an event that names itself in another spelling gets the host's own name",
                Host::Gemini,
                EventKind::Prompt,
                r#"{"session_id":"a","cwd":"/r","hook_event_name":"beforeAgent","prompt":"p"}"#,
                Some("ctx"),
                named("BeforeAgent", "ctx"),
            ),
            (
                "Copilot's camelCase events: a top-level context",
                Host::Copilot,
                EventKind::SessionStart,
                r#"{"sessionId":"s","timestamp":1,"cwd":"/r","source":"new"}"#,
                Some("brief"),
                json!({"additionalContext": "brief"}),
            ),
            (
                "VS Code's PascalCase events: the nested shape",
                Host::Copilot,
                EventKind::SessionStart,
                r#"{"sessionId":"s","cwd":"/r","hookEventName":"SessionStart","source":"new"}"#,
                Some("brief"),
                named("SessionStart", "brief"),
            ),
            (
                "Cursor's session start: its own field",
                Host::Cursor,
                EventKind::SessionStart,
                cursor,
                Some("brief"),
                json!({"additional_context": "brief"}),
            ),
            (
                "a prompt in Cursor's spelling: nothing, it has no context channel",
                Host::Claude,
                EventKind::Prompt,
                cursor,
                Some("pack"),
                json!({}),
            ),
        ];
        for (what, host, kind, event, context, want) in rows {
            assert_eq!(answer(host, kind, event, context), want, "{what}");
        }
    }

    #[test]
    fn nothing_to_add_is_an_empty_object_for_every_host() {
        for host in Host::ALL {
            let out = render(host, EventKind::Prompt, &Event::default(), None);
            assert_eq!(out, "{}\n");
        }
        assert_eq!(Host::named("vscode"), Some(Host::Vscode));
        assert_eq!(EventKind::named("prompt"), Some(EventKind::Prompt));
        assert_eq!(Host::named("emacs"), None);
    }
}
