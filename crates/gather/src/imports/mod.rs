//! Where an import's source points: module paths mapped to files. `Modules` holds the
//! paths and packages every style reads (Java packages are only those) and one table per
//! `ImportStyle` with names of its own, each in its file with the rules that read it
//! (Python dotted modules, ECMAScript relative specifiers and workspace packages, Rust
//! crate paths, Go module paths, Dart library URIs, Lua `require` names, Elixir module
//! names). Built once per index, on the first call-graph query that needs them.
//!
//! This module is the one sanctioned switch on the language: it alone matches on
//! `ImportStyle`, and callers ask it what a style means rather than naming one.

mod dart;
mod ecmascript;
mod elixir;
mod go;
mod lua;
mod npm;
mod python;
mod rust;

use std::collections::HashSet;

use rustc_hash::FxHashMap as HashMap;

use gather_languages::ImportStyle;

use crate::confined::Root;
use crate::record::{FileRecord, Import, SymbolId};

/// Root-relative paths → file.
type Paths = HashMap<String, u32>;

/// Go and Java: directory or package → files.
type Packages = HashMap<String, Vec<u32>>;

/// The module maps of one workspace: the paths and packages every style reads, and each
/// style's own names.
#[derive(Debug)]
pub struct Modules {
    paths: Paths,
    packages: Packages,
    python: python::PythonModules,
    crates: rust::Crates,
    go: go::GoModules,
    /// ECMAScript: the workspace's own packages, by `package.json`.
    npm: Vec<npm::Package>,
    dart: dart::DartPackages,
    lua: lua::LuaFiles,
    elixir: elixir::ElixirModules,
}

/// What an import of a Dart library, a Lua module or an Elixir module names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    /// A file of the workspace.
    File(u32),
    /// A definition of the workspace (an Elixir `defmodule`).
    Symbol(SymbolId),
    /// Nothing of the workspace: an SDK or dependency library.
    External,
}

impl Modules {
    /// Builds the maps for the files of a workspace (an index's files, in order) under `root`.
    pub fn new(files: &[FileRecord], root: &Root) -> Modules {
        let mut modules = Modules {
            paths: HashMap::default(),
            packages: HashMap::default(),
            python: Default::default(),
            crates: Default::default(),
            go: Default::default(),
            npm: Vec::new(),
            dart: Default::default(),
            lua: Default::default(),
            elixir: Default::default(),
        };
        let has_init: HashSet<&str> = files
            .iter()
            .filter_map(|f| f.path.strip_suffix("/__init__.py"))
            .collect();
        for (idx, file) in files.iter().enumerate() {
            let idx = idx as u32;
            modules.paths.insert(file.path.clone(), idx);
            modules.add_module(idx, file, &has_init);
            modules.add_manifest(root, &file.path);
        }
        modules.npm = npm::packages(files, root);
        // Longest directories first, so nested crates and modules win over their parents.
        modules.crates.sort();
        modules.go.sort();
        modules
    }

    /// Files the module names of a file's import style name.
    fn add_module(&mut self, idx: u32, file: &FileRecord, has_init: &HashSet<&str>) {
        match style_of(file) {
            ImportStyle::Python => self.python.add(idx, file, has_init),
            ImportStyle::Go | ImportStyle::Java => {
                self.packages
                    .entry(package_key(file))
                    .or_default()
                    .push(idx);
            }
            ImportStyle::Lua => self.lua.add(file.path.clone(), idx),
            ImportStyle::Elixir => self.elixir.add(idx, file),
            _ => {}
        }
    }

    /// A manifest naming a crate (`Cargo.toml`), a Dart package (`pubspec.yaml`) or a Go
    /// module (`go.mod`).
    fn add_manifest(&mut self, root: &Root, path: &str) {
        match path.rsplit('/').next().unwrap_or(path) {
            "Cargo.toml" => self.crates.add(root, path),
            "pubspec.yaml" => self.dart.add(root, path),
            "go.mod" => self.go.add(root, path),
            _ => {}
        }
    }

    /// The file of module `source` imported from file `from` (at `from_path`), where
    /// modules are files named by a path (Python, ECMAScript).
    pub(crate) fn module_file(
        &self,
        style: ImportStyle,
        from: u32,
        from_path: &str,
        source: &str,
    ) -> Option<u32> {
        match style {
            ImportStyle::Python => self.python_module(from, source),
            ImportStyle::EcmaScript => self.ecmascript_module(from_path, source),
            _ => None,
        }
    }

    /// The module file a `::` path names from `from_path` (Rust: `crate::a::b`,
    /// `super::x`, a crate's name), and how many segments of `path` lead to it.
    pub(crate) fn module_of_path(
        &self,
        style: ImportStyle,
        from_path: &str,
        path: &[&str],
    ) -> Option<(u32, usize)> {
        match style {
            ImportStyle::Rust => self.rust_module(from_path, path),
            _ => None,
        }
    }

