//! Where a definition that error recovery closed early really ends. A grammar that meets
//! code it cannot read may close the definition around it and wrap the rest of its body in
//! an error region (an interface whose call signatures it misreads, a function whose `for`
//! header lost a parenthesis); the language's block rules still say where the body ends:
//! the brace that matches its opening brace, among the grammar's own tokens (so strings,
//! characters and comments never count), or the first line indented no deeper than its
//! header. `ends` reads that end from the tree for each definition an error region may have
//! cut short; `extend` lets the definitions run to it, gives the ones found inside the lines
//! they gain their new parent, and hands those lines' calls to them.

use gather_languages::tree_sitter::{Node, Tree};
use gather_languages::{Blocks, LanguageSpec};

use super::candidates::{walk, Step};
use super::extent::find_body;
use crate::lines::{Line, LineRange, LineTable};
use crate::record::{CallSite, Symbol, SymbolKind};

/// Per definition (`definitions[i]` is the node and name of `symbols[i]`), the last line of
/// its body by the language's block rules, for those an error region may have cut short:
/// one starts inside the definition or right after it (blank lines between), or the
/// grammar closed its body with a guessed brace and a region comes later (the code after
/// the guess read as a statement that holds the error further down). `None` where no
/// region can have, or the rules say nothing (no brace opens the body, or none closes it).
pub(super) fn ends(
    spec: &LanguageSpec,
    tree: &Tree,
    definitions: &[(Node, Node)],
    symbols: &[Symbol],
    regions: &[LineRange],
    text: &str,
) -> Vec<Option<Line>> {
    let mut ends = vec![None; symbols.len()];
    let lines = LineTable::new(text);
    let cut: Vec<usize> = (0..symbols.len())
        .filter(|&at| {
            let range = symbols[at].range;
            let mut next = range.end + 1;
            while next < lines.n_lines() && lines.line(next).trim().is_empty() {
                next += 1;
            }
            overlaps(regions, range.start, next)
                || regions.last().is_some_and(|r| r.end > range.end) && {
                    let (node, name) = definitions[at];
                    closed_by_guess(node, name)
                }
        })
        .collect();
    if cut.is_empty() {
        return ends;
    }
    match spec.blocks {
        Blocks::Braces => {
            let opening: Vec<(usize, usize)> = cut
                .iter()
                .filter_map(|&at| {
                    let (node, name) = definitions[at];
                    opening_brace(node, name).map(|byte| (byte, at))
                })
                .collect();
            for (at, end) in closing_lines(tree, opening) {
                ends[at] = Some(end);
            }
        }
        Blocks::Indentation => {
            let first = symbols[cut[0]].range.start;
            let layout = Layout::read(tree, first, lines.n_lines());
            for at in cut {
                ends[at] = Some(layout.indented_end(&lines, &symbols[at]));
            }
        }
    }
    ends
}

