//! The edge: reading the hosts' files, writing them back atomically, deleting what setup
//! emptied, and finding the workspace root, the home directory and the command to write.
//! Everything else in the crate works on text.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::command::Launcher;
use crate::error::SetupError;
use crate::hosts::Locations;
use crate::plan::{FileChange, Status};

/// A file's text, `None` when it does not exist; an error when it is a directory, cannot be
/// read, or is not UTF-8.
pub fn read(path: &Path, shown: &str) -> Result<Option<String>, SetupError> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(SetupError::io(path, &e)),
    };
    String::from_utf8(bytes).map(Some).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
        let (line, column) = crate::error::line_column(&text, valid);
        SetupError::Malformed {
            file: shown.to_string(),
            format: "UTF-8",
            line,
            column,
            message: "a byte that is not UTF-8".into(),
        }
    })
}

/// Carries out one planned change: writes, deletes, or leaves the file.
pub fn apply(change: &FileChange) -> Result<(), SetupError> {
    match (change.status, &change.after) {
        (Status::Created | Status::Updated, Some(text)) => write(&change.path, text),
        (Status::Removed, _) => delete(&change.path, &change.base),
        _ => Ok(()),
    }
}

/// Writes `text` to `path` atomically: a temporary file in the same directory, synced, given
/// the old file's permissions, then renamed over it. A symbolic link is followed, so the
/// file it names is replaced and the link stays.
fn write(path: &Path, text: &str) -> Result<(), SetupError> {
    let target = match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            fs::canonicalize(path).map_err(|e| SetupError::io(path, &e))?
        }
        _ => path.to_path_buf(),
    };
    let dir = target.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| SetupError::io(dir, &e))?;
    let permissions = fs::metadata(&target).ok().map(|m| m.permissions());
    let name = target
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.gather-setup-{}", std::process::id()));
    let written = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        if let Some(permissions) = permissions {
            fs::set_permissions(&temp, permissions)?;
        }
        fs::rename(&temp, &target)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&temp);
        SetupError::io(&target, &e)
    })
}

/// Deletes `path`, then each directory above it that is left empty, up to `base`.
fn delete(path: &Path, base: &Path) -> Result<(), SetupError> {
    fs::remove_file(path).map_err(|e| SetupError::io(path, &e))?;
    let mut dir = path.parent();
    while let Some(d) = dir {
        if d == base || !d.starts_with(base) || fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
    Ok(())
}

/// The workspace root for `dir`: the nearest directory at or above it holding `.git`, else
/// `dir` itself.
pub fn workspace_root(dir: &Path) -> Result<PathBuf, SetupError> {
    let dir = fs::canonicalize(dir).map_err(|e| SetupError::io(dir, &e))?;
    let root = dir
        .ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(&dir)
        .to_path_buf();
    Ok(root)
}

/// The hosts' directories for `root`. With `home` given (a test's), every location derives
/// from it and no environment variable is read; else the home directory is the user's and
/// `XDG_CONFIG_HOME`, `CODEX_HOME` and `COPILOT_HOME` are honoured.
pub fn locations(root: &Path, home: Option<PathBuf>) -> Result<Locations, SetupError> {
    if let Some(home) = home {
        return Ok(Locations::under(root, &home));
    }
    let home = dirs::home_dir().ok_or_else(|| SetupError::Io {
        path: PathBuf::from("~"),
        message: "no home directory is known; set HOME".into(),
    })?;
    let mut locations = Locations::under(root, &home);
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if let Some(config) = var("XDG_CONFIG_HOME") {
        if cfg!(target_os = "linux") {
            locations.vscode_user = config.join("Code/User");
        }
        locations.config_home = config;
    }
    if cfg!(windows) {
        if let Some(config) = dirs::config_dir() {
            locations.vscode_user = config.join("Code/User");
        }
    }
    if let Some(codex) = var("CODEX_HOME") {
        locations.codex_home = codex;
    }
    if let Some(copilot) = var("COPILOT_HOME") {
        locations.copilot_home = copilot;
    }
    Ok(locations)
}

/// The command to write: `gather` when the `gather` found on PATH is this executable, else
/// this executable's absolute path.
pub fn launcher() -> Result<Launcher, SetupError> {
    let exe = std::env::current_exe().map_err(|e| SetupError::io("gather", &e))?;
    let exe = fs::canonicalize(&exe).unwrap_or(exe);
    let name = format!("gather{}", std::env::consts::EXE_SUFFIX);
    let on_path = std::env::var_os("PATH")
        .map(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(&name))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .find(|candidate| candidate.is_file());
    if on_path.and_then(|p| fs::canonicalize(p).ok()).as_ref() == Some(&exe) {
        return Ok(Launcher::new("gather"));
    }
    match exe.to_str() {
        Some(path) => Ok(Launcher::new(path)),
        None => Err(SetupError::Io {
            path: exe.clone(),
            message: "this executable's path is not UTF-8; give one with --command".into(),
        }),
    }
}
