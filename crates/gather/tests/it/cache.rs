//! The stored index: round trips, hits, stale and damaged files, racing writers, and a cache
//! directory that cannot be written. Every cache here lives in its own temporary directory.

use crate::common;

use std::path::Path;
use std::time::{Duration, SystemTime};

use common::{settled, Workspace, PY, RS};
use gather::cache::{self, Cache, CacheState, Format, Opened};
use gather::index::{self, IndexOptions, Progress};

/// A settled workspace of `files` and a cache for it in a fresh directory (returned too, so
/// that it lives as long as the test).
fn cached(files: &[(&str, &str)]) -> (Workspace, tempfile::TempDir, Cache) {
    let ws = settled(files);
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(dir.path(), ws.root());
    (ws, dir, cache)
}

fn open(ws: &Workspace, cache: &Cache) -> Opened {
    cache::open(
        &ws.dir(),
        &IndexOptions::default(),
        Some(cache),
        &Progress::default(),
    )
    .unwrap()
}

/// Opens and saves when asked to, as the command line does.
fn open_and_save(ws: &Workspace, cache: &Cache) -> Opened {
    let opened = open(ws, cache);
    if opened.needs_save {
        cache.save(&opened.index).unwrap();
    }
    opened
}

/// The files in `dir`, but for the store's directory (see `cache/store_tests.rs`).
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "store")
        .collect();
    names.sort();
    names
}

fn assert_equals_cold_build(opened: &Opened) {
    let cold = index::build(opened.index.root()).unwrap();
    assert_eq!(opened.index.files(), cold.files());
    assert_eq!(opened.index.stamp(), cold.stamp());
}

#[test]
fn save_and_load_round_trip_exactly() {
    let (ws, dir, cache) = cached(&[("app.py", PY), ("lib.rs", RS), ("data.bin", "\0\0")]);
    assert!(cache.load().unwrap().is_none());
    let built = index::build(ws.root()).unwrap();
    cache.save(&built).unwrap();
    let loaded = cache.load().unwrap().unwrap();
    assert_eq!(loaded.files(), built.files());
    assert_eq!(loaded.root(), built.root());
    assert_eq!(loaded.scanned_ns(), built.scanned_ns());
    assert_eq!(loaded.find("Client").len(), 1);
    // One file, named after the root, and no temporary file left behind.
    let names = files_in(dir.path());
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].ends_with(".index"));
}

#[test]
fn second_open_hits_the_cache_and_reads_nothing() {
    let (ws, _dir, cache) = cached(&[("app.py", PY), ("lib.rs", RS)]);
    let first = open_and_save(&ws, &cache);
    assert_eq!(first.report.state, CacheState::Missing);
    assert!(first.needs_save);
    let second = open(&ws, &cache);
    assert_eq!(second.report.state, CacheState::Hit);
    assert!(second.warning.is_none());
    assert!(!second.needs_save, "nothing changed, nothing to store");
    assert_eq!(second.report.changes.reused, 2);
    assert_eq!(
        second.report.changes.rehashed + second.report.changes.reparsed,
        0
    );
    assert_eq!(second.index.files(), first.index.files());
}

#[test]
fn two_formats_used_alternately_never_rebuild_because_of_each_other() {
    let ws = settled(&[("app.py", PY), ("lib.rs", RS)]);
    let dir = tempfile::tempdir().unwrap();
    let this = Cache::new(dir.path(), ws.root());
    let other = Cache::with_format(
        dir.path(),
        ws.root(),
        Format::with_version(cache::FORMAT_VERSION + 1),
    );
    assert_ne!(this.file(), other.file());
    for round in 0..6 {
        for (name, cache) in [("this", &this), ("other", &other)] {
            let opened = open_and_save(&ws, cache);
            let expected = if round == 0 {
                CacheState::Missing
            } else {
                CacheState::Hit
            };
            assert_eq!(opened.report.state, expected, "{name}, round {round}");
            assert!(opened.warning.is_none(), "{:?}", opened.warning);
        }
        // An edit: each format brings its own file up to date, still without a rebuild.
        ws.write(
            "app.py",
            format!(
                "{PY}
def added_{round}():
    pass
"
            )
            .as_bytes(),
        );
    }
    assert_eq!(files_in(dir.path()).len(), 2);
}

