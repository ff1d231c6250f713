//! What the confinement tests build: a workspace beside an outside directory with files of
//! the same names and definitions (for swapping files for links to outside content), and
//! special files. The command line's tests include this file too.

#![cfg(unix)]
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use rustix::fs::{FileType, Mode, RenameFlags, CWD};

/// Text that only the outside files contain.
pub const MARKER: &str = "OUTSIDE-MARKER-7f3a";

pub const INSIDE: &str =
    "def target():\n    return 'inside'\n\n\ndef caller():\n    return target()\n";

/// The definitions of [`INSIDE`], returning [`MARKER`].
pub fn outside_text() -> String {
    format!("def target():\n    return '{MARKER}'\n\n\ndef caller():\n    return target()\n")
}

/// `base/ws`, the root: `src/target.py`, `src/other.py` calling it, and `src/swap.py`, a
/// link to `base/outside/secret.py`; `base/outside` holds `secret.py` and `target.py`.
pub struct Arena {
    _dir: tempfile::TempDir,
    pub base: PathBuf,
    pub root: PathBuf,
    pub outside: PathBuf,
}

impl Arena {
    pub fn new() -> Arena {
        let dir = tempfile::tempdir().unwrap();
        let base = std::fs::canonicalize(dir.path()).unwrap();
        let root = base.join("ws");
        let outside = base.join("outside");
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(root.join("src/target.py"), INSIDE).unwrap();
        std::fs::write(
            root.join("src/other.py"),
            "from src.target import target\n\n\ndef use_it():\n    return target()\n",
        )
        .unwrap();
        for name in ["secret.py", "target.py"] {
            std::fs::write(outside.join(name), outside_text()).unwrap();
        }
        std::os::unix::fs::symlink(outside.join("secret.py"), root.join("src/swap.py")).unwrap();
        Arena {
            _dir: dir,
            base,
            root,
            outside,
        }
    }
}

/// Exchanges `a` and `b` (a file and a link) atomically on a thread, again and again, until
/// `stop`, counting the exchanges in `swaps`.
pub fn swapper(
    a: PathBuf,
    b: PathBuf,
    stop: Arc<AtomicBool>,
    swaps: Arc<AtomicUsize>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            rustix::fs::renameat_with(CWD, &a, CWD, &b, RenameFlags::EXCHANGE).unwrap();
            swaps.fetch_add(1, Ordering::Relaxed);
        }
    })
}

/// Makes a named pipe at `path`.
pub fn fifo(path: &Path) {
    rustix::fs::mknodat(CWD, path, FileType::Fifo, Mode::from_raw_mode(0o644), 0).unwrap();
}

/// Makes a character device like /dev/zero at `path`, or, where that is not allowed, a
/// link to /dev/zero (which must be refused as well).
pub fn zero_device(path: &Path) {
    let made = rustix::fs::mknodat(
        CWD,
        path,
        FileType::CharacterDevice,
        Mode::from_raw_mode(0o644),
        rustix::fs::makedev(1, 5),
    );
    if made.is_err() {
        std::os::unix::fs::symlink("/dev/zero", path).unwrap();
    }
}