    /// Dart, Lua and Elixir: what `import` of `from_path` names; `None` when it names a
    /// file of the workspace that is not there (a relative URI to a missing file), or when
    /// several files fit a Lua name equally.
    pub fn named(&self, style: ImportStyle, from_path: &str, import: &Import) -> Option<Named> {
        match style {
            ImportStyle::Dart => self.dart.library(&self.paths, from_path, &import.source),
            ImportStyle::Lua => self.lua.module(from_path, &import.source),
            ImportStyle::Elixir => Some(self.elixir.module(import)),
            _ => None,
        }
    }

    /// Python: the file of an absolute or relative module `source` imported from `from`.
    pub(crate) fn python_module(&self, from: u32, source: &str) -> Option<u32> {
        self.python.module(from, source)
    }

    /// ECMAScript: the file a relative specifier points at, probing extensions and `index`,
    /// or the file a bare specifier naming a workspace package exports.
    pub(crate) fn ecmascript_module(&self, from_path: &str, specifier: &str) -> Option<u32> {
        ecmascript::module(&self.paths, &self.npm, from_path, specifier)
    }

    /// Rust: the file of a module path as seen from `from_path`, and how many segments of
    /// `path` lead to it.
    pub(crate) fn rust_module(&self, from_path: &str, path: &[&str]) -> Option<(u32, usize)> {
        self.crates.module(&self.paths, from_path, path)
    }

    /// Go: the files of the package an import path names.
    pub(crate) fn go_package(&self, import_path: &str) -> &[u32] {
        self.go.package(&self.packages, import_path)
    }

    /// Java (and the languages importing as it does): the files declaring `package`.
    pub(crate) fn java_package(&self, package: &str) -> &[u32] {
        self.packages.get(package).map_or(&[], Vec::as_slice)
    }

    /// Go and Java: the files of the same package as `file`.
    pub(crate) fn same_package(&self, file: &FileRecord) -> &[u32] {
        self.packages
            .get(&package_key(file))
            .map_or(&[], Vec::as_slice)
    }
}

/// The import style of a file's language.
pub(crate) fn style_of(file: &FileRecord) -> ImportStyle {
    file.language
        .as_deref()
        .and_then(gather_languages::by_id)
        .map_or(ImportStyle::None, |spec| spec.import_style)
}

/// Whether the files of a package see each other's top-level names without an import
/// (Go directories, Java packages).
pub(crate) fn shares_package_scope(style: ImportStyle) -> bool {
    matches!(style, ImportStyle::Go | ImportStyle::Java)
}

/// How the receiver of a call may name a module, so that free functions are candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ModuleReceiver {
    /// Never: packages come only from imports and every other receiver is a value (Go,
    /// Java), so no name is a global either.
    Never,
    /// Only before `::` (Rust's `m::f()`, not `v.f()`).
    Path,
    /// Any receiver may be a module.
    Any,
}

/// How a receiver of this style may name a module.
pub(crate) fn module_receiver(style: ImportStyle) -> ModuleReceiver {
    match style {
        ImportStyle::Go | ImportStyle::Java => ModuleReceiver::Never,
        ImportStyle::Rust => ModuleReceiver::Path,
        _ => ModuleReceiver::Any,
    }
}

/// Which names a module imports are also reachable as its own (`pkg.f` where `pkg`
/// imports `f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reexports {
    /// Every imported name is a module attribute (Python).
    All,
    /// Only names imported by a re-export (`export {a} from './a'`, ECMAScript).
    Marked,
    /// None.
    Nothing,
}

/// Which imported names a module of this style re-exports.
pub(crate) fn reexports(style: ImportStyle) -> Reexports {
    match style {
        ImportStyle::Python => Reexports::All,
        ImportStyle::EcmaScript => Reexports::Marked,
        _ => Reexports::Nothing,
    }
}

/// Whether a workspace `impl` block may extend a type defined outside the workspace
/// (Rust's `impl Decode for String`), so that a call through that type (`String::from_bytes`)
/// reaches the workspace's impls of it.
pub(crate) fn impls_extend_outside_types(style: ImportStyle) -> bool {
    style == ImportStyle::Rust
}

/// Whether a module of this style may stand for its default export (`import Logger from
/// './logger'`, `export default f`).
pub(crate) fn has_default_export(style: ImportStyle) -> bool {
    style == ImportStyle::EcmaScript
}

/// The paths a submodule `name` of the module `file` may have (`pkg.sub`: `pkg/sub.py`,
/// `pkg/sub/__init__.py`), where a module's attributes reach its submodules.
pub(crate) fn submodule_paths(file: &FileRecord, name: &str) -> Vec<String> {
    match style_of(file) {
        ImportStyle::Python => python::submodule_paths(&file.path, name),
        _ => Vec::new(),
    }
}

/// The key of a Go or Java file's package: the declared package (Java), else the directory.
fn package_key(file: &FileRecord) -> String {
    match (&file.package, style_of(file)) {
        (Some(package), ImportStyle::Java) => package.clone(),
        _ => parent_dir(&file.path).to_string(),
    }
}

/// The directory of a root-relative path (`""` at the root).
pub(super) fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// Folds `.` and `..` in a `/`-separated relative path.
pub(super) fn normalize(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_normalize() {
        assert_eq!(normalize("src/a/../b/./c"), "src/b/c");
        assert_eq!(parent_dir("a/b.ts"), "a");
        assert_eq!(parent_dir("b.ts"), "");
    }
}
