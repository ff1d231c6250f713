//! Bringing an index up to date with the files on disk: one metadata walk, then only the
//! files whose (size, mtime) cannot prove them unchanged are read again.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::Instant;

use rayon::prelude::*;

use super::{
    ms_since, now_ns, parse_bytes, read_and_parse, skipped_record, BuildTimings, Index,
    IndexOptions, Known, Progress, Reader, SymbolId, Unknown,
};
use crate::changed::ChangedPaths;
use crate::confined::Root;
use crate::error::Result;
use crate::record::{FileRecord, FileStatus, SkipReason};
use crate::walk::{self, WalkedFile};

/// Brings `previous` up to date with the files on disk under its root, so that an edit,
/// addition or deletion made since it was built is reflected. The result equals a fresh
/// [`build_with`](super::build_with) of the same tree.
///
/// Only what changed is read: a record whose (size, mtime) still match is kept as it is,
/// unless its mtime is too close to the moment `previous` was scanned to prove that the
/// file did not change after it was read (then its contents are hashed again); a file
/// whose mtime moved but whose hash did not is kept with the new mtime; changed and new
/// files are parsed; vanished ones are dropped. What changed is in [`Index::changes`].
pub fn refresh(previous: Index, options: &IndexOptions) -> Result<Index> {
    refresh_observed(previous, options, &Progress::default())
}

/// [`refresh`], counting the files it has to read in `progress`.
pub(crate) fn refresh_observed(
    previous: Index,
    options: &IndexOptions,
    progress: &Progress,
) -> Result<Index> {
    let scan = scan(&previous.root, options)?;
    let previous = Previous::of(previous);
    let tables = Some(previous.tables);
    let mut index = apply_scan(
        previous.files,
        previous.scanned_ns,
        scan,
        progress,
        tables,
        &Unknown,
    );
    // The history depends on the commit only: keep it while the work tree is at it.
    carry_over(&mut index, previous.carried, |h, index| {
        h.is_current(index.root())
    });
    Ok(index)
}

/// What a refresh takes from the index before it.
pub(super) struct Previous {
    pub(super) files: Vec<FileRecord>,
    pub(super) tables: Tables,
    /// When it was scanned.
    pub(super) scanned_ns: i64,
    /// What [`carry_over`] may move into the refreshed index.
    pub(super) carried: Carried,
}

/// The postings (built, or kept to patch from; `true`: built for these very files) and the
/// history of an index, ahead of a refresh.
pub(super) struct Carried {
    postings: Option<(super::repost::Earlier, bool)>,
    history: std::sync::OnceLock<Option<super::history::History>>,
}

impl Previous {
    pub(super) fn of(mut index: Index) -> Previous {
        let postings = index.take_postings();
        let Index {
            files,
            by_path,
            by_name,
            scanned_ns,
            history,
            ..
        } = index;
        Previous {
            files,
            tables: (by_path, by_name),
            scanned_ns,
            carried: Carried { postings, history },
        }
    }
}

/// Moves what a refresh may keep from the previous index into the refreshed `index`: the
/// postings when no content changed (they depend on contents only), else what the new
/// postings are patched from on first use; the history when `holds` says it is still the
/// work tree's.
pub(super) fn carry_over(
    index: &mut Index,
    carried: Carried,
    holds: impl FnOnce(&super::history::History, &Index) -> bool,
) {
    let Carried { postings, history } = carried;
    let changes = index.changes;
    match postings {
        Some((earlier, true)) if changes.reparsed + changes.added + changes.removed == 0 => {
            index.postings = std::sync::OnceLock::from(earlier.into_postings());
        }
        Some((earlier, _)) => index.earlier = std::sync::Mutex::new(Some(earlier)),
        None => {}
    }
    if let Some(Some(h)) = history.get() {
        if holds(h, index) {
            index.history = history;
        }
    }
}

/// The lookup tables of an index, kept across a refresh that adds and removes no file.
type Tables = (HashMap<String, u32>, HashMap<String, Vec<SymbolId>>);

/// The files under a root as one walk found them, in path order, ahead of a refresh.
#[derive(Debug)]
pub(crate) struct Scan {
    root: Root,
    files: Vec<WalkedFile>,
    started_ns: i64,
    walk_ms: f64,
}

/// Walks `root` for a refresh: metadata only, no file is read.
pub(crate) fn scan(root: &Root, options: &IndexOptions) -> Result<Scan> {
    scan_region(root, options, &ChangedPaths::everything())
}

