//! One snapshot per language fixture under `tests/fixtures/languages/`: every symbol's
//! kind, qualified name, exact line range, signature and doc ranges, parent and test flag,
//! then the file's imports and call sites (line, kind, qualifier, name, enclosing symbol).
//! Adding a fixture file adds a test; review new snapshots with `cargo insta review`.

use std::path::Path;

use gather::index::FileStatus;
use gather::parse::Parsed;

fn outline(parsed: &Parsed) -> String {
    let symbols = &parsed.symbols;
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
    if let Some(package) = &parsed.package {
        out.push_str(&format!("package {package}\n"));
    }
    for i in &parsed.imports {
        out.push_str(&format!(
            "import {} local={} source={} name={}{}\n",
            i.line,
            i.local.as_deref().unwrap_or("*"),
            i.source,
            i.name.as_deref().unwrap_or("-"),
            if i.is_reexport { " reexport" } else { "" }
        ));
    }
    for c in &parsed.calls {
        let enclosing = c
            .enclosing
            .map(|e| symbols[e as usize].qualified_name.as_str())
            .unwrap_or("-");
        let qualifier = c
            .qualifier
            .as_deref()
            .map(|q| format!("{q} . "))
            .unwrap_or_default();
        out.push_str(&format!(
            "call {} {:?} {qualifier}{} in={enclosing}\n",
            c.line, c.kind, c.name
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
        insta::assert_snapshot!(name.replace('.', "_"), outline(&parsed));
    }
}