/// Lets each definition with an end in `ends` past its own run to it, when the lines it gains
/// hold an error region (else the grammar read them as something else). It stops before the
/// next definition the grammar found that sits no deeper than its header, or that runs past
/// that end (a definition written at a line's start is no other's part, bar a namespace's),
/// and inside its parent. Definitions the grammar found in the lines gained, beside it or
/// around it, become its (or its members') children, and calls there that the grammar gave
/// to no callable or to one around it become the innermost callable's. Whether any grew.
pub(super) fn extend(
    symbols: &mut [Symbol],
    calls: &mut [CallSite],
    ends: &[Option<Line>],
    regions: &[LineRange],
    text: &str,
    separator: &str,
) -> bool {
    let lines = LineTable::new(text);
    // Per definition re-parented, its name below the parent, which the final pass qualifies.
    let mut moved: Vec<Option<String>> = vec![None; symbols.len()];
    let mut gained: Vec<LineRange> = Vec::new();
    for at in 0..symbols.len() {
        let Some(block_end) = ends.get(at).copied().flatten() else {
            continue;
        };
        let range = symbols[at].range;
        if block_end <= range.end || !overlaps(regions, range.end + 1, block_end) {
            continue;
        }
        let mut end = block_end.min(lines.n_lines());
        if let Some(parent) = symbols[at].parent {
            end = end.min(symbols[parent as usize].range.end);
        }
        let indent = indentation(lines.line(symbols[at].name_line));
        let holds_flush = symbols[at].kind == SymbolKind::Module;
        for other in &symbols[at + 1..] {
            // Parents come first and definitions are in order of their first line.
            if other.range.start > end {
                break;
            }
            if other.range.start <= range.end {
                continue;
            }
            let flush = !holds_flush && indentation(lines.line(other.name_line)) <= indent;
            if flush || other.range.end > end {
                end = other.full_range().start.saturating_sub(1);
                break;
            }
        }
        while end > range.end && lines.line(end).trim().is_empty() {
            end -= 1;
        }
        if end <= range.end {
            continue;
        }
        symbols[at].range = LineRange::new(range.start, end);
        gained.push(LineRange::new(range.end + 1, end));
        adopt(symbols, at, range.end, separator, &mut moved);
    }
    if gained.is_empty() {
        return false;
    }
    qualify(symbols, &moved, separator);
    reassign_calls(symbols, calls, &gained);
    true
}

/// Whether a region holds a line of `start..=end`.
fn overlaps(regions: &[LineRange], start: Line, end: Line) -> bool {
    // Outermost error nodes are disjoint and in order.
    let at = regions.partition_point(|r| r.end < start);
    regions.get(at).is_some_and(|r| r.start <= end)
}

/// Columns of `line`'s leading whitespace, a tab to the next multiple of 8 (as Python counts).
fn indentation(line: &str) -> usize {
    let mut column = 0;
    for ch in line.chars() {
        match ch {
            ' ' => column += 1,
            '\t' => column = column / 8 * 8 + 8,
            _ => break,
        }
    }
    column
}

/// The byte of the brace that opens the body of `node` (named by `name`): its body's first
/// token, or else that of the block its last token closes.
fn opening_brace(node: Node, name: Node) -> Option<usize> {
    let opens = |block: Node| {
        block
            .child(0)
            .filter(|brace| brace.kind() == "{" && !brace.is_missing())
            .map(|brace| brace.start_byte())
    };
    if let Some(byte) = find_body(node, name, 3).and_then(opens) {
        return Some(byte);
    }
    let mut block = node;
    loop {
        let last = (0..block.child_count())
            .rev()
            .filter_map(|idx| block.child(idx))
            .find(|child| child.kind() != ";" && !child.is_extra())?;
        if last.child_count() == 0 {
            return (last.kind() == "}").then(|| opens(block)).flatten();
        }
        block = last;
    }
}

/// Whether the grammar closed the body of `node` (named by `name`) with a zero-width guess
/// at its closing brace: it met code there it could not read as the body's.
fn closed_by_guess(node: Node, name: Node) -> bool {
    let Some(body) = find_body(node, name, 3) else {
        return false;
    };
    (0..body.child_count())
        .rev()
        .filter_map(|idx| body.child(idx))
        .find(|child| !child.is_extra())
        .is_some_and(|last| last.is_missing() && last.kind().starts_with('}'))
}

