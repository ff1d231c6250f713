//! Receivers typed by the text of their definition: a variable's annotation or
//! constructor, an attribute of the enclosing class, an item of a typed collection, a chain
//! of attributes from a typed variable, a call's declared return type.

use std::sync::Arc;

use gather_languages::LanguageSpec;

use super::local_types::local_types;
use super::scan::{is_identifier, split_callee};
use super::{Context, LocalType, Target, TypeNames};
use crate::graph::receiver::{self, ALIAS, BUILTIN, ELEMENT, RETURNED};
use crate::index::{SymbolId, SymbolKind};

impl Context<'_> {
    /// Methods named `name` of the type the enclosing definition gives `variable`: a
    /// parameter annotation (`auth: Auth`, `Auth auth`, `auth *Auth`), a constructor
    /// assignment (`client = httpx.Client(…)`, `c := &Client{…}`, `const c = new Client(…)`,
    /// `let s = Stock::new()`), a `with Client(…) as client`, or, where bare names reach
    /// fields (Java, C#, C++), a field declaration of the enclosing type. When every type
    /// found lies outside the workspace (`List<Book> books`), the call is external.
    pub(super) fn member_via_local_type(
        &self,
        file_idx: u32,
        caller: SymbolId,
        variable: &str,
        name: &str,
    ) -> Option<LocalType> {
        if let Some((receiver, attribute)) = variable.split_once('.') {
            if self.facts.is_self_name(file_idx, receiver)
                && is_identifier(attribute.trim_start_matches('#'))
            {
                return self.member_via_attribute(file_idx, caller, variable, attribute, name);
            }
        }
        if !is_identifier(variable) {
            return None;
        }
        let types = self.facts.variable_types(file_idx, caller, variable)?;
        self.members_of_types(file_idx, caller, &types, name)
    }

    /// Methods named `name` of the type a constant's initialising call declares it returns
    /// (`const A = z.object({ get b() { … } })`): the constant holds what the call returns,
    /// so `A.m()` is that type's `m`, not a function of the literal passed to the call.
    /// `None` when the call's type is unknown or lacks the method (`Object.freeze({ … })`
    /// keeps the literal's members).
    pub(super) fn member_of_call_value(
        &self,
        file_idx: u32,
        caller: SymbolId,
        targets: &[Target],
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        // A type alias of the same name is no value (`type A = z.infer<typeof A>`), and of
        // two constants of one name, one in another function's block is out of scope.
        let mut consts: Vec<SymbolId> = targets
            .iter()
            .filter_map(|target| match target {
                Target::Symbol(id)
                    if self.facts.index.symbol(*id).symbol.kind == SymbolKind::Const =>
                {
                    Some(*id)
                }
                _ => None,
            })
            .collect();
        if consts.len() > 1 {
            let at = self.facts.file(file_idx).symbols[caller.idx as usize]
                .range
                .start;
            consts.retain(|id| self.facts.visible_at(*id, file_idx, at));
        }
        let [id] = consts[..] else {
            return None;
        };
        let symbol = &self.facts.index.symbol(id).symbol;
        // Only there is a call's literal argument indexed under the constant's name.
        if !is_identifier(&symbol.name) || !self.facts.scope(id.file).callback_literals() {
            return None;
        }
        let key = (id, name.to_string());
        if let Some(found) = self.facts.memo.call_values.get(&key) {
            return found;
        }
        let loaded = self.facts.file_text(id.file)?;
        let mut returned = local_types(
            self.facts.spec(id.file),
            loaded.slice(symbol.range),
            &symbol.name,
        );
        returned.retain(|found| found.starts_with(RETURNED));
        let found = match self.members_of_types(id.file, id, &returned, name) {
            Some(LocalType::Members(found)) => Some(found),
            _ => None,
        };
        self.facts.memo.call_values.insert(key, found.clone());
        found
    }

    /// Methods named `name` of an item of a collection (`self.tags[key]`, `rows[0]`): the
    /// value type of the mapping or the element type of the sequence the base's annotation
    /// names (`self.tags: dict[str, JSONTag]`, `rows: list[Row]`).
    pub(super) fn member_via_subscript(
        &self,
        file_idx: u32,
        caller: SymbolId,
        q: &str,
        name: &str,
    ) -> Option<LocalType> {
        let base = subscript_base(q)?;
        let loaded = self.facts.file_text(file_idx)?;
        let own = loaded.slice(self.facts.file(file_idx).symbols[caller.idx as usize].range);
        let mut types =
            self.facts
                .element_types(file_idx, caller, own, &format!("{base}.values()"));
        if types.is_empty() {
            types = self.facts.element_types(file_idx, caller, own, base);
        }
        if types.is_empty() {
            return None;
        }
        self.members_of_types(file_idx, caller, &types, name)
    }

    /// Methods named `name` of the type the enclosing class gives its attribute
    /// `receiver` (`self._io`, `this.#output`): an annotation or constructor assignment in
    /// the class (`self._io: IO = …`, `private _io: IO`, `self.c = Client()`), or the
    /// declared return type of a property or method of that name (`def output(self) -> Output`).
    pub(super) fn member_via_attribute(
        &self,
        file_idx: u32,
        caller: SymbolId,
        receiver: &str,
        attribute: &str,
        name: &str,
    ) -> Option<LocalType> {
        let holder = self.facts.enclosing_type(file_idx, caller)?;
        let key = (holder, receiver.to_string());
        let cached = self.facts.memo.local_types.get(&key);
        let types = match cached {
            Some(types) => types,
            None => {
                let text = self.facts.text_of(file_idx, holder)?;
                let mut found =
                    attribute_type_names(self.facts.spec(file_idx), &text, receiver, attribute);
                if found.is_empty()
                    && !self
                        .member_of(&Target::Symbol(holder), attribute)
                        .is_empty()
                {
                    found.push(format!("{RETURNED}{receiver}"));
                }
                let types = Arc::new(found);
                self.facts.memo.local_types.insert(key, types.clone());
                types
            }
        };
        self.members_of_types(file_idx, caller, &types, name)
    }

    /// Methods named `name` of the first of `types` (as `local_types` reads them) that has
    /// one; external when every type lies outside the workspace.
    pub(super) fn members_of_types(
        &self,
        file_idx: u32,
        caller: SymbolId,
        types: &[String],
        name: &str,
    ) -> Option<LocalType> {
        let (mut external, mut inside) = (false, false);
        for type_name in types.iter() {
            if type_name == BUILTIN {
                external = true;
                continue;
            }
            if type_name.starts_with(ELEMENT) {
                inside = true;
                continue;
            }
            if let Some(path) = type_name.strip_prefix(ALIAS) {
                match self.member_via_path(file_idx, caller, path, name) {
                    Some(found) => return Some(LocalType::Members(found)),
                    None => inside = true,
                }
                continue;
            }
            if let Some(callee) = type_name.strip_prefix(RETURNED) {
                match self.returned_type_members(file_idx, caller, callee, name) {
                    Some(LocalType::Members(found)) => return Some(LocalType::Members(found)),
                    Some(LocalType::External) => external = true,
                    None => inside = true,
                }
                continue;
            }
            if self.facts.is_self_name(file_idx, type_name) {
                if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
                    return Some(LocalType::Members(found));
                }
                inside = true;
                continue;
            }
            let Some((targets, _)) = self.resolve_qualifier(file_idx, caller, type_name, 1) else {
                if self.facts.is_global(file_idx, type_name) {
                    external = true;
                } else {
                    inside = true;
                }
                continue;
            };
            let (found, to_external) = self.members_of_targets(&targets, name, type_name);
            if !found.is_empty() {
                return Some(LocalType::Members(found));
            }
            if to_external && targets.iter().all(|t| *t == Target::External) {
                external = true;
            } else {
                inside = true;
            }
        }
        (external && !inside).then_some(LocalType::External)
    }

    /// Methods named `name` of the type that `callee` (as written: `self._decoder`, `make`,
    /// `Type.create`) declares it returns, when the callee resolves without guessing.
    pub(super) fn returned_type_members(
        &self,
        file_idx: u32,
        caller: SymbolId,
        callee: &str,
        name: &str,
    ) -> Option<LocalType> {
        let (qualifier, function) = split_callee(callee);
        let targets = match qualifier {
            None => self.bare_callee(file_idx, caller, function)?,
            Some(q) if self.facts.is_self_name(file_idx, q) => {
                self.method_of_enclosing_type(file_idx, caller, function)?
            }
            Some(q) => {
                let (targets, _) = self.resolve_qualifier(file_idx, caller, q, 1)?;
                self.members_of_targets(&targets, function, q).0
            }
        };
        let targets = self.facts.implementations(targets);
        let mut external = false;
        for target in targets {
            let symbol = self.facts.index.symbol(target).symbol;
            if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
                continue;
            }
            let Some(signature) = self.facts.lines_of(target.file, symbol.signature) else {
                continue;
            };
            let Some(type_name) = receiver::return_type(&signature) else {
                continue;
            };
            if self.facts.is_self_name(target.file, type_name) {
                if let Some(found) = self.method_of_enclosing_type(target.file, target, name) {
                    return Some(LocalType::Members(found));
                }
                continue;
            }
            let Some((types, _)) = self.resolve_qualifier(target.file, target, type_name, 1) else {
                external |= self.facts.is_global(target.file, type_name);
                continue;
            };
            let (found, to_external) = self.members_of_targets(&types, name, type_name);
            if !found.is_empty() {
                return Some(LocalType::Members(found));
            }
            external |= to_external && types.iter().all(|t| *t == Target::External);
        }
        external.then_some(LocalType::External)
    }

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
        let first = if self.facts.is_self_name(file_idx, segments[0]) {
            First::Own
        } else {
            let names = self.facts.variable_types(file_idx, caller, segments[0])?;
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
        let types = self.facts.cached_types((caller, path.to_string()), || {
            let mut types: Vec<SymbolId> = match &first {
                First::Own => self
                    .facts
                    .enclosing_type(file_idx, caller)
                    .into_iter()
                    .collect(),
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
}

/// The collection an item receiver subscripts (`self.tags` of `self.tags[key]`, `rows` of
/// `rows[0]`): a name or an attribute of one, else `None`.
fn subscript_base(q: &str) -> Option<&str> {
    let inner = q.strip_suffix(']')?;
    let mut depth = 0usize;
    let open = inner.char_indices().rev().find_map(|(idx, ch)| {
        match ch {
            ']' => depth += 1,
            '[' if depth == 0 => return Some(idx),
            '[' => depth -= 1,
            _ => {}
        }
        None
    })?;
    let base = &q[..open];
    let plain = base
        .split('.')
        .all(|segment| is_identifier(segment.trim_start_matches('#')));
    if base.is_empty() || !plain || base.split('.').count() > 2 {
        return None;
    }
    Some(base)
}

/// The type names a class's text gives its attribute `receiver` (`self._io`): an
/// annotation or constructor assignment of it or of the bare `attribute`, else the types
/// of the names assigned to it.
fn attribute_type_names(
    spec: Option<&'static LanguageSpec>,
    text: &str,
    receiver: &str,
    attribute: &str,
) -> Vec<String> {
    let mut found = local_types(spec, text, receiver);
    if found.is_empty() {
        found = local_types(spec, text, attribute);
    }
    if found.is_empty() {
        // `self.serializer = serializer` with `serializer: Serializer` a parameter.
        for assigned in receiver::assigned_names(text, receiver) {
            for type_name in local_types(spec, text, assigned) {
                if !found.contains(&type_name) {
                    found.push(type_name);
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_receiver_subscripts_a_name_or_an_attribute() {
        assert_eq!(subscript_base("self.tags[key]"), Some("self.tags"));
        assert_eq!(subscript_base("rows[0]"), Some("rows"));
        assert_eq!(subscript_base("m[a[0]]"), Some("m"));
        assert_eq!(subscript_base("this.#items[i]"), Some("this.#items"));
        assert_eq!(subscript_base("a.b.c[0]"), None);
        assert_eq!(subscript_base("f()[0]"), None);
        assert_eq!(subscript_base("[0]"), None);
        assert_eq!(subscript_base("rows"), None);
    }
}
