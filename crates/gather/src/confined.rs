//! Reading the workspace's files, confined to its root: the one way gather opens a file of
//! the workspace.
//!
//! A [`Root`] holds the root directory open. [`Root::read`] opens a root-relative path from
//! that descriptor without following a symbolic link at any component (Linux: `openat2`
//! with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`; other Unix systems, and kernels without
//! `openat2`: one `openat(O_NOFOLLOW)` per component), so a file swapped for a link between
//! a check and the read, or a root directory replaced by a link, can never lead outside.
//! The file is opened non-blocking (a named pipe never blocks the open), checked on the
//! opened descriptor to be a regular file, and read up to a size limit only.
//! Other platforms get a best-effort check of each component before the open.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{Error, ErrorCode, Result};

/// The default size limit: larger files are not read (`--max-file-size`).
pub(crate) const DEFAULT_LIMIT: u64 = 2 * 1024 * 1024;

/// The workspace root, held open: every read of workspace content goes through it.
/// Cheap to clone (the descriptor is shared).
#[derive(Clone, Debug)]
pub struct Root {
    dir: Arc<Dir>,
    limit: u64,
}

#[derive(Debug)]
struct Dir {
    /// The canonical path the root was opened at.
    path: PathBuf,
    #[cfg(unix)]
    fd: rustix::fd::OwnedFd,
    /// (device, inode) of the opened directory.
    #[cfg(unix)]
    id: (u64, u64),
    /// How many files were read through the root.
    reads: std::sync::atomic::AtomicU64,
}

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// Nothing at that path.
    NotFound,
    /// The path names a directory.
    IsDirectory,
    /// A named pipe, socket or device.
    NotRegular,
    /// A symbolic link at some component of the path: never followed.
    Symlink,
    /// Larger than the size limit.
    TooLarge {
        /// The file's size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The path is not a plain root-relative path (empty, absolute, or with `..`).
    BadPath,
    /// The file could not be opened or read (permissions, I/O).
    Unreadable(std::io::Error),
}

impl ReadError {
    /// The reason as a slice reports it: a snake_case word, then details.
    pub fn reason(&self) -> String {
        match self {
            ReadError::NotFound => "not_found".into(),
            ReadError::IsDirectory => "is_directory".into(),
            ReadError::NotRegular => {
                "not_regular: a named pipe, socket or device is never read".into()
            }
            ReadError::Symlink => {
                "symlink: a symbolic link is never followed; name the file it points to".into()
            }
            ReadError::TooLarge { size, limit } => {
                format!("too_large: {size} bytes, over the limit of {limit} (--max-file-size)")
            }
            ReadError::BadPath => "outside_root: not a path under the workspace root".into(),
            ReadError::Unreadable(e) => format!("unreadable: {e}"),
        }
    }

    /// The index's reason for a file that was walked but could not be read.
    pub(crate) fn skip_reason(&self) -> crate::record::SkipReason {
        use crate::record::SkipReason;
        match self {
            ReadError::IsDirectory | ReadError::NotRegular => SkipReason::NotRegular,
            ReadError::Symlink => SkipReason::Symlink,
            ReadError::TooLarge { .. } => SkipReason::TooLarge,
            ReadError::NotFound | ReadError::BadPath | ReadError::Unreadable(_) => {
                SkipReason::Unreadable
            }
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason())
    }
}

/// A file's bytes as the index reads its text: UTF-8, without a leading byte-order mark.
fn text_of(bytes: Vec<u8>) -> Option<String> {
    let mut text = String::from_utf8(bytes).ok()?;
    crate::lines::drop_bom(&mut text);
    Some(text)
}

