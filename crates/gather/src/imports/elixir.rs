//! Elixir: module names (`alias A.B`) name the workspace's `defmodule A.B`.

use super::{Modules, Named};
use crate::record::{FileRecord, Import, SymbolId, SymbolKind};

impl Modules {
    /// The `defmodule`s of an Elixir file, by qualified name.
    pub(super) fn add_elixir(&mut self, idx: u32, file: &FileRecord) {
        for (i, symbol) in file.symbols.iter().enumerate() {
            if symbol.kind == SymbolKind::Module {
                let id = SymbolId {
                    file: idx,
                    idx: i as u32,
                };
                self.elixir
                    .entry(symbol.qualified_name.clone())
                    .or_insert(id);
            }
        }
    }

    /// The `defmodule` an alias or import names, else external.
    pub(super) fn elixir_module(&self, import: &Import) -> Named {
        let module = match &import.name {
            Some(name) => format!("{}.{name}", import.source),
            None => import.source.clone(),
        };
        self.elixir
            .get(&module)
            .map_or(Named::External, |&id| Named::Symbol(id))
    }
}
