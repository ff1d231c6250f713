//! The type names the text around a definition gives a variable, read without resolving
//! them: its own text, the functions around it, the `{…}` blocks of anonymous functions
//! (read once per file), the enclosing class; a collection's element type; whether a name
//! is a parameter; whether a definition is in scope at a line.

use std::sync::Arc;

use super::blocks::{self, Blocks, FileBlocks};
use super::local_types::local_types;
use super::scan::last_segment;
use super::{is_callable, is_method, Facts, TypeNames};
use crate::graph::arity;
use crate::graph::receiver::{self, ELEMENT};
use crate::index::texts::Text;
use crate::index::{Symbol, SymbolId, SymbolKind};
use crate::lines::Line;

impl Facts<'_> {
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

    /// Whether definition `id` is in scope at line `at` of file `file_idx`: it is in another
    /// file (reached by import), at the top level, or in a `{…}` block holding `at`. Only
    /// languages with callback literals put definitions in blocks the index does not name.
    pub(super) fn visible_at(&self, id: SymbolId, file_idx: u32, at: Line) -> bool {
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

    /// The blocks of file `file_idx`, read on first use.
    pub(super) fn blocks(&self, file_idx: u32) -> Option<Blocks> {
        if let Some(found) = self.memo.blocks.get(&file_idx) {
            return Some(found);
        }
        let loaded = self.file_text(file_idx)?;
        let found = Arc::new(FileBlocks::read(loaded.text()));
        self.memo.blocks.insert(file_idx, found.clone());
        Some(found)
    }

    /// Whether `name` is a parameter of `caller` itself, as its signature spells it.
    pub(super) fn own_parameter(&self, file_idx: u32, caller: SymbolId, name: &str) -> bool {
        let symbol = &self.file(file_idx).symbols[caller.idx as usize];
        self.file_text(file_idx)
            .is_some_and(|text| declares_parameter(&text, symbol, name))
    }

    /// Whether `name` is a parameter of `caller` or of a function it is nested in, as the
    /// signatures spell it name first (see `arity::parameter_names`).
    pub(super) fn is_parameter(&self, file_idx: u32, caller: SymbolId, name: &str) -> bool {
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
}

/// Whether the signature of `symbol` names `name` among its parameters.
fn declares_parameter(text: &Text, symbol: &Symbol, name: &str) -> bool {
    // Most names are nowhere in the signature: no need to parse it.
    let signature = text.slice(symbol.signature);
    signature.contains(name) && arity::parameter_names(signature, &symbol.name).contains(&name)
}
