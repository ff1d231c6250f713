//! The slice SPEC syntax: `path`, `path:symbol`, `path:symbol@LINE` (the symbol whose range
//! starts at LINE, as re-requests name it; read by the library), `path:LINE`,
//! `path:START-END`. [`zoom`](crate::pack::zoom) writes the re-request forms this reads.

use std::path::Path;

use crate::error::{Error, ErrorCode};
use crate::lines::LineRange;
use crate::slice::SliceRequest;

/// Parses one SPEC. A path that itself contains `:` is read up to the last `:` before
/// which a file is named (the whole spec, when it names one); otherwise the path ends at
/// the first `:`.
pub fn parse(spec: &str, root: &Path, head_lines: u32) -> Result<SliceRequest, Error> {
    let mut request = SliceRequest {
        head_lines: Some(head_lines),
        ..SliceRequest::default()
    };
    let (path, rest) = if root.join(spec).is_file() {
        (spec, None)
    } else {
        match spec
            .match_indices(':')
            .map(|(at, _)| (&spec[..at], &spec[at + 1..]))
            .rfind(|(path, _)| root.join(path).is_file())
            .or_else(|| spec.split_once(':'))
        {
            Some((path, rest)) => (path, Some(rest)),
            None => (spec, None),
        }
    };
    if path.trim().is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!(
                "slice {spec:?} has no path; use path, path:symbol, path:LINE or path:START-END"
            ),
        ));
    }
    request.path = path.to_string();
    let Some(rest) = rest.map(str::trim) else {
        return Ok(request);
    };
    if rest.is_empty() {
        return Ok(request);
    }
    if let Ok(line) = rest.parse::<u32>() {
        request.line_hint = Some(line);
    } else if let Some((a, b)) = rest
        .split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)))
    {
        if a == 0 || b < a {
            return Err(Error::new(
                ErrorCode::InvalidRequest,
                format!("slice {spec:?}: a range is START-END with 1 <= START <= END"),
            ));
        }
        request.lines = Some(LineRange::new(a, b));
    } else {
        request.symbol = Some(rest.to_string());
    }
    Ok(request)
}

/// How the fields form of a slice is spelled, for messages that say what to send.
pub const FIELDS_FORM: &str = r#"each item is {"path": "src/x.py", "symbol"?: "name" or "name@LINE", "line_hint"?: 12, "lines"?: "10-20", "head_lines"?: 40}"#;

/// A slice spelled as fields rather than one SPEC (the MCP `files` items): exact lines as
/// `lines` (`"START-END"` or `"N"`) or `line_start`/`line_end`, or a symbol with an optional
/// line hint, or a bare path. Numbers come as the caller read them; [`SliceFields::lower`]
/// checks them.
#[derive(Clone, Debug, Default)]
pub struct SliceFields {
    /// File, relative to the root (or absolute inside it).
    pub path: Option<String>,
    /// A definition in the file, plain or qualified, optionally `name@LINE`.
    pub symbol: Option<String>,
    /// Picks among same-named definitions, or alone the one containing the line.
    pub line_hint: Option<u64>,
    /// Exact lines, `"START-END"` or `"N"`.
    pub lines: Option<String>,
    /// First line of an exact range.
    pub line_start: Option<u64>,
    /// Last line of an exact range (with `line_start`).
    pub line_end: Option<u64>,
    /// Lines shown from the top when only the path is given.
    pub head_lines: Option<u64>,
}

impl SliceFields {
    /// The checked request of item `i` of a list; every message names the field by its
    /// place (`files[2].lines`).
    pub fn lower(self, i: usize) -> Result<SliceRequest, Error> {
        let at = |what: &str| format!("files[{i}].{what}");
        let path = self
            .path
            .ok_or_else(|| invalid(format!("files[{i}] has no path: {FIELDS_FORM}")))?;
        let range = match (self.lines, self.line_start, self.line_end) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(invalid(format!(
                    "files[{i}]: send lines or line_start/line_end, not both"
                )))
            }
            (Some(text), None, None) => Some(line_range(&text).ok_or_else(|| {
                invalid(format!(
                    "{} is {text:?}: send \"START-END\" with 1 <= START <= END, or one line \"N\"",
                    at("lines")
                ))
            })?),
            (None, Some(a), b) => {
                let start = line_number(a, &at("line_start"))?;
                let end = match b {
                    Some(b) => line_number(b, &at("line_end"))?,
                    None => start,
                };
                if end < start {
                    return Err(invalid(format!(
                        "{} is before {}",
                        at("line_end"),
                        at("line_start")
                    )));
                }
                Some(LineRange::new(start, end))
            }
            (None, None, Some(_)) => {
                return Err(invalid(format!("files[{i}]: line_end needs line_start")))
            }
            (None, None, None) => None,
        };
        // Exact lines name the slice by themselves: a symbol or a line hint beside them
        // would be dropped without a word.
        if range.is_some() && (self.symbol.is_some() || self.line_hint.is_some()) {
            return Err(invalid(format!(
                "files[{i}]: send lines (or line_start/line_end) alone, or a symbol with an optional line_hint, not both"
            )));
        }
        Ok(SliceRequest {
            path,
            symbol: self.symbol,
            line_hint: self
                .line_hint
                .map(|n| line_number(n, &at("line_hint")))
                .transpose()?,
            lines: range,
            head_lines: self
                .head_lines
                .map(|n| line_number(n, &at("head_lines")))
                .transpose()?,
        })
    }
}

