//! What earlier parses learned, asked before a file is parsed again: a cache's store of
//! records by content (see `cache::store`) answers through [`Known`], so the index never
//! names the cache. A record recalled is the record the parse would make, so an index
//! built with one equals an index built without.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::record::FileRecord;

/// Readings of files made earlier, by content.
pub trait Known: Sync {
    /// Fills what `record` learns from its contents (language, lines, status, definitions,
    /// call sites, imports, package) as an earlier parse of the same contents at a path of
    /// the same reading made it (`parse::content_key` of its path, size and hash); `false`
    /// when no such reading is known.
    fn recall(&self, record: &mut FileRecord) -> bool;
}

/// Knows nothing: every file is parsed.
pub struct Unknown;

impl Known for Unknown {
    fn recall(&self, _record: &mut FileRecord) -> bool {
        false
    }
}

/// A build's or refresh's way to a file's record: `known` asked first, with a count of
/// the records it gave.
pub(crate) struct Reader<'a> {
    known: &'a dyn Known,
    recalled: AtomicUsize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(known: &'a dyn Known) -> Reader<'a> {
        Reader {
            known,
            recalled: AtomicUsize::new(0),
        }
    }

    /// Whether `known` fills `record`, counted.
    pub(crate) fn recall(&self, record: &mut FileRecord) -> bool {
        let recalled = self.known.recall(record);
        if recalled {
            self.recalled.fetch_add(1, Ordering::Relaxed);
        }
        recalled
    }

    /// How many records came from `known`.
    pub(crate) fn recalled(&self) -> usize {
        self.recalled.load(Ordering::Relaxed)
    }
}
