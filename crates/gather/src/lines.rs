//! Line positions: 1-based [`Line`] numbers, inclusive [`LineRange`]s, and [`LineTable`],
//! which maps line numbers to byte spans of a text. From the parse stage onward every
//! position is a line; byte offsets never leave this module and `parse`.

use serde::{Deserialize, Serialize};

/// A 1-based line number.
pub type Line = u32;

/// Drops a leading byte-order mark: it is no part of the first line, and every reader of
/// a file's text (the parsers, the postings, the pack) must see the same lines.
pub(crate) fn drop_bom(text: &mut String) {
    if text.starts_with('\u{FEFF}') {
        text.drain(..'\u{FEFF}'.len_utf8());
    }
}

/// A 1-based, inclusive range of lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LineRange {
    /// First line, 1-based.
    pub start: Line,
    /// Last line, inclusive; never before `start`.
    pub end: Line,
}

/// A line of a file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// Root-relative path.
    pub path: String,
    /// The line.
    pub line: Line,
}

/// Lines of a file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileRange {
    /// Root-relative path.
    pub path: String,
    /// The lines.
    pub range: LineRange,
}

impl LineRange {
    /// A range from `start` to `end`, swapped if given backwards.
    pub fn new(start: Line, end: Line) -> LineRange {
        LineRange {
            start: start.min(end),
            end: start.max(end),
        }
    }

    /// Number of lines in the range.
    pub fn len(&self) -> u32 {
        self.end - self.start + 1
    }

    /// Always false: a range holds at least one line.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether `line` lies inside the range.
    pub fn contains(&self, line: Line) -> bool {
        self.start <= line && line <= self.end
    }

    /// How many lines `line` lies outside the range (0 inside it).
    pub(crate) fn distance_to(&self, line: Line) -> u32 {
        if line < self.start {
            self.start - line
        } else {
            line.saturating_sub(self.end)
        }
    }

    /// Whether `other` lies wholly inside this range.
    pub(crate) fn covers(&self, other: &LineRange) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

impl std::fmt::Display for LineRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.start, self.end)
    }
}

/// Byte offsets of line starts in a borrowed text, for cutting whole lines out of it.
pub struct LineTable<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineTable<'a> {
    /// Indexes the lines of `text`. A trailing newline does not open a new line; an empty
    /// text has no lines.
    pub fn new(text: &'a str) -> LineTable<'a> {
        LineTable {
            text,
            starts: line_starts(text),
        }
    }

    /// Number of lines.
    pub fn n_lines(&self) -> u32 {
        self.starts.len() as u32
    }

    /// The text of lines `range`, clamped to the file, exactly as in the source (CRLF kept),
    /// without the terminator of the last line. Cuts fall only on line boundaries, so the
    /// result is always a valid UTF-8 substring.
    pub fn slice(&self, range: LineRange) -> &'a str {
        slice_lines(self.text, &self.starts, range)
    }

    /// The text of one line, without its terminator.
    pub fn line(&self, line: Line) -> &'a str {
        self.slice(LineRange::new(line, line))
    }
}

/// A [`LineTable`] that owns its text, for caches that keep files between calls.
#[derive(Clone, Debug)]
pub(crate) struct LineIndex {
    text: String,
    /// Computed at the first use: the grep lane reads every file and slices few of them.
    starts: std::sync::OnceLock<Vec<usize>>,
}

impl LineIndex {
    /// Indexes the lines of `text`, as [`LineTable::new`] does.
    pub fn new(text: String) -> LineIndex {
        LineIndex {
            text,
            starts: std::sync::OnceLock::new(),
        }
    }