/// [`scan`] of the part of the tree `changed` covers (see [`walk::region`]).
pub(super) fn scan_region(
    root: &Root,
    options: &IndexOptions,
    changed: &ChangedPaths,
) -> Result<Scan> {
    let root = root.with_limit(options.walk.max_file_size);
    root.check_in_place()?;
    walk::check_ignore_files(root.path())?;
    let started_ns = now_ns();
    let started = Instant::now();
    let files = walk::region(root.path(), &options.walk, changed);
    root.check_in_place()?;
    Ok(Scan {
        root,
        files,
        started_ns,
        walk_ms: ms_since(started),
    })
}

/// Brings `records` (made by a walk that began at `previous_ns`) up to date with `scan`.
/// `tables`, the previous index's lookup tables when there is one, are patched instead of
/// rebuilt when the set of paths did not change. `known` is asked for the records of
/// files to be parsed when there are many of them (a branch switched, a new checkout).
pub(crate) fn apply_scan(
    records: Vec<FileRecord>,
    previous_ns: i64,
    scan: Scan,
    progress: &Progress,
    tables: Option<Tables>,
    known: &dyn Known,
) -> Index {
    let around = Around {
        unchanged: Vec::new(),
        known,
    };
    apply_scan_around(records, around, previous_ns, scan, progress, tables)
}

/// What a refresh of part of a tree keeps and may recall (see [`apply_scan_around`]).
pub(super) struct Around<'a> {
    /// The records of the rest of the tree, in path order, kept as they are.
    pub(super) unchanged: Vec<FileRecord>,
    /// Readings to recall instead of parsing.
    pub(super) known: &'a dyn Known,
}

/// Below this many files to read, a refresh parses them without asking a store: an
/// ordinary edit's files are new contents, and a store's catalog costs more to read.
const RECALL_FROM: usize = 32;

/// [`apply_scan`] of a scan that covered only part of the tree: `records` are the previous
/// records of that part, `around.unchanged` (in path order) those of the rest.
pub(super) fn apply_scan_around(
    records: Vec<FileRecord>,
    around: Around,
    previous_ns: i64,
    scan: Scan,
    progress: &Progress,
    tables: Option<Tables>,
) -> Index {
    let started = Instant::now();
    progress.walked.store(true, Ordering::Relaxed);
    let Scan {
        root,
        files: walked,
        started_ns: scanned_ns,
        walk_ms,
    } = scan;
    let Around { unchanged, known } = around;
    let (mut kept, work, mut changes) = pair_up(records, walked, previous_ns);
    progress.found.store(work.len(), Ordering::Relaxed);
    let (updated, recalled) = read_work(&root, work, scanned_ns, known, progress);
    let reparsed_paths = count_updates(updated, &mut kept, &mut changes);
    changes.recalled = recalled;
    if !unchanged.is_empty() {
        changes.reused += unchanged.len();
        kept.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        kept = merge_by_path(unchanged, kept);
    }
    let parse_ms = ms_since(started);
    let started = Instant::now();
    let mut index = match tables {
        // The same paths in the same order: file positions hold, only the names of the
        // reparsed files change.
        // Patching costs a pass over every name per call plus an ordered insert per new
        // symbol: past a few reparsed files in a hundred, building the table afresh is cheaper.
        Some((by_path, by_name))
            if changes.added == 0
                && changes.removed == 0
                && reparsed_paths.len() * PATCH_SHARE <= kept.len() =>
        {
            if !kept.is_sorted_by(|a, b| a.path <= b.path) {
                kept.sort_unstable_by(|a, b| a.path.cmp(&b.path));
            }
            let mut index = Index {
                root,
                files: kept,
                by_path,
                by_name,
                scanned_ns: 0,
                timings: BuildTimings::default(),
                changes: Changes::default(),
                postings: std::sync::OnceLock::new(),
                earlier: std::sync::Mutex::new(None),
                modules: std::sync::OnceLock::new(),
                calls: std::sync::OnceLock::new(),
                history: std::sync::OnceLock::new(),
            };
            let reparsed: Vec<u32> = reparsed_paths
                .iter()
                .filter_map(|p| index.by_path.get(p).copied())
                .collect();
            index.rename_symbols_of(&reparsed);
            index
        }
        _ => Index::from_files(root, kept),
    };
    index.scanned_ns = scanned_ns;
    index.changes = changes;
    index.timings = BuildTimings {
        walk_ms,
        parse_ms,
        tables_ms: ms_since(started),
    };
    index
}

