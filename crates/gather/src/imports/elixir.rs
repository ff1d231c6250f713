//! Elixir: module names (`alias A.B`) name the workspace's `defmodule A.B`.

use rustc_hash::FxHashMap as HashMap;

use super::Named;
use crate::record::{FileRecord, Import, SymbolId, SymbolKind};

/// Elixir: module name → its `defmodule`.
#[derive(Debug, Default)]
pub(super) struct ElixirModules(HashMap<String, SymbolId>);

impl ElixirModules {
    /// The `defmodule`s of an Elixir file, by qualified name.
    pub(super) fn add(&mut self, idx: u32, file: &FileRecord) {
        for (i, symbol) in file.symbols.iter().enumerate() {
            if symbol.kind == SymbolKind::Module {
                let id = SymbolId {
                    file: idx,
                    idx: i as u32,
                };
                self.0.entry(symbol.qualified_name.clone()).or_insert(id);
            }
        }
    }

    /// The `defmodule` an alias or import names, else external.
    pub(super) fn module(&self, import: &Import) -> Named {
        let module = match &import.name {
            Some(name) => format!("{}.{name}", import.source),
            None => import.source.clone(),
        };
        self.0
            .get(&module)
            .map_or(Named::External, |&id| Named::Symbol(id))
    }
}
