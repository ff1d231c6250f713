//! What a qualifier (`np`, `os.path`, `Type`, `crate::a`) points at, and walking its
//! members segment by segment.

use super::{is_type, Context, Target, MAX_DEPTH};
use crate::graph::Confidence;
use crate::imports::{self, shares_package_scope, submodule_paths};
use crate::index::{SymbolId, SymbolKind};

impl Context<'_> {
    /// What a qualifier (`np`, `os.path`, `Type`, `crate::a`, `TopNode`) points at.
    pub(super) fn resolve_qualifier(
        &self,
        file_idx: u32,
        caller: SymbolId,
        qualifier: &str,
        depth: u32,
    ) -> Option<(Vec<Target>, Confidence)> {
        if depth > MAX_DEPTH {
            return None;
        }
        let segments: Vec<&str> = if qualifier.contains("::") {
            qualifier.split("::").collect()
        } else {
            qualifier.split('.').collect()
        };
        if segments.iter().any(|s| {
            s.is_empty()
                || !s
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        }) {
            return None;
        }
        // Rust paths: `crate::`, `self::`, `super::` and crate names.
        if qualifier.contains("::") {
            let style = self.scope(file_idx).style;
            let file = self.file(file_idx);
            if let Some((module_file, consumed)) =
                self.modules.module_of_path(style, &file.path, &segments)
            {
                let rest = &segments[consumed..];
                let target = self.walk_members(vec![Target::Module(vec![module_file])], rest);
                if !target.is_empty() {
                    return Some((target, Confidence::Qualified));
                }
            }
        }
        if let Some(targets) = self.imported_qualifier(file_idx, &segments, depth) {
            return Some((targets, Confidence::Import));
        }
        if let Some(found) = self.composed_qualifier(file_idx, caller, &segments, depth) {
            return Some(found);
        }
        let base = self.named_in_scope(file_idx, caller, &segments);
        if !base.is_empty() {
            let targets = self.walk_members(base, &segments[1..]);
            if !targets.is_empty() {
                return Some((targets, Confidence::Qualified));
            }
        }
        None
    }

    /// The targets of a qualifier whose first segments an import binds.
    fn imported_qualifier(
        &self,
        file_idx: u32,
        segments: &[&str],
        depth: u32,
    ) -> Option<Vec<Target>> {
        let imports = self.scope(file_idx).imports.get(segments[0])?;
        let mut targets = Vec::new();
        for import in imports {
            let local = import.local.as_deref().unwrap_or("");
            // `import a.b` bound `a.b`: the qualifier `a.b.c` uses it whole.
            let local_segments: Vec<&str> = local.split('.').collect();
            if segments.len() < local_segments.len()
                || segments[..local_segments.len()] != local_segments[..]
            {
                continue;
            }
            let base = self.import_target(file_idx, import, depth + 1);
            targets.extend(self.walk_members(base, &segments[local_segments.len()..]));
        }
        targets.dedup();
        (!targets.is_empty()).then_some(targets)
    }

    /// What the first segment names without an import: a type or module of this file, a
    /// workspace `impl` of an outside type (Rust), one of an enclosing scope, or a type of
    /// the same package (Go, Java).
    fn named_in_scope(&self, file_idx: u32, caller: SymbolId, segments: &[&str]) -> Vec<Target> {
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
                        } else if let Some(sub) = self.submodule(files, segment) {
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

    /// A submodule of a package or directory (`pkg.sub`), where a module's attributes
    /// reach its submodules.
    pub(super) fn submodule(&self, files: &[u32], name: &str) -> Option<Target> {
        let file = self.file(*files.first()?);
        submodule_paths(file, name)
            .iter()
            .find_map(|candidate| self.index.file_idx(candidate))
            .map(|idx| Target::Module(vec![idx]))
    }
}
