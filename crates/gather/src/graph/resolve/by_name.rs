//! The workspace-wide fallback: definitions of a name in the same language family.

use super::{outcome_of, Context, Outcome};
use crate::index::{SymbolId, SymbolKind};

impl<'a> Context<'a> {
    /// The workspace-wide fallback: definitions of `name` in the same language.
    pub(super) fn by_name(
        &self,
        file_idx: u32,
        name: &str,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Outcome {
        outcome_of(self.by_name_candidates(file_idx, name, keep))
    }

    /// Definitions of `name` in the same language, except those nested in a function.
    pub(super) fn by_name_candidates(
        &self,
        file_idx: u32,
        name: &str,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Vec<SymbolId> {
        self.index
            .ids_named(name)
            .iter()
            .copied()
            .filter(|id| {
                let found = self.index.symbol(*id);
                // A definition nested in a function is invisible outside it.
                let nested = found.symbol.parent.is_some_and(|p| {
                    matches!(
                        found.file.symbols[p as usize].kind,
                        SymbolKind::Function | SymbolKind::Method
                    )
                });
                !nested && self.same_language(file_idx, id.file) && keep(found.symbol.kind)
            })
            .collect()
    }

    /// Whether two files' languages resolve into each other (one family).
    pub(super) fn same_language(&self, a: u32, b: u32) -> bool {
        self.family(a) == self.family(b)
    }

    /// The language family of a file: languages that call each other's definitions (a
    /// language outside the table is its own family).
    pub(super) fn family(&self, idx: u32) -> &'a str {
        let language = self.file(idx).language.as_deref().unwrap_or("");
        gather_languages::by_id(language).map_or(language, |spec| spec.family_name())
    }
}