/// The records of the files a refresh reads, in parallel, and how many `known` gave.
fn read_work(
    root: &Root,
    work: Vec<Work>,
    scanned_ns: i64,
    known: &dyn Known,
    progress: &Progress,
) -> (Vec<(FileRecord, Update)>, usize) {
    let reader = Reader::new(known_for(work.len(), known));
    let updated = work
        .into_par_iter()
        .map(|(file, prev)| {
            let updated = update(root, file, prev, scanned_ns, &reader);
            progress.done.fetch_add(1, Ordering::Relaxed);
            updated
        })
        .collect();
    (updated, reader.recalled())
}

/// `known` when a refresh has `work` files to read, enough to be worth asking it.
fn known_for(work: usize, known: &dyn Known) -> &dyn Known {
    if work >= RECALL_FROM {
        known
    } else {
        &Unknown
    }
}

/// Two lists of records in path order, with no path in both, as one in path order.
fn merge_by_path(a: Vec<FileRecord>, b: Vec<FileRecord>) -> Vec<FileRecord> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let mut b = b.into_iter().peekable();
    for record in a {
        while let Some(before) = b.next_if(|r| r.path < record.path) {
            out.push(before);
        }
        out.push(record);
    }
    out.extend(b);
    out
}

/// A walked file with its previous record, if it had one, for [`update`] to decide on.
type Work = (WalkedFile, Option<FileRecord>);

/// Pairs each walked file with its record (both lists in path order, so one merge does
/// it): records that (size, mtime) prove unchanged are kept, the rest are work. Counts
/// the records kept and those whose file is gone.
fn pair_up(
    mut records: Vec<FileRecord>,
    walked: Vec<WalkedFile>,
    previous_ns: i64,
) -> (Vec<FileRecord>, Vec<Work>, Changes) {
    // A file modified within this window of the previous scan may have changed after it
    // was read without changing its mtime (timestamps are coarser than writes): its
    // contents are checked again.
    let trusted_before = previous_ns.saturating_sub(RACY_WINDOW_NS);
    if !records.is_sorted_by(|a, b| a.path < b.path) {
        records.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        records.dedup_by(|a, b| a.path == b.path);
    }
    let mut changes = Changes::default();
    let mut kept = Vec::with_capacity(walked.len());
    let mut work = Vec::new();
    let mut old = records.into_iter().peekable();
    for file in walked {
        while old.next_if(|r| r.path < file.rel).is_some() {
            changes.removed += 1;
        }
        match old.next_if(|r| r.path == file.rel) {
            Some(record)
                if file.skip.is_none()
                    && content_derived(record.status)
                    && record.size == file.size
                    && record.mtime_ns == file.mtime_ns
                    && record.mtime_ns < trusted_before =>
            {
                kept.push(record);
            }
            prev => work.push((file, prev)),
        }
    }
    changes.removed += old.count();
    changes.reused = kept.len();
    (kept, work, changes)
}

/// Adds the records [`update`] made to `kept`, counting in `changes` what each needed
/// and whether the stored index is worth replacing; returns the paths parsed again.
fn count_updates(
    updated: Vec<(FileRecord, Update)>,
    kept: &mut Vec<FileRecord>,
    changes: &mut Changes,
) -> Vec<String> {
    let mut reparsed_paths = Vec::new();
    let mut metadata_only = 0;
    for (record, how) in updated {
        match how {
            Update::Same => changes.reused += 1,
            Update::Verified => changes.rehashed += 1,
            Update::VerifiedSettled | Update::Touched => {
                changes.rehashed += 1;
                metadata_only += 1;
            }
            Update::Changed => {
                changes.reparsed += 1;
                changes.dirty = true;
                reparsed_paths.push(record.path.clone());
            }
            Update::Added => {
                changes.added += 1;
                changes.dirty = true;
            }
        }
        kept.push(record);
    }
    changes.dirty |= changes.removed > 0;
    // A new mtime alone changes no answer; the file is hashed again next time, which costs
    // less than storing the whole index until many files are in that state.
    changes.dirty |= metadata_only >= (kept.len() / 20).max(64);
    reparsed_paths
}

/// How long before a scan a file's mtime must lie for (size, mtime) alone to prove it
/// unchanged since: covers coarse file-system timestamps (FAT's 2 s, a kernel tick).
const RACY_WINDOW_NS: i64 = 2_000_000_000;

