//! The tables derived from a query's source and the grammar's node types that let a query
//! run on candidate nodes only: the node kinds its patterns start at ([`Patterns::roots`]),
//! the kinds under which such a node can occur ([`Patterns::descend`]), and per root kind
//! the children every pattern starting there requires ([`Patterns::required_children`]).

use crate::node_types::{concrete_kinds, containers, node_types, NodeType, NodeTypes};
use crate::LanguageSpec;

/// A compiled query with the tables that let it be run on candidate nodes only.
pub struct Patterns {
    /// The query.
    pub query: tree_sitter::Query,
    /// Indexed by node kind id: whether some pattern starts at a node of that kind. `None`
    /// when a pattern starts with a wildcard, so every node must be offered to the query.
    pub roots: Option<Vec<bool>>,
    /// Indexed by node kind id: whether a node of that kind can have a root somewhere below
    /// it. Kinds the node types do not describe count as able to.
    pub descend: Vec<bool>,
    /// Indexed by root kind id: when every pattern starting at that kind names a child that
    /// must be there, the kinds of those children (indexed by kind id). A node of that kind
    /// without a direct child of one of them cannot match, so it need not be offered to the
    /// query. `None`: no such child is known, every node of the kind is offered.
    pub required_children: Vec<Option<Box<[bool]>>>,
}

impl Patterns {
    /// Whether `node`, of a root kind, may match: it has a direct child of a kind some
    /// pattern starting at its kind requires, or its kind requires none. `cursor` is any
    /// cursor; it is moved.
    pub fn may_match<'t>(
        &self,
        node: tree_sitter::Node<'t>,
        cursor: &mut tree_sitter::TreeCursor<'t>,
    ) -> bool {
        let Some(Some(required)) = self.required_children.get(node.kind_id() as usize) else {
            return true;
        };
        cursor.reset(node);
        if !cursor.goto_first_child() {
            return false;
        }
        loop {
            let kind = cursor.node().kind_id() as usize;
            if required.get(kind).copied().unwrap_or(true) {
                return true;
            }
            if !cursor.goto_next_sibling() {
                return false;
            }
        }
    }
}

pub(crate) fn patterns(
    spec: &LanguageSpec,
    grammar: &tree_sitter::Language,
    types: &NodeTypes,
    query: tree_sitter::Query,
    source: &str,
) -> Result<Patterns, String> {
    let roots = root_kinds(grammar, &query, source);
    let descend = match &roots {
        Some(roots) => containers(grammar, node_types(spec, types)?, roots),
        None => vec![true; grammar.node_kind_count()],
    };
    let required_children = match &roots {
        Some(_) => required_children(grammar, node_types(spec, types)?, &query, source),
        None => Vec::new(),
    };
    Ok(Patterns {
        query,
        roots,
        descend,
        required_children,
    })
}

/// For each root kind, the kinds of the children its patterns require (see
/// [`Patterns::required_children`]), read from each pattern's source. A pattern whose
/// required child cannot be read with certainty (an alternation at its root, only
/// optional, wildcard, anonymous or supertype children) leaves its root kind unfiltered.
fn required_children(
    grammar: &tree_sitter::Language,
    types: &[NodeType],
    query: &tree_sitter::Query,
    source: &str,
) -> Vec<Option<Box<[bool]>>> {
    let concrete = concrete_kinds(types);
    let count = grammar.node_kind_count();
    let ids_named = |kind: &str| -> Vec<usize> {
        (0..count as u16)
            .filter(|&id| {
                grammar.node_kind_is_named(id) && grammar.node_kind_for_id(id) == Some(kind)
            })
            .map(usize::from)
            .collect()
    };
    // Per root kind: `None` until a pattern starts there, then `Some(None)` once one
    // pattern requires nothing known, else the union of required kinds.
    let mut table: Vec<Option<Option<Vec<bool>>>> = vec![None; count];
    for pattern in 0..query.pattern_count() {
        let text = strip_comments(
            source
                .get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))
                .unwrap_or(""),
        );
        let (roots, required) = match root_and_children(&text) {
            Some((root, children)) => (ids_named(&root), children),
            None => {
                // Where such a pattern starts is unknown here: no kind may be filtered.
                return vec![None; count];
            }
        };
        let required: Option<Vec<usize>> = required
            .filter(|kind| concrete.contains(kind.as_str()))
            .map(|kind| ids_named(&kind))
            .filter(|ids| !ids.is_empty());
        for root in roots {
            let slot = &mut table[root];
            match (slot.as_mut(), &required) {
                (Some(None), _) => {}
                (_, None) => *slot = Some(None),
                (Some(Some(kinds)), Some(ids)) => ids.iter().for_each(|&id| kinds[id] = true),
                (None, Some(ids)) => {
                    let mut kinds = vec![false; count];
                    ids.iter().for_each(|&id| kinds[id] = true);
                    *slot = Some(Some(kinds));
                }
            }
        }
    }
    table
        .into_iter()
        .map(|slot| slot.flatten().map(Vec::into_boxed_slice))
        .collect()
}

