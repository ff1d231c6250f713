//! The workspace walk: every file under the root that git would consider, as it is found.
//!
//! Wraps `ignore::WalkBuilder`, so `.gitignore`, `.ignore` and git's exclude files are
//! honoured (also outside a git repository). Hidden files are walked as git would walk
//! them; only version-control directories are left out. Symbolic links are never
//! followed: a link is recorded as skipped, with a reason that says whether it points
//! outside the root. This stage reads metadata only, never contents.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::changed::{ChangedPaths, VCS_DIRS};
use crate::record::SkipReason;

/// What the walk found at one path.
#[derive(Debug)]
pub struct WalkedFile {
    /// Root-relative path with `/` separators.
    pub rel: String,
    /// Absolute path on disk.
    pub abs: PathBuf,
    /// Size in bytes (of the link itself for a symlink).
    pub size: u64,
    /// Modification time in nanoseconds since the Unix epoch, 0 when unknown.
    pub mtime_ns: i64,
    /// Set when the file must not be read.
    pub skip: Option<SkipReason>,
}

/// Walk settings.
#[derive(Clone, Debug)]
pub struct WalkOptions {
    /// Files larger than this are skipped as too large.
    pub max_file_size: u64,
}

impl Default for WalkOptions {
    fn default() -> WalkOptions {
        WalkOptions {
            max_file_size: crate::confined::DEFAULT_LIMIT,
        }
    }
}

/// Walks `root` (canonical), handing each file to `found` as soon as it is seen, in walk
/// order; callers that need path order sort afterwards.
pub fn each(root: &Path, options: &WalkOptions, mut found: impl FnMut(WalkedFile)) {
    let (builder, refused) = builder(root);
    for entry in builder.build() {
        if let Some(file) = walked(root, options, entry) {
            found(file);
        }
    }
    for file in refused_dirs(root, &refused) {
        found(file);
    }
}

/// The first `limit` files the walk of `root` (canonical) finds, in walk order: a bounded
/// look at a tree too big to wait for (an answer while the first index builds).
pub fn first(root: &Path, options: &WalkOptions, limit: usize) -> Vec<WalkedFile> {
    let (mut builder, _refused) = builder(root);
    // Sorted, so the same tree gives the same first files.
    builder.sort_by_file_name(|a, b| a.cmp(b));
    builder
        .build()
        .filter_map(|entry| walked(root, options, entry))
        .take(limit)
        .collect()
}

/// Every file under `root` (canonical), in path order, found by several threads at once:
/// the same files as [`each`], for callers that need the whole list before they start.
pub fn all(root: &Path, options: &WalkOptions) -> Vec<WalkedFile> {
    walk_all(root, options, None)
}

/// The files of [`all`] that `changed` covers, in path order, found by entering only the
/// directories that lead to a changed path: what a refresh told what changed needs to look
/// at. Each is judged by the same ignore files as in the walk of the whole tree.
pub fn region(root: &Path, options: &WalkOptions, changed: &ChangedPaths) -> Vec<WalkedFile> {
    if changed.is_everything() {
        return all(root, options);
    }
    let mut files = walk_all(root, options, Some(Arc::new(changed.clone())));
    // A refused directory on the way is reported though it lies outside the region.
    files.retain(|f| changed.covers(&f.rel));
    files
}

fn walk_all(
    root: &Path,
    options: &WalkOptions,
    region: Option<Arc<ChangedPaths>>,
) -> Vec<WalkedFile> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let (builder, refused) = builder_in(root, region);
    builder.build_parallel().run(|| {
        let sender = sender.clone();
        Box::new(move |entry| {
            if let Some(file) = walked(root, options, entry) {
                // The receiver outlives the walk.
                let _ = sender.send(file);
            }
            ignore::WalkState::Continue
        })
    });
    drop(sender);
    let mut files: Vec<WalkedFile> = receiver.into_iter().collect();
    files.extend(refused_dirs(root, &refused));
    files.sort_unstable_by(|a, b| a.rel.cmp(&b.rel));
    files.dedup_by(|a, b| a.rel == b.rel);
    files
}

/// Directories the walk did not enter because of their ignore files.
type Refused = Arc<Mutex<Vec<PathBuf>>>;

/// The walk's settings, and where it records the directories it refuses to enter.
fn builder(root: &Path) -> (ignore::WalkBuilder, Refused) {
    builder_in(root, None)
}

