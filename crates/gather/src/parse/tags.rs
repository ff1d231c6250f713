//! Runs a language's definitions query over a tree-sitter tree and turns the captures into
//! [`Symbol`]s: ranges grown over wrappers, attributes and leading comments, signatures,
//! parents, qualified names and test flags. Knows no language by name; everything
//! language-specific comes from the `LanguageSpec` row and its query file.
//!
//! Hostile input gets a budget instead of unbounded work: the grammar may take one step
//! per [`PARSE_BYTES_PER_STEP`] bytes (counted through tree-sitter's progress callback, not
//! by a clock, so the cut is the same on every machine), no definition may start deeper
//! than [`MAX_DEFINITION_DEPTH`] syntax levels, and none may sit inside more than
//! [`MAX_NESTING`] others: every line of a file is hashed and indexed once per definition
//! containing it, and qualified names grow with nesting. Past any limit the file is
//! `skipped(too-complex)`. Below them, nesting costs no walk from the root per definition
//! (`Node::parent` and `Node::prev_sibling` walk down from the root): the candidate walk
//! records the parent and previous sibling of deep nodes ([`Family`]).

use std::cell::RefCell;
use std::collections::HashMap;

use gather_languages::tree_sitter::{Node, Parser, QueryCursor, QueryMatch, Tree};
use gather_languages::{LanguageSpec, Patterns};
use streaming_iterator::StreamingIterator;

use super::{refs, testcode};
use crate::index::{CallSite, Import, Symbol, SymbolKind};
use crate::lines::{Line, LineRange};

thread_local! {
    // One parser per language and one cursor per worker thread: both are reusable and
    // costly to create per file.
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
    static CURSOR: RefCell<QueryCursor> = RefCell::new(QueryCursor::new());
}

/// Why a file could not be parsed with its grammar.
#[derive(Debug)]
pub enum TagsError {
    /// The language's queries failed to compile.
    Query,
    /// tree-sitter returned no tree.
    NoTree,
    /// Past the parse budget.
    TooComplex,
}

/// Bytes of input per progress callback allowed (tree-sitter calls back once per 100
/// parser operations), beyond [`PARSE_STEPS_BASE`]. Code in every supported language takes
/// about one callback per 70–150 bytes; a grammar lost in error recovery can take far more.
pub const PARSE_BYTES_PER_STEP: usize = 4;

/// Progress callbacks any file may take, however short.
const PARSE_STEPS_BASE: usize = 10_000;

/// Syntax levels (tree depth) above a definition's first node beyond which a file is too
/// complex. Hand-written definitions sit a few dozen levels deep.
pub const MAX_DEFINITION_DEPTH: u32 = 400;

/// Definitions inside one another beyond which a file is too complex: each line is hashed
/// and indexed once per definition around it, and qualified names grow with nesting.
pub const MAX_NESTING: usize = 100;

/// One raw definition match before ranges and parents are worked out.
struct Raw<'t> {
    node: Node<'t>,
    anchor: Node<'t>,
    name: Node<'t>,
    kind: SymbolKind,
    receiver: Option<String>,
    docstring: Option<Node<'t>>,
    pattern: usize,
}

enum Role {
    Definition(SymbolKind),
    Name,
    Receiver,
    Doc,
    Other,
}

/// What the queries found in one file.
pub struct Extracted {
    /// Definitions, parents before children.
    pub symbols: Vec<Symbol>,
    /// Call sites.
    pub calls: Vec<CallSite>,
    /// Imports.
    pub imports: Vec<Import>,
    /// The declared package.
    pub package: Option<String>,
}

