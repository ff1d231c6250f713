//! The store shared by every workspace: what the index learns from a file's contents, once
//! per content key (`parse::content_key`), in packs under `<cache dir>/store/<format>/`.
//! A workspace's stored index names the packs and entries its records are in, so a second
//! checkout of a repository (a worktree, a clone, a copy) parses only the contents no
//! checkout has parsed, and stores only those.
//!
//! * Packs are written whole and never changed: a temporary file in the store's directory,
//!   synced, renamed to a name made of its contents' hash. Two processes writing at once
//!   write two packs; a process killed mid-way leaves a temporary file, swept after an hour.
//! * A reading is served only when its bytes hash as its pack's table says, and a table
//!   only when its own hash holds: a damaged reading is never served; another pack's copy
//!   of it is, and without one the file is parsed again.
//! * A pack is marked used (its modification time, at most once a day) when a workspace's
//!   index is read from it or a build recalls from it; one unused for two weeks is removed
//!   by the next save, as stored files of old formats are.

mod pack;
mod upkeep;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::confined;
use crate::index::Known;
use crate::record::FileRecord;

pub(crate) use pack::Expect;
pub use upkeep::{clear, usage, Usage};

/// The largest pack read back.
const MAX_PACK_BYTES: u64 = 1 << 32;

/// The name of the store's directory inside the cache directory.
pub(super) const DIR: &str = "store";

/// One pack as read: its name, who wrote it, its table, and its body once read.
#[derive(Debug)]
pub(super) struct Pack {
    pub(super) name: String,
    pub(super) writer: String,
    path: PathBuf,
    table: Vec<pack::Entry>,
    table_end: usize,
    /// The pack's whole bytes, read on first use (`None`: it could not be read).
    bytes: OnceLock<Option<Vec<u8>>>,
}

impl Pack {
    /// The body (after the table), read on first use and the pack marked used.
    fn body(&self) -> Option<&[u8]> {
        let bytes = self.bytes.get_or_init(|| {
            super::files::mark_used(&self.path);
            confined::read_own_file(&self.path, MAX_PACK_BYTES).ok()
        });
        bytes.as_deref().and_then(|b| b.get(self.table_end..))
    }

    /// Marks the pack as used (at most once a day), so no sweep removes it while a
    /// workspace's index names it.
    pub(super) fn mark_used(&self) {
        super::files::mark_used(&self.path);
    }

    /// Fills `record` from entry `entry`, when it holds `key` and is whole.
    pub(super) fn fill(&self, entry: u32, key: u128, record: &mut FileRecord) -> bool {
        let Some(found) = self.table.get(entry as usize) else {
            return false;
        };
        found.key == key
            && self
                .body()
                .is_some_and(|body| pack::fill(body, found, record))
    }
}

/// Where a reading is: a pack and its entry.
#[derive(Clone, Debug)]
pub(super) struct Location {
    pub(super) pack: Arc<Pack>,
    pub(super) entry: u32,
}

/// What the store knows: the packs read so far and the readings they hold.
#[derive(Debug, Default)]
struct Catalog {
    packs: HashMap<String, Arc<Pack>>,
    /// The first copy found of each reading.
    keys: HashMap<u128, Location>,
    /// Further copies of a reading more than one pack holds (two checkouts indexed at
    /// once, or a reading stored again after damage), in the order found: the next is
    /// used when the one before it turns out damaged.
    copies: HashMap<u128, Vec<Location>>,
}

impl Catalog {
    fn add(&mut self, pack: Arc<Pack>) {
        for (entry, found) in pack.table.iter().enumerate() {
            let at = Location {
                pack: pack.clone(),
                entry: entry as u32,
            };
            match self.keys.entry(found.key) {
                std::collections::hash_map::Entry::Vacant(first) => {
                    first.insert(at);
                }
                std::collections::hash_map::Entry::Occupied(_) => {
                    self.copies.entry(found.key).or_default().push(at);
                }
            }
        }
        self.packs.insert(pack.name.clone(), pack);
    }

    /// Drops the copy of `key` in the pack `pack`, found damaged; when it was the one in
    /// use, the next copy, if any, takes its place.
    fn forget(&mut self, key: u128, pack: &str) {
        let copies = self.copies.entry(key).or_default();
        copies.retain(|at| at.pack.name != pack);
        if self.keys.get(&key).is_some_and(|at| at.pack.name == pack) {
            self.keys.remove(&key);
            if !copies.is_empty() {
                self.keys.insert(key, copies.remove(0));
            }
        }
        if copies.is_empty() {
            self.copies.remove(&key);
        }
    }
}

/// The store of one cache directory and format, as one workspace's cache uses it.
#[derive(Debug)]
pub(super) struct Store {
    dir: PathBuf,
    expect: Expect,
    /// The stem of the workspace's stored index, recorded in the packs it writes.
    writer: String,
    catalog: Mutex<Catalog>,
    /// Set once every pack in the directory has been listed (a recall asks for that); the
    /// threads of a build wait for the one that lists.
    listed: OnceLock<()>,
}

