//! The git repository a workspace lies in, read from `.git` itself: where the repository's
//! files are (a `.git` directory, or a `.git` file naming the git directory of a linked
//! worktree, whose `commondir` names the shared one), and the commit `HEAD` names (through a
//! loose ref or `packed-refs`). Anything odd (no `HEAD`, an unborn branch, a ref in a form
//! not read here) is `None`: the answer then names no tree rather than a wrong one.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The most a small git file (`HEAD`, a loose ref, `.git`, `commondir`) is read to.
const SMALL_FILE: u64 = 4096;
/// The most `packed-refs` is read to.
const PACKED_REFS: u64 = 64 << 20;
/// How many symbolic refs are followed from `HEAD`, as git stops at a few.
const MAX_SYMBOLIC: usize = 5;

/// Where a workspace's repository keeps its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GitDir {
    /// The working tree's top directory (the one holding `.git`).
    pub top: PathBuf,
    /// The workspace root relative to `top`, `/`-separated, empty at the top.
    pub prefix: String,
    /// This worktree's git directory: `HEAD` and `index`.
    pub git: PathBuf,
    /// The directory shared by all worktrees: refs, `packed-refs`, objects.
    pub common: PathBuf,
}

/// What `HEAD` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Head {
    /// The commit's full id (hex).
    pub commit: String,
    /// The branch checked out (`refs/heads/` left off), `None` when `HEAD` is detached.
    pub branch: Option<String>,
}

impl GitDir {
    /// The repository `root` (a canonical directory) lies in: the nearest directory at or
    /// above it holding `.git`.
    pub fn find(root: &Path) -> Option<GitDir> {
        for top in root.ancestors() {
            let dot_git = top.join(".git");
            let Ok(meta) = std::fs::metadata(&dot_git) else {
                continue;
            };
            let git = if meta.is_dir() {
                dot_git
            } else {
                // A linked worktree or a submodule: `gitdir: PATH`, relative to `top`.
                let text = read_small(&dot_git)?;
                let named = text.strip_prefix("gitdir:")?.trim();
                top.join(named)
            };
            let common = match read_small(&git.join("commondir")) {
                Some(text) => git.join(text.trim()),
                None => git.clone(),
            };
            let prefix = (root.strip_prefix(top).ok()?.components())
                .map(|c| c.as_os_str().to_str())
                .collect::<Option<Vec<_>>>()?
                .join("/");
            return Some(GitDir {
                top: top.to_path_buf(),
                prefix,
                git,
                common,
            });
        }
        None
    }

    /// The commit `HEAD` names and its branch; `None` for an unborn branch or a `HEAD`
    /// that cannot be read.
    pub fn head(&self) -> Option<Head> {
        let text = read_small(&self.git.join("HEAD"))?;
        let text = text.trim();
        let Some(name) = text.strip_prefix("ref:") else {
            return Some(Head {
                commit: object_id(text)?,
                branch: None,
            });
        };
        let name = name.trim();
        let commit = self.resolve(name)?;
        let branch = name.strip_prefix("refs/heads/").unwrap_or(name);
        Some(Head {
            commit,
            branch: Some(branch.to_string()),
        })
    }

    /// The id a ref names: its loose file (in this worktree's directory for its own refs,
    /// else the shared one), else its line in `packed-refs`.
    fn resolve(&self, name: &str) -> Option<String> {
        let mut name = name.to_string();
        for _ in 0..MAX_SYMBOLIC {
            if !is_ref_name(&name) {
                return None;
            }
            let loose = [&self.git, &self.common]
                .iter()
                .find_map(|dir| read_small(&dir.join(&name)));
            match loose {
                Some(text) => match text.trim().strip_prefix("ref:") {
                    Some(next) => name = next.trim().to_string(),
                    None => return object_id(text.trim()),
                },
                None => return self.packed(&name),
            }
        }
        None
    }

    /// The id `packed-refs` gives `name`.
    fn packed(&self, name: &str) -> Option<String> {
        let text = read_capped(&self.common.join("packed-refs"), PACKED_REFS)?;
        (text.lines())
            .filter(|line| !line.starts_with('#') && !line.starts_with('^'))
            .find_map(|line| {
                let (id, named) = line.split_once(' ')?;
                (named.trim_end() == name).then(|| object_id(id)).flatten()
            })
    }
}

/// `text` as an object id: 40 (SHA-1) or 64 (SHA-256) hex digits, lower case.
fn object_id(text: &str) -> Option<String> {
    let ok = matches!(text.len(), 40 | 64) && text.bytes().all(|b| b.is_ascii_hexdigit());
    ok.then(|| text.to_ascii_lowercase())
}

/// A ref name that stays inside the git directory: `refs/…` (or `HEAD`-like names) with no
/// `..` component, so a hostile `HEAD` cannot send the read elsewhere.
fn is_ref_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('/')
        && !name.contains('\\')
        && name
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

/// A small git file's text, `None` when it is missing, not a regular file or too long.
fn read_small(path: &Path) -> Option<String> {
    read_capped(path, SMALL_FILE)
}

/// A git file's text, at most `cap` bytes (longer is `None`).
fn read_capped(path: &Path, cap: u64) -> Option<String> {
    String::from_utf8(read_bytes(path, cap)?).ok()
}

/// A git file's bytes, `None` when it is missing, not a regular file, or over `cap`. Opened
/// without blocking, so a named pipe put in its place cannot hang the answer.
pub(crate) fn read_bytes(path: &Path, cap: u64) -> Option<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let file = options.open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > cap {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= cap).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_ref_names_are_checked() {
        assert_eq!(
            object_id("0123456789ABCDEF0123456789abcdef01234567").as_deref(),
            Some("0123456789abcdef0123456789abcdef01234567")
        );
        assert_eq!(object_id("0123"), None);
        assert_eq!(object_id(&"g".repeat(40)), None);
        assert!(is_ref_name("refs/heads/feature/x"));
        assert!(!is_ref_name("refs/../../etc/passwd"));
        assert!(!is_ref_name("/etc/passwd"));
        assert!(!is_ref_name("refs//heads"));
    }

    #[test]
    fn packed_refs_and_symbolic_refs_resolve() {
        let dir = tempfile::tempdir().unwrap();
        let git = dir.path().join(".git");
        std::fs::create_dir_all(git.join("refs/heads")).unwrap();
        let id = "a".repeat(40);
        std::fs::write(git.join("HEAD"), "ref: refs/heads/alias\n").unwrap();
        std::fs::write(git.join("refs/heads/alias"), "ref: refs/heads/main\n").unwrap();
        std::fs::write(
            git.join("packed-refs"),
            format!(
                "# pack-refs with: peeled\n{id} refs/heads/main\n^{}\n",
                "b".repeat(40)
            ),
        )
        .unwrap();
        let found = GitDir::find(dir.path()).unwrap();
        assert_eq!(found.prefix, "");
        assert_eq!(
            found.head(),
            Some(Head {
                commit: id,
                branch: Some("alias".to_string())
            })
        );
        // An unborn branch names no commit.
        std::fs::write(git.join("HEAD"), "ref: refs/heads/none\n").unwrap();
        assert_eq!(found.head(), None);
    }
}