/// `n` as a line number or count: 1 to `u32::MAX`, or an error naming `what`.
pub fn line_number(n: u64, what: &str) -> Result<u32, Error> {
    match u32::try_from(n) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(invalid(format!(
            "{what} must be a number from 1 to {}",
            u32::MAX
        ))),
    }
}

/// `"A-B"` or `"A"` as a line range, when 1 <= A <= B.
fn line_range(text: &str) -> Option<LineRange> {
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?),
        None => {
            let n = text.trim().parse::<u32>().ok()?;
            (n, n)
        }
    };
    (a >= 1 && a <= b).then(|| LineRange::new(a, b))
}

fn invalid(message: String) -> Error {
    Error::new(ErrorCode::InvalidRequest, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let root = Path::new("/nonexistent-root");
        let r = parse("src/a.rs", root, 40).unwrap();
        assert_eq!(
            (r.path.as_str(), r.symbol, r.line_hint, r.lines),
            ("src/a.rs", None, None, None)
        );
        let r = parse("src/a.rs:Client::send", root, 40).unwrap();
        assert_eq!(r.symbol.as_deref(), Some("Client::send"));
        // The exact re-request form: the library reads the line off the name.
        let r = parse("src/a.rs:Client::send@120", root, 40).unwrap();
        assert_eq!(r.symbol.as_deref(), Some("Client::send@120"));
        assert_eq!(parse("a.py:12", root, 40).unwrap().line_hint, Some(12));
        assert_eq!(
            parse("a.py:3-9", root, 40).unwrap().lines,
            Some(LineRange::new(3, 9))
        );
        assert_eq!(
            parse("a.py:9-3", root, 40).unwrap_err().code,
            ErrorCode::InvalidRequest
        );
        assert_eq!(
            parse(":x", root, 40).unwrap_err().code,
            ErrorCode::InvalidRequest
        );
    }

    #[test]
    fn a_path_holding_a_colon_is_read_as_its_re_requests_spell_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("d")).unwrap();
        std::fs::write(dir.path().join("d/a:b.py"), "def f():\n    pass\n").unwrap();
        let r = parse("d/a:b.py:5-50", dir.path(), 40).unwrap();
        assert_eq!(
            (r.path.as_str(), r.lines),
            ("d/a:b.py", Some(LineRange::new(5, 50)))
        );
        let r = parse("d/a:b.py:f@1", dir.path(), 40).unwrap();
        assert_eq!(
            (r.path.as_str(), r.symbol.as_deref()),
            ("d/a:b.py", Some("f@1"))
        );
        let r = parse("d/a:b.py", dir.path(), 40).unwrap();
        assert_eq!((r.path.as_str(), r.symbol), ("d/a:b.py", None));
        // With both `d/a` and `d/a:b.py` there, the longer path is the one meant.
        std::fs::write(dir.path().join("d/a"), "x = 1\n").unwrap();
        let r = parse("d/a:b.py:5-50", dir.path(), 40).unwrap();
        assert_eq!(r.path.as_str(), "d/a:b.py");
        // No prefix names a file: the path ends at the first colon.
        let r = parse("d/x.py:Client::send", dir.path(), 40).unwrap();
        assert_eq!(
            (r.path.as_str(), r.symbol.as_deref()),
            ("d/x.py", Some("Client::send"))
        );
    }

    #[test]
    fn fields_lower_to_the_request_a_spec_gives() {
        let root = Path::new("/nonexistent-root");
        let fields = |lines: &str| SliceFields {
            path: Some("a.py".into()),
            lines: Some(lines.into()),
            ..SliceFields::default()
        };
        let spec = parse("a.py:3-9", root, 40).unwrap();
        assert_eq!(fields("3-9").lower(0).unwrap().lines, spec.lines);
        assert_eq!(
            fields("7").lower(0).unwrap().lines,
            Some(LineRange::new(7, 7))
        );
        let err = fields("9-3").lower(2).unwrap_err();
        assert!(
            err.message.starts_with("files[2].lines is \"9-3\""),
            "{}",
            err.message
        );
        let both = SliceFields {
            symbol: Some("f".into()),
            ..fields("1-2")
        };
        assert!(both.lower(0).unwrap_err().message.contains("not both"));
        let backwards = SliceFields {
            path: Some("a.py".into()),
            line_start: Some(5),
            line_end: Some(4),
            ..SliceFields::default()
        };
        assert_eq!(
            backwards.lower(1).unwrap_err().message,
            "files[1].line_end is before files[1].line_start"
        );
        let zero = SliceFields {
            path: Some("a.py".into()),
            line_hint: Some(0),
            ..SliceFields::default()
        };
        assert!(zero
            .lower(0)
            .unwrap_err()
            .message
            .starts_with("files[0].line_hint must be"));
        assert!(SliceFields::default()
            .lower(3)
            .unwrap_err()
            .message
            .starts_with("files[3] has no path"));
    }
}
