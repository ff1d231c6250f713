//! Workspace types behind receivers that reach further: dotted attribute paths,
//! module-level variables of other modules, declared return types; remembered per key.

use std::sync::Arc;

use super::local_types::local_types;
use super::scan::is_identifier;
use super::{is_type, BaseChain, Context, Outcome, Target, TypeNames, MAX_DEPTH};
use crate::graph::receiver::{self, ALIAS, BUILTIN, ELEMENT, RETURNED};
use crate::graph::Confidence;
use crate::index::{CallKind, SymbolId, SymbolKind};

impl Context<'_> {
    /// Methods named `name` of the type a dotted receiver ends at (`request.url`,
    /// `self.request.headers`): the first name's type as the definition gives it, then each
    /// attribute's as its class gives it (annotation, assignment, property return type).
    pub(super) fn member_via_path(
        &self,
        file_idx: u32,
        caller: SymbolId,
        path: &str,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let segments: Vec<&str> = path.split('.').collect();
        if segments.len() < 2 || segments.len() > 4 || !segments.iter().all(|s| is_identifier(s)) {
            return None;
        }
        // Most dotted receivers start at a name the definition gives no type, nor a module
        // it imports from: stop there.
        enum First {
            Own,
            Names(TypeNames),
            Imported(Arc<Vec<SymbolId>>),
        }
        let mut skip = 0;
        let first = if self.is_self_name(file_idx, segments[0]) {
            First::Own
        } else {
            let names = self.variable_types(file_idx, caller, segments[0])?;
            if !names.is_empty() {
                First::Names(names)
            } else if let Some(types) = self.module_variable_types(file_idx, segments[0]) {
                // `current_app.json.load()`: a variable another module declares.
                if types.len() != 1 {
                    return None;
                }
                First::Imported(types)
            } else {
                // `registries.globalRegistry.get()`: a variable of a module imported whole.
                let types = self.namespace_variable_types(file_idx, caller, &segments)?;
                if types.len() != 1 {
                    return None;
                }
                skip = 1;
                First::Imported(types)
            }
        };
        let types = self.cached_types((caller, path.to_string()), || {
            let mut types: Vec<SymbolId> = match &first {
                First::Own => self.enclosing_type(file_idx, caller).into_iter().collect(),
                First::Names(names) => self.types_named(file_idx, caller, names),
                First::Imported(types) => types.to_vec(),
            };
            for segment in &segments[1 + skip..] {
                let mut next = Vec::new();
                for ty in &types {
                    next.extend(self.attribute_types(*ty, segment).iter().copied());
                }
                next.sort();
                next.dedup();
                // An attribute given several types (`self.stream = ByteStream(…)` here,
                // `= UnattachedStream()` there) says nothing certain.
                if next.len() != 1 {
                    return Vec::new();
                }
                types = next;
            }
            types
        });
        if types.is_empty() {
            return None;
        }
        let targets: Vec<Target> = types.iter().copied().map(Target::Symbol).collect();
        let (found, _) = self.members_of_targets(&targets, name, path);
        (!found.is_empty()).then_some(found)
    }

    /// `compute()`, remembered under `key` (a definition and a name): the types of a
    /// receiver path, of an attribute, or of an imported variable.
    pub(super) fn cached_types(
        &self,
        key: (SymbolId, String),
        compute: impl FnOnce() -> Vec<SymbolId>,
    ) -> Arc<Vec<SymbolId>> {
        self.memo
            .found_types
            .get_or_compute(key, || Arc::new(compute()))
    }

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
            let symbol = &self.index.symbol(*id).symbol;
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
        let (module, declared) = self.imported_by_name(file_idx, variable)?;
        self.declared_variable_types(module, declared)
    }

    /// The module file and the name in it that a file's import binds to `local`
    /// (`from .globals import current_app`, `export { globalRegistry } from './core'`).
    fn imported_by_name(&self, file_idx: u32, local: &str) -> Option<(u32, &str)> {
        let scope = self.scope(file_idx);
        let import = scope
            .imports
            .get(local)?
            .iter()
            .find(|i| i.local.as_deref() == Some(local) && i.name.is_some())?;
        let from_path = &self.file(file_idx).path;
        let module = self
            .modules
            .module_file(scope.style, file_idx, from_path, &import.source)?;
        Some((module, import.name.as_deref()?))
    }

    /// The types of `segments[1]`, a module-level variable of the module `segments[0]`
    /// names (`import * as registries`), when that is one module file.
    fn namespace_variable_types(
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
        if let Some((source, name)) = self.imported_by_name(module, declared) {
            if let Some(found) = self.exported_variable_types(source, name, depth + 1) {
                if !found.is_empty() {
                    return Some(found);
                }
            }
        }
        for glob in self.scope(module).globs.iter().filter(|g| g.is_reexport) {
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
            idx: (!self.file(module).symbols.is_empty()).then_some(0)?,
        };
        let types = self.cached_types((context, format!("<module>{declared}")), || {
            let Some(loaded) = self.file_text(module) else {
                return Vec::new();
            };
            let top: String = loaded
                .text()
                .lines()
                .filter(|line| {
                    let line = line
                        .strip_prefix("export ")
                        .map(|l| l.trim_start_matches("const ").trim_start_matches("let "))
                        .unwrap_or(line);
                    line.strip_prefix(declared)
                        .is_some_and(|rest| rest.trim_start().starts_with([':', '=']))
                })
                .map(|line| format!("{line}\n"))
                .collect();
            self.types_named(
                module,
                context,
                &local_types(self.spec(module), &top, declared),
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
            if self.is_self_name(file_idx, type_name) {
                out.extend(self.enclosing_type(file_idx, context));
                continue;
            }
            if let Some((targets, _)) = self.resolve_qualifier(file_idx, context, type_name, 1) {
                out.extend(targets.into_iter().filter_map(|t| match t {
                    Target::Symbol(id) if is_type(self.index.symbol(id).symbol.kind) => Some(id),
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
        self.cached_types((ty, format!("<attr>{attribute}")), || {
            let Some(text) = self.text_of(ty.file, ty) else {
                return Vec::new();
            };
            let mut names = Vec::new();
            for receiver in ["self", "this"] {
                names.extend(local_types(
                    self.spec(ty.file),
                    &text,
                    &format!("{receiver}.{attribute}"),
                ));
            }
            if names.is_empty() {
                names = local_types(self.spec(ty.file), &text, attribute);
            }
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
        let (qualifier, function) = match callee.rsplit_once('.') {
            Some((q, f)) => (Some(q), f),
            None => (None, callee),
        };
        let targets = match qualifier {
            None => match self.bare_callee(file_idx, caller, function) {
                Some(found) => found,
                None => return Vec::new(),
            },
            Some(q) if self.is_self_name(file_idx, q) => self
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
        let line = self.index.symbol(caller).symbol.name_line;
        match self.resolve_bare(file_idx, caller, function, CallKind::Call, line) {
            Outcome::Resolved(found, confidence) if confidence != Confidence::Name => Some(found),
            _ => None,
        }
    }

    /// The workspace types a function or method declares it returns (`-> T`, `): T`).
    pub(super) fn declared_return_types(&self, function: SymbolId) -> Vec<SymbolId> {
        let symbol = self.index.symbol(function).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
            return Vec::new();
        }
        let Some(signature) = self.lines_of(function.file, symbol.signature) else {
            return Vec::new();
        };
        let Some(type_name) = receiver::return_type(&signature) else {
            return Vec::new();
        };
        self.types_named(function.file, function, &[type_name.to_string()])
    }
}
