//! Where an import's source points: module paths mapped to files, one scheme per
//! `ImportStyle` (Python dotted modules, ECMAScript relative specifiers, Rust crate paths,
//! Go package directories, Java packages, Dart library URIs, Lua `require` names, Elixir
//! module names). Built once per index, on the first call-graph query that needs them.

use std::collections::HashSet;

use rustc_hash::FxHashMap as HashMap;

use gather_languages::ImportStyle;

use super::{FileRecord, Import, Index, SymbolId, SymbolKind};
use crate::confined::Root;

/// The module maps of one workspace.
#[derive(Debug)]
pub struct Modules {
    /// Python: dotted module name → file.
    python: HashMap<String, u32>,
    /// Python: file → its dotted module name and whether it is a package `__init__`.
    python_names: HashMap<u32, (String, bool)>,
    /// Root-relative paths → file, for ECMAScript probing.
    paths: HashMap<String, u32>,
    /// Rust crates: (crate name, `src` directory).
    crates: Vec<(String, String)>,
    /// Go: the module path of each `go.mod` and its directory.
    go_modules: Vec<(String, String)>,
    /// Go and Java: directory or package → files.
    packages: HashMap<String, Vec<u32>>,
    /// ECMAScript: the workspace's own packages, by `package.json`.
    npm: Vec<super::npm::Package>,
    /// Dart: (package name from `pubspec.yaml`, its directory).
    dart_packages: Vec<(String, String)>,
    /// Lua: every Lua file's path, for `require` names.
    lua: Vec<(String, u32)>,
    /// Elixir: module name → its `defmodule`.
    elixir: HashMap<String, SymbolId>,
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
    /// Builds the maps for every file of `index`.
    pub fn new(index: &Index) -> Modules {
        let mut modules = Modules {
            python: HashMap::default(),
            python_names: HashMap::default(),
            paths: HashMap::default(),
            crates: Vec::new(),
            go_modules: Vec::new(),
            packages: HashMap::default(),
            npm: Vec::new(),
            dart_packages: Vec::new(),
            lua: Vec::new(),
            elixir: HashMap::default(),
        };
        let has_init: std::collections::HashSet<&str> = index
            .files()
            .iter()
            .filter_map(|f| f.path.strip_suffix("/__init__.py"))
            .collect();
        for (idx, file) in index.files().iter().enumerate() {
            let idx = idx as u32;
            modules.paths.insert(file.path.clone(), idx);
            modules.add_module(idx, file, &has_init);
            modules.add_manifest(index.root_dir(), &file.path);
        }
        modules.npm = super::npm::packages(index);
        // Longest source directories first, so nested crates win over their parents.
        modules.crates.sort_by_key(|c| std::cmp::Reverse(c.1.len()));
        modules
            .go_modules
            .sort_by_key(|m| std::cmp::Reverse(m.1.len()));
        modules
    }

    /// Files the module names of a file's import style name.
    fn add_module(&mut self, idx: u32, file: &FileRecord, has_init: &HashSet<&str>) {
        match style_of(file) {
            ImportStyle::Python => {
                let (name, is_package) = python_module_name(&file.path, has_init);
                self.python.entry(name.clone()).or_insert(idx);
                // The full root-relative path also names the module (scripts, tests).
                let full = file
                    .path
                    .trim_end_matches(".pyi")
                    .trim_end_matches(".py")
                    .replace('/', ".");
                let full = full.strip_suffix(".__init__").unwrap_or(&full).to_string();
                self.python.entry(full).or_insert(idx);
                self.python_names.insert(idx, (name, is_package));
            }
            ImportStyle::Go | ImportStyle::Java => {
                let key = match (&file.package, style_of(file)) {
                    (Some(package), ImportStyle::Java) => package.clone(),
                    _ => parent_dir(&file.path).to_string(),
                };
                self.packages.entry(key).or_default().push(idx);
            }
            ImportStyle::Lua => self.lua.push((file.path.clone(), idx)),
            ImportStyle::Elixir => {
                for (i, symbol) in file.symbols.iter().enumerate() {
                    if symbol.kind == SymbolKind::Module {
                        let id = SymbolId {
                            file: idx,
                            idx: i as u32,
                        };
                        self.elixir
                            .entry(symbol.qualified_name.clone())
                            .or_insert(id);
                    }
                }
            }
            _ => {}
        }
    }

