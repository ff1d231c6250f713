//! The lower layer's basic readers: a file's record, language row and text, the type
//! enclosing a definition, what was memoised (types found, compositions read), the
//! workspace-wide fallback by name, and dropping value targets. None of them resolves
//! anything, so the recursive resolver (`Context`) reads through them.

use std::sync::{Arc, OnceLock};

use gather_languages::LanguageSpec;

use super::composed::{composition, Composition};
use super::memo::Memos;
use super::{outcome_of, Facts, Outcome};
use crate::index::texts::{Text, Texts};
use crate::index::{FileRecord, Index, SymbolId, SymbolKind};
use crate::lines::LineRange;

impl<'a> Facts<'a> {
    pub(super) fn new(index: &'a Index, texts: &'a Texts<'a>) -> Facts<'a> {
        // Scopes are built on first use: a query touches few files of a large workspace.
        let scopes = index.files().iter().map(|_| OnceLock::new()).collect();
        Facts {
            index,
            texts,
            modules: index.modules(),
            scopes,
            memo: Memos::new(),
        }
    }

    pub(super) fn file(&self, idx: u32) -> &'a FileRecord {
        &self.index.files()[idx as usize]
    }

    /// The language row of a file, when its language is in the table.
    pub(super) fn spec(&self, idx: u32) -> Option<&'static LanguageSpec> {
        self.file(idx)
            .language
            .as_deref()
            .and_then(gather_languages::by_id)
    }

    /// Whether `word` names the enclosing type or its instance (`self`, `this`) in the
    /// language of a file.
    pub(super) fn is_self_name(&self, idx: u32, word: &str) -> bool {
        self.spec(idx)
            .is_some_and(|spec| spec.self_names.contains(&word))
    }

    /// The source lines of a definition, read from disk (each file once).
    pub(super) fn text_of(&self, file_idx: u32, id: SymbolId) -> Option<String> {
        let range = self.file(file_idx).symbols[id.idx as usize].range;
        self.lines_of(file_idx, range)
    }

    /// Lines `range` of a file.
    pub(super) fn lines_of(&self, file_idx: u32, range: LineRange) -> Option<String> {
        Some(self.file_text(file_idx)?.slice(range).to_string())
    }

    /// A file's text, indexed by line, from the request's store.
    pub(super) fn file_text(&self, file_idx: u32) -> Option<Arc<Text>> {
        self.texts.get(&self.file(file_idx).path)
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

    /// The innermost definition holding methods (class, impl, trait) around `caller`.
    pub(super) fn enclosing_type(&self, file_idx: u32, caller: SymbolId) -> Option<SymbolId> {
        let file = self.file(file_idx);
        let mut parent = file.symbols[caller.idx as usize].parent;
        while let Some(p) = parent {
            if file.symbols[p as usize].kind.holds_methods() {
                return Some(SymbolId {
                    file: file_idx,
                    idx: p,
                });
            }
            parent = file.symbols[p as usize].parent;
        }
        None
    }

    /// The composition of the constant `id` named `name`, read once per query.
    pub(super) fn composition_of(
        &self,
        file_idx: u32,
        id: SymbolId,
        name: &str,
    ) -> Option<Arc<Composition>> {
        self.memo.compositions.get_or_compute(id, || {
            self.text_of(file_idx, id)
                .and_then(|text| composition(&text, name))
                .map(Arc::new)
        })
    }

    /// A call names a value (`const unsubscribe = subscribe(…)`, `export const
    /// useLayout = isWeb ? a : b`): the code it runs is whatever the value holds, not the
    /// value's definition, so such targets are dropped and a call left with none is
    /// external. An interface or type alias runs no code either (`new checks.$Check(…)`
    /// names the interface and the constant of one name).
    pub(super) fn without_values(&self, outcome: Outcome) -> Outcome {
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
