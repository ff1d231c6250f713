//! Honest parses: where tree-sitter's error recovery swallowed code. A grammar that meets
//! code it cannot read wraps it in an error node and carries on, and the definitions inside
//! (a class after an interface the grammar misread) are lost without a word. Given the
//! error regions of a tree (`errors.rs`), this module reads them with the line rules, adds
//! the definitions declared there that the grammar did not find (marked
//! [`Symbol::from_line_rules`]), and says whether the file is `parsed-with-errors`: an
//! error region over more than [`FEW_LINES`] lines, or one that hid a definition.
//! Each added definition with its body (an island) is then read again by the grammar on
//! its own, the rest of the file blanked, which gives its members and calls (the line
//! rules see no method without a keyword); where that reading misses it, the line rules'
//! definitions stand.

use std::collections::{HashMap, HashSet};

use gather_languages::{LanguageSpec, LineRules};

use super::blocks;
use super::heuristic;
use super::overrun;
use super::tags::{self, Extracted};
use crate::lines::{Line, LineRange, LineTable};
use crate::record::{CallSite, FileStatus, Symbol, SymbolKind};

/// Lines an error region may span and still count as a slip (a stray token, a missing
/// semicolon); past this it swallowed code.
pub(crate) const FEW_LINES: u32 = 3;

/// The status of a file the grammar parsed, after adding to `extracted` the definitions
/// found in its error regions.
pub(super) fn settle(
    spec: &'static LanguageSpec,
    text: &str,
    is_test_file: bool,
    extracted: &mut Extracted,
) -> FileStatus {
    if extracted.error_regions.is_empty() {
        return FileStatus::Parsed;
    }
    let regions = std::mem::take(&mut extracted.error_regions);
    let swallowed = regions.iter().any(|r| r.len() > FEW_LINES);
    // Definitions closed early run to the end their block rules give, before the line
    // rules look for what the regions hid.
    let extended = blocks::extend(
        &mut extracted.symbols,
        &mut extracted.calls,
        &extracted.block_ends,
        &regions,
        text,
        spec.scope_separator,
    );
    // Past the line rules' nesting limit the grammar's definitions stand alone.
    let rules = heuristic::Rules {
        shell_functions: spec.line_rules == LineRules::ShellFunctions,
        typed_functions: spec.line_rules == LineRules::TypedFunctions,
    };
    let found = heuristic::definitions_with(text, is_test_file, rules).unwrap_or_default();
    let file = File {
        spec,
        text,
        is_test_file,
    };
    let recovered = recover(&file, found, &regions, extracted);
    extracted.error_regions = regions;
    if swallowed || recovered || extended {
        FileStatus::ParsedWithErrors
    } else {
        FileStatus::Parsed
    }
}

/// The file being read.
struct File<'a> {
    spec: &'static LanguageSpec,
    text: &'a str,
    is_test_file: bool,
}

/// Definitions added to a file, with the calls read with them.
struct Added {
    /// Parents are positions in the grammar's definitions followed by these.
    symbols: Vec<Symbol>,
    /// Enclosing definitions are numbered as the parents are.
    calls: Vec<CallSite>,
    /// Lines whose calls were read again: the first parse's calls there are dropped.
    reread: Vec<LineRange>,
}

/// Adds the line rules' definitions (`found`) declared inside an error region on a line
/// where the grammar found none; whether any was added. A grammar definition cut short
/// at a region takes the line rules' end for it, unless its block rules said where it ends.
fn recover(
    file: &File,
    found: Vec<Symbol>,
    regions: &[LineRange],
    extracted: &mut Extracted,
) -> bool {
    // Outermost error nodes are disjoint and in order.
    let in_region = |line: Line| {
        let at = regions.partition_point(|r| r.end < line);
        regions.get(at).is_some_and(|r| r.contains(line))
    };
    let ruled = &extracted.block_ends;
    let grammar = &mut extracted.symbols;
    let mut by_name_line: HashMap<Line, usize> = HashMap::new();
    for (at, symbol) in grammar.iter().enumerate() {
        by_name_line.entry(symbol.name_line).or_insert(at);
    }
    let lines = LineTable::new(file.text);
    let mut keep = vec![false; found.len()];
    for (idx, by_lines) in found.iter().enumerate() {
        match by_name_line.get(&by_lines.name_line).copied() {
            Some(at) if ruled.get(at).is_some_and(Option::is_some) => {}
            Some(at) => lengthen(grammar, at, by_lines.range.end, regions),
            None => {
                keep[idx] = in_region(by_lines.name_line)
                    && reads_as_definition(lines.line(by_lines.name_line), by_lines);
            }
        }
    }
    if !keep.iter().any(|&k| k) {
        return false;
    }
    let kept = Kept::new(found, keep);
    let known: HashSet<Line> = by_name_line.into_keys().collect();
    let added = read_islands(file, &kept, &known, grammar.len());
    overrun::cut_at_islands(&lines, grammar, &added.symbols);
    let added = adopt(file.spec, added, grammar);
    merge(extracted, added);
    true
}