#[test]
fn files_of_other_formats_are_left_alone_while_recent_and_swept_when_old() {
    let ws = settled(&[("app.py", PY)]);
    let dir = tempfile::tempdir().unwrap();
    let index = index::build(ws.root()).unwrap();
    let format = |version| Cache::with_format(dir.path(), ws.root(), Format::with_version(version));
    let (recent, old) = (format(90), format(91));
    recent.save(&index).unwrap();
    old.save(&index).unwrap();
    old.save_postings(&index, index.postings()).unwrap();
    let this = Cache::new(dir.path(), ws.root());
    // A file from before names carried the format, and one gather did not name.
    let untagged = this.file().with_file_name(
        this.file()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .split('.')
            .next()
            .unwrap()
            .to_string()
            + ".index",
    );
    let unrelated = dir.path().join("notes.index");
    std::fs::write(&untagged, b"GATHERIX").unwrap();
    std::fs::write(&unrelated, b"mine").unwrap();
    let month_ago = SystemTime::now() - Duration::from_secs(30 * 24 * 3600);
    std::fs::write(old.history_file(), b"GATHERHI").unwrap();
    for path in [
        old.file(),
        &old.postings_file(),
        &old.history_file(),
        &untagged,
        &unrelated,
    ] {
        let file = std::fs::File::options().write(true).open(path).unwrap();
        file.set_modified(month_ago).unwrap();
    }
    this.save(&index).unwrap();
    assert!(recent.file().exists(), "another gather still uses it");
    assert!(!old.file().exists() && !old.postings_file().exists());
    assert!(!old.history_file().exists());
    assert!(!untagged.exists());
    assert!(
        unrelated.exists(),
        "files gather did not name are left alone"
    );
    assert!(this.file().exists());
}

#[test]
fn a_file_in_use_is_marked_so_no_other_format_sweeps_it() {
    let (ws, dir, cache) = cached(&[("app.py", PY)]);
    cache.save(&index::build(ws.root()).unwrap()).unwrap();
    let month_ago = SystemTime::now() - Duration::from_secs(30 * 24 * 3600);
    let file = std::fs::File::options()
        .write(true)
        .open(cache.file())
        .unwrap();
    file.set_modified(month_ago).unwrap();
    cache.mark_used();
    let age = std::fs::metadata(cache.file()).unwrap().modified().unwrap();
    assert!(age > month_ago + Duration::from_secs(24 * 3600), "{age:?}");
    // A newer format's save sweeps only what is old.
    let newer = Cache::with_format(
        dir.path(),
        ws.root(),
        Format::with_version(cache::FORMAT_VERSION + 1),
    );
    newer.save(&index::build(ws.root()).unwrap()).unwrap();
    assert!(cache.file().exists());
}

#[test]
fn cached_index_after_edits_equals_a_cold_build() {
    let ws = settled(&[
        ("app.py", PY),
        ("lib.rs", RS),
        ("lib.py", "def helper():\n    return 1\n"),
        (
            "use.py",
            "from lib import helper\n\n\ndef main():\n    helper()\n",
        ),
    ]);
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(dir.path(), ws.root());
    open_and_save(&ws, &cache);
    ws.write("lib.py", b"def renamed():\n    return 1\n");
    std::fs::remove_file(ws.path("lib.rs")).unwrap();
    ws.write("new.rs", b"pub fn new() {}\n");
    let opened = open_and_save(&ws, &cache);
    assert_eq!(opened.report.state, CacheState::Hit);
    let c = opened.report.changes;
    assert_eq!((c.reused, c.reparsed, c.added, c.removed), (2, 1, 1, 1));
    assert_equals_cold_build(&opened);
    // What was stored is what a cold build gives, too.
    let stored = cache.load().unwrap().unwrap();
    assert_eq!(stored.files(), opened.index.files());
    let again = open(&ws, &cache);
    assert_eq!(again.report.state, CacheState::Hit);
    assert_equals_cold_build(&again);
}

/// Writes `bytes` over the cache file, opens, and checks the damage is reported once and
/// repaired: a rebuilt index, a warning naming the file, and a good file afterwards.
fn assert_rebuilt(ws: &Workspace, cache: &Cache, bytes: &[u8], reason: &str) {
    std::fs::write(cache.file(), bytes).unwrap();
    assert!(cache.load().is_err());
    let opened = open_and_save(ws, cache);
    assert_eq!(opened.report.state, CacheState::Invalid);
    let warning = opened.warning.as_deref().unwrap();
    assert!(warning.contains(reason), "{warning}");
    assert!(
        warning.contains(&cache.file().display().to_string()),
        "{warning}"
    );
    assert_equals_cold_build(&opened);
    let next = open(ws, cache);
    assert_eq!(next.report.state, CacheState::Hit);
    assert!(next.warning.is_none());
}

