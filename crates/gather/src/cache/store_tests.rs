//! The store shared by checkouts: what a second checkout parses, damage, sweeping, and
//! saves running side by side.

use std::path::Path;

use super::*;

const FILES: &[(&str, &str)] = &[
    (
        "app/models.py",
        "class Model:\n    def save(self):\n        return write(self)\n",
    ),
    ("app/io.py", "def write(x):\n    return x\n"),
    (
        "tests/test_io.py",
        "def test_write():\n    assert write(1) == 1\n",
    ),
    ("README.md", "Models are saved by write.\n"),
];

fn checkout(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// Opens (building or loading) the index of `ws` with the cache directory `dir`; saves
/// nothing.
fn opened(dir: &Path, ws: &Path) -> (Cache, Opened) {
    let root = Root::open(ws).unwrap();
    let cache = Cache::new(dir, root.path());
    let opened = open(
        &root,
        &IndexOptions::default(),
        Some(&cache),
        &Progress::default(),
    )
    .unwrap();
    (cache, opened)
}

/// Opens (building or loading) and saves the index of `ws` in the cache directory `dir`.
fn open_and_save(dir: &Path, ws: &Path) -> Opened {
    let (cache, opened) = opened(dir, ws);
    cache.save(&opened.index).unwrap();
    opened
}

/// The records of a fresh build of `ws`, without mtimes (a build and a load agree on them
/// only when the files were not touched in between).
fn fresh(ws: &Path) -> Vec<FileRecord> {
    index::build(ws).unwrap().files().to_vec()
}

fn readings(dir: &Path) -> (usize, usize) {
    let usage = store::usage(dir);
    (usage.packs, usage.readings)
}

#[test]
fn a_second_checkout_parses_only_the_contents_no_checkout_parsed() {
    let dir = tempfile::tempdir().unwrap();
    let first = checkout(FILES);
    let opened = open_and_save(dir.path(), first.path());
    assert_eq!(opened.report.changes.recalled, 0);
    assert_eq!(readings(dir.path()), (1, 4));

    // Another checkout: one file edited, one added, the rest the same.
    let mut files = FILES.to_vec();
    files[1].1 = "def write(x):\n    return [x]\n";
    files.push(("app/new.py", "def fresh():\n    return 0\n"));
    let second = checkout(&files);
    let opened = open_and_save(dir.path(), second.path());
    assert_eq!(opened.report.state, CacheState::Missing);
    assert_eq!(opened.report.changes.added, 5);
    assert_eq!(
        opened.report.changes.recalled, 3,
        "the three unchanged files"
    );
    assert_eq!(opened.index.files(), fresh(second.path()));
    assert_eq!(
        readings(dir.path()),
        (2, 6),
        "only the two new readings stored"
    );

    // A copy of the first: nothing parsed, nothing stored; its stored index loads back.
    let copy = checkout(FILES);
    let opened = open_and_save(dir.path(), copy.path());
    assert_eq!(opened.report.changes.recalled, 4);
    assert_eq!(readings(dir.path()), (2, 6));
    let reopened = open_and_save(dir.path(), copy.path());
    assert_eq!(reopened.report.state, CacheState::Hit);
    assert_eq!(reopened.warning, None);
    assert_eq!(reopened.index.files(), fresh(copy.path()));
}

#[test]
fn a_reading_in_a_file_under_a_test_directory_is_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let text = "def test_write():\n    assert write(1) == 1\n";
    let first = checkout(&[("lib/check.py", text)]);
    open_and_save(dir.path(), first.path());
    let second = checkout(&[("tests/check.py", text)]);
    let opened = open_and_save(dir.path(), second.path());
    assert_eq!(opened.report.changes.recalled, 0, "test code by its path");
    assert!(opened.index.files()[0].symbols[0].is_test);
}

/// The pack files of the store in `dir`.
fn packs(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for format in std::fs::read_dir(dir.join(store::DIR)).unwrap() {
        for entry in std::fs::read_dir(format.unwrap().path()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pack") {
                out.push(path);
            }
        }
    }
    out
}

/// A checkout of [`FILES`] saved into the empty store in `dir`, and the one pack it wrote.
fn saved_once(dir: &Path) -> (tempfile::TempDir, std::path::PathBuf) {
    let first = checkout(FILES);
    open_and_save(dir, first.path());
    let [pack] = packs(dir).try_into().unwrap();
    (first, pack)
}

/// Flips `bits` in one byte of `file`: the one `at` picks given the file's length. The
/// file keeps its modification time, as a disk's damage does: a store that lists its packs
/// newest first must not see a damaged pack as newer than one written after it.
fn damage(file: &Path, at: impl FnOnce(usize) -> usize, bits: u8) {
    let modified = std::fs::metadata(file).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(file).unwrap();
    let at = at(bytes.len());
    bytes[at] ^= bits;
    std::fs::write(file, bytes).unwrap();
    let file = std::fs::File::options().write(true).open(file).unwrap();
    file.set_modified(modified).unwrap();
}

#[test]
fn a_damaged_reading_is_read_again_never_served() {
    let dir = tempfile::tempdir().unwrap();
    let (first, pack) = saved_once(dir.path());
    // The last byte belongs to the last reading.
    damage(&pack, |len| len - 1, 0x5a);

    // The workspace that stored it: warned, the one file read again, the answer whole.
    let opened = open_and_save(dir.path(), first.path());
    let warning = opened.warning.expect("a warning");
    assert!(
        warning.contains("1 records") && warning.contains("damaged"),
        "{warning}"
    );
    assert_eq!(opened.report.changes.added, 1);
    assert_eq!(opened.index.files(), fresh(first.path()));
    // Its save stored the reading again: the next load is clean.
    let again = open_and_save(dir.path(), first.path());
    assert_eq!(again.warning, None);
    assert_eq!(again.report.changes.added, 0);

    // A new checkout is given the stored-again reading, not the damaged one.
    let copy = checkout(FILES);
    let opened = open_and_save(dir.path(), copy.path());
    assert_eq!(opened.index.files(), fresh(copy.path()));
    assert_eq!(opened.report.changes.recalled, 4);
}