/// Whether a record's status follows from the file's contents alone, so that the same
/// contents give the same record. Walk-made statuses (too large, symlink, not regular)
/// depend on settings or metadata and are cheap to make again; unreadable is retried.
pub(crate) fn content_derived(status: FileStatus) -> bool {
    match status {
        FileStatus::Parsed
        | FileStatus::ParsedWithErrors
        | FileStatus::Heuristic
        | FileStatus::Text => true,
        FileStatus::Skipped(reason) => matches!(
            reason,
            SkipReason::Binary
                | SkipReason::InvalidUtf8
                | SkipReason::Minified
                | SkipReason::TooComplex
                | SkipReason::ParseFailed
        ),
    }
}

/// What [`update`] did with one file.
enum Update {
    /// Nothing read; the record came out as before (a walk-made status).
    Same,
    /// Contents read again and unchanged, mtime too; the record is kept.
    Verified,
    /// As `Verified`, and the file is now old enough for its mtime to be trusted next time.
    VerifiedSettled,
    /// Contents unchanged under a new mtime; kept with the new mtime.
    Touched,
    /// Contents changed; parsed again.
    Changed,
    /// A new path; parsed.
    Added,
}

/// The record of a walked file that (size, mtime) could not prove unchanged.
fn update(
    root: &Root,
    file: WalkedFile,
    prev: Option<FileRecord>,
    scanned_ns: i64,
    reader: &Reader,
) -> (FileRecord, Update) {
    let Some(mut prev) = prev else {
        return (read_and_parse(root, file, reader), Update::Added);
    };
    if file.skip.is_some() || !content_derived(prev.status) || prev.size != file.size {
        let record = read_and_parse(root, file, reader);
        let how = if record == prev {
            Update::Same
        } else {
            Update::Changed
        };
        return (record, how);
    }
    let bytes = match root.read(&file.rel) {
        Ok(bytes) => bytes,
        Err(e) => {
            let mut file = file;
            file.skip = Some(e.skip_reason());
            return (skipped_record(file), Update::Changed);
        }
    };
    if bytes.len() as u64 == prev.size && xxhash_rust::xxh3::xxh3_64(&bytes) == prev.hash {
        if prev.mtime_ns == file.mtime_ns {
            let how = if prev.mtime_ns < scanned_ns.saturating_sub(RACY_WINDOW_NS) {
                Update::VerifiedSettled
            } else {
                Update::Verified
            };
            return (prev, how);
        }
        prev.mtime_ns = file.mtime_ns;
        return (prev, Update::Touched);
    }
    (parse_bytes(file, bytes, reader), Update::Changed)
}

/// A refresh patches the name table when at most one file in this many was reparsed.
const PATCH_SHARE: usize = 16;

/// What a build or refresh did with the files it saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Records kept without reading the file.
    pub reused: usize,
    /// Files read again whose contents had not changed (touched, or too recent to trust).
    pub rehashed: usize,
    /// Files whose contents changed and were parsed again.
    pub reparsed: usize,
    /// New files, parsed (every file in a fresh build).
    pub added: usize,
    /// Files that were gone.
    pub removed: usize,
    /// Of the files added and reparsed, those whose record was recalled from an earlier
    /// parse of the same contents (a cache's store) instead of parsed.
    pub recalled: usize,
    /// Whether a stored copy of the previous index is worth replacing: some file's
    /// contents changed, appeared or vanished, or so many files have only a new mtime (or
    /// only just became old enough to trust theirs) that hashing them again at every call
    /// would cost more than storing the index.
    pub dirty: bool,
}

impl Index {
    /// Brings `by_name` up to date after the symbols of the files at `reparsed` changed,
    /// keeping every list in (file, index) order, as [`Index::from_files`] makes it.
    fn rename_symbols_of(&mut self, reparsed: &[u32]) {
        if reparsed.is_empty() {
            return;
        }
        let mut is_reparsed = vec![false; self.files.len()];
        for &file in reparsed {
            is_reparsed[file as usize] = true;
        }
        self.by_name.retain(|_, ids| {
            ids.retain(|id| !is_reparsed[id.file as usize]);
            !ids.is_empty()
        });
        for &file in reparsed {
            for (idx, symbol) in self.files[file as usize].symbols.iter().enumerate() {
                let id = SymbolId {
                    file,
                    idx: idx as u32,
                };
                match self.by_name.get_mut(symbol.name.as_str()) {
                    Some(ids) => {
                        let at = ids.partition_point(|other| *other < id);
                        ids.insert(at, id);
                    }
                    None => {
                        self.by_name.insert(symbol.name.clone(), vec![id]);
                    }
                }
            }
        }
    }
}
