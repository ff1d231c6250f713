//! One snapshot per language fixture under `tests/fixtures/languages/`: every symbol's
//! kind, qualified name, exact line range, signature and doc ranges, parent and test flag,
//! then the file's imports and call sites (line, kind, qualifier, name, enclosing symbol).
//! A new fixture file needs a line in `fixtures!` (a test checks it); review new snapshots
//! with `cargo insta review`.

use std::path::{Path, PathBuf};

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

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/languages")
}

/// Parses one fixture and compares its outline with the snapshot of the same name.
fn check(name: &str) {
    let text = std::fs::read_to_string(fixtures_dir().join(name)).unwrap();
    let parsed = gather::parse::file(name, &text);
    assert_eq!(
        parsed.status,
        FileStatus::Parsed,
        "{name} must parse with its grammar"
    );
    assert!(!parsed.symbols.is_empty(), "{name} has no symbols");
    insta::assert_snapshot!(name.replace('.', "_"), outline(&parsed));
}

/// One test per fixture, so one mismatch does not hide the others, and a test that every
/// fixture file is listed here.
macro_rules! fixtures {
    ($($test:ident => $file:literal,)*) => {
        $(#[test]
        fn $test() {
            check($file);
        })*

        #[test]
        fn every_fixture_has_a_test() {
            let mut on_disk: Vec<String> = std::fs::read_dir(fixtures_dir())
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            on_disk.sort();
            let mut listed = vec![$($file.to_string()),*];
            listed.sort();
            assert_eq!(on_disk, listed, "each fixture under tests/fixtures/languages has a line in fixtures!");
        }
    };
}

fixtures! {
    bash => "bash.sh",
    c => "c.c",
    cpp => "cpp.cpp",
    csharp => "csharp.cs",
    dart => "dart.dart",
    elixir => "elixir.ex",
    go => "go.go",
    haskell => "haskell.hs",
    hcl => "hcl.tf",
    java => "java.java",
    javascript => "javascript.js",
    kotlin => "kotlin.kt",
    lua => "lua.lua",
    objc => "objc.m",
    ocaml => "ocaml.ml",
    php => "php.php",
    python => "python.py",
    r => "r.R",
    ruby => "ruby.rb",
    rust => "rust.rs",
    scala => "scala.scala",
    solidity => "solidity.sol",
    svelte => "svelte.svelte",
    swift => "swift.swift",
    tsx => "tsx.tsx",
    typescript => "typescript.ts",
    vue => "vue.vue",
    zig => "zig.zig",
}