/// The root kind of a pattern `(kind …)` (inside any grouping parentheses) and the kind of
/// its first child that must be present: a `(child …)` or `field: (child …)` that is not
/// made optional by `?` or `*`. `None` when the root is not a plain kind (an alternation or
/// a wildcard); `Some((root, None))` when no such child is found.
fn root_and_children(text: &str) -> Option<(String, Option<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = open_root(&chars)?;
    let root = word(&chars, &mut i);
    if root.is_empty() || root == "_" || root.starts_with('_') || chars.get(i) == Some(&'/') {
        return None;
    }
    // Walks the elements inside the root node up to its closing parenthesis.
    loop {
        skip_ws(&chars, &mut i);
        let Some(&ch) = chars.get(i) else {
            return Some((root, None));
        };
        match ch {
            ')' => return Some((root, None)),
            '@' | '!' => {
                i += 1;
                skip_name(&chars, &mut i);
            }
            '.' | '?' | '*' | '+' => i += 1,
            '"' => i = skip_string(&chars, i)?,
            '[' | '(' => {
                let end = skip_group(&chars, i)?;
                let kind = if ch == '(' {
                    plain_kind(&chars, i + 1)
                } else {
                    None
                };
                i = end;
                let optional = skip_suffixes(&chars, &mut i);
                if let (Some(kind), false) = (kind, optional) {
                    return Some((root, Some(kind)));
                }
            }
            c if c.is_alphanumeric() || c == '_' => {
                // A field name (`name:`) or a bare wildcard `_`.
                word(&chars, &mut i);
                skip_ws(&chars, &mut i);
                if chars.get(i) == Some(&':') {
                    i += 1;
                }
            }
            _ => return Some((root, None)),
        }
    }
}

/// The index just inside the parenthesis that opens a pattern's root node, past grouping
/// parentheses around the pattern (`((kind …) (#pred …))`) and spaces; `None` when the
/// pattern does not open with a parenthesis.
fn open_root(chars: &[char]) -> Option<usize> {
    let mut i = 0;
    skip_ws(chars, &mut i);
    while chars.get(i) == Some(&'(') && {
        let mut j = i + 1;
        skip_ws(chars, &mut j);
        chars.get(j) == Some(&'(')
    } {
        i += 1;
        skip_ws(chars, &mut i);
    }
    if chars.get(i) != Some(&'(') {
        return None;
    }
    i += 1;
    skip_ws(chars, &mut i);
    Some(i)
}

/// The kind a child node `(kind …)` opened just before `start` names, when it is a plain
/// named kind (not a wildcard, a supertype path, `ERROR` or `MISSING`).
fn plain_kind(chars: &[char], start: usize) -> Option<String> {
    let mut j = start;
    skip_ws(chars, &mut j);
    let name = word(chars, &mut j);
    let plain = !name.is_empty()
        && !name.starts_with('_')
        && chars.get(j) != Some(&'/')
        && name != "ERROR"
        && name != "MISSING";
    plain.then_some(name)
}