/// Extracts definitions, call sites and imports of `text` with `spec`'s grammar and queries.
pub fn extract(
    spec: &'static LanguageSpec,
    text: &str,
    is_test_file: bool,
) -> Result<Extracted, TagsError> {
    let compiled = spec.compiled().map_err(|_| TagsError::Query)?;
    // Offsets are unchanged by blanking, so positions found in the blanked text hold for
    // the original.
    let blanked = if spec.blank_macros {
        super::macros::blank(text)
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    let text: &str = &blanked;
    let tree = PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = parsers.entry(spec.id).or_insert_with(|| {
            let mut parser = Parser::new();
            // The grammar and the queries were compiled together; a version mismatch
            // surfaces here and turns into the heuristic fallback.
            let _ = parser.set_language(&compiled.grammar);
            parser
        });
        let budget = PARSE_STEPS_BASE + text.len() / PARSE_BYTES_PER_STEP;
        let mut steps = 0usize;
        let mut over = false;
        let mut progress = |_: &gather_languages::tree_sitter::ParseState| {
            steps += 1;
            if steps > budget {
                over = true;
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        };
        let bytes = text.as_bytes();
        let tree = parser.parse_with_options(
            &mut |offset, _| bytes.get(offset..).unwrap_or_default(),
            None,
            Some(
                gather_languages::tree_sitter::ParseOptions::new().progress_callback(&mut progress),
            ),
        );
        if over {
            // A cancelled parse would resume on the next call; start the next file afresh.
            parser.reset();
            return Err(TagsError::TooComplex);
        }
        tree.ok_or(TagsError::NoTree)
    });
    let tree = tree?;
    let query = &compiled.definitions.query;
    let roles: Vec<Role> = query
        .capture_names()
        .iter()
        .map(|name| match *name {
            "name" => Role::Name,
            "receiver" => Role::Receiver,
            "doc" => Role::Doc,
            other => match other
                .strip_prefix("definition.")
                .and_then(SymbolKind::from_name)
            {
                Some(kind) => Role::Definition(kind),
                None => Role::Other,
            },
        })
        .collect();

    let bytes = text.as_bytes();
    // Keyed by the name node's start byte: when several patterns match one definition
    // (a function inside its decorator wrapper), the widest definition node wins.
    let mut by_name: HashMap<usize, Raw> = HashMap::new();
    let (mut found, family) = candidates(
        &tree,
        &[
            Some(&compiled.definitions),
            compiled.calls.as_ref(),
            compiled.imports.as_ref(),
        ],
    )?;
    let import_nodes = found.pop().flatten();
    let call_nodes = found.pop().flatten();
    let definition_nodes = found.pop().flatten();
    run(
        &compiled.definitions,
        &tree,
        definition_nodes.as_deref(),
        bytes,
        |m| collect(m, &roles, bytes, &mut by_name),
    );

    let mut raws: Vec<Raw> = by_name.into_values().collect();
    for raw in &mut raws {
        raw.anchor = anchor(spec, &family, raw.node);
    }
    // Parents before children: by start, then widest first, then by name position.
    raws.sort_by_key(|r| {
        (
            r.anchor.start_byte(),
            std::cmp::Reverse(r.anchor.end_byte()),
            r.name.start_byte(),
        )
    });

    // Names of every definition, for receivers that point at a type defined later.
    let mut raw_names: HashMap<&str, Vec<usize>> = HashMap::new();
    for (idx, raw) in raws.iter().enumerate() {
        if let Ok(name) = raw.name.utf8_text(bytes) {
            raw_names.entry(name).or_default().push(idx);
        }
    }
    let mut symbols: Vec<Symbol> = Vec::with_capacity(raws.len());
    let mut stack: Vec<usize> = Vec::new();
    for raw in &raws {
        while let Some(&top) = stack.last() {
            let parent = &raws[top];
            let contains = parent.anchor.start_byte() <= raw.anchor.start_byte()
                && raw.anchor.end_byte() <= parent.anchor.end_byte()
                && parent.anchor.byte_range() != raw.anchor.byte_range();
            if contains {
                break;
            }
            stack.pop();
        }
        if stack.len() >= MAX_NESTING {
            return Err(TagsError::TooComplex);
        }
        let mut parent = stack.last().map(|&i| i as u32);
        let name = raw.name.utf8_text(bytes).unwrap_or("").to_string();
        let (range, leading, start_byte) = extent(spec, &family, raw.anchor);
        let mut kind = raw.kind;
        let mut qualified_name = match parent {
            Some(p) => format!(
                "{}{}{}",
                symbols[p as usize].qualified_name, spec.scope_separator, name
            ),
            None => name.clone(),
        };
        // A receiver names the type (or namespace) a definition belongs to when it is
        // written outside of it: Go methods, C++ `Type::method` definitions.
        let nested_in_type = parent.is_some_and(|p| symbols[p as usize].kind.holds_methods());
        if let (Some(receiver), false) = (&raw.receiver, nested_in_type) {
            match receiver_target(&raws, &raw_names, receiver) {
                Some(target) => {
                    let target_kind = raws[target].kind;
                    let prefix = if target < symbols.len() {
                        symbols[target].qualified_name.clone()
                    } else {
                        match parent {
                            Some(p) => format!(
                                "{}{}{receiver}",
                                symbols[p as usize].qualified_name, spec.scope_separator
                            ),
                            None => receiver.clone(),
                        }
                    };
                    qualified_name = format!("{prefix}{}{name}", spec.scope_separator);
                    parent = Some(target as u32);
                    if kind == SymbolKind::Function && target_kind != SymbolKind::Module {
                        kind = SymbolKind::Method;
                    }
                }
                None => {
                    qualified_name = match parent {
                        Some(p) => format!(
                            "{}{sep}{receiver}{sep}{name}",
                            symbols[p as usize].qualified_name,
                            sep = spec.scope_separator
                        ),
                        None => format!("{receiver}{}{name}", spec.scope_separator),
                    };
                    if kind == SymbolKind::Function {
                        kind = SymbolKind::Method;
                    }
                }
            }
        } else if kind == SymbolKind::Function && nested_in_type {
            kind = SymbolKind::Method;
        }
        let parent_symbol = parent.and_then(|p| symbols.get(p as usize));
        let doc = raw.docstring.map(|d| node_lines(d)).or(leading);
        let name_line = raw.name.start_position().row as Line + 1;
        let head_text = text.get(start_byte..raw.name.start_byte()).unwrap_or("");
        let is_test = is_test_file
            || parent_symbol.is_some_and(|p| p.is_test)
            || testcode::has_test_marker(head_text)
            || testcode::has_test_name(spec.test_names, &name);
        symbols.push(Symbol {
            signature: signature(raw.node, raw.name, range),
            name,
            qualified_name,
            kind,
            range,
            doc,
            name_line,
            parent,
            is_test,
            text_hash: 0,
        });
        stack.push(symbols.len() - 1);
    }
    let calls = match &compiled.calls {
        Some(patterns) => refs::calls(
            patterns,
            &tree,
            call_nodes.as_deref(),
            bytes,
            &symbols,
            raws.iter().map(|raw| raw.name.start_byte()),
            raws.iter().map(|raw| raw.anchor.byte_range()).collect(),
        ),
        None => Vec::new(),
    };
    let (imports, package) = match &compiled.imports {
        Some(patterns) => refs::imports(
            patterns,
            &tree,
            import_nodes.as_deref(),
            bytes,
            spec.import_style,
        ),
        None => (Vec::new(), None),
    };
    Ok(Extracted {
        symbols,
        calls,
        imports,
        package,
    })
}

