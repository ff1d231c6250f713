//! Receivers typed by the text of their definition: a variable's annotation or
//! constructor, an attribute of the enclosing class, a call's declared return type.

use std::sync::Arc;

use super::blocks;
use super::local_types::local_types;
use super::scan::{is_identifier, last_segment};
use super::{Context, LocalType, Target, TypeNames};
use crate::graph::receiver::{self, ALIAS, BUILTIN, ELEMENT, RETURNED};
use crate::index::texts::Text;
use crate::index::{SymbolId, SymbolKind};
use crate::lines::Line;

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
            if self.is_self_name(file_idx, receiver)
                && is_identifier(attribute.trim_start_matches('#'))
            {
                return self.member_via_attribute(file_idx, caller, variable, attribute, name);
            }
        }
        if !is_identifier(variable) {
            return None;
        }
        let types = self.variable_types(file_idx, caller, variable)?;
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
                Target::Symbol(id) if self.index.symbol(*id).symbol.kind == SymbolKind::Const => {
                    Some(*id)
                }
                _ => None,
            })
            .collect();
        if consts.len() > 1 {
            let at = self.file(file_idx).symbols[caller.idx as usize].range.start;
            consts.retain(|id| self.visible_at(*id, file_idx, at));
        }
        let [id] = consts[..] else {
            return None;
        };
        let symbol = &self.index.symbol(id).symbol;
        // Only there is a call's literal argument indexed under the constant's name.
        if !is_identifier(&symbol.name) || !self.scope(id.file).callback_literals() {
            return None;
        }
        let key = (id, name.to_string());
        if let Some(found) = self.memo.call_values.get(&key) {
            return found;
        }
        let loaded = self.file_text(id.file)?;
        let mut returned =
            local_types(self.spec(id.file), loaded.slice(symbol.range), &symbol.name);
        returned.retain(|found| found.starts_with(RETURNED));
        let found = match self.members_of_types(id.file, id, &returned, name) {
            Some(LocalType::Members(found)) => Some(found),
            _ => None,
        };
        self.memo.call_values.insert(key, found.clone());
        found
    }

    /// The type names the functions around `caller` give `variable`, with the text that
    /// gives them: its enclosing definitions up to a type, then (callback literals) the `{…}`
    /// blocks of anonymous functions around the outermost one, innermost first (an object
    /// literal's getter in a test's callback).
    fn enclosing_variable_types<'t>(
        &self,
        file_idx: u32,
        loaded: &'t Text,
        caller: SymbolId,
        variable: &str,
    ) -> Option<(Vec<String>, &'t str)> {
        let symbols = &self.file(file_idx).symbols;
        let mut outermost = caller.idx;
        let mut parent = symbols[caller.idx as usize].parent;
        while let Some(p) = parent {
            let holder = &symbols[p as usize];
            if super::is_type(holder.kind) {
                return None;
            }
            let own = loaded.slice(holder.range);
            let found = local_types(self.spec(file_idx), own, variable);
            if !found.is_empty() {
                return Some((found, own));
            }
            outermost = p;
            parent = holder.parent;
        }
        // Only a member of an object literal (`{ get b() {…} }`, `{ when: () => … }`) can be
        // named inside an anonymous function; a function declaration there is no callback.
        let top = &symbols[outermost as usize];
        let literal_member = matches!(top.kind, SymbolKind::Const | SymbolKind::Method);
        if !literal_member || !self.scope(file_idx).callback_literals() {
            return None;
        }
        let start = loaded.offset(top.range.start);
        let blocks = self.blocks(file_idx)?;
        let found = blocks::enclosing(&blocks.ranges, start)
            .filter(|block| blocks.declares_in(variable, block))
            .find_map(|block| {
                let block = &loaded.text()[block];
                let found = local_types(self.spec(file_idx), block, variable);
                (!found.is_empty()).then_some((found, block))
            });
        found
    }

    /// Whether definition `id` is in scope at line `at` of file `file_idx`: it is in another
    /// file (reached by import), at the top level, or in a `{…}` block holding `at`. Only
    /// languages with callback literals put definitions in blocks the index does not name.
    fn visible_at(&self, id: SymbolId, file_idx: u32, at: Line) -> bool {
        if id.file != file_idx || !self.scope(file_idx).callback_literals() {
            return true;
        }
        let (Some(loaded), Some(blocks)) = (self.file_text(file_idx), self.blocks(file_idx)) else {
            return true;
        };
        let start = self.index.symbol(id).symbol.range.start;
        let innermost = blocks::enclosing(&blocks.ranges, loaded.offset(start)).next();
        innermost.is_none_or(|block| block.contains(&loaded.offset(at)))
    }

    /// The type names `local_types` reads for `variable` in `caller` (or, where bare names
    /// reach fields, in its class), read once per definition and variable.
    pub(super) fn variable_types(
        &self,
        file_idx: u32,
        caller: SymbolId,
        variable: &str,
    ) -> Option<TypeNames> {
        let key = (caller, variable.to_string());
        if let Some(types) = self.memo.local_types.get(&key) {
            return Some(types);
        }
        // Sliced from the file's cached text, not copied: this runs for many variables.
        let loaded = self.file_text(file_idx)?;
        let symbols = &self.file(file_idx).symbols;
        let mut own = loaded.slice(symbols[caller.idx as usize].range);
        let mut found = local_types(self.spec(file_idx), own, variable);
        // A closure's variable of the function around it (`client = Client()` read in a
        // nested function), unless the caller's own parameter shadows it.
        if found.is_empty() && !self.own_parameter(file_idx, caller, variable) {
            if let Some((outer, text)) =
                self.enclosing_variable_types(file_idx, &loaded, caller, variable)
            {
                (found, own) = (outer, text);
            }
        }
        // A loop variable takes the element type of the collection's annotation.
        let mut elements = Vec::new();
        found.retain(|name| match name.strip_prefix(ELEMENT) {
            Some(expr) => {
                elements.extend(self.element_types(file_idx, caller, own, expr));
                false
            }
            None => true,
        });
        for element in elements {
            if !found.contains(&element) {
                found.push(element);
            }
        }
        // `inst: T` under `<T extends Schema>`: the bound's members.
        for name in &mut found {
            if let Some(bound) = receiver::type_parameter_bound(own, name) {
                *name = bound.to_string();
            }
        }
        if found.is_empty() && self.scope(file_idx).implicit_this() {
            if let Some(holder) = self.enclosing_type(file_idx, caller) {
                if let Some(text) = self.text_of(file_idx, holder) {
                    found = local_types(self.spec(file_idx), &text, variable);
                }
            }
        }
        let types = Arc::new(found);
        self.memo.local_types.insert(key, types.clone());
        Some(types)
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
        let loaded = self.file_text(file_idx)?;
        let own = loaded.slice(self.file(file_idx).symbols[caller.idx as usize].range);
        let mut types = self.element_types(file_idx, caller, own, &format!("{base}.values()"));
        if types.is_empty() {
            types = self.element_types(file_idx, caller, own, base);
        }
        if types.is_empty() {
            return None;
        }
        self.members_of_types(file_idx, caller, &types, name)
    }

    /// The element type the annotation of the collection `expr` names (`self.order:
    /// list[JSONTag]` in the class, `items: Item[]` in `own`, the definition's text).
    pub(super) fn element_types(
        &self,
        file_idx: u32,
        caller: SymbolId,
        own: &str,
        expr: &str,
    ) -> Vec<String> {
        // `d.values()` iterates the mapping's values; anything else its elements.
        let (expr, pick): (&str, fn(&str) -> Option<&str>) = match expr.strip_suffix(".values()") {
            Some(mapping) => (mapping, receiver::value_type),
            None => (expr, receiver::element_type),
        };
        let annotation = match expr.split_once('.') {
            Some((receiver, attribute)) if self.is_self_name(file_idx, receiver) => {
                let Some(holder) = self.enclosing_type(file_idx, caller) else {
                    return Vec::new();
                };
                let Some(text) = self.text_of(file_idx, holder) else {
                    return Vec::new();
                };
                receiver::annotation_of(&text, expr)
                    .or_else(|| receiver::annotation_of(&text, attribute))
                    .and_then(pick)
                    .map(str::to_string)
            }
            Some(_) => None,
            None => receiver::annotation_of(own, expr)
                .and_then(pick)
                .map(str::to_string),
        };
        annotation
            .filter(|t| last_segment(t).starts_with(|c: char| c.is_ascii_uppercase()))
            .into_iter()
            .collect()
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
        let holder = self.enclosing_type(file_idx, caller)?;
        let key = (holder, receiver.to_string());
        let cached = self.memo.local_types.get(&key);
        let types = match cached {
            Some(types) => types,
            None => {
                let text = self.text_of(file_idx, holder)?;
                let mut found = local_types(self.spec(file_idx), &text, receiver);
                if found.is_empty() {
                    found = local_types(self.spec(file_idx), &text, attribute);
                }
                if found.is_empty() {
                    // `self.serializer = serializer` with `serializer: Serializer` a parameter.
                    for assigned in receiver::assigned_names(&text, receiver) {
                        for type_name in local_types(self.spec(file_idx), &text, assigned) {
                            if !found.contains(&type_name) {
                                found.push(type_name);
                            }
                        }
                    }
                }
                if found.is_empty()
                    && !self
                        .member_of(&Target::Symbol(holder), attribute)
                        .is_empty()
                {
                    found.push(format!("{RETURNED}{receiver}"));
                }
                let types = Arc::new(found);
                self.memo.local_types.insert(key, types.clone());
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
            if self.is_self_name(file_idx, type_name) {
                if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
                    return Some(LocalType::Members(found));
                }
                inside = true;
                continue;
            }
            let Some((targets, _)) = self.resolve_qualifier(file_idx, caller, type_name, 1) else {
                if self.is_global(file_idx, type_name) {
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
        let (qualifier, function) = match callee.rsplit_once('.') {
            Some((q, f)) => (Some(q), f),
            None => (None, callee),
        };
        let targets = match qualifier {
            None => self.bare_callee(file_idx, caller, function)?,
            Some(q) if self.is_self_name(file_idx, q) => {
                self.method_of_enclosing_type(file_idx, caller, function)?
            }
            Some(q) => {
                let (targets, _) = self.resolve_qualifier(file_idx, caller, q, 1)?;
                self.members_of_targets(&targets, function, q).0
            }
        };
        let targets = self.implementations(targets);
        let mut external = false;
        for target in targets {
            let symbol = self.index.symbol(target).symbol;
            if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
                continue;
            }
            let Some(signature) = self.lines_of(target.file, symbol.signature) else {
                continue;
            };
            let Some(type_name) = receiver::return_type(&signature) else {
                continue;
            };
            if self.is_self_name(target.file, type_name) {
                if let Some(found) = self.method_of_enclosing_type(target.file, target, name) {
                    return Some(LocalType::Members(found));
                }
                continue;
            }
            let Some((types, _)) = self.resolve_qualifier(target.file, target, type_name, 1) else {
                external |= self.is_global(target.file, type_name);
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
}
