//! The file texts one request reads. Each file is read from disk once per request (through
//! the root: no link followed, at most its size limit), decoded as the index decodes it,
//! indexed by line and compared with the content hash the index holds. Every lane of a
//! question, the resolver, the pinned slices and the pack's sources borrow it from here,
//! so they all see the same text and judge it by one staleness rule.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::confined::Root;
use crate::index::Index;
use crate::lines::{Line, LineIndex, LineRange};

/// The most text, in bytes, one request keeps for its readers. Past it a file is still
/// read, but not kept: a request over a huge workspace holds a bounded amount of text.
pub const MAX_HELD_BYTES: usize = 256 << 20;

/// One file's text as this request read it.
#[derive(Debug)]
pub struct Text {
    lines: LineIndex,
    hash: u64,
    stale: bool,
}

impl Text {
    /// The whole text (without a leading byte-order mark).
    pub fn text(&self) -> &str {
        self.lines.text()
    }

    /// The text of lines `range`, clamped to the file, without the last line's terminator.
    pub fn slice(&self, range: LineRange) -> &str {
        self.lines.slice(range)
    }

    /// The text of one line.
    pub fn line(&self, line: Line) -> &str {
        self.lines.slice(LineRange::new(line, line))
    }

    /// The byte offset where `line` starts.
    pub fn offset(&self, line: Line) -> usize {
        self.lines.offset(line)
    }

    /// Number of lines.
    pub fn n_lines(&self) -> Line {
        self.lines.n_lines()
    }

    /// The xxh3 hash of the bytes read.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the file changed since the index read it: the index holds it with another
    /// content hash. Line ranges the index gives may not fit this text.
    pub fn is_stale(&self) -> bool {
        self.stale
    }
}

/// What reading one file gave: its text, or why there is none (a slice's reason: a
/// snake_case word, then details).
pub type Read = Result<Arc<Text>, String>;

/// The texts of one request, read on first use and shared by every reader (and thread).
pub struct Texts<'a> {
    root: &'a Root,
    index: Option<&'a Index>,
    /// One cell per path asked for, so a file two threads want at once is read once.
    cells: Mutex<HashMap<String, Arc<OnceLock<Read>>>>,
    held: AtomicUsize,
    reads: AtomicUsize,
}

impl<'a> Texts<'a> {
    /// The texts of `index`'s files, judged stale against its content hashes.
    pub fn of(index: &'a Index) -> Texts<'a> {
        Texts {
            index: Some(index),
            ..Texts::new(index.root_dir())
        }
    }

    /// The texts of files under `root`, without an index: none is stale.
    pub fn new(root: &'a Root) -> Texts<'a> {
        Texts {
            root,
            index: None,
            cells: Mutex::new(HashMap::new()),
            held: AtomicUsize::new(0),
            reads: AtomicUsize::new(0),
        }
    }

    /// The root the files are read through.
    pub fn root(&self) -> &'a Root {
        self.root
    }

    /// The index the texts are judged against, if any.
    pub fn index(&self) -> Option<&'a Index> {
        self.index
    }

    /// The text of the root-relative file `rel` (`None` when it cannot be read or is not
    /// text).
    pub fn get(&self, rel: &str) -> Option<Arc<Text>> {
        self.read(rel).ok()
    }

    /// The text of `rel`, or why it cannot be had.
    pub fn read(&self, rel: &str) -> Read {
        let cell = {
            let Ok(mut cells) = self.cells.lock() else {
                return self.read_from_disk(rel);
            };
            match cells.get(rel) {
                Some(cell) => Arc::clone(cell),
                None if self.held.load(Ordering::Relaxed) >= MAX_HELD_BYTES => {
                    drop(cells);
                    return self.read_from_disk(rel);
                }
                None => Arc::clone(cells.entry(rel.to_string()).or_default()),
            }
        };
        cell.get_or_init(|| {
            let read = self.read_from_disk(rel);
            if let Ok(text) = &read {
                self.held.fetch_add(text.text().len(), Ordering::Relaxed);
            }
            read
        })
        .clone()
    }

    /// How many files are held (each was read once).
    pub fn files(&self) -> usize {
        self.cells.lock().map_or(0, |cells| cells.len())
    }

    /// How many times a file was read from disk so far.
    pub fn reads(&self) -> usize {
        self.reads.load(Ordering::Relaxed)
    }

    fn read_from_disk(&self, rel: &str) -> Read {
        self.reads.fetch_add(1, Ordering::Relaxed);
        let bytes = self.root.read(rel).map_err(|e| e.reason())?;
        let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
        let text =
            crate::parse::decode(bytes).map_err(|reason| reason.to_string().replace('-', "_"))?;
        let stale = (self.index.and_then(|index| index.file(rel))).is_some_and(|f| f.hash != hash);
        Ok(Arc::new(Text {
            lines: LineIndex::new(text),
            hash,
            stale,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_once_and_judged_against_the_index() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "def f():\n    return 1\n").unwrap();
        std::fs::write(dir.path().join("b.bin"), b"\0\x01binary").unwrap();
        let index = crate::index::build(dir.path()).unwrap();
        let texts = Texts::of(&index);
        let a = texts.get("a.py").unwrap();
        assert_eq!(a.line(2), "    return 1");
        assert!(!a.is_stale());
        assert!(Arc::ptr_eq(&a, &texts.get("a.py").unwrap()));
        assert_eq!(texts.reads(), 1);
        assert_eq!(texts.read("b.bin").unwrap_err(), "binary");
        assert_eq!(texts.read("nope.py").unwrap_err(), "not_found");
        texts.read("nope.py").unwrap_err();
        assert_eq!(texts.reads(), 3);

        // Changed after indexing: a new request reads the new text and calls it stale.
        std::fs::write(dir.path().join("a.py"), "def f():\n    return 2\n").unwrap();
        let again = Texts::of(&index);
        let a = again.get("a.py").unwrap();
        assert!(a.is_stale());
        assert_eq!(a.line(2), "    return 2");
        assert!(!Texts::new(index.root_dir()).get("a.py").unwrap().is_stale());
    }
}
