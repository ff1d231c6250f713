//! The call graph: every call site of the index resolved to the definitions it calls,
//! each edge labelled with how it was proven. Ambiguous calls are kept apart with their
//! candidates, never silently picked; calls to names defined outside the workspace are
//! counted as external.

mod arity;
mod receiver;
mod resolve;
mod text;

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use schemars::JsonSchema;
use serde::Serialize;

use crate::index::texts::Texts;
use crate::index::{Index, SymbolId};
use crate::lines::Line;

/// How an edge was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// Followed an import (or a re-export chain) to the definition.
    Import,
    /// Same file or same scope (nested function, same package, same class).
    Local,
    /// The receiver or path names the type or module (`self.m`, `Type::f`, `pkg.F`).
    Qualified,
    /// The only definition of that name in the workspace.
    Name,
    /// Several candidates; kept apart.
    Ambiguous,
}

crate::names::display_as_serde!(
    /// `import`, `local`, `qualified`, `name` or `ambiguous`.
    Confidence
);

impl Confidence {
    /// Rank for ordering neighbours: stronger proofs first.
    pub fn rank(self) -> u8 {
        match self {
            Confidence::Import => 0,
            Confidence::Local => 1,
            Confidence::Qualified => 2,
            Confidence::Name => 3,
            Confidence::Ambiguous => 4,
        }
    }
}

/// A resolved call from one definition to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The calling definition.
    pub caller: SymbolId,
    /// The called definition.
    pub callee: SymbolId,
    /// The line of the call.
    pub line: Line,
    /// How it was proven.
    pub confidence: Confidence,
}

/// A call with several candidate definitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbiguousCall {
    /// The calling definition.
    pub caller: SymbolId,
    /// The called name.
    pub name: String,
    /// The line of the call.
    pub line: Line,
    /// Every definition it could be.
    pub candidates: Vec<SymbolId>,
}

/// The call graph of an index.
#[derive(Debug, Default)]
pub struct CallGraph {
    edges: Vec<Edge>,
    ambiguous: Vec<AmbiguousCall>,
    external: HashMap<SymbolId, BTreeSet<String>>,
    by_caller: HashMap<SymbolId, Vec<usize>>,
    by_callee: HashMap<SymbolId, Vec<usize>>,
}

/// Resolves every call site of `index`, reading its files afresh.
pub fn build(index: &Index) -> CallGraph {
    from_resolved(resolve::all(index, &Texts::of(index)))
}

/// Resolves only what the callers and callees of `seeds` need: call sites spelled like a
/// seed can be called anywhere, and every call site inside a seed. Callers, callees,
/// ambiguous and external calls of the seeds are the same as in the full graph. Files are
/// read through `texts`, the request's store.
pub fn build_for(index: &Index, texts: &Texts, seeds: &[SymbolId]) -> CallGraph {
    let names = call_names(index, texts, seeds);
    // The sites `around` would select over the whole workspace, read from the index's
    // table of call sites by name instead of testing every site.
    let mut sites: Vec<(u32, u32)> = names
        .iter()
        .flat_map(|name| index.calls_named(name).iter().copied())
        .collect();
    for seed in seeds {
        let calls = &index.files()[seed.file as usize].calls;
        sites.extend(
            (calls.iter().enumerate())
                .filter(|(_, call)| call.enclosing == Some(seed.idx))
                .map(|(at, _)| (seed.file, at as u32)),
        );
    }
    sites.sort_unstable();
    sites.dedup();
    from_resolved(resolve::at(index, texts, &sites))
}

/// Resolves the call sites inside `seeds` and those in the seeds' own files spelled like
/// a seed: their callees, and their callers from their own files. Cheap next to
/// [`build_for`], which resolves every call site in the workspace spelled like a seed.
pub(crate) fn local_for(index: &Index, texts: &Texts, seeds: &[SymbolId]) -> CallGraph {
    let names: HashSet<&str> = seeds
        .iter()
        .map(|id| index.symbol(*id).symbol.name.as_str())
        .collect();
    let mut files: Vec<u32> = seeds.iter().map(|id| id.file).collect();
    files.sort_unstable();
    files.dedup();
    around(index, texts, &files, seeds, |name| names.contains(name))
}

/// The graph of the call sites in `files` that are inside a seed or whose name `spelled`
/// accepts.
fn around(
    index: &Index,
    texts: &Texts,
    files: &[u32],
    seeds: &[SymbolId],
    spelled: impl Fn(&str) -> bool + Sync,
) -> CallGraph {
    from_resolved(resolve::some(index, texts, Some(files), |file, call| {
        spelled(call.name.as_str())
            || call
                .enclosing
                .is_some_and(|idx| seeds.contains(&SymbolId { file, idx }))
    }))
}

