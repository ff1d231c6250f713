//! Prints how long each language's queries take to compile (definitions, calls and
//! imports together, as the first file of that language pays for them), slowest first.
//!
//! `cargo run --release -p gather-languages --example query_times`

use std::time::Instant;

fn main() {
    let mut times: Vec<(&str, f64)> = gather_languages::LANGUAGES
        .iter()
        .map(|spec| {
            let start = Instant::now();
            if let Err(e) = spec.compiled() {
                eprintln!("{}: {e}", spec.id);
            }
            (spec.id, start.elapsed().as_secs_f64() * 1000.0)
        })
        .collect();
    times.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (id, ms) in &times {
        println!("{id:<12} {ms:>8.1} ms");
    }
    let total: f64 = times.iter().map(|(_, ms)| ms).sum();
    println!("{:<12} {total:>8.1} ms", "all");
}