impl Root {
    /// Opens the workspace root at `path` (made canonical), with the default size limit.
    /// Fails with `not_found` when there is nothing there, `invalid_request` when it is not
    /// a directory, and `io_error` when it cannot be read.
    pub fn open(path: &Path) -> Result<Root> {
        let canonical = std::fs::canonicalize(path).map_err(|e| {
            Error::new(
                ErrorCode::NotFound,
                format!("workspace root {} cannot be opened: {e}", path.display()),
            )
        })?;
        if !canonical.is_dir() {
            return Err(Error::new(
                ErrorCode::InvalidRequest,
                format!("workspace root {} is not a directory", path.display()),
            ));
        }
        let unreadable = |e: std::io::Error| {
            Error::new(
                ErrorCode::IoError,
                format!(
                    "workspace root {} cannot be read: {e}; give a directory you may read",
                    path.display()
                ),
            )
        };
        // Listing the root needs read permission; checking it here makes an unreadable
        // root an error rather than an empty workspace.
        std::fs::read_dir(&canonical).map_err(unreadable)?;
        #[cfg(unix)]
        let dir = {
            use rustix::fs::OFlags;
            let fd = rustix::fs::open(
                &canonical,
                OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
                rustix::fs::Mode::empty(),
            )
            .map_err(|e| unreadable(e.into()))?;
            let stat = rustix::fs::fstat(&fd).map_err(|e| unreadable(e.into()))?;
            Dir {
                path: canonical,
                fd,
                id: dir_id(&stat),
                reads: Default::default(),
            }
        };
        #[cfg(not(unix))]
        let dir = Dir {
            path: canonical,
            reads: Default::default(),
        };
        Ok(Root {
            dir: Arc::new(dir),
            limit: DEFAULT_LIMIT,
        })
    }

    /// How many times [`Root::read`] was called on this root or a clone of it.
    pub fn files_read(&self) -> u64 {
        self.dir.reads.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The same root with another size limit.
    pub fn with_limit(&self, limit: u64) -> Root {
        Root {
            dir: Arc::clone(&self.dir),
            limit,
        }
    }

    /// The canonical path the root was opened at. Walks list files by this path; contents
    /// are read only through [`Root::read`].
    pub fn path(&self) -> &Path {
        &self.dir.path
    }

    /// The size limit in bytes.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Checks that the root's path still names the directory that was opened, so a walk by
    /// path lists the files of this root: a root moved away, or replaced by a link or
    /// another directory, is refused with `io_error`.
    pub(crate) fn check_in_place(&self) -> Result<()> {
        #[cfg(unix)]
        {
            let path = self.path().display();
            match rustix::fs::stat(self.path()) {
                Ok(s) if dir_id(&s) == self.dir.id => {}
                Err(rustix::io::Errno::NOENT) => {
                    return Err(Error::new(
                        ErrorCode::NotFound,
                        format!("the workspace root {path} no longer exists"),
                    ))
                }
                _ => {
                    return Err(Error::new(
                        ErrorCode::IoError,
                        format!(
                            "the workspace root {path} was moved or replaced after gather \
                             opened it; start gather again on the directory you mean"
                        ),
                    ))
                }
            }
        }
        Ok(())
    }

    /// The contents of the root-relative file `rel` (`/` separators), at most the size
    /// limit, read without following a symbolic link anywhere on the path.
    pub fn read(&self, rel: &str) -> std::result::Result<Vec<u8>, ReadError> {
        (self.dir.reads).fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let file = self.open_file(rel)?;
        read_regular(file, self.limit)
    }

    /// [`Root::read`] decoded as UTF-8 without a leading byte-order mark, as the index
    /// reads it (`None` when it cannot be read or decoded).
    pub(crate) fn read_text(&self, rel: &str) -> Option<String> {
        text_of(self.read(rel).ok()?)
    }

    #[cfg(unix)]
    fn open_file(&self, rel: &str) -> std::result::Result<std::fs::File, ReadError> {
        let parts = components(rel)?;
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            use rustix::fs::{Mode, ResolveFlags};
            let path = parts.join("/");
            let resolve =
                ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
            // EAGAIN: the kernel saw a concurrent rename and could not prove the lookup
            // stayed beneath the root; try again, then walk component by component.
            for _ in 0..4 {
                if OPENAT2_MISSING.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                match rustix::fs::openat2(&self.dir.fd, &path, file_flags(), Mode::empty(), resolve)
                {
                    Ok(fd) => return Ok(std::fs::File::from(fd)),
                    Err(rustix::io::Errno::AGAIN) => continue,
                    // A kernel before 5.6, or a sandbox that refuses the call (some answer
                    // EPERM): walk instead, from now on.
                    Err(rustix::io::Errno::NOSYS | rustix::io::Errno::PERM) => {
                        OPENAT2_MISSING.store(true, std::sync::atomic::Ordering::Relaxed);
                        break;
                    }
                    Err(e) => return Err(open_error(e)),
                }
            }
        }
        walk_open(&self.dir.fd, &parts).map(std::fs::File::from)
    }

