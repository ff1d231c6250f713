//! Reads the query files' `; inherits: BASE` headers, so a row names only its own files.
//!
//! For every `queries/<id>/<kind>.scm` it writes one arm of the `queries!` macro
//! (`$OUT_DIR/queries.rs`, included by `src/table.rs`): the file's bases first, each base's
//! own bases before it, each file once, then the file itself, as one `concat!` of
//! `include_str!`s. `queries!("typescript")` is then ecmascript's definitions followed by
//! TypeScript's, as the header of `queries/typescript/definitions.scm` says.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let dir =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("queries");
    println!("cargo::rerun-if-changed=queries");
    let mut arms = String::new();
    for id in sorted(&dir) {
        for kind in ["definitions", "calls", "imports"] {
            if !dir.join(&id).join(format!("{kind}.scm")).is_file() {
                continue;
            }
            let mut chain = Vec::new();
            read_after_bases(&dir, &id, kind, &mut Vec::new(), &mut chain);
            let files: Vec<String> = chain
                .iter()
                .map(|path| format!("include_str!({:?})", path.display().to_string()))
                .collect();
            let _ = writeln!(
                arms,
                "    ({id:?}, {kind:?}) => {{ concat!({}) }};",
                files.join(", ")
            );
        }
    }
    let text = format!(
        "/// The text of `queries/<id>/<kind>.scm` after the files its header inherits\n\
         /// (`kind` defaults to `definitions`); written by `build.rs`.\n\
         macro_rules! queries {{\n    ($id:tt) => {{ queries!($id, \"definitions\") }};\n{arms}}}\n"
    );
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("queries.rs");
    std::fs::write(out, text).expect("OUT_DIR is writable");
}

/// The directories under `queries/`, by name.
fn sorted(dir: &Path) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .expect("queries/ is readable")
        .filter_map(|entry| {
            let entry = entry.ok()?;
            entry
                .file_type()
                .ok()?
                .is_dir()
                .then(|| entry.file_name().to_string_lossy().into_owned())
        })
        .collect();
    ids.sort();
    ids
}

/// Pushes the files `<id>/<kind>.scm` reads, its bases first, onto `chain` (each once);
/// `path` holds the ids being read, so a cycle of headers is named rather than followed.
fn read_after_bases(
    dir: &Path,
    id: &str,
    kind: &str,
    path: &mut Vec<String>,
    chain: &mut Vec<PathBuf>,
) {
    let file = dir.join(id).join(format!("{kind}.scm"));
    assert!(
        !path.iter().any(|p| p == id),
        "queries: {} inherits itself through {path:?}",
        file.display()
    );
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("queries: {} (named by {path:?}): {e}", file.display()));
    path.push(id.to_string());
    for base in bases(&text) {
        read_after_bases(dir, base, kind, path, chain);
    }
    path.pop();
    if !chain.contains(&file) {
        chain.push(file);
    }
}

/// The ids a query file's first line names: `; inherits: c` or `; inherits: a, b`.
fn bases(text: &str) -> Vec<&str> {
    text.lines()
        .next()
        .and_then(|line| line.strip_prefix("; inherits:"))
        .map(|list| {
            list.split(',')
                .map(str::trim)
                .filter(|b| !b.is_empty())
                .collect()
        })
        .unwrap_or_default()
}