/// Moves past the captures and quantifiers after an element, in any order; whether a
/// quantifier made the element optional (`?` or `*`).
fn skip_suffixes(chars: &[char], i: &mut usize) -> bool {
    let mut optional = false;
    loop {
        skip_ws(chars, i);
        match chars.get(*i) {
            Some('?' | '*') => {
                optional = true;
                *i += 1;
            }
            Some('+') => *i += 1,
            Some('@') => {
                *i += 1;
                skip_name(chars, i);
            }
            _ => return optional,
        }
    }
}

fn skip_ws(chars: &[char], i: &mut usize) {
    while *i < chars.len() && chars[*i].is_whitespace() {
        *i += 1;
    }
}

/// Moves past a capture or field name (`name`, `definition.function`, `import-x`).
fn skip_name(chars: &[char], i: &mut usize) {
    while *i < chars.len() && (chars[*i].is_alphanumeric() || "_.-".contains(chars[*i])) {
        *i += 1;
    }
}

/// The identifier starting at `i` (empty if none), moving past it.
fn word(chars: &[char], i: &mut usize) -> String {
    let start = *i;
    while *i < chars.len() && (chars[*i].is_alphanumeric() || chars[*i] == '_') {
        *i += 1;
    }
    chars[start..*i].iter().collect()
}

/// The index just past the string literal starting at `start`.
fn skip_string(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The index just past the bracketed group (`(…)` or `[…]`) starting at `start`.
fn skip_group(chars: &[char], start: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '"' => {
                i = skip_string(chars, i)?;
                continue;
            }
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The node kinds that the patterns of `query` start with, read from each pattern's source:
/// `(kind …` gives `kind`; anything else (`[…]`, `(_ …`) means any node can start a match.
fn root_kinds(
    grammar: &tree_sitter::Language,
    query: &tree_sitter::Query,
    source: &str,
) -> Option<Vec<bool>> {
    let mut roots = vec![false; grammar.node_kind_count()];
    for pattern in 0..query.pattern_count() {
        let text = source
            .get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))?;
        for kind in pattern_roots(&strip_comments(text))? {
            let mut found = false;
            for id in 0..grammar.node_kind_count() as u16 {
                if grammar.node_kind_is_named(id)
                    && grammar.node_kind_for_id(id) == Some(kind.as_str())
                {
                    roots[id as usize] = true;
                    found = true;
                }
            }
            if !found {
                return None;
            }
        }
    }
    Some(roots)
}

/// The node kinds a pattern can start with: `(kind …)`, or each `(kind …)` of a top-level
/// alternation `[(a …) (b …)]` (optionally grouped in parentheses). `None` for a wildcard.
fn pattern_roots(text: &str) -> Option<Vec<String>> {
    let mut text = text.trim_start();
    // A group `((node) @capture (#predicate))` starts like its first member.
    while let Some(inner) = text
        .strip_prefix('(')
        .map(str::trim_start)
        .filter(|t| t.starts_with('('))
    {
        text = inner;
    }
    let grouped = text
        .strip_prefix('(')
        .map(str::trim_start)
        .filter(|t| t.starts_with('['));
    let Some(alternatives) = grouped.or_else(|| text.strip_prefix('[').map(|_| text)) else {
        let kind: String = text
            .strip_prefix('(')?
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        return (!kind.is_empty() && kind != "_").then(|| vec![kind]);
    };
    let mut kinds = Vec::new();
    let (mut parens, mut brackets, mut in_string) = (0i32, 0i32, false);
    let chars: Vec<char> = alternatives.chars().collect();
    for (idx, &ch) in chars.iter().enumerate() {
        if in_string {
            in_string = ch != '"' || chars[idx - 1] == '\\';
            continue;
        }
        match ch {
            '"' => in_string = true,
            '[' => brackets += 1,
            ']' => {
                brackets -= 1;
                if brackets == 0 {
                    break;
                }
            }
            '(' => {
                if brackets == 1 && parens == 0 {
                    let kind: String = chars[idx + 1..]
                        .iter()
                        .take_while(|c| c.is_alphanumeric() || **c == '_')
                        .collect();
                    if kind.is_empty() || kind == "_" {
                        return None;
                    }
                    kinds.push(kind);
                }
                parens += 1;
            }
            ')' => parens -= 1,
            _ => {}
        }
    }
    (!kinds.is_empty()).then_some(kinds)
}

