//! One snapshot per language fixture under `tests/fixtures/languages/`: every symbol's
//! kind, qualified name, exact line range, signature and doc ranges, parent and test flag.
//! Adding a fixture file adds a test; review new snapshots with `cargo insta review`.

use std::path::Path;

use gather::index::{FileStatus, Symbol};

fn outline(symbols: &[Symbol]) -> String {
    let mut out = String::new();
    for s in symbols {
        let parent = s
            .parent
            .map(|p| symbols[p as usize].qualified_name.as_str())
            .unwrap_or("-");
        let doc = s.doc.map(|d| d.to_string()).unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{} {} {} name={} sig={} doc={} parent={}{}\n",
            s.range,
            s.kind,
            s.qualified_name,
            s.name_line,
            s.signature,
            doc,
            parent,
            if s.is_test { " test" } else { "" }
        ));
    }
    out
}

#[test]
fn language_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/languages");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "one fixture per language");
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        let parsed = gather::parse::file(name, &text);
        assert_eq!(
            parsed.status,
            FileStatus::Parsed,
            "{name} must parse with its grammar"
        );
        assert!(!parsed.symbols.is_empty(), "{name} has no symbols");
        insta::assert_snapshot!(name.replace('.', "_"), outline(&parsed.symbols));
    }
}
