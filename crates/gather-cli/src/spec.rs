//! The slice SPEC syntax: `path`, `path:symbol`, `path:symbol@LINE` (the symbol whose range
//! starts at LINE, as re-requests name it; read by the library), `path:LINE`,
//! `path:START-END`.

use std::path::Path;

use gather::lines::LineRange;
use gather::slice::SliceRequest;
use gather::{Error, ErrorCode};

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
}