#[test]
fn a_damaged_reading_is_served_from_another_pack_that_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    // Two checkouts indexed at once: each parses, each stores its own pack of the same
    // readings.
    let (first, second) = (checkout(FILES), checkout(FILES));
    let both = [
        opened(dir.path(), first.path()),
        opened(dir.path(), second.path()),
    ];
    for (cache, opened) in &both {
        cache.save(&opened.index).unwrap();
    }
    let [a, b] = packs(dir.path()).try_into().unwrap();
    assert_eq!(readings(dir.path()), (2, 8));
    // The damaged pack is the newer, so the store comes to it first.
    let now = std::time::SystemTime::now();
    for (pack, at) in [(&a, now), (&b, now - std::time::Duration::from_secs(60))] {
        let file = std::fs::File::options().write(true).open(pack).unwrap();
        file.set_modified(at).unwrap();
    }
    damage(&a, |len| len - 1, 0x5a);

    let copy = checkout(FILES);
    let opened = open_and_save(dir.path(), copy.path());
    assert_eq!(opened.warning, None);
    assert_eq!(opened.report.changes.recalled, 4, "the other pack's copy");
    assert_eq!(opened.index.files(), fresh(copy.path()));
    assert_eq!(readings(dir.path()), (2, 8), "nothing stored again");
}

#[test]
fn a_damaged_table_costs_its_pack_only() {
    let dir = tempfile::tempdir().unwrap();
    let (first, pack) = saved_once(dir.path());
    damage(&pack, |_| store_table_byte(), 0x01);
    let copy = checkout(FILES);
    let opened = open_and_save(dir.path(), copy.path());
    assert_eq!(opened.report.changes.recalled, 0);
    assert_eq!(opened.index.files(), fresh(copy.path()));
    let opened = open_and_save(dir.path(), first.path());
    assert!(opened.warning.is_some_and(|w| w.contains("4 records")));
    assert_eq!(opened.index.files(), fresh(first.path()));
}

/// A byte of a pack's header (after its fixed prefix).
fn store_table_byte() -> usize {
    30
}

#[test]
fn packs_no_workspace_used_for_two_weeks_are_swept() {
    let dir = tempfile::tempdir().unwrap();
    let (first, old) = saved_once(dir.path());
    let weeks_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(15 * 24 * 3600);
    let file = std::fs::File::options().write(true).open(&old).unwrap();
    file.set_modified(weeks_ago).unwrap();
    drop(file);
    // A stale temporary file, as a writer killed between write and rename leaves one.
    let tmp = old.with_file_name(".gather-killed.tmp");
    std::fs::write(&tmp, b"half a pack").unwrap();
    let file = std::fs::File::options().write(true).open(&tmp).unwrap();
    file.set_modified(weeks_ago).unwrap();
    drop(file);

    // Another workspace's save sweeps.
    let other = checkout(&[("x.py", "def x():\n    pass\n")]);
    open_and_save(dir.path(), other.path());
    assert!(!old.exists() && !tmp.exists());
    assert_eq!(packs(dir.path()).len(), 1);

    // The first workspace's index names a pack that is gone: read again, said, whole.
    let opened = open_and_save(dir.path(), first.path());
    assert!(opened.warning.is_some_and(|w| w.contains("4 records")));
    assert_eq!(opened.index.files(), fresh(first.path()));
}

#[test]
fn checkouts_saving_side_by_side_lose_no_reading() {
    let dir = tempfile::tempdir().unwrap();
    let mut checkouts = Vec::new();
    for i in 0..6 {
        let mut files = FILES.to_vec();
        let own = format!("def own_{i}():\n    return {i}\n");
        files.push(("app/own.py", Box::leak(own.into_boxed_str())));
        checkouts.push(checkout(&files));
    }
    // Each thread holds its own cache and store, as another process would.
    let barrier = std::sync::Barrier::new(checkouts.len());
    std::thread::scope(|scope| {
        for ws in &checkouts {
            let (dir, barrier) = (dir.path(), &barrier);
            scope.spawn(move || {
                barrier.wait();
                open_and_save(dir, ws.path());
            });
        }
    });
    for ws in &checkouts {
        let opened = open_and_save(dir.path(), ws.path());
        assert_eq!(opened.report.state, CacheState::Hit);
        assert_eq!(opened.warning, None);
        assert_eq!(opened.index.files(), fresh(ws.path()));
    }
    let (_, readings) = readings(dir.path());
    assert!(
        readings >= 4 + 6,
        "every reading stored at least once: {readings}"
    );
    let copy = checkout(FILES);
    assert_eq!(
        open_and_save(dir.path(), copy.path())
            .report
            .changes
            .recalled,
        4
    );
}

#[test]
fn the_cache_command_reports_and_clears_only_what_gather_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let ws = checkout(FILES);
    open_and_save(dir.path(), ws.path());
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    let usage = store::usage(dir.path());
    assert_eq!((usage.packs, usage.readings, usage.workspaces), (1, 4, 1));
    assert!(usage.store_bytes > 0 && usage.workspace_bytes > 0);
    assert_eq!(store::clear(dir.path()).unwrap(), usage);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["notes.txt"]);
    let opened = open_and_save(dir.path(), ws.path());
    assert_eq!(opened.report.state, CacheState::Missing);
}
