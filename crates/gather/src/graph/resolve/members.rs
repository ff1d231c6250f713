//! Members of resolved targets, inherited ones included: a module's definitions or its
//! default export's, a type's methods and those its declared bases define, `super` calls,
//! the enclosing type's methods, and those of a receiver built in place.

use std::sync::Arc;

use super::scan::{base_names, constructed_type, last_segment};
use super::{is_method, is_type, outcome_of, BaseChain, Context, Outcome, Target, MAX_DEPTH};
use crate::graph::receiver;
use crate::graph::Confidence;
use crate::imports::{has_default_export, style_of};
use crate::index::{CallSite, SymbolId};
use crate::lines::LineRange;

impl Context<'_> {
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
                        .is_some_and(|&f| has_default_export(style_of(self.facts.file(f))));
                    if default_exports {
                        let local = last_segment(qualifier);
                        for export in self.facts.default_export(files, local) {
                            found.extend(self.member_of(&Target::Symbol(export), name));
                        }
                    }
                }
                Target::Symbol(id) => {
                    let own = self.member_of(target, name);
                    if own.is_empty() && is_type(self.facts.index.symbol(*id).symbol.kind) {
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

    /// Methods named `name` of the type enclosing `caller`. Go methods and C++ out-of-line
    /// members name their type through the receiver, which is already their parent.
    pub(super) fn method_of_enclosing_type(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let holder = self.facts.enclosing_type(file_idx, caller)?;
        let mut found = self.member_of(&Target::Symbol(holder), name);
        if found.is_empty() && is_type(self.facts.index.symbol(holder).symbol.kind) {
            // `self.line(…)` in a subclass: the method a workspace base defines.
            found = self.inherited_cached(holder, name).to_vec();
        }
        (!found.is_empty()).then_some(found)
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
        let (path, is_new) = constructed_type(self.facts.spec(file_idx), qualifier)?;
        match self.resolve_qualifier(file_idx, caller, &path, 1) {
            Some((targets, _)) => {
                let types: Vec<Target> = targets
                    .into_iter()
                    .filter(|t| match t {
                        Target::Symbol(id) => {
                            is_new || is_type(self.facts.index.symbol(*id).symbol.kind)
                        }
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
            None => self
                .facts
                .is_global(file_idx, &path)
                .then_some(Outcome::External),
        }
    }

    /// Methods named `name` that `ty` inherits from its workspace bases, remembered.
    pub(super) fn inherited_cached(&self, ty: SymbolId, name: &str) -> Arc<Vec<SymbolId>> {
        self.facts
            .cached_types((ty, format!("<inherited>{name}")), || {
                let mut chain = BaseChain::default();
                self.inherited(ty, name, 0, &mut chain)
            })
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
        let symbol = self.facts.index.symbol(ty).symbol;
        let Some(signature) = self.facts.lines_of(ty.file, symbol.signature) else {
            chain.unknown = true;
            return Vec::new();
        };
        let bases = base_names(self.facts.spec(ty.file), &signature, &symbol.name);
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
                if self.facts.is_global(ty.file, &base) {
                    chain.known = true;
                } else {
                    chain.unknown = true;
                }
                continue;
            };
            for target in targets {
                match target {
                    Target::External => chain.known = true,
                    Target::Symbol(id) if is_type(self.facts.index.symbol(id).symbol.kind) => {
                        chain.known = true;
                        out.push(id);
                    }
                    _ => chain.unknown = true,
                }
            }
        }
        out
    }

    /// `super.m()`, `super().m()`: the method of a base class of the enclosing type, read
    /// from its declaration (`class A(B)`, `class A extends B`, `class A : B`), never the
    /// type's own method. Bases outside the workspace make the call external; when the
    /// bases are unknown, any other method of that name.
    pub(super) fn resolve_super(&self, file_idx: u32, caller: SymbolId, name: &str) -> Outcome {
        let Some(holder) = self.facts.enclosing_type(file_idx, caller) else {
            return self.facts.by_name(file_idx, name, is_method);
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
            .facts
            .by_name_candidates(file_idx, name, is_method)
            .into_iter()
            .filter(|id| !own.contains(id))
            .collect();
        outcome_of(candidates)
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
        if let Some(line) = self
            .facts
            .lines_of(file_idx, LineRange::new(call.line, call.line))
        {
            if let Some(idx) = line.find("super(") {
                let rest = &line[idx + "super".len()..];
                if let Some(close) = receiver::closing(rest) {
                    if rest[close + 1..].trim_start().starts_with('.') {
                        return Outcome::External;
                    }
                }
            }
        }
        let Some(holder) = self.facts.enclosing_type(file_idx, caller) else {
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
}
