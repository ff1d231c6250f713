//! The floor under a cold index: how long it takes only to read and parse every file gather
//! would index, on all cores, with nothing else done (no queries, no definitions, no tables,
//! no store). `scripts/bench`'s cold build can come no closer to `ctags -R` than this.
//!
//! Usage: `parse_floor ROOT [RUNS]` — walks ROOT with gather's walk, then
//! per run reads every file of a known language and parses it with its grammar, in parallel.
//! Prints one line per run: files, bytes, walk, read-only and read+parse wall times. Run it
//! under `/usr/bin/time` for CPU time. A benchmark, not a test.

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

// The allocator the gather binary runs with (tree-sitter's parser allocates through it).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next() else {
        eprintln!("usage: parse_floor ROOT [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(3);
    let started = Instant::now();
    let Ok(root) = std::fs::canonicalize(&root) else {
        eprintln!("parse_floor: {root} cannot be opened");
        std::process::exit(2);
    };
    // The files gather's walk would hand to the parsers: known language, not skipped.
    let files: Vec<(PathBuf, &'static gather_languages::LanguageSpec)> =
        gather::walk::all(&root, &gather::walk::WalkOptions::default())
            .into_iter()
            .filter(|f| f.skip.is_none())
            .filter_map(|f| Some((f.abs.clone(), gather_languages::detect(&f.abs)?)))
            .collect();
    let walk_ms = ms(started);
    for _ in 0..runs {
        let started = Instant::now();
        let bytes: usize = files
            .par_iter()
            .map(|(path, _)| std::fs::read(path).map_or(0, |b| b.len()))
            .sum();
        let read_ms = ms(started);
        let started = Instant::now();
        let parsed: usize = files
            .par_iter()
            .map_init(
                gather_languages::tree_sitter::Parser::new,
                |parser, (path, spec)| {
                    let Ok(text) = std::fs::read(path) else {
                        return 0;
                    };
                    if parser.set_language(&(spec.grammar)()).is_err() {
                        return 0;
                    }
                    parser.parse(&text, None).map_or(0, |_| 1)
                },
            )
            .sum();
        println!(
            "{} files ({parsed} parsed), {:.1} MB: walk {walk_ms:.0} ms, read {read_ms:.0} ms, \
             read+parse {:.0} ms",
            files.len(),
            bytes as f64 / 1e6,
            ms(started)
        );
    }
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}
