//! Inheritance: the bases a type declares, methods inherited from them, `super` calls,
//! and the type enclosing a definition.

use std::sync::Arc;

use super::scan::base_names;
use super::{is_method, is_type, outcome_of, BaseChain, Context, Outcome, Target, MAX_DEPTH};
use crate::graph::receiver;
use crate::graph::Confidence;
use crate::index::{CallSite, SymbolId};
use crate::lines::LineRange;

impl Context<'_> {
    /// Methods named `name` that `ty` inherits from its workspace bases, remembered.
    pub(super) fn inherited_cached(&self, ty: SymbolId, name: &str) -> Arc<Vec<SymbolId>> {
        self.cached_types((ty, format!("<inherited>{name}")), || {
            let mut chain = BaseChain::default();
            self.inherited(ty, name, 0, &mut chain)
        })
    }

    /// `super.m()`, `super().m()`: the method of a base class of the enclosing type, read
    /// from its declaration (`class A(B)`, `class A extends B`, `class A : B`), never the
    /// type's own method. Bases outside the workspace make the call external; when the
    /// bases are unknown, any other method of that name.
    pub(super) fn resolve_super(&self, file_idx: u32, caller: SymbolId, name: &str) -> Outcome {
        let Some(holder) = self.enclosing_type(file_idx, caller) else {
            return self.by_name(file_idx, name, is_method);
        };
        let mut chain = BaseChain::default();
        let found = self.inherited(holder, name, 0, &mut chain);
        if !found.is_empty() {
            return Outcome::Resolved(found, Confidence::Qualified);
        }
        if chain.known && !chain.unknown {
            return Outcome::External;
        }
        let own = self.member_of(&Target::Symbol(holder), name);
        let candidates: Vec<SymbolId> = self
            .by_name_candidates(file_idx, name, is_method)
            .into_iter()
            .filter(|id| !own.contains(id))
            .collect();
        outcome_of(candidates)
    }

    /// Methods named `name` inherited by the type `ty`: those of its nearest bases that
    /// define one, following bases of bases.
    pub(super) fn inherited(
        &self,
        ty: SymbolId,
        name: &str,
        depth: u32,
        chain: &mut BaseChain,
    ) -> Vec<SymbolId> {
        if depth > MAX_DEPTH {
            chain.unknown = true;
            return Vec::new();
        }
        let mut out = Vec::new();
        for base in self.bases_of(ty, depth, chain) {
            let members = self.member_of(&Target::Symbol(base), name);
            if members.is_empty() {
                out.extend(self.inherited(base, name, depth + 1, chain));
            } else {
                out.extend(members);
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The workspace types `ty` declares as its bases; bases outside the workspace mark
    /// the chain known, unreadable ones unknown.
    pub(super) fn bases_of(
        &self,
        ty: SymbolId,
        depth: u32,
        chain: &mut BaseChain,
    ) -> Vec<SymbolId> {
        let symbol = self.index.symbol(ty).symbol;
        let Some(signature) = self.lines_of(ty.file, symbol.signature) else {
            chain.unknown = true;
            return Vec::new();
        };
        let bases = base_names(self.spec(ty.file), &signature, &symbol.name);
        if bases.is_empty() {
            // `class A:` inherits from the language's root object; a declaration we cannot
            // read says nothing.
            if depth == 0 {
                chain.unknown = true;
            } else {
                chain.known = true;
            }
            return Vec::new();
        }
        let mut out = Vec::new();
        for base in bases {
            let Some((targets, _)) = self.resolve_qualifier(ty.file, ty, &base, 1) else {
                if self.is_global(ty.file, &base) {
                    chain.known = true;
                } else {
                    chain.unknown = true;
                }
                continue;
            };
            for target in targets {
                match target {
                    Target::External => chain.known = true,
                    Target::Symbol(id) if is_type(self.index.symbol(id).symbol.kind) => {
                        chain.known = true;
                        out.push(id);
                    }
                    _ => chain.unknown = true,
                }
            }
        }
        out
    }

    /// A bare `super(…)` call in a constructor (Java, JavaScript): the base class, as
    /// `new C()` is the class. Python's `super()` only fetches the proxy whose method is
    /// the call, so it is external like any builtin.
    pub(super) fn resolve_super_call(
        &self,
        file_idx: u32,
        caller: SymbolId,
        call: &CallSite,
    ) -> Outcome {
        if let Some(line) = self.lines_of(file_idx, LineRange::new(call.line, call.line)) {
            if let Some(idx) = line.find("super(") {
                let rest = &line[idx + "super".len()..];
                if let Some(close) = receiver::closing(rest) {
                    if rest[close + 1..].trim_start().starts_with('.') {
                        return Outcome::External;
                    }
                }
            }
        }
        let Some(holder) = self.enclosing_type(file_idx, caller) else {
            return Outcome::External;
        };
        let mut chain = BaseChain::default();
        let bases = self.bases_of(holder, 0, &mut chain);
        if bases.is_empty() {
            Outcome::External
        } else {
            Outcome::Resolved(bases, Confidence::Qualified)
        }
    }

    /// The innermost definition holding methods (class, impl, trait) around `caller`.
    pub(super) fn enclosing_type(&self, file_idx: u32, caller: SymbolId) -> Option<SymbolId> {
        let file = self.file(file_idx);
        let mut parent = file.symbols[caller.idx as usize].parent;
        while let Some(p) = parent {
            if file.symbols[p as usize].kind.holds_methods() {
                return Some(SymbolId {
                    file: file_idx,
                    idx: p,
                });
            }
            parent = file.symbols[p as usize].parent;
        }
        None
    }
}