/// For each `(opening brace byte, definition)`, the definition and the line of the brace
/// that closes it, matched among the tree's brace tokens; braces never closed give nothing.
/// One walk from the first of them; the parser's zero-width guesses at a missing brace are
/// no braces.
fn closing_lines(tree: &Tree, mut opening: Vec<(usize, usize)>) -> Vec<(usize, Line)> {
    let mut found = Vec::new();
    opening.sort_unstable();
    let Some(&(first, _)) = opening.first() else {
        return found;
    };
    let mut wanted = opening.into_iter().peekable();
    // Per open brace: the definition it opens, if it is one asked about.
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut n_open_asked = 0usize;
    walk(tree, |node| {
        if node.end_byte() > first && node.child_count() > 0 {
            return Step::Enter;
        }
        if node.child_count() == 0
            && node.start_byte() >= first
            && !node.is_named()
            && !node.is_missing()
        {
            let kind = node.kind();
            if kind.ends_with('{') {
                while wanted
                    .next_if(|&(byte, _)| byte < node.start_byte())
                    .is_some()
                {}
                let asked = wanted
                    .next_if(|&(byte, _)| byte == node.start_byte())
                    .map(|(_, at)| at);
                n_open_asked += usize::from(asked.is_some());
                open.push(asked);
            } else if kind.starts_with('}') {
                if let Some(Some(at)) = open.pop() {
                    found.push((at, node.start_position().row as Line + 1));
                    n_open_asked -= 1;
                    if n_open_asked == 0 && wanted.peek().is_none() {
                        return Step::Stop;
                    }
                }
            }
        }
        Step::Pass
    });
    found
}

/// What the tree says about the lines of an indented file from a line on: which start
/// inside a string begun above (their indentation is the string's), and where comments
/// start (a comment's indentation closes no block).
struct Layout {
    /// Per line from `first`: whether it starts inside a string begun on a line above.
    in_string: Vec<bool>,
    /// Per line from `first`: the column where a comment starts on it, if one does.
    comment_at: Vec<Option<usize>>,
    first: Line,
}

impl Layout {
    fn read(tree: &Tree, first: Line, n_lines: Line) -> Layout {
        let len = (n_lines + 1).saturating_sub(first) as usize;
        let mut layout = Layout {
            in_string: vec![false; len],
            comment_at: vec![None; len],
            first,
        };
        let first_row = first as usize - 1;
        walk(tree, |node| {
            let (start, end) = (node.start_position(), node.end_position());
            let kind = node.kind();
            if kind.contains("comment") && start.row >= first_row {
                if let Some(slot) = layout.comment_at.get_mut(start.row - first_row) {
                    slot.get_or_insert(start.column);
                }
                Step::Pass
            } else if node.is_named() && kind.contains("string") && end.row > start.row {
                for row in (start.row + 1).max(first_row)..=end.row {
                    if let Some(slot) = layout.in_string.get_mut(row - first_row) {
                        *slot = true;
                    }
                }
                Step::Pass
            } else if end.row >= first_row && node.child_count() > 0 {
                Step::Enter
            } else {
                Step::Pass
            }
        });
        layout
    }

    /// The last line of `symbol`'s body: the lines after its header indented deeper than
    /// the header, up to the first that is not. Blank and comment lines close nothing, and
    /// a string's lines go with the line that opens it.
    fn indented_end(&self, lines: &LineTable, symbol: &Symbol) -> Line {
        let header = indentation(lines.line(symbol.name_line));
        let mut end = symbol.name_line.max(symbol.signature.end);
        for line in end + 1..=lines.n_lines() {
            let slot = (line - self.first) as usize;
            if self.in_string.get(slot).copied().unwrap_or(false) {
                end = line;
                continue;
            }
            let text = lines.line(line);
            if text.trim().is_empty() {
                continue;
            }
            let indent = indentation(text);
            let column = text.len() - text.trim_start().len();
            if self.comment_at.get(slot).copied().flatten() == Some(column) {
                continue;
            }
            if indent <= header {
                break;
            }
            end = line;
        }
        end
    }
}

