//! The persistent index: one file per workspace root in a per-user cache directory, so that
//! a repeated call reads what changed instead of the whole tree.
//!
//! [`open`] is the one way in: load the stored index (or build one when there is none or it
//! cannot be trusted), bring it up to date with [`index::refresh`], and say whether it should
//! be stored again; [`Cache::save`] stores it. A stored index is never trusted blindly:
//!
//! * The file starts with a magic string and a format version, then a header naming the
//!   gather version, a fingerprint of the extraction code and the language table (queries,
//!   grammars) and the canonical root; then the records; then their length and xxh3 hash.
//!   Any mismatch, a short file or records that do not decode are reported and the index
//!   is rebuilt; nothing read from a bad file reaches an answer.
//! * Saving writes a temporary file in the same directory, syncs it, renames it over the
//!   old one and syncs the directory, so a reader, or a restart after a crash or a power
//!   loss, finds a whole old file or a whole new one, and two processes saving at once
//!   leave one of their files, intact.
//! * The file name carries the format (version and build), so gathers of other formats
//!   sharing the directory keep files of their own; such files are swept once unused for
//!   two weeks.
//! * Since format 4 the file holds references, not records: what each file's contents
//!   taught the index is kept once in the store every workspace of the directory shares
//!   (`store`, `refs`), so another checkout of the same repository parses and stores only
//!   the contents no checkout had.
//! * The cache lives outside the workspace; nothing here writes inside the root.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use crate::confined::{self, ReadError, Root};
use crate::error::Result;
use crate::index::history::History;
use crate::index::postings::Postings;
use crate::index::{self, ms_since, Changes, FileRecord, Index, IndexOptions, Progress};
use crate::index::{built_from, BuiltFrom, Earlier};

use frame::Whose;

mod files;
mod frame;
mod refs;
mod store;

pub use store::{clear, usage, Usage};

/// The environment variable that overrides the cache directory.
pub(crate) const DIR_ENV: &str = "GATHER_CACHE_DIR";

/// Bumped whenever the layout of the file or of [`FileRecord`] changes.
pub const FORMAT_VERSION: u32 = 4;

const MAGIC: &[u8; 8] = b"GATHERIX";
/// The magic string of a stored postings file.
const POSTINGS_MAGIC: &[u8; 8] = b"GATHERPO";
/// The magic string of a stored history file.
const HISTORY_MAGIC: &[u8; 8] = b"GATHERHI";

/// The largest stored file read back: far above any real index, it only bounds what a
/// damaged or hostile cache directory can make gather read.
const MAX_STORED_BYTES: u64 = 1 << 32;

/// The per-user cache directory for gather: `$XDG_CACHE_HOME/gather` or `~/.cache/gather`
/// on Linux, `~/Library/Caches/gather` on macOS, `%LOCALAPPDATA%\gather` on Windows.
/// `None` when the platform has none (no home directory).
pub(crate) fn default_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|dir| dir.join("gather"))
}

/// The cache of the workspace at `root` (canonical) in `dir`, or else in
/// `default_dir`. Refused, with a message for the user, when there is no such directory
/// or when it lies inside the workspace: gather never writes there, and its own files
/// would change the tree it indexes.
pub fn locate(dir: Option<&Path>, root: &Path) -> std::result::Result<Cache, String> {
    let dir = directory(dir)?;
    if resolved(&dir).starts_with(root) {
        return Err(format!(
            "the cache directory {} is inside the workspace, where gather does not write; \
             running without a cache (set {DIR_ENV} or --cache-dir elsewhere)",
            dir.display()
        ));
    }
    Ok(Cache::new(&dir, root))
}