/// Records one match as a raw definition, keeping the widest definition per name.
fn collect<'t>(
    m: &QueryMatch<'_, 't>,
    roles: &[Role],
    bytes: &[u8],
    by_name: &mut HashMap<usize, Raw<'t>>,
) {
    let mut def = None;
    let mut name = None;
    let mut receiver = None;
    let mut docstring = None;
    for capture in m.captures() {
        match &roles[capture.index as usize] {
            Role::Definition(kind) => def = Some((capture.node, *kind)),
            Role::Name => name = Some(capture.node),
            Role::Receiver => receiver = capture.node.utf8_text(bytes).ok().map(str::to_string),
            Role::Doc => docstring = Some(capture.node),
            Role::Other => {}
        }
    }
    let (Some((node, kind)), Some(name)) = (def, name) else {
        return;
    };
    let raw = Raw {
        node,
        anchor: node,
        name,
        kind,
        receiver,
        docstring,
        pattern: m.pattern_index,
    };
    // On equal width the pattern listed first in the query wins.
    let replace = match by_name.get(&name.start_byte()) {
        Some(old) => {
            let (old_len, new_len) = (old.node.byte_range().len(), node.byte_range().len());
            new_len > old_len || new_len == old_len && raw.pattern < old.pattern
        }
        None => true,
    };
    if replace {
        by_name.insert(name.start_byte(), raw);
    }
}

