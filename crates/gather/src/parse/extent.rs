//! Where a definition begins and ends: its node grown over a wrapper that holds nothing
//! else, preceding attributes and the touching comment block above it (its doc), and the
//! lines of its signature.

use gather_languages::tree_sitter::Node;
use gather_languages::LanguageSpec;

use super::candidates::Family;
use crate::lines::{Line, LineRange};

/// Grows a definition node to a wrapper that holds nothing else (an export statement, a
/// decorated definition, a template declaration).
pub(super) fn anchor<'t>(spec: &LanguageSpec, family: &Family<'t>, node: Node<'t>) -> Node<'t> {
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
pub(super) fn extent<'t>(
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
pub(super) fn signature(node: Node, name: Node, range: LineRange) -> LineRange {
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
pub(super) fn find_body<'t>(node: Node<'t>, name: Node<'t>, depth: u32) -> Option<Node<'t>> {
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

pub(super) fn node_lines(node: Node) -> LineRange {
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
