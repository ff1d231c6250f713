//! Which workspace an event is about: the git root of the directory the agent works in,
//! or the project directory the host names.

use std::path::{Path, PathBuf};

use crate::event::Event;

/// What the host's environment says beside the event: the project directory it names
/// (`CLAUDE_PROJECT_DIR`, `GEMINI_PROJECT_DIR`, `CURSOR_PROJECT_DIR`) and the user's home,
/// which is never a workspace of its own.
#[derive(Clone, Debug, Default)]
pub struct Surroundings {
    /// The project directory the host names, if any.
    pub project_dir: Option<PathBuf>,
    /// The user's home directory.
    pub home: Option<PathBuf>,
}

impl Surroundings {
    /// Read from the process's environment.
    pub fn from_env() -> Surroundings {
        let project_dir = [
            "CLAUDE_PROJECT_DIR",
            "GEMINI_PROJECT_DIR",
            "CURSOR_PROJECT_DIR",
        ]
        .iter()
        .filter_map(std::env::var_os)
        .find(|v| !v.is_empty())
        .map(PathBuf::from);
        let home = std::env::var_os("HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        Surroundings { project_dir, home }
    }
}

/// The workspace `event` is about: the git root above the event's working directory
/// (Cursor: its first workspace folder; else the host's project directory); without a
/// git repository, a folder the host names as the project, unless it is the home
/// directory or the file system's root. `None`: the event is about no workspace.
pub fn workspace(event: &Event, around: &Surroundings) -> Option<PathBuf> {
    let named: Vec<&Path> = (event.roots.iter().map(PathBuf::as_path))
        .chain(around.project_dir.as_deref())
        .collect();
    let start = event.cwd.as_deref().or(named.first().copied())?;
    let start = std::fs::canonicalize(start).ok().filter(|p| p.is_dir())?;
    let home = around
        .home
        .as_deref()
        .and_then(|h| std::fs::canonicalize(h).ok());
    if let Some(root) = git_root(&start).filter(|r| Some(r) != home.as_ref()) {
        return Some(root);
    }
    named
        .iter()
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .find(|p| p == &start && p.parent().is_some() && Some(p) != home.as_ref())
}

/// The nearest directory at or above `dir` that holds `.git` (a directory, or the file a
/// worktree or submodule has). The caller refuses the home directory (a dotfiles
/// repository seen from a folder below it is not the project).
fn git_root(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event_at(cwd: &Path) -> Event {
        Event {
            cwd: Some(cwd.to_path_buf()),
            ..Event::default()
        }
    }

    #[test]
    fn the_git_root_above_the_working_directory_is_the_workspace() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("src/deep")).unwrap();
        let found = workspace(&event_at(&repo.join("src/deep")), &Surroundings::default());
        assert_eq!(found, Some(std::fs::canonicalize(&repo).unwrap()));
        // A worktree's `.git` is a file.
        let tree = dir.path().join("tree");
        std::fs::create_dir_all(&tree).unwrap();
        std::fs::write(tree.join(".git"), "gitdir: /elsewhere\n").unwrap();
        let found = workspace(&event_at(&tree), &Surroundings::default());
        assert_eq!(found, Some(std::fs::canonicalize(&tree).unwrap()));
    }

    #[test]
    fn outside_any_repository_only_a_named_project_that_is_not_home_counts() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::create_dir_all(&plain).unwrap();
        assert_eq!(workspace(&event_at(&plain), &Surroundings::default()), None);
        let named = Surroundings {
            project_dir: Some(plain.clone()),
            home: None,
        };
        let canonical = std::fs::canonicalize(&plain).unwrap();
        assert_eq!(workspace(&event_at(&plain), &named), Some(canonical));
        let home = Surroundings {
            project_dir: Some(plain.clone()),
            home: Some(plain.clone()),
        };
        assert_eq!(workspace(&event_at(&plain), &home), None);
        // A dotfiles repository at home does not make home the workspace.
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        let at_home = Surroundings {
            project_dir: None,
            home: Some(dir.path().to_path_buf()),
        };
        assert_eq!(workspace(&event_at(&plain), &at_home), None);
    }

    #[test]
    fn a_missing_directory_or_no_directory_at_all_is_no_workspace() {
        let missing = event_at(Path::new("/no/such/dir/anywhere"));
        assert_eq!(workspace(&missing, &Surroundings::default()), None);
        assert_eq!(workspace(&Event::default(), &Surroundings::default()), None);
    }

    #[test]
    fn cursor_roots_stand_in_for_a_missing_cwd() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        let event = Event {
            roots: vec![dir.path().to_path_buf()],
            ..Event::default()
        };
        let found = workspace(&event, &Surroundings::default());
        assert_eq!(found, Some(std::fs::canonicalize(dir.path()).unwrap()));
    }
}