/// Runs `patterns` over `tree`, calling `each` for every match in document order.
/// `candidates` are the nodes the patterns can start at, from [`candidates`]; `None` (a
/// pattern may start anywhere) lets the query cursor visit every node.
pub(super) fn run<'t>(
    patterns: &Patterns,
    tree: &'t Tree,
    candidates: Option<&[Node<'t>]>,
    bytes: &[u8],
    mut each: impl FnMut(&QueryMatch<'_, 't>),
) {
    CURSOR.with(|cursor| {
        let mut cursor = cursor.borrow_mut();
        match candidates {
            // Each candidate on its own: walking the tree with a plain cursor is far
            // cheaper than letting the query cursor visit every node.
            Some(nodes) => {
                cursor.set_max_start_depth(Some(0));
                // Starting a query costs far more than looking at a node's children, and
                // most candidates of some kinds lack the child every pattern needs.
                let mut walker = tree.walk();
                for &node in nodes {
                    if !patterns.may_match(node, &mut walker) {
                        continue;
                    }
                    let mut matches = cursor.matches(&patterns.query, node, bytes);
                    while let Some(m) = matches.next() {
                        each(m);
                    }
                }
                cursor.set_max_start_depth(None);
            }
            None => {
                let mut matches = cursor.matches(&patterns.query, tree.root_node(), bytes);
                while let Some(m) = matches.next() {
                    each(m);
                }
            }
        }
    });
}

/// Per pattern set, its candidate nodes (`None`: the set may start anywhere).
pub(super) type Candidates<'t> = Vec<Option<Vec<Node<'t>>>>;

/// For each pattern set, the nodes it can start at, in document order, found in one walk
/// that enters a subtree only when some set may have a root inside it.
///
/// The first set holds definitions: a candidate of it deeper than
/// [`MAX_DEFINITION_DEPTH`] makes the file too complex.
pub(super) fn candidates<'t>(
    tree: &'t Tree,
    sets: &[Option<&Patterns>],
) -> Result<(Candidates<'t>, Family<'t>), TagsError> {
    let tables: Vec<(&[bool], &[bool])> = sets
        .iter()
        .filter_map(|set| {
            set.and_then(|p| {
                p.roots
                    .as_deref()
                    .map(|roots| (roots, p.descend.as_slice()))
            })
        })
        .collect();
    let limited = sets
        .first()
        .copied()
        .flatten()
        .is_some_and(|p| p.roots.is_some());
    let (found, family) = nodes_of_kinds(tree, &tables, limited)?;
    let mut found = found.into_iter();
    let found = sets
        .iter()
        .map(|set| {
            set.and_then(|p| p.roots.as_ref())
                .map(|_| found.next().unwrap_or_default())
        })
        .collect();
    Ok((found, family))
}

/// Syntax levels below which `Node::parent` and `Node::prev_sibling` are cheap enough:
/// both walk down from the root.
const SHALLOW: u32 = 48;

/// The parent and previous sibling of the nodes the candidate walk saw deeper than
/// [`SHALLOW`], so that a deeply nested definition costs a lookup, not a walk from the
/// root, for each of its ancestors and siblings.
#[derive(Default)]
pub(super) struct Family<'t> {
    deep: HashMap<usize, (Option<Node<'t>>, Option<Node<'t>>)>,
}

impl<'t> Family<'t> {
    fn parent(&self, node: Node<'t>) -> Option<Node<'t>> {
        match self.deep.get(&node.id()) {
            Some(&(parent, _)) => parent,
            None => node.parent(),
        }
    }

    fn prev_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        match self.deep.get(&node.id()) {
            Some(&(_, prev)) => prev,
            None => node.prev_sibling(),
        }
    }
}

