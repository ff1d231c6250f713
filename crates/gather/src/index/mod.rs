//! The symbol index: every walked file with its status and definitions, plus lookup
//! tables by name and by path. Built in parallel from the walk; each [`FileRecord`] is
//! self-contained so one file can be replaced without touching the others.

mod calls;
pub mod history;
mod known;
mod lookup;
pub(crate) use crate::imports as modules;
mod partial;
pub mod postings;
mod refresh;
mod repost;
pub(crate) use repost::{built_from, BuiltFrom, Earlier};
pub mod texts;
pub mod words;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

pub use crate::record::{
    CallKind, CallSite, FileRecord, FileStatus, Import, SkipReason, Symbol, SymbolId, SymbolKind,
};

pub(crate) use known::Reader;
pub use known::{Known, Unknown};
pub use lookup::{check_name, MAX_NAME_PARTS, MAX_NAME_PART_BYTES};
pub(crate) use lookup::{list_places, similar_names, split_line_suffix, split_qualified};
pub use partial::refresh_changed;
pub(crate) use refresh::{apply_scan, content_derived, scan};
pub use refresh::{refresh, Changes};

use crate::confined::Root;
use crate::error::Result;
use crate::record::Reading;
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
    /// The postings of the index this one was refreshed from, when contents changed: the
    /// postings are patched from them on first use instead of built.
    earlier: std::sync::Mutex<Option<repost::Earlier>>,
    modules: std::sync::OnceLock<modules::Modules>,
    calls: std::sync::OnceLock<calls::CallsByName>,
    history: std::sync::OnceLock<Option<history::History>>,
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
pub(crate) fn build_observed(
    root: &Path,
    options: &IndexOptions,
    progress: &Progress,
) -> Result<Index> {
    build_in(&Root::open(root)?, options, progress)
}

/// `build_observed` for a root already held open: every file is read through it, with
/// the size limit of `options`.
pub fn build_in(root: &Root, options: &IndexOptions, progress: &Progress) -> Result<Index> {
    build_knowing(root, options, progress, &Unknown)
}

