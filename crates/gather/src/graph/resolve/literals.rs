//! Object literals typed by what holds them: `function methods(): MethodsOf<Schema> {
//! return { check() { … } } }` or `const handlers: Handlers = { … }`. Inside such a literal
//! `this` is the declared type, and a member the type declares without a body (an
//! interface's method) is carried out by the one literal member the workspace binds to it.

use super::{Context, Target};
use crate::graph::receiver;
use crate::index::{SymbolId, SymbolKind};

impl Context<'_> {
    /// The workspace type the object literal whose members `holder` holds is declared as,
    /// when the holder's signature names exactly one.
    fn literal_type(&self, holder: SymbolId) -> Option<SymbolId> {
        let symbol = self.index.symbol(holder).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Const) {
            return None;
        }
        let types = self.cached_types((holder, "<literal>".to_string()), || {
            let Some(signature) = self.lines_of(holder.file, symbol.signature) else {
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
        let holder = self.file(file_idx).symbols[caller.idx as usize].parent?;
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
        let symbol = self.index.symbol(member).symbol;
        let parent = symbol.parent?;
        if self.file(member.file).symbols[parent as usize].kind != SymbolKind::Interface {
            return None;
        }
        let bound = self.cached_types((member, "<bound>".to_string()), || {
            let mut bound = Vec::new();
            for &id in self.index.ids_named(&symbol.name) {
                if id == member || !self.same_language(member.file, id.file) {
                    continue;
                }
                let Some(holder) = self.index.symbol(id).symbol.parent else {
                    continue;
                };
                let Some(ty) = self.literal_type(SymbolId {
                    file: id.file,
                    idx: holder,
                }) else {
                    continue;
                };
                let (members, _) = self.members_of_targets(&[Target::Symbol(ty)], &symbol.name, "");
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