/// Lets the grammar's definition at `at` run to `end` (where the line rules close it) when
/// an error region begins inside it or right after it and runs past its end: the grammar
/// closed it early to recover. A definition wholly inside a region was read by the
/// grammar all the same and keeps its range, and a parent's range bounds its children's.
fn lengthen(symbols: &mut [Symbol], at: usize, end: Line, regions: &[LineRange]) {
    let range = symbols[at].range;
    let cut = regions
        .iter()
        .any(|r| range.start < r.start && r.start <= range.end + 1 && r.end > range.end);
    if !cut || end <= range.end {
        return;
    }
    let limit = symbols[at]
        .parent
        .map_or(Line::MAX, |p| symbols[p as usize].range.end);
    if end <= limit {
        symbols[at].range = LineRange::new(range.start, end);
    }
}

/// Whether what the line rules read as a definition on `line` reads as one in a language
/// with a grammar too. Their keywords match more there: a line that only declares
/// (`class Message;`, `struct state *s;`), a type used by another declaration
/// (`enum Status parse(…)`, `class EXPORT_MACRO Name {`), a keyword taken for the name
/// (`typedef struct {`), an assembler line (`sub ecx, 9`).
fn reads_as_definition(line: &str, symbol: &Symbol) -> bool {
    let code = line.split("//").next().unwrap_or(line).trim_end();
    if code.ends_with(';') && !code.contains('{') && !code.contains('=') {
        return false;
    }
    if TYPE_WORDS.contains(&symbol.name.as_str()) {
        return false;
    }
    // `type X struct {`, `type X = …`: whatever follows the name.
    if symbol.kind == SymbolKind::Type {
        return true;
    }
    let Some(rest) = after_word(code, &symbol.name) else {
        return true;
    };
    let rest = rest.trim_start();
    match rest.chars().next() {
        None | Some('{' | '(' | '<' | '[' | ':' | '=') => true,
        Some(c) if c.is_alphabetic() || c == '_' => {
            let word = rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("");
            FOLLOWING_WORDS.contains(&word)
        }
        _ => false,
    }
}

/// Words a declaration keyword can be followed by that name no definition.
const TYPE_WORDS: &[&str] = &[
    "class", "const", "enum", "signed", "static", "struct", "typename", "union", "unsigned",
];

/// Words that may follow a definition's name on its line (`class A extends B`).
const FOLLOWING_WORDS: &[&str] = &[
    "constructor",
    "extends",
    "implements",
    "internal",
    "private",
    "protected",
    "public",
    "where",
    "with",
];

/// What follows the first whole-word `word` in `code`.
fn after_word<'a>(code: &'a str, word: &str) -> Option<&'a str> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mut from = 0;
    while let Some(at) = code[from..].find(word).map(|at| from + at) {
        let end = at + word.len();
        let before = code[..at].chars().next_back();
        let after = code[end..].chars().next();
        if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
            return Some(&code[end..]);
        }
        from = end;
    }
    None
}

/// The line rules' definitions, which of them are to be added, each added one's nearest
/// added ancestor, and the islands: added definitions with no added ancestor.
struct Kept {
    found: Vec<Symbol>,
    keep: Vec<bool>,
    ancestor: Vec<Option<usize>>,
    islands: Vec<usize>,
}

impl Kept {
    fn new(found: Vec<Symbol>, keep: Vec<bool>) -> Kept {
        let mut ancestor = vec![None; found.len()];
        let mut islands = Vec::new();
        for idx in (0..found.len()).filter(|&idx| keep[idx]) {
            let mut up = found[idx].parent.map(|p| p as usize);
            while let Some(a) = up.filter(|&a| !keep[a]) {
                up = found[a].parent.map(|p| p as usize);
            }
            ancestor[idx] = up;
            if up.is_none() {
                islands.push(idx);
            }
        }
        Kept {
            found,
            keep,
            ancestor,
            islands,
        }
    }

