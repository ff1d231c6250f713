//! What a module exports and an import names, read without following import chains: a
//! Dart, Lua or Elixir import's file, whether a module passes its imports on, a default
//! export, a submodule, and the module a by-name import comes from.

use super::{Facts, Target};
use crate::graph::receiver;
use crate::imports::{has_default_export, reexports, style_of, submodule_paths, Named, Reexports};
use crate::index::{Import, SymbolId, SymbolKind};

impl Facts<'_> {
    /// Dart, Lua and Elixir: the file or module an import names.
    pub(super) fn named_import(&self, file_idx: u32, import: &Import) -> Vec<Target> {
        let file = self.file(file_idx);
        match self.modules.named(style_of(file), &file.path, import) {
            Some(Named::File(module)) => match &import.name {
                Some(name) => self
                    .top_in_files(&[module], name)
                    .into_iter()
                    .map(Target::Symbol)
                    .collect(),
                None => vec![Target::Module(vec![module])],
            },
            Some(Named::Symbol(id)) => vec![Target::Symbol(id)],
            Some(Named::External) => vec![Target::External],
            None => Vec::new(),
        }
    }

    /// Whether `module.name` may reach a name `module` imports: always in Python (an
    /// imported name is a module attribute), only through `export … from` in ECMAScript.
    pub(super) fn exports_imports(&self, module: u32, name: &str) -> bool {
        let scope = self.scope(module);
        match reexports(scope.style) {
            Reexports::Marked => {
                scope
                    .imports
                    .get(name)
                    .is_some_and(|imports| imports.iter().any(|i| i.is_reexport))
                    || scope.globs.iter().any(|g| g.is_reexport)
            }
            Reexports::All => true,
            Reexports::Nothing => false,
        }
    }

    /// A default or namespace import called directly: the module's definition of the
    /// local name, or its only top-level function or class.
    pub(super) fn default_export(&self, files: &[u32], local: &str) -> Vec<SymbolId> {
        let named = self.top_in_files(files, local);
        if !named.is_empty() {
            return named;
        }
        // `export default function f`, `export default f`: that definition; an anonymous
        // `export default (…) => …` is none of the module's named definitions.
        if let Some(&file_idx) = files.first() {
            if has_default_export(style_of(self.file(file_idx))) {
                if let Some(loaded) = self.file_text(file_idx) {
                    match receiver::default_export_name(loaded.text()) {
                        Some(Some(name)) => return self.top_in_files(files, name),
                        Some(None) => return Vec::new(),
                        None => {}
                    }
                }
            }
        }
        let mut callables = Vec::new();
        for &file_idx in files {
            for (idx, symbol) in self.file(file_idx).symbols.iter().enumerate() {
                if symbol.parent.is_none()
                    && matches!(symbol.kind, SymbolKind::Function | SymbolKind::Class)
                {
                    callables.push(SymbolId {
                        file: file_idx,
                        idx: idx as u32,
                    });
                }
            }
        }
        if callables.len() == 1 {
            callables
        } else {
            Vec::new()
        }
    }

    /// A submodule of a package or directory (`pkg.sub`), where a module's attributes
    /// reach its submodules.
    pub(super) fn submodule(&self, files: &[u32], name: &str) -> Option<Target> {
        let file = self.file(*files.first()?);
        submodule_paths(file, name)
            .iter()
            .find_map(|candidate| self.index.file_idx(candidate))
            .map(|idx| Target::Module(vec![idx]))
    }

    /// The module file and the name in it that a file's import binds to `local`
    /// (`from .globals import current_app`, `export { globalRegistry } from './core'`).
    pub(super) fn imported_by_name(&self, file_idx: u32, local: &str) -> Option<(u32, &str)> {
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
}
