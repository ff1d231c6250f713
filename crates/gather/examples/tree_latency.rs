//! What naming an answer's tree costs: indexes ROOT once, then reads its tree RUNS times
//! (default 30) each way, from git's index file and from `git status`, and prints the
//! state and each way's least and median time in milliseconds as one JSON object. A
//! measurement, not a test.
//!
//! Usage: `tree_latency ROOT [RUNS]`

use std::path::PathBuf;
use std::time::Instant;

use gather::tree::{self, Method};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next() else {
        eprintln!("usage: tree_latency ROOT [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args
        .next()
        .map_or(30, |n| n.parse().expect("RUNS is a number"));
    let index = gather::index::build(&PathBuf::from(root)).expect("ROOT can be indexed");
    let mut report = serde_json::Map::new();
    report.insert("files".into(), index.file_count().into());
    for (name, method) in [
        ("index_file", Method::IndexFile),
        ("status", Method::Status),
    ] {
        let mut times = Vec::with_capacity(runs);
        let mut state = None;
        for _ in 0..runs {
            let started = Instant::now();
            state = tree::read_with(&index, method);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        report.insert(
            name.into(),
            serde_json::json!({
                "tree": state,
                "min_ms": (times[0] * 100.0).round() / 100.0,
                "median_ms": (times[runs / 2] * 100.0).round() / 100.0,
            }),
        );
    }
    println!("{}", serde_json::Value::Object(report));
}