    /// A manifest naming a crate (`Cargo.toml`), a Dart package (`pubspec.yaml`) or a Go
    /// module (`go.mod`).
    fn add_manifest(&mut self, root: &Root, path: &str) {
        let name = path.rsplit('/').next().unwrap_or(path);
        if name == "Cargo.toml" {
            if let Some(crate_name) = read_manifest_value(root, path, "name") {
                let dir = parent_dir(path);
                let src = if dir.is_empty() {
                    "src".to_string()
                } else {
                    format!("{dir}/src")
                };
                self.crates.push((crate_name.replace('-', "_"), src));
            }
        } else if name == "pubspec.yaml" {
            if let Some(package) = read_pubspec_name(root, path) {
                self.dart_packages
                    .push((package, parent_dir(path).to_string()));
            }
        } else if name == "go.mod" {
            if let Some(module) = read_go_module(root, path) {
                self.go_modules.push((module, parent_dir(path).to_string()));
            }
        }
    }

    /// Python: the file of an absolute or relative module `source` imported from `from`.
    pub fn python_module(&self, from: u32, source: &str) -> Option<u32> {
        let absolute = if source.starts_with('.') {
            let (own, is_package) = self.python_names.get(&from)?;
            let dots = source.len() - source.trim_start_matches('.').len();
            let mut parts: Vec<&str> = own.split('.').collect();
            // A module's package is its parent; a package `__init__` is its own package.
            let up = if *is_package { dots - 1 } else { dots };
            for _ in 0..up {
                parts.pop()?;
            }
            let rest = &source[dots..];
            let mut name = parts.join(".");
            if !rest.is_empty() {
                if !name.is_empty() {
                    name.push('.');
                }
                name.push_str(rest);
            }
            name
        } else {
            source.to_string()
        };
        if let Some(&idx) = self.python.get(&absolute) {
            return Some(idx);
        }
        None
    }

    /// ECMAScript: the file a relative specifier points at, probing extensions and `index`.
    pub fn ecmascript_module(&self, from_path: &str, specifier: &str) -> Option<u32> {
        if !specifier.starts_with('.') {
            return self.workspace_package_module(specifier);
        }
        self.probe_ecmascript(parent_dir(from_path), specifier)
    }

    /// A bare specifier naming a package of the workspace (`zod/v4` in zod's own tests):
    /// the file its `exports` give that subpath.
    fn workspace_package_module(&self, specifier: &str) -> Option<u32> {
        let (name, subpath) = super::npm::split_specifier(specifier)?;
        let package = self.npm.iter().find(|p| p.name == name)?;
        package
            .targets(&subpath)
            .iter()
            .find_map(|target| self.probe_ecmascript(&package.dir, target))
    }

    /// The file `specifier` names relative to the directory `dir`, probing extensions and
    /// `index`.
    fn probe_ecmascript(&self, dir: &str, specifier: &str) -> Option<u32> {
        let joined = normalize(&format!("{dir}/{specifier}"));
        let candidates = ImportStyle::EcmaScript.module_file_candidates(&joined);
        candidates
            .iter()
            .find_map(|c| self.paths.get(c.trim_start_matches("./")).copied())
    }