/// The cache directory: `dir` when given, else `default_dir`; an error for the user
/// when there is none.
pub fn directory(dir: Option<&Path>) -> std::result::Result<PathBuf, String> {
    dir.filter(|d| !d.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .or_else(default_dir)
        .ok_or_else(|| {
            format!(
                "no per-user cache directory; set {DIR_ENV} or --cache-dir to keep the index between calls"
            )
        })
}

/// `path` made absolute with symbolic links resolved as far as it exists.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(canonical) = std::fs::canonicalize(existing) {
            return rest
                .iter()
                .rev()
                .fold(canonical, |acc, part| acc.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// The stored index of one workspace root.
#[derive(Clone, Debug)]
pub struct Cache {
    dir: PathBuf,
    file: PathBuf,
    root: PathBuf,
    format: Format,
    /// The store of readings every workspace of the directory shares.
    store: Arc<store::Store>,
}

/// Which stored files a cache reads and writes: the format version and the build of gather
/// that writes them (its version, the fingerprint of its parsers and queries, and the
/// hashes of its shipped ranking model and word bridge). Builds
/// that cannot read each other's files use files of other names, so two gathers used side
/// by side each keep their own index instead of rebuilding over the other's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    version: u32,
    build: u32,
}

impl Format {
    /// The format this build reads and writes.
    pub fn current() -> Format {
        Format::with_version(FORMAT_VERSION)
    }

    /// This build's files under format version `version`, as another release would
    /// write them.
    pub fn with_version(version: u32) -> Format {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
        hasher.update(&fingerprint().to_le_bytes());
        // The shipped ranking (model and word bridge) is part of what a build is: its
        // files' hash, taken from the build's own inputs (`build.rs`).
        hasher.update(env!("GATHER_RANKING_FINGERPRINT").as_bytes());
        Format {
            version,
            // 32 bits tell a handful of builds apart; the header check is what trusts a file.
            build: hasher.digest() as u32,
        }
    }

    /// The format's part of a file name: `v2-1a2b3c4d`.
    fn tag(self) -> String {
        format!("v{}-{:08x}", self.version, self.build)
    }
}

/// Why a stored index was not used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct LoadError {
    /// What was wrong, lower-case.
    pub reason: String,
}

fn invalid(reason: impl Into<String>) -> LoadError {
    LoadError {
        reason: reason.into(),
    }
}

impl Cache {
    /// The cache of the workspace at `root` (canonical) inside `dir`, in this build's
    /// [`Format`]. The file is named after the root's last component, a hash of the whole
    /// root path and the format: `<name>-<hash>.v<version>-<build>.index`.
    pub fn new(dir: &Path, root: &Path) -> Cache {
        Cache::with_format(dir, root, Format::current())
    }

    /// [`Cache::new`] for files of another format: how a test stands in for another
    /// release of gather sharing the cache directory.
    pub fn with_format(dir: &Path, root: &Path, format: Format) -> Cache {
        let stem = files::stem(root);
        let expect = store::Expect {
            version: format.version,
            fingerprint: fingerprint(),
        };
        Cache {
            dir: dir.to_path_buf(),
            file: dir.join(format!("{stem}.{}.index", format.tag())),
            root: root.to_path_buf(),
            format,
            store: Arc::new(store::Store::new(dir, &format.tag(), expect, stem)),
        }
    }

    /// What a load that lacked `missing` records of the store says.
    fn missing_warning(&self, missing: usize) -> String {
        format!(
            "{missing} records of the index cache {} were missing or damaged in the store {}; \
             reading their files again",
            self.file.display(),
            self.store.dir().display()
        )
    }

    /// The directory of the store's packs of this format.
    pub fn store_dir(&self) -> &Path {
        self.store.dir()
    }

    /// The file the index is stored in.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Marks the stored index as in use (at most once a day, by its modification time), so
    /// another gather sharing the directory never sweeps it as abandoned. Ignores failures.
    pub fn mark_used(&self) {
        files::mark_used(&self.file);
    }

    /// Reads the stored index: `Ok(None)` when there is none yet, an error saying what is
    /// wrong when there is one that cannot be trusted. Records whose reading the store no
    /// longer holds whole are left out ([`open`] says so and reads their files again).
    pub fn load(&self) -> std::result::Result<Option<Index>, LoadError> {
        let Some((files, scanned_ns, _)) = self.load_records()? else {
            return Ok(None);
        };
        let root = Root::open(&self.root).map_err(|e| invalid(e.message))?;
        Ok(Some(Index::from_scan(root, files, scanned_ns)))
    }

