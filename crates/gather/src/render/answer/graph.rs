//! A definition's call graph as JSON: `gather graph --json`.

use schemars::JsonSchema;
use serde::Serialize;

use crate::graph::{CallGraph, Confidence, Edge};
use crate::index::{Index, SymbolId, SymbolKind};
use crate::lines::Line;

/// A definition with its direct callers and callees.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GraphAnswer {
    /// Calls that could be several definitions.
    pub ambiguous: Vec<Ambiguous>,
    /// What it calls.
    pub callees: Vec<GraphEdge>,
    /// What calls it.
    pub callers: Vec<GraphEdge>,
    /// Calls to definitions outside the workspace.
    pub external_callees: usize,
    /// Their names.
    pub external_names: Vec<String>,
    /// Always true.
    pub success: bool,
    /// The definition.
    pub symbol: Place,
}

/// Where a definition is.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Place {
    /// What it is.
    pub kind: SymbolKind,
    /// Last line (inclusive).
    pub line_end: Line,
    /// First line (1-based).
    pub line_start: Line,
    /// Root-relative file.
    pub path: String,
    /// Qualified name.
    pub symbol: String,
}

impl Place {
    /// The definition `id` of `index`.
    pub fn new(index: &Index, id: SymbolId) -> Place {
        let s = index.symbol(id);
        let range = s.symbol.full_range();
        Place {
            kind: s.symbol.kind,
            line_end: range.end,
            line_start: range.start,
            path: s.file.path.clone(),
            symbol: s.symbol.qualified_name.clone(),
        }
    }
}

/// A caller or callee and the call.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GraphEdge {
    /// The line of the call.
    pub call_line: Line,
    /// How it was proven.
    pub confidence: Confidence,
    /// The other definition.
    #[serde(flatten)]
    pub place: Place,
}

/// A call kept apart because it could be several definitions.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(tag = "direction", rename_all = "lowercase")]
pub enum Ambiguous {
    /// A call the definition makes.
    Callee {
        /// The line of the call.
        call_line: Line,
        /// What it could be.
        candidates: Vec<Place>,
        /// The name called.
        name: String,
    },
    /// A call that may be to the definition.
    Caller {
        /// The line of the call.
        call_line: Line,
        /// How many definitions it could be.
        candidates: usize,
        /// The caller.
        #[serde(flatten)]
        place: Place,
    },
}

impl GraphAnswer {
    /// The graph around `id`.
    pub fn new(index: &Index, graph: &CallGraph, id: SymbolId) -> GraphAnswer {
        let edge = |other: SymbolId, e: &Edge| GraphEdge {
            call_line: e.line,
            confidence: e.confidence,
            place: Place::new(index, other),
        };
        let callees = graph
            .ambiguous_from(id)
            .into_iter()
            .map(|a| Ambiguous::Callee {
                call_line: a.line,
                candidates: a.candidates.iter().map(|c| Place::new(index, *c)).collect(),
                name: a.name.clone(),
            });
        let callers = graph
            .ambiguous_to(id)
            .into_iter()
            .map(|a| Ambiguous::Caller {
                call_line: a.line,
                candidates: a.candidates.len(),
                place: Place::new(index, a.caller),
            });
        let external = graph.external_from(id);
        GraphAnswer {
            ambiguous: callees.chain(callers).collect(),
            callees: graph
                .callees(id)
                .iter()
                .map(|e| edge(e.callee, e))
                .collect(),
            callers: graph
                .callers(id)
                .iter()
                .map(|e| edge(e.caller, e))
                .collect(),
            external_callees: external.len(),
            external_names: external.iter().map(|n| n.to_string()).collect(),
            success: true,
            symbol: Place::new(index, id),
        }
    }
}