/// Every node whose kind is marked in each `(roots, descend)` table, in document order,
/// without entering subtrees that no table descends into. With `limited`, a node of the
/// first table deeper than [`MAX_DEFINITION_DEPTH`] ends the walk with `TooComplex`.
fn nodes_of_kinds<'t>(
    tree: &'t Tree,
    tables: &[(&[bool], &[bool])],
    limited: bool,
) -> Result<(Vec<Vec<Node<'t>>>, Family<'t>), TagsError> {
    let mut out: Vec<Vec<Node>> = vec![Vec::new(); tables.len()];
    let mut family = Family::default();
    // The ancestors of the cursor's node, and the node before it at each level.
    let mut ancestors: Vec<Node> = Vec::new();
    let mut before: Vec<Option<Node>> = vec![None];
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        let kind = node.kind_id() as usize;
        // The cursor's own depth counts its stack at every call.
        let depth = ancestors.len() as u32;
        // Deeper than any definition may start, a node is no definition's parent or sibling;
        // recording it would only cost memory (function literals nested 20,000 deep).
        if depth > SHALLOW && depth <= MAX_DEFINITION_DEPTH + 1 {
            let prev = before.last().copied().flatten();
            family
                .deep
                .insert(node.id(), (ancestors.last().copied(), prev));
        }
        let mut descend = false;
        for (n, (list, (roots, into))) in out.iter_mut().zip(tables).enumerate() {
            if roots.get(kind).copied().unwrap_or(false) {
                if n == 0 && limited && depth > MAX_DEFINITION_DEPTH {
                    return Err(TagsError::TooComplex);
                }
                list.push(node);
            }
            // Kinds outside the table (ERROR) are entered.
            descend |= into.get(kind).copied().unwrap_or(true);
        }
        if descend && cursor.goto_first_child() {
            ancestors.push(node);
            before.push(None);
            continue;
        }
        let mut left = node;
        loop {
            if cursor.goto_next_sibling() {
                if let Some(slot) = before.last_mut() {
                    *slot = Some(left);
                }
                break;
            }
            if !cursor.goto_parent() {
                return Ok((out, family));
            }
            before.pop();
            left = ancestors.pop().unwrap_or(left);
        }
    }
}

/// The definition a receiver names: a type that holds methods, else a named type, else a
/// namespace.
fn receiver_target(
    raws: &[Raw],
    raw_names: &HashMap<&str, Vec<usize>>,
    receiver: &str,
) -> Option<usize> {
    let candidates = raw_names.get(receiver)?;
    let rank = |kind: SymbolKind| {
        if kind.holds_methods() && kind != SymbolKind::Impl {
            0
        } else if kind == SymbolKind::Type {
            1
        } else if kind == SymbolKind::Module {
            2
        } else {
            3
        }
    };
    candidates
        .iter()
        .copied()
        .filter(|&i| rank(raws[i].kind) < 3)
        .min_by_key(|&i| (rank(raws[i].kind), i))
}

/// Grows a definition node to a wrapper that holds nothing else (an export statement, a
/// decorated definition, a template declaration).
fn anchor<'t>(spec: &LanguageSpec, family: &Family<'t>, node: Node<'t>) -> Node<'t> {
    let mut anchor = node;
    // Finding a parent walks down from the root; skip it when no wrapper can exist.
    if spec.wrapper_kinds.is_empty() {
        return anchor;
    }
    while let Some(parent) = family.parent(anchor) {
        if !spec.wrapper_kinds.contains(&parent.kind()) {
            break;
        }
        let mut walker = parent.walk();
        let alone = parent.named_children(&mut walker).all(|child| {
            child.id() == anchor.id()
                || spec.attribute_kinds.contains(&child.kind())
                || is_comment(child)
        });
        if !alone {
            break;
        }
        anchor = parent;
    }
    anchor
}