    /// The stored records, when their walk began and how many were left out (their reading
    /// in the store missing or damaged), without the lookup tables that a refresh would
    /// rebuild anyway.
    fn load_records(&self) -> std::result::Result<Option<Loaded>, LoadError> {
        let bytes = match confined::read_own_file(&self.file, MAX_STORED_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::NotFound) => return Ok(None),
            Err(ReadError::Symlink) => {
                return Err(invalid("is a symbolic link, which gather never follows"))
            }
            Err(ReadError::NotRegular | ReadError::IsDirectory) => {
                return Err(invalid("is not a regular file"))
            }
            Err(ReadError::TooLarge { size, .. }) => {
                return Err(invalid(format!(
                    "is {size} bytes, larger than any index gather writes"
                )))
            }
            Err(e) => return Err(invalid(format!("cannot be read: {e}"))),
        };
        let (header, payload) = self.check(&bytes, MAGIC, Whose::Own)?;
        let refs: refs::Refs = postcard::from_bytes(payload)
            .map_err(|e| invalid(format!("is corrupt: its records do not decode ({e})")))?;
        let (files, missing) = refs::records(&self.store, refs);
        Ok(Some((files, header.scanned_ns, missing)))
    }

    /// Stores `index` (of this cache's root): written to a temporary file in the cache
    /// directory and synced, then renamed over the old file in one step.
    pub fn save(&self, index: &Index) -> std::io::Result<()> {
        self.save_to(&frame::Durable, index)
    }

    /// [`Cache::save`] through `disk`: the seam a test cuts a save short at.
    fn save_to(&self, disk: &impl frame::Disk, index: &Index) -> std::io::Result<()> {
        debug_assert_eq!(index.root(), self.root);
        // The readings first: the references written after them name only whole packs.
        let refs = refs::of(&self.store, index.files())?;
        self.write(disk, &self.file, MAGIC, index.scanned_ns(), &refs)?;
        self.store.sweep();
        Ok(())
    }

    /// The file the lexical postings of the index are stored in, beside the index.
    pub fn postings_file(&self) -> PathBuf {
        self.file.with_extension("postings")
    }

    /// The stored postings, if they were built from exactly the files of `index` (same
    /// paths, same content hashes) by this build of gather. Postings are derived data: a
    /// missing, stale or damaged file is simply not used.
    pub fn load_postings(&self, index: &Index) -> Option<Postings> {
        self.stored_postings(index)?.ok()
    }

    /// The stored postings, when this build of gather stored them: `Ok` when built from
    /// exactly the files of `index`, else `Err` with the files they were built from, to
    /// patch the postings of `index` from.
    pub(crate) fn stored_postings(
        &self,
        index: &Index,
    ) -> Option<std::result::Result<Postings, Earlier>> {
        let bytes = confined::read_own_file(&self.postings_file(), MAX_STORED_BYTES).ok()?;
        let (_, payload) = self.check(&bytes, POSTINGS_MAGIC, Whose::Own).ok()?;
        let (content, files, postings): (u64, BuiltFrom, Postings) =
            postcard::from_bytes(payload).ok()?;
        if content == index.content_hash() && postings.fits(index) {
            Some(Ok(postings))
        } else {
            Some(Err(Earlier::stored(postings, files)))
        }
    }

    /// The postings stored by the workspace most of this one's readings came from (a
    /// worktree or copy of the same repository), to patch this one's from, with how many
    /// of `index`'s files they were not built from; `None` when there is no such
    /// workspace or its postings cannot be used.
    pub(crate) fn sibling_postings(&self, index: &Index) -> Option<(Earlier, usize)> {
        let (_, files, postings): (u64, BuiltFrom, Postings) =
            self.read_siblings(index, "postings", POSTINGS_MAGIC)?;
        let built: std::collections::HashSet<(&str, u64)> =
            files.iter().map(|(p, h, _)| (p.as_str(), *h)).collect();
        let differing = (index.files().iter())
            .filter(|f| !built.contains(&(f.path.as_str(), f.hash)))
            .count();
        Some((Earlier::stored(postings, files), differing))
    }

    /// The file the workspace's history is stored in, beside the index.
    pub fn history_file(&self) -> PathBuf {
        self.file.with_extension("history")
    }

    /// The stored history, if it was read by this build of gather at the commit the work
    /// tree is at. Derived data: a missing, stale or damaged file is simply not used.
    pub fn load_history(&self) -> Option<History> {
        let bytes = confined::read_own_file(&self.history_file(), MAX_STORED_BYTES).ok()?;
        let (_, payload) = self.check(&bytes, HISTORY_MAGIC, Whose::Own).ok()?;
        let history: History = postcard::from_bytes(payload).ok()?;
        history.is_current(&self.root).then_some(history)
    }

    /// The history stored by the workspace most of this one's readings came from (a copy
    /// or a clone), when it was read at the commit this work tree is at: it is then the
    /// history git would give here (a history is read only at a repository's top), so a
    /// fresh clone of an indexed commit runs no `git log` for it.
    pub(crate) fn sibling_history(&self, index: &Index) -> Option<History> {
        let history: History = self.read_siblings(index, "history", HISTORY_MAGIC)?;
        history.is_current(&self.root).then_some(history)
    }

    /// The table with file extension `extension` that the workspace most of `index`'s
    /// readings came from stored, when it checks out and decodes.
    fn read_siblings<T: serde::de::DeserializeOwned>(
        &self,
        index: &Index,
        extension: &str,
        magic: &[u8; 8],
    ) -> Option<T> {
        let sibling = refs::sibling(&self.store, index.files(), self.store.writer())?;
        let file = (self.dir).join(format!("{sibling}.{}.{extension}", self.format.tag()));
        let bytes = confined::read_own_file(&file, MAX_STORED_BYTES).ok()?;
        let (_, payload) = self.check(&bytes, magic, Whose::Any).ok()?;
        postcard::from_bytes(payload).ok()
    }

    /// Stores the history read for `index`, keyed by the commit it was read at.
    pub fn save_history(&self, index: &Index, history: &History) -> std::io::Result<()> {
        self.write(
            &frame::Durable,
            &self.history_file(),
            HISTORY_MAGIC,
            index.scanned_ns(),
            history,
        )
    }

    /// Stores the postings of `index`, keyed by its content hash, with the files they were
    /// built from.
    pub fn save_postings(&self, index: &Index, postings: &Postings) -> std::io::Result<()> {
        let payload = (index.content_hash(), built_from(index.files()), postings);
        self.write(
            &frame::Durable,
            &self.postings_file(),
            POSTINGS_MAGIC,
            index.scanned_ns(),
            &payload,
        )
    }
}

