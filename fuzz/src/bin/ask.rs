//! A question and a budget → `request::context` over the fixture's index: no panic, a
//! pack's `used` never above its limit, every item shown or named under the cut list, and
//! the echo of the question bounded.

use gather::budget::Budget;
use gather::request::{self, ContextRequest, Target};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((pick, rest)) = gather_fuzz::choice(data) else {
            return;
        };
        let question = String::from_utf8_lossy(rest).into_owned();
        let n = usize::from(pick >> 1) * 8;
        let budget = if pick & 1 == 0 {
            Budget::Lines(n)
        } else {
            Budget::Tokens(n * 10)
        };
        let request = ContextRequest {
            budget,
            ..ContextRequest::new(Target::Question(question))
        };
        let Ok(pack) = request::context(gather_fuzz::fixture_index(), &request) else {
            return;
        };
        let used = pack.json["budget"]["used"].as_u64().unwrap_or(u64::MAX);
        let limit = pack.json["budget"]["limit"].as_u64().unwrap_or(0);
        assert!(used <= limit, "used {used} of {limit}");
        for item in pack.json["items"].as_array().into_iter().flatten() {
            let shown = item.get("content").is_some();
            let named = item["request"]
                .as_str()
                .is_some_and(|r| pack.text.contains(r));
            let folded = pack.text.contains(" more items (");
            assert!(shown || named || folded, "{item}");
        }
        let unmatched = pack.json["omitted"]["unmatched_terms"].as_array();
        assert!(unmatched.map_or(0, Vec::len) <= gather::ask::question::MAX_UNMATCHED_NAMED + 1);
    });
}
