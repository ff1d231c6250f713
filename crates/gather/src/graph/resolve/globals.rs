//! Receivers nothing in the workspace binds (`console`, `Math`, `std`), and whether an
//! unresolved receiver may be a module.

use super::scan::only_used_as_receiver;
use super::Facts;
use crate::imports::{module_receiver, ModuleReceiver};
use crate::index::CallSite;
use crate::lines::LineRange;

impl Facts<'_> {
    /// Whether the receiver `qualifier` starts at a name nothing in the workspace binds: no
    /// import, no definition of that name in the language, and either a capitalised name
    /// (`Math`, `JSON`, `Vec`, `Collections`: a type or namespace from outside) or a name
    /// this file never declares, only uses before `.` or `::` (`console`, `document`, `std`).
    pub(super) fn is_global(&self, file_idx: u32, qualifier: &str) -> bool {
        let first = qualifier
            .split("::")
            .next()
            .and_then(|s| s.split('.').next())
            .unwrap_or("");
        if first.is_empty()
            || !first
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
            || self.is_self_name(file_idx, first)
            || first == "super"
        {
            return false;
        }
        let scope = self.scope(file_idx);
        if scope.imports.contains_key(first)
            || self
                .index
                .ids_named(first)
                .iter()
                .any(|id| self.same_language(file_idx, id.file))
        {
            return false;
        }
        if first.starts_with(|c: char| c.is_uppercase()) {
            return true;
        }
        // Go and Java have no global values: a lowercase receiver is a variable or a
        // package the imports name. A glob import (`from m import *`) may bind anything.
        if module_receiver(scope.style) == ModuleReceiver::Never || !scope.globs.is_empty() {
            return false;
        }
        let key = (file_idx, first.to_string());
        self.memo.globals.get_or_compute(key, || {
            self.file_text(file_idx)
                .is_some_and(|loaded| only_used_as_receiver(loaded.text(), first))
        })
    }

    /// Whether an unresolved receiver may be a module, so that free functions are
    /// candidates: not in Go and Java (packages come from imports, values have methods),
    /// in Rust only for a path (`m::f()`, not `v.f()`).
    pub(super) fn receiver_may_be_module(
        &self,
        file_idx: u32,
        call: &CallSite,
        qualifier: &str,
    ) -> bool {
        match module_receiver(self.scope(file_idx).style) {
            ModuleReceiver::Never => false,
            ModuleReceiver::Path => self
                .lines_of(file_idx, LineRange::new(call.line, call.line))
                .is_none_or(|line| line.contains(&format!("{qualifier}::{}", call.name))),
            ModuleReceiver::Any => true,
        }
    }
}
