//! Bad input never panics: it is skipped with a reason, refused with a code, or shown as
//! a `found: false` slice.

use crate::common;

use common::{assert_skipped, req, req_at, Workspace, PY};
use gather::index::{self, FileStatus, SkipReason};
use gather::lines::LineRange;
use gather::slice::{assemble, SliceRequest};
use gather::ErrorCode;

#[test]
fn binary_file_is_skipped_with_a_reason() {
    let ws = Workspace::new(&[("ok.py", PY)]);
    ws.write("blob.py", b"def f():\0\x01\x02 pass\n");
    let index = index::build(ws.root()).unwrap();
    assert_skipped(&index, "blob.py", SkipReason::Binary);
    assert_eq!(index.file_count(), 1);
    let slice = &assemble(&ws.dir(), &[req("blob.py")]).unwrap()[0];
    assert!(!slice.found);
    assert_eq!(slice.reason.as_deref(), Some("binary"));
}

#[test]
fn invalid_utf8_is_skipped_with_a_reason() {
    let ws = Workspace::new(&[]);
    ws.write("latin1.py", b"def caf\xe9():\n    pass\n");
    let index = index::build(ws.root()).unwrap();
    assert_skipped(&index, "latin1.py", SkipReason::InvalidUtf8);
    let slice = &assemble(&ws.dir(), &[req("latin1.py")]).unwrap()[0];
    assert_eq!(slice.reason.as_deref(), Some("invalid_utf8"));
}

#[test]
fn ten_mib_file_is_skipped_as_too_large() {
    let ws = Workspace::new(&[("small.py", PY)]);
    let big = "x = 1\n".repeat(10 * 1024 * 1024 / 6 + 1);
    ws.write("big.py", big.as_bytes());
    let index = index::build(ws.root()).unwrap();
    assert_skipped(&index, "big.py", SkipReason::TooLarge);
    assert_eq!(index.status("small.py"), Some(FileStatus::Parsed));
    assert_eq!(index.file("big.py").unwrap().size, big.len() as u64);
    // The limit is a setting: a lower one skips the small file too.
    let options = index::IndexOptions {
        walk: gather::walk::WalkOptions { max_file_size: 16 },
    };
    let index = index::build_with(ws.root(), &options).unwrap();
    assert_skipped(&index, "small.py", SkipReason::TooLarge);
}

#[cfg(unix)]
#[test]
fn symlink_out_of_the_root_is_not_followed() {
    let outside = Workspace::new(&[("secret.py", "def secret():\n    pass\n")]);
    let ws = Workspace::new(&[("a.py", PY)]);
    std::os::unix::fs::symlink(outside.path("secret.py"), ws.path("link.py")).unwrap();
    std::os::unix::fs::symlink(outside.root(), ws.path("linkdir")).unwrap();
    let index = index::build(ws.root()).unwrap();
    assert_skipped(&index, "link.py", SkipReason::SymlinkOutsideRoot);
    assert!(index.find("secret").is_empty());
    for path in ["link.py", "linkdir/secret.py"] {
        let err = assemble(&ws.dir(), &[req(path)]).unwrap_err();
        assert_eq!(err.code, ErrorCode::OutsideRoot, "{path}");
    }
}

#[test]
fn parent_paths_are_refused() {
    let ws = Workspace::new(&[("a/b.py", PY)]);
    assert_eq!(
        assemble(&ws.dir(), &[req("../b.py")]).unwrap_err().code,
        ErrorCode::OutsideRoot
    );
    assert_eq!(
        assemble(&ws.dir(), &[req("a/../../b.py")])
            .unwrap_err()
            .code,
        ErrorCode::OutsideRoot
    );
    // `..` that stays inside the root is fine.
    assert!(assemble(&ws.dir(), &[req("a/../a/b.py")]).unwrap()[0].found);
}

#[test]
fn line_hint_past_the_end_is_not_found_with_a_reason() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let request = req_at("a.py", 500);
    let slice = &assemble(&ws.dir(), &[request]).unwrap()[0];
    assert!(!slice.found);
    assert!(slice.reason.as_deref().unwrap().contains("500"));
    assert_eq!(slice.line_start, 1);
    let request = SliceRequest {
        lines: Some(LineRange::new(90, 95)),
        ..req("a.py")
    };
    assert!(!assemble(&ws.dir(), &[request]).unwrap()[0].found);
    let request = SliceRequest {
        lines: Some(LineRange::new(12, 95)),
        ..req("a.py")
    };
    let slice = &assemble(&ws.dir(), &[request]).unwrap()[0];
    assert!(slice.found);
    assert_eq!((slice.line_start, slice.line_end), (12, 14));
}

#[test]
fn empty_file_gives_an_empty_slice() {
    let ws = Workspace::new(&[("empty.py", "")]);
    let index = index::build(ws.root()).unwrap();
    assert_eq!(index.status("empty.py"), Some(FileStatus::Parsed));
    assert_eq!(index.file("empty.py").unwrap().n_lines, 0);
    let requests = [
        req("empty.py"),
        req_at("empty.py", 1),
        SliceRequest {
            symbol: Some("f".into()),
            ..req("empty.py")
        },
    ];
    let slices = assemble(&ws.dir(), &requests).unwrap();
    assert!(slices[0].found);
    assert_eq!(slices[0].content, "");
    assert_eq!((slices[0].line_start, slices[0].line_end), (0, 0));
    assert!(!slices[1].found);
    assert!(!slices[2].found);
}