/// [`builder`], entering only what leads to a path of `region` when one is given.
fn builder_in(root: &Path, region: Option<Arc<ChangedPaths>>) -> (ignore::WalkBuilder, Refused) {
    let refused: Refused = Arc::default();
    let record = Arc::clone(&refused);
    let mut builder = ignore::WalkBuilder::new(root);
    let walk_root = root.to_path_buf();
    builder
        .hidden(false)
        .follow_links(false)
        .require_git(false)
        .filter_entry(move |entry| {
            if entry.depth() == 0 {
                return true;
            }
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            if let Some(region) = &region {
                let rel = relative(&walk_root, entry.path())
                    .or_else(|| lossy_relative(&walk_root, entry.path()))
                    .unwrap_or_default();
                let wanted = if is_dir {
                    region.leads_into(&rel)
                } else {
                    region.covers(&rel)
                };
                if !wanted {
                    return false;
                }
            }
            if !is_dir {
                return true;
            }
            if entry
                .file_name()
                .to_str()
                .is_some_and(|n| VCS_DIRS.contains(&n))
            {
                return false;
            }
            // The walker reads a directory's ignore files by path as it enters it: one
            // that is a pipe would block it, one linked to a device would never end.
            if unsafe_ignore_file(entry.path()).is_some() {
                record
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(entry.path().to_path_buf());
                return false;
            }
            true
        });
    (builder, refused)
}

/// The largest ignore file the walk lets be read.
const IGNORE_FILE_LIMIT: u64 = 1 << 20;

/// The first ignore file of `dir` that is not a regular file within [`IGNORE_FILE_LIMIT`]
/// (after links): `.gitignore`, `.ignore`, and git's `info/exclude`, also where a `.git`
/// file (a worktree or submodule) points. Reading one of them could block or never end.
pub(crate) fn unsafe_ignore_file(dir: &Path) -> Option<PathBuf> {
    let bad = |path: PathBuf| -> Option<PathBuf> {
        match std::fs::metadata(&path) {
            Ok(m) if !m.is_file() || m.len() > IGNORE_FILE_LIMIT => Some(path),
            _ => None,
        }
    };
    for name in [".gitignore", ".ignore"] {
        if let Some(path) = bad(dir.join(name)) {
            return Some(path);
        }
    }
    let git = dir.join(".git");
    let Ok(metadata) = std::fs::metadata(&git) else {
        return None;
    };
    if metadata.is_dir() {
        return bad(git.join("info/exclude"));
    }
    if !metadata.is_file() || metadata.len() > IGNORE_FILE_LIMIT {
        return Some(git);
    }
    // `gitdir: DIR`, then DIR/commondir names the directory whose info/exclude is read.
    // Read the careful way too (`first_line`): the file may have been swapped since the stat.
    let git_dir = PathBuf::from(first_line(&git)?.strip_prefix("gitdir: ")?);
    let commondir_file = git_dir.join("commondir");
    if let Some(path) = bad(commondir_file.clone()) {
        return Some(path);
    }
    let common = first_line(&commondir_file)?;
    let common = if common.starts_with('.') {
        git_dir.join(common)
    } else {
        PathBuf::from(common)
    };
    bad(common.join("info/exclude"))
}

/// The first line of a small file outside the tree, read without following a swapped link.
fn first_line(path: &Path) -> Option<String> {
    let bytes = crate::confined::read_own_file(path, IGNORE_FILE_LIMIT).ok()?;
    String::from_utf8_lossy(&bytes)
        .lines()
        .next()
        .map(str::to_string)
}

/// The ignore files outside `root` (canonical) that a walk of it may read: those of its
/// ancestors, git's exclude file where the root's `.git` is a file naming a directory
/// elsewhere, and git's global ones (the configuration files that may name an excludes
/// file, and the default excludes file). A watcher of the tree sees none of them change;
/// a stat of each tells.
pub fn ignore_files_outside(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in root.ancestors().skip(1) {
        for name in [".gitignore", ".ignore", ".git/info/exclude"] {
            files.push(dir.join(name));
        }
    }
    let git = root.join(".git");
    if std::fs::symlink_metadata(&git).is_ok_and(|m| m.is_file()) {
        if let Some(dir) =
            first_line(&git).and_then(|l| Some(PathBuf::from(l.strip_prefix("gitdir: ")?)))
        {
            let dir = if dir.is_relative() {
                root.join(dir)
            } else {
                dir
            };
            files.push(dir.join("commondir"));
            files.push(dir.join("info/exclude"));
            if let Some(common) = first_line(&dir.join("commondir")) {
                files.push(dir.join(common).join("info/exclude"));
            }
        }
    }
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".config")));
    if let Some(config) = config {
        files.push(config.join("git/ignore"));
        files.push(config.join("git/config"));
    }
    if let Some(home) = std::env::var_os("HOME") {
        files.push(Path::new(&home).join(".gitconfig"));
    }
    files
}