#[test]
fn corrupt_truncated_and_foreign_caches_are_reported_and_rebuilt() {
    let (ws, _dir, cache) = cached(&[("app.py", PY), ("lib.rs", RS)]);
    open_and_save(&ws, &cache);
    let good = std::fs::read(cache.file()).unwrap();

    // One flipped byte in the records, in the stored length, in the stored hash.
    for from_end in [100, 12, 3] {
        let mut flipped = good.clone();
        let at = flipped.len() - from_end;
        flipped[at] ^= 0x55;
        assert_rebuilt(&ws, &cache, &flipped, "corrupt");
    }
    // A byte appended.
    assert_rebuilt(&ws, &cache, &[good.as_slice(), b"\n"].concat(), "corrupt");

    // Cut short, at several places.
    for keep in [good.len() - 1, good.len() / 2, 30, 10, 4, 0] {
        let reason = if keep < 8 {
            "not a gather index"
        } else {
            "trunc"
        };
        assert_rebuilt(&ws, &cache, &good[..keep], reason);
    }

    // Not ours at all.
    assert_rebuilt(&ws, &cache, b"{\"version\": 1}\n", "not a gather index");
    assert_rebuilt(&ws, &cache, &[0u8; 4096], "not a gather index");

    // Another format version.
    let mut other = good.clone();
    other[8..12].copy_from_slice(&(cache::FORMAT_VERSION + 1).to_le_bytes());
    assert_rebuilt(&ws, &cache, &other, "format version");
}

#[test]
fn a_cache_of_another_root_is_not_used() {
    let a = settled(&[("app.py", PY)]);
    let b = settled(&[("lib.rs", RS)]);
    let dir = tempfile::tempdir().unwrap();
    let cache_a = Cache::new(dir.path(), a.root());
    let cache_b = Cache::new(dir.path(), b.root());
    assert_ne!(cache_a.file(), cache_b.file());
    open_and_save(&a, &cache_a);
    // Root a's file copied to where root b's belongs.
    std::fs::copy(cache_a.file(), cache_b.file()).unwrap();
    let opened = open(&b, &cache_b);
    assert_eq!(opened.report.state, CacheState::Invalid);
    assert!(opened
        .warning
        .as_deref()
        .unwrap()
        .contains("another workspace"));
    assert_eq!(opened.index.files().len(), 1);
    assert_eq!(opened.index.files()[0].path, "lib.rs");
}

#[test]
fn racing_saves_leave_one_whole_index() {
    let (ws, dir, cache) = cached(&[("app.py", PY), ("lib.rs", RS)]);
    let small = index::build(ws.root()).unwrap();
    ws.write("more.py", "def more():\n    pass\n".repeat(2000).as_bytes());
    let large = index::build(ws.root()).unwrap();
    let (small, large) = (&small, &large);
    std::thread::scope(|scope| {
        for i in 0..8 {
            let (cache, index) = (&cache, if i % 2 == 0 { small } else { large });
            scope.spawn(move || {
                for _ in 0..10 {
                    cache.save(index).unwrap();
                    // A reader at any moment sees a whole file, old or new.
                    let loaded = cache.load().unwrap().unwrap();
                    assert!(loaded.files() == small.files() || loaded.files() == large.files());
                }
            });
        }
    });
    let loaded = cache.load().unwrap().unwrap();
    assert!(loaded.files() == small.files() || loaded.files() == large.files());
    assert_eq!(files_in(dir.path()).len(), 1, "no temporary files left");
}

/// A cache directory this process cannot write: read-only when that binds (not for root),
/// else a path below a regular file.
fn unwritable_dir(base: &Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = base.join("read-only");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(dir.join("probe"), b"").is_err() {
        return dir;
    }
    std::fs::remove_file(dir.join("probe")).unwrap();
    let file = base.join("a-file");
    std::fs::write(&file, b"").unwrap();
    file.join("cache")
}

#[cfg(unix)]
#[test]
fn an_unwritable_cache_directory_fails_to_save_but_indexing_goes_on() {
    let ws = settled(&[("app.py", PY), ("lib.rs", RS)]);
    let base = tempfile::tempdir().unwrap();
    let dir = unwritable_dir(base.path());
    let cache = Cache::new(&dir, ws.root());
    let opened = open(&ws, &cache);
    assert_eq!(opened.report.state, CacheState::Missing);
    assert!(opened.warning.is_none());
    assert_equals_cold_build(&opened);
    assert!(cache.save(&opened.index).is_err());
    assert!(!cache.file().exists());
}