    /// The added definitions of the island at `island`, itself first; parents are
    /// positions in the returned list, and names are qualified from the island down.
    fn island(&self, island: usize) -> Vec<Symbol> {
        let mut position: HashMap<usize, usize> = HashMap::new();
        let mut out: Vec<Symbol> = Vec::new();
        let root = self.found[island].range;
        for (idx, symbol) in self.found.iter().enumerate().skip(island) {
            // The line rules' definitions are in line order.
            if symbol.range.start > root.end {
                break;
            }
            if !self.keep[idx] || !root.covers(&symbol.range) {
                continue;
            }
            let parent = self.ancestor[idx].and_then(|a| position.get(&a).copied());
            if idx != island && parent.is_none() {
                continue;
            }
            let qualified_name = match parent {
                Some(p) => format!("{}.{}", out[p].qualified_name, symbol.name),
                None => symbol.name.clone(),
            };
            position.insert(idx, out.len());
            out.push(Symbol {
                parent: parent.map(|p| p as u32),
                qualified_name,
                ..symbol.clone()
            });
        }
        out
    }
}

/// The definitions of each island: the grammar's reading of the island's lines on their
/// own (the rest of the file blanked, so positions hold) where it finds the island's own
/// definition there, with the calls it finds; else the line rules' definitions. Parents
/// inside an island are numbered after the grammar's `n_grammar` definitions.
fn read_islands(file: &File, kept: &Kept, known: &HashSet<Line>, n_grammar: usize) -> Added {
    let ranges: Vec<LineRange> = kept.islands.iter().map(|&i| kept.found[i].range).collect();
    let alone = tags::extract(
        file.spec,
        &blank_outside(file.text, &ranges),
        file.is_test_file,
    );
    let mut added = Added {
        symbols: Vec::new(),
        calls: Vec::new(),
        reread: Vec::new(),
    };
    // Lines whose definition is known: the grammar's, and those of islands already read.
    let mut known = known.clone();
    for &island in &kept.islands {
        let root = &kept.found[island];
        // Islands that overlap (unbalanced braces) share lines: each definition once.
        if known.contains(&root.name_line) {
            continue;
        }
        let base = n_grammar + added.symbols.len();
        let taken = alone
            .as_ref()
            .ok()
            .and_then(|a| take_island(a, root, &known));
        let (symbols, calls) = match taken {
            Some((mut symbols, calls)) => {
                added.reread.push(root.range);
                // The island's comment was blanked for that reading: the line rules saw it.
                for symbol in symbols.iter_mut().filter(|s| s.name_line == root.name_line) {
                    symbol.doc = symbol.doc.or(root.doc);
                }
                (symbols, calls)
            }
            None => (kept.island(island), Vec::new()),
        };
        known.extend(symbols.iter().map(|s| s.name_line));
        added
            .symbols
            .extend(symbols.into_iter().map(|symbol| Symbol {
                parent: symbol.parent.map(|p| (base + p as usize) as u32),
                from_line_rules: true,
                ..symbol
            }));
        added.calls.extend(calls.into_iter().map(|call| CallSite {
            enclosing: call.enclosing.map(|e| (base + e as usize) as u32),
            ..call
        }));
    }
    added
}

/// The definitions and calls that the parse of the islands alone found in `root`'s lines,
/// if it found `root` itself, leaving out definitions on `known` lines (found already);
/// parents and enclosing definitions are positions in the list.
fn take_island(
    alone: &Extracted,
    root: &Symbol,
    known: &HashSet<Line>,
) -> Option<(Vec<Symbol>, Vec<CallSite>)> {
    alone
        .symbols
        .iter()
        .find(|s| s.name_line == root.name_line && root.range.covers(&s.range))?;
    let mut position: HashMap<u32, u32> = HashMap::new();
    let mut symbols: Vec<Symbol> = Vec::new();
    for (idx, symbol) in alone.symbols.iter().enumerate() {
        if !root.range.covers(&symbol.range) || known.contains(&symbol.name_line) {
            continue;
        }
        position.insert(idx as u32, symbols.len() as u32);
        symbols.push(Symbol {
            parent: symbol.parent.and_then(|p| position.get(&p).copied()),
            ..symbol.clone()
        });
    }
    let calls = alone
        .calls
        .iter()
        .filter(|call| root.range.contains(call.line))
        .map(|call| CallSite {
            enclosing: call.enclosing.and_then(|e| position.get(&e).copied()),
            ..call.clone()
        })
        .collect();
    Some((symbols, calls))
}

