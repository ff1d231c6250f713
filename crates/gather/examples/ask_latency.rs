//! How long `gather ask` takes on a warm index in one long-running process (the MCP
//! server's case): the index is built once and the lexical postings on the first
//! question; every later question pays for the lanes, the call graph and the pack.
//!
//! Usage: `ask_latency ROOT QUESTIONS [RUNS]` — QUESTIONS is a file with one question per
//! line, or a `.jsonl` file of objects with a `question` (a whole issue's text); each is asked RUNS times (default 3). Prints one JSON object: `build_ms`,
//! `postings_ms` and `ms` (every timed question). Used by `scripts/bench`; a benchmark, not
//! a test.

use std::path::PathBuf;
use std::time::Instant;

use gather::budget::Budget;
use gather::index;
use gather::request::{self, ContextRequest, Target};

// The allocator the gather binary (and so `gather serve`) runs with.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(root), Some(questions)) = (args.next(), args.next()) else {
        eprintln!("usage: ask_latency ROOT QUESTIONS [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(3);
    let text = std::fs::read_to_string(&questions).expect("QUESTIONS is readable");
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    // A `.jsonl` file holds questions of several lines (whole issues) as JSON objects.
    let questions: Vec<String> = if questions.ends_with(".jsonl") {
        lines
            .map(|l| {
                let task: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
                task["question"].as_str().expect("a question").to_string()
            })
            .collect()
    } else {
        lines.map(String::from).collect()
    };
    let started = Instant::now();
    let index = index::build(&PathBuf::from(root)).expect("ROOT can be indexed");
    let build_ms = started.elapsed().as_secs_f64() * 1000.0;
    let started = Instant::now();
    let postings = index.postings().n_docs();
    let postings_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut ms = Vec::new();
    for _ in 0..runs {
        for question in &questions {
            let request = ContextRequest {
                budget: Budget::Lines(400),
                ..ContextRequest::new(Target::Question(question.clone()))
            };
            let started = Instant::now();
            // A question of common words only (a function named `all`) is refused as the
            // CLI refuses it: an answer too, and timed.
            let answered = match request::context(&index, &request) {
                Ok(_) => true,
                Err(e) => e.code == gather::ErrorCode::InvalidRequest,
            };
            ms.push(started.elapsed().as_secs_f64() * 1000.0);
            assert!(answered, "question failed: {question}");
        }
    }
    println!(
        "{}",
        serde_json::json!({"build_ms": build_ms, "postings_ms": postings_ms,
                           "documents": postings, "ms": ms})
    );
}