/// Makes the definitions the grammar found in the lines `symbols[at]` gained (after
/// `old_end`), outside it, its descendants: each takes the innermost of it and its members
/// around it. Only those the grammar placed beside it or in one around it move; one placed
/// by a receiver stays. Their names below the new parent go into `moved`.
fn adopt(
    symbols: &mut [Symbol],
    at: usize,
    old_end: Line,
    separator: &str,
    moved: &mut [Option<String>],
) {
    let end = symbols[at].range.end;
    let mut around = vec![at];
    let mut ancestors = Vec::new();
    let mut up = symbols[at].parent;
    while let Some(p) = up {
        ancestors.push(p);
        up = symbols[p as usize].parent;
    }
    for idx in at + 1..symbols.len() {
        if symbols[idx].range.start > end {
            break;
        }
        while let Some(&top) = around.last() {
            if top == at || symbols[top].range.covers(&symbols[idx].range) {
                break;
            }
            around.pop();
        }
        let parent = symbols[idx].parent;
        let beside = parent.is_none_or(|p| ancestors.contains(&p));
        if symbols[idx].range.start <= old_end || !beside {
            // Its own member, or placed elsewhere: only its own members hold others.
            if is_below(symbols, idx, at) {
                around.push(idx);
            }
            continue;
        }
        let Some(&new_parent) = around.last() else {
            continue;
        };
        let old_parent = parent.map(|p| &symbols[p as usize]);
        // A definition moved before keeps the name it had below its first parent.
        let below = moved[idx].take().unwrap_or_else(|| {
            let name = &symbols[idx].qualified_name;
            old_parent
                .and_then(|p| name.strip_prefix(p.qualified_name.as_str()))
                .and_then(|rest| rest.strip_prefix(separator))
                .unwrap_or(name)
                .to_string()
        });
        moved[idx] = Some(below);
        let holds_methods = symbols[new_parent].kind.holds_methods();
        let was_in_type = old_parent.is_some_and(|p| p.kind.holds_methods());
        let is_test = symbols[new_parent].is_test;
        let symbol = &mut symbols[idx];
        symbol.kind = match symbol.kind {
            SymbolKind::Function if holds_methods => SymbolKind::Method,
            SymbolKind::Method if !holds_methods && was_in_type => SymbolKind::Function,
            kind => kind,
        };
        symbol.parent = Some(new_parent as u32);
        symbol.is_test |= is_test;
        around.push(idx);
    }
}

/// Whether `idx` is `ancestor` or one of its descendants.
fn is_below(symbols: &[Symbol], idx: usize, ancestor: usize) -> bool {
    let mut at = Some(idx as u32);
    while let Some(i) = at {
        if i as usize == ancestor {
            return true;
        }
        at = symbols[i as usize].parent;
    }
    false
}

/// Qualifies the moved definitions' names from their new parents, and their members' from
/// them (parents come first, so one pass).
fn qualify(symbols: &mut [Symbol], moved: &[Option<String>], separator: &str) {
    // Per definition whose qualified name changed: the old one.
    let mut old: Vec<Option<String>> = vec![None; symbols.len()];
    for idx in 0..symbols.len() {
        let parent = symbols[idx].parent.map(|p| p as usize);
        let new_name = match (&moved[idx], parent) {
            (Some(below), Some(p)) => {
                Some(format!("{}{separator}{below}", symbols[p].qualified_name))
            }
            (None, Some(p)) => old[p].as_ref().and_then(|old_parent| {
                let below = symbols[idx]
                    .qualified_name
                    .strip_prefix(old_parent.as_str())?
                    .strip_prefix(separator)?;
                Some(format!("{}{separator}{below}", symbols[p].qualified_name))
            }),
            _ => None,
        };
        if let Some(new_name) = new_name {
            old[idx] = Some(std::mem::replace(
                &mut symbols[idx].qualified_name,
                new_name,
            ));
        }
    }
}

