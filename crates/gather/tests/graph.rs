//! Call graphs of the fixture projects under `tests/fixtures/callgraph/<lang>/`, whose
//! call graphs are known: every assertion names the exact set of callers or callees of a
//! definition, each as `path:qualified_name confidence`, and the calls that must stay
//! ambiguous or external.

use std::path::{Path, PathBuf};

use gather::graph::{self, CallGraph, Edge};
use gather::index::{self, Index, SymbolId};

struct Fixture {
    index: Index,
    graph: CallGraph,
}

fn fixture(lang: &str) -> Fixture {
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/callgraph")
        .join(lang);
    let index = index::build(&root).unwrap();
    let graph = graph::build(&index);
    Fixture { index, graph }
}

impl Fixture {
    /// The definition `qualified` in `path`; exactly one must exist.
    fn id(&self, path: &str, qualified: &str) -> SymbolId {
        let found: Vec<SymbolId> = self
            .index
            .find_in_file(path)
            .into_iter()
            .filter(|s| s.symbol.qualified_name == qualified)
            .map(|s| s.id)
            .collect();
        assert_eq!(
            found.len(),
            1,
            "{path}:{qualified} defined {} times",
            found.len()
        );
        found[0]
    }

    fn label(&self, id: SymbolId) -> String {
        let s = self.index.symbol(id);
        format!("{}:{}", s.file.path, s.symbol.qualified_name)
    }

    fn edges(&self, edges: Vec<Edge>, end: impl Fn(&Edge) -> SymbolId) -> Vec<String> {
        let mut out: Vec<String> = edges
            .iter()
            .map(|e| format!("{} {}", self.label(end(e)), e.confidence.as_str()))
            .collect();
        out.sort();
        out
    }

    /// `path:qualified confidence` of every direct callee, sorted.
    fn callees(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        self.edges(self.graph.callees(id), |e| e.callee)
    }

    /// `path:qualified confidence` of every direct caller, sorted.
    fn callers(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        self.edges(self.graph.callers(id), |e| e.caller)
    }

    /// `name -> candidate, candidate` per ambiguous call made by the definition, sorted.
    fn ambiguous_from(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        let mut out: Vec<String> = self
            .graph
            .ambiguous_from(id)
            .iter()
            .map(|a| {
                let mut candidates: Vec<String> =
                    a.candidates.iter().map(|&c| self.label(c)).collect();
                candidates.sort();
                format!("{} -> {}", a.name, candidates.join(", "))
            })
            .collect();
        out.sort();
        out
    }

    /// `path:qualified` of every definition whose ambiguous calls could be this one.
    fn ambiguous_to(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        let mut out: Vec<String> = self
            .graph
            .ambiguous_to(id)
            .iter()
            .map(|a| self.label(a.caller))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Names the definition calls that are defined outside the workspace.
    fn external(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        self.graph
            .external_from(id)
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// Every edge, ambiguous call and external name (for debugging a failing assertion).
    #[allow(dead_code)]
    fn dump(&self) -> String {
        let mut lines = Vec::new();
        for e in self.graph.edges() {
            lines.push(format!(
                "{} -> {} {} @{}",
                self.label(e.caller),
                self.label(e.callee),
                e.confidence.as_str(),
                e.line
            ));
        }
        for (file_idx, file) in self.index.files().iter().enumerate() {
            for idx in 0..file.symbols.len() {
                let id = SymbolId {
                    file: file_idx as u32,
                    idx: idx as u32,
                };
                for a in self.graph.ambiguous_from(id) {
                    let c: Vec<String> = a.candidates.iter().map(|&c| self.label(c)).collect();
                    lines.push(format!(
                        "{} -> ? {} [{}]",
                        self.label(id),
                        a.name,
                        c.join(", ")
                    ));
                }
                let ext = self.graph.external_from(id);
                if !ext.is_empty() {
                    lines.push(format!("{} -> external {:?}", self.label(id), ext));
                }
            }
        }
        lines.sort();
        lines.join("\n")
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

#[test]
fn dump_all() {
    for lang in ["java"] {
        eprintln!("==== {lang}\n{}", fixture(lang).dump());
    }
}
