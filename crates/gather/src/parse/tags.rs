//! Runs a language's definitions query over a tree-sitter tree and turns the captures into
//! [`Symbol`]s: ranges grown over wrappers, attributes and leading comments (`extent.rs`),
//! signatures, parents, qualified names and test flags; then the calls and imports queries
//! (`refs.rs`). Knows no language by name; everything language-specific comes from the
//! `LanguageSpec` row and its query files. The parse and the walk that finds where each
//! query can start keep to the budget of `budget.rs` (`candidates.rs`).

use std::collections::HashMap;

use gather_languages::tree_sitter::{Node, Query, QueryMatch, Tree};
use gather_languages::{LanguageSpec, Patterns};

pub(crate) use super::budget::TagsError;
use super::budget::{self, MAX_NESTING};
use super::candidates::{candidates, run, Family};
use super::extent::{anchor, extent, node_lines, signature};
use super::{blocks, refs, testcode};
use crate::lines::{Line, LineRange};
use crate::record::{CallSite, Import, Symbol, SymbolKind};

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
pub(crate) struct Extracted {
    /// Definitions, parents before children.
    pub symbols: Vec<Symbol>,
    /// Call sites.
    pub calls: Vec<CallSite>,
    /// Imports.
    pub imports: Vec<Import>,
    /// The declared package.
    pub package: Option<String>,
    /// The tree's error regions, outermost only, in order.
    pub error_regions: Vec<LineRange>,
    /// Per definition, the last line of its body by the language's block rules, where an
    /// error region may have closed it early (`blocks.rs`); empty without a region.
    pub block_ends: Vec<Option<Line>>,
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
    let tree = budget::parse(spec, &compiled.grammar, text)?;
    let bytes = text.as_bytes();
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
    let raws = raw_definitions(
        spec,
        &compiled.definitions,
        &tree,
        definition_nodes.as_deref(),
        &family,
        bytes,
    );
    let symbols = symbols(spec, &raws, &family, text, is_test_file)?;
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
    let error_regions = super::errors::error_regions(&tree);
    let block_ends = if error_regions.is_empty() {
        Vec::new()
    } else {
        let definitions: Vec<(Node, Node)> = raws.iter().map(|raw| (raw.node, raw.name)).collect();
        blocks::ends(spec, &tree, &definitions, &symbols, &error_regions, text)
    };
    Ok(Extracted {
        symbols,
        calls,
        imports,
        package,
        error_regions,
        block_ends,
    })
}

/// What each capture of the definitions query stands for.
fn roles(query: &Query) -> Vec<Role> {
    query
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
        .collect()
}

/// One raw definition per name, anchored to its wrapper, parents before children.
fn raw_definitions<'t>(
    spec: &LanguageSpec,
    definitions: &Patterns,
    tree: &'t Tree,
    nodes: Option<&[Node<'t>]>,
    family: &Family<'t>,
    bytes: &[u8],
) -> Vec<Raw<'t>> {
    let roles = roles(&definitions.query);
    // Keyed by the name node's start byte: when several patterns match one definition
    // (a function inside its decorator wrapper), the widest definition node wins.
    let mut by_name: HashMap<usize, Raw> = HashMap::new();
    run(definitions, tree, nodes, bytes, |m| {
        collect(m, &roles, bytes, &mut by_name)
    });
    let mut raws: Vec<Raw> = by_name.into_values().collect();
    for raw in &mut raws {
        raw.anchor = anchor(spec, family, raw.node);
    }
    // Parents before children: by start, then widest first, then by name position.
    raws.sort_by_key(|r| {
        (
            r.anchor.start_byte(),
            std::cmp::Reverse(r.anchor.end_byte()),
            r.name.start_byte(),
        )
    });
    raws
}