/// Every name a call of one of `seeds` can be spelled with: the seeds' own names; the
/// local names imports bind them to (`from m import f as g`, `import {a as b}`,
/// `use x::{y as z}`), through chains of re-exports; the locals of default and module
/// imports (`import x from './m'`, `const X = require('./m')`) that reach a seed as the
/// module's default export; and `super` for a type, called from a subclass constructor.
fn call_names(index: &Index, texts: &Texts, seeds: &[SymbolId]) -> HashSet<String> {
    let mut names: HashSet<String> = resolve::module_import_locals(index, texts, seeds)
        .into_iter()
        .collect();
    for id in seeds {
        let symbol = index.symbol(*id).symbol;
        names.insert(symbol.name.clone());
        if symbol.kind.holds_methods() {
            names.insert("super".to_string());
        }
    }
    loop {
        let before = names.len();
        for file in index.files() {
            for import in &file.imports {
                let Some(local) = &import.local else {
                    continue;
                };
                // Default and module imports are settled above.
                let binds = (import.name.as_deref())
                    .is_some_and(|name| name != "default" && names.contains(name));
                if binds && !names.contains(local) {
                    names.insert(local.clone());
                }
            }
        }
        if names.len() == before {
            return names;
        }
    }
}

fn from_resolved(resolved: Vec<resolve::ResolvedCall>) -> CallGraph {
    let mut graph = CallGraph::default();
    for call in resolved {
        match call.outcome {
            resolve::Outcome::Resolved(targets, confidence) => {
                for callee in targets {
                    graph.edges.push(Edge {
                        caller: call.caller,
                        callee,
                        line: call.line,
                        confidence,
                    });
                }
            }
            resolve::Outcome::Ambiguous(candidates) => graph.ambiguous.push(AmbiguousCall {
                caller: call.caller,
                name: call.name,
                line: call.line,
                candidates,
            }),
            resolve::Outcome::External => {
                graph
                    .external
                    .entry(call.caller)
                    .or_default()
                    .insert(call.name);
            }
        }
    }
    for (idx, edge) in graph.edges.iter().enumerate() {
        graph.by_caller.entry(edge.caller).or_default().push(idx);
        graph.by_callee.entry(edge.callee).or_default().push(idx);
    }
    graph
}

impl CallGraph {
    /// Every resolved edge.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Direct callers of `id`: one edge per calling definition (its first call), ordered by
    /// confidence, then by (file, line).
    pub fn callers(&self, id: SymbolId) -> Vec<Edge> {
        first_per(self.edges_in(&self.by_callee, id), |e| e.caller)
    }

    /// Direct callees of `id`: one edge per called definition (its first call).
    pub fn callees(&self, id: SymbolId) -> Vec<Edge> {
        first_per(self.edges_in(&self.by_caller, id), |e| e.callee)
    }

    /// The edges `by` lists for `id`, in edge order.
    fn edges_in<'a>(
        &'a self,
        by: &'a HashMap<SymbolId, Vec<usize>>,
        id: SymbolId,
    ) -> impl Iterator<Item = Edge> + 'a {
        let listed = by.get(&id).map_or(&[][..], Vec::as_slice);
        listed.iter().map(|&i| self.edges[i])
    }

    /// Calls made by `id` whose target could not be told apart.
    pub fn ambiguous_from(&self, id: SymbolId) -> Vec<&AmbiguousCall> {
        self.ambiguous.iter().filter(|a| a.caller == id).collect()
    }

    /// Calls of `id`'s name that could be `id` but could also be another definition.
    pub fn ambiguous_to(&self, id: SymbolId) -> Vec<&AmbiguousCall> {
        self.ambiguous
            .iter()
            .filter(|a| a.candidates.contains(&id))
            .collect()
    }

    /// Distinct names `id` calls that are defined outside the workspace.
    pub fn external_from(&self, id: SymbolId) -> Vec<&str> {
        self.external
            .get(&id)
            .map_or_else(Vec::new, |names| names.iter().map(String::as_str).collect())
    }
}

/// Keeps the first edge per key (by line), then orders by confidence and position.
fn first_per(edges: impl Iterator<Item = Edge>, key: impl Fn(&Edge) -> SymbolId) -> Vec<Edge> {
    let mut best: BTreeMap<SymbolId, Edge> = BTreeMap::new();
    for edge in edges {
        let k = key(&edge);
        match best.get(&k) {
            Some(old)
                if (old.confidence.rank(), old.line) <= (edge.confidence.rank(), edge.line) => {}
            _ => {
                best.insert(k, edge);
            }
        }
    }
    let mut out: Vec<(SymbolId, Edge)> = best.into_iter().collect();
    out.sort_by_key(|(k, e)| (e.confidence.rank(), *k));
    out.into_iter().map(|(_, e)| e).collect()
}
