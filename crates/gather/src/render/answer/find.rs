//! Definitions as JSON: `gather find --json` and the `find_symbol` tool.

use schemars::JsonSchema;
use serde::Serialize;

use super::Span;
use crate::index::{Symbol, SymbolKind};
use crate::lines::Line;

/// Definitions in (path, line) order.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FindAnswer {
    /// Whether the list is whole.
    pub complete: bool,
    /// Why it is partial (index-building: retry in seconds); watch-fallback: whole, only
    /// slower.
    pub degraded: Vec<String>,
    /// One per definition.
    pub definitions: Vec<SymbolEntry>,
    /// False on failure: see code, message.
    pub success: bool,
}

/// One definition.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SymbolEntry {
    /// Its doc comment.
    pub doc: Option<Span>,
    /// Found by line rules, not a grammar.
    pub from_line_rules: bool,
    /// Whether it is test code.
    pub is_test: bool,
    /// What it is.
    pub kind: SymbolKind,
    /// Last line (inclusive).
    pub line_end: Line,
    /// First line (1-based).
    pub line_start: Line,
    /// The plain name.
    pub name: String,
    /// The line holding the name.
    pub name_line: Line,
    /// The enclosing definition's qualified name.
    pub parent: Option<String>,
    /// Root-relative file.
    pub path: String,
    /// e.g. Client.send.
    pub qualified_name: String,
    /// Its signature's lines.
    pub signature: Span,
}

impl SymbolEntry {
    /// `symbol` of the file at `path`, whose definitions are `symbols`.
    pub fn new(path: &str, symbol: &Symbol, symbols: &[Symbol]) -> SymbolEntry {
        SymbolEntry {
            doc: symbol.doc.map(Span::from),
            from_line_rules: symbol.from_line_rules,
            is_test: symbol.is_test,
            kind: symbol.kind,
            line_end: symbol.range.end,
            line_start: symbol.range.start,
            name: symbol.name.clone(),
            name_line: symbol.name_line,
            parent: symbol
                .parent
                .and_then(|p| symbols.get(p as usize))
                .map(|p| p.qualified_name.clone()),
            path: path.to_string(),
            qualified_name: symbol.qualified_name.clone(),
            signature: symbol.signature.into(),
        }
    }
}
