//! A client's root URI as a directory path: `file://` URIs only (RFC 8089), with an empty
//! or `localhost` authority, percent-escapes decoded. Anything else is refused with the
//! reason, which the server shows: a root it cannot read as a local directory is never
//! guessed at.

use std::path::PathBuf;

/// The longest URI read; a longer one is refused rather than decoded.
pub const MAX_URI: usize = 4096;

const SCHEME: &str = "file://";

/// The local path `uri` names, or why it names none.
pub fn to_path(uri: &str) -> Result<PathBuf, String> {
    if uri.len() > MAX_URI {
        return Err(format!("its URI is longer than {MAX_URI} bytes"));
    }
    let rest = match uri.get(..SCHEME.len()) {
        Some(scheme) if scheme.eq_ignore_ascii_case(SCHEME) => &uri[SCHEME.len()..],
        _ => return Err("not a file:// URI; only local directories are served".to_string()),
    };
    // A query or fragment is no part of a path.
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    if !authority.is_empty() && !authority.eq_ignore_ascii_case("localhost") {
        return Err(format!(
            "the host {authority:?} is not this machine; only local directories are served"
        ));
    }
    if path.is_empty() {
        return Err("the URI names no path".to_string());
    }
    let bytes = decode(path)?;
    if bytes.contains(&0) {
        return Err("the path holds a NUL byte".to_string());
    }
    from_bytes(bytes)
}

/// `text` with each `%XX` replaced by its byte.
fn decode(text: &str) -> Result<Vec<u8>, String> {
    let raw = text.as_bytes();
    let mut bytes = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            let hex = raw
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
            bytes.push(byte.ok_or("a % in the URI is not followed by two hex digits")?);
            i += 3;
        } else {
            bytes.push(raw[i]);
            i += 1;
        }
    }
    Ok(bytes)
}

#[cfg(unix)]
fn from_bytes(bytes: Vec<u8>) -> Result<PathBuf, String> {
    use std::os::unix::ffi::OsStringExt;
    Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

/// `/C:/dir` names `C:/dir`.
#[cfg(not(unix))]
fn from_bytes(bytes: Vec<u8>) -> Result<PathBuf, String> {
    let text = String::from_utf8(bytes).map_err(|_| "the path is not UTF-8".to_string())?;
    let drive = text.as_bytes().get(1..3).is_some_and(|d| d[1] == b':');
    Ok(PathBuf::from(if drive { &text[1..] } else { &text[..] }))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn file_uris_name_their_paths() {
        let path = |uri: &str| to_path(uri).unwrap();
        assert_eq!(path("file:///home/u/api"), PathBuf::from("/home/u/api"));
        assert_eq!(path("file://localhost/srv/x"), PathBuf::from("/srv/x"));
        assert_eq!(path("FILE:///a%20b/c%2Fd"), PathBuf::from("/a b/c/d"));
        assert_eq!(path("file:///a/b?x=1#top"), PathBuf::from("/a/b"));
        // Bytes that are not UTF-8 are a path all the same.
        use std::os::unix::ffi::OsStrExt;
        assert_eq!(path("file:///x%FF").as_os_str().as_bytes(), b"/x\xff");
    }

    #[test]
    fn anything_but_a_local_file_uri_is_refused_with_its_reason() {
        let why = |uri: &str| to_path(uri).unwrap_err();
        assert!(why("https://example.org/repo").contains("not a file:// URI"));
        assert!(why("/home/u/api").contains("not a file:// URI"));
        assert!(why("file:").contains("not a file:// URI"));
        assert!(why("file://server/share").contains("host \"server\""));
        assert!(why("file://").contains("no path"));
        assert!(why("file:///a%2").contains("two hex digits"));
        assert!(why("file:///a%zz").contains("two hex digits"));
        assert!(why("file:///a%00b").contains("NUL"));
        assert!(why(&format!("file:///{}", "a".repeat(MAX_URI))).contains("longer than"));
    }
}
