//! The workspace under attack and fault: files swapped for links to outside content while
//! calls run, a root replaced by a link, special files (pipes, devices, sockets), files far
//! over the size limit and special files in place of the cache. No answer may contain
//! outside content, and no call may hang.

#![cfg(unix)]

use crate::arena::{fifo, swapper, zero_device, Arena, INSIDE, MARKER};
use crate::common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use common::{assert_skipped, Workspace};
use gather::cache::{self, Cache, CacheState};
use gather::confined::Root;
use gather::index::{self, FileStatus, IndexOptions, Progress, SkipReason};
use gather::request::{self, ContextRequest, Target};
use gather::slice::{self, SliceRequest};

/// Runs `work` on a thread and fails the test if it takes longer than `limit`, instead of
/// hanging the suite.
fn within<T: Send + 'static>(limit: Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("the call did not finish within {limit:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the call panicked"),
    }
}

/// The [`Arena`] with `pkg/` (a directory holding `target.py`) and `pkglink` (a link to
/// the outside directory, which holds `target.py` too) in its root.
fn arena() -> Arena {
    let arena = Arena::new();
    std::fs::create_dir_all(arena.root.join("pkg")).unwrap();
    std::fs::write(arena.root.join("pkg/target.py"), INSIDE).unwrap();
    std::os::unix::fs::symlink(&arena.outside, arena.root.join("pkglink")).unwrap();
    arena
}

fn slice_req(path: &str, symbol: Option<&str>) -> SliceRequest {
    SliceRequest {
        path: path.to_string(),
        symbol: symbol.map(str::to_string),
        ..SliceRequest::default()
    }
}

/// The race: while two threads swap a file with a link to outside content and a directory
/// with a link to an outside directory, 10,000 library calls run: 7,000 slice calls (three
/// requests each), 1,500 symbol packs and 1,500 question packs, with the index refreshed
/// every 25 packs. Not one answer may contain the outside marker; the swaps must have been
/// seen (some answers show the inside text, some reads are refused).
#[test]
fn swapping_files_for_links_never_leaks_outside_content() {
    const SLICE_CALLS: usize = 7_000;
    const SYMBOL_CALLS: usize = 1_500;
    const QUESTION_CALLS: usize = 1_500;
    let arena = arena();
    let root = Root::open(&arena.root).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swaps = Arc::new(AtomicUsize::new(0));
    swapper(
        arena.root.join("src/target.py"),
        arena.root.join("src/swap.py"),
        Arc::clone(&stop),
        Arc::clone(&swaps),
    );
    swapper(
        arena.root.join("pkg"),
        arena.root.join("pkglink"),
        Arc::clone(&stop),
        Arc::clone(&swaps),
    );
    let started = Instant::now();
    let mut tally = Tally::default();
    slice_calls(&root, SLICE_CALLS, &mut tally);
    pack_calls(&arena.root, SYMBOL_CALLS, QUESTION_CALLS, &mut tally);
    let Tally {
        calls,
        leaks,
        inside,
        refused,
    } = tally;
    stop.store(true, Ordering::Relaxed);
    let elapsed = started.elapsed();
    eprintln!(
        "{calls} calls in {elapsed:?} during {} swaps: {leaks} leaks, {inside} inside answers, {refused} refusals",
        swaps.load(Ordering::Relaxed)
    );
    assert_eq!(calls, 10_000);
    assert_eq!(leaks, 0, "outside content leaked");
    assert!(inside > 0 && refused > 0, "the race was not exercised");
}

/// What the racing calls saw.
#[derive(Default)]
struct Tally {
    calls: usize,
    leaks: usize,
    inside: usize,
    refused: usize,
}

/// `n` slice calls of three requests each, one through the swapped file, one through the
/// file swapped with it, and one through the swapped directory.
fn slice_calls(root: &Root, n: usize, tally: &mut Tally) {
    let requests = [
        slice_req("src/swap.py", None),
        slice_req("src/target.py", Some("target")),
        slice_req("pkg/target.py", Some("caller")),
    ];
    for _ in 0..n {
        tally.calls += 1;
        match slice::assemble(root, &requests) {
            Ok(slices) => {
                for s in &slices {
                    tally.leaks += usize::from(s.content.contains(MARKER));
                    tally.inside += usize::from(s.content.contains("'inside'"));
                    tally.refused += usize::from(!s.found);
                }
            }
            // A path checked while it was a link out of the root.
            Err(e) => {
                assert_eq!(e.code, gather::ErrorCode::OutsideRoot, "{e}");
                tally.refused += 1;
            }
        }
    }
}

