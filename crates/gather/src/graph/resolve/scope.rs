//! File scopes: the names each file defines (top level and members) and imports, built on
//! first use; lookups of top-level names in a set of files, and of the names the scopes
//! around a definition hold.

use gather_languages::ImportStyle;
use gather_languages::LanguageSpec;
use rustc_hash::FxHashMap as HashMap;

use super::{is_callable, is_constructible, is_method, is_type, Facts, Target};
use crate::imports::{self, shares_package_scope, style_of};
use crate::index::{CallKind, FileRecord, Import, SymbolId, SymbolKind};

/// The names one file defines and imports.
pub(super) struct FileScope<'a> {
    pub(super) top: HashMap<&'a str, Vec<u32>>,
    pub(super) members: HashMap<(u32, &'a str), Vec<u32>>,
    pub(super) imports: HashMap<&'a str, Vec<&'a Import>>,
    pub(super) globs: Vec<&'a Import>,
    pub(super) spec: Option<&'static LanguageSpec>,
    pub(super) style: ImportStyle,
}

impl FileScope<'_> {
    /// Whether bare names reach members of the enclosing type.
    pub(super) fn implicit_this(&self) -> bool {
        self.spec.is_some_and(|s| s.implicit_this)
    }

    /// Whether object literals in anonymous callbacks hold definitions (see
    /// `LanguageSpec::callback_literals`).
    pub(super) fn callback_literals(&self) -> bool {
        self.spec.is_some_and(|s| s.callback_literals)
    }
}

