//! The `{…}` blocks of a brace-delimited file (read once per query by `bindings`): where a
//! definition inside an anonymous function (a getter in a test's callback) finds the
//! constants around it, and which of two same-named constants is in scope.

use std::ops::Range;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use crate::graph::receiver;

/// A brace-delimited file's `{…}` blocks and where it declares variables.
pub(super) struct FileBlocks {
    /// Every block as a byte range, brace to closing brace, in order of the opening brace;
    /// one never closed runs to the end of the text.
    pub(super) ranges: Vec<Range<usize>>,
    /// Per name: the offsets of its `const`/`let`/`var` declarations.
    pub(super) declared: HashMap<String, Vec<usize>>,
}

pub(super) type Blocks = Arc<FileBlocks>;

impl FileBlocks {
    /// Whether a declaration of `name` lies in `block`.
    pub(super) fn declares_in(&self, name: &str, block: &Range<usize>) -> bool {
        self.declared
            .get(name)
            .is_some_and(|at| at.iter().any(|at| block.contains(at)))
    }

    /// The blocks and declarations of `text`.
    pub(super) fn read(text: &str) -> FileBlocks {
        FileBlocks {
            ranges: blocks_of(text),
            declared: declarations(text),
        }
    }
}

/// Per name, the offsets where `const`, `let` or `var` declares it.
fn declarations(text: &str) -> HashMap<String, Vec<usize>> {
    let mut out: HashMap<String, Vec<usize>> = HashMap::default();
    let bytes = text.as_bytes();
    for keyword in receiver::declaration_keywords() {
        for (at, _) in text.match_indices(keyword) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let rest = text[at + keyword.len()..].trim_start();
            let len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                .unwrap_or(rest.len());
            if len > 0 {
                out.entry(rest[..len].to_string()).or_default().push(at);
            }
        }
    }
    out
}

/// The blocks of `text` (see [`FileBlocks::ranges`]); braces in string literals and
/// `//`, `/* … */` comments do not count, so an apostrophe in a comment (`// don't`) opens
/// no string. Bytes, not characters: every delimiter is ASCII, and this reads whole files,
/// skipping to the next delimiter at a time.
fn blocks_of(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let end = bytes.len();
    let mut open = Vec::new();
    let mut blocks = Vec::new();
    let mut at = 0;
    while let Some(skip) = bytes[at..]
        .iter()
        .position(|b| matches!(b, b'{' | b'}' | b'"' | b'\'' | b'`' | b'/'))
    {
        at += skip;
        let next = bytes.get(at + 1).copied();
        at = match bytes[at] {
            b'{' => {
                open.push(blocks.len());
                blocks.push(at..end);
                at + 1
            }
            b'}' => {
                if let Some(idx) = open.pop() {
                    blocks[idx].end = at + 1;
                }
                at + 1
            }
            b'/' if next == Some(b'/') => {
                memchr::memchr(b'\n', &bytes[at..]).map_or(end, |n| at + n)
            }
            b'/' if next == Some(b'*') => {
                memchr::memmem::find(&bytes[at + 2..], b"*/").map_or(end, |n| at + 2 + n + 2)
            }
            b'/' => at + 1,
            quote => after_string(bytes, at, quote),
        };
    }
    blocks
}

/// The offset just past the string literal opening at `at` with `quote` (a line's end ends
/// all but a template literal).
fn after_string(bytes: &[u8], at: usize, quote: u8) -> usize {
    let mut from = at + 1;
    while let Some(n) = memchr::memchr3(quote, b'\\', b'\n', &bytes[from..]) {
        let hit = from + n;
        match bytes[hit] {
            b'\\' => from = hit + 2,
            b'\n' if quote != b'`' => return hit,
            b'\n' => from = hit + 1,
            _ => return hit + 1,
        }
        if from >= bytes.len() {
            break;
        }
    }
    bytes.len()
}

/// The blocks holding byte `at` (opened before it, closed after it), innermost first.
pub(super) fn enclosing(
    blocks: &[Range<usize>],
    at: usize,
) -> impl Iterator<Item = Range<usize>> + '_ {
    // Blocks nest or are disjoint, so those holding `at` are innermost last in order of
    // their opening brace.
    let opened = blocks.partition_point(|block| block.start < at);
    blocks[..opened]
        .iter()
        .rev()
        .filter(move |block| at < block.end)
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_in_comments_and_string_literals_do_not_count() {
        let text = "a { // don't }\nb /* } ' */ c '}' \"x\\\"}\" `{\n}` }";
        let blocks = blocks_of(text);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0], 2..text.len());
    }

    #[test]
    fn declarations_are_found_by_name() {
        let text = "const a = 1; let b = 2;\nvar $c = 3; constant d; const a = 4";
        let found = declarations(text);
        assert_eq!(found["a"], [0, 48]);
        assert_eq!(found["b"], [13]);
        assert_eq!(found["$c"], [24]);
        assert!(!found.contains_key("d"));
    }

    #[test]
    fn blocks_holding_an_offset_come_innermost_first() {
        let text = "a { b { c } d { e } f // }\n g } h { i";
        let blocks = blocks_of(text);
        let slices =
            |at: usize| -> Vec<&str> { enclosing(&blocks, at).map(|block| &text[block]).collect() };
        let e = text.find('e').unwrap();
        assert_eq!(slices(e), ["{ e }", "{ b { c } d { e } f // }\n g }"]);
        let g = text.find('g').unwrap();
        assert_eq!(slices(g), ["{ b { c } d { e } f // }\n g }"]);
        let i = text.find('i').unwrap();
        assert_eq!(slices(i), ["{ i"]);
        assert!(slices(text.find('h').unwrap()).is_empty());
    }
}
