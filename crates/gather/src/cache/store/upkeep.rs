//! The store's files on disk: writing a pack whole, sweeping what no workspace uses, and
//! what `gather cache` reports and clears.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A pack no workspace has read or written for this long is removed.
const UNUSED_MAX_AGE: Duration = Duration::from_secs(14 * 24 * 3600);

/// A temporary file this old was left by a process killed between write and rename.
const TEMPORARY_MAX_AGE: Duration = Duration::from_secs(3600);

/// Writes `bytes` to `path` through a synced temporary file in `dir` renamed into place,
/// then syncs `dir`: readers and a restart after a crash see the whole file or none.
pub(super) fn write_new(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".gather-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // A pack's name is its contents' hash: one already there holds the same bytes.
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir);
    Ok(())
}

#[cfg(unix)]
fn sync_dir(dir: &Path) {
    // A file system that cannot sync a directory still renamed the file in one step.
    let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) {}

/// Whether a file in the store's format directories is one gather wrote: a pack or a
/// temporary file of one.
fn kind(name: &str) -> Option<Kind> {
    if name.starts_with(".gather-") && name.ends_with(".tmp") {
        return Some(Kind::Temporary);
    }
    let stem = name.strip_suffix(".pack")?;
    super::is_pack_name(stem).then_some(Kind::Pack)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pack,
    Temporary,
}

/// The store's files: (format directory, path, kind, size, age).
fn files(store: &Path) -> Vec<(PathBuf, PathBuf, Kind, u64, Duration)> {
    let now = SystemTime::now();
    let mut out = Vec::new();
    for format in std::fs::read_dir(store).into_iter().flatten().flatten() {
        let format_dir = format.path();
        if !format.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        for entry in std::fs::read_dir(&format_dir)
            .into_iter()
            .flatten()
            .flatten()
        {
            let Some(kind) = entry.file_name().to_str().and_then(kind) else {
                continue;
            };
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let age = crate::cache::files::age(&meta, now);
            out.push((format_dir.clone(), entry.path(), kind, meta.len(), age));
        }
    }
    out
}

/// Removes from the store at `store` the packs unused for two weeks and the temporary
/// files killed writers left, then the format directories that are left empty.
pub(super) fn sweep(store: &Path) {
    let mut dirs = Vec::new();
    for (dir, path, kind, _, age) in files(store) {
        let old = match kind {
            Kind::Pack => age > UNUSED_MAX_AGE,
            Kind::Temporary => age > TEMPORARY_MAX_AGE,
        };
        if old {
            let _ = std::fs::remove_file(path);
            dirs.push(dir);
        }
    }
    dirs.dedup();
    for dir in dirs {
        // Only an empty directory goes; one another process just wrote to stays.
        let _ = std::fs::remove_dir(dir);
    }
}

/// What the cache directory holds, for `gather cache`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Usage {
    /// The cache directory.
    pub dir: String,
    /// Packs in the store, of every format.
    pub packs: usize,
    /// Readings in them (a file's contents, once per content).
    pub readings: usize,
    /// Bytes of the packs, and of temporary files left by killed writers.
    pub store_bytes: u64,
    /// Stored workspace indexes, of every format.
    pub workspaces: usize,
    /// Bytes of the workspaces' files: their indexes, postings and histories.
    pub workspace_bytes: u64,
}

/// What the cache directory `dir` holds (readings counted from the packs' tables, which
/// are checked as a build checks them; a damaged table counts no readings).
pub fn usage(dir: &Path) -> Usage {
    let mut usage = Usage {
        dir: dir.display().to_string(),
        ..Usage::default()
    };
    for (_, path, kind, size, _) in files(&dir.join(super::DIR)) {
        usage.store_bytes += size;
        if kind == Kind::Pack {
            usage.packs += 1;
            usage.readings += readings_in(&path);
        }
    }
    for (name, size) in super::super::files::workspace_files(dir) {
        usage.workspace_bytes += size;
        usage.workspaces += usize::from(name.ends_with(".index"));
    }
    usage
}

/// How many readings the pack at `path` lists, whatever its format.
fn readings_in(path: &Path) -> usize {
    let Ok(prefix) = crate::confined::read_own_prefix(path, super::pack::PREFIX as u64) else {
        return 0;
    };
    let Some(end) = super::pack::table_end(&prefix) else {
        return 0;
    };
    crate::confined::read_own_prefix(path, end as u64)
        .ok()
        .and_then(|bytes| super::pack::count(&bytes))
        .unwrap_or(0)
}

/// Removes everything gather stored in the cache directory `dir`: the store's packs and
/// temporary files, and every workspace's index, postings and history (they refer to the
/// store). Files gather did not name are left. Returns what was there.
pub fn clear(dir: &Path) -> std::io::Result<Usage> {
    let before = usage(dir);
    let store = dir.join(super::DIR);
    let mut dirs = Vec::new();
    for (format_dir, path, _, _, _) in files(&store) {
        remove(&path)?;
        dirs.push(format_dir);
    }
    dirs.dedup();
    for format_dir in dirs {
        let _ = std::fs::remove_dir(format_dir);
    }
    let _ = std::fs::remove_dir(&store);
    for (name, _) in super::super::files::workspace_files(dir) {
        remove(&dir.join(name))?;
    }
    Ok(before)
}

/// Removes a file; one already gone (another process cleared it) is not an error.
fn remove(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}