/// A fingerprint of everything that decides what a record holds: the extraction code
/// (hashed when gather is compiled) and the language table with its queries and grammars.
/// A stored index with another fingerprint is rebuilt.
pub(crate) fn fingerprint() -> u64 {
    static FINGERPRINT: OnceLock<u64> = OnceLock::new();
    *FINGERPRINT.get_or_init(|| {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut field = |bytes: &[u8]| {
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        };
        field(env!("GATHER_EXTRACTOR_FINGERPRINT").as_bytes());
        for spec in gather_languages::LANGUAGES {
            field(spec.id.as_bytes());
            for list in [
                spec.extensions,
                spec.file_names,
                spec.attribute_kinds,
                spec.wrapper_kinds,
            ] {
                field(list.join("\0").as_bytes());
            }
            field(spec.node_types.as_bytes());
            field(spec.definitions.as_bytes());
            field(spec.calls.as_bytes());
            field(spec.imports.as_bytes());
            field(spec.scope_separator.as_bytes());
            field(format!("{:?}", spec.import_style).as_bytes());
            field(&[u8::from(spec.implicit_this), u8::from(spec.blank_macros)]);
            field(&(spec.grammar)().abi_version().to_le_bytes());
        }
        hasher.digest()
    })
}

/// Where the index came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CacheState {
    /// No cache in use: built from scratch.
    Disabled,
    /// No stored index yet: built from scratch.
    Missing,
    /// A stored index was loaded and brought up to date.
    Hit,
    /// A stored index could not be trusted (see the warning): built from scratch.
    Invalid,
}