/// `text` with every line outside `ranges` blanked (each byte a space, line breaks kept),
/// so byte offsets and line numbers are the file's own.
fn blank_outside(text: &str, ranges: &[LineRange]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut line: Line = 1;
    // Islands are disjoint and in order: one pass over both.
    let mut next = ranges.iter().peekable();
    let mut keep_line = |line: Line| {
        while next.next_if(|r| r.end < line).is_some() {}
        next.peek().is_some_and(|r| r.contains(line))
    };
    let mut keep = keep_line(line);
    for byte in &mut bytes {
        if *byte == b'\n' {
            line += 1;
            keep = keep_line(line);
        } else if !keep {
            *byte = b' ';
        }
    }
    // Kept lines are whole, so every character in them is whole; the rest is ASCII.
    String::from_utf8(bytes).unwrap_or_default()
}

/// Gives each island a parent among the grammar's definitions (the innermost around it)
/// and qualifies the island's names from there; a function directly inside a type is its
/// method.
fn adopt(spec: &LanguageSpec, mut added: Added, grammar: &[Symbol]) -> Added {
    let sep = spec.scope_separator;
    let n_grammar = grammar.len();
    // Per added definition, the qualified name of the grammar definition its island sits in.
    let mut prefix: Vec<Option<String>> = Vec::with_capacity(added.symbols.len());
    for at in 0..added.symbols.len() {
        let symbol = &added.symbols[at];
        let (outer, is_test) = match symbol.parent {
            Some(p) => {
                let p = p as usize - n_grammar;
                (prefix[p].clone(), added.symbols[p].is_test)
            }
            None => {
                // Parents come before children, so the last one around it is the innermost.
                let around = grammar
                    .iter()
                    .enumerate()
                    .rfind(|(_, g)| g.range.covers(&symbol.range));
                let symbol = &mut added.symbols[at];
                symbol.parent = around.map(|(g, _)| g as u32);
                let holds_methods = around.is_some_and(|(_, g)| g.kind.holds_methods());
                symbol.kind = match symbol.kind {
                    SymbolKind::Function if holds_methods => SymbolKind::Method,
                    SymbolKind::Method if !holds_methods && around.is_some() => {
                        SymbolKind::Function
                    }
                    kind => kind,
                };
                (
                    around.map(|(_, g)| g.qualified_name.clone()),
                    around.is_some_and(|(_, g)| g.is_test),
                )
            }
        };
        let symbol = &mut added.symbols[at];
        if let Some(outer) = &outer {
            symbol.qualified_name = format!("{outer}{sep}{}", symbol.qualified_name);
        }
        symbol.is_test |= is_test;
        prefix.push(outer);
    }
    added
}

/// Merges the added definitions into the grammar's, keeping them ordered by start line
/// with parents first, and renumbers the parents and the calls' enclosing definitions.
/// The first parse's calls in lines read again give way to the new reading's; elsewhere a
/// call inside an added function or method is taken as its own when the grammar placed it
/// outside any callable, or in one around the added definition.
fn merge(extracted: &mut Extracted, added: Added) {
    let grammar = std::mem::take(&mut extracted.symbols);
    let n_grammar = grammar.len();
    let key = |s: &Symbol| (s.range.start, std::cmp::Reverse(s.range.end));
    // Each definition with its position before the merge: the grammar's, then the added.
    let mut merged: Vec<(usize, Symbol)> = Vec::with_capacity(n_grammar + added.symbols.len());
    let mut rest = added.symbols.into_iter().enumerate().peekable();
    for (at, symbol) in grammar.into_iter().enumerate() {
        while let Some((a, s)) = rest.next_if(|(_, s)| key(s) < key(&symbol)) {
            merged.push((n_grammar + a, s));
        }
        merged.push((at, symbol));
    }
    merged.extend(rest.map(|(a, s)| (n_grammar + a, s)));
    let mut new_at = vec![0u32; merged.len()];
    for (at, (old, _)) in merged.iter().enumerate() {
        new_at[*old] = at as u32;
    }
    let mut symbols: Vec<Symbol> = Vec::with_capacity(merged.len());
    for (at, (_, mut symbol)) in merged.into_iter().enumerate() {
        // A grammar definition whose range starts before its anchor could in principle
        // sort after an added one it holds; a parent must come first, so such a link is
        // dropped rather than kept backwards.
        symbol.parent = symbol
            .parent
            .map(|p| new_at[p as usize])
            .filter(|&p| (p as usize) < at);
        symbols.push(symbol);
    }
    let innermost = innermost_added_callables(&symbols);
    let mut calls = std::mem::take(&mut extracted.calls);
    calls.retain(|call| !added.reread.iter().any(|r| r.contains(call.line)));
    for call in &mut calls {
        call.enclosing = call.enclosing.map(|e| new_at[e as usize]);
        let Some(&Some(own)) = innermost.get(call.line as usize) else {
            continue;
        };
        super::refs::give_call(call, own, &symbols);
    }
    calls.extend(added.calls.into_iter().map(|call| CallSite {
        enclosing: call.enclosing.map(|e| new_at[e as usize]),
        ..call
    }));
    // Source order, as the first parse gave them.
    calls.sort_by_key(|call| call.line);
    extracted.symbols = symbols;
    extracted.calls = calls;
}

