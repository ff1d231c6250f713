//! Bytes → a host's hook event: read it, answer it for every host and event in the host's
//! shape (always one JSON object), and, when it carries a prompt, build the prompt's pack
//! over the fixture: no panic, and the context never exceeds its budget.

use gather_hook::answer::{self, EventKind, Host};
use gather_hook::prompt::{self, PromptAnswer, PromptRequest};
use serde_json::Value;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((size, data)) = gather_fuzz::choice(data) else {
            return;
        };
        let Ok(event) = gather_hook::event::read(data) else {
            return;
        };
        for host in Host::ALL {
            for kind in [EventKind::SessionStart, EventKind::Prompt] {
                for context in [None, Some("text")] {
                    let out = answer::render(host, kind, &event, context);
                    let value: Value = serde_json::from_str(&out).expect("the answer is JSON");
                    assert!(value.is_object(), "{out}");
                }
            }
        }
        let Some(text) = event.prompt.clone() else {
            return;
        };
        let max_chars = 800 + usize::from(size) * 40;
        let request = PromptRequest {
            prompt: text,
            max_chars,
            ..PromptRequest::default()
        };
        if let PromptAnswer::Pack { context, .. } =
            prompt::answer(gather_fuzz::fixture_index(), &request)
        {
            assert!(context.chars().count() <= max_chars, "{context}");
        }
    });
}
