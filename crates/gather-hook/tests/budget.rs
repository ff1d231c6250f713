//! A prompt's context never exceeds its character budget: every question of the
//! development sets (whole issues with code, tracebacks and pasted output; titles; commit
//! subjects) when they are beside the repository, and the off-topic fixture, asked of a
//! fixture workspace at several budgets.

use std::path::PathBuf;

use gather_hook::prompt::{self, PromptAnswer, PromptRequest};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The questions of the development sets found beside the repository (`../shared/eval`).
fn development_questions() -> Vec<String> {
    let dir = repo().join("../shared/eval");
    let mut questions = Vec::new();
    for set in ["swebench_dev_full", "swebench_dev", "dev_commits"] {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{set}.jsonl"))) else {
            continue;
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let task: serde_json::Value = serde_json::from_str(line).unwrap();
            questions.push(task["question"].as_str().unwrap().to_string());
        }
    }
    questions
}

/// Long prompts of the shapes a pasted issue has, for when the sets are not there.
fn built_in_questions() -> Vec<String> {
    let fixture =
        std::fs::read_to_string(repo().join("tests/fixtures/hook/off-topic.txt")).unwrap();
    let mut questions: Vec<String> = fixture
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let frame = "  File \"shop/pricing.py\", line 9, in apply_discount\n    return base * 0.9\n";
    questions.push(format!(
        "Discount is wrong for `price_of` ✓ ünïcödé\n\n```\nTraceback (most recent call last):\n{}ValueError: bad\n```\n{}",
        frame.repeat(40),
        "The client retries and parses the config. ".repeat(300)
    ));
    questions.push("é".repeat(20_000));
    questions
}

#[test]
fn the_context_never_exceeds_its_budget() {
    let root = repo().join("tests/fixtures/ask");
    let index = gather::index::build(&root).unwrap();
    let mut questions = built_in_questions();
    let from_sets = development_questions();
    eprintln!("{} questions from the development sets", from_sets.len());
    questions.extend(from_sets);
    let mut packs = 0;
    for (i, question) in questions.iter().enumerate() {
        let max_chars = [10_000, 4_000, 1_500][i % 3];
        let request = PromptRequest {
            prompt: question.clone(),
            max_chars,
            ..PromptRequest::default()
        };
        if let PromptAnswer::Pack { context, .. } = prompt::answer(&index, &request) {
            packs += 1;
            let chars = context.chars().count();
            assert!(
                chars <= max_chars,
                "{chars} > {max_chars} for {question:.80}"
            );
        }
    }
    assert!(packs > 0, "no question got a pack");
}
