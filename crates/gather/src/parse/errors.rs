//! The error regions of a syntax tree: where the grammar's error recovery wrapped code it
//! could not read in an error node. `recover.rs` decides what they cost.

use gather_languages::tree_sitter::Tree;

use super::extent::node_lines;
use crate::lines::LineRange;

/// The line ranges of `tree`'s error nodes, outermost only, in document order. Walks only
/// the subtrees that hold an error, so a clean tree costs one check.
pub(super) fn error_regions(tree: &Tree) -> Vec<LineRange> {
    let mut regions = Vec::new();
    if !tree.root_node().has_error() {
        return regions;
    }
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        // A missing node is zero-width (the parser's guess at an absent token): it hides
        // nothing. An error node's contents are taken whole.
        let descend = if node.is_error() {
            if node.start_byte() < node.end_byte() {
                regions.push(node_lines(node));
            }
            false
        } else {
            node.has_error()
        };
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return regions;
            }
        }
    }
}
