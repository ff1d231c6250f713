//! Grammar definitions that ran over the definitions after them. Error recovery can let
//! a definition (a table whose initializer holds preprocessor lines) run on until the
//! error ends; the definitions recovered inside it (`recover.rs`) show where it really
//! ended.

use crate::lines::{Line, LineRange, LineTable};
use crate::record::{Symbol, SymbolKind};

/// Ends a grammar definition where an island declared at the line's start begins inside
/// it: error recovery let the definition (a table whose initializer holds a preprocessor
/// line) run on over the definitions after it, and one at the start of a line cannot be
/// inside another one written there. Types and modules hold what they hold.
pub(super) fn cut_at_islands(lines: &LineTable, grammar: &mut [Symbol], added: &[Symbol]) {
    let unindented = |line: Line| !lines.line(line).starts_with(char::is_whitespace);
    for island in added.iter().filter(|s| s.parent.is_none()) {
        if !unindented(island.name_line) {
            continue;
        }
        // Its leading comment goes with it.
        let start = island.full_range().start;
        let Some(at) = grammar.iter().rposition(|g| {
            g.range.start < start
                && g.range.contains(island.name_line)
                && !g.kind.holds_methods()
                && g.kind != SymbolKind::Module
                && unindented(g.name_line)
        }) else {
            continue;
        };
        let mut end = start - 1;
        while end > grammar[at].signature.end && lines.line(end).trim().is_empty() {
            end -= 1;
        }
        if end < grammar[at].signature.end {
            continue;
        }
        grammar[at].range = LineRange::new(grammar[at].range.start, end);
        let parent = Some(at as u32);
        for child in grammar.iter_mut().skip(at + 1) {
            if child.parent != parent {
                continue;
            }
            if child.range.start > end {
                child.parent = None;
            } else if child.range.end > end {
                child.range = LineRange::new(child.range.start, end);
            }
        }
    }
}
