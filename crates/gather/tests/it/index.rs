//! The index API: build, find, find_in_file, counts and per-file status.

use crate::common;

use common::{assert_skipped, indexed, outline_marking_line_rules, Workspace, GO, PY, RS};
use gather::index::{self, FileStatus, SkipReason, SymbolKind, SymbolRef};

/// The first and last line of a found definition.
fn lines(hit: &SymbolRef) -> (u32, u32) {
    (hit.symbol.range.start, hit.symbol.range.end)
}

#[test]
fn empty_root_returns_empty_index() {
    let (_ws, index) = indexed(&[]);
    assert_eq!(index.file_count(), 0);
    assert_eq!(index.symbol_count(), 0);
    assert!(index.find("anything").is_empty());
}

#[test]
fn single_file_workspace_indexes_it() {
    let (_ws, index) = indexed(&[("app.py", PY)]);
    assert_eq!(index.file_count(), 1);
    assert_eq!(index.status("app.py"), Some(FileStatus::Parsed));
    assert_eq!(
        index.file("app.py").unwrap().language.as_deref(),
        Some("python")
    );
}

#[test]
fn function_signatures_found_by_name() {
    let (_ws, index) = indexed(&[("app.py", PY), ("lib.rs", RS)]);
    let hits = index.find("parse");
    assert_eq!(hits.len(), 1);
    let parse = hits[0].symbol;
    assert_eq!(parse.kind, SymbolKind::Function);
    assert_eq!((parse.range.start, parse.range.end), (4, 6));
    assert_eq!((parse.signature.start, parse.signature.end), (4, 4));
    let load = index.find("load");
    assert_eq!(load[0].symbol.kind, SymbolKind::Function);
    assert_eq!(lines(&load[0]), (5, 7));
}

#[test]
fn class_declarations_found_by_name() {
    let (_ws, index) = indexed(&[("app.py", PY)]);
    let hits = index.find("Client");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].symbol.kind, SymbolKind::Class);
    assert_eq!(lines(&hits[0]), (9, 14));
}

#[test]
fn struct_declarations_found_by_name() {
    let (_ws, index) = indexed(&[("lib.rs", RS), ("main.go", GO)]);
    let config: Vec<_> = index
        .find("Config")
        .into_iter()
        .filter(|h| h.symbol.kind == SymbolKind::Struct)
        .collect();
    assert_eq!(config.len(), 1);
    assert_eq!(lines(&config[0]), (1, 3));
    let server = index.find("Server");
    assert_eq!(server.len(), 1);
    assert_eq!(server[0].symbol.kind, SymbolKind::Struct);
    assert_eq!(lines(&server[0]), (3, 5));
}

#[test]
fn find_in_file_returns_all_symbols_in_that_file() {
    let (_ws, index) = indexed(&[("app.py", PY), ("lib.rs", RS)]);
    let names: Vec<&str> = index
        .find_in_file("app.py")
        .iter()
        .map(|h| h.symbol.qualified_name.as_str())
        .collect();
    assert_eq!(names, ["parse", "Client", "Client.send", "Client.close"]);
    assert!(index.find_in_file("missing.py").is_empty());
}

#[test]
fn find_returns_all_matches_across_files() {
    let (_ws, index) = indexed(&[
        ("app.py", PY),
        ("main.go", GO),
        ("b/other.py", "def parse():\n    pass\n"),
    ]);
    let paths: Vec<&str> = index
        .find("parse")
        .iter()
        .map(|h| h.file.path.as_str())
        .collect();
    assert_eq!(paths, ["app.py", "b/other.py", "main.go"]);
}

#[test]
fn qualified_names_are_found_with_either_separator() {
    let (_ws, index) = indexed(&[("app.py", PY), ("lib.rs", RS), ("main.go", GO)]);
    assert_eq!(index.find("Client.send").len(), 1);
    assert_eq!(index.find("Config::save").len(), 1);
    assert_eq!(index.find("Config.save").len(), 1);
    assert_eq!(
        index.find("Server.Start")[0].symbol.kind,
        SymbolKind::Method
    );
    assert!(index.find("Client.load").is_empty());
}

#[test]
fn symbol_count_positive_after_indexing_a_real_file() {
    let (_ws, index) = indexed(&[("lib.rs", RS)]);
    // struct Config, fn load, impl Config, fn save
    assert_eq!(index.symbol_count(), 4);
}

#[test]
fn file_count_matches_input_file_count() {
    let (_ws, index) = indexed(&[
        ("a.py", PY),
        ("b.rs", RS),
        ("c/d.go", GO),
        ("README.md", "# hi\n"),
    ]);
    assert_eq!(index.file_count(), 4);
    assert_eq!(index.status("README.md"), Some(FileStatus::Text));
}

#[test]
fn duplicate_symbol_names_all_returned() {
    let (_ws, index) = indexed(&[
        (
            "a.py",
            "def run():\n    pass\n\n\ndef run():\n    return 1\n",
        ),
        ("b.py", "def run():\n    pass\n"),
    ]);
    let hits = index.find("run");
    let places: Vec<(&str, u32)> = hits
        .iter()
        .map(|h| (h.file.path.as_str(), h.symbol.range.start))
        .collect();
    assert_eq!(places, [("a.py", 1), ("a.py", 5), ("b.py", 1)]);
}

