//! Saves cut short at every step, through the save's own [`frame::Disk`] seam: the stored
//! index is always the old one or the new one, whole.

use std::cell::{Cell, RefCell};
use std::fs::File;
use std::io::Write;
use std::path::Path;

use tempfile::NamedTempFile;

use super::frame::{self, Disk};
use super::*;

/// Where a save is cut short: after so many bytes of the temporary file, or at a step.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cut {
    Never,
    AfterBytes(u64),
    Sync,
    Rename,
    SyncDir,
}

/// The real disk, except that it fails at its cut and records the steps it took.
struct Faulty {
    cut: Cut,
    written: Cell<u64>,
    steps: RefCell<Vec<&'static str>>,
}

impl Faulty {
    fn new(cut: Cut) -> Faulty {
        Faulty {
            cut,
            written: Cell::new(0),
            steps: RefCell::new(Vec::new()),
        }
    }

    fn step(&self, name: &'static str, cut: Cut) -> std::io::Result<()> {
        if self.cut == cut {
            return Err(std::io::Error::other(format!("cut at {name}")));
        }
        self.steps.borrow_mut().push(name);
        Ok(())
    }
}

impl Disk for Faulty {
    fn write(&self, file: &mut File, buf: &[u8]) -> std::io::Result<usize> {
        let done = self.written.get();
        let room = match self.cut {
            Cut::AfterBytes(limit) if done >= limit => {
                return Err(std::io::Error::other("cut while writing"))
            }
            Cut::AfterBytes(limit) => usize::try_from(limit - done).unwrap_or(usize::MAX),
            _ => usize::MAX,
        };
        let n = file.write(&buf[..buf.len().min(room)])?;
        self.written.set(done + n as u64);
        if self.steps.borrow().last() != Some(&"write") {
            self.steps.borrow_mut().push("write");
        }
        Ok(n)
    }

    fn sync(&self, file: &File) -> std::io::Result<()> {
        self.step("sync", Cut::Sync)?;
        frame::Durable.sync(file)
    }

    fn rename(&self, tmp: NamedTempFile, path: &Path) -> std::io::Result<()> {
        self.step("rename", Cut::Rename)?;
        frame::Durable.rename(tmp, path)
    }

    fn sync_dir(&self, dir: &Path) -> std::io::Result<()> {
        self.step("sync_dir", Cut::SyncDir)?;
        frame::Durable.sync_dir(dir)
    }
}

/// Two indexes of one workspace, before and after an edit.
fn two_indexes() -> (tempfile::TempDir, Index, Index) {
    let ws = tempfile::tempdir().unwrap();
    std::fs::write(ws.path().join("a.py"), "def alpha():\n    return 1\n").unwrap();
    let before = index::build(ws.path()).unwrap();
    let more = "def beta():\n    return 2\n".repeat(300);
    std::fs::write(ws.path().join("b.py"), more).unwrap();
    let after = index::build(ws.path()).unwrap();
    assert_ne!(before.files(), after.files());
    (ws, before, after)
}

/// A small deterministic generator (SplitMix64), so every run cuts at the same places.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn a_save_syncs_the_file_before_the_rename_and_the_directory_after() {
    let (_ws, before, _) = two_indexes();
    let store = tempfile::tempdir().unwrap();
    let cache = Cache::new(store.path(), before.root());
    let disk = Faulty::new(Cut::Never);
    cache.save_to(&disk, &before).unwrap();
    assert_eq!(
        *disk.steps.borrow(),
        ["write", "sync", "rename", "sync_dir"]
    );
    assert!(disk.written.get() > 0);
}

#[test]
fn a_save_cut_short_anywhere_leaves_the_old_index_or_the_new_one() {
    let (_ws, before, after) = two_indexes();
    let store = tempfile::tempdir().unwrap();
    let cache = Cache::new(store.path(), before.root());
    let sizes = [&before, &after].map(|index| {
        let disk = Faulty::new(Cut::Never);
        cache.save_to(&disk, index).unwrap();
        disk.written.get()
    });
    // `after` is stored now; each round saves the other one and is cut somewhere.
    let mut stored = &after;
    let mut seed = 30;
    let mut cuts = [0usize; 4];
    for round in 0..100 {
        let (writing, size) = if round % 2 == 0 {
            (&before, sizes[0])
        } else {
            (&after, sizes[1])
        };
        // Three rounds in four cut the write at a random byte, the fourth a random step.
        let cut = match (round % 4, next(&mut seed)) {
            (0, r) => [Cut::Sync, Cut::Rename, Cut::SyncDir][(r % 3) as usize],
            (_, r) => Cut::AfterBytes(r % size),
        };
        cuts[match cut {
            Cut::AfterBytes(_) => 0,
            Cut::Sync => 1,
            Cut::Rename => 2,
            _ => 3,
        }] += 1;
        assert!(
            cache.save_to(&Faulty::new(cut), writing).is_err(),
            "{cut:?}"
        );
        // Only a cut after the rename leaves the new file in place.
        if cut == Cut::SyncDir {
            stored = writing;
        }
        let on_disk = std::fs::metadata(cache.file()).unwrap().len();
        assert!(on_disk > 0, "round {round}, {cut:?}: an empty cache file");
        let loaded = cache.load().unwrap().expect("a stored index");
        assert!(
            loaded.files() == stored.files(),
            "round {round}, {cut:?}: neither the old index nor the new one"
        );
        let names: Vec<String> = std::fs::read_dir(store.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != store::DIR)
            .collect();
        assert_eq!(names.len(), 1, "round {round}, {cut:?}: {names:?}");
    }
    assert!(
        cuts.iter().all(|&n| n > 0),
        "every kind of cut was tried: {cuts:?}"
    );
}
