//! Hashes the source files that decide what an index record holds (the walk, the parsers,
//! the records, the language crate) and how the stored postings split words (`terms.rs`),
//! so that a stored index or postings file written by a build with other extraction code
//! is never trusted. Exposed as `GATHER_EXTRACTOR_FINGERPRINT`. The shipped ranking's data
//! files are hashed apart, as `GATHER_RANKING_FINGERPRINT`: the cache's format tag names
//! the build's ranking from its own inputs, not from the code that reads them.

use std::path::{Path, PathBuf};

const INPUTS: &[&str] = &[
    "src/walk.rs",
    "src/lines.rs",
    // The record types themselves: their fields are the stored encoding.
    "src/record.rs",
    // The text analysis behind the stored postings.
    "src/terms.rs",
    "src/parse",
    "src/index",
    "../gather-languages/src",
    "../gather-languages/queries",
];

/// The shipped ranking: the learned model and the word bridge.
const RANKING: &[&str] = &["data/ranker.txt", "data/bridge.txt"];

fn main() {
    let extractor = fingerprint(INPUTS);
    println!("cargo:rustc-env=GATHER_EXTRACTOR_FINGERPRINT={extractor:016x}");
    let ranking = fingerprint(RANKING);
    println!("cargo:rustc-env=GATHER_RANKING_FINGERPRINT={ranking:016x}");
}

/// A hash of the files under `inputs`, each path with its contents, in path order.
fn fingerprint(inputs: &[&str]) -> u64 {
    let mut files = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if path.exists() {
            println!("cargo:rerun-if-changed={input}");
            collect(path, &mut files);
        }
    }
    files.sort();
    // FNV-1a: no build dependency needed, and plenty for telling builds apart.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        feed(file.to_string_lossy().as_bytes());
        feed(&std::fs::read(file).unwrap_or_default());
    }
    hash
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        if let Ok(entries) = std::fs::read_dir(path) {
            for entry in entries.flatten() {
                collect(&entry.path(), out);
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
}
