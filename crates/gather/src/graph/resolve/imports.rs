//! Where an import points, by import style, and names a module re-exports or exports by
//! default.

use gather_languages::ImportStyle;

use super::{Context, Target, MAX_DEPTH};
use crate::graph::receiver;
use crate::imports::{has_default_export, reexports, style_of, Named, Reexports};
use crate::index::{FileRecord, Import, SymbolId, SymbolKind};

impl Context<'_> {
    /// Where an import points.
    pub(super) fn import_target(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        if depth > MAX_DEPTH {
            return Vec::new();
        }
        match self.scope(file_idx).style {
            ImportStyle::Python => self.python_import(file_idx, import, depth),
            ImportStyle::EcmaScript => self.ecmascript_import(file_idx, import, depth),
            ImportStyle::Rust => self.rust_import(file_idx, import, depth),
            ImportStyle::Go => {
                let files = self.modules.go_package(&import.source);
                if files.is_empty() {
                    vec![Target::External]
                } else {
                    vec![Target::Module(files.to_vec())]
                }
            }
            ImportStyle::Java => self.java_import(import),
            ImportStyle::Dart | ImportStyle::Lua | ImportStyle::Elixir => {
                self.named_import(file_idx, import)
            }
            ImportStyle::None => Vec::new(),
        }
    }

    /// Python: a name of a module, a submodule, or a name the module re-exports.
    fn python_import(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        let module = self.modules.python_module(file_idx, &import.source);
        match (&import.name, module) {
            (Some(name), Some(module)) => {
                let found = self.top_in_files(&[module], name);
                if !found.is_empty() {
                    return found.into_iter().map(Target::Symbol).collect();
                }
                if let Some(sub) = self.submodule(&[module], name) {
                    return vec![sub];
                }
                self.reexported(module, name, depth)
            }
            (None, Some(module)) => vec![Target::Module(vec![module])],
            (_, None) if import.source.starts_with('.') => Vec::new(),
            (_, None) => vec![Target::External],
        }
    }

    /// ECMAScript: a named export of a module (or one it re-exports), else the module.
    fn ecmascript_import(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        let file = self.file(file_idx);
        match self.modules.ecmascript_module(&file.path, &import.source) {
            Some(module) => match &import.name {
                Some(name) if name != "default" => {
                    let found = self.top_in_files(&[module], name);
                    if !found.is_empty() {
                        return found.into_iter().map(Target::Symbol).collect();
                    }
                    self.reexported(module, name, depth)
                }
                _ => vec![Target::Module(vec![module])],
            },
            None if import.source.starts_with('.') => Vec::new(),
            None => vec![Target::External],
        }
    }

    /// Rust: a `use` path through the crate's module files, then items inside the module.
    fn rust_import(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        let file = self.file(file_idx);
        let segments = rust_use_segments(file, import);
        match self.modules.rust_module(&file.path, &segments) {
            Some((module, consumed)) => {
                let rest = &segments[consumed..];
                if rest.is_empty() {
                    return vec![Target::Module(vec![module])];
                }
                let found = self.walk_members(vec![Target::Module(vec![module])], rest);
                if !found.is_empty() {
                    return found;
                }
                if rest.len() == 1 {
                    let found = self.reexported(module, rest[0], depth);
                    if !found.is_empty() {
                        return found;
                    }
                }
                // A path that starts at no module of this crate: an item of this
                // file (`use Kind::*`) or another crate (`std`, a dependency).
                if consumed == 0 && !matches!(segments[0], "crate" | "self" | "super") {
                    let here = self.walk_members(vec![Target::Module(vec![file_idx])], rest);
                    if !here.is_empty() {
                        return here;
                    }
                    return vec![Target::External];
                }
                Vec::new()
            }
            None => match segments.first() {
                Some(&("crate" | "self" | "super")) => Vec::new(),
                _ => vec![Target::External],
            },
        }
    }

    /// Java: a class of a package, a whole package, or a static member of a class.
    fn java_import(&self, import: &Import) -> Vec<Target> {
        let package = self.modules.java_package(&import.source);
        match &import.name {
            Some(name) if !package.is_empty() => self
                .top_in_files(package, name)
                .into_iter()
                .map(Target::Symbol)
                .collect(),
            None if !package.is_empty() => vec![Target::Module(package.to_vec())],
            _ => {
                // `import static a.b.C.m`: the class is the last segment.
                let Some((package, class)) = import.source.rsplit_once('.') else {
                    return vec![Target::External];
                };
                let files = self.modules.java_package(package);
                let classes = self.top_in_files(files, class);
                if classes.is_empty() {
                    return vec![Target::External];
                }
                match &import.name {
                    Some(name) => classes
                        .iter()
                        .flat_map(|c| self.member_of(&Target::Symbol(*c), name))
                        .map(Target::Symbol)
                        .collect(),
                    None => classes.into_iter().map(Target::Symbol).collect(),
                }
            }
        }
    }

    /// Dart, Lua and Elixir: the file or module an import names.
    fn named_import(&self, file_idx: u32, import: &Import) -> Vec<Target> {
        let file = self.file(file_idx);
        match self.modules.named(style_of(file), &file.path, import) {
            Some(Named::File(module)) => match &import.name {
                Some(name) => self
                    .top_in_files(&[module], name)
                    .into_iter()
                    .map(Target::Symbol)
                    .collect(),
                None => vec![Target::Module(vec![module])],
            },
            Some(Named::Symbol(id)) => vec![Target::Symbol(id)],
            Some(Named::External) => vec![Target::External],
            None => Vec::new(),
        }
    }

    /// Whether `module.name` may reach a name `module` imports: always in Python (an
    /// imported name is a module attribute), only through `export … from` in ECMAScript.
    pub(super) fn exports_imports(&self, module: u32, name: &str) -> bool {
        let scope = self.scope(module);
        match reexports(scope.style) {
            Reexports::Marked => {
                scope
                    .imports
                    .get(name)
                    .is_some_and(|imports| imports.iter().any(|i| i.is_reexport))
                    || scope.globs.iter().any(|g| g.is_reexport)
            }
            Reexports::All => true,
            Reexports::Nothing => false,
        }
    }

    /// `name` as re-exported by `module` (`from ._client import Client` in a package
    /// `__init__`, `export {a} from './a'`, `pub use`).
    pub(super) fn reexported(&self, module: u32, name: &str, depth: u32) -> Vec<Target> {
        let scope = self.scope(module);
        let mut out = Vec::new();
        if let Some(imports) = scope.imports.get(name) {
            for import in imports {
                if import.local.as_deref() == Some(name) {
                    out.extend(self.import_target(module, import, depth + 1));
                }
            }
        }
        if out.is_empty() {
            for glob in &scope.globs {
                for target in self.import_target(module, glob, depth + 1) {
                    if let Target::Module(files) = &target {
                        let found = self.top_in_files(files, name);
                        if found.is_empty() && glob.is_reexport && depth < MAX_DEPTH {
                            // A barrel of barrels: `export * from './a'` where `a` does the same.
                            for &file in files {
                                out.extend(self.reexported(file, name, depth + 1));
                            }
                        }
                        out.extend(found.into_iter().map(Target::Symbol));
                    }
                }
            }
        }
        out
    }

    /// A default or namespace import called directly: the module's definition of the
    /// local name, or its only top-level function or class.
    pub(super) fn default_export(&self, files: &[u32], local: &str) -> Vec<SymbolId> {
        let named = self.top_in_files(files, local);
        if !named.is_empty() {
            return named;
        }
        // `export default function f`, `export default f`: that definition; an anonymous
        // `export default (…) => …` is none of the module's named definitions.
        if let Some(&file_idx) = files.first() {
            if has_default_export(style_of(self.file(file_idx))) {
                if let Some(loaded) = self.file_text(file_idx) {
                    match receiver::default_export_name(loaded.text()) {
                        Some(Some(name)) => return self.top_in_files(files, name),
                        Some(None) => return Vec::new(),
                        None => {}
                    }
                }
            }
        }
        let mut callables = Vec::new();
        for &file_idx in files {
            for (idx, symbol) in self.file(file_idx).symbols.iter().enumerate() {
                if symbol.parent.is_none()
                    && matches!(symbol.kind, SymbolKind::Function | SymbolKind::Class)
                {
                    callables.push(SymbolId {
                        file: file_idx,
                        idx: idx as u32,
                    });
                }
            }
        }
        if callables.len() == 1 {
            callables
        } else {
            Vec::new()
        }
    }
}

/// The segments of a Rust `use` path, the imported name included; `super` inside an
/// inline module (`mod tests { use super::*; }`) starts from this file's own module.
fn rust_use_segments<'f>(file: &FileRecord, import: &'f Import) -> Vec<&'f str> {
    let mut segments: Vec<&str> = import
        .source
        .split("::")
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(name) = &import.name {
        segments.push(name);
    }
    let inline = file
        .symbols
        .iter()
        .filter(|s| {
            s.kind == SymbolKind::Module
                && s.range.start < import.line
                && import.line <= s.range.end
        })
        .count();
    let supers = segments.iter().take_while(|s| **s == "super").count();
    if inline > 0 && supers > 0 {
        if supers <= inline {
            segments.splice(0..supers, ["self"]);
        } else {
            segments.drain(0..inline);
        }
    }
    segments
}