/// Refuses a walk of `root` when the root or one of its ancestors has an ignore file that
/// could block the walker or never end (see [`unsafe_ignore_file`]): the walker reads them
/// all before the first entry.
pub(crate) fn check_ignore_files(root: &Path) -> crate::error::Result<()> {
    match root.ancestors().find_map(unsafe_ignore_file) {
        None => Ok(()),
        Some(file) => Err(crate::error::Error::new(
            crate::error::ErrorCode::IoError,
            format!(
                "the ignore file {} is not a regular file of at most 1 MiB (a named pipe, a \
                 device, or a link to one), and reading it could block; remove or replace it",
                file.display()
            ),
        )),
    }
}

/// The refused directories as skipped entries.
fn refused_dirs(root: &Path, refused: &Refused) -> Vec<WalkedFile> {
    let refused = std::mem::take(&mut *refused.lock().unwrap_or_else(PoisonError::into_inner));
    refused
        .into_iter()
        .filter_map(|abs| {
            Some(WalkedFile {
                rel: relative(root, &abs).or_else(|| lossy_relative(root, &abs))?,
                abs,
                size: 0,
                mtime_ns: 0,
                skip: Some(SkipReason::IgnoreFileNotRegular),
            })
        })
        .collect()
}

/// The file a walk entry names, with its metadata; `None` for directories. A directory
/// the walk could not read is listed as skipped (unreadable), and a name that is not UTF-8
/// as skipped (name-not-utf8), so every path under the root is accounted for.
fn walked(
    root: &Path,
    options: &WalkOptions,
    entry: Result<ignore::DirEntry, ignore::Error>,
) -> Option<WalkedFile> {
    let entry = match entry {
        Ok(entry) => entry,
        Err(error) => {
            // Only a directory that cannot be listed; not, say, a bad pattern in an
            // ignore file.
            error.io_error()?;
            let abs = error_path(&error)?.to_path_buf();
            if !abs.is_dir() {
                return None;
            }
            return Some(WalkedFile {
                rel: relative(root, &abs).or_else(|| lossy_relative(root, &abs))?,
                abs,
                size: 0,
                mtime_ns: 0,
                skip: Some(SkipReason::Unreadable),
            });
        }
    };
    let file_type = entry.file_type()?;
    let abs = entry.path().to_path_buf();
    let Some(rel) = relative(root, &abs) else {
        // Directories and files under a name that is not UTF-8 are not walked into or read;
        // each such name is listed once (its directory's contents are left out).
        let rel = lossy_relative(root, &abs)?;
        let parent_bad = abs
            .parent()
            .is_some_and(|p| relative(root, p).is_none() && p != root);
        return (!parent_bad).then_some(WalkedFile {
            rel,
            abs,
            size: 0,
            mtime_ns: 0,
            skip: Some(SkipReason::NameNotUtf8),
        });
    };
    if file_type.is_dir() {
        return None;
    }
    let metadata = entry.path().symlink_metadata();
    let (size, mtime_ns) = match &metadata {
        Ok(m) => (m.len(), mtime_ns(m)),
        Err(_) => (0, 0),
    };
    let skip = if file_type.is_symlink() {
        Some(symlink_reason(root, &abs))
    } else if !file_type.is_file() {
        Some(SkipReason::NotRegular)
    } else if metadata.is_err() {
        Some(SkipReason::Unreadable)
    } else if size > options.max_file_size {
        Some(SkipReason::TooLarge)
    } else {
        None
    };
    Some(WalkedFile {
        rel,
        abs,
        size,
        mtime_ns,
        skip,
    })
}

/// The path an error of the walk is about, if it names one.
fn error_path(error: &ignore::Error) -> Option<&Path> {
    match error {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

/// [`relative`] with bytes that are not UTF-8 replaced, for listing such a name.
fn lossy_relative(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let out: Vec<String> = rel
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    (!out.is_empty()).then(|| out.join("/"))
}

/// `path` relative to `root` with `/` separators, or `None` when not under root or not UTF-8.
pub fn relative(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let mut out = String::new();
    for part in rel.components() {
        if !out.is_empty() {
            out.push('/');
        }
        out.push_str(part.as_os_str().to_str()?);
    }
    (!out.is_empty()).then_some(out)
}

fn symlink_reason(root: &Path, link: &Path) -> SkipReason {
    match std::fs::canonicalize(link) {
        Ok(target) if target.starts_with(root) => SkipReason::Symlink,
        Ok(_) => SkipReason::SymlinkOutsideRoot,
        Err(_) => SkipReason::Unreadable,
    }
}

fn mtime_ns(metadata: &std::fs::Metadata) -> i64 {
    metadata
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as i64)
}
