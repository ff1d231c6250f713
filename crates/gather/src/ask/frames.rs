//! Stack frames and error messages in pasted output: the forms tracebacks take in the
//! supported languages. A frame names a file, a line and often a function outright, so a
//! frame inside the workspace is the strongest evidence a question can hold.
//!
//! Read forms (one frame per line, except where noted):
//! - Python: `File "p.py", line N, in f`; IPython: `p.py in f(args)` with the frame's line
//!   on a following `---> N` arrow;
//! - JavaScript: `at f (p.js:N:C)`, `at p.js:N:C`;
//! - Java, Kotlin, Scala: `at a.b.C.m(C.java:N)`;
//! - Go: `\tp/x.go:N +0x1d` under the `pkg.(*T).m(…)` line that names its function;
//! - Rust: `src/x.rs:N:C` (a panic's location, or `at` under a backtrace's `N: a::b::f`);
//! - C and C++ sanitizers and debuggers: `#0 0x… in f p.c:N:C`;
//! - any other `p.ext:N` whose extension is one the language table reads
//!   ([`gather_languages::extensions`]).
//!
//! Python lists the innermost call last and everything else lists it first, so each
//! Python traceback is reversed: frames come out innermost first.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Line;

/// Frames read from one question; a pasted log of thousands is cut here.
pub const MAX_FRAMES: usize = 64;

/// One stack frame: the path as printed, its line, and the function when the form names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The path as printed (absolute, relative, a library's), with `\` read as `/`.
    pub path: String,
    /// The frame's line, when printed.
    pub line: Option<Line>,
    /// The function's name (its last segment), when the form names one.
    pub function: Option<String>,
}

/// An error line: `ValueError: message`, `error: message`, `panic: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorLine {
    /// The exception or error type, when the line names one (`ValueError`).
    pub kind: Option<String>,
    /// The message after it.
    pub message: String,
}

static PYTHON: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"File "([^"]+)", line (\d+)(?:, in ([\w<>.]+))?"#).expect("valid pattern")
});
static IPYTHON: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(\S+\.py) in ([\w<>]+)\s*\(").expect("valid pattern"));
static ARROW: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*-+>\s*(\d+)").expect("valid pattern"));
static JAVA: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\bat ([\w$.]+)\.([\w$<>]+)\(([\w$]+\.(?:java|kt|scala|groovy)):(\d+)\)")
        .expect("valid pattern")
});
static JS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\bat (?:(?:async )?([\w$.<>\[\] ]+?) \()?([^()\s]+?\.[cm]?[jt]sx?):(\d+)(?::\d+)?\)?",
    )
    .expect("valid pattern")
});
static SANITIZER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"#\d+\s+0x[0-9a-fA-F]+ in (\S+) (\S+?):(\d+)(?::\d+)?\b").expect("valid pattern")
});
/// `p.ext:N`, for every extension of the language table.
static GENERIC: LazyLock<Regex> = LazyLock::new(|| {
    let extensions: Vec<String> = gather_languages::extensions().map(regex::escape).collect();
    Regex::new(&format!(
        r"([\w./\\@~+-]*[\w-]\.(?:{})):(\d+)\b",
        extensions.join("|")
    ))
    .expect("valid pattern")
});
/// A Go frame's function line (`main.(*Server).handle(0x1, …)`) or a Rust backtrace's
/// (`  12: mycrate::module::func`).
static FUNCTION_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:\d+:\s+)?(\S+?)(?:\([^()]*\))?\s*$").expect("valid pattern")
});
static ERROR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:[\w.]+\.)?([A-Z]\w*(?:Error|Exception|Warning|Fault|Exit|Interrupt)|error(?:\[\w+\])?|panic|fatal error|Error)\s*:\s+(\S.*)$",
    )
    .expect("valid pattern")
});

/// Every frame of `text`, innermost first within each traceback, at most [`MAX_FRAMES`].
pub fn read(text: &str) -> Vec<Frame> {
    let lines: Vec<&str> = text.lines().collect();
    let mut frames = Vec::new();
    // The current Python traceback's frames, reversed when it ends.
    let mut traceback: Vec<Frame> = Vec::new();
    let flush = |traceback: &mut Vec<Frame>, frames: &mut Vec<Frame>| {
        frames.extend(traceback.drain(..).rev());
    };
    for (i, line) in lines.iter().enumerate() {
        if frames.len() + traceback.len() >= MAX_FRAMES {
            break;
        }
        if line.contains("Traceback") {
            flush(&mut traceback, &mut frames);
        }
        if let Some(frame) = python_frame(&lines, i) {
            traceback.push(frame);
            continue;
        }
        if let Some(frame) = other_frame(&lines, i) {
            flush(&mut traceback, &mut frames);
            frames.push(frame);
        }
    }
    flush(&mut traceback, &mut frames);
    frames.truncate(MAX_FRAMES);
    let mut seen = std::collections::HashSet::new();
    frames.retain(|f| seen.insert((f.path.clone(), f.line, f.function.clone())));
    frames
}

