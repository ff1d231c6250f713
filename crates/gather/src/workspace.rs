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

/// A subtree of the workspace that a request's seeds must come from (its callers and
/// callees may live anywhere): a directory, root-relative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    /// Root-relative directory with `/` separators and no trailing `/`; empty for the root.
    dir: String,
}

impl Scope {
    /// Checks `dir` (relative to `root`, or absolute) names a directory under the root.
    /// Anything else, an escape included, is `invalid_request`: a scope narrows a request,
    /// it never names a file to read.
    pub fn resolve(root: &Path, dir: &str) -> Result<Scope> {
        let invalid = |why: String| Error::new(ErrorCode::InvalidRequest, why);
        if dir.trim().is_empty() {
            return Err(invalid(
                "empty scope: name a directory relative to the workspace root, such as src".into(),
            ));
        }
        let resolved = resolve(root, dir).map_err(|e| match e.code {
            ErrorCode::OutsideRoot => invalid(format!(
                "scope {} is outside the workspace root {}: name a directory under the root",
                dir.trim(),
                root.display()
            )),
            _ => invalid(e.message),
        })?;
        if !resolved.exists || !resolved.abs.is_dir() {
            return Err(invalid(format!(
                "scope {} is not a directory under the workspace root {}: name one such as src",
                dir.trim(),
                root.display()
            )));
        }
        Ok(Scope { dir: resolved.rel })
    }

    /// The directory, root-relative (empty for the root).
    pub fn dir(&self) -> &str {
        &self.dir
    }

    /// The directory as messages name it: `.` for the root.
    pub fn shown(&self) -> &str {
        if self.dir.is_empty() {
            "."
        } else {
            &self.dir
        }
    }

    /// Whether the root-relative `path` lies under the scope, by whole components:
    /// `src/a` holds `src/a/x.rs`, not `src/ab/x.rs`.
    pub fn contains(&self, path: &str) -> bool {
        self.dir.is_empty()
            || path
                .strip_prefix(self.dir.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    }
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

    #[test]
    fn a_scope_is_a_directory_under_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(root.join("src/a")).unwrap();
        std::fs::create_dir_all(root.join("src/ab")).unwrap();
        std::fs::write(root.join("src/a/x.rs"), "x").unwrap();
        for spelling in ["src/a", "./src/a/", "src/ab/../a", "src\\a"] {
            let scope = Scope::resolve(&root, spelling).unwrap();
            assert_eq!(scope.dir(), "src/a", "{spelling}");
        }
        let scope = Scope::resolve(&root, "src/a").unwrap();
        assert!(scope.contains("src/a/x.rs"));
        assert!(scope.contains("src/a/deep/y.rs"));
        assert!(!scope.contains("src/ab/x.rs"), "components, not characters");
        assert!(!scope.contains("src/x.rs"));
        let whole = Scope::resolve(&root, ".").unwrap();
        assert!(whole.contains("anything/at/all.rs"));
        let abs = root.join("src").display().to_string();
        assert_eq!(Scope::resolve(&root, &abs).unwrap().dir(), "src");
        for bad in [
            "..",
            "../x",
            "/etc",
            "src/../../x",
            "src/a/x.rs",
            "nosuch",
            " ",
        ] {
            let error = Scope::resolve(&root, bad).unwrap_err();
            assert_eq!(error.code, ErrorCode::InvalidRequest, "{bad}");
        }
        let outside = Scope::resolve(&root, "/etc").unwrap_err().message;
        assert!(
            outside.starts_with("scope /etc is outside the workspace root"),
            "{outside}"
        );
    }
}
