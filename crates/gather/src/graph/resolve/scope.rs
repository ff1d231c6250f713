//! File scopes: the names each file defines (top level and members) and imports, built on
//! first use, and lookups of top-level names in a set of files.

use gather_languages::ImportStyle;
use gather_languages::LanguageSpec;
use rustc_hash::FxHashMap as HashMap;

use super::Context;
use crate::imports::style_of;
use crate::index::{FileRecord, Import, SymbolId, SymbolKind};

/// The names one file defines and imports.
pub(super) struct FileScope<'a> {
    pub(super) top: HashMap<&'a str, Vec<u32>>,
    pub(super) members: HashMap<(u32, &'a str), Vec<u32>>,
    pub(super) imports: HashMap<&'a str, Vec<&'a Import>>,
    pub(super) globs: Vec<&'a Import>,
    pub(super) spec: Option<&'static LanguageSpec>,
    pub(super) style: ImportStyle,
}

impl FileScope<'_> {
    /// Whether bare names reach members of the enclosing type.
    pub(super) fn implicit_this(&self) -> bool {
        self.spec.is_some_and(|s| s.implicit_this)
    }

    /// Whether object literals in anonymous callbacks hold definitions (see
    /// `LanguageSpec::callback_literals`).
    pub(super) fn callback_literals(&self) -> bool {
        self.spec.is_some_and(|s| s.callback_literals)
    }
}

impl<'a> Context<'a> {
    /// The names a file defines and imports, built on first use.
    pub(super) fn scope(&self, idx: u32) -> &FileScope<'a> {
        self.scopes[idx as usize].get_or_init(|| {
            let file: &'a FileRecord = self.file(idx);
            let mut scope = FileScope {
                top: HashMap::default(),
                members: HashMap::default(),
                imports: HashMap::default(),
                globs: Vec::new(),
                spec: file.language.as_deref().and_then(gather_languages::by_id),
                style: style_of(file),
            };
            for (idx, symbol) in file.symbols.iter().enumerate() {
                match symbol.parent {
                    None => scope
                        .top
                        .entry(symbol.name.as_str())
                        .or_default()
                        .push(idx as u32),
                    Some(p) => scope
                        .members
                        .entry((p, symbol.name.as_str()))
                        .or_default()
                        .push(idx as u32),
                }
            }
            for import in &file.imports {
                match &import.local {
                    // `import a.b` binds `a` (and `a.b` through it).
                    Some(local) => {
                        let key = local.split('.').next().unwrap_or(local);
                        scope.imports.entry(key).or_default().push(import);
                    }
                    None => scope.globs.push(import),
                }
            }
            scope
        })
    }

    /// Top-level definitions named `name` in `files`.
    pub(super) fn top_in_files(&self, files: &[u32], name: &str) -> Vec<SymbolId> {
        let mut out = Vec::new();
        for &file in files {
            if let Some(found) = self.scope(file).top.get(name) {
                out.extend(found.iter().map(|&idx| SymbolId { file, idx }));
            }
        }
        out
    }

    /// Top-level definitions named `name` in one file whose kind `keep` accepts.
    pub(super) fn top_named(
        &self,
        file_idx: u32,
        name: &str,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Vec<SymbolId> {
        let file = self.file(file_idx);
        self.top_in_files(&[file_idx], name)
            .into_iter()
            .filter(|id| keep(file.symbols[id.idx as usize].kind))
            .collect()
    }
}
