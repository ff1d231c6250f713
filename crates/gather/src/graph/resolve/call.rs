//! A call site resolved by its shape: a macro, a bare call, `super`, a call on the
//! enclosing type's receiver or on any other receiver; what it finds narrowed to
//! implementations, the literal members bound to interface members, and overloads that fit.

use super::{is_callable, is_method, outcome_of, Context, LocalType, Outcome, ResolvedCall};
use crate::graph::Confidence;
use crate::index::{CallKind, CallSite, SymbolId, SymbolKind};

impl Context<'_> {
    /// One call site of a file, resolved; `None` for a call outside every definition.
    pub(super) fn resolve_site(&self, file_idx: u32, call: &CallSite) -> Option<ResolvedCall> {
        let caller = SymbolId {
            file: file_idx,
            idx: call.enclosing?,
        };
        Some(ResolvedCall {
            caller,
            name: call.name.clone(),
            line: call.line,
            outcome: self.resolve(file_idx, caller, call),
        })
    }

    pub(super) fn resolve(&self, file_idx: u32, caller: SymbolId, call: &CallSite) -> Outcome {
        match self.resolve_call(file_idx, caller, call) {
            Outcome::Resolved(found, confidence) => {
                let found = self.bound_literal_members(self.facts.implementations(found));
                Outcome::Resolved(self.facts.by_arity(file_idx, call, found), confidence)
            }
            Outcome::Ambiguous(found) => {
                let before = found.len();
                let found = self
                    .facts
                    .by_arity(file_idx, call, self.facts.implementations(found));
                match found {
                    // Overloads of one function: that function, found by name.
                    one if one.len() == 1 && before > 1 => Outcome::Resolved(one, Confidence::Name),
                    several => Outcome::Ambiguous(several),
                }
            }
            Outcome::External => Outcome::External,
        }
    }

    /// Where a call goes, by its shape: a macro, a bare call, `super`, a call on the
    /// enclosing type's receiver, or a call on any other receiver.
    pub(super) fn resolve_call(&self, file_idx: u32, caller: SymbolId, call: &CallSite) -> Outcome {
        let name = call.name.as_str();
        if call.kind == CallKind::Macro {
            let local = self
                .facts
                .top_named(file_idx, name, |k| k == SymbolKind::Macro);
            if !local.is_empty() {
                return Outcome::Resolved(local, Confidence::Local);
            }
            return self
                .facts
                .by_name(file_idx, name, |k| k == SymbolKind::Macro);
        }
        match call.qualifier.as_deref() {
            None if name == "super" => self.resolve_super_call(file_idx, caller, call),
            None => self
                .facts
                .without_values(self.resolve_bare(file_idx, caller, name, call.kind, call.line)),
            Some(q) if q == "super" || q.starts_with("super(") => {
                self.resolve_super(file_idx, caller, name)
            }
            Some(q) if self.facts.is_self_name(file_idx, q) => {
                self.resolve_on_self(file_idx, caller, q, name)
            }
            Some(q) => match self.resolve_qualifier(file_idx, caller, q, 0) {
                Some((targets, confidence)) => {
                    if let Some(found) = self.member_of_call_value(file_idx, caller, &targets, name)
                    {
                        return Outcome::Resolved(found, Confidence::Qualified);
                    }
                    let (found, external) = self.members_of_targets(&targets, name, q);
                    if !found.is_empty() {
                        self.facts
                            .without_values(Outcome::Resolved(found, confidence))
                    } else if external {
                        Outcome::External
                    } else if let Some(found) = self.member_via_declared_values(&targets, name, q) {
                        Outcome::Resolved(found, confidence)
                    } else {
                        self.facts
                            .by_name(file_idx, name, |k| is_method(k) || is_callable(k))
                    }
                }
                None => self.resolve_on_value(file_idx, caller, call, q),
            },
        }
    }

    /// `self.m()`, `this.m()`: a method of the enclosing type (or of the same object
    /// literal), else any method of that name.
    fn resolve_on_self(&self, file_idx: u32, caller: SymbolId, q: &str, name: &str) -> Outcome {
        if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
            return Outcome::Resolved(found, Confidence::Qualified);
        }
        // `this.m()` in a method of an object literal: a method of the same literal.
        if q == "this" && self.facts.enclosing_type(file_idx, caller).is_none() {
            if let Some(found) = self.facts.sibling_method(file_idx, caller, name) {
                return Outcome::Resolved(found, Confidence::Qualified);
            }
            if let Some(found) = self.member_of_literal_type(file_idx, caller, name) {
                return Outcome::Resolved(found, Confidence::Qualified);
            }
        }
        self.facts.by_name(file_idx, name, is_method)
    }

    /// A receiver no import, type or module in scope names: a literal, a value built in
    /// place, a variable whose type the text gives, a global, else name matching.
    fn resolve_on_value(
        &self,
        file_idx: u32,
        caller: SymbolId,
        call: &CallSite,
        q: &str,
    ) -> Outcome {
        let name = call.name.as_str();
        // A literal receiver (`", ".join(…)`, `[1].map(…)`) is a builtin.
        if is_literal(q) {
            return Outcome::External;
        }
        if let Some(outcome) = self.resolve_on_typed_value(file_idx, caller, q, name) {
            return outcome;
        }
        // A name nothing in the workspace binds (`console`, `Math`, `Vec`).
        if self.facts.is_global(file_idx, q) {
            return Outcome::External;
        }
        // An unknown receiver (a variable, an expression): name matching.
        // A value's member is a method; only a module path reaches functions.
        let functions = self.facts.receiver_may_be_module(file_idx, call, q);
        let candidates = self.facts.by_name_candidates(file_idx, name, |k| {
            is_method(k) || (functions && k == SymbolKind::Function)
        });
        // `xs.append(…)`, `err.Error()`: one workspace method of a builtin's
        // name is no proof; the call stays open.
        if candidates.len() == 1
            && self
                .facts
                .spec(file_idx)
                .is_some_and(|spec| spec.builtin_methods.contains(&name))
        {
            return Outcome::Ambiguous(candidates);
        }
        outcome_of(candidates)
    }

    /// A receiver whose type the text shows: built in place, a typed variable, a module
    /// variable another module declares, or a chain of attributes from a typed variable.
    fn resolve_on_typed_value(
        &self,
        file_idx: u32,
        caller: SymbolId,
        q: &str,
        name: &str,
    ) -> Option<Outcome> {
        // A receiver built on the spot: `new C().m()`, `C().m()`, `T::new().m()`.
        if let Some(outcome) = self.member_of_constructed(file_idx, caller, q, name) {
            return Some(outcome);
        }
        // An item of a typed collection: `self.tags[key].to_python()`.
        if let Some(LocalType::Members(found)) =
            self.member_via_subscript(file_idx, caller, q, name)
        {
            return Some(Outcome::Resolved(found, Confidence::Qualified));
        }
        // A variable whose type the enclosing definition spells out.
        match self.member_via_local_type(file_idx, caller, q, name) {
            Some(LocalType::Members(found)) => {
                return Some(Outcome::Resolved(found, Confidence::Qualified))
            }
            Some(LocalType::External) => return Some(Outcome::External),
            None => {}
        }
        // A module-level variable another module declares and this one
        // imports: `current_app: FlaskProxy = LocalProxy(…)`.
        if let Some(found) = self.member_via_module_variable(file_idx, q, name) {
            return Some(Outcome::Resolved(found, Confidence::Qualified));
        }
        // A chain of attributes from a typed variable: `request.url.join()`.
        self.member_via_path(file_idx, caller, q, name)
            .map(|found| Outcome::Resolved(found, Confidence::Qualified))
    }
}

/// Whether a receiver is a literal: a string, list, object or number (`", ".join(…)`).
fn is_literal(q: &str) -> bool {
    q.starts_with(['"', '\'', '`', '[', '{'])
        || q.starts_with(|c: char| c.is_ascii_digit())
        || (q.len() > 1 && q.starts_with(['b', 'f', 'r', 'u']) && q[1..].starts_with(['"', '\'']))
}
