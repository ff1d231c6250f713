//! How often a grammar's error recovery cost a workspace code: indexes ROOT, then parses
//! every file read with a grammar again and counts the files whose syntax tree holds an
//! error region, and those the index marked `parsed-with-errors`.
//!
//! Usage: `parse_errors ROOT [PATHS]` — prints one JSON object: `grammar_files` (parsed or
//! parsed-with-errors), `with_error_regions`, `parsed_with_errors`, and per file with a
//! region its status, regions and the definitions added from them. With
//! PATHS, the paths of the files with an error region are written there, one a line (for
//! `scripts/ctags-accuracy --paths`). A measurement, not a test.

use std::path::PathBuf;

use gather::confined::Root;
use gather::index::{self, FileStatus};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next() else {
        eprintln!("usage: parse_errors ROOT [PATHS]");
        std::process::exit(2);
    };
    let paths_out = args.next();
    let root = PathBuf::from(root);
    let index = index::build(&root).expect("ROOT can be indexed");
    let dir = Root::open(&root).expect("ROOT can be opened");
    let mut grammar_files = 0usize;
    let mut files = Vec::new();
    let mut degraded = Vec::new();
    for file in index.files() {
        if !matches!(
            file.status,
            FileStatus::Parsed | FileStatus::ParsedWithErrors
        ) {
            continue;
        }
        grammar_files += 1;
        let Ok(text) = dir.read(&file.path).map(gather::parse::decode) else {
            continue;
        };
        let Ok(text) = text else { continue };
        let parsed = gather::parse::file(&file.path, &text);
        if parsed.error_regions.is_empty() {
            continue;
        }
        if parsed.status == FileStatus::ParsedWithErrors {
            degraded.push(file.path.clone());
        }
        let regions: Vec<String> = parsed.error_regions.iter().map(|r| r.to_string()).collect();
        files.push(serde_json::json!({
            "path": file.path,
            "status": parsed.status.label(),
            "regions": regions,
            "region_lines": parsed.error_regions.iter().map(|r| r.len()).sum::<u32>(),
            "from_line_rules": parsed
                .symbols
                .iter()
                .filter(|s| s.from_line_rules)
                .map(|s| format!("{} {} {}", s.kind, s.qualified_name, s.range))
                .collect::<Vec<_>>(),
        }));
    }
    if let Some(out) = paths_out {
        let list: String = files
            .iter()
            .map(|f| format!("{}\n", f["path"].as_str().unwrap_or_default()))
            .collect();
        std::fs::write(out, list).expect("PATHS is writable");
    }
    let report = serde_json::json!({
        "grammar_files": grammar_files,
        "with_error_regions": files.len(),
        "parsed_with_errors": degraded.len(),
        "files": files,
    });
    println!("{report}");
}