#[test]
fn file_without_trailing_newline() {
    let ws = Workspace::new(&[("a.rs", "fn first() {}\nfn last() -> u8 {\n    1\n}")]);
    let slice = &assemble(
        &ws.dir(),
        &[SliceRequest {
            symbol: Some("last".into()),
            ..req("a.rs")
        }],
    )
    .unwrap()[0];
    assert_eq!((slice.line_start, slice.line_end), (2, 4));
    assert_eq!(slice.content, "fn last() -> u8 {\n    1\n}");
    let index = index::build(ws.root()).unwrap();
    assert_eq!(index.file("a.rs").unwrap().n_lines, 4);
}

#[test]
fn crlf_line_endings_are_preserved() {
    let text = "def a():\r\n    return 1\r\n\r\n\r\ndef b():\r\n    return 2\r\n";
    let ws = Workspace::new(&[("crlf.py", text)]);
    let slices = assemble(
        &ws.dir(),
        &[
            SliceRequest {
                symbol: Some("b".into()),
                ..req("crlf.py")
            },
            req("crlf.py"),
        ],
    )
    .unwrap();
    assert_eq!((slices[0].line_start, slices[0].line_end), (5, 6));
    assert_eq!(slices[0].content, "def b():\r\n    return 2");
    assert!(text.contains(&slices[1].content));
    assert_eq!(gather::lines::count(&slices[1].content), 6);
}

#[test]
fn multibyte_characters_at_every_cut_point() {
    // Every line starts and ends with a multi-byte character, so any cut that is not on
    // a line boundary would split one.
    let mut text = String::new();
    for i in 0..30 {
        text.push_str(&format!("é{i}日本🎉\n"));
    }
    text.push_str("fn ünï() {\n    \"ß\"\n}\n");
    let ws = Workspace::new(&[("m.rs", &text)]);
    let n = gather::lines::count(&text);
    let mut requests = Vec::new();
    for a in 1..=n + 1 {
        requests.push(SliceRequest {
            line_hint: Some(a),
            head_lines: Some(3),
            ..req("m.rs")
        });
        requests.push(SliceRequest {
            lines: Some(LineRange::new(a, a + 2)),
            ..req("m.rs")
        });
        requests.push(SliceRequest {
            head_lines: Some(a),
            ..req("m.rs")
        });
    }
    for slice in assemble(&ws.dir(), &requests).unwrap() {
        assert!(text.contains(&slice.content));
    }
    // And the budget never cuts inside a slice either.
    let slices = assemble(&ws.dir(), &requests).unwrap();
    let fitted = gather::slice::fit_slices(slices, gather::budget::Budget::Tokens(50));
    for slice in fitted.included {
        assert!(text.contains(&slice.content));
    }
}

#[test]
fn directory_and_missing_root() {
    let ws = Workspace::new(&[("d/a.py", PY)]);
    let slice = &assemble(&ws.dir(), &[req("d")]).unwrap()[0];
    assert!(!slice.found);
    assert_eq!(slice.reason.as_deref(), Some("is_directory"));
    let err = index::build(&ws.path("no/such/dir")).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotFound);
}

#[test]
fn garbage_source_still_parses_without_panic() {
    let junk = "fn (((( {{{{ ]]]] class def :::: \u{0}".replace('\u{0}', "");
    let ws = Workspace::new(&[
        ("j.rs", &junk),
        ("j.py", &junk),
        ("j.ts", &junk),
        ("j.go", &junk),
        ("j.kt", &junk),
    ]);
    let index = index::build(ws.root()).unwrap();
    assert_eq!(index.file_count(), 5);
}

#[test]
fn a_byte_order_mark_hides_no_definition_on_the_first_line() {
    let ws = Workspace::new(&[]);
    ws.write("a.py", "\u{FEFF}def first():\n    return 1\n".as_bytes());
    ws.write("b.jl", "\u{FEFF}function second()\n    2\nend\n".as_bytes());
    let index = index::build(ws.root()).unwrap();
    for (path, name) in [("a.py", "first"), ("b.jl", "second")] {
        let symbols = &index.file(path).unwrap().symbols;
        assert!(
            symbols.iter().any(|s| s.name == name && s.range.start == 1),
            "{path}: {symbols:?}"
        );
    }
    // A slice and a pack show the code without the mark.
    let slice = &assemble(&ws.dir(), &[req("a.py")]).unwrap()[0];
    assert!(
        slice.content.starts_with("def first"),
        "{:?}",
        slice.content
    );
    let request = gather::request::ContextRequest {
        budget: gather::budget::Budget::Lines(40),
        ..gather::request::ContextRequest::new(gather::request::Target::Symbol {
            name: "first".to_string(),
            path: Some("a.py".to_string()),
            line: None,
        })
    };
    let pack = gather::request::context(&index, &request).unwrap();
    assert!(!pack.text.contains('\u{FEFF}'), "{}", pack.text);
    assert!(pack.json["items"][0]["content"]
        .as_str()
        .unwrap()
        .starts_with("def first"));
}
