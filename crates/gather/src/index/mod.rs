//! The symbol index: every walked file with its status and definitions, plus lookup
//! tables by name and by path. Built in parallel from the walk; each [`FileRecord`] is
//! self-contained so one file can be replaced without touching the others.

pub mod modules;
mod npm;
pub mod postings;
mod symbol;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

pub use symbol::{
    CallKind, CallSite, FileRecord, FileStatus, Import, SkipReason, Symbol, SymbolKind,
};

use crate::confined::Root;
use crate::error::{Error, ErrorCode, Result};
use crate::lines::Line;
use crate::walk::{self, WalkOptions, WalkedFile};
use crate::{lines, parse};

/// The index of `files` (path, text) written to a fresh temporary directory, which the
/// caller keeps alive: the unit tests' workspace.
#[cfg(test)]
pub(crate) fn index_of(files: &[(&str, &str)]) -> (tempfile::TempDir, Index) {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let index = build(dir.path()).unwrap();
    (dir, index)
}

/// Identifies a symbol: its file's position in the index and its position in that file.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SymbolId {
    /// Index into [`Index::files`].
    pub file: u32,
    /// Index into that file's symbols.
    pub idx: u32,
}

/// Index settings.
#[derive(Clone, Debug, Default)]
pub struct IndexOptions {
    /// Walk settings (size limit).
    pub walk: WalkOptions,
}

/// The index of one workspace.
#[derive(Debug)]
pub struct Index {
    root: Root,
    files: Vec<FileRecord>,
    by_path: HashMap<String, u32>,
    by_name: HashMap<String, Vec<SymbolId>>,
    /// When the walk that produced these records began (ns since the Unix epoch; 0 when
    /// unknown): files modified shortly before it are checked by content on refresh.
    scanned_ns: i64,
    timings: BuildTimings,
    changes: Changes,
    postings: std::sync::OnceLock<postings::Postings>,
    modules: std::sync::OnceLock<modules::Modules>,
}

/// A symbol together with the file it is in.
#[derive(Clone, Copy, Debug)]
pub struct SymbolRef<'a> {
    /// Where the symbol is.
    pub id: SymbolId,
    /// The file.
    pub file: &'a FileRecord,
    /// The definition.
    pub symbol: &'a Symbol,
}

/// Builds the index of the workspace at `root` with default options.
pub fn build(root: &Path) -> Result<Index> {
    build_with(root, &IndexOptions::default())
}

/// Builds the index of the workspace at `root`.
pub fn build_with(root: &Path, options: &IndexOptions) -> Result<Index> {
    build_observed(root, options, &Progress::default())
}

/// [`build_with`], counting found and finished files in `progress` as it goes, so that a
/// caller on another thread can draw a progress bar.
pub fn build_observed(root: &Path, options: &IndexOptions, progress: &Progress) -> Result<Index> {
    build_in(&Root::open(root)?, options, progress)
}

/// [`build_observed`] for a root already held open: every file is read through it, with
/// the size limit of `options`.
pub fn build_in(root: &Root, options: &IndexOptions, progress: &Progress) -> Result<Index> {
    let root = root.with_limit(options.walk.max_file_size);
    root.check_in_place()?;
    walk::check_ignore_files(root.path())?;
    let scanned_ns = now_ns();
    // The walk feeds the parsers as it goes, so reading and parsing start at once.
    let started = Instant::now();
    let (sender, receiver) = std::sync::mpsc::channel();
    let mut walk_ms = 0.0;
    let files: Vec<FileRecord> = std::thread::scope(|scope| {
        let walk_root = root.path();
        let walk_options = &options.walk;
        let walker = scope.spawn(move || {
            walk::each(walk_root, walk_options, |file| {
                progress.found.fetch_add(1, Ordering::Relaxed);
                // The receiver lives until every file is parsed.
                let _ = sender.send(file);
            });
            progress.walked.store(true, Ordering::Relaxed);
            ms_since(started)
        });
        let files = receiver
            .into_iter()
            .par_bridge()
            .map(|file| {
                let record = read_and_parse(&root, file);
                progress.done.fetch_add(1, Ordering::Relaxed);
                record
            })
            .collect();
        walk_ms = walker.join().unwrap_or(0.0);
        files
    });
    // The walk listed files by path: had the root been replaced meanwhile, the list (not
    // the contents, which were read through the held root) would be another tree's.
    root.check_in_place()?;
    let parse_ms = ms_since(started);
    let started = Instant::now();
    let mut index = Index::from_files(root, files);
    index.scanned_ns = scanned_ns;
    index.changes = Changes {
        added: index.files.len(),
        dirty: true,
        ..Changes::default()
    };
    index.timings = BuildTimings {
        walk_ms,
        parse_ms,
        tables_ms: ms_since(started),
    };
    Ok(index)
}