    fn starts(&self) -> &[usize] {
        self.starts.get_or_init(|| line_starts(&self.text))
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text of lines `range`, as [`LineTable::slice`] cuts it.
    pub fn slice(&self, range: LineRange) -> &str {
        slice_lines(&self.text, self.starts(), range)
    }

    /// Number of lines, counted as [`LineTable::n_lines`] counts them.
    pub fn n_lines(&self) -> u32 {
        self.starts().len() as u32
    }

    /// The byte offset where 1-based `line` starts (the text's end past the last line).
    pub fn offset(&self, line: Line) -> usize {
        let idx = line.max(1) as usize - 1;
        self.starts().get(idx).copied().unwrap_or(self.text.len())
    }
}

fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::with_capacity(text.len() / 32 + 1);
    if !text.is_empty() {
        starts.push(0);
    }
    // memchr finds the newlines a word at a time; this runs for every file a query reads.
    starts.extend(
        memchr::memchr_iter(b'\n', text.as_bytes())
            .map(|idx| idx + 1)
            .filter(|&start| start < text.len()),
    );
    starts
}

fn slice_lines<'a>(text: &'a str, starts: &[usize], range: LineRange) -> &'a str {
    let n = starts.len() as u32;
    if n == 0 || range.start > n || range.end < range.start.max(1) {
        return "";
    }
    let first = range.start.max(1) as usize - 1;
    let last = range.end.min(n) as usize - 1;
    let from = starts[first];
    let mut to = if last + 1 < starts.len() {
        starts[last + 1]
    } else {
        text.len()
    };
    let bytes = text.as_bytes();
    if to > from && bytes[to - 1] == b'\n' {
        to -= 1;
        if to > from && bytes[to - 1] == b'\r' {
            to -= 1;
        }
    }
    &text[from..to]
}

/// Number of lines in `text`, counted as [`LineTable`] does.
pub fn count(text: &str) -> u32 {
    if text.is_empty() {
        return 0;
    }
    let newlines = memchr_count(text.as_bytes());
    if text.ends_with('\n') {
        newlines
    } else {
        newlines + 1
    }
}

fn memchr_count(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|b| **b == b'\n').count() as u32
}

/// A definition by file, qualified name and lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedRange {
    /// Root-relative path.
    pub path: String,
    /// Qualified name.
    pub name: String,
    /// Its lines.
    pub range: LineRange,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_like_editors() {
        assert_eq!(count(""), 0);
        assert_eq!(count("a"), 1);
        assert_eq!(count("a\n"), 1);
        assert_eq!(count("a\nb"), 2);
        assert_eq!(count("\n\n"), 2);
        for text in ["", "a", "a\n", "a\nb", "\n\n", "x\r\ny\r\n"] {
            assert_eq!(LineTable::new(text).n_lines(), count(text), "{text:?}");
        }
    }

    #[test]
    fn slices_keep_crlf_inside_and_drop_the_last_terminator() {
        let table = LineTable::new("one\r\ntwo\r\nthree");
        assert_eq!(table.slice(LineRange::new(1, 2)), "one\r\ntwo");
        assert_eq!(table.slice(LineRange::new(3, 9)), "three");
        assert_eq!(table.slice(LineRange::new(4, 9)), "");
        assert_eq!(table.line(2), "two");
        let owned = LineIndex::new("one\r\ntwo\r\nthree".to_string());
        assert_eq!(owned.slice(LineRange::new(1, 2)), "one\r\ntwo");
        assert_eq!(owned.slice(LineRange::new(4, 4)), "");
        // Lines count from 1: line 0 names no line.
        assert_eq!(table.slice(LineRange::new(0, 0)), "");
        assert_eq!(owned.slice(LineRange::new(0, 0)), "");
    }

    #[test]
    fn distance_to_a_range() {
        let range = LineRange::new(10, 20);
        assert_eq!(
            [
                range.distance_to(4),
                range.distance_to(10),
                range.distance_to(15),
                range.distance_to(23)
            ],
            [6, 0, 0, 3]
        );
    }

    #[test]
    fn multibyte_text_is_cut_on_line_boundaries() {
        let text = "é\n日本\n🎉x\n";
        let table = LineTable::new(text);
        for a in 1..=3 {
            for b in a..=3 {
                let part = table.slice(LineRange::new(a, b));
                assert!(text.contains(part));
            }
        }
        assert_eq!(table.line(3), "🎉x");
    }
}
