//! The candidate walk: one walk of the tree with a plain cursor finds, for each query
//! (definitions, calls, imports), the nodes its patterns can start at, skipping subtrees
//! none of them can start in, and records the family of deep nodes ([`Family`]); [`run`]
//! then offers each query only its candidates. The query cursor visiting every node cost
//! about as much as half the parse. Nesting costs no walk from the root per definition
//! (`Node::parent` and `Node::prev_sibling` walk down from the root).

use std::cell::RefCell;
use std::collections::HashMap;

use gather_languages::tree_sitter::{Node, QueryCursor, QueryMatch, Tree};
use gather_languages::Patterns;
use streaming_iterator::StreamingIterator;

use super::budget::{TagsError, MAX_DEFINITION_DEPTH};

thread_local! {
    // One cursor per worker thread: reusable and costly to create per file.
    static CURSOR: RefCell<QueryCursor> = RefCell::new(QueryCursor::new());
}

/// Replaces this thread's query cursor, after a fault that may have left its settings
/// (a start depth) behind.
pub(crate) fn reset_cursor() {
    CURSOR.with(|cursor| *cursor.borrow_mut() = QueryCursor::new());
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
                cursor.set_max_start_depth(None);
                let mut matches = cursor.matches(&patterns.query, tree.root_node(), bytes);
                while let Some(m) = matches.next() {
                    each(m);
                }
            }
        }
    });
}

/// What [`walk`] does after visiting a node.
pub(super) enum Step {
    /// Visit its children next (a leaf has none).
    Enter,
    /// Go on past it and its children.
    Pass,
    /// End the walk.
    Stop,
}

/// Visits `tree`'s nodes in document order with a plain cursor; `visit` says what to do
/// after each.
pub(super) fn walk<'t>(tree: &'t Tree, mut visit: impl FnMut(Node<'t>) -> Step) {
    let mut cursor = tree.walk();
    loop {
        match visit(cursor.node()) {
            Step::Stop => return,
            Step::Enter if cursor.goto_first_child() => continue,
            Step::Enter | Step::Pass => {}
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
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
    pub(super) fn parent(&self, node: Node<'t>) -> Option<Node<'t>> {
        match self.deep.get(&node.id()) {
            Some(&(parent, _)) => parent,
            None => node.parent(),
        }
    }

    pub(super) fn prev_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
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