/// `symbols` symbol packs (with a pinned slice of the swapped file), then `questions`
/// question packs, the index refreshed every 25 packs.
fn pack_calls(root: &std::path::Path, symbols: usize, questions: usize, tally: &mut Tally) {
    let mut index = index::build(root).unwrap();
    for n in 0..symbols + questions {
        if n % 25 == 0 {
            index = index::refresh(index, &IndexOptions::default()).unwrap();
        }
        let request = if n < symbols {
            ContextRequest {
                slices: vec![slice_req("src/swap.py", None)],
                ..ContextRequest::new(Target::Symbol {
                    name: "target".into(),
                    path: Some(
                        if n % 2 == 0 {
                            "src/target.py"
                        } else {
                            "pkg/target.py"
                        }
                        .into(),
                    ),
                    line: None,
                })
            }
        } else {
            ContextRequest::new(Target::Question(
                "where does target return 'inside'?".into(),
            ))
        };
        tally.calls += 1;
        match request::context(&index, &request) {
            Ok(pack) => {
                let json = pack.json.to_string();
                tally.leaks += usize::from(pack.text.contains(MARKER) || json.contains(MARKER));
                tally.inside += usize::from(pack.text.contains("'inside'"));
            }
            Err(e) => {
                assert!(!e.message.contains(MARKER));
                tally.refused += 1;
            }
        }
    }
}

/// A root replaced by a link to an outside directory after it was opened: refreshing and
/// building from the held root are refused, and slices never show outside content.
#[test]
fn a_root_replaced_by_a_link_never_shows_outside_content() {
    let arena = arena();
    let root = Root::open(&arena.root).unwrap();
    let index = index::build(&arena.root).unwrap();
    let base = arena.root.parent().unwrap();
    std::fs::rename(&arena.root, base.join("ws.old")).unwrap();
    std::os::unix::fs::symlink(base.join("outside"), &arena.root).unwrap();
    let error = index::refresh(index, &IndexOptions::default()).unwrap_err();
    assert!(error.message.contains("moved or replaced"), "{error}");
    let error = index::build_in(&root, &IndexOptions::default(), &Progress::default()).unwrap_err();
    assert!(error.message.contains("moved or replaced"), "{error}");
    for path in ["target.py", "secret.py", "src/target.py"] {
        let error = slice::assemble(&root, &[slice_req(path, None)]).unwrap_err();
        assert!(
            error.message.contains("moved or replaced"),
            "{path}: {error}"
        );
    }
}

/// A named pipe, a device and a socket in the root: the index lists them as not regular,
/// slices and packs say so, and nothing blocks.
#[test]
fn special_files_are_never_read() {
    let ws = Workspace::new(&[("a.py", INSIDE)]);
    fifo(&ws.path("fifo.py"));
    zero_device(&ws.path("zero.py"));
    let _socket = std::os::unix::net::UnixListener::bind(ws.path("sock.py")).unwrap();
    let root = ws.root().to_path_buf();
    // Without the right to make a device, a link to /dev/zero stands in: a path that leads
    // out of the root is refused for the whole call before anything is opened.
    let zero_is_link = std::fs::symlink_metadata(ws.path("zero.py"))
        .unwrap()
        .file_type()
        .is_symlink();
    let names: &[&str] = if zero_is_link {
        &["fifo.py", "sock.py"]
    } else {
        &["fifo.py", "zero.py", "sock.py"]
    };
    let (index, slices, pack, zero) = within(Duration::from_secs(20), move || {
        let index = index::build(&root).unwrap();
        let requests: Vec<SliceRequest> = names.iter().map(|p| slice_req(p, None)).collect();
        let dir = Root::open(&root).unwrap();
        let slices = slice::assemble(&dir, &requests).unwrap();
        let zero = slice::assemble(&dir, &[slice_req("zero.py", None)]);
        let pack = request::context(
            &index,
            &ContextRequest {
                slices: requests,
                ..ContextRequest::new(Target::Symbol {
                    name: "target".into(),
                    path: Some("a.py".into()),
                    line: None,
                })
            },
        )
        .unwrap();
        (index, slices, pack, zero)
    });
    match zero {
        Ok(slices) => assert!(slices[0]
            .reason
            .as_deref()
            .unwrap()
            .starts_with("not_regular")),
        Err(e) => assert!(
            zero_is_link && e.code == gather::ErrorCode::OutsideRoot,
            "{e}"
        ),
    }
    assert_skipped(&index, "fifo.py", SkipReason::NotRegular);
    assert_skipped(&index, "sock.py", SkipReason::NotRegular);
    assert!(matches!(
        index.status("zero.py"),
        Some(FileStatus::Skipped(
            SkipReason::NotRegular | SkipReason::SymlinkOutsideRoot
        ))
    ));
    for s in &slices {
        assert!(!s.found, "{s:?}");
        let reason = s.reason.as_deref().unwrap();
        assert!(
            reason.starts_with("not_regular") || reason.starts_with("outside_root"),
            "{reason}"
        );
    }
    let unmet = pack.json["omitted"]["unmet_slices"].as_array().unwrap();
    assert_eq!(unmet.len(), names.len(), "{}", pack.json);
    assert!(unmet.iter().all(|u| u["found"] == false));
    assert!(pack.text.contains("slice fifo.py not found (not_regular"));
}

