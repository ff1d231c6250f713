//! Rust: `crate::`, `self::`, `super::` paths over `mod` files, and other crates of the
//! workspace by their `Cargo.toml` name.

use super::{parent_dir, Paths};
use crate::confined::Root;

/// The workspace's crates: (crate name, `src` directory), longest directories first once
/// sorted, so nested crates win over their parents.
#[derive(Debug, Default)]
pub(super) struct Crates(Vec<(String, String)>);

impl Crates {
    /// A crate of the workspace, named by its `Cargo.toml`.
    pub(super) fn add(&mut self, root: &Root, path: &str) {
        if let Some(crate_name) = read_manifest_value(root, path, "name") {
            let dir = parent_dir(path);
            let src = if dir.is_empty() {
                "src".to_string()
            } else {
                format!("{dir}/src")
            };
            self.0.push((crate_name.replace('-', "_"), src));
        }
    }

    /// Longest source directories first.
    pub(super) fn sort(&mut self) {
        self.0.sort_by_key(|c| std::cmp::Reverse(c.1.len()));
    }

    /// Rust: the file of a module path (`crate::a::b`, `super::x`, `other_crate::m`) as
    /// seen from `from_path`, and how many segments of `path` lead to it (the rest names
    /// items inside that file). A path through another crate's name resolves from any
    /// file, integration tests and examples included.
    pub(super) fn module(
        &self,
        paths: &Paths,
        from_path: &str,
        path: &[&str],
    ) -> Option<(u32, usize)> {
        let first = *path.first()?;
        if !matches!(first, "crate" | "self" | "super") {
            if let Some((_, src)) = self.0.iter().find(|(name, _)| name == first) {
                return self
                    .in_crate(paths, src, &[], &path[1..])
                    .map(|(file, n)| (file, n + 1));
            }
        }
        let (crate_src, own) = self.module_of(from_path)?;
        let (base, prefix): (Vec<String>, usize) = match first {
            "crate" => (Vec::new(), 1),
            "self" => (own, 1),
            "super" => {
                let mut base = own;
                let mut prefix = 0;
                while path.get(prefix) == Some(&"super") {
                    base.pop()?;
                    prefix += 1;
                }
                (base, prefix)
            }
            _ => {
                // 2018 paths: a child module of the current module, else of the crate root.
                if let Some(found) = self.in_crate(paths, &crate_src, &own, path) {
                    if found.1 > 0 {
                        return Some(found);
                    }
                }
                (Vec::new(), 0)
            }
        };
        self.in_crate(paths, &crate_src, &base, &path[prefix..])
            .map(|(file, n)| (file, n + prefix))
    }

    /// The longest prefix of `base + rest` that is a module file; returns the file and how
    /// many segments of `rest` it consumed.
    fn in_crate(
        &self,
        paths: &Paths,
        src: &str,
        base: &[String],
        rest: &[&str],
    ) -> Option<(u32, usize)> {
        for take in (0..=rest.len()).rev() {
            let mut segments: Vec<&str> = base.iter().map(String::as_str).collect();
            segments.extend_from_slice(&rest[..take]);
            if let Some(idx) = module_file(paths, src, &segments) {
                return Some((idx, take));
            }
        }
        None
    }

    /// The crate `src` directory and module path of a Rust file.
    fn module_of(&self, path: &str) -> Option<(String, Vec<String>)> {
        let (_, src) = self
            .0
            .iter()
            .find(|(_, src)| path.starts_with(&format!("{src}/")))?;
        let inner = &path[src.len() + 1..];
        let inner = inner.strip_suffix(".rs")?;
        let mut segments: Vec<String> = inner.split('/').map(str::to_string).collect();
        if matches!(
            segments.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            segments.pop();
        }
        if segments.first().map(String::as_str) == Some("bin") {
            segments.clear();
        }
        Some((src.clone(), segments))
    }
}

/// The module file of `segments` under the crate directory `src` (`lib.rs` or `main.rs`
/// for none).
fn module_file(paths: &Paths, src: &str, segments: &[&str]) -> Option<u32> {
    if segments.is_empty() {
        return ["lib.rs", "main.rs"]
            .iter()
            .find_map(|f| paths.get(&format!("{src}/{f}")).copied());
    }
    let joined = segments.join("/");
    [
        format!("{src}/{joined}.rs"),
        format!("{src}/{joined}/mod.rs"),
    ]
    .iter()
    .find_map(|p| paths.get(p).copied())
}

/// `key = "value"` from the `[package]` table of a Cargo manifest.
fn read_manifest_value(root: &Root, path: &str, key: &str) -> Option<String> {
    let text = root.read_text(path)?;
    let mut in_package = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if in_package {
            if let Some((k, v)) = line.split_once('=') {
                if k.trim() == key {
                    return Some(v.trim().trim_matches('"').to_string());
                }
            }
        }
    }
    None
}
