//! Where an import points, by import style, following the names modules re-export; the
//! members of a target (a module's definitions, a type's methods) and walking them segment
//! by segment, which an import's path does too (`use a::B::c`, `import static a.B.m`).

use gather_languages::ImportStyle;

use super::{is_type, Context, Target, MAX_DEPTH};
use crate::imports::style_of;
use crate::index::{FileRecord, Import, SymbolId, SymbolKind};

impl Context<'_> {
    /// Where an import points.
    pub(super) fn import_target(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        if depth > MAX_DEPTH {
            return Vec::new();
        }
        // The style alone, not the importing file's whole scope: callers of a module's
        // definitions look at every import of the workspace, and most of those files'
        // scopes are never needed otherwise.
        match style_of(self.facts.file(file_idx)) {
            ImportStyle::Python => self.python_import(file_idx, import, depth),
            ImportStyle::EcmaScript => self.ecmascript_import(file_idx, import, depth),
            ImportStyle::Rust => self.rust_import(file_idx, import, depth),
            ImportStyle::Go => {
                let files = self.facts.modules.go_package(&import.source);
                if files.is_empty() {
                    vec![Target::External]
                } else {
                    vec![Target::Module(files.to_vec())]
                }
            }
            ImportStyle::Java => self.java_import(import),
            ImportStyle::Dart | ImportStyle::Lua | ImportStyle::Elixir => {
                self.facts.named_import(file_idx, import)
            }
            ImportStyle::None => Vec::new(),
        }
    }

    /// Python: a name of a module, a submodule, or a name the module re-exports.
    fn python_import(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        let module = self.facts.modules.python_module(file_idx, &import.source);
        match (&import.name, module) {
            (Some(name), Some(module)) => {
                let found = self.facts.top_in_files(&[module], name);
                if !found.is_empty() {
                    return found.into_iter().map(Target::Symbol).collect();
                }
                if let Some(sub) = self.facts.submodule(&[module], name) {
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
        let file = self.facts.file(file_idx);
        match self
            .facts
            .modules
            .ecmascript_module(&file.path, &import.source)
        {
            Some(module) => match &import.name {
                Some(name) if name != "default" => {
                    let found = self.facts.top_in_files(&[module], name);
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
        let file = self.facts.file(file_idx);
        let segments = rust_use_segments(file, import);
        match self.facts.modules.rust_module(&file.path, &segments) {
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
        let package = self.facts.modules.java_package(&import.source);
        match &import.name {
            Some(name) if !package.is_empty() => self
                .facts
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
                let files = self.facts.modules.java_package(package);
                let classes = self.facts.top_in_files(files, class);
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

    /// `name` as re-exported by `module` (`from ._client import Client` in a package
    /// `__init__`, `export {a} from './a'`, `pub use`).
    pub(super) fn reexported(&self, module: u32, name: &str, depth: u32) -> Vec<Target> {
        let scope = self.facts.scope(module);
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
                        let found = self.facts.top_in_files(files, name);
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

    /// The members named `name` of a target: top-level definitions of a module, methods
    /// of a type (including every Rust `impl` of it in the same files or crate).
    pub(super) fn member_of(&self, target: &Target, name: &str) -> Vec<SymbolId> {
        match target {
            Target::External => Vec::new(),
            Target::Module(files) => {
                let found = self.facts.top_in_files(files, name);
                if !found.is_empty() {
                    return found;
                }
                // `pkg.f` where the package's `__init__` (or an index module) imports `f`.
                let mut found: Vec<SymbolId> = files
                    .iter()
                    .filter(|&&file| self.facts.exports_imports(file, name))
                    .flat_map(|&file| self.reexported(file, name, 1))
                    .filter_map(|t| match t {
                        Target::Symbol(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                found.sort();
                found.dedup();
                found
            }
            Target::Symbol(id) => {
                let scope = self.facts.scope(id.file);
                let mut found: Vec<SymbolId> = scope
                    .members
                    .get(&(id.idx, name))
                    .map(|v| {
                        v.iter()
                            .map(|&idx| SymbolId { file: id.file, idx })
                            .collect()
                    })
                    .unwrap_or_default();
                let symbol = self.facts.index.symbol(*id).symbol;
                // Methods live in impl blocks (Rust) or receivers elsewhere (Go): every
                // definition holding methods under the same name in the same language.
                // An `impl` block stands for its type: `Self::f()` in `impl Frame` reaches
                // `f` of `impl Decode for Frame`.
                if found.is_empty() && (is_type(symbol.kind) || symbol.kind == SymbolKind::Impl) {
                    for other in self.facts.index.ids_named(&symbol.name) {
                        if other == id || !self.facts.same_language(id.file, other.file) {
                            continue;
                        }
                        let other_symbol = self.facts.index.symbol(*other).symbol;
                        if other_symbol.kind.holds_methods() {
                            if let Some(members) =
                                self.facts.scope(other.file).members.get(&(other.idx, name))
                            {
                                found.extend(members.iter().map(|&idx| SymbolId {
                                    file: other.file,
                                    idx,
                                }));
                            }
                        }
                    }
                }
                found.sort();
                found.dedup();
                found
            }
        }
    }

    /// Follows `rest` member by member from `base`.
    pub(super) fn walk_members(&self, base: Vec<Target>, rest: &[&str]) -> Vec<Target> {
        let mut current = base;
        for segment in rest {
            let mut next = Vec::new();
            for target in &current {
                match target {
                    Target::External => next.push(Target::External),
                    Target::Module(files) => {
                        let found = self.member_of(target, segment);
                        if !found.is_empty() {
                            next.extend(found.into_iter().map(Target::Symbol));
                        } else if let Some(sub) = self.facts.submodule(files, segment) {
                            next.push(sub);
                        }
                    }
                    Target::Symbol(_) => {
                        next.extend(
                            self.member_of(target, segment)
                                .into_iter()
                                .map(Target::Symbol),
                        );
                    }
                }
            }
            current = next;
        }
        current
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
