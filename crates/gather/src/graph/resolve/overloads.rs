//! Narrowing several candidates of one name: the implementation rather than its overload
//! stubs, the overloads whose arity fits the call, the nearest of redefinitions in one file.

use gather_languages::OverloadStubs;
use rustc_hash::FxHashMap as HashMap;

use super::Facts;
use crate::graph::arity;
use crate::index::{CallSite, SymbolId, SymbolKind};
use crate::lines::{Line, LineRange};

impl Facts<'_> {
    /// One of several top-level definitions of a name in one ECMAScript file (a
    /// `function App()` in each test's callback): the last one above the call, else the
    /// first. Python keeps them all: `if …: def f()` / `else: def f()` are both reachable.
    pub(super) fn nearest_definition(&self, found: Vec<SymbolId>, line: Line) -> Vec<SymbolId> {
        let Some(first) = found.first() else {
            return found;
        };
        let shadow = self
            .spec(first.file)
            .is_some_and(|spec| spec.redefinitions_shadow);
        if found.len() < 2 || !shadow {
            return found;
        }
        let mut found = self.implementations(found);
        if found.len() < 2 {
            return found;
        }
        found.sort_by_key(|id| self.index.symbol(*id).symbol.range.start);
        let above = found
            .iter()
            .rev()
            .find(|id| self.index.symbol(**id).symbol.range.start <= line);
        vec![*above.unwrap_or(&found[0])]
    }

    /// Overloads (methods of one type, or functions of one scope, sharing a name) that
    /// accept as many arguments as the call passes, where a language overloads by
    /// signature; the candidates unchanged when the counts cannot be read or none fits.
    pub(super) fn by_arity(
        &self,
        file_idx: u32,
        call: &CallSite,
        found: Vec<SymbolId>,
    ) -> Vec<SymbolId> {
        let by_arity = self
            .spec(file_idx)
            .is_some_and(|spec| spec.overloads_by_arity);
        if found.len() < 2 || !by_arity {
            return found;
        }
        if self.siblings(&found).values().all(|&n| n < 2) {
            return found;
        }
        let Some(text) = self.lines_of(file_idx, LineRange::new(call.line, call.line + 20)) else {
            return found;
        };
        let Some(passed) = arity::call_arguments(&text, &call.name) else {
            return found;
        };
        let fits: Vec<SymbolId> = found
            .iter()
            .copied()
            .filter(|id| {
                let symbol = self.index.symbol(*id).symbol;
                let Some(signature) = self.lines_of(id.file, symbol.signature) else {
                    return true;
                };
                arity::parameters(&signature, &symbol.name).is_none_or(|(fewest, most)| {
                    passed >= fewest && most.is_none_or(|m| passed <= m)
                })
            })
            .collect();
        if fits.is_empty() {
            found
        } else {
            fits
        }
    }

    /// How many of `found` share each (file, parent): only such siblings can be overloads.
    fn siblings(&self, found: &[SymbolId]) -> HashMap<(u32, Option<u32>), usize> {
        let mut groups: HashMap<(u32, Option<u32>), usize> = HashMap::default();
        for id in found {
            *groups
                .entry((id.file, self.index.symbol(*id).symbol.parent))
                .or_default() += 1;
        }
        groups
    }

    /// Candidates without the overload stubs (TypeScript overload signatures, Python
    /// `@overload` declarations) whose implementation is among them: a call runs the body.
    pub(super) fn implementations(&self, found: Vec<SymbolId>) -> Vec<SymbolId> {
        if found.len() < 2 {
            return found;
        }
        // Only definitions sharing a name and a parent in one file can be overloads; the
        // candidates usually come sorted, so files that differ pairwise rule them out.
        let sorted = found.windows(2).all(|w| w[0] <= w[1]);
        if sorted && found.windows(2).all(|w| w[0].file != w[1].file) {
            return found;
        }
        let groups = self.siblings(&found);
        if groups.values().all(|&n| n < 2) {
            return found;
        }
        let siblings = |a: &SymbolId| groups[&(a.file, self.index.symbol(*a).symbol.parent)] > 1;
        let stubs: Vec<bool> = found
            .iter()
            .map(|&id| siblings(&id) && self.is_overload_stub(id))
            .collect();
        let has_body = |i: usize| {
            let a = self.index.symbol(found[i]).symbol;
            found.iter().zip(&stubs).any(|(&other, &stub)| {
                let b = self.index.symbol(other).symbol;
                !stub && other.file == found[i].file && b.parent == a.parent && b.name == a.name
            })
        };
        let keep: Vec<bool> = (0..found.len())
            .map(|i| !stubs[i] || !has_body(i))
            .collect();
        found
            .into_iter()
            .zip(keep)
            .filter_map(|(id, keep)| keep.then_some(id))
            .collect()
    }

    /// A declaration without a body that only types an overload: a TypeScript signature
    /// ending in `;`, or a Python definition decorated `@overload`.
    pub(super) fn is_overload_stub(&self, id: SymbolId) -> bool {
        let symbol = self.index.symbol(id).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
            return false;
        }
        let stubs = self
            .spec(id.file)
            .map_or(OverloadStubs::None, |spec| spec.overload_stubs);
        match stubs {
            // The decorator lines above the name.
            OverloadStubs::Decorated if symbol.name_line > symbol.range.start => self
                .lines_of(
                    id.file,
                    LineRange::new(symbol.range.start, symbol.name_line - 1),
                )
                .is_some_and(|text| {
                    text.lines().any(|line| {
                        let line = line.trim();
                        line.starts_with('@') && line.ends_with("overload")
                    })
                }),
            // The last line: a signature ends in `;`, a body in `}`.
            OverloadStubs::Bodyless => self
                .lines_of(id.file, LineRange::new(symbol.range.end, symbol.range.end))
                .is_some_and(|line| {
                    let line = line.trim_end();
                    line.ends_with(';') && !line.ends_with("};")
                }),
            _ => false,
        }
    }
}