    /// Rust: the file of a module path (`crate::a::b`, `super::x`, `other_crate::m`) as
    /// seen from `from_path`, and how many segments of `path` lead to it (the rest names
    /// items inside that file). A path through another crate's name resolves from any
    /// file, integration tests and examples included.
    pub fn rust_module(&self, from_path: &str, path: &[&str]) -> Option<(u32, usize)> {
        let first = *path.first()?;
        if !matches!(first, "crate" | "self" | "super") {
            if let Some((_, src)) = self.crates.iter().find(|(name, _)| name == first) {
                return self
                    .rust_in_crate(src, &[], &path[1..])
                    .map(|(file, n)| (file, n + 1));
            }
        }
        let (crate_src, own) = self.rust_module_of(from_path)?;
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
                if let Some(found) = self.rust_in_crate(&crate_src, &own, path) {
                    if found.1 > 0 {
                        return Some(found);
                    }
                }
                (Vec::new(), 0)
            }
        };
        self.rust_in_crate(&crate_src, &base, &path[prefix..])
            .map(|(file, n)| (file, n + prefix))
    }

    /// The longest prefix of `base + rest` that is a module file; returns the file and how
    /// many segments of `rest` it consumed.
    fn rust_in_crate(&self, src: &str, base: &[String], rest: &[&str]) -> Option<(u32, usize)> {
        for take in (0..=rest.len()).rev() {
            let mut segments: Vec<&str> = base.iter().map(String::as_str).collect();
            segments.extend_from_slice(&rest[..take]);
            if let Some(idx) = self.rust_file(src, &segments) {
                return Some((idx, take));
            }
        }
        None
    }

    fn rust_file(&self, src: &str, segments: &[&str]) -> Option<u32> {
        if segments.is_empty() {
            return ["lib.rs", "main.rs"]
                .iter()
                .find_map(|f| self.paths.get(&format!("{src}/{f}")).copied());
        }
        let joined = segments.join("/");
        [
            format!("{src}/{joined}.rs"),
            format!("{src}/{joined}/mod.rs"),
        ]
        .iter()
        .find_map(|p| self.paths.get(p).copied())
    }

    /// The crate `src` directory and module path of a Rust file.
    fn rust_module_of(&self, path: &str) -> Option<(String, Vec<String>)> {
        let (_, src) = self
            .crates
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

    /// Dart, Lua and Elixir: what `import` of `from_path` names; `None` when it names a
    /// file of the workspace that is not there (a relative URI to a missing file), or when
    /// several files fit a Lua name equally.
    pub fn named(&self, style: ImportStyle, from_path: &str, import: &Import) -> Option<Named> {
        match style {
            ImportStyle::Dart => self.dart_library(from_path, &import.source),
            ImportStyle::Lua => self.lua_module(from_path, &import.source),
            ImportStyle::Elixir => {
                let module = match &import.name {
                    Some(name) => format!("{}.{name}", import.source),
                    None => import.source.clone(),
                };
                Some(
                    self.elixir
                        .get(&module)
                        .map_or(Named::External, |&id| Named::Symbol(id)),
                )
            }
            _ => None,
        }
    }

    /// Dart: `dart:` libraries are the SDK's; `package:name/x.dart` is `lib/x.dart` of the
    /// workspace package `name`, else a dependency's; any other URI is relative.
    fn dart_library(&self, from_path: &str, uri: &str) -> Option<Named> {
        if uri.starts_with("dart:") {
            return Some(Named::External);
        }
        let path = match uri.strip_prefix("package:") {
            Some(rest) => {
                let (package, inner) = rest.split_once('/')?;
                let Some((_, dir)) = self.dart_packages.iter().find(|(name, _)| name == package)
                else {
                    return Some(Named::External);
                };
                normalize(&format!("{dir}/lib/{inner}"))
            }
            None => normalize(&format!("{}/{uri}", parent_dir(from_path))),
        };
        self.paths.get(&path).map(|&idx| Named::File(idx))
    }

    /// Lua: `a.b` is the file `a/b.lua` or `a/b/init.lua` under any directory (Lua's search
    /// path is the application's choice); of several, the one sharing the most directories
    /// with the requiring file. None in the workspace: a library.
    fn lua_module(&self, from_path: &str, name: &str) -> Option<Named> {
        let relative = name.replace('.', "/");
        let wanted = [format!("{relative}.lua"), format!("{relative}/init.lua")];
        let fits = |path: &str| {
            wanted
                .iter()
                .any(|w| path == w || path.ends_with(&format!("/{w}")))
        };
        let shared = |path: &str| {
            from_path
                .split('/')
                .zip(path.split('/'))
                .take_while(|(a, b)| a == b)
                .count()
        };
        let mut found: Vec<(usize, u32)> = self
            .lua
            .iter()
            .filter(|(path, _)| fits(path))
            .map(|(path, idx)| (shared(path), *idx))
            .collect();
        found.sort_by_key(|&(shared, _)| std::cmp::Reverse(shared));
        match found.as_slice() {
            [] => Some(Named::External),
            [(_, idx)] => Some(Named::File(*idx)),
            [(a, idx), (b, _), ..] if a > b => Some(Named::File(*idx)),
            _ => None,
        }
    }

    /// Go: the files of the package an import path names.
    pub fn go_package(&self, import_path: &str) -> &[u32] {
        for (module, dir) in &self.go_modules {
            if let Some(rest) = import_path.strip_prefix(module.as_str()) {
                let rest = rest.trim_start_matches('/');
                let key = match (dir.is_empty(), rest.is_empty()) {
                    (true, _) => rest.to_string(),
                    (false, true) => dir.clone(),
                    (false, false) => format!("{dir}/{rest}"),
                };
                return self.packages.get(&key).map_or(&[], Vec::as_slice);
            }
        }
        &[]
    }

    /// Go and Java: the files of the same package as `file`.
    pub fn same_package(&self, file: &FileRecord) -> &[u32] {
        let key = match (&file.package, style_of(file)) {
            (Some(package), ImportStyle::Java) => package.clone(),
            _ => parent_dir(&file.path).to_string(),
        };
        self.packages.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Java: the files declaring `package`.
    pub fn java_package(&self, package: &str) -> &[u32] {
        self.packages.get(package).map_or(&[], Vec::as_slice)
    }
}

/// The import style of a file's language.
pub fn style_of(file: &FileRecord) -> ImportStyle {
    file.language
        .as_deref()
        .and_then(gather_languages::by_id)
        .map_or(ImportStyle::None, |spec| spec.import_style)
}

/// The module name of a Python file: its chain of package directories (those holding an
/// `__init__.py`) and its stem; and whether it is a package `__init__`.
fn python_module_name(path: &str, has_init: &std::collections::HashSet<&str>) -> (String, bool) {
    let stem = path.trim_end_matches(".pyi").trim_end_matches(".py");
    let mut parts: Vec<&str> = stem.split('/').collect();
    let is_package = parts.last() == Some(&"__init__");
    if is_package {
        parts.pop();
    }
    // Walk up while the directory is a package: one with `__init__.py`, or one without
    // inside such a package (a namespace package: `flask/sansio/app.py` is
    // `flask.sansio.app`).
    let mut first = parts.len().saturating_sub(1);
    if is_package {
        first = parts.len();
    }
    while first > 0 {
        let dir = parts[..first].join("/");
        let in_package = first > 1 && has_init.contains(parts[..first - 1].join("/").as_str());
        if !has_init.contains(dir.as_str()) && !in_package {
            break;
        }
        first -= 1;
    }
    (parts[first..].join("."), is_package)
}

fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// Folds `.` and `..` in a `/`-separated relative path.
fn normalize(path: &str) -> String {
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

/// The top-level `name:` of a `pubspec.yaml`.
fn read_pubspec_name(root: &Root, path: &str) -> Option<String> {
    let text = root.read_text(path)?;
    text.lines().find_map(|l| {
        l.strip_prefix("name:")
            .map(|name| name.trim().trim_matches(['"', '\'']).to_string())
            .filter(|name| !name.is_empty())
    })
}

fn read_go_module(root: &Root, path: &str) -> Option<String> {
    let text = root.read_text(path)?;
    text.lines().find_map(|l| {
        l.trim()
            .strip_prefix("module ")
            .map(|m| m.trim().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_names_follow_packages() {
        let init: std::collections::HashSet<&str> =
            ["httpx", "httpx/_transports"].into_iter().collect();
        assert_eq!(
            python_module_name("httpx/_client.py", &init),
            ("httpx._client".into(), false)
        );
        assert_eq!(
            python_module_name("httpx/__init__.py", &init),
            ("httpx".into(), true)
        );
        assert_eq!(
            python_module_name("httpx/_transports/default.py", &init),
            ("httpx._transports.default".into(), false)
        );
        assert_eq!(
            python_module_name("tests/test_api.py", &init),
            ("test_api".into(), false)
        );
        // A directory without `__init__.py` inside a package is a namespace package.
        assert_eq!(
            python_module_name("httpx/_sansio/app.py", &init),
            ("httpx._sansio.app".into(), false)
        );
        assert_eq!(
            python_module_name("scripts/tools/run.py", &init),
            ("run".into(), false)
        );
    }

    #[test]
    fn paths_normalize() {
        assert_eq!(normalize("src/a/../b/./c"), "src/b/c");
        assert_eq!(parent_dir("a/b.ts"), "a");
        assert_eq!(parent_dir("b.ts"), "");
    }
}
