//! Slice assembly: named symbols, line hints, ranges, heads and fallbacks.

use crate::common;

use common::{req, req_at, Workspace, PY, RS};
use gather::lines::LineRange;
use gather::slice::{assemble, SliceRequest};
use gather::ErrorCode;

fn sym(path: &str, symbol: &str) -> SliceRequest {
    SliceRequest {
        symbol: Some(symbol.to_string()),
        ..req(path)
    }
}

const JS: &str = "// Greets.\nfunction greet(name) {\n  if (name) {\n    return `hi ${name}`;\n  }\n  return 'hi';\n}\n\nclass Greeter {\n  constructor() {\n    this.n = 0;\n  }\n}\n";

#[test]
fn empty_requests_give_empty_result() {
    let ws = Workspace::new(&[("a.py", PY)]);
    assert!(assemble(&ws.dir(), &[]).unwrap().is_empty());
}

#[test]
fn named_symbol_gives_correct_lines() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let slices = assemble(&ws.dir(), &[sym("a.py", "parse")]).unwrap();
    assert_eq!((slices[0].line_start, slices[0].line_end), (4, 6));
    assert_eq!(
        slices[0].content,
        "def parse(text):\n    \"\"\"Parses text.\"\"\"\n    return text.split()"
    );
    assert_eq!(slices[0].symbol.as_deref(), Some("parse"));
    assert!(slices[0].found);
}

#[test]
fn qualified_symbol_picks_the_method() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let slices = assemble(&ws.dir(), &[sym("a.py", "Client.close")]).unwrap();
    assert_eq!((slices[0].line_start, slices[0].line_end), (13, 14));
}

#[test]
fn unknown_symbol_shows_nothing_and_says_why() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let mut request = sym("a.py", "pars");
    request.head_lines = Some(3);
    let slices = assemble(&ws.dir(), &[request]).unwrap();
    assert!(!slices[0].found);
    assert_eq!((slices[0].line_start, slices[0].line_end), (0, 0));
    assert_eq!(slices[0].content, "");
    assert_eq!(
        slices[0].reason.as_deref(),
        Some("symbol pars not found in a.py (similar: parse)")
    );
}

#[test]
fn line_range_gives_correct_lines() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let request = SliceRequest {
        lines: Some(LineRange::new(9, 11)),
        ..req("a.py")
    };
    let slices = assemble(&ws.dir(), &[request]).unwrap();
    assert_eq!(
        slices[0].content,
        "class Client:\n    def send(self, data):\n        return len(data)"
    );
}

#[test]
fn line_hint_gives_the_innermost_symbol() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let request = req_at("a.py", 11);
    let slices = assemble(&ws.dir(), &[request]).unwrap();
    assert_eq!(slices[0].symbol.as_deref(), Some("Client.send"));
    assert_eq!((slices[0].line_start, slices[0].line_end), (10, 11));
}

#[test]
fn line_hint_outside_symbols_gives_a_window() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let request = SliceRequest {
        line_hint: Some(2),
        head_lines: Some(4),
        ..req("a.py")
    };
    let slices = assemble(&ws.dir(), &[request]).unwrap();
    assert!(slices[0].found);
    assert_eq!(slices[0].symbol, None);
    assert_eq!((slices[0].line_start, slices[0].line_end), (1, 4));
}

#[test]
fn same_name_picks_nearest_hint_and_lists_others() {
    let text = "def run():\n    return 1\n\n\ndef run():\n    return 2\n";
    let ws = Workspace::new(&[("a.py", text)]);
    let first = assemble(&ws.dir(), &[sym("a.py", "run")]).unwrap();
    assert_eq!(first[0].line_start, 1);
    assert!(first[0].note.as_deref().unwrap().contains("5-6"));
    let hinted = SliceRequest {
        line_hint: Some(6),
        ..sym("a.py", "run")
    };
    assert_eq!(assemble(&ws.dir(), &[hinted]).unwrap()[0].line_start, 5);
}

#[test]
fn content_non_empty_on_success() {
    let ws = Workspace::new(&[("a.py", PY), ("b.rs", RS)]);
    let slices = assemble(
        &ws.dir(),
        &[sym("a.py", "Client"), sym("b.rs", "load"), req("b.rs")],
    )
    .unwrap();
    for slice in &slices {
        assert!(slice.found);
        assert!(!slice.content.trim().is_empty());
    }
}

#[test]
fn found_is_false_when_the_symbol_is_missing() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let slices = assemble(
        &ws.dir(),
        &[sym("a.py", "missing_fn"), sym("a.py", "parse")],
    )
    .unwrap();
    assert!(!slices[0].found);
    assert!(slices[1].found);
}

#[test]
fn multiple_requests_all_processed() {
    let ws = Workspace::new(&[("a.py", PY), ("b.rs", RS)]);
    let requests = [
        sym("a.py", "parse"),
        sym("b.rs", "Config"),
        req("nope.py"),
        sym("a.py", "Client.send"),
    ];
    let slices = assemble(&ws.dir(), &requests).unwrap();
    assert_eq!(slices.len(), 4);
    let files: Vec<&str> = slices.iter().map(|s| s.file.as_str()).collect();
    assert_eq!(files, ["a.py", "b.rs", "nope.py", "a.py"]);
    assert_eq!(slices[2].reason.as_deref(), Some("not_found"));
    assert!(!slices[2].found);
}