#[cfg(unix)]
#[test]
fn build_does_not_fail_on_an_unreadable_file() {
    use std::os::unix::fs::PermissionsExt;
    let ws = Workspace::new(&[("ok.py", PY), ("secret.py", PY)]);
    let secret = ws.path("secret.py");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable_anyway = std::fs::read(&secret).is_ok(); // true when running as root
    let index = index::build(ws.root()).unwrap();
    assert_eq!(
        index
            .find("parse")
            .iter()
            .filter(|h| h.file.path == "ok.py")
            .count(),
        1
    );
    if readable_anyway {
        assert_eq!(index.file_count(), 2);
    } else {
        assert_eq!(index.file_count(), 1);
        assert_skipped(&index, "secret.py", SkipReason::Unreadable);
    }
}

#[test]
fn kind_is_non_empty() {
    let (_ws, index) = indexed(&[("a.py", PY), ("b.rs", RS), ("c.go", GO)]);
    assert!(index.symbol_count() > 0);
    for file in index.files() {
        for symbol in &file.symbols {
            assert!(!symbol.kind.as_str().is_empty());
            assert!(!symbol.name.is_empty());
        }
    }
}

#[test]
fn gitignored_and_vcs_files_are_not_walked() {
    let (_ws, index) = indexed(&[
        (".gitignore", "build/\n*.gen.py\n"),
        ("build/out.py", PY),
        ("x.gen.py", PY),
        (".git/config", "[core]\n"),
        (".github/workflows/ci.yml", "on: push\n"),
        ("src/app.py", PY),
    ]);
    let paths: Vec<&str> = index.files().iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [".github/workflows/ci.yml", ".gitignore", "src/app.py"]
    );
}

#[test]
fn heuristic_files_are_marked() {
    let (_ws, index) = indexed(&[("lib.jl", "function greet(name)\n    println(name)\nend\n")]);
    assert_eq!(index.status("lib.jl"), Some(FileStatus::Heuristic));
    let hit = &index.find("greet")[0];
    assert_eq!(lines(hit), (1, 3));
}

/// Multi-line type parameter lists in an interface's call signatures, without semicolons:
/// the grammar closes the interface early and its error region swallows the class after it.
const SWALLOWING_TS: &str = include_str!("../../../../tests/fixtures/recovery/chain.ts");

#[test]
fn a_parse_that_swallows_code_is_marked_and_the_line_rules_read_it() {
    let (_ws, index) = indexed(&[
        ("src/chain.ts", SWALLOWING_TS),
        (
            "src/clean.ts",
            "export function clean(): number {\n  return 1\n}\n",
        ),
    ]);
    assert_eq!(
        index.status("src/chain.ts"),
        Some(FileStatus::ParsedWithErrors)
    );
    assert_eq!(index.status("src/clean.ts"), Some(FileStatus::Parsed));
    let file = index.file("src/chain.ts").unwrap();
    let found = outline_marking_line_rules(&file.symbols);
    assert_eq!(
        found,
        [
            "type Step 6-6",
            // Closed early by the grammar; the line rules give its end.
            "interface Chain 8-24",
            "class Runner 26-32 by line rules",
            "method Runner.constructor 27-27 by line rules",
            "method Runner.run 29-31 by line rules",
            "function makeRunner 34-36",
            "function runOnce 38-40",
            "const stage 42-42",
        ]
    );
    // Parents point at the recovered class, and calls inside it are its own.
    let run = index.find("run")[0];
    assert_eq!(run.symbol.parent, Some(2));
    let calls: Vec<(&str, u32)> = file
        .calls
        .iter()
        .filter(|c| c.enclosing == Some(4))
        .map(|c| (c.name.as_str(), c.line))
        .collect();
    assert_eq!(calls, [("map", 30), ("step", 30)]);
}

/// Preprocessor lines inside a table's initializer: the grammar lets the table run on over
/// the functions after it, which have no keyword for the line rules' declaration rule.
const SWALLOWING_C: &str = include_str!("../../../../tests/fixtures/recovery/table.c");

#[test]
fn functions_swallowed_by_a_c_table_are_read_and_the_table_ends_before_them() {
    let parsed = gather::parse::file("src/table.c", SWALLOWING_C);
    assert_eq!(parsed.status, FileStatus::ParsedWithErrors);
    let found = outline_marking_line_rules(&parsed.symbols);
    assert_eq!(
        found,
        [
            "macro ENTRY 3-3",
            "function op_add 5-7",
            // It ends before the comment of the function after it.
            "const op_table 9-19",
            "function build_list 23-28 by line rules",
            // The return type above the name is the function's first line.
            "function op_name 30-34 by line rules",
        ]
    );
    let build_list = parsed.symbols.iter().position(|s| s.name == "build_list");
    let doc = build_list.and_then(|at| parsed.symbols[at].doc);
    assert_eq!(doc.map(|d| (d.start, d.end)), Some((21, 22)));
    let push = parsed.calls.iter().find(|c| c.name == "list_push").unwrap();
    assert_eq!(push.enclosing.map(|e| e as usize), build_list);
}

#[test]
fn a_small_slip_keeps_the_file_parsed() {
    // One stray token: a one-line error region that hides no definition.
    let source = "def first():\n    return 1\n}}}\n\ndef second():\n    return 2\n";
    let parsed = gather::parse::file("app.py", source);
    assert!(!parsed.error_regions.is_empty());
    assert_eq!(parsed.status, FileStatus::Parsed);
    let names: Vec<&str> = parsed.symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["first", "second"]);
}

#[test]
fn test_code_is_flagged() {
    let (_ws, index) = indexed(&[
        ("tests/test_app.py", "def test_x():\n    pass\n"),
        (
            "lib.rs",
            "fn real() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn checks() {}\n}\n",
        ),
    ]);
    assert!(index.find("test_x")[0].symbol.is_test);
    assert!(!index.find("real")[0].symbol.is_test);
    assert!(index.find("checks")[0].symbol.is_test);
}
