//! Hostile input costs bounded work: a question of hundreds of thousands of words is read
//! up to a cap that the pack names, its unmatched words are echoed in a bounded line, and
//! definitions nested thousands deep make a file `skipped(too-complex)` rather than minutes
//! of parsing. The figures (time per case) come from `scripts/bench-nesting` and release
//! builds; these tests pin the caps and what the output says.

use crate::common;

use common::Workspace;
use gather::ask::question::{self, MAX_UNMATCHED_NAMED, MAX_WORDS};
use gather::budget::Budget;
use gather::index::{self, FileStatus, SkipReason};
use gather::request::{self, ContextRequest, Target};

/// `n` distinct words that occur nowhere in the fixtures.
fn unknown_words(n: usize) -> String {
    (0..n)
        .map(|i| format!("zq{i}x"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_long_question_is_read_up_to_the_cap_and_the_rest_counted() {
    let n = 100_000;
    let head = "how does parse_config load";
    let read = question::read(&format!("{head} {}", unknown_words(n)));
    assert_eq!(read.words.len(), MAX_WORDS);
    assert!(read.terms.len() <= MAX_WORDS * 4);
    assert_eq!(read.identifiers, ["parse_config"]);
    // Every distinct content word counts once; the first MAX_WORDS are read.
    let head_words = question::read(head).words.len();
    assert_eq!(read.left_out, head_words + n - MAX_WORDS);
    // Repeats are not new words.
    let repeated = question::read(&"retry backoff ".repeat(50_000));
    assert_eq!(repeated.words, ["retry", "backoff"]);
    assert_eq!(repeated.left_out, 0);
}

#[test]
fn many_quoted_literals_and_unclosed_quotes_are_capped() {
    let quoted: String = (0..500)
        .map(|i| format!("\"message number {i}\" "))
        .collect();
    let read = question::read(&quoted);
    assert_eq!(read.literals.len(), question::MAX_LITERALS);
    assert!(read.left_out >= 500 - question::MAX_LITERALS);
    // Opening quotes with no close are prose, whatever their number.
    let open = "“word ".repeat(20_000);
    assert!(question::read(&open).literals.is_empty());
}

#[test]
fn unmatched_words_are_named_up_to_a_bound_and_the_cut_is_in_the_pack() {
    let ws = Workspace::new(&[("src/app.py", common::PY)]);
    let index = index::build(ws.root()).unwrap();
    let ask = |question: String, budget: Budget| {
        let request = ContextRequest {
            budget,
            ..ContextRequest::new(Target::Question(question))
        };
        request::context(&index, &request).unwrap()
    };
    let head = "how does parse split text";
    let head_words = question::read(head).words.len();
    let pack = ask(
        format!("{head} {}", unknown_words(10_000)),
        Budget::Lines(20),
    );
    let unmatched = pack.json["omitted"]["unmatched_terms"].as_array().unwrap();
    assert_eq!(unmatched.len(), MAX_UNMATCHED_NAMED + 1);
    // The words read past the matched ones are all unmatched.
    assert_eq!(
        unmatched.last().unwrap(),
        &serde_json::json!(format!(
            "and {} more",
            MAX_WORDS - head_words - MAX_UNMATCHED_NAMED
        ))
    );
    assert_eq!(
        pack.json["omitted"]["question_left_out"],
        10_000 + head_words - MAX_WORDS
    );
    let degraded = pack.json["degraded"].as_array().unwrap();
    assert!(
        degraded
            .iter()
            .any(|d| d.as_str().unwrap().starts_with("question-cut(")),
        "{degraded:?}"
    );
    assert_eq!(pack.json["complete"], false);
    assert!(pack.text.lines().all(|l| l.len() < 2000), "a bounded echo");
    assert!(pack
        .text
        .contains("question words past the first 1000 not read"));
    // A token budget holds the pack too.
    let tokens = ask(unknown_words(10_000), Budget::Tokens(8000));
    assert!(tokens.json["budget"]["used"].as_u64().unwrap() <= 8000);
}

/// One file per parsed language with definitions nested `n` deep.
fn nested(n: usize) -> Vec<(&'static str, String)> {
    // (path, what opens a level, what closes it): `n` levels opened, then closed.
    let levels = [
        ("a.rb", "def a\n", "end\n"),
        ("a.js", "function a() {\n", "}\n"),
        ("a.ts", "function a(): void {\n", "}\n"),
        ("a.tsx", "function a() {\n", "}\n"),
        ("a.java", "class A {\n", "}\n"),
        ("a.c", "struct s {\n", "} x;\n"),
        ("a.cpp", "namespace a {\n", "}\n"),
        ("a.cs", "class A {\n", "}\n"),
        ("a.rs", "mod a {\n", "}\n"),
        ("a.kt", "fun a() {\n", "}\n"),
        ("a.swift", "func a() {\n", "}\n"),
        ("a.scala", "object A {\n", "}\n"),
        ("a.lua", "function a()\n", "end\n"),
        ("a.sh", "a() {\n", "}\n"),
        ("a.ex", "defmodule A do\n", "end\n"),
        ("a.ml", "module A = struct\n", "end\n"),
        ("a.zig", "const A = struct {\n", "};\n"),
        ("a.R", "a <- function() {\n", "}\n"),
        // Line rules: braces, and keywords closed by `end` at the same indentation.
        ("a.groovy", "def a() {\n", "}\n"),
        ("a.jl", "function a()\n", "end\n"),
    ];
    let mut files: Vec<(&str, String)> = (levels.iter())
        .map(|&(path, open, close)| (path, open.repeat(n) + &close.repeat(n)))
        .collect();
    // Levels that need a frame around them.
    files.push((
        "a.py",
        "def a():\n    x = ".to_string() + &"(lambda:\n".repeat(n) + "0" + &")\n".repeat(n),
    ));
    files.push((
        "a.php",
        "<?php\n".to_string() + &"function a() {\n".repeat(n) + &"}\n".repeat(n),
    ));
    files.push((
        "a.go",
        "package p\nfunc f() {\n".to_string()
            + &"func() {\n".repeat(n)
            + &"}()\n".repeat(n)
            + "}\n",
    ));
    files
}

#[test]
fn deeply_nested_definitions_are_skipped_as_too_complex_and_named() {
    let files = nested(5_000);
    let pairs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let ws = Workspace::new(&pairs);
    let index = index::build(ws.root()).unwrap();
    for (path, _) in &files {
        let status = index
            .files()
            .iter()
            .find(|f| f.path == *path)
            .unwrap()
            .status;
        // Python's lambdas and Go's function literals are not definitions: the files are
        // parsed, at a cost linear in their size.
        // R's grammar gives up on nesting that deep: one error node over the file, no
        // definitions, and the status says so.
        // Unindented `function … end` lines do not nest for the line rules.
        let expected = match *path {
            "a.py" | "a.go" => FileStatus::Parsed,
            "a.R" => FileStatus::ParsedWithErrors,
            "a.jl" => FileStatus::Heuristic,
            _ => FileStatus::Skipped(SkipReason::TooComplex),
        };
        assert_eq!(status, expected, "{path}");
    }
    assert_eq!(
        FileStatus::Skipped(SkipReason::TooComplex).label(),
        "skipped(too-complex)"
    );
}

#[test]
fn ordinary_nesting_is_still_parsed() {
    for (path, text) in nested(40) {
        let parsed = gather::parse::file(path, &text);
        let expected = match path {
            "a.groovy" | "a.jl" => FileStatus::Heuristic,
            _ => FileStatus::Parsed,
        };
        assert_eq!(parsed.status, expected, "{path}");
        if !matches!(path, "a.py" | "a.go") {
            assert!(
                parsed.symbols.len() >= 40,
                "{path}: {}",
                parsed.symbols.len()
            );
        }
    }
}

#[test]
fn deep_definitions_keep_their_parents_and_comments() {
    // Deeper than the levels where parents are looked up rather than walked to.
    let n = 60;
    let ruby: String = (0..n)
        .map(|i| format!("# doc {i}\ndef a{i}\n"))
        .collect::<String>()
        + &"end\n".repeat(n);
    let js: String = (0..n)
        .map(|i| format!("// doc {i}\nfunction a{i}() {{\n"))
        .collect::<String>()
        + &"}\n".repeat(n);
    for (path, text) in [("a.rb", ruby), ("a.js", js)] {
        let parsed = gather::parse::file(path, &text);
        assert_eq!(parsed.status, FileStatus::Parsed, "{path}");
        assert_eq!(parsed.symbols.len(), n, "{path}");
        for (i, symbol) in parsed.symbols.iter().enumerate() {
            assert_eq!(symbol.name, format!("a{i}"), "{path}");
            assert_eq!(symbol.parent, i.checked_sub(1).map(|p| p as u32), "{path}");
            let line = 2 * i as u32 + 1;
            assert_eq!(
                symbol.doc,
                Some(gather::lines::LineRange::new(line, line)),
                "{path}: a{i}"
            );
        }
    }
}