    #[cfg(not(unix))]
    fn open_file(&self, rel: &str) -> std::result::Result<std::fs::File, ReadError> {
        let parts = components(rel)?;
        let mut path = self.dir.path.clone();
        for part in parts {
            path.push(part);
            match std::fs::symlink_metadata(&path) {
                Ok(m) if m.file_type().is_symlink() => return Err(ReadError::Symlink),
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(ReadError::NotFound)
                }
                Err(e) => return Err(ReadError::Unreadable(e)),
            }
        }
        std::fs::File::open(&path).map_err(ReadError::Unreadable)
    }
}

/// (device, inode) of a stat; the field types differ between Unix systems.
#[cfg(unix)]
#[allow(clippy::unnecessary_cast)]
fn dir_id(stat: &rustix::fs::Stat) -> (u64, u64) {
    (stat.st_dev as u64, stat.st_ino as u64)
}

/// Set when `openat2` turned out to be unavailable, so later reads walk at once.
#[cfg(any(target_os = "linux", target_os = "android"))]
static OPENAT2_MISSING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The components of a root-relative path; anything that could leave the root is refused.
fn components(rel: &str) -> std::result::Result<Vec<&str>, ReadError> {
    if rel.starts_with('/') || rel.contains('\0') || rel.contains('\\') && cfg!(windows) {
        return Err(ReadError::BadPath);
    }
    let parts: Vec<&str> = rel
        .split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if parts.is_empty() {
        return Err(ReadError::IsDirectory);
    }
    if parts.contains(&"..") {
        return Err(ReadError::BadPath);
    }
    Ok(parts)
}

/// Flags of the final open: read-only, never blocking on a pipe, never taking a terminal.
#[cfg(unix)]
fn file_flags() -> rustix::fs::OFlags {
    use rustix::fs::OFlags;
    OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC
}