/// Whether `text` holds a stack frame; it stops at the first.
pub fn any(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    (0..lines.len()).any(|i| python_frame(&lines, i).is_some() || other_frame(&lines, i).is_some())
}

fn python_frame(lines: &[&str], i: usize) -> Option<Frame> {
    let line = lines[i];
    if let Some(c) = PYTHON.captures(line) {
        return Some(Frame {
            path: slashes(&c[1]),
            line: c[2].parse().ok(),
            function: c.get(3).and_then(|f| function_name(f.as_str())),
        });
    }
    let c = IPYTHON.captures(line)?;
    // The frame's line is the arrow in the few lines of source printed under it.
    let line_no = lines[i + 1..]
        .iter()
        .take(12)
        .take_while(|l| !IPYTHON.is_match(l))
        .find_map(|l| ARROW.captures(l).and_then(|a| a[1].parse().ok()));
    Some(Frame {
        path: slashes(&c[1]),
        line: line_no,
        function: function_name(&c[2]),
    })
}

fn other_frame(lines: &[&str], i: usize) -> Option<Frame> {
    let line = lines[i];
    if let Some(c) = JAVA.captures(line) {
        // The package's directories, then the file the frame names.
        let package = c[1].rsplit_once('.').map_or("", |(p, _)| p);
        let dir = package.replace('.', "/");
        let path = if dir.is_empty() {
            c[3].to_string()
        } else {
            format!("{dir}/{}", &c[3])
        };
        return Some(Frame {
            path,
            line: c[4].parse().ok(),
            function: function_name(&c[2]),
        });
    }
    if let Some(c) = SANITIZER.captures(line) {
        return Some(Frame {
            path: slashes(&c[2]),
            line: c[3].parse().ok(),
            function: function_name(&c[1]),
        });
    }
    if let Some(c) = JS.captures(line) {
        return Some(Frame {
            path: slashes(c[2].trim_start_matches("file://")),
            line: c[3].parse().ok(),
            function: c.get(1).and_then(|f| function_name(f.as_str())),
        });
    }
    let c = GENERIC.captures(line)?;
    // Go and Rust backtraces name the function on the line above the location.
    let function = i
        .checked_sub(1)
        .and_then(|above| FUNCTION_LINE.captures(lines[above]))
        .filter(|_| line.trim_start().starts_with(['/', '.', 'a', '\t']) || line.starts_with(' '))
        .and_then(|f| function_name(&f[1]));
    Some(Frame {
        path: slashes(&c[1]),
        line: c[2].parse().ok(),
        function,
    })
}

/// The last segment of a printed function name, without receivers, generics or
/// placeholders: `main.(*Server).handle` → `handle`, `a::b::f` → `f`, `<module>` → none.
fn function_name(raw: &str) -> Option<String> {
    let raw = raw.trim().trim_end_matches("()");
    let last = raw
        .rsplit(['.', ':', '/', ' '])
        .find(|s| !s.is_empty())
        .unwrap_or(raw);
    let last = last.trim_matches(['(', ')', '*']);
    let ident = !last.is_empty()
        && last
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
        && !last.as_bytes()[0].is_ascii_digit();
    (ident && last != "anonymous").then(|| last.to_string())
}

fn slashes(path: &str) -> String {
    path.replace('\\', "/")
}

/// The error lines of `text` (`KeyError: 'x'`, `error[E0308]: mismatched types`), at
/// most `cap`.
pub fn errors(text: &str, cap: usize) -> Vec<ErrorLine> {
    let mut out: Vec<ErrorLine> = Vec::new();
    for line in text.lines() {
        if out.len() >= cap {
            break;
        }
        let Some(c) = ERROR.captures(line) else {
            continue;
        };
        let kind = &c[1];
        let kind = (kind.bytes().next().is_some_and(|b| b.is_ascii_uppercase()) && kind != "Error")
            .then(|| kind.to_string());
        let error = ErrorLine {
            kind,
            message: c[2].trim().to_string(),
        };
        if !out.contains(&error) {
            out.push(error);
        }
    }
    out
}

