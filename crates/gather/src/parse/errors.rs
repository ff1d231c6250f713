//! The error regions of a syntax tree: where the grammar's error recovery wrapped code it
//! could not read in an error node. `recover.rs` decides what they cost.

use gather_languages::tree_sitter::Tree;

use super::candidates::{walk, Step};
use super::extent::node_lines;
use crate::lines::LineRange;

/// The line ranges of `tree`'s error nodes, outermost only, in document order. Walks only
/// the subtrees that hold an error, so a clean tree costs one check.
pub(super) fn error_regions(tree: &Tree) -> Vec<LineRange> {
    let mut regions = Vec::new();
    if !tree.root_node().has_error() {
        return regions;
    }
    walk(tree, |node| {
        // A missing node is zero-width (the parser's guess at an absent token): it hides
        // nothing. An error node's contents are taken whole.
        if node.is_error() {
            if node.start_byte() < node.end_byte() {
                regions.push(node_lines(node));
            }
            Step::Pass
        } else if node.has_error() {
            Step::Enter
        } else {
            Step::Pass
        }
    });
    regions
}