/// A 50 MB file: refused as too large by slices and packs at once, never read whole.
#[test]
fn a_file_far_over_the_limit_is_refused_quickly() {
    let ws = Workspace::new(&[("a.py", INSIDE)]);
    let line = "x = 1  # padding padding padding padding padding padding padding\n";
    let big = line.repeat(50 * 1024 * 1024 / line.len());
    ws.write("big.py", big.as_bytes());
    let root = ws.root().to_path_buf();
    let started = Instant::now();
    let (slices, pack, status) = within(Duration::from_secs(20), move || {
        let dir = Root::open(&root).unwrap();
        let slices = slice::assemble(
            &dir,
            &[slice_req("big.py", None), slice_req("big.py", Some("x"))],
        )
        .unwrap();
        let index = index::build(&root).unwrap();
        let pack = request::context(
            &index,
            &ContextRequest {
                slices: vec![slice_req("big.py", None)],
                ..ContextRequest::new(Target::Slices)
            },
        )
        .unwrap();
        (slices, pack, index.status("big.py"))
    });
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
    assert_eq!(status, Some(FileStatus::Skipped(SkipReason::TooLarge)));
    for s in &slices {
        assert!(!s.found);
        assert!(
            s.reason.as_deref().unwrap().starts_with("too_large: 52428"),
            "{s:?}"
        );
    }
    assert!(pack.text.contains("slice big.py not found (too_large"));
}

