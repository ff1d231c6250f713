//! A workspace's stored index as references into the store: per file its path, size,
//! mtime and hash, and where its reading is (a pack and an entry), or the status the walk
//! gave it when nothing was read. What every checkout shares is stored once; what one
//! checkout adds is a table of paths.

use std::collections::HashMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::store::{Location, Store};
use crate::index::content_derived;
use crate::parse::content_key;
use crate::record::{FileRecord, FileStatus};

/// The payload of a stored index.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Refs {
    /// The packs the files' readings are in, by name.
    packs: Vec<String>,
    /// The files, in path order.
    files: Vec<Entry>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    path: String,
    size: u64,
    mtime_ns: i64,
    hash: u64,
    at: At,
}

/// Where a file's record comes from.
#[derive(Debug, Serialize, Deserialize)]
enum At {
    /// Not read: the walk's status (too large, a link, …), made again on every refresh.
    Walked(FileStatus),
    /// Entry `entry` of pack `pack` (an index into [`Refs::packs`]).
    Stored { pack: u32, entry: u32 },
}

/// The references of `files`: the readings the store does not hold yet are written to it
/// first, as one new pack, so the references never name a pack that is not whole on disk.
pub(super) fn of(store: &Store, files: &[FileRecord]) -> std::io::Result<Refs> {
    let keys: Vec<Option<u128>> = files
        .iter()
        .map(|f| content_derived(f.status).then(|| content_key(&f.path, f.size, f.hash)))
        .collect();
    let mut located: Vec<Option<Location>> = keys
        .iter()
        .map(|k| k.and_then(|k| store.locate(k)))
        .collect();
    let mut new: Vec<(u128, &FileRecord)> = keys
        .iter()
        .zip(files)
        .zip(&located)
        .filter_map(|((key, file), at)| Some((key.filter(|_| at.is_none())?, file)))
        .collect();
    new.sort_unstable_by_key(|(key, _)| *key);
    new.dedup_by_key(|(key, _)| *key);
    if !new.is_empty() {
        store.put(&new)?;
        for (at, key) in located.iter_mut().zip(&keys) {
            if at.is_none() {
                *at = key.and_then(|k| store.locate(k));
            }
        }
    }
    let mut packs: Vec<String> = Vec::new();
    let mut numbers: HashMap<String, u32> = HashMap::new();
    let mut entries = Vec::with_capacity(files.len());
    for ((file, at), key) in files.iter().zip(located).zip(&keys) {
        let at = match (at, key) {
            (Some(Location { pack, entry }), _) => {
                let number = *numbers.entry(pack.name.clone()).or_insert_with(|| {
                    packs.push(pack.name.clone());
                    packs.len() as u32 - 1
                });
                At::Stored {
                    pack: number,
                    entry,
                }
            }
            (None, None) => At::Walked(file.status),
            // The pack just written holds every reading: not finding one is a fault, and
            // storing the file as unread would lose its definitions.
            (None, Some(_)) => {
                return Err(std::io::Error::other(format!(
                    "the store lost the reading of {} while saving",
                    file.path
                )))
            }
        };
        entries.push(Entry {
            path: file.path.clone(),
            size: file.size,
            mtime_ns: file.mtime_ns,
            hash: file.hash,
            at,
        });
    }
    for name in &packs {
        if let Some(pack) = store.pack(name) {
            pack.mark_used();
        }
    }
    Ok(Refs {
        packs,
        files: entries,
    })
}

/// The records `refs` names, read from `store`, and how many were left out because their
/// reading is missing (a pack swept or removed) or damaged: a refresh reads those files
/// again, as new ones.
pub(super) fn records(store: &Store, refs: Refs) -> (Vec<FileRecord>, usize) {
    let packs: Vec<_> = refs.packs.iter().map(|name| store.pack(name)).collect();
    let records: Vec<Option<FileRecord>> = refs
        .files
        .into_par_iter()
        .map(|entry| {
            let mut record = FileRecord {
                path: entry.path,
                language: None,
                size: entry.size,
                mtime_ns: entry.mtime_ns,
                hash: entry.hash,
                n_lines: 0,
                status: FileStatus::Text,
                symbols: Vec::new(),
                calls: Vec::new(),
                imports: Vec::new(),
                package: None,
            };
            match entry.at {
                At::Walked(status) => {
                    record.status = status;
                    Some(record)
                }
                At::Stored { pack, entry } => {
                    let key = content_key(&record.path, record.size, record.hash);
                    let pack = packs.get(pack as usize)?.as_ref()?;
                    if pack.fill(entry, key, &mut record) {
                        return Some(record);
                    }
                    store.forget(key, &pack.name);
                    None
                }
            }
        })
        .collect();
    let missing = records.iter().filter(|r| r.is_none()).count();
    (records.into_iter().flatten().collect(), missing)
}

/// The workspace most of `files`' readings were stored by, other than `own`: whose
/// whole-workspace tables (postings) this workspace's can be patched from.
pub(super) fn sibling(store: &Store, files: &[FileRecord], own: &str) -> Option<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let located: Vec<Location> = files
        .iter()
        .filter(|f| content_derived(f.status))
        .filter_map(|f| store.locate(content_key(&f.path, f.size, f.hash)))
        .collect();
    for at in &located {
        if at.pack.writer != own {
            *counts.entry(at.pack.writer.as_str()).or_default() += 1;
        }
    }
    let best = counts
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))?;
    Some(best.0.to_string())
}
