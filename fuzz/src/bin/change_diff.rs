//! Any text as a unified diff → `change::parse`, then, when it parses, the whole change
//! request over the fixture (seeds, pack, render): no panic, and a pack that keeps its
//! budget.

use gather::budget::Budget;
use gather::request::{self, ContextRequest, Target};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((budget, text)) = gather_fuzz::choice_and_text(data) else {
            return;
        };
        if gather::change::parse(text).is_err() {
            return;
        }
        let index = gather_fuzz::fixture_index();
        let limit = 20 + usize::from(budget);
        let request = ContextRequest {
            budget: Budget::Lines(limit),
            ..ContextRequest::new(Target::Diff(text.to_string()))
        };
        if let Ok(pack) = request::context(index, &request) {
            assert!(pack.text.lines().count() <= limit, "{}", pack.text);
        }
    });
}
