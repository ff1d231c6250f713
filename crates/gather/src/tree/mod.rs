//! Which git tree an index reflects: the commit the workspace is at, its branch, and how
//! many of the files gather indexed differ from it. Every answer names it (the pack's
//! header, its JSON), so a reader knows whether the code it sees is a commit's or has
//! changes on top, and sees a branch switch, a stash or a revert in the next answer.
//!
//! [`read`] is what front ends call, at the edge (a session), never inside the pipeline:
//! the result is an input to rendering ([`crate::ContextRequest::tree`]). It reads `.git`
//! directly where that is simple: `HEAD`, loose refs and `packed-refs`, a linked worktree's
//! `.git` file and `commondir`, and git's own index file, whose stat data says which files
//! are as git last saw them (only the others are read and hashed). What is not simple to
//! read is asked of git, bounded in time and output: whether the staged content is the
//! commit's (skipped when the index's cache-tree shows the commit's own tree), and the
//! whole status for an index file in a form not read here (split, sparse, SHA-256).
//! Nothing is ever written, and it never fails an answer: a workspace outside git, or a
//! `.git` that cannot be read, gives `None` and the answer names no tree.

mod gitdir;
mod gitindex;
mod run;

use std::collections::HashSet;
use std::path::Path;

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::index::{FileRecord, Index};
use gitdir::GitDir;
use gitindex::Entry;

/// The git tree an index reflects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeState {
    /// The commit checked out: its id's first [`SHORT_ID`] hex digits.
    pub commit: String,
    /// The branch checked out; `None` when `HEAD` is detached.
    pub branch: Option<String>,
    /// How many indexed files differ from the commit: changed, staged, added (untracked
    /// but indexed) or deleted; 0 for a clean tree.
    pub differing: usize,
}

/// How many hex digits of a commit id [`TreeState::commit`] keeps.
pub const SHORT_ID: usize = 7;

/// How the differing files are counted (both give the same count; see [`read_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// From git's index file, asking git only whether the staged content is the commit's.
    IndexFile,
    /// From `git status`.
    Status,
}

/// The tree `index` reflects, `None` when its root is not inside a git repository or the
/// repository cannot be read (an unborn branch, a damaged `.git`, git missing when it has
/// to be asked). Cheap: on a clean tree it reads `HEAD`, a ref and the index file and runs
/// one `git rev-parse`.
pub fn read(index: &Index) -> Option<TreeState> {
    read_with(index, Method::IndexFile)
}

/// [`read`], counting the differing files with `method` (the index file's way falls back to
/// `git status` where it cannot read the file).
pub fn read_with(index: &Index, method: Method) -> Option<TreeState> {
    let dir = GitDir::find(index.root())?;
    let head = dir.head()?;
    let files = Files::of(index, &dir);
    let differing = match method {
        Method::IndexFile => from_index_file(&files, &dir, &head.commit),
        Method::Status => None,
    }
    .or_else(|| from_status(&files, &dir))?;
    Some(TreeState {
        commit: head.commit[..SHORT_ID].to_string(),
        branch: head.branch,
        differing,
    })
}

/// The commit (its first [`SHORT_ID`] hex digits) and branch checked out at `root`,
/// without counting what differs: what can be said before any index is loaded (a session
/// brief). `None` outside git or when `HEAD` cannot be read.
pub fn checkout(root: &std::path::Path) -> Option<(String, Option<String>)> {
    let head = GitDir::find(root)?.head()?;
    Some((head.commit.get(..SHORT_ID)?.to_string(), head.branch))
}

/// The most an index file is read to (a repository of a million files has one of about
/// 100 MB).
const MAX_INDEX_FILE: u64 = 1 << 30;

/// What gather indexed, by repository-relative path.
struct Files<'a> {
    index: &'a Index,
    /// Root-relative path → record, for the records whose content is indexed.
    indexed: FxHashMap<&'a str, &'a FileRecord>,
    /// Paths gather found but did not index (binary, too large, …).
    skipped: HashSet<&'a str>,
    prefix: String,
}

impl<'a> Files<'a> {
    fn of(index: &'a Index, dir: &GitDir) -> Files<'a> {
        // A linked worktree's `.git` is a file the walk may list; it is git's, not the tree's.
        let files =
            (index.files().iter()).filter(|f| f.path != ".git" && !f.path.ends_with("/.git"));
        let (indexed, skipped): (Vec<_>, Vec<_>) = files.partition(|f| f.status.is_indexed());
        Files {
            index,
            indexed: indexed.into_iter().map(|f| (f.path.as_str(), f)).collect(),
            skipped: skipped.into_iter().map(|f| f.path.as_str()).collect(),
            prefix: dir.prefix.clone(),
        }
    }

    /// `path` (repository-relative) relative to the workspace root, if it lies under it.
    fn under<'p>(&self, path: &'p str) -> Option<&'p str> {
        if self.prefix.is_empty() {
            return Some(path);
        }
        path.strip_prefix(self.prefix.as_str())?.strip_prefix('/')
    }

    /// Whether a file at `rel` that differs from the commit counts: gather indexed it, or it
    /// is gone (a deleted tracked file).
    fn counts(&self, rel: &str) -> bool {
        if self.indexed.contains_key(rel) {
            return true;
        }
        !self.skipped.contains(rel) && !exists(&self.index.root().join(rel))
    }
}

fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The differing files, from git's index file: entries whose file changed since git
/// recorded it (by stat data, then by content), conflicts, entries added with `-N`,
/// deleted files, indexed files git does not track, and what `git diff-index --cached`
/// says is staged unless the cache-tree shows the commit's tree. `None` where the file is
/// not read here.
fn from_index_file(files: &Files, dir: &GitDir, commit: &str) -> Option<usize> {
    // SHA-256 repositories: the blob ids of changed files are not computed here.
    if commit.len() != 40 {
        return None;
    }
    let path = dir.git.join("index");
    let bytes = gitdir::read_bytes(&path, MAX_INDEX_FILE)?;
    let recorded = mtime_of(&std::fs::metadata(&path).ok()?)?;
    let git_index = gitindex::parse(&bytes, 20).ok()?;
    let mut differing: HashSet<&str> = HashSet::new();
    let mut tracked: HashSet<&str> = HashSet::with_capacity(git_index.entries.len());
    for entry in &git_index.entries {
        let Some(rel) = files.under(&entry.path) else {
            continue;
        };
        tracked.insert(rel);
        // Links and submodules are no file gather reads; a sparse checkout leaves files out.
        let kind = entry.mode & 0o170000;
        if kind == 0o120000 || kind == 0o160000 || entry.skip_worktree {
            continue;
        }
        let changed = entry.stage != 0
            || entry.intent_to_add
            || match files.indexed.get(rel) {
                Some(record) => !same_as_recorded(files.index, record, entry, recorded),
                None => true,
            };
        if changed && files.counts(rel) {
            differing.insert(rel);
        }
    }
    for rel in files.indexed.keys() {
        if !tracked.contains(rel) {
            differing.insert(rel);
        }
    }
    let staged_is_commit = (git_index.root_tree.as_ref())
        .is_some_and(|tree| run::tree_of(dir, commit) == Some(hex(tree)));
    let staged = if staged_is_commit {
        Vec::new()
    } else {
        run::staged(dir, commit)?
    };
    for path in &staged {
        if let Some(rel) = files.under(path) {
            if files.counts(rel) {
                differing.insert(rel);
            }
        }
    }
    Some(differing.len())
}

/// Whether the file of `record` still has the content git recorded in `entry`: its size
/// and modification time are those recorded (and not so close to the index file's own
/// time that git could not tell an edit in the same tick), or else its bytes hash to the
/// recorded blob.
fn same_as_recorded(
    index: &Index,
    record: &FileRecord,
    entry: &Entry,
    recorded: (u32, u32),
) -> bool {
    let seconds = record.mtime_ns.div_euclid(1_000_000_000) as u32;
    let nanos = record.mtime_ns.rem_euclid(1_000_000_000) as u32;
    // Git built without nanosecond times records 0 there.
    let same_time = entry.mtime == (seconds, nanos) || entry.mtime == (seconds, 0);
    let racy = entry.mtime >= recorded;
    if same_time && !racy && entry.size == record.size as u32 {
        return true;
    }
    match index.root_dir().read(&record.path) {
        Ok(bytes) => blob_id(&bytes) == entry.id,
        Err(_) => false,
    }
}

/// Git's id of a blob holding `bytes` (SHA-1 of `blob LEN\0` and the bytes).
fn blob_id(bytes: &[u8]) -> Vec<u8> {
    let mut hasher = sha1_smol::Sha1::new();
    hasher.update(format!("blob {}\0", bytes.len()).as_bytes());
    hasher.update(bytes);
    hasher.digest().bytes().to_vec()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A file's modification time as git's index stores it: seconds and nanoseconds.
fn mtime_of(meta: &std::fs::Metadata) -> Option<(u32, u32)> {
    let since = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some((since.as_secs() as u32, since.subsec_nanos()))
}

/// The differing files, from `git status`: each path it names that counts (an untracked
/// directory, named once, counts every indexed file under it).
fn from_status(files: &Files, dir: &GitDir) -> Option<usize> {
    let lines = run::status(dir)?;
    let mut differing: HashSet<&str> = HashSet::new();
    for line in &lines {
        let Some(rel) = files.under(&line.path) else {
            continue;
        };
        if &line.xy == b"??" && rel.ends_with('/') {
            let inside = files.indexed.keys().filter(|p| p.starts_with(rel));
            differing.extend(inside);
        } else if files.counts(rel) {
            differing.insert(rel);
        }
    }
    Some(differing.len())
}
