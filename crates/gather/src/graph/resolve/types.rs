//! Workspace types behind receivers that reach further: module-level variables of other
//! modules, attributes of a type, declared return types, object literals typed by what
//! holds them; remembered per key. Bare calls resolve here too: a call's declared return
//! type types the variable it is assigned to.

use std::sync::Arc;

use gather_languages::LanguageSpec;

use super::local_types::local_types;
use super::scan::{is_identifier, split_callee};
use super::{
    is_callable, is_constructible, is_method, is_type, BaseChain, Context, Outcome, Target,
    MAX_DEPTH,
};
use crate::graph::receiver::{self, ALIAS, BUILTIN, ELEMENT, RETURNED};
use crate::graph::Confidence;
use crate::imports::shares_package_scope;
use crate::index::{CallKind, SymbolId, SymbolKind};
use crate::lines::Line;

impl Context<'_> {
    /// Methods named `name` of the one type declared for the module-level variables among
    /// `targets` (`export const globalRegistry: Registry = …` reached as `reg.globalRegistry`).
    pub(super) fn member_via_declared_values(
        &self,
        targets: &[Target],
        name: &str,
        qualifier: &str,
    ) -> Option<Vec<SymbolId>> {
        let mut types = Vec::new();
        for target in targets {
            let Target::Symbol(id) = target else {
                return None;
            };
            let symbol = &self.facts.index.symbol(*id).symbol;
            if symbol.kind != SymbolKind::Const || symbol.parent.is_some() {
                return None;
            }
            types.extend(
                self.declared_variable_types(id.file, &symbol.name)?
                    .iter()
                    .copied(),
            );
        }
        types.sort();
        types.dedup();
        let [ty] = types.as_slice() else {
            return None;
        };
        let (found, _) = self.members_of_targets(&[Target::Symbol(*ty)], name, qualifier);
        (!found.is_empty()).then_some(found)
    }

    /// Methods named `name` of the type a module gives a variable of its top level that
    /// this file imports by name (`from .globals import current_app`), read from the
    /// module's lines that start with the variable (`current_app: FlaskProxy = …`).
    pub(super) fn member_via_module_variable(
        &self,
        file_idx: u32,
        variable: &str,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let types = self.module_variable_types(file_idx, variable)?;
        if types.len() != 1 {
            return None;
        }
        let targets = [Target::Symbol(types[0])];
        let (found, _) = self.members_of_targets(&targets, name, variable);
        (!found.is_empty()).then_some(found)
    }

    /// The workspace types another module declares for a module-level variable this file
    /// imports (`current_app: FlaskProxy = LocalProxy(…)`), remembered.
    pub(super) fn module_variable_types(
        &self,
        file_idx: u32,
        variable: &str,
    ) -> Option<Arc<Vec<SymbolId>>> {
        if !is_identifier(variable) {
            return None;
        }
        let (module, declared) = self.facts.imported_by_name(file_idx, variable)?;
        self.declared_variable_types(module, declared)
    }

    /// The types of `segments[1]`, a module-level variable of the module `segments[0]`
    /// names (`import * as registries`), when that is one module file.
    pub(super) fn namespace_variable_types(
        &self,
        file_idx: u32,
        caller: SymbolId,
        segments: &[&str],
    ) -> Option<Arc<Vec<SymbolId>>> {
        let (targets, _) = self.resolve_qualifier(file_idx, caller, segments[0], 1)?;
        let [Target::Module(files)] = targets.as_slice() else {
            return None;
        };
        let [module] = files.as_slice() else {
            return None;
        };
        self.exported_variable_types(*module, segments.get(1)?, 0)
    }

    /// The types of a module-level variable a module declares or passes on from another
    /// (`export { globalRegistry } from './core'`, `export * from './registries'`).
    fn exported_variable_types(
        &self,
        module: u32,
        declared: &str,
        depth: u32,
    ) -> Option<Arc<Vec<SymbolId>>> {
        // A barrel declares nothing, so has no definition to resolve names from.
        let own = self.declared_variable_types(module, declared);
        if own.as_ref().is_some_and(|own| !own.is_empty()) || depth >= MAX_DEPTH {
            return own;
        }
        // `export { globalRegistry } from "../core"`: the module it names.
        if let Some((source, name)) = self.facts.imported_by_name(module, declared) {
            if let Some(found) = self.exported_variable_types(source, name, depth + 1) {
                if !found.is_empty() {
                    return Some(found);
                }
            }
        }
        for glob in self
            .facts
            .scope(module)
            .globs
            .iter()
            .filter(|g| g.is_reexport)
        {
            for target in self.import_target(module, glob, depth + 1) {
                let Target::Module(files) = target else {
                    continue;
                };
                for file in files {
                    if let Some(found) = self.exported_variable_types(file, declared, depth + 1) {
                        if !found.is_empty() {
                            return Some(found);
                        }
                    }
                }
            }
        }
        own
    }

    /// The workspace types a module declares for its module-level variable `declared`,
    /// remembered.
    pub(super) fn declared_variable_types(
        &self,
        module: u32,
        declared: &str,
    ) -> Option<Arc<Vec<SymbolId>>> {
        // Any definition of the module serves as the place names are resolved from.
        let context = SymbolId {
            file: module,
            idx: (!self.facts.file(module).symbols.is_empty()).then_some(0)?,
        };
        let types = self
            .facts
            .cached_types((context, format!("<module>{declared}")), || {
                let Some(loaded) = self.facts.file_text(module) else {
                    return Vec::new();
                };
                let top = declaration_lines(loaded.text(), declared);
                self.types_named(
                    module,
                    context,
                    &local_types(self.facts.spec(module), &top, declared),
                )
            });
        Some(types)
    }

    /// The workspace types that type names read by `local_types` stand for, seen from
    /// `context` (a definition in `file_idx`); call results through their declared return type.
    pub(super) fn types_named(
        &self,
        file_idx: u32,
        context: SymbolId,
        names: &[String],
    ) -> Vec<SymbolId> {
        let mut out = Vec::new();
        for type_name in names {
            // An alias of an attribute path is typed where it is called, not here.
            if type_name == BUILTIN
                || type_name.starts_with(ELEMENT)
                || type_name.starts_with(ALIAS)
            {
                continue;
            }
            if let Some(callee) = type_name.strip_prefix(RETURNED) {
                out.extend(self.returned_types(file_idx, context, callee));
                continue;
            }
            if self.facts.is_self_name(file_idx, type_name) {
                out.extend(self.facts.enclosing_type(file_idx, context));
                continue;
            }
            if let Some((targets, _)) = self.resolve_qualifier(file_idx, context, type_name, 1) {
                out.extend(targets.into_iter().filter_map(|t| match t {
                    Target::Symbol(id) if is_type(self.facts.index.symbol(id).symbol.kind) => {
                        Some(id)
                    }
                    _ => None,
                }));
            }
        }
        out
    }

    /// The types of attribute `attribute` of the type `ty`: as the class annotates or
    /// assigns it, or as the method of that name (a property) declares it returns.
    pub(super) fn attribute_types(&self, ty: SymbolId, attribute: &str) -> Arc<Vec<SymbolId>> {
        self.attribute_types_at(ty, attribute, 0)
    }

    /// [`Self::attribute_types`], `depth` bases up from the class the path reached.
    pub(super) fn attribute_types_at(
        &self,
        ty: SymbolId,
        attribute: &str,
        depth: u32,
    ) -> Arc<Vec<SymbolId>> {
        self.facts
            .cached_types((ty, format!("<attr>{attribute}")), || {
                let Some(text) = self.facts.text_of(ty.file, ty) else {
                    return Vec::new();
                };
                let names = attribute_names(self.facts.spec(ty.file), &text, attribute);
                let mut found = self.types_named(ty.file, ty, &names);
                if found.is_empty() {
                    for method in self.member_of(&Target::Symbol(ty), attribute) {
                        found.extend(self.declared_return_types(method));
                    }
                }
                if found.is_empty() && !names.iter().any(|n| n == BUILTIN) && depth < MAX_DEPTH {
                    // An attribute the class's workspace bases set (`self.json: JSONProvider`
                    // in `App.__init__`, read through `Flask` or a subclass). Names that found
                    // no type (`:param json: If given…` in a docstring) do not stop the search.
                    let mut chain = BaseChain::default();
                    for base in self.bases_of(ty, depth, &mut chain) {
                        if base != ty {
                            let inherited = self.attribute_types_at(base, attribute, depth + 1);
                            found.extend(inherited.iter().copied());
                        }
                    }
                    found.sort();
                    found.dedup();
                }
                found
            })
    }

    /// The types `callee` (as written, seen from `caller`) declares it returns.
    pub(super) fn returned_types(
        &self,
        file_idx: u32,
        caller: SymbolId,
        callee: &str,
    ) -> Vec<SymbolId> {
        let (qualifier, function) = split_callee(callee);
        let targets = match qualifier {
            None => match self.bare_callee(file_idx, caller, function) {
                Some(found) => found,
                None => return Vec::new(),
            },
            Some(q) if self.facts.is_self_name(file_idx, q) => self
                .method_of_enclosing_type(file_idx, caller, function)
                .unwrap_or_default(),
            Some(_) => return Vec::new(),
        };
        targets
            .into_iter()
            .flat_map(|t| self.declared_return_types(t))
            .collect()
    }

    /// What a bare `function` called from `caller` resolves to without guessing by name.
    pub(super) fn bare_callee(
        &self,
        file_idx: u32,
        caller: SymbolId,
        function: &str,
    ) -> Option<Vec<SymbolId>> {
        let line = self.facts.index.symbol(caller).symbol.name_line;
        match self.resolve_bare(file_idx, caller, function, CallKind::Call, line) {
            Outcome::Resolved(found, confidence) if confidence != Confidence::Name => Some(found),
            _ => None,
        }
    }

    /// The workspace types a function or method declares it returns (`-> T`, `): T`).
    pub(super) fn declared_return_types(&self, function: SymbolId) -> Vec<SymbolId> {
        let symbol = self.facts.index.symbol(function).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
            return Vec::new();
        }
        let Some(signature) = self.facts.lines_of(function.file, symbol.signature) else {
            return Vec::new();
        };
        let Some(type_name) = receiver::return_type(&signature) else {
            return Vec::new();
        };
        self.types_named(function.file, function, &[type_name.to_string()])
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
        let scope = self.facts.scope(file_idx);
        let implicit_this = scope.implicit_this();
        if let Some(found) = self.facts.in_enclosing_scopes(file_idx, caller, name) {
            return Outcome::Resolved(found, Confidence::Local);
        }
        if let Some(found) = self.facts.top_level_callable(file_idx, name, kind) {
            return Outcome::Resolved(
                self.facts.nearest_definition(found, line),
                Confidence::Local,
            );
        }
        if let Some(outcome) = self.imported_callable(file_idx, name, kind) {
            return outcome;
        }
        for glob in &scope.globs {
            for target in self.import_target(file_idx, glob, 0) {
                if let Target::Module(files) = target {
                    let found = self.facts.top_in_files(&files, name);
                    if !found.is_empty() {
                        return Outcome::Resolved(found, Confidence::Import);
                    }
                }
            }
        }
        if shares_package_scope(scope.style) {
            let package: Vec<u32> = self
                .facts
                .modules
                .same_package(self.facts.file(file_idx))
                .iter()
                .copied()
                .filter(|&f| f != file_idx)
                .collect();
            let found = self.facts.top_in_files(&package, name);
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
        if kind != CallKind::Macro && self.facts.is_parameter(file_idx, caller, name) {
            return Outcome::External;
        }
        let allow_methods = implicit_this;
        self.facts.by_name(file_idx, name, |k| {
            is_callable(k)
                || (allow_methods && is_method(k))
                || (kind == CallKind::New && is_constructible(k))
        })
    }

    /// A bare call to a name an import binds: its targets, external when the import
    /// leaves the workspace, `None` when the imports say nothing.
    fn imported_callable(&self, file_idx: u32, name: &str, kind: CallKind) -> Option<Outcome> {
        let imports = self.facts.scope(file_idx).imports.get(name)?;
        let mut found = Vec::new();
        let mut external = false;
        for import in imports {
            if import.local.as_deref() != Some(name) {
                continue;
            }
            for target in self.import_target(file_idx, import, 0) {
                match target {
                    Target::Symbol(id) => found.push(id),
                    Target::Module(files) => found.extend(self.facts.default_export(&files, name)),
                    Target::External => external = true,
                }
            }
        }
        if kind == CallKind::New && !found.is_empty() {
            // `new Tile()` builds the class, or the value a constant of that name holds
            // (not a definition): never the interface of the same name.
            found.retain(|id| {
                let k = self.facts.index.symbol(*id).symbol.kind;
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

    /// The workspace type the object literal whose members `holder` holds is declared as,
    /// when the holder's signature names exactly one.
    fn literal_type(&self, holder: SymbolId) -> Option<SymbolId> {
        let symbol = self.facts.index.symbol(holder).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Const) {
            return None;
        }
        let types = self
            .facts
            .cached_types((holder, "<literal>".to_string()), || {
                let Some(signature) = self.facts.lines_of(holder.file, symbol.signature) else {
                    return Vec::new();
                };
                let Some(name) = receiver::contextual_type(&signature) else {
                    return Vec::new();
                };
                self.types_named(holder.file, holder, &[name.to_string()])
            });
        match types.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// `this.name()` in a method of an object literal its holder declares a type for: the
    /// type's member (its own or inherited).
    pub(super) fn member_of_literal_type(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let holder = self.facts.file(file_idx).symbols[caller.idx as usize].parent?;
        let ty = self.literal_type(SymbolId {
            file: file_idx,
            idx: holder,
        })?;
        let (found, _) = self.members_of_targets(&[Target::Symbol(ty)], name, "this");
        (!found.is_empty()).then_some(found)
    }

    /// Each interface member among `found` replaced by the one object-literal member the
    /// workspace binds to it, where there is exactly one.
    pub(super) fn bound_literal_members(&self, found: Vec<SymbolId>) -> Vec<SymbolId> {
        let mut out: Vec<SymbolId> = found
            .into_iter()
            .map(|id| self.bound_literal_member(id).unwrap_or(id))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The one object-literal member whose literal is declared as a type that has
    /// `member` (an interface's method) as its member of that name.
    fn bound_literal_member(&self, member: SymbolId) -> Option<SymbolId> {
        let symbol = self.facts.index.symbol(member).symbol;
        let parent = symbol.parent?;
        if self.facts.file(member.file).symbols[parent as usize].kind != SymbolKind::Interface {
            return None;
        }
        let bound = self
            .facts
            .cached_types((member, "<bound>".to_string()), || {
                let mut bound = Vec::new();
                for &id in self.facts.index.ids_named(&symbol.name) {
                    if id == member || !self.facts.same_language(member.file, id.file) {
                        continue;
                    }
                    let Some(holder) = self.facts.index.symbol(id).symbol.parent else {
                        continue;
                    };
                    let Some(ty) = self.literal_type(SymbolId {
                        file: id.file,
                        idx: holder,
                    }) else {
                        continue;
                    };
                    let (members, _) =
                        self.members_of_targets(&[Target::Symbol(ty)], &symbol.name, "");
                    if members.contains(&member) {
                        bound.push(id);
                    }
                }
                bound
            });
        match bound.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

/// The lines of a module's text that declare its module-level variable `declared`
/// (`current_app: FlaskProxy = …`, `export const globalRegistry = …`), each with its newline.
fn declaration_lines(text: &str, declared: &str) -> String {
    text.lines()
        .filter(|line| {
            let line = line
                .strip_prefix("export ")
                .map(|l| l.trim_start_matches("const ").trim_start_matches("let "))
                .unwrap_or(line);
            line.strip_prefix(declared)
                .is_some_and(|rest| rest.trim_start().starts_with([':', '=']))
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The type names a class's text gives its attribute: as `self.attribute` or
/// `this.attribute`, else as the bare name (a field declaration).
fn attribute_names(
    spec: Option<&'static LanguageSpec>,
    text: &str,
    attribute: &str,
) -> Vec<String> {
    let mut names = Vec::new();
    for receiver in ["self", "this"] {
        names.extend(local_types(spec, text, &format!("{receiver}.{attribute}")));
    }
    if names.is_empty() {
        names = local_types(spec, text, attribute);
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_variable_is_declared_by_the_lines_that_start_with_it() {
        let text = "current_app: FlaskProxy = LocalProxy()\nx = 1\n\
                    export const reg = new Registry();\ncurrent_apps = 2\n  current_app = 3\n";
        assert_eq!(
            declaration_lines(text, "current_app"),
            "current_app: FlaskProxy = LocalProxy()\n"
        );
        assert_eq!(
            declaration_lines(text, "reg"),
            "export const reg = new Registry();\n"
        );
        assert_eq!(declaration_lines(text, "y"), "");
    }
}
