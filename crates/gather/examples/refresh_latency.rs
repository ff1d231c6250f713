//! How long `index::refresh` takes in a process that keeps its index in memory, as the MCP
//! server does before every answer: no cache to load or store, queries compiled once.
//!
//! Usage: `refresh_latency ROOT FILE [RUNS]`
//!
//! Builds the index of ROOT once, then RUNS times each: a refresh with nothing changed; a
//! refresh after FILE's mtime moved (same contents); a refresh after a line was appended to
//! FILE. FILE is restored at the end. Prints one JSON object with the milliseconds of every
//! run (`no_change`, `touch`, `edit`) and the counts of the last edit refresh. Used by
//! `scripts/bench`; a benchmark, not a test.

use std::path::PathBuf;
use std::time::{Instant, SystemTime};

use gather::index::{self, IndexOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(root), Some(file)) = (args.next(), args.next()) else {
        eprintln!("usage: refresh_latency ROOT FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let root = PathBuf::from(root);
    let file = root.join(file);
    let original = std::fs::read(&file).expect("FILE is readable");
    let options = IndexOptions::default();
    let mut index = index::build_with(&root, &options).expect("ROOT can be indexed");

    let timed = |index: &mut Option<index::Index>, before: &dyn Fn(usize), i: usize| {
        before(i);
        let started = Instant::now();
        let refreshed = index::refresh(index.take().unwrap(), &options).unwrap();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let t = refreshed.timings();
        eprintln!(
            "{ms:.1} ms: walk {:.1}, check+parse {:.1}, tables {:.1}",
            t.walk_ms, t.parse_ms, t.tables_ms
        );
        *index = Some(refreshed);
        ms
    };
    let mut slot = Some(index);
    let no_change: Vec<f64> = (0..runs).map(|i| timed(&mut slot, &|_| {}, i)).collect();
    let touch: Vec<f64> = (0..runs)
        .map(|i| {
            timed(
                &mut slot,
                &|_| {
                    std::fs::File::options()
                        .write(true)
                        .open(&file)
                        .and_then(|f| f.set_modified(SystemTime::now()))
                        .unwrap()
                },
                i,
            )
        })
        .collect();
    let edit: Vec<f64> = (0..runs)
        .map(|i| {
            timed(
                &mut slot,
                &|i| {
                    let mut bytes = original.clone();
                    bytes.extend_from_slice(format!("\n# refresh_latency edit {i}\n").as_bytes());
                    std::fs::write(&file, bytes).unwrap();
                },
                i,
            )
        })
        .collect();
    index = slot.take().unwrap();
    let changes = index.changes();
    std::fs::write(&file, &original).unwrap();
    let list = |v: &[f64]| {
        v.iter()
            .map(|ms| format!("{ms:.2}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "{{\"no_change\": [{}], \"touch\": [{}], \"edit\": [{}], \"last_edit\": {{\"reused\": {}, \"rehashed\": {}, \"reparsed\": {}}}}}",
        list(&no_change),
        list(&touch),
        list(&edit),
        changes.reused,
        changes.rehashed,
        changes.reparsed
    );
}
