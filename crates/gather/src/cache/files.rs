//! The names of stored files and the upkeep of the cache directory: which file belongs to
//! which root and format, marking a file as used, and sweeping what no gather will read.

use std::path::Path;
use std::time::{Duration, SystemTime};

/// A file of another format untouched this long belongs to a gather no longer in use.
const OTHER_FORMAT_MAX_AGE: Duration = Duration::from_secs(14 * 24 * 3600);

/// A file in use is marked at most this often, so a hit stays a read.
const MARK_EVERY: Duration = Duration::from_secs(24 * 3600);

/// A temporary file this old was left by a process killed between write and rename.
const TEMPORARY_MAX_AGE: Duration = Duration::from_secs(3600);

/// The stem of a stored file: `<root name>-<16 hex digits of the root's hash>`, the root's
/// last component cut to 40 characters of `[A-Za-z0-9_-]`.
pub(super) fn stem(root: &Path) -> String {
    let key = xxhash_rust::xxh3::xxh3_64(root.as_os_str().as_encoded_bytes());
    let name: String = root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    let name = if name.is_empty() { "root".into() } else { name };
    format!("{name}-{key:016x}")
}

/// The format tag of a stored file's name (`v2-1a2b3c4d` in `app-….v2-1a2b3c4d.index`):
/// `Some("")` for a name from before tags, `None` for a file gather did not name.
fn format_tag(file_name: &str) -> Option<&str> {
    let base = file_name
        .strip_suffix(".index")
        .or_else(|| file_name.strip_suffix(".postings"))
        .or_else(|| file_name.strip_suffix(".history"))?;
    let (stem, tag) = match base.split_once('.') {
        Some((stem, tag)) => (stem, tag),
        None => (base, ""),
    };
    let (_, key) = stem.rsplit_once('-')?;
    let is_hex = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_hexdigit());
    if !is_hex(key, 16) {
        return None;
    }
    if tag.is_empty() {
        return Some(tag);
    }
    let (version, build) = tag.strip_prefix('v')?.split_once('-')?;
    let is_tag =
        !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) && is_hex(build, 8);
    is_tag.then_some(tag)
}

/// The files of workspaces in the cache directory `dir` (indexes, postings, histories, of
/// every format), by name, with their sizes.
pub(super) fn workspace_files(dir: &Path) -> Vec<(String, u64)> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            format_tag(&name)?;
            let meta = entry.metadata().ok()?;
            meta.is_file().then_some((name, meta.len()))
        })
        .collect()
}

/// Removes from `dir` what no running gather will read again: temporary files a killed
/// process left (an hour old at least, so never one still being written), and stored files
/// of formats other than `current` that no gather has used for two weeks. A recent file of
/// another format is left alone: another gather beside this one still reads it.
pub(super) fn sweep(dir: &Path, current: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let age = age(&meta, now);
        let is_temporary = name.starts_with(".gather-") && name.ends_with(".tmp");
        let is_old_format = format_tag(&name).is_some_and(|tag| tag != current);
        let sweep = meta.is_file()
            && ((is_temporary && age > TEMPORARY_MAX_AGE)
                || (is_old_format && age > OTHER_FORMAT_MAX_AGE));
        if sweep {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Marks `file` as used (its modification time, at most once a day), so that another
/// format's sweep sees it is recent. A link is never followed; failures are ignored, since
/// the mark only delays a sweep.
pub(super) fn mark_used(file: &Path) {
    let Ok(meta) = std::fs::symlink_metadata(file) else {
        return;
    };
    let recent = meta
        .modified()
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age < MARK_EVERY);
    if !meta.is_file() || recent {
        return;
    }
    touch(file);
}

#[cfg(unix)]
fn touch(file: &Path) {
    use rustix::fs::{AtFlags, Timespec, Timestamps, CWD, UTIME_NOW, UTIME_OMIT};
    // Times set by path without opening it: a pipe put in its place cannot block the call.
    let times = Timestamps {
        last_access: Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_OMIT,
        },
        last_modification: Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_NOW,
        },
    };
    let _ = rustix::fs::utimensat(CWD, file, &times, AtFlags::SYMLINK_NOFOLLOW);
}

#[cfg(not(unix))]
fn touch(file: &Path) {
    if let Ok(opened) = std::fs::File::options().write(true).open(file) {
        let _ = opened.set_modified(SystemTime::now());
    }
}

/// How long ago, as of `now`, the file of `meta` was last written (0 when unknown).
pub(in crate::cache) fn age(meta: &std::fs::Metadata, now: SystemTime) -> Duration {
    (meta.modified().ok())
        .and_then(|t| now.duration_since(t).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_gather_writes_carry_a_format_tag() {
        let key = "0123456789abcdef";
        assert_eq!(
            format_tag(&format!("app-{key}.v2-1a2b3c4d.index")),
            Some("v2-1a2b3c4d")
        );
        assert_eq!(
            format_tag(&format!("app-{key}.v3-1a2b3c4d.postings")),
            Some("v3-1a2b3c4d")
        );
        assert_eq!(format_tag(&format!("my-app-{key}.index")), Some(""));
        assert_eq!(format_tag(&format!("app-{key}.v2-1a2b.index")), None);
        assert_eq!(format_tag(&format!("app-{key}.notes.index")), None);
        assert_eq!(format_tag("app-0123.index"), None);
        assert_eq!(format_tag("notes.index"), None);
        assert_eq!(format_tag(&format!("app-{key}.v2-1a2b3c4d.tmp")), None);
    }
}
