//! The workspace walk: every file under the root that git would consider, as it is found.
//!
//! Wraps `ignore::WalkBuilder`, so `.gitignore`, `.ignore` and git's exclude files are
//! honoured (also outside a git repository). Hidden files are walked as git would walk
//! them; only version-control directories are left out. Symbolic links are never
//! followed: a link is recorded as skipped, with a reason that says whether it points
//! outside the root. This stage reads metadata only, never contents.

use std::path::{Path, PathBuf};

use crate::index::SkipReason;

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
            max_file_size: 2 * 1024 * 1024,
        }
    }
}

/// Directories that belong to version control, never to the workspace's code.
const VCS_DIRS: &[&str] = &[".git", ".hg", ".svn", ".jj"];

/// Walks `root` (canonical), handing each file to `found` as soon as it is seen, in walk
/// order; callers that need path order sort afterwards.
pub fn each(root: &Path, options: &WalkOptions, mut found: impl FnMut(WalkedFile)) {
    for entry in builder(root).build() {
        if let Some(file) = walked(root, options, entry) {
            found(file);
        }
    }
}

/// Every file under `root` (canonical), in path order, found by several threads at once:
/// the same files as [`each`], for callers that need the whole list before they start.
pub fn all(root: &Path, options: &WalkOptions) -> Vec<WalkedFile> {
    let (sender, receiver) = std::sync::mpsc::channel();
    builder(root).build_parallel().run(|| {
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
    files.sort_unstable_by(|a, b| a.rel.cmp(&b.rel));
    files.dedup_by(|a, b| a.rel == b.rel);
    files
}

fn builder(root: &Path) -> ignore::WalkBuilder {
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .hidden(false)
        .follow_links(false)
        .require_git(false)
        .filter_entry(|entry| {
            !(entry.depth() > 0
                && entry.file_type().is_some_and(|t| t.is_dir())
                && entry
                    .file_name()
                    .to_str()
                    .is_some_and(|n| VCS_DIRS.contains(&n)))
        });
    builder
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