/// [`build_in`], taking from `known` the record of every file whose contents an earlier
/// parse read (counted in [`Changes::recalled`]) and parsing the rest.
pub fn build_knowing(
    root: &Root,
    options: &IndexOptions,
    progress: &Progress,
    known: &dyn Known,
) -> Result<Index> {
    let reader = Reader::new(known);
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
                let record = read_and_parse(&root, file, &reader);
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
        recalled: reader.recalled(),
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

/// The record of a walked file, read through `root`: a file that cannot be read (gone,
/// replaced by a link or a special file, grown past the limit) is skipped with the reason.
fn read_and_parse(root: &Root, mut file: WalkedFile, reader: &Reader) -> FileRecord {
    if file.skip.is_some() {
        return skipped_record(file);
    }
    match root.read(&file.rel) {
        Ok(bytes) => parse_bytes(file, bytes, reader),
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

/// The record of a file whose contents are `bytes`: recalled when `reader` knows them,
/// else parsed.
fn parse_bytes(file: WalkedFile, bytes: Vec<u8>, reader: &Reader) -> FileRecord {
    let size = bytes.len() as u64;
    let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
    let mut record = skipped_record(file);
    record.size = size;
    record.hash = hash;
    if reader.recall(&mut record) {
        return record;
    }
    let text = match parse::decode(bytes) {
        Ok(text) => text,
        Err(reason) => {
            record.status = FileStatus::Skipped(reason);
            return record;
        }
    };
    let parsed = parse::file(&record.path, &text);
    record.set_reading(Reading {
        language: parsed.language,
        n_lines: lines::count(&text),
        status: parsed.status,
        symbols: parsed.symbols,
        calls: parsed.calls,
        imports: parsed.imports,
        package: parsed.package,
    });
    record
}

impl Index {
    /// Assembles an index from file records (sorted here by path).
    pub(crate) fn from_files(root: Root, mut files: Vec<FileRecord>) -> Index {
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
            earlier: std::sync::Mutex::new(None),
            modules: std::sync::OnceLock::new(),
            calls: std::sync::OnceLock::new(),
            history: std::sync::OnceLock::new(),
            changes: Changes::default(),
        }
    }

    /// The lexical postings, built on first use from the files on disk.
    pub fn postings(&self) -> &postings::Postings {
        self.postings_reading(&texts::Texts::of(self))
    }

    /// The workspace's recent history, when the one who holds the index read it and
    /// attached it ([`crate::session::Session::load_history`]); the index never reads git
    /// itself. `None` before that, and where git or a repository is not there.
    pub fn history(&self) -> Option<&history::History> {
        self.history.get().and_then(Option::as_ref)
    }

    /// Whether a history was attached, or its absence noted (`None`: no git, no
    /// repository), since the index was made or last refreshed.
    pub(crate) fn history_known(&self) -> bool {
        self.history.get().is_some()
    }

    /// [`Index::postings`], built (when they must be) from the files of `texts`, the
    /// request's store, which the question's other lanes read again.
    pub fn postings_reading(&self, texts: &texts::Texts) -> &postings::Postings {
        self.postings.get_or_init(|| {
            let earlier = self.earlier.lock().ok().and_then(|mut e| e.take());
            match earlier {
                Some(earlier) => repost::patch(earlier, self, texts),
                None => postings::build(self, texts),
            }
        })
    }

    /// The module maps of import resolution, built on first use: every call-graph query
    /// needs them, and they depend on the files alone.
    pub(crate) fn modules(&self) -> &modules::Modules {
        self.modules
            .get_or_init(|| modules::Modules::new(self.files(), self.root_dir()))
    }

    /// The call sites spelled `name`, as (file, call) positions in that order; the table is
    /// built on first use, since only a call-graph query reads it.
    pub(crate) fn calls_named(&self, name: &str) -> &[calls::CallAt] {
        (self.calls)
            .get_or_init(|| calls::CallsByName::new(self.files()))
            .named(name)
    }

    /// Whether the postings are built (or were handed over) yet.
    pub(crate) fn has_postings(&self) -> bool {
        self.postings.get().is_some()
    }

    /// What a refresh hands on of the postings: these files' postings with the files (and
    /// `true`: they are this index's), or those this index was to patch its own from.
    fn take_postings(&mut self) -> Option<(repost::Earlier, bool)> {
        match self.postings.take() {
            Some(postings) => Some((repost::Earlier::new(postings, &self.files), true)),
            None => self
                .earlier
                .get_mut()
                .ok()
                .and_then(Option::take)
                .map(|earlier| (earlier, false)),
        }
    }

    /// Hands over postings built earlier for exactly these files (see
    /// [`crate::cache::Cache::load_postings`]); ignored when postings are already here.
    /// Attaches the workspace's history as read by the caller (stored, or from git), or
    /// notes that there is none; ignored when one is attached already.
    pub(crate) fn set_history(&self, history: Option<history::History>) {
        let _ = self.history.set(history);
    }

    pub(crate) fn set_postings(&self, postings: postings::Postings) {
        let _ = self.postings.set(postings);
    }

    /// Hands over postings built for an earlier state of the files (stored ones whose
    /// files changed since): the postings are patched from them on first use.
    pub(crate) fn set_earlier_postings(&self, earlier: Earlier) {
        if let Ok(mut slot) = self.earlier.lock() {
            *slot = Some(earlier);
        }
    }

    /// [`Index::from_files`] for records read by a walk that began at `scanned_ns`
    /// (nanoseconds since the Unix epoch), as a stored index remembers it.
    pub(crate) fn from_scan(root: Root, files: Vec<FileRecord>, scanned_ns: i64) -> Index {
        let mut index = Index::from_files(root, files);
        index.scanned_ns = scanned_ns;
        index
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
    pub(crate) fn content_hash(&self) -> u64 {
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
            &Reader::new(&Unknown),
        ));
    }
    Ok(Index::from_files(root.clone(), files))
}