/// The definition's line range (with preceding attributes) and its leading comment block.
fn extent<'t>(
    spec: &LanguageSpec,
    family: &Family<'t>,
    anchor: Node<'t>,
) -> (LineRange, Option<LineRange>, usize) {
    let mut range = node_lines(anchor);
    let mut start_byte = anchor.start_byte();
    let mut doc: Option<LineRange> = None;
    let mut top = range.start;
    let mut prev = family.prev_sibling(anchor);
    // A definition that opens its block (Ruby's first `def` in a class body, `private def`)
    // has its comment in front of the enclosing node that starts on the same line.
    let first_row = anchor.start_position().row;
    let mut first = anchor;
    while prev.is_none_or(|p| {
        !is_comment(p)
            && !spec.attribute_kinds.contains(&p.kind())
            && p.end_position().row == first_row
    }) {
        match family.parent(first) {
            Some(parent)
                if parent.start_position().row == first_row && family.parent(parent).is_some() =>
            {
                first = parent;
                prev = family.prev_sibling(parent);
            }
            _ => break,
        }
    }
    while let Some(node) = prev {
        let lines = node_lines(node);
        // Only a block that touches the definition (no blank line between) belongs to it.
        if lines.end + 1 < top {
            break;
        }
        if spec.attribute_kinds.contains(&node.kind()) {
            range.start = lines.start;
            start_byte = node.start_byte();
        } else if is_comment(node) {
            // A comment that trails code on its own line belongs to that code.
            if family
                .prev_sibling(node)
                .is_some_and(|p| node_lines(p).end == lines.start && !is_comment(p))
            {
                break;
            }
            doc = Some(match doc {
                Some(d) => LineRange::new(lines.start, d.end),
                None => lines,
            });
        } else {
            break;
        }
        top = lines.start;
        prev = family.prev_sibling(node);
    }
    (range, doc, start_byte)
}

/// From the start of the definition through the line that opens its body.
fn signature(node: Node, name: Node, range: LineRange) -> LineRange {
    let node_start = node.start_position().row as Line + 1;
    let name_line = name.start_position().row as Line + 1;
    let start = range.start.min(node_start);
    let body = find_body(node, name, 3);
    let end = match body {
        Some(body) => {
            let body_row = body.start_position().row as Line + 1;
            let opens_with_brace = body.kind().ends_with("list")
                || body.kind() == "block" && body_row == name_line
                || body.child(0).is_some_and(|c| c.kind() == "{");
            if opens_with_brace || body_row <= name_line {
                body_row
            } else {
                body_row - 1
            }
        }
        None if range.len() <= 3 => range.end,
        None => name_line,
    };
    LineRange::new(start, end.clamp(name_line.max(start), range.end))
}

/// The body of a definition: its `body` field, a child whose kind ends in `body`, or
/// (for a function bound to a variable or property) the body of the value, a few levels
/// down.
fn find_body<'t>(node: Node<'t>, name: Node<'t>, depth: u32) -> Option<Node<'t>> {
    let after = name.start_byte();
    if let Some(body) = node.child_by_field_name("body") {
        return Some(body);
    }
    let mut walker = node.walk();
    let children: Vec<Node> = node
        .named_children(&mut walker)
        .filter(|c| c.end_byte() > after)
        .collect();
    if let Some(body) = children
        .iter()
        .find(|c| c.start_byte() > after && c.kind().ends_with("body"))
    {
        return Some(*body);
    }
    if depth == 0 {
        return None;
    }
    // Only a value that starts on the name's line is the definition's own (`const f = () => {`),
    // not a later member of a container.
    let name_row = name.start_position().row;
    children
        .into_iter()
        .filter(|child| child.start_position().row == name_row)
        .find_map(|child| find_body(child, name, depth - 1))
}

fn node_lines(node: Node) -> LineRange {
    let start = node.start_position().row as Line + 1;
    let end_pos = node.end_position();
    // A node that ends with its newline reports column 0 of the following row.
    let mut end = end_pos.row as Line + 1;
    if end_pos.column == 0 && end > start {
        end -= 1;
    }
    LineRange::new(start, end)
}

fn is_comment(node: Node) -> bool {
    node.kind().contains("comment")
}