#[test]
fn head_fallback_respects_head_lines() {
    let ws = Workspace::new(&[("a.py", PY)]);
    for n in [1u32, 5, 14, 100] {
        let request = SliceRequest {
            head_lines: Some(n),
            ..req("a.py")
        };
        let slice = &assemble(&ws.dir(), &[request]).unwrap()[0];
        assert_eq!(slice.line_end, n.min(14));
        assert_eq!(gather::lines::count(&slice.content), n.min(14));
    }
}

#[test]
fn function_slice_includes_the_closing_brace() {
    let ws = Workspace::new(&[("a.js", JS)]);
    let slice = &assemble(&ws.dir(), &[sym("a.js", "greet")]).unwrap()[0];
    assert_eq!((slice.line_start, slice.line_end), (1, 7));
    assert!(slice.content.starts_with("// Greets.\nfunction greet"));
    assert!(slice.content.ends_with("  return 'hi';\n}"));
}

#[test]
fn class_slice_includes_the_closing_brace() {
    let ws = Workspace::new(&[("a.js", JS), ("b.rs", RS)]);
    let slices = assemble(&ws.dir(), &[sym("a.js", "Greeter"), sym("b.rs", "Config")]).unwrap();
    assert_eq!((slices[0].line_start, slices[0].line_end), (9, 13));
    assert!(slices[0].content.ends_with("  }\n}"));
    assert_eq!(slices[1].content.lines().last(), Some("}"));
}

#[test]
fn file_path_preserved() {
    let ws = Workspace::new(&[("src/deep/a.py", PY)]);
    let slices = assemble(
        &ws.dir(),
        &[
            sym("src/deep/a.py", "parse"),
            sym("./src/deep/a.py", "parse"),
        ],
    )
    .unwrap();
    assert_eq!(slices[0].file, "src/deep/a.py");
    assert_eq!(slices[1].file, "src/deep/a.py");
}

#[test]
fn content_is_a_valid_utf8_substring_of_the_source() {
    let text = "// Ünïcödé ☃\nfn grüß() -> &'static str {\n    \"日本語 🎉\"\n}\n\nfn after() {}\n";
    let ws = Workspace::new(&[("u.rs", text)]);
    let requests = [
        sym("u.rs", "grüß"),
        req("u.rs"),
        SliceRequest {
            lines: Some(LineRange::new(3, 3)),
            ..req("u.rs")
        },
    ];
    for slice in assemble(&ws.dir(), &requests).unwrap() {
        assert!(!slice.content.is_empty());
        assert!(text.contains(&slice.content), "{:?}", slice.content);
    }
}

#[test]
fn outside_root_is_refused() {
    let ws = Workspace::new(&[("a.py", PY)]);
    for bad in ["../a.py", "/etc/hostname", "x/../../a.py"] {
        let err = assemble(&ws.dir(), &[req("a.py"), req(bad)]).unwrap_err();
        assert_eq!(err.code, ErrorCode::OutsideRoot, "{bad}");
    }
}

#[test]
fn a_call_asking_for_too_many_slices_or_too_long_a_name_is_refused() {
    let ws = Workspace::new(&[("a.py", PY)]);
    let many: Vec<SliceRequest> = (1..=gather::slice::MAX_SLICES as u32 + 1)
        .map(|n| SliceRequest {
            lines: Some(LineRange::new(1, n)),
            ..req("a.py")
        })
        .collect();
    let error = assemble(&ws.dir(), &many).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    assert!(assemble(&ws.dir(), &many[..gather::slice::MAX_SLICES]).is_ok());

    let long = "q".repeat(gather::index::MAX_NAME_PART_BYTES + 1);
    let error = assemble(&ws.dir(), &[sym("a.py", &long)]).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    // The message does not echo the name back.
    assert!(error.message.len() < 200, "{}", error.message);
}

#[test]
fn slices_past_the_total_size_are_named_and_empty() {
    // A 1 MiB file of 1 KiB lines, asked for whole under 40 different ranges: 40 MiB of
    // copies, past what one call holds.
    let line = format!("# {}\n", "x".repeat(1021));
    let big = line.repeat(1024);
    let ws = Workspace::new(&[("big.py", &big)]);
    let requests: Vec<SliceRequest> = (0..40)
        .map(|n| SliceRequest {
            lines: Some(LineRange::new(1, 1024 - n)),
            ..req("big.py")
        })
        .collect();
    let slices = assemble(&ws.dir(), &requests).unwrap();
    assert_eq!(slices.len(), 40);
    let held: usize = slices.iter().map(|s| s.content.len()).sum();
    assert!(held <= gather::slice::MAX_TOTAL_BYTES);
    assert!(slices[0].found && slices[0].content.len() == big.len() - 1);
    let last = slices.last().unwrap();
    assert!(!last.found && last.content.is_empty() && last.line_start == 0);
    assert!(last
        .reason
        .as_deref()
        .unwrap()
        .contains("ask for fewer lines"));
}
