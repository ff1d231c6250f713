//! A call site resolved by its shape: macros, bare calls through scopes, imports, the
//! package and the implicit receiver; qualified calls through the receiver.

use super::{
    is_callable, is_constructible, is_method, outcome_of, Context, LocalType, Outcome, Target,
};
use crate::graph::{arity, Confidence};
use crate::imports::shares_package_scope;
use crate::index::texts::Text;
use crate::index::{CallKind, CallSite, Symbol, SymbolId, SymbolKind};
use crate::lines::Line;

impl Context<'_> {
    /// Where a call goes, by its shape: a macro, a bare call, `super`, a call on the
    /// enclosing type's receiver, or a call on any other receiver.
    pub(super) fn resolve_call(&self, file_idx: u32, caller: SymbolId, call: &CallSite) -> Outcome {
        let name = call.name.as_str();
        if call.kind == CallKind::Macro {
            let local = self.top_named(file_idx, name, |k| k == SymbolKind::Macro);
            if !local.is_empty() {
                return Outcome::Resolved(local, Confidence::Local);
            }
            return self.by_name(file_idx, name, |k| k == SymbolKind::Macro);
        }
        match call.qualifier.as_deref() {
            None if name == "super" => self.resolve_super_call(file_idx, caller, call),
            None => {
                self.without_values(self.resolve_bare(file_idx, caller, name, call.kind, call.line))
            }
            Some(q) if q == "super" || q.starts_with("super(") => {
                self.resolve_super(file_idx, caller, name)
            }
            Some(q) if self.is_self_name(file_idx, q) => {
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
                        self.without_values(Outcome::Resolved(found, confidence))
                    } else if external {
                        Outcome::External
                    } else if let Some(found) = self.member_via_declared_values(&targets, name, q) {
                        Outcome::Resolved(found, confidence)
                    } else {
                        self.by_name(file_idx, name, |k| is_method(k) || is_callable(k))
                    }
                }
                None => self.resolve_on_value(file_idx, caller, call, q),
            },
        }
    }

    /// A call names a value (`const unsubscribe = subscribe(…)`, `export const
    /// useLayout = isWeb ? a : b`): the code it runs is whatever the value holds, not the
    /// value's definition, so such targets are dropped and a call left with none is
    /// external. An interface or type alias runs no code either (`new checks.$Check(…)`
    /// names the interface and the constant of one name).
    fn without_values(&self, outcome: Outcome) -> Outcome {
        let Outcome::Resolved(found, confidence) = outcome else {
            return outcome;
        };
        let found: Vec<SymbolId> = found
            .into_iter()
            .filter(|id| {
                !matches!(
                    self.index.symbol(*id).symbol.kind,
                    SymbolKind::Const | SymbolKind::Interface | SymbolKind::Type
                )
            })
            .collect();
        if found.is_empty() {
            Outcome::External
        } else {
            Outcome::Resolved(found, confidence)
        }
    }

    /// `self.m()`, `this.m()`: a method of the enclosing type (or of the same object
    /// literal), else any method of that name.
    fn resolve_on_self(&self, file_idx: u32, caller: SymbolId, q: &str, name: &str) -> Outcome {
        if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
            return Outcome::Resolved(found, Confidence::Qualified);
        }
        // `this.m()` in a method of an object literal: a method of the same literal.
        if q == "this" && self.enclosing_type(file_idx, caller).is_none() {
            if let Some(found) = self.sibling_method(file_idx, caller, name) {
                return Outcome::Resolved(found, Confidence::Qualified);
            }
            if let Some(found) = self.member_of_literal_type(file_idx, caller, name) {
                return Outcome::Resolved(found, Confidence::Qualified);
            }
        }
        self.by_name(file_idx, name, is_method)
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
        if self.is_global(file_idx, q) {
            return Outcome::External;
        }
        // An unknown receiver (a variable, an expression): name matching.
        // A value's member is a method; only a module path reaches functions.
        let functions = self.receiver_may_be_module(file_idx, call, q);
        let candidates = self.by_name_candidates(file_idx, name, |k| {
            is_method(k) || (functions && k == SymbolKind::Function)
        });
        // `xs.append(…)`, `err.Error()`: one workspace method of a builtin's
        // name is no proof; the call stays open.
        if candidates.len() == 1
            && self
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

    /// A call without qualifier: scopes, imports, package, implicit receiver, names.
    pub(super) fn resolve_bare(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
        kind: CallKind,
        line: Line,
    ) -> Outcome {
        let scope = self.scope(file_idx);
        let implicit_this = scope.implicit_this();
        if let Some(found) = self.in_enclosing_scopes(file_idx, caller, name) {
            return Outcome::Resolved(found, Confidence::Local);
        }
        if let Some(found) = self.top_level_callable(file_idx, name, kind) {
            return Outcome::Resolved(self.nearest_definition(found, line), Confidence::Local);
        }
        if let Some(outcome) = self.imported_callable(file_idx, name, kind) {
            return outcome;
        }
        for glob in &scope.globs {
            for target in self.import_target(file_idx, glob, 0) {
                if let Target::Module(files) = target {
                    let found = self.top_in_files(&files, name);
                    if !found.is_empty() {
                        return Outcome::Resolved(found, Confidence::Import);
                    }
                }
            }
        }
        if shares_package_scope(scope.style) {
            let package: Vec<u32> = self
                .modules
                .same_package(self.file(file_idx))
                .iter()
                .copied()
                .filter(|&f| f != file_idx)
                .collect();
            let found = self.top_in_files(&package, name);
            if !found.is_empty() {
                return Outcome::Resolved(found, Confidence::Local);
            }
        }
        if implicit_this {
            if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
                return Outcome::Resolved(found, Confidence::Local);
            }
        }
        // `loads(value)` in `def f(…, loads=json.loads)`: the value passed in, which no
        // definition of that name stands for. Checked only before guessing by name, since
        // it reads the caller's file: a name the file binds itself is rarely a parameter too.
        if kind != CallKind::Macro && self.is_parameter(file_idx, caller, name) {
            return Outcome::External;
        }
        let allow_methods = implicit_this;
        self.by_name(file_idx, name, |k| {
            is_callable(k)
                || (allow_methods && is_method(k))
                || (kind == CallKind::New && is_constructible(k))
        })
    }

    /// Definitions of `name` in the scopes enclosing `caller`, innermost first; class
    /// bodies are not scopes for bare names unless the language has an implicit receiver.
    fn in_enclosing_scopes(
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

    /// Whether `name` is a parameter of `caller` itself, as its signature spells it.
    pub(super) fn own_parameter(&self, file_idx: u32, caller: SymbolId, name: &str) -> bool {
        let symbol = &self.file(file_idx).symbols[caller.idx as usize];
        self.file_text(file_idx)
            .is_some_and(|text| declares_parameter(&text, symbol, name))
    }

    /// Whether `name` is a parameter of `caller` or of a function it is nested in, as the
    /// signatures spell it name first (see `arity::parameter_names`).
    fn is_parameter(&self, file_idx: u32, caller: SymbolId, name: &str) -> bool {
        let file = self.file(file_idx);
        let Some(text) = self.file_text(file_idx) else {
            return false;
        };
        let mut at = Some(caller.idx);
        while let Some(idx) = at {
            let symbol = &file.symbols[idx as usize];
            if !is_callable(symbol.kind) && !is_method(symbol.kind) {
                return false;
            }
            if declares_parameter(&text, symbol, name) {
                return true;
            }
            at = symbol.parent;
        }
        false
    }

    /// Top-level definitions of `name` in the file that a call (or `new`) can reach.
    fn top_level_callable(
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

    /// A bare call to a name an import binds: its targets, external when the import
    /// leaves the workspace, `None` when the imports say nothing.
    fn imported_callable(&self, file_idx: u32, name: &str, kind: CallKind) -> Option<Outcome> {
        let imports = self.scope(file_idx).imports.get(name)?;
        let mut found = Vec::new();
        let mut external = false;
        for import in imports {
            if import.local.as_deref() != Some(name) {
                continue;
            }
            for target in self.import_target(file_idx, import, 0) {
                match target {
                    Target::Symbol(id) => found.push(id),
                    Target::Module(files) => found.extend(self.default_export(&files, name)),
                    Target::External => external = true,
                }
            }
        }
        if kind == CallKind::New && !found.is_empty() {
            // `new Tile()` builds the class, or the value a constant of that name holds
            // (not a definition): never the interface of the same name.
            found.retain(|id| {
                let k = self.index.symbol(*id).symbol.kind;
                is_constructible(k) || is_callable(k)
            });
            if found.is_empty() {
                return Some(Outcome::External);
            }
        }
        if !found.is_empty() {
            found.sort();
            found.dedup();
            return Some(Outcome::Resolved(found, Confidence::Import));
        }
        external.then_some(Outcome::External)
    }
}

/// Whether the signature of `symbol` names `name` among its parameters.
fn declares_parameter(text: &Text, symbol: &Symbol, name: &str) -> bool {
    // Most names are nowhere in the signature: no need to parse it.
    let signature = text.slice(symbol.signature);
    signature.contains(name) && arity::parameter_names(signature, &symbol.name).contains(&name)
}

/// Whether a receiver is a literal: a string, list, object or number (`", ".join(…)`).
fn is_literal(q: &str) -> bool {
    q.starts_with(['"', '\'', '`', '[', '{'])
        || q.starts_with(|c: char| c.is_ascii_digit())
        || (q.len() > 1 && q.starts_with(['b', 'f', 'r', 'u']) && q[1..].starts_with(['"', '\'']))
}