#[test]
fn the_workspace_is_never_written() {
    let ws = settled(&[("app.py", PY), ("lib.rs", RS)]);
    let listing = || {
        let mut all = Vec::new();
        for entry in walk(ws.root()) {
            let meta = std::fs::metadata(&entry).unwrap();
            all.push((entry, meta.len(), meta.modified().unwrap()));
        }
        all.sort();
        all
    };
    let before = listing();
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(dir.path(), ws.root());
    open_and_save(&ws, &cache);
    open_and_save(&ws, &cache);
    assert_eq!(listing(), before);
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn a_cache_directory_inside_the_workspace_is_refused() {
    let ws = settled(&[("app.py", PY)]);
    let err = cache::locate(Some(&ws.path(".cache/gather")), ws.root()).unwrap_err();
    assert!(err.contains("inside the workspace"), "{err}");
    let err = cache::locate(Some(ws.root()), ws.root()).unwrap_err();
    assert!(err.contains("inside the workspace"), "{err}");
    let outside = tempfile::tempdir().unwrap();
    let cache = cache::locate(Some(outside.path()), ws.root()).unwrap();
    assert!(cache.file().starts_with(outside.path()));
}

#[test]
fn stale_temporary_files_are_swept_on_save() {
    let ws = settled(&[("app.py", PY)]);
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join(".gather-left-behind.tmp");
    let fresh = dir.path().join(".gather-being-written.tmp");
    let other = dir.path().join("unrelated.tmp");
    for path in [&old, &fresh, &other] {
        std::fs::write(path, b"partial").unwrap();
    }
    let two_hours_ago = SystemTime::now() - Duration::from_secs(7200);
    for path in [&old, &other] {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
    }
    let cache = Cache::new(dir.path(), ws.root());
    cache.save(&index::build(ws.root()).unwrap()).unwrap();
    assert!(!old.exists());
    assert!(
        fresh.exists(),
        "a temporary file may still be being written"
    );
    assert!(other.exists(), "files gather did not name are left alone");
}

#[test]
fn stored_postings_serve_only_the_files_they_were_built_from() {
    let (ws, _dir, cache) = cached(&[("app.py", PY), ("lib.rs", RS)]);
    let opened = open_and_save(&ws, &cache);
    assert!(
        cache.load_postings(&opened.index).is_none(),
        "nothing stored yet"
    );
    let built = opened.index.postings();
    cache.save_postings(&opened.index, built).unwrap();
    let loaded = cache.load_postings(&opened.index).expect("stored postings");
    assert_eq!(loaded.n_docs(), built.n_docs());
    assert!(built.n_docs() > 0);
    for doc in 0..built.n_docs() as u32 {
        assert_eq!(loaded.doc(doc), built.doc(doc));
        assert_eq!(loaded.lens(doc), built.lens(doc));
    }
    let name = &opened.index.symbol(built.doc(0)).symbol.name;
    let term = gather::terms::stem(&name.to_lowercase());
    assert!(!built.get(&term).is_empty());
    assert_eq!(loaded.get(&term), built.get(&term));

    // Another content: the stored postings are not used.
    ws.write(
        "app.py",
        format!("{PY}\ndef extra():\n    return 2\n").as_bytes(),
    );
    let changed = open(&ws, &cache);
    assert!(cache.load_postings(&changed.index).is_none());

    // A damaged file is not used either.
    let mut bytes = std::fs::read(cache.postings_file()).unwrap();
    bytes.truncate(bytes.len() - 3);
    std::fs::write(cache.postings_file(), bytes).unwrap();
    assert!(cache.load_postings(&opened.index).is_none());
}

/// A session of `root` with `cache`.
fn session(root: &gather::confined::Root, cache: Cache) -> gather::session::Session {
    let options = IndexOptions::default();
    gather::session::Session::open(root, &options, Some(cache), &Progress::default()).unwrap()
}

/// A checkout of `n` files, `edited` of them with other contents than the others'.
fn checkout(n: usize, edited: usize) -> (tempfile::TempDir, gather::confined::Root) {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..n {
        let body = if i < edited { "return 0" } else { "return 1" };
        let text = format!("def f{i}():\n    {body}\n");
        std::fs::write(dir.path().join(format!("m{i}.py")), text).unwrap();
    }
    let root = gather::confined::Root::open(dir.path()).unwrap();
    (dir, root)
}

/// The postings of `session`'s index (and how many files they read), and a fresh build.
fn patched_and_fresh(session: &gather::session::Session) -> (usize, bool) {
    let texts = gather::index::texts::Texts::of(session.index());
    let patched = session.index().postings_reading(&texts);
    let fresh = gather::index::postings::build(
        session.index(),
        &gather::index::texts::Texts::of(session.index()),
    );
    (texts.reads(), *patched == fresh)
}

#[test]
fn a_second_checkout_patches_its_postings_from_its_siblings() {
    let dir = tempfile::tempdir().unwrap();
    let (_a, a) = checkout(16, 0);
    let mut first = session(&a, Cache::new(dir.path(), a.path()));
    first.save();
    first.load_postings();
    first.index().postings();
    assert!(first.finish().is_empty());

    // One file in sixteen differs: patched from the first's, not stored again.
    let (_b, b) = checkout(16, 1);
    let cache = Cache::new(dir.path(), b.path());
    let mut second = session(&b, cache.clone());
    assert_eq!(second.report().changes.recalled, 15);
    second.save();
    second.load_postings();
    assert_eq!(patched_and_fresh(&second), (1, true));
    assert!(second.finish().is_empty());
    assert!(!cache.postings_file().exists(), "patched again when asked");

    // Three in sixteen differ: stored.
    let (_c, c) = checkout(16, 3);
    let cache = Cache::new(dir.path(), c.path());
    let mut third = session(&c, cache.clone());
    third.save();
    third.load_postings();
    assert_eq!(patched_and_fresh(&third), (3, true));
    assert!(third.finish().is_empty());
    assert!(cache.postings_file().exists());
}

/// Writes `files` (path, text) under a new directory.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        std::fs::write(dir.path().join(path), text).unwrap();
    }
    dir
}

