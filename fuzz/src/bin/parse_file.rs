//! Bytes and a language choice → `parse::decode` and `parse::file`: no panic, and every
//! definition lies inside the file with its parent before it.

use gather::index::FileStatus;

/// One path per way a file is read: each grammar, line rules, and text.
const PATHS: &[&str] = &[
    "a.rs",
    "a.py",
    "a.js",
    "a.ts",
    "a.tsx",
    "a.go",
    "a.java",
    "a.c",
    "a.h",
    "a.cpp",
    "a.cs",
    "a.rb",
    "a.php",
    "a.kt",
    "a.swift",
    "a.scala",
    "a.lua",
    "a.sh",
    "a.ex",
    "a.dart",
    "a.hs",
    "a.ml",
    "a.zig",
    "a.m",
    "a.R",
    "a.tf",
    "a.sol",
    "README.md",
    "a.json",
    "Makefile",
    "a.vue",
    "a.svelte",
];

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((pick, rest)) = gather_fuzz::choice(data) else {
            return;
        };
        let path = PATHS[pick as usize % PATHS.len()];
        let Ok(text) = gather::parse::decode(rest.to_vec()) else {
            return;
        };
        let parsed = gather::parse::file(path, &text);
        let n_lines = gather::lines::LineTable::new(&text).n_lines().max(1);
        for (i, symbol) in parsed.symbols.iter().enumerate() {
            assert!(symbol.range.start >= 1 && symbol.range.start <= symbol.range.end);
            assert!(
                symbol.range.end <= n_lines,
                "{path}: {symbol:?} past {n_lines}"
            );
            if let Some(parent) = symbol.parent {
                assert!((parent as usize) < i, "{path}: parent after child");
            }
        }
        // Prose, data and skipped files carry no definitions; every code status (a file
        // parsed with errors included) keeps what it found.
        if matches!(parsed.status, FileStatus::Text | FileStatus::Skipped(_)) {
            assert!(parsed.symbols.is_empty());
        }
    });
}