impl<'a> Facts<'a> {
    /// The names a file defines and imports, built on first use.
    pub(super) fn scope(&self, idx: u32) -> &FileScope<'a> {
        self.scopes[idx as usize].get_or_init(|| {
            let file: &'a FileRecord = self.file(idx);
            let mut scope = FileScope {
                top: HashMap::default(),
                members: HashMap::default(),
                imports: HashMap::default(),
                globs: Vec::new(),
                spec: file.language.as_deref().and_then(gather_languages::by_id),
                style: style_of(file),
            };
            for (idx, symbol) in file.symbols.iter().enumerate() {
                match symbol.parent {
                    None => scope
                        .top
                        .entry(symbol.name.as_str())
                        .or_default()
                        .push(idx as u32),
                    Some(p) => scope
                        .members
                        .entry((p, symbol.name.as_str()))
                        .or_default()
                        .push(idx as u32),
                }
            }
            for import in &file.imports {
                match &import.local {
                    // `import a.b` binds `a` (and `a.b` through it).
                    Some(local) => {
                        let key = local.split('.').next().unwrap_or(local);
                        scope.imports.entry(key).or_default().push(import);
                    }
                    None => scope.globs.push(import),
                }
            }
            Box::new(scope)
        })
    }

    /// Top-level definitions named `name` in `files`.
    pub(super) fn top_in_files(&self, files: &[u32], name: &str) -> Vec<SymbolId> {
        let mut out = Vec::new();
        for &file in files {
            if let Some(found) = self.scope(file).top.get(name) {
                out.extend(found.iter().map(|&idx| SymbolId { file, idx }));
            }
        }
        out
    }

    /// Top-level definitions named `name` in one file whose kind `keep` accepts.
    pub(super) fn top_named(
        &self,
        file_idx: u32,
        name: &str,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Vec<SymbolId> {
        let file = self.file(file_idx);
        self.top_in_files(&[file_idx], name)
            .into_iter()
            .filter(|id| keep(file.symbols[id.idx as usize].kind))
            .collect()
    }

    /// Methods named `name` beside `caller` under the same parent (an object literal's
    /// methods, which the index files under the function or constant holding the literal).
    pub(super) fn sibling_method(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let file = self.file(file_idx);
        let holder = file.symbols[caller.idx as usize].parent?;
        let found: Vec<SymbolId> = self
            .scope(file_idx)
            .members
            .get(&(holder, name))?
            .iter()
            .filter(|&&idx| is_method(file.symbols[idx as usize].kind))
            .map(|&idx| SymbolId {
                file: file_idx,
                idx,
            })
            .collect();
        (!found.is_empty()).then_some(found)
    }

    /// Definitions of `name` in the scopes enclosing `caller`, innermost first; class
    /// bodies are not scopes for bare names unless the language has an implicit receiver.
    pub(super) fn in_enclosing_scopes(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let file = self.file(file_idx);
        let scope = self.scope(file_idx);
        let implicit_this = scope.implicit_this();
        let mut parent = Some(caller.idx);
        while let Some(p) = parent {
            let holder = &file.symbols[p as usize];
            if !holder.kind.holds_methods() || implicit_this {
                if let Some(found) = scope.members.get(&(p, name)) {
                    let found: Vec<SymbolId> = found
                        .iter()
                        // A bare name never reaches a method without an implicit
                        // receiver, not even one of an object literal a function holds
                        // (`refine() { return refine(…) }` calls the imported `refine`).
                        .filter(|&&i| implicit_this || !is_method(file.symbols[i as usize].kind))
                        .map(|&idx| SymbolId {
                            file: file_idx,
                            idx,
                        })
                        .collect();
                    if !found.is_empty() {
                        return Some(found);
                    }
                }
            }
            parent = holder.parent;
        }
        None
    }

    /// What the first segment names without an import: a type or module of this file, a
    /// workspace `impl` of an outside type (Rust), one of an enclosing scope, or a type of
    /// the same package (Go, Java).
    pub(super) fn named_in_scope(
        &self,
        file_idx: u32,
        caller: SymbolId,
        segments: &[&str],
    ) -> Vec<Target> {
        let scope = self.scope(file_idx);
        let first = segments[0];
        // A type or module defined in this file or its package.
        let mut base: Vec<Target> = self
            .top_named(file_idx, first, |k| {
                is_type(k) || k == SymbolKind::Module || k == SymbolKind::Const
            })
            .into_iter()
            .map(Target::Symbol)
            .collect();
        // A type from outside that the workspace extends (`impl Decode for String`):
        // `String::from_bytes` reaches the workspace's impls of it.
        if base.is_empty()
            && imports::impls_extend_outside_types(scope.style)
            && segments.len() == 1
        {
            base.extend(
                self.index
                    .ids_named(first)
                    .iter()
                    .filter(|id| {
                        self.index.symbol(**id).symbol.kind == SymbolKind::Impl
                            && self.same_language(file_idx, id.file)
                    })
                    .map(|&id| Target::Symbol(id)),
            );
            if !base.is_empty() {
                // The type's other methods are its own, outside the workspace.
                base.push(Target::External);
            }
        }
        if base.is_empty() {
            base = self.in_enclosing_scope(file_idx, caller, first);
        }
        if base.is_empty() && shares_package_scope(scope.style) {
            let package: Vec<u32> = self.modules.same_package(self.file(file_idx)).to_vec();
            base.extend(
                self.top_in_files(&package, first)
                    .into_iter()
                    .filter(|id| is_type(self.index.symbol(*id).symbol.kind))
                    .map(Target::Symbol),
            );
        }
        base
    }

    /// Types, modules and constants named `first` in the scopes enclosing `caller` (a
    /// nested class, a Rust inline module). A function or method of that name holds no
    /// members: the name is a variable (`for tag in …: tag.check()` in a method `tag`).
    fn in_enclosing_scope(&self, file_idx: u32, caller: SymbolId, first: &str) -> Vec<Target> {
        let scope = self.scope(file_idx);
        let file = self.file(file_idx);
        let mut parent = Some(caller.idx);
        while let Some(p) = parent {
            if let Some(found) = scope.members.get(&(p, first)) {
                return found
                    .iter()
                    .filter(|&&idx| {
                        let kind = file.symbols[idx as usize].kind;
                        is_type(kind) || kind == SymbolKind::Module || kind == SymbolKind::Const
                    })
                    .map(|&idx| {
                        Target::Symbol(SymbolId {
                            file: file_idx,
                            idx,
                        })
                    })
                    .collect();
            }
            parent = file.symbols[p as usize].parent;
        }
        Vec::new()
    }

    /// Top-level definitions of `name` in the file that a call (or `new`) can reach.
    pub(super) fn top_level_callable(
        &self,
        file_idx: u32,
        name: &str,
        kind: CallKind,
    ) -> Option<Vec<SymbolId>> {
        let file = self.file(file_idx);
        let found: Vec<SymbolId> = self
            .scope(file_idx)
            .top
            .get(name)?
            .iter()
            .filter(|&&i| {
                let k = file.symbols[i as usize].kind;
                is_callable(k) || (kind == CallKind::New && is_constructible(k))
            })
            .map(|&idx| SymbolId {
                file: file_idx,
                idx,
            })
            .collect();
        (!found.is_empty()).then_some(found)
    }
}