/// A question's pack, as JSON.
fn asked(index: &gather::index::Index, question: &str) -> serde_json::Value {
    let request = gather::ContextRequest::new(gather::Target::Question(question.to_string()));
    gather::request::context(index, &request).unwrap().json
}

#[test]
fn a_second_checkout_answers_as_a_cold_build_of_it_does() {
    let dir = tempfile::tempdir().unwrap();
    let kept = [
        ("billing.py", "def charge(account, amount):\n    '''Charge the account.'''\n    return ledger.write(account, amount)\n"),
        ("ledger.py", "def write(account, amount):\n    return store.save(account, amount)\n"),
        ("store.py", "def save(key, value):\n    '''Save a value to the database.'''\n    return key\n"),
    ];
    let a = tree(&[
        kept[0],
        kept[1],
        kept[2],
        ("audit.py", "def record(entry):\n    return entry\n"),
        (
            "gone.py",
            "def refund(account):\n    return charge(account, -1)\n",
        ),
    ]);
    // Changed, removed and added files, before and after the kept ones, with words of
    // their own and words the kept files hold.
    let b = tree(&[
        kept[0],
        kept[1],
        kept[2],
        ("audit.py", "def record(entry, database):\n    '''Record to the database.'''\n    return database.save(entry)\n"),
        ("aardvark.py", "def route_write(model):\n    '''Pick the database for a write.'''\n    return save(model, 1)\n"),
        ("zeta.py", "def write_many(rows):\n    return [write(r, 0) for r in rows]\n"),
    ]);
    let (a, b) = (
        gather::confined::Root::open(a.path()).unwrap(),
        gather::confined::Root::open(b.path()).unwrap(),
    );
    let mut first = session(&a, Cache::new(dir.path(), a.path()));
    first.save();
    first.load_postings();
    first.index().postings();
    assert!(first.finish().is_empty());

    // The kept files are read from the first's records, and the postings patched from its.
    let mut second = session(&b, Cache::new(dir.path(), b.path()));
    assert_eq!(second.report().changes.recalled, 3);
    second.save();
    second.load_postings();
    let cold = index::build(b.path()).unwrap();
    for question in [
        "which database does a write go to",
        "charge the account",
        "record",
    ] {
        assert_eq!(
            asked(second.index(), question),
            asked(&cold, question),
            "{question}"
        );
    }
    assert_eq!(second.index().postings(), cold.postings());
    assert!(second.finish().is_empty());
}