/// Brings `previous` up to date with the files on disk under its root, so that an edit,
/// addition or deletion made since it was built is reflected. The result equals a fresh
/// [`build_with`] of the same tree.
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
pub fn refresh_observed(
    previous: Index,
    options: &IndexOptions,
    progress: &Progress,
) -> Result<Index> {
    let scan = scan(&previous.root, options)?;
    let Index {
        files,
        by_path,
        by_name,
        scanned_ns,
        postings,
        ..
    } = previous;
    let mut index = apply_scan(files, scanned_ns, scan, progress, Some((by_path, by_name)));
    // Postings depend on file contents only: keep them when no content changed.
    let changes = index.changes;
    if changes.reparsed + changes.added + changes.removed == 0 {
        index.postings = postings;
    }
    Ok(index)
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
    let root = root.with_limit(options.walk.max_file_size);
    root.check_in_place()?;
    walk::check_ignore_files(root.path())?;
    let started_ns = now_ns();
    let started = Instant::now();
    let files = walk::all(root.path(), &options.walk);
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
/// rebuilt when the set of paths did not change.
pub(crate) fn apply_scan(
    mut records: Vec<FileRecord>,
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
    // A file modified within this window of the previous scan may have changed after it
    // was read without changing its mtime (timestamps are coarser than writes): its
    // contents are checked again.
    let trusted_before = previous_ns.saturating_sub(RACY_WINDOW_NS);
    if !records.is_sorted_by(|a, b| a.path < b.path) {
        records.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        records.dedup_by(|a, b| a.path == b.path);
    }
    // Both lists are in path order: one merge pairs each walked file with its record.
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
    progress.found.store(work.len(), Ordering::Relaxed);
    let updated: Vec<(FileRecord, Update)> = work
        .into_par_iter()
        .map(|(file, prev)| {
            let updated = update(&root, file, prev, scanned_ns);
            progress.done.fetch_add(1, Ordering::Relaxed);
            updated
        })
        .collect();
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
    let parse_ms = ms_since(started);
    let started = Instant::now();
    let mut index = match tables {
        // The same paths in the same order: file positions hold, only the names of the
        // reparsed files change.
        Some((by_path, by_name)) if changes.added == 0 && changes.removed == 0 => {
            kept.sort_unstable_by(|a, b| a.path.cmp(&b.path));
            let mut index = Index {
                root,
                files: kept,
                by_path,
                by_name,
                scanned_ns: 0,
                timings: BuildTimings::default(),
                changes: Changes::default(),
                postings: std::sync::OnceLock::new(),
                modules: std::sync::OnceLock::new(),
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

/// How long before a scan a file's mtime must lie for (size, mtime) alone to prove it
/// unchanged since: covers coarse file-system timestamps (FAT's 2 s, a kernel tick).
const RACY_WINDOW_NS: i64 = 2_000_000_000;

/// Whether a record's status follows from the file's contents alone, so that the same
/// contents give the same record. Walk-made statuses (too large, symlink, not regular)
/// depend on settings or metadata and are cheap to make again; unreadable is retried.
fn content_derived(status: FileStatus) -> bool {
    match status {
        FileStatus::Parsed | FileStatus::Heuristic | FileStatus::Text => true,
        FileStatus::Skipped(reason) => matches!(
            reason,
            SkipReason::Binary
                | SkipReason::InvalidUtf8
                | SkipReason::Minified
                | SkipReason::TooComplex
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
) -> (FileRecord, Update) {
    let Some(mut prev) = prev else {
        return (read_and_parse(root, file), Update::Added);
    };
    if file.skip.is_some() || !content_derived(prev.status) || prev.size != file.size {
        let record = read_and_parse(root, file);
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
    (parse_bytes(file, bytes), Update::Changed)
}

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
    /// Whether a stored copy of the previous index is worth replacing: some file's
    /// contents changed, appeared or vanished, or so many files have only a new mtime (or
    /// only just became old enough to trust theirs) that hashing them again at every call
    /// would cost more than storing the index.
    pub dirty: bool,
}

/// Counters a build or refresh advances as it goes, for a progress display on another
/// thread. A refresh counts only the files it has to read.
#[derive(Debug, Default)]
pub struct Progress {
    found: AtomicUsize,
    done: AtomicUsize,
    walked: AtomicBool,
}

impl Progress {
    /// Files found so far that will be read.
    pub fn found(&self) -> usize {
        self.found.load(Ordering::Relaxed)
    }

    /// Files read and parsed so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Whether the walk has finished, so that [`Progress::found`] is the total.
    pub fn walk_finished(&self) -> bool {
        self.walked.load(Ordering::Relaxed)
    }
}

fn now_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

/// How long each stage of a build took, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BuildTimings {
    /// Listing files.
    pub walk_ms: f64,
    /// Reading and parsing them, in parallel.
    pub parse_ms: f64,
    /// Building the lookup tables.
    pub tables_ms: f64,
}

/// Milliseconds since `started`: the one clock reading behind every reported time.
pub fn ms_since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

/// Canonicalises a workspace root, or explains why it cannot be one (see [`Root::open`]).
pub fn canonical_root(root: &Path) -> Result<PathBuf> {
    Ok(Root::open(root)?.path().to_path_buf())
}

/// The record of a walked file, read through `root`: a file that cannot be read (gone,
/// replaced by a link or a special file, grown past the limit) is skipped with the reason.
fn read_and_parse(root: &Root, mut file: WalkedFile) -> FileRecord {
    if file.skip.is_some() {
        return skipped_record(file);
    }
    match root.read(&file.rel) {
        Ok(bytes) => parse_bytes(file, bytes),
        Err(e) => {
            file.skip = Some(e.skip_reason());
            skipped_record(file)
        }
    }
}

/// The record of a file that is not read: the walk's reason, or unreadable.
fn skipped_record(file: WalkedFile) -> FileRecord {
    FileRecord {
        path: file.rel,
        language: None,
        size: file.size,
        mtime_ns: file.mtime_ns,
        hash: 0,
        n_lines: 0,
        status: FileStatus::Skipped(file.skip.unwrap_or(SkipReason::Unreadable)),
        symbols: Vec::new(),
        calls: Vec::new(),
        imports: Vec::new(),
        package: None,
    }
}

/// The record of a file whose contents are `bytes`.
fn parse_bytes(file: WalkedFile, bytes: Vec<u8>) -> FileRecord {
    let size = bytes.len() as u64;
    let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
    let mut record = skipped_record(file);
    record.size = size;
    record.hash = hash;
    let text = match parse::decode(bytes) {
        Ok(text) => text,
        Err(reason) => {
            record.status = FileStatus::Skipped(reason);
            return record;
        }
    };
    let parsed = parse::file(&record.path, &text);
    record.n_lines = lines::count(&text);
    record.language = parsed.language;
    record.status = parsed.status;
    record.symbols = parsed.symbols;
    record.calls = parsed.calls;
    record.imports = parsed.imports;
    record.package = parsed.package;
    record
}

impl Index {
    /// Assembles an index from file records (sorted here by path).
    pub fn from_files(root: Root, mut files: Vec<FileRecord>) -> Index {
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let mut by_path = HashMap::with_capacity(files.len());
        let mut by_name: HashMap<String, Vec<SymbolId>> = HashMap::new();
        for (file_idx, file) in files.iter().enumerate() {
            by_path.insert(file.path.clone(), file_idx as u32);
            for (idx, symbol) in file.symbols.iter().enumerate() {
                let id = SymbolId {
                    file: file_idx as u32,
                    idx: idx as u32,
                };
                // Most names repeat: look up before paying for an owned key.
                match by_name.get_mut(symbol.name.as_str()) {
                    Some(ids) => ids.push(id),
                    None => {
                        by_name.insert(symbol.name.clone(), vec![id]);
                    }
                }
            }
        }
        Index {
            root,
            files,
            by_path,
            by_name,
            scanned_ns: 0,
            timings: BuildTimings::default(),
            postings: std::sync::OnceLock::new(),
            modules: std::sync::OnceLock::new(),
            changes: Changes::default(),
        }
    }

    /// The lexical postings, built on first use from the files on disk.
    pub fn postings(&self) -> &postings::Postings {
        self.postings.get_or_init(|| postings::build(self))
    }

    /// The module maps of import resolution, built on first use: every call-graph query
    /// needs them, and they depend on the files alone.
    pub fn modules(&self) -> &modules::Modules {
        self.modules.get_or_init(|| modules::Modules::new(self))
    }

    /// Whether the postings are built (or were handed over) yet.
    pub fn has_postings(&self) -> bool {
        self.postings.get().is_some()
    }

    /// Hands over postings built earlier for exactly these files (see
    /// [`crate::cache::Cache::load_postings`]); ignored when postings are already here.
    pub fn set_postings(&self, postings: postings::Postings) {
        let _ = self.postings.set(postings);
    }

    /// [`Index::from_files`] for records read by a walk that began at `scanned_ns`
    /// (nanoseconds since the Unix epoch), as a stored index remembers it.
    pub fn from_scan(root: Root, files: Vec<FileRecord>, scanned_ns: i64) -> Index {
        let mut index = Index::from_files(root, files);
        index.scanned_ns = scanned_ns;
        index
    }

    /// Brings `by_name` up to date after the symbols of the files at `reparsed` changed,
    /// keeping every list in (file, index) order, as [`Index::from_files`] makes it.
    fn rename_symbols_of(&mut self, reparsed: &[u32]) {
        if reparsed.is_empty() {
            return;
        }
        self.by_name.retain(|_, ids| {
            ids.retain(|id| !reparsed.contains(&id.file));
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

    /// When the walk behind these records began, in nanoseconds since the Unix epoch
    /// (0 for an index assembled from records without one).
    pub fn scanned_ns(&self) -> i64 {
        self.scanned_ns
    }

    /// What the build or refresh that made this index did with each file.
    pub fn changes(&self) -> Changes {
        self.changes
    }

    /// How long the build's stages took (zero for an index assembled from records).
    pub fn timings(&self) -> BuildTimings {
        self.timings
    }

    /// A short fingerprint of every file's path and content hash: two packs with the same
    /// stamp were cut from the same tree.
    pub fn stamp(&self) -> String {
        format!("{:08x}", self.content_hash() as u32)
    }

    /// A hash of every file's path and content hash, in index order.
    pub fn content_hash(&self) -> u64 {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for file in &self.files {
            hasher.update(file.path.as_bytes());
            hasher.update(&file.hash.to_le_bytes());
        }
        hasher.digest()
    }

    /// The canonical workspace root.
    pub fn root(&self) -> &Path {
        self.root.path()
    }

    /// The workspace root held open: every read of the workspace's files goes through it.
    pub fn root_dir(&self) -> &Root {
        &self.root
    }

    /// Every walked file, including skipped ones, sorted by path.
    pub fn files(&self) -> &[FileRecord] {
        &self.files
    }

    /// Number of files whose contents are indexed (skipped files are not counted).
    pub fn file_count(&self) -> usize {
        self.files.iter().filter(|f| f.status.is_indexed()).count()
    }

    /// Number of definitions.
    pub fn symbol_count(&self) -> usize {
        self.files.iter().map(|f| f.symbols.len()).sum()
    }

    /// The record of a root-relative path.
    pub fn file(&self, path: &str) -> Option<&FileRecord> {
        self.by_path.get(path).map(|&i| &self.files[i as usize])
    }

    /// The status of a root-relative path, if the walk saw it.
    pub fn status(&self, path: &str) -> Option<FileStatus> {
        self.file(path).map(|f| f.status)
    }

    /// Resolves a symbol id.
    pub fn symbol(&self, id: SymbolId) -> SymbolRef<'_> {
        let file = &self.files[id.file as usize];
        SymbolRef {
            id,
            file,
            symbol: &file.symbols[id.idx as usize],
        }
    }

    /// Every definition matching `name`, in (path, line) order. A plain name matches
    /// symbol names; a qualified name (`Client.send`, `mod::f`) matches symbols whose
    /// qualified name ends with the same segments, whatever the separator.
    pub fn find(&self, name: &str) -> Vec<SymbolRef<'_>> {
        let segments = split_qualified(name);
        let Some(last) = segments.last() else {
            return Vec::new();
        };
        let Some(ids) = self.by_name.get(*last) else {
            return Vec::new();
        };
        let mut out: Vec<SymbolRef> = ids
            .iter()
            .map(|&id| self.symbol(id))
            .filter(|s| {
                segments.len() == 1 || ends_with_segments(&s.symbol.qualified_name, &segments)
            })
            .collect();
        out.sort_by(|a, b| {
            (&a.file.path, a.symbol.range.start).cmp(&(&b.file.path, b.symbol.range.start))
        });
        out
    }

    /// Ids of every definition whose plain name is `name`, in (path, line) order.
    pub fn ids_named(&self, name: &str) -> &[SymbolId] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// Index of a root-relative path in [`Index::files`].
    pub fn file_idx(&self, path: &str) -> Option<u32> {
        self.by_path.get(path).copied()
    }

    /// The one definition a request names: `name` (plain or qualified) in `path` when given,
    /// `line` (any line of the definition) choosing among same-named ones. A name that is
    /// not there is `not_found` with the nearest candidates; an ambiguous one without a path
    /// is `invalid_request` listing them.
    pub fn locate(&self, name: &str, path: Option<&str>, line: Option<Line>) -> Result<SymbolId> {
        let all = self.find(name);
        let Some(path) = path else {
            return match all.len() {
                0 => Err(Error::new(
                    ErrorCode::NotFound,
                    format!("no definition named {name}{}", similar_hint(self, name)),
                )),
                1 => Ok(all[0].id),
                _ => Err(Error::new(
                    ErrorCode::InvalidRequest,
                    format!(
                        "{name} is defined {} times; add a path: {}",
                        all.len(),
                        list_places(&all)
                    ),
                )),
            };
        };
        let in_file: Vec<&SymbolRef> = all.iter().filter(|s| s.file.path == path).collect();
        if in_file.is_empty() {
            let elsewhere = if all.is_empty() {
                String::new()
            } else {
                format!("; defined in {}", list_places(&all))
            };
            return Err(Error::new(
                ErrorCode::NotFound,
                format!(
                    "no definition named {name} in {path}{elsewhere}{}",
                    similar_hint_in(self, name, path)
                ),
            ));
        }
        let chosen = match line {
            Some(line) => in_file
                .iter()
                .min_by_key(|s| {
                    let r = s.symbol.full_range();
                    (r.distance_to(line), r.len())
                })
                .expect("not empty"),
            None => in_file[0],
        };
        Ok(chosen.id)
    }

    /// Every definition in a root-relative path, in line order.
    pub fn find_in_file(&self, path: &str) -> Vec<SymbolRef<'_>> {
        let Some(&file_idx) = self.by_path.get(path) else {
            return Vec::new();
        };
        let file = &self.files[file_idx as usize];
        (0..file.symbols.len())
            .map(|idx| {
                self.symbol(SymbolId {
                    file: file_idx,
                    idx: idx as u32,
                })
            })
            .collect()
    }
}

/// An index of only the named files under the canonical `root` (each resolved against the
/// root first; files that do not exist are left out), for answering about those files while
/// a whole-workspace build is still running.
pub fn build_files(root: &Root, paths: &[String]) -> Result<Index> {
    let mut files = Vec::new();
    for path in paths {
        let resolved = crate::workspace::resolve(root.path(), path)?;
        let Ok(metadata) = std::fs::symlink_metadata(&resolved.abs) else {
            continue;
        };
        if !metadata.is_file() || files.iter().any(|f: &FileRecord| f.path == resolved.rel) {
            continue;
        }
        files.push(read_and_parse(
            root,
            WalkedFile {
                rel: resolved.rel,
                abs: resolved.abs,
                size: metadata.len(),
                mtime_ns: 0,
                skip: None,
            },
        ));
    }
    Ok(Index::from_files(root.clone(), files))
}

fn list_places(hits: &[SymbolRef]) -> String {
    let mut places: Vec<String> = hits
        .iter()
        .take(8)
        .map(|h| {
            format!(
                "{}:{} ({})",
                h.file.path, h.symbol.range, h.symbol.qualified_name
            )
        })
        .collect();
    if hits.len() > 8 {
        places.push(format!("and {} more", hits.len() - 8));
    }
    places.join(", ")
}

fn similar_hint(index: &Index, name: &str) -> String {
    let wanted = split_qualified(name)
        .last()
        .map(|s| s.to_lowercase())
        .unwrap_or_default();
    let mut similar: Vec<&str> = index
        .by_name
        .keys()
        .filter(|k| {
            let k = k.to_lowercase();
            wanted.len() >= 3 && (k.contains(&wanted) || wanted.contains(&k) && k.len() >= 3)
        })
        .map(String::as_str)
        .collect();
    similar.sort_unstable();
    similar.truncate(6);
    if similar.is_empty() {
        String::new()
    } else {
        format!("; similar names: {}", similar.join(", "))
    }
}

fn similar_hint_in(index: &Index, name: &str, path: &str) -> String {
    let symbols: Vec<&Symbol> = index.find_in_file(path).iter().map(|s| s.symbol).collect();
    let mut similar = similar_names(symbols, name);
    similar.dedup();
    similar.truncate(6);
    if similar.is_empty() {
        String::new()
    } else {
        format!("; similar in {path}: {}", similar.join(", "))
    }
}

/// Qualified names of `symbols` whose name contains the last segment of `name`, or is
/// contained in it (three letters at least), in the order given; case is ignored.
pub fn similar_names<'s>(symbols: impl IntoIterator<Item = &'s Symbol>, name: &str) -> Vec<String> {
    let wanted = split_qualified(name)
        .last()
        .map(|s| s.to_lowercase())
        .unwrap_or_default();
    symbols
        .into_iter()
        .filter(|s| {
            let have = s.name.to_lowercase();
            !wanted.is_empty()
                && (have.contains(&wanted) || wanted.contains(&have) && have.len() >= 3)
        })
        .map(|s| s.qualified_name.clone())
        .collect()
}

/// `name@LINE` → (`name`, `LINE`): a definition named with the line its range starts at,
/// the exact form re-requests use (unique among overloads and same-named methods). A name
/// without that suffix comes back whole.
pub fn split_line_suffix(name: &str) -> (&str, Option<Line>) {
    let trimmed = name.trim();
    if let Some((head, tail)) = trimmed.rsplit_once('@') {
        let digits = !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit());
        if digits && !head.trim().is_empty() {
            if let Ok(line) = tail.parse::<Line>() {
                return (head.trim(), Some(line));
            }
        }
    }
    (name, None)
}

/// Splits `a.b::c` into `["a", "b", "c"]`.
pub fn split_qualified(name: &str) -> Vec<&str> {
    name.split("::")
        .flat_map(|part| part.split('.'))
        .filter(|s| !s.is_empty())
        .collect()
}

fn ends_with_segments(qualified: &str, segments: &[&str]) -> bool {
    let have = split_qualified(qualified);
    have.len() >= segments.len() && have[have.len() - segments.len()..] == *segments
}
