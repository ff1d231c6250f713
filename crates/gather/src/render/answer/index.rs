//! What `gather index --json` and `gather outline --json` print.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::find::SymbolEntry;
use crate::cache::{CacheState, Report};
use crate::index::{CallKind, FileRecord};
use crate::lines::Line;
use crate::parse::Parsed;

/// An index: its counts, what building it cost, and what the cache did.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexAnswer {
    /// Where the index came from and what the refresh did.
    pub cache: CacheAnswer,
    /// Time to open the index, in ms.
    pub elapsed_ms: f64,
    /// Every file (`--files`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<FileEntry>")]
    pub file_list: Option<Vec<FileEntry>>,
    /// Files whose contents are indexed.
    pub files: usize,
    /// Definitions by kind.
    pub kinds: BTreeMap<String, usize>,
    /// Indexed files by language.
    pub languages: BTreeMap<String, usize>,
    /// Files not read.
    pub skipped: usize,
    /// Files by status.
    pub status: BTreeMap<String, usize>,
    /// Always true.
    pub success: bool,
    /// Every definition (`--symbols`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<SymbolEntry>")]
    pub symbol_list: Option<Vec<SymbolEntry>>,
    /// Definitions indexed.
    pub symbols: usize,
    /// What the build's stages took, in ms.
    pub timings_ms: Timings,
}

/// What a build's stages took, in ms.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Timings {
    /// Reading and parsing.
    pub parse: f64,
    /// The lookup tables.
    pub tables: f64,
    /// The walk.
    pub walk: f64,
}

/// One file of the index.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FileEntry {
    /// Its language, if it has one.
    pub language: Option<String>,
    /// Its lines.
    pub lines: Line,
    /// Root-relative path.
    pub path: String,
    /// Its size in bytes.
    pub size: u64,
    /// How it was read.
    pub status: String,
    /// Its definitions.
    pub symbols: usize,
}

impl FileEntry {
    /// The entry of `file`.
    pub fn new(file: &FileRecord) -> FileEntry {
        FileEntry {
            language: file.language.clone(),
            lines: file.n_lines,
            path: file.path.clone(),
            size: file.size,
            status: file.status.label(),
            symbols: file.symbols.len(),
        }
    }
}

/// Where an index came from and what loading, updating and storing it did.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CacheAnswer {
    /// New files.
    pub added: usize,
    /// The cache file, when a cache is in use.
    pub file: Option<String>,
    /// Reading the stored index, in ms.
    pub load_ms: f64,
    /// Of the files added and reparsed, those whose reading came from the store (the same
    /// contents read in this or another workspace) instead of a parse.
    pub recalled: usize,
    /// Files read again, unchanged.
    pub rehashed: usize,
    /// Files gone.
    pub removed: usize,
    /// Files parsed again.
    pub reparsed: usize,
    /// Records kept without reading the file.
    pub reused: usize,
    /// Storing the index, in ms, when it was stored.
    pub save_ms: Option<f64>,
    /// Where the index came from.
    pub state: CacheState,
    /// Refreshing or building it, in ms.
    pub update_ms: f64,
}

/// `ms` to a tenth.
pub(crate) fn tenths(ms: f64) -> f64 {
    (ms * 10.0).round() / 10.0
}

impl CacheAnswer {
    /// The answer of `report`.
    pub fn new(report: &Report) -> CacheAnswer {
        let c = report.changes;
        CacheAnswer {
            added: c.added,
            file: report.file.as_ref().map(|f| f.display().to_string()),
            load_ms: tenths(report.load_ms),
            recalled: c.recalled,
            rehashed: c.rehashed,
            removed: c.removed,
            reparsed: c.reparsed,
            reused: c.reused,
            save_ms: report.save_ms.map(tenths),
            state: report.state,
            update_ms: tenths(report.update_ms),
        }
    }
}

/// `gather cache`: what the cache directory holds, or held before `--clear`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CacheUsageAnswer {
    /// Whether it was cleared.
    pub cleared: bool,
    /// What it holds (held, when cleared).
    pub usage: crate::cache::Usage,
    /// Always true.
    pub success: bool,
}

/// A file's outline: its definitions, call sites and imports.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OutlineAnswer {
    /// Call sites in source order.
    pub calls: Vec<CallEntry>,
    /// Imports in source order.
    pub imports: Vec<ImportEntry>,
    /// Its language, if it has one.
    pub language: Option<String>,
    /// The package it declares.
    pub package: Option<String>,
    /// Root-relative path.
    pub path: String,
    /// How it was read.
    pub status: String,
    /// Always true.
    pub success: bool,
    /// Its definitions.
    pub symbols: Vec<SymbolEntry>,
}

/// One call in the source.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CallEntry {
    /// The innermost callable holding it.
    pub enclosing: Option<String>,
    /// Call, constructor or macro.
    pub kind: CallKind,
    /// The line of the called name.
    pub line: Line,
    /// The called name.
    pub name: String,
    /// The receiver or path before the name, as written.
    pub qualifier: Option<String>,
}

/// One name an import binds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ImportEntry {
    /// The line of the import.
    pub line: Line,
    /// The local name (none for a glob import).
    pub local: Option<String>,
    /// The name taken from the module (none when the module itself is bound).
    pub name: Option<String>,
    /// Whether it re-exports the name.
    pub reexport: bool,
    /// The module as written.
    pub source: String,
}

impl OutlineAnswer {
    /// The outline of the file at `path`, as `parsed`.
    pub fn new(path: &str, parsed: &Parsed) -> OutlineAnswer {
        let symbols = &parsed.symbols;
        let name_of = |i: u32| symbols.get(i as usize).map(|s| s.qualified_name.clone());
        OutlineAnswer {
            calls: (parsed.calls.iter())
                .map(|c| CallEntry {
                    enclosing: c.enclosing.and_then(name_of),
                    kind: c.kind,
                    line: c.line,
                    name: c.name.clone(),
                    qualifier: c.qualifier.clone(),
                })
                .collect(),
            imports: (parsed.imports.iter())
                .map(|i| ImportEntry {
                    line: i.line,
                    local: i.local.clone(),
                    name: i.name.clone(),
                    reexport: i.is_reexport,
                    source: i.source.clone(),
                })
                .collect(),
            language: parsed.language.clone(),
            package: parsed.package.clone(),
            path: path.to_string(),
            status: parsed.status.label(),
            success: true,
            symbols: (symbols.iter())
                .map(|s| SymbolEntry::new(path, s, symbols))
                .collect(),
        }
    }
}
