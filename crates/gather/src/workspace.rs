//! The workspace root and the paths requests name in it. Every path a caller gives goes
//! through [`resolve`], which refuses anything that escapes the root: `..`, an absolute
//! path elsewhere, or a symbolic link whose target lies outside.

use std::path::{Component, Path, PathBuf};

use crate::error::{Error, ErrorCode, Result};
use crate::walk;

/// A requested path, checked against the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// Root-relative path with `/` separators.
    pub rel: String,
    /// Absolute path on disk (canonical when the file exists).
    pub abs: PathBuf,
    /// Whether something exists at the path.
    pub exists: bool,
}

/// Resolves `path` (relative to `root`, or absolute) inside the canonical `root`.
pub fn resolve(root: &Path, path: &str) -> Result<Resolved> {
    let trimmed = path.trim();
    if trimmed.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            "empty path: name a file relative to the workspace root",
        ));
    }
    // `src\a.py` from a Windows-minded caller names `src/a.py` on every platform, unless a
    // file of that literal name exists (a backslash is a legal name byte on Unix).
    let slashed;
    let trimmed = if trimmed.contains('\\') && root.join(trimmed).symlink_metadata().is_err() {
        slashed = trimmed.replace('\\', "/");
        slashed.as_str()
    } else {
        trimmed
    };
    let joined = if Path::new(trimmed).is_absolute() {
        PathBuf::from(trimmed)
    } else {
        root.join(trimmed)
    };
    let lexical = normalize(&joined);
    let outside = || {
        Error::new(
            ErrorCode::OutsideRoot,
            format!(
                "path {trimmed} is outside the workspace root {}; name a file under the root",
                root.display()
            ),
        )
    };
    // A path that does not exist yet is judged by its lexical form.
    let (abs, exists) = match std::fs::canonicalize(&joined) {
        Ok(canonical) => (canonical, true),
        Err(_) => (lexical, false),
    };
    if !abs.starts_with(root) {
        return Err(outside());
    }
    let rel = walk::relative(root, &abs).unwrap_or_default();
    Ok(Resolved { rel, abs, exists })
}

/// Removes `.` and folds `..` without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::write(root.join("a.txt"), "x").unwrap();
        assert_eq!(resolve(&root, "a.txt").unwrap().rel, "a.txt");
        assert_eq!(resolve(&root, "./b/../a.txt").unwrap().rel, "a.txt");
        assert!(!resolve(&root, "missing.rs").unwrap().exists);
        for bad in ["../x", "/etc/passwd", "b/../../x"] {
            assert_eq!(
                resolve(&root, bad).unwrap_err().code,
                ErrorCode::OutsideRoot,
                "{bad}"
            );
        }
        assert_eq!(
            resolve(&root, " ").unwrap_err().code,
            ErrorCode::InvalidRequest
        );
    }
}