crate::names::display_as_serde!(
    /// `disabled`, `missing`, `hit` or `invalid`.
    CacheState
);

/// A stored index's records, when its walk began, and how many records were missing.
type Loaded = (Vec<FileRecord>, i64, usize);

/// An up-to-date index and how it was obtained.
#[derive(Debug)]
pub struct Opened {
    /// The index, equal to a fresh build of the tree.
    pub index: Index,
    /// Where it came from and what it cost.
    pub report: Report,
    /// A message for the user when the stored index was not usable.
    pub warning: Option<String>,
    /// Whether the stored copy is missing or stale, so that [`Cache::save`] is worth calling.
    pub needs_save: bool,
}

/// How an index was obtained, for `gather index` and timings.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Where it came from.
    pub state: CacheState,
    /// The cache file, when a cache is in use.
    pub file: Option<PathBuf>,
    /// What the build or refresh did with each file.
    pub changes: Changes,
    /// Time spent reading and checking the stored index.
    pub load_ms: f64,
    /// Time spent refreshing it, or building from scratch.
    pub update_ms: f64,
    /// Time spent storing it, when it was stored.
    pub save_ms: Option<f64>,
    /// Where question mode's postings came from, once an answer needed them.
    pub postings: PostingsState,
}

/// Where the lexical postings of question mode came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostingsState {
    /// No answer has needed them yet.
    NotUsed,
    /// Read from the cache: no answer had to build them.
    Stored,
    /// Built from the files by an answer.
    Built,
}

/// The index of `root`: the stored one in `cache` brought up to date, or a
/// fresh build when `cache` is `None`, holds nothing, or cannot be trusted (then `warning`
/// says why). Never writes; call [`Cache::save`] when `needs_save` is set.
pub fn open(
    root: &Root,
    options: &IndexOptions,
    cache: Option<&Cache>,
    progress: &Progress,
) -> Result<Opened> {
    let Some(cache) = cache else {
        let started = Instant::now();
        let index = index::build_in(root, options, progress)?;
        return Ok(Opened {
            report: Report {
                state: CacheState::Disabled,
                file: None,
                changes: index.changes(),
                load_ms: 0.0,
                update_ms: ms_since(started),
                save_ms: None,
                postings: PostingsState::NotUsed,
            },
            index,
            warning: None,
            needs_save: false,
        });
    };
    // Reading the stored index and walking the tree need each other's results only at the
    // end: they run side by side. Without a stored index the walk feeds a full build.
    let started = Instant::now();
    // A link or a special file in place of the stored index is reported by the load.
    let (loaded, scan, load_ms) = if std::fs::symlink_metadata(cache.file()).is_ok() {
        std::thread::scope(|scope| {
            let walker = scope.spawn(|| index::scan(root, options));
            let loaded = cache.load_records();
            let load_ms = ms_since(started);
            let scan = walker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (loaded, Some(scan), load_ms)
        })
    } else {
        (Ok(None), None, 0.0)
    };
    let started = Instant::now();
    let store = cache.store.as_ref();
    let (state, warning, index) = match (loaded, scan) {
        (Ok(Some((records, scanned_ns, missing))), Some(scan)) => (
            CacheState::Hit,
            (missing > 0).then(|| cache.missing_warning(missing)),
            index::apply_scan(records, scanned_ns, scan?, progress, None, store),
        ),
        (Ok(_), _) => (
            CacheState::Missing,
            None,
            index::build_knowing(root, options, progress, store)?,
        ),
        (Err(e), _) => (
            CacheState::Invalid,
            Some(format!(
                "the index cache {} {e}; rebuilding it",
                cache.file().display()
            )),
            index::build_knowing(root, options, progress, store)?,
        ),
    };
    Ok(Opened {
        needs_save: state != CacheState::Hit || index.changes().dirty,
        report: Report {
            state,
            file: Some(cache.file().to_path_buf()),
            changes: index.changes(),
            load_ms,
            update_ms: ms_since(started),
            save_ms: None,
            postings: PostingsState::NotUsed,
        },
        index,
        warning,
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod store_tests;
