//! A temporary workspace written from (path, contents) pairs, a fixture repository, a
//! settled workspace, a symbol request, a pack's item by symbol, and an outline of
//! definitions.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use gather::index::{FileStatus, SkipReason};

pub struct Workspace {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
}

impl Workspace {
    pub fn new(files: &[(&str, &str)]) -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        for (path, contents) in files {
            let full = root.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, contents).unwrap();
        }
        Workspace { _dir: dir, root }
    }

    pub fn write(&self, path: &str, contents: &[u8]) {
        let full = self.root.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, contents).unwrap();
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The root held open, as slices and the cache read through it.
    pub fn dir(&self) -> gather::confined::Root {
        gather::confined::Root::open(&self.root).unwrap()
    }
}

pub const PY: &str = r#"import os


def parse(text):
    """Parses text."""
    return text.split()


class Client:
    def send(self, data):
        return len(data)

    def close(self):
        pass
"#;

pub const RS: &str = r#"pub struct Config {
    pub name: String,
}

pub fn load(path: &str) -> Config {
    Config { name: path.to_string() }
}

impl Config {
    pub fn save(&self) -> bool {
        true
    }
}
"#;

pub const GO: &str = r#"package main

type Server struct {
	Addr string
}

func (s *Server) Start() error {
	return nil
}

func parse(text string) []string {
	return nil
}
"#;

/// The item of a pack's JSON whose symbol is `name`.
pub fn item_named<'a>(pack: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    pack["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["symbol"] == name)
        .unwrap_or_else(|| panic!("{name} is in the pack: {pack}"))
}

/// A fixture repository under `tests/fixtures/`.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name)
        .canonicalize()
        .unwrap()
}

/// A workspace whose files were all last modified an hour ago, so that (size, mtime) can
/// prove them unchanged.
pub fn settled(files: &[(&str, &str)]) -> Workspace {
    let ws = Workspace::new(files);
    let hour_ago = SystemTime::now() - Duration::from_secs(3600);
    for (path, _) in files {
        std::fs::File::options()
            .write(true)
            .open(ws.path(path))
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
    }
    ws
}

/// A symbol-mode request for `name` in `path` within `budget` lines.
pub fn symbol(name: &str, path: &str, budget: usize) -> gather::request::ContextRequest {
    symbol_at(name, path, None, budget)
}

/// A symbol-mode request for `name` in `path`, near `line`, within `budget` lines.
pub fn symbol_at(
    name: &str,
    path: &str,
    line: Option<u32>,
    budget: usize,
) -> gather::request::ContextRequest {
    let target = gather::request::Target::Symbol {
        name: name.to_string(),
        path: Some(path.to_string()),
        line,
    };
    gather::request::ContextRequest {
        budget: gather::budget::Budget::Lines(budget),
        ..gather::request::ContextRequest::new(target)
    }
}

/// `kind name range` of each definition, marked when the line rules found it.
pub fn outline_marking_line_rules(symbols: &[gather::index::Symbol]) -> Vec<String> {
    (symbols.iter())
        .map(|s| {
            let by = if s.from_line_rules {
                " by line rules"
            } else {
                ""
            };
            format!("{} {} {}{by}", s.kind, s.qualified_name, s.range)
        })
        .collect()
}

/// Generated (path, contents) pairs borrowed as [`Workspace::new`] takes them.
pub fn borrowed(files: &[(String, String)]) -> Vec<(&str, &str)> {
    (files.iter())
        .map(|(path, text)| (path.as_str(), text.as_str()))
        .collect()
}

/// A workspace of `files` and its index, built cold.
pub fn indexed(files: &[(&str, &str)]) -> (Workspace, gather::index::Index) {
    let ws = Workspace::new(files);
    let index = gather::index::build(ws.root()).unwrap();
    (ws, index)
}

/// Asserts that `index` skipped `path` for `reason`.
pub fn assert_skipped(index: &gather::index::Index, path: &str, reason: SkipReason) {
    assert_eq!(
        index.status(path),
        Some(FileStatus::Skipped(reason)),
        "{path}"
    );
}

/// A slice request for `path` alone.
pub fn req(path: &str) -> gather::slice::SliceRequest {
    gather::slice::SliceRequest {
        path: path.to_string(),
        ..Default::default()
    }
}

/// A slice request for the definition of `path` that holds `line`.
pub fn req_at(path: &str, line: gather::lines::Line) -> gather::slice::SliceRequest {
    gather::slice::SliceRequest {
        line_hint: Some(line),
        ..req(path)
    }
}