/// Unmet pinned slices are named in the pack with found: false and their reason; an unknown
/// symbol shows nothing rather than the file's head under that name.
#[test]
fn unmet_pins_never_vanish_from_a_pack() {
    let ws = Workspace::new(&[("a.py", INSIDE)]);
    let index = index::build(ws.root()).unwrap();
    let pack = request::context(
        &index,
        &ContextRequest {
            slices: vec![
                slice_req("nope.py", None),
                slice_req(".", None),
                slice_req("a.py", Some("missing")),
            ],
            ..ContextRequest::new(Target::Slices)
        },
    )
    .unwrap();
    let unmet = pack.json["omitted"]["unmet_slices"].as_array().unwrap();
    let reasons: Vec<(&str, &str)> = unmet
        .iter()
        .map(|u| {
            assert_eq!(u["found"], false);
            (u["path"].as_str().unwrap(), u["reason"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        reasons,
        [
            ("nope.py", "not_found"),
            (".", "is_directory"),
            ("a.py", "symbol missing not found in a.py"),
        ]
    );
    assert_eq!(pack.json["items"].as_array().unwrap().len(), 0);
    assert!(!pack.text.contains("def target"), "{}", pack.text);
    assert!(pack.text.contains("slice a.py:missing not found"));
}

/// The stored index replaced by a named pipe or a link to /dev/zero: reported, rebuilt,
/// stored again, and never a hang.
#[test]
fn special_files_in_place_of_the_cache_are_rebuilt() {
    let ws = Workspace::new(&[("a.py", INSIDE)]);
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(dir.path(), ws.root());
    for (kind, expected) in [
        ("fifo", "is not a regular file"),
        ("zero", "is a symbolic link"),
    ] {
        let _ = std::fs::remove_file(cache.file());
        match kind {
            "fifo" => fifo(cache.file()),
            _ => std::os::unix::fs::symlink("/dev/zero", cache.file()).unwrap(),
        }
        let (root, c) = (ws.dir(), cache.clone());
        let opened = within(Duration::from_secs(20), move || {
            cache::open(
                &root,
                &IndexOptions::default(),
                Some(&c),
                &Progress::default(),
            )
            .unwrap()
        });
        assert_eq!(opened.report.state, CacheState::Invalid, "{kind}");
        let warning = opened.warning.unwrap();
        assert!(warning.contains(expected), "{kind}: {warning}");
        assert!(opened.needs_save);
        cache.save(&opened.index).unwrap();
        let again = cache::open(
            &ws.dir(),
            &IndexOptions::default(),
            Some(&cache),
            &Progress::default(),
        )
        .unwrap();
        assert_eq!(again.report.state, CacheState::Hit, "{kind}");
    }
}

/// A file whose name is not UTF-8 is listed as skipped with its reason, not left out.
#[test]
fn names_that_are_not_utf8_are_listed_as_skipped() {
    use std::os::unix::ffi::OsStrExt;
    let ws = Workspace::new(&[("a.py", INSIDE)]);
    let name = std::ffi::OsStr::from_bytes(b"bad\xff.py");
    std::fs::write(ws.root().join(name), "x = 1\n").unwrap();
    let index = index::build(ws.root()).unwrap();
    let bad: Vec<_> = index
        .files()
        .iter()
        .filter(|f| f.path.starts_with("bad"))
        .collect();
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].path, "bad\u{fffd}.py");
    assert_eq!(bad[0].status, FileStatus::Skipped(SkipReason::NameNotUtf8));
}

/// Ignore files the walker would read by path (a `.gitignore` that is a pipe, an `.ignore`
/// linked to /dev/zero, a `.git` file pointing at a pipe): their directory is listed as
/// skipped, never entered; at the root the build says which file to remove. No hang.
#[test]
fn special_ignore_files_never_block_the_walk() {
    let ws = Workspace::new(&[
        ("a.py", INSIDE),
        ("sub/b.py", INSIDE),
        ("sub2/c.py", INSIDE),
        ("sub3/d.py", INSIDE),
        ("gitdir/x.md", ""),
    ]);
    fifo(&ws.path("sub/.gitignore"));
    std::os::unix::fs::symlink("/dev/zero", ws.path("sub2/.ignore")).unwrap();
    fifo(&ws.path("gitdir/commondir"));
    let git_file = format!("gitdir: {}\n", ws.path("gitdir").display());
    ws.write("sub3/.git", git_file.as_bytes());
    let root = ws.root().to_path_buf();
    let (built, refreshed) = within(Duration::from_secs(20), move || {
        let built = index::build(&root).unwrap();
        let statuses = |index: &index::Index| -> Vec<(String, String)> {
            index
                .files()
                .iter()
                .map(|f| (f.path.clone(), f.status.label()))
                .collect()
        };
        let first = statuses(&built);
        let refreshed = index::refresh(built, &IndexOptions::default()).unwrap();
        (first, statuses(&refreshed))
    });
    let skipped = "skipped(ignore-file-not-regular)".to_string();
    let expected = vec![
        ("a.py".to_string(), "parsed".to_string()),
        (
            "gitdir/commondir".to_string(),
            "skipped(not-regular)".to_string(),
        ),
        ("gitdir/x.md".to_string(), "text".to_string()),
        ("sub".to_string(), skipped.clone()),
        ("sub2".to_string(), skipped.clone()),
        ("sub3".to_string(), skipped),
    ];
    assert_eq!(built, expected);
    assert_eq!(refreshed, expected);
    fifo(&ws.path(".ignore"));
    let root = ws.root().to_path_buf();
    let error = within(Duration::from_secs(20), move || {
        index::build(&root).unwrap_err()
    });
    assert_eq!(error.code, gather::ErrorCode::IoError);
    assert!(
        error.message.contains(".ignore is not a regular file"),
        "{error}"
    );
}
