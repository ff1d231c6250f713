//! A temporary workspace written from (path, contents) pairs, a fixture repository, a
//! symbol request, and a pack's item by symbol.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

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