/// The longest run of plain words in an error message: the part a format string in the
/// source holds verbatim (`invalid literal for int() with base 10: 'x'` → `invalid literal
/// for int`), or none when no run has three words.
pub fn message_literal(message: &str) -> Option<String> {
    let mut best: Option<&str> = None;
    for piece in message.split(|c: char| "'\"`{}()[]<>:;,=|%".contains(c) || c.is_ascii_digit()) {
        let piece = piece.trim().trim_end_matches('.');
        let words = piece.split_whitespace().count();
        if words >= 3 && best.is_none_or(|b| piece.len() > b.len()) {
            best = Some(piece);
        }
    }
    best.map(|b| b.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(path: &str, line: Line, function: Option<&str>) -> Frame {
        Frame {
            path: path.into(),
            line: Some(line),
            function: function.map(Into::into),
        }
    }

    #[test]
    fn python_tracebacks_come_out_innermost_first() {
        let text = "Traceback (most recent call last):\n  File \"/usr/lib/site-packages/pkg/a.py\", line 10, in outer\n    inner()\n  File \"pkg/b.py\", line 20, in inner\n    raise ValueError('bad value here')\nValueError: bad value here\n";
        assert_eq!(
            read(text),
            [
                frame("pkg/b.py", 20, Some("inner")),
                frame("/usr/lib/site-packages/pkg/a.py", 10, Some("outer")),
            ]
        );
        assert_eq!(
            errors(text, 4),
            [ErrorLine {
                kind: Some("ValueError".into()),
                message: "bad value here".into()
            }]
        );
    }

    #[test]
    fn ipython_frames_take_their_line_from_the_arrow() {
        let text = "~/env/lib/python3.9/site-packages/matplotlib/axis.py in convert_units(self, x)\n   1505         try:\n-> 1506             ret = f(x)\n   1507         except Exception as e:\n";
        assert_eq!(
            read(text),
            [frame(
                "~/env/lib/python3.9/site-packages/matplotlib/axis.py",
                1506,
                Some("convert_units")
            )]
        );
    }

    #[test]
    fn frames_of_other_languages_are_read() {
        let rows = [
            (
                "TypeError: x is undefined\n    at parseBody (/app/lib/body.js:12:7)\n    at /app/lib/router.js:40:3\n",
                vec![
                    frame("/app/lib/body.js", 12, Some("parseBody")),
                    frame("/app/lib/router.js", 40, None),
                ],
            ),
            (
                "java.lang.IllegalStateException: boom\n\tat com.google.gson.Gson.fromJson(Gson.java:932)\n",
                vec![frame("com/google/gson/Gson.java", 932, Some("fromJson"))],
            ),
            (
                "goroutine 1 [running]:\ngithub.com/x/gin.(*Engine).handle(0xc000)\n\t/home/u/gin/gin.go:591 +0x1d\n",
                vec![frame("/home/u/gin/gin.go", 591, Some("handle"))],
            ),
            (
                "thread 'main' panicked at src/search.rs:12:5:\nindex out of bounds\n",
                vec![frame("src/search.rs", 12, None)],
            ),
            (
                "    #0 0x4005d4 in jv_parse_sized src/jv_parse.c:880:3\n",
                vec![frame("src/jv_parse.c", 880, Some("jv_parse_sized"))],
            ),
        ];
        for (text, frames) in rows {
            assert_eq!(read(text), frames, "{text}");
        }
    }

    #[test]
    fn a_frame_in_any_language_the_table_reads_is_read() {
        let ocaml = "Fatal error: exception Not_found\nRaised at Stdlib__Map.find in file \"map.ml\", line 141\nCalled from lib/x.ml:12\n";
        assert_eq!(read(ocaml), [frame("lib/x.ml", 12, None)]);
        let stub =
            "error: Incompatible types in assignment\n  pkg/api.pyi:40: note: defined here\n";
        assert_eq!(read(stub), [frame("pkg/api.pyi", 40, None)]);
        for (ext, language) in [
            ("R", "r"),
            ("sol", "solidity"),
            ("sh", "bash"),
            ("mts", "typescript"),
            ("kts", "kotlin"),
        ] {
            let text = format!("failed at src/tool.{ext}:7\n");
            assert_eq!(
                read(&text),
                [frame(&format!("src/tool.{ext}"), 7, None)],
                "{language}"
            );
        }
        // A host with a port, a text file, a version: no frames.
        assert!(read("see http://example.com:8080/x and notes.txt:3 or v1.2:3\n").is_empty());
    }

    #[test]
    fn every_extension_of_the_language_table_is_read_in_a_frame() {
        let extensions: Vec<&str> = gather_languages::extensions().collect();
        assert!(extensions.len() > 40, "{extensions:?}");
        for ext in extensions {
            let path = format!("src/deep/tool.{ext}");
            // The generic form, a Go-style tab, and a sanitizer's frame.
            assert_eq!(
                read(&format!("error at {path}:31\n")),
                [frame(&path, 31, None)],
                "{ext}"
            );
            assert_eq!(
                read(&format!("main.run()\n\t/{path}:9 +0x1d\n")),
                [frame(&format!("/{path}"), 9, Some("run"))],
                "{ext}"
            );
            assert_eq!(
                read(&format!("    #1 0x4005d4 in step {path}:5:2\n")),
                [frame(&path, 5, Some("step"))],
                "{ext}"
            );
        }
    }

    #[test]
    fn a_message_gives_its_longest_plain_run() {
        assert_eq!(
            message_literal("invalid literal for int() with base 10: 'abc'").as_deref(),
            Some("invalid literal for int")
        );
        assert_eq!(message_literal("'x'"), None);
    }
}