/// Removes `;` comments (outside strings) from query source.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut prev = '\0';
        let mut cut = line.len();
        for (idx, ch) in line.char_indices() {
            if ch == '"' && prev != '\\' {
                in_string = !in_string;
            } else if ch == ';' && !in_string {
                cut = idx;
                break;
            }
            prev = ch;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::by_id;

    #[test]
    fn pattern_roots_read_kinds_and_alternations() {
        assert_eq!(
            pattern_roots("(function_item name: (identifier) @name)"),
            Some(vec!["function_item".into()])
        );
        assert_eq!(
            pattern_roots("([(a (x)) (b \"(no\" (y))] (#eq? @n \"v\"))"),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(
            pattern_roots("[(c) (d)] @x"),
            Some(vec!["c".into(), "d".into()])
        );
        assert_eq!(pattern_roots("(_ (x))"), None);
        assert_eq!(
            pattern_roots("((e (x) @n) (#eq? @n \"v\"))"),
            Some(vec!["e".into()])
        );
        assert_eq!(strip_comments("; c (x)\n(a) ; (b)\n"), "\n(a) \n");
    }

    #[test]
    fn required_children_are_read_from_patterns() {
        let read = |text: &str| root_and_children(&strip_comments(text));
        let some =
            |root: &str, child: Option<&str>| Some((root.to_string(), child.map(str::to_string)));
        assert_eq!(
            read("(call function: (identifier) @name) @reference.call"),
            some("call", Some("identifier"))
        );
        // Optional children, anonymous nodes, negated fields, anchors and wildcards are
        // skipped; the first child that must be there counts.
        assert_eq!(
            read("(a (comment)? @doc . \"x\" !body (_) (b/c) (d) @n)"),
            some("a", Some("d"))
        );
        assert_eq!(read("(a (b)* @x)"), some("a", None));
        assert_eq!(read("(a (b) @x ?)"), some("a", None));
        assert_eq!(read("(a [(b) (c)])"), some("a", None));
        assert_eq!(
            read("((module (expression_statement) @d) (#match? @d \"x\"))"),
            some("module", Some("expression_statement"))
        );
        assert_eq!(read("[(a) (b)] @x"), None);
        assert_eq!(read("(_ (b))"), None);
    }

    #[test]
    fn python_candidates_without_a_required_child_are_not_offered() {
        let spec = by_id("python").unwrap();
        let compiled = spec.compiled().unwrap();
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&compiled.grammar).unwrap();
        let tree = parser.parse("f(x)\ny = lambda: 1\n", None).unwrap();
        let root = tree.root_node();
        let mut cursor = tree.walk();
        let call_statement = root.named_child(0).unwrap();
        let assignment = root.named_child(1).unwrap();
        assert_eq!(call_statement.kind(), "expression_statement");
        let definitions = &compiled.definitions;
        assert!(!definitions.may_match(call_statement, &mut cursor));
        assert!(definitions.may_match(assignment, &mut cursor));
        // Kinds no filter is known for are always offered.
        assert!(definitions.may_match(call_statement.named_child(0).unwrap(), &mut cursor));
    }

    #[test]
    fn leaves_and_expressions_cannot_hold_python_definitions() {
        let compiled = by_id("python").unwrap().compiled().unwrap();
        let grammar = &compiled.grammar;
        let holds = |kind: &str| {
            compiled.definitions.descend[grammar.id_for_node_kind(kind, true) as usize]
        };
        assert!(holds("module"));
        assert!(holds("class_definition"));
        assert!(holds("block"));
        assert!(holds("if_statement"));
        assert!(!holds("string"));
        assert!(!holds("call"));
        assert!(!holds("binary_operator"));
    }
}