/// Opens `parts` under `dir` one component at a time, refusing a link at each.
#[cfg(unix)]
fn walk_open(
    dir: &rustix::fd::OwnedFd,
    parts: &[&str],
) -> std::result::Result<rustix::fd::OwnedFd, ReadError> {
    use rustix::fd::AsFd;
    use rustix::fs::{Mode, OFlags};
    let Some((last, dirs)) = parts.split_last() else {
        return Err(ReadError::IsDirectory);
    };
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let dir_flags = OFlags::PATH | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let dir_flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let mut current: Option<rustix::fd::OwnedFd> = None;
    for part in dirs {
        let at = current.as_ref().map_or(dir.as_fd(), |fd| fd.as_fd());
        let next = match rustix::fs::openat(at, *part, dir_flags, Mode::empty()) {
            Ok(fd) => fd,
            // O_NOFOLLOW | O_DIRECTORY on a link fails with ENOTDIR on some systems.
            Err(rustix::io::Errno::NOTDIR) => {
                let is_link = rustix::fs::statat(at, *part, rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
                    .is_ok_and(|s| {
                        rustix::fs::FileType::from_raw_mode(s.st_mode)
                            == rustix::fs::FileType::Symlink
                    });
                return Err(if is_link {
                    ReadError::Symlink
                } else {
                    ReadError::NotFound
                });
            }
            Err(e) => return Err(open_error(e)),
        };
        current = Some(next);
    }
    let at = current.as_ref().map_or(dir.as_fd(), |fd| fd.as_fd());
    rustix::fs::openat(at, *last, file_flags(), Mode::empty()).map_err(open_error)
}

#[cfg(unix)]
fn open_error(e: rustix::io::Errno) -> ReadError {
    use rustix::io::Errno;
    match e {
        Errno::NOENT | Errno::NOTDIR => ReadError::NotFound,
        Errno::LOOP => ReadError::Symlink,
        // A socket cannot be opened; a device may refuse with these.
        Errno::NXIO | Errno::NODEV | Errno::OPNOTSUPP => ReadError::NotRegular,
        Errno::XDEV => ReadError::BadPath,
        other => ReadError::Unreadable(other.into()),
    }
}

/// Reads an opened file if it is a regular file within `limit` bytes; at most `limit + 1`
/// bytes are ever read, also when the file grows after the check.
fn read_regular(file: std::fs::File, limit: u64) -> std::result::Result<Vec<u8>, ReadError> {
    let metadata = file.metadata().map_err(ReadError::Unreadable)?;
    if metadata.is_dir() {
        return Err(ReadError::IsDirectory);
    }
    if !metadata.is_file() {
        return Err(ReadError::NotRegular);
    }
    let size = metadata.len();
    if size > limit {
        return Err(ReadError::TooLarge { size, limit });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Unreadable)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// Reads a file of gather's own (the index cache) the same careful way: the last component
/// is never followed, a named pipe never blocks, only a regular file within `limit` bytes
/// is read.
pub(crate) fn read_own_file(path: &Path, limit: u64) -> std::result::Result<Vec<u8>, ReadError> {
    read_regular(open_own_file(path)?, limit)
}

/// The first `n` bytes (fewer if the file is shorter) of a file of gather's own, opened as
/// [`read_own_file`] opens it: how a stored file's table of contents is read without its
/// body.
pub(crate) fn read_own_prefix(path: &Path, n: u64) -> std::result::Result<Vec<u8>, ReadError> {
    let file = open_own_file(path)?;
    if !file.metadata().map_err(ReadError::Unreadable)?.is_file() {
        return Err(ReadError::NotRegular);
    }
    let mut bytes = Vec::new();
    let read = file.take(n).read_to_end(&mut bytes);
    read.map(|_| bytes).map_err(ReadError::Unreadable)
}

fn open_own_file(path: &Path) -> std::result::Result<std::fs::File, ReadError> {
    #[cfg(unix)]
    {
        let fd = rustix::fs::open(path, file_flags(), rustix::fs::Mode::empty());
        fd.map(std::fs::File::from).map_err(|e| match e {
            rustix::io::Errno::NOENT | rustix::io::Errno::NOTDIR => ReadError::NotFound,
            other => open_error(other),
        })
    }
    #[cfg(not(unix))]
    {
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(ReadError::Symlink);
        }
        std::fs::File::open(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::NotFound,
            _ => ReadError::Unreadable(e),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_with(files: &[(&str, &str)]) -> (tempfile::TempDir, Root) {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let root = Root::open(dir.path()).unwrap();
        (dir, root)
    }

    #[test]
    fn reads_files_beneath_the_root() {
        let (_dir, root) = root_with(&[("a.py", "x = 1\n"), ("sub/b.py", "y = 2\n")]);
        assert_eq!(root.read("a.py").unwrap(), b"x = 1\n");
        assert_eq!(root.read("./sub//b.py").unwrap(), b"y = 2\n");
        assert!(matches!(root.read("nope.py"), Err(ReadError::NotFound)));
        // The walk used where openat2 is missing reads the same files.
        #[cfg(unix)]
        {
            let file = walk_open(&root.dir.fd, &components("sub/b.py").unwrap()).unwrap();
            assert_eq!(read_regular(file.into(), 100).unwrap(), b"y = 2\n");
        }
        assert!(matches!(root.read("sub"), Err(ReadError::IsDirectory)));
        assert!(matches!(root.read("."), Err(ReadError::IsDirectory)));
        for bad in ["../a.py", "sub/../../a.py", "/etc/passwd"] {
            assert!(matches!(root.read(bad), Err(ReadError::BadPath)), "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn links_are_never_followed_at_any_component() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.py"), "SECRET\n").unwrap();
        let (dir, root) = root_with(&[("a.py", "x\n")]);
        std::os::unix::fs::symlink(outside.path().join("secret.py"), dir.path().join("f.py"))
            .unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("d")).unwrap();
        std::os::unix::fs::symlink("a.py", dir.path().join("inside.py")).unwrap();
        for rel in ["f.py", "d/secret.py", "inside.py"] {
            assert!(matches!(root.read(rel), Err(ReadError::Symlink)), "{rel}");
            let parts = components(rel).unwrap();
            assert!(
                matches!(walk_open(&root.dir.fd, &parts), Err(ReadError::Symlink)),
                "{rel} by the component walk"
            );
        }
    }

    /// The component walk under the same race as `openat2` in the integration suite: a
    /// file and a directory swapped with links to outside content, 20,000 reads, no leak.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_component_walk_never_follows_a_swapped_link() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("t.py"), "OUTSIDE\n").unwrap();
        let (dir, root) = root_with(&[("t.py", "inside\n"), ("d/t.py", "inside\n")]);
        std::os::unix::fs::symlink(outside.path().join("t.py"), dir.path().join("l.py")).unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("l")).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = {
            let (stop, base) = (Arc::clone(&stop), dir.path().to_path_buf());
            std::thread::spawn(move || {
                let cwd = rustix::fs::CWD;
                let exchange = rustix::fs::RenameFlags::EXCHANGE;
                while !stop.load(Ordering::Relaxed) {
                    for (a, b) in [("t.py", "l.py"), ("d", "l")] {
                        rustix::fs::renameat_with(cwd, base.join(a), cwd, base.join(b), exchange)
                            .unwrap();
                    }
                }
            })
        };
        let (mut inside, mut leaks) = (0, 0);
        for n in 0..20_000 {
            let rel = if n % 2 == 0 { "t.py" } else { "d/t.py" };
            if let Ok(fd) = walk_open(&root.dir.fd, &components(rel).unwrap()) {
                let bytes = read_regular(fd.into(), 100).unwrap_or_default();
                leaks += usize::from(bytes.starts_with(b"OUTSIDE"));
                inside += usize::from(bytes.starts_with(b"inside"));
            }
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap();
        assert_eq!(leaks, 0);
        assert!(inside > 0);
    }

    #[cfg(unix)]
    #[test]
    fn special_files_and_large_files_are_refused_without_blocking() {
        let (dir, root) = root_with(&[("big.py", &"x = 1\n".repeat(100))]);
        rustix::fs::mknodat(
            rustix::fs::CWD,
            dir.path().join("fifo.py"),
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o644),
            0,
        )
        .unwrap();
        let _socket = std::os::unix::net::UnixListener::bind(dir.path().join("sock.py")).unwrap();
        assert!(matches!(root.read("fifo.py"), Err(ReadError::NotRegular)));
        assert!(matches!(root.read("sock.py"), Err(ReadError::NotRegular)));
        let small = root.with_limit(10);
        assert!(matches!(
            small.read("big.py"),
            Err(ReadError::TooLarge {
                size: 600,
                limit: 10
            })
        ));
        assert_eq!(root.read("big.py").unwrap().len(), 600);
    }

    #[cfg(unix)]
    #[test]
    fn own_files_are_read_only_when_regular() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("zero.index");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            read_own_file(&link, 1 << 20),
            Err(ReadError::Symlink)
        ));
        assert!(matches!(
            read_own_file(Path::new("/dev/zero"), 1 << 20),
            Err(ReadError::NotRegular)
        ));
        assert!(matches!(
            read_own_file(&dir.path().join("none"), 1 << 20),
            Err(ReadError::NotFound)
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_root_is_noticed() {
        let parent = tempfile::tempdir().unwrap();
        let path = parent.path().join("root");
        std::fs::create_dir(&path).unwrap();
        let root = Root::open(&path).unwrap();
        root.check_in_place().unwrap();
        std::fs::rename(&path, parent.path().join("old")).unwrap();
        std::os::unix::fs::symlink(parent.path(), &path).unwrap();
        assert_eq!(root.check_in_place().unwrap_err().code, ErrorCode::IoError);
    }
}