/// The symbols of `raws` (parents before children): parents from containment or a
/// receiver, qualified names, kinds, ranges, docs and test flags.
fn symbols(
    spec: &LanguageSpec,
    raws: &[Raw],
    family: &Family,
    text: &str,
    is_test_file: bool,
) -> Result<Vec<Symbol>, TagsError> {
    let bytes = text.as_bytes();
    // Names of every definition, for receivers that point at a type defined later.
    let mut raw_names: HashMap<&str, Vec<usize>> = HashMap::new();
    for (idx, raw) in raws.iter().enumerate() {
        if let Ok(name) = raw.name.utf8_text(bytes) {
            raw_names.entry(name).or_default().push(idx);
        }
    }
    let mut symbols: Vec<Symbol> = Vec::with_capacity(raws.len());
    let mut stack: Vec<usize> = Vec::new();
    for raw in raws {
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
        let name = raw.name.utf8_text(bytes).unwrap_or("").to_string();
        let (range, leading, start_byte) = extent(spec, family, raw.anchor);
        let containing = stack.last().map(|&i| i as u32);
        let place = place(spec, raws, &raw_names, &symbols, raw, containing, &name);
        let parent_symbol = place.parent.and_then(|p| symbols.get(p as usize));
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
            qualified_name: place.qualified_name,
            kind: place.kind,
            range,
            doc,
            name_line,
            parent: place.parent,
            is_test,
            text_hash: 0,
            from_line_rules: false,
        });
        stack.push(symbols.len() - 1);
    }
    Ok(symbols)
}

/// Where a definition belongs: its parent, qualified name and kind.
struct Place {
    parent: Option<u32>,
    qualified_name: String,
    kind: SymbolKind,
}

/// The place of `raw`, named `name`, inside `containing` (the innermost definition around
/// it, if any). A receiver names the type (or namespace) a definition belongs to when it
/// is written outside of it: Go methods, C++ `Type::method` definitions.
fn place(
    spec: &LanguageSpec,
    raws: &[Raw],
    raw_names: &HashMap<&str, Vec<usize>>,
    symbols: &[Symbol],
    raw: &Raw,
    containing: Option<u32>,
    name: &str,
) -> Place {
    let sep = spec.scope_separator;
    let mut parent = containing;
    let mut kind = raw.kind;
    let mut qualified_name = match parent {
        Some(p) => format!("{}{sep}{name}", symbols[p as usize].qualified_name),
        None => name.to_string(),
    };
    let nested_in_type = parent.is_some_and(|p| symbols[p as usize].kind.holds_methods());
    if let (Some(receiver), false) = (&raw.receiver, nested_in_type) {
        match receiver_target(raws, raw_names, receiver) {
            Some(target) => {
                let target_kind = raws[target].kind;
                let prefix = if target < symbols.len() {
                    symbols[target].qualified_name.clone()
                } else {
                    match parent {
                        Some(p) => format!("{}{sep}{receiver}", symbols[p as usize].qualified_name),
                        None => receiver.clone(),
                    }
                };
                qualified_name = format!("{prefix}{sep}{name}");
                // Parents come before children: a type defined further down (an
                // out-of-line `Circle::~Circle()` above `class Circle`) names the
                // definition but cannot hold it.
                if target < symbols.len() {
                    parent = Some(target as u32);
                }
                if kind == SymbolKind::Function && target_kind != SymbolKind::Module {
                    kind = SymbolKind::Method;
                }
            }
            None => {
                qualified_name = match parent {
                    Some(p) => format!(
                        "{}{sep}{receiver}{sep}{name}",
                        symbols[p as usize].qualified_name
                    ),
                    None => format!("{receiver}{sep}{name}"),
                };
                if kind == SymbolKind::Function {
                    kind = SymbolKind::Method;
                }
            }
        }
    } else if kind == SymbolKind::Function && nested_in_type {
        kind = SymbolKind::Method;
    }
    Place {
        parent,
        qualified_name,
        kind,
    }
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
    // A name the parser made up to recover from an error (C++'s `enum : unsigned {…}` gets
    // a missing, empty type name) names nothing: the lines stay with the enclosing definition.
    if name.is_missing() || name.byte_range().is_empty() {
        return;
    }
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