/// Gives each call in the `gained` lines to the innermost function or method holding it,
/// when the grammar gave it to none or to one around that one.
fn reassign_calls(symbols: &[Symbol], calls: &mut [CallSite], gained: &[LineRange]) {
    let last = gained.iter().map(|g| g.end).max().unwrap_or(0) as usize;
    let mut innermost: Vec<Option<usize>> = vec![None; last + 1];
    // Parents come first, so a member overwrites its parent's lines. Decorators above the
    // name run where the definition is made, as in the first reading.
    for (idx, symbol) in symbols.iter().enumerate() {
        let start = symbol.name_line.clamp(symbol.range.start, symbol.range.end) as usize;
        let end = (symbol.range.end as usize).min(last);
        for slot in innermost.iter_mut().take(end + 1).skip(start) {
            *slot = Some(idx);
        }
    }
    let callable = |idx: usize| super::refs::callable(symbols, idx as u32);
    for call in calls {
        if !gained.iter().any(|g| g.contains(call.line)) {
            continue;
        }
        let Some(own) = innermost
            .get(call.line as usize)
            .copied()
            .flatten()
            .and_then(callable)
        else {
            continue;
        };
        super::refs::give_call(call, own, symbols);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbol(name: &str, kind: SymbolKind, range: (Line, Line), parent: Option<u32>) -> Symbol {
        Symbol {
            name: name.to_string(),
            qualified_name: name.to_string(),
            kind,
            range: LineRange::new(range.0, range.1),
            signature: LineRange::new(range.0, range.0),
            doc: None,
            name_line: range.0,
            parent,
            is_test: false,
            text_hash: 0,
            from_line_rules: false,
        }
    }

    fn ranges(symbols: &[Symbol]) -> Vec<String> {
        (symbols.iter())
            .map(|s| format!("{} {} {:?}", s.qualified_name, s.range, s.parent))
            .collect()
    }

    /// Braces that an error left unbalanced close past the next definition the grammar
    /// found at the line's start: the definition ends before it and its comment.
    #[test]
    fn a_flush_sibling_ends_the_definition() {
        let text = "fn a() {\n  x(\n  y\n\n  z\n\n// B.\nfn b() {\n}\n}\n";
        let mut symbols = vec![
            symbol("a", SymbolKind::Function, (1, 3), None),
            symbol("b", SymbolKind::Function, (8, 9), None),
        ];
        symbols[1].doc = Some(LineRange::new(7, 7));
        let regions = [LineRange::new(2, 2), LineRange::new(10, 10)];
        let ends = [Some(10), None];
        assert!(extend(&mut symbols, &mut [], &ends, &regions, text, "::"));
        assert_eq!(ranges(&symbols), ["a 1-5 None", "b 8-9 None"]);
    }

    /// A namespace's definitions are written at the line's start: it holds them.
    #[test]
    fn a_namespace_holds_flush_definitions() {
        let text = "namespace n {\nint x(\n\nint f() {\n}\n\n}\n";
        let mut symbols = vec![
            symbol("n", SymbolKind::Module, (1, 2), None),
            symbol("f", SymbolKind::Function, (4, 5), None),
        ];
        let regions = [LineRange::new(2, 7)];
        let ends = [Some(7), None];
        assert!(extend(&mut symbols, &mut [], &ends, &regions, text, "::"));
        assert_eq!(ranges(&symbols), ["n 1-7 None", "n::f 4-5 Some(0)"]);
    }

    /// Lines the grammar read without an error are not the definition's to take, whatever
    /// the block rules say; and a definition stays inside its parent.
    #[test]
    fn only_lines_with_an_error_are_taken_and_never_past_the_parent() {
        let text = "class A:\n    def f(self):\n        x(\n        y\n    z = 1\nw = 2\n";
        let mut symbols = vec![
            symbol("A", SymbolKind::Class, (1, 4), None),
            symbol("f", SymbolKind::Method, (2, 3), Some(0)),
        ];
        let regions = [LineRange::new(3, 4)];
        // No region after line 4: A keeps its range, and f runs to A's end, not its own.
        let ends = [Some(6), Some(5)];
        assert!(extend(&mut symbols, &mut [], &ends, &regions, text, "."));
        assert_eq!(ranges(&symbols), ["A 1-4 None", "f 2-4 Some(0)"]);
    }

    #[test]
    fn indentation_counts_tabs_to_the_next_stop() {
        assert_eq!(indentation("    x"), 4);
        assert_eq!(indentation("\tx"), 8);
        assert_eq!(indentation("  \tx"), 8);
        assert_eq!(indentation(""), 0);
    }
}