/// Per line, the innermost added function or method holding it. Parents come before their
/// children, so a child overwrites its parent's lines; the line rules nest at most
/// [`heuristic::MAX_NESTING`] deep, which bounds the work.
fn innermost_added_callables(symbols: &[Symbol]) -> Vec<Option<u32>> {
    let mut innermost: Vec<Option<u32>> = Vec::new();
    for (at, symbol) in symbols.iter().enumerate() {
        if !symbol.from_line_rules
            || !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method)
        {
            continue;
        }
        let end = symbol.range.end as usize;
        if innermost.len() <= end {
            innermost.resize(end + 1, None);
        }
        for slot in &mut innermost[symbol.range.start as usize..=end] {
            *slot = Some(at as u32);
        }
    }
    innermost
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbol(name: &str, kind: SymbolKind) -> Symbol {
        Symbol {
            name: name.to_string(),
            qualified_name: name.to_string(),
            kind,
            range: LineRange::new(1, 1),
            signature: LineRange::new(1, 1),
            doc: None,
            name_line: 1,
            parent: None,
            is_test: false,
            text_hash: 0,
            from_line_rules: true,
        }
    }

    #[test]
    fn what_the_line_rules_misread_in_grammar_languages_is_left_out() {
        let reads = |line: &str, name: &str, kind: SymbolKind| {
            reads_as_definition(line, &symbol(name, kind))
        };
        assert!(reads(
            "export class Runner<E, P> {",
            "Runner",
            SymbolKind::Class
        ));
        assert!(reads("class A extends B {", "A", SymbolKind::Class));
        assert!(reads("def run(self):", "run", SymbolKind::Function));
        assert!(reads("type Point struct {", "Point", SymbolKind::Type));
        assert!(!reads("class Message;", "Message", SymbolKind::Class));
        assert!(!reads(
            "  struct state FAR *s;",
            "state",
            SymbolKind::Struct
        ));
        assert!(!reads(
            "enum Status XMLCALL parse(int n) {",
            "Status",
            SymbolKind::Enum
        ));
        assert!(!reads(
            "class API_EXPORT Name {",
            "API_EXPORT",
            SymbolKind::Class
        ));
        assert!(!reads("typedef struct {", "struct", SymbolKind::Type));
        assert!(!reads("    sub ecx, 9", "ecx", SymbolKind::Function));
    }

    #[test]
    fn blanking_keeps_lines_and_offsets() {
        let text = "é one\ntwo\nthree é\n";
        let blanked = blank_outside(text, &[LineRange::new(2, 2)]);
        assert_eq!(blanked.len(), text.len());
        assert_eq!(blanked, "      \ntwo\n        \n");
    }

    #[test]
    fn a_clean_file_has_no_error_region_and_a_broken_one_has_them() {
        let clean = crate::parse::file("a.py", "def f():\n    return 1\n");
        assert!(clean.error_regions.is_empty());
        assert_eq!(clean.status, FileStatus::Parsed);
        let broken = crate::parse::file("a.py", "def f():\n    return 1\n}}}\n");
        assert!(!broken.error_regions.is_empty());
    }
}