impl Store {
    /// The store under `cache_dir` for packs of format `tag`, used by the workspace whose
    /// stored index has stem `writer`.
    pub(super) fn new(cache_dir: &Path, tag: &str, expect: Expect, writer: String) -> Store {
        Store {
            dir: cache_dir.join(DIR).join(tag),
            expect,
            writer,
            catalog: Mutex::new(Catalog::default()),
            listed: OnceLock::new(),
        }
    }

    /// The directory of this format's packs.
    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The workspace's own stem.
    pub(super) fn writer(&self) -> &str {
        &self.writer
    }

    fn catalog(&self) -> std::sync::MutexGuard<'_, Catalog> {
        // A panic elsewhere while the lock was held leaves a catalog that is still whole.
        self.catalog
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The pack named `name`, its table read (once); `None` when it is missing or damaged.
    pub(super) fn pack(&self, name: &str) -> Option<Arc<Pack>> {
        if let Some(pack) = self.catalog().packs.get(name) {
            return Some(pack.clone());
        }
        let pack = Arc::new(self.open(name)?);
        let mut catalog = self.catalog();
        let pack = catalog.packs.get(name).cloned().unwrap_or_else(|| {
            catalog.add(pack.clone());
            pack
        });
        Some(pack)
    }

    /// Reads the table of the pack `name`.
    fn open(&self, name: &str) -> Option<Pack> {
        if !is_pack_name(name) {
            return None;
        }
        let path = self.dir.join(format!("{name}.pack"));
        let prefix = confined::read_own_prefix(&path, pack::PREFIX as u64).ok()?;
        let end = pack::table_end(&prefix)?;
        let bytes = confined::read_own_prefix(&path, end as u64).ok()?;
        let (header, table) = pack::read_table(&bytes, self.expect).ok()?;
        Some(Pack {
            name: name.to_string(),
            writer: header.writer,
            path,
            table,
            table_end: end,
            bytes: OnceLock::new(),
        })
    }

    /// Where the reading under `key` is, among the packs read so far.
    pub(super) fn locate(&self, key: u128) -> Option<Location> {
        self.catalog().keys.get(&key).cloned()
    }

    /// Forgets the copy of the reading under `key` in the pack named `pack`, found damaged:
    /// another pack's copy is used next, and without one the file is parsed and the next
    /// save stores its reading again in a new pack.
    pub(super) fn forget(&self, key: u128, pack: &str) {
        self.catalog().forget(key, pack);
    }

    /// Reads the tables of every pack in the directory (once), the newest first, so a
    /// reading stored again after damage is found before the damaged one.
    fn list(&self) {
        self.listed.get_or_init(|| self.list_all());
    }

    fn list_all(&self) {
        let mut names: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                let name = name.strip_suffix(".pack")?.to_string();
                let modified = entry.metadata().ok()?.modified().ok()?;
                is_pack_name(&name).then_some((modified, name))
            })
            .collect();
        names.sort_unstable_by(|a, b| b.cmp(a));
        for (_, name) in names {
            let _ = self.pack(&name);
        }
    }

    /// Writes the readings of `records` as a new pack; their locations are known from
    /// then on. The pack is whole on disk before this returns.
    pub(super) fn put(&self, records: &[(u128, &FileRecord)]) -> std::io::Result<Arc<Pack>> {
        let bytes = pack::encode(self.expect, &self.writer, records);
        let name = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes));
        let path = self.dir.join(format!("{name}.pack"));
        upkeep::write_new(&self.dir, &path, &bytes)?;
        let end = pack::table_end(&bytes).expect("a pack just encoded");
        let (header, table) =
            pack::read_table(&bytes, self.expect).map_err(std::io::Error::other)?;
        let pack = Arc::new(Pack {
            name,
            writer: header.writer,
            path,
            table,
            table_end: end,
            bytes: OnceLock::from(Some(bytes)),
        });
        self.catalog().add(pack.clone());
        Ok(pack)
    }

    /// Removes what no workspace has used for two weeks, and temporary files of killed
    /// writers.
    pub(super) fn sweep(&self) {
        if let Some(store) = self.dir.parent() {
            upkeep::sweep(store);
        }
    }
}

impl Known for Store {
    fn recall(&self, record: &mut FileRecord) -> bool {
        self.list();
        let key = crate::parse::content_key(&record.path, record.size, record.hash);
        // Each damaged copy is forgotten, so this ends.
        while let Some(at) = self.locate(key) {
            if at.pack.fill(at.entry, key, record) {
                return true;
            }
            self.forget(key, &at.pack.name);
        }
        false
    }
}

/// Whether `name` is a pack's name as [`Store::put`] makes it: 16 hex digits.
fn is_pack_name(name: &str) -> bool {
    name.len() == 16 && name.bytes().all(|b| b.is_ascii_hexdigit())
}
