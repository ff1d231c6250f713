//! Members of resolved targets: a module's top-level definitions, a type's methods
//! (every `impl` of it included), the enclosing type's, and those of a receiver built in place.

use super::scan::{constructed_type, last_segment};
use super::{is_method, is_type, Context, Outcome, Target};
use crate::graph::Confidence;
use crate::imports::{has_default_export, style_of};
use crate::index::{SymbolId, SymbolKind};

impl Context<'_> {
    /// The members named `name` of a target: top-level definitions of a module, methods
    /// of a type (including every Rust `impl` of it in the same files or crate).
    pub(super) fn member_of(&self, target: &Target, name: &str) -> Vec<SymbolId> {
        match target {
            Target::External => Vec::new(),
            Target::Module(files) => {
                let found = self.top_in_files(files, name);
                if !found.is_empty() {
                    return found;
                }
                // `pkg.f` where the package's `__init__` (or an index module) imports `f`.
                let mut found: Vec<SymbolId> = files
                    .iter()
                    .filter(|&&file| self.exports_imports(file, name))
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
                let scope = self.scope(id.file);
                let mut found: Vec<SymbolId> = scope
                    .members
                    .get(&(id.idx, name))
                    .map(|v| {
                        v.iter()
                            .map(|&idx| SymbolId { file: id.file, idx })
                            .collect()
                    })
                    .unwrap_or_default();
                let symbol = self.index.symbol(*id).symbol;
                // Methods live in impl blocks (Rust) or receivers elsewhere (Go): every
                // definition holding methods under the same name in the same language.
                // An `impl` block stands for its type: `Self::f()` in `impl Frame` reaches
                // `f` of `impl Decode for Frame`.
                if found.is_empty() && (is_type(symbol.kind) || symbol.kind == SymbolKind::Impl) {
                    for other in self.index.ids_named(&symbol.name) {
                        if other == id || !self.same_language(id.file, other.file) {
                            continue;
                        }
                        let other_symbol = self.index.symbol(*other).symbol;
                        if other_symbol.kind.holds_methods() {
                            if let Some(members) =
                                self.scope(other.file).members.get(&(other.idx, name))
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

    /// Methods named `name` of the type enclosing `caller`. Go methods and C++ out-of-line
    /// members name their type through the receiver, which is already their parent.
    pub(super) fn method_of_enclosing_type(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let holder = self.enclosing_type(file_idx, caller)?;
        let mut found = self.member_of(&Target::Symbol(holder), name);
        if found.is_empty() && is_type(self.index.symbol(holder).symbol.kind) {
            // `self.line(…)` in a subclass: the method a workspace base defines.
            found = self.inherited_cached(holder, name).to_vec();
        }
        (!found.is_empty()).then_some(found)
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

    /// Members named `name` of resolved targets, and whether one of them is external. A
    /// module without such a member stands for its default export where modules have
    /// one (`import Logger from './logger'`, `const Logger = require('./logger')`).
    pub(super) fn members_of_targets(
        &self,
        targets: &[Target],
        name: &str,
        qualifier: &str,
    ) -> (Vec<SymbolId>, bool) {
        let mut found = Vec::new();
        let mut external = false;
        for target in targets {
            match target {
                Target::External => external = true,
                Target::Module(files) => {
                    let members = self.member_of(target, name);
                    if !members.is_empty() {
                        found.extend(members);
                        continue;
                    }
                    let default_exports = files
                        .first()
                        .is_some_and(|&f| has_default_export(style_of(self.file(f))));
                    if default_exports {
                        let local = last_segment(qualifier);
                        for export in self.default_export(files, local) {
                            found.extend(self.member_of(&Target::Symbol(export), name));
                        }
                    }
                }
                Target::Symbol(id) => {
                    let own = self.member_of(target, name);
                    if own.is_empty() && is_type(self.index.symbol(*id).symbol.kind) {
                        // A method the type inherits from a workspace base.
                        found.extend(self.inherited_cached(*id, name).iter().copied());
                    }
                    found.extend(own);
                }
            }
        }
        found.sort();
        found.dedup();
        (found, external)
    }

    /// A receiver built in the call itself: `new C(…).m()`, `C(…).m()` with `C` a type, or
    /// a factory on a type, `T::new(…).m()`, `Cart.empty().m()`. The member of that type,
    /// or external when the type comes from outside the workspace.
    pub(super) fn member_of_constructed(
        &self,
        file_idx: u32,
        caller: SymbolId,
        qualifier: &str,
        name: &str,
    ) -> Option<Outcome> {
        let (path, is_new) = constructed_type(self.spec(file_idx), qualifier)?;
        match self.resolve_qualifier(file_idx, caller, &path, 1) {
            Some((targets, _)) => {
                let types: Vec<Target> = targets
                    .into_iter()
                    .filter(|t| match t {
                        Target::Symbol(id) => is_new || is_type(self.index.symbol(*id).symbol.kind),
                        Target::Module(_) => is_new,
                        Target::External => true,
                    })
                    .collect();
                let (found, external) = self.members_of_targets(&types, name, &path);
                if !found.is_empty() {
                    Some(Outcome::Resolved(found, Confidence::Qualified))
                } else if external && types.iter().all(|t| *t == Target::External) {
                    Some(Outcome::External)
                } else {
                    None
                }
            }
            None => self.is_global(file_idx, &path).then_some(Outcome::External),
        }
    }
}
