//! The symbol index: every walked file with its status and definitions, plus lookup
//! tables by name and by path. Built in parallel from the walk; each [`FileRecord`] is
//! self-contained so one file can be replaced without touching the others.

pub mod postings;
mod symbol;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

pub use symbol::{
    CallKind, CallSite, FileRecord, FileStatus, Import, SkipReason, Symbol, SymbolKind,
};

use crate::error::{Error, ErrorCode, Result};
use crate::lines::Line;
use crate::walk::{self, WalkOptions, WalkedFile};
use crate::{lines, parse};

/// Identifies a symbol: its file's position in the index and its position in that file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    root: PathBuf,
    files: Vec<FileRecord>,
    by_path: HashMap<String, u32>,
    by_name: HashMap<String, Vec<SymbolId>>,
    timings: BuildTimings,
    postings: std::sync::OnceLock<postings::Postings>,
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
    let root = canonical_root(root)?;
    // The walk feeds the parsers as it goes, so reading and parsing start at once.
    let started = Instant::now();
    let (sender, receiver) = std::sync::mpsc::channel();
    let mut walk_ms = 0.0;
    let files: Vec<FileRecord> = std::thread::scope(|scope| {
        let walk_root = &root;
        let walk_options = &options.walk;
        let walker = scope.spawn(move || {
            walk::each(walk_root, walk_options, |file| {
                // The receiver lives until every file is parsed.
                let _ = sender.send(file);
            });
            ms_since(started)
        });
        let files = receiver
            .into_iter()
            .par_bridge()
            .map(read_and_parse)
            .collect();
        walk_ms = walker.join().unwrap_or(0.0);
        files
    });
    let parse_ms = ms_since(started);
    let started = Instant::now();
    let mut index = Index::from_files(root, files);
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
pub fn refresh(previous: Index, options: &IndexOptions) -> Result<Index> {
    // Correct first: a full rebuild. Reuse of unchanged files comes with the cache.
    build_with(&previous.root, options)
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

fn ms_since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

/// Canonicalises a workspace root, or explains why it cannot be one.
pub fn canonical_root(root: &Path) -> Result<PathBuf> {
    let canonical = std::fs::canonicalize(root).map_err(|e| {
        Error::new(
            ErrorCode::NotFound,
            format!("workspace root {} cannot be opened: {e}", root.display()),
        )
    })?;
    if !canonical.is_dir() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!("workspace root {} is not a directory", root.display()),
        ));
    }
    Ok(canonical)
}

fn read_and_parse(file: WalkedFile) -> FileRecord {
    let mut record = FileRecord {
        path: file.rel,
        language: None,
        size: file.size,
        mtime_ns: file.mtime_ns,
        hash: 0,
        n_lines: 0,
        status: FileStatus::Skipped(SkipReason::Unreadable),
        symbols: Vec::new(),
        calls: Vec::new(),
        imports: Vec::new(),
        package: None,
    };
    if let Some(reason) = file.skip {
        record.status = FileStatus::Skipped(reason);
        return record;
    }
    let bytes = match std::fs::read(&file.abs) {
        Ok(bytes) => bytes,
        Err(_) => return record,
    };
    record.size = bytes.len() as u64;
    record.hash = xxhash_rust::xxh3::xxh3_64(&bytes);
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
    pub fn from_files(root: PathBuf, mut files: Vec<FileRecord>) -> Index {
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
                by_name.entry(symbol.name.clone()).or_default().push(id);
            }
        }
        Index {
            root,
            files,
            by_path,
            by_name,
            timings: BuildTimings::default(),
            postings: std::sync::OnceLock::new(),
        }
    }

    /// The lexical postings, built on first use from the files on disk.
    pub fn postings(&self) -> &postings::Postings {
        self.postings.get_or_init(|| postings::build(self))
    }

    /// How long the build's stages took (zero for an index assembled from records).
    pub fn timings(&self) -> BuildTimings {
        self.timings
    }

    /// A short fingerprint of every file's path and content hash: two packs with the same
    /// stamp were cut from the same tree.
    pub fn stamp(&self) -> String {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for file in &self.files {
            hasher.update(file.path.as_bytes());
            hasher.update(&file.hash.to_le_bytes());
        }
        format!("{:08x}", hasher.digest() as u32)
    }

    /// The canonical workspace root.
    pub fn root(&self) -> &Path {
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
pub fn build_files(root: &Path, paths: &[String]) -> Result<Index> {
    let mut files = Vec::new();
    for path in paths {
        let resolved = crate::workspace::resolve(root, path)?;
        let Ok(metadata) = std::fs::metadata(&resolved.abs) else {
            continue;
        };
        if !metadata.is_file() || files.iter().any(|f: &FileRecord| f.path == resolved.rel) {
            continue;
        }
        files.push(read_and_parse(WalkedFile {
            rel: resolved.rel,
            abs: resolved.abs,
            size: metadata.len(),
            mtime_ns: 0,
            skip: None,
        }));
    }
    Ok(Index::from_files(root.to_path_buf(), files))
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
