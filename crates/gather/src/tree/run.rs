//! Asking git itself, for what `.git` does not say simply: a commit's tree id, the paths
//! whose staged content differs from the commit, or (for an index file not read here) the
//! whole status. Each run is bounded: no optional locks taken (git writes nothing), at most
//! [`DEADLINE`] and [`MAX_OUTPUT`] bytes, else no answer.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::gitdir::GitDir;

/// How long a git run may take before it is stopped and its answer given up.
pub(crate) const DEADLINE: Duration = Duration::from_millis(1500);
/// The most output a git run may give.
pub(crate) const MAX_OUTPUT: u64 = 8 << 20;

/// Runs `git ARGS` on the repository of `dir`, its output if it ends well in time.
pub(crate) fn git(dir: &GitDir, args: &[&str]) -> Option<Vec<u8>> {
    let mut child = Command::new("git")
        .arg("--git-dir")
        .arg(&dir.git)
        .arg("--work-tree")
        .arg(&dir.top)
        .arg("--literal-pathspecs")
        .args(args)
        .current_dir(&dir.top)
        // The caller's repository settings (a hook run by git has them) are not this one's.
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE")
        .env_remove("GIT_COMMON_DIR")
        .env_remove("GIT_OBJECT_DIRECTORY")
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("GIT_TERMINAL_PROMPT", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdout = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let read = (&mut stdout).take(MAX_OUTPUT + 1).read_to_end(&mut out);
        (read.is_ok() && out.len() as u64 <= MAX_OUTPUT).then_some(out)
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() < DEADLINE => {
                std::thread::sleep(Duration::from_micros(200));
            }
            _ => {
                // Too slow, or too much said: stopped, and its pipe closes.
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let out = reader.join().ok().flatten();
    status.filter(|s| s.success()).and(out)
}

/// The tree id of `commit` (hex).
pub(crate) fn tree_of(dir: &GitDir, commit: &str) -> Option<String> {
    let out = git(
        dir,
        &["rev-parse", "-q", "--verify", &format!("{commit}^{{tree}}")],
    )?;
    let id = String::from_utf8(out).ok()?;
    Some(id.trim().to_string())
}

/// The repository-relative paths under `dir.prefix` whose staged content is not
/// `commit`'s (added, changed or removed in the index).
pub(crate) fn staged(dir: &GitDir, commit: &str) -> Option<Vec<String>> {
    let mut args = vec![
        "diff-index",
        "--cached",
        "--no-renames",
        "--name-only",
        "-z",
        commit,
        "--",
    ];
    if !dir.prefix.is_empty() {
        args.push(&dir.prefix);
    }
    let out = git(dir, &args)?;
    Some(nul_separated(&out))
}

/// One `git status --porcelain -z` record: its two status letters and its path.
pub(crate) struct StatusLine {
    /// The index's letter and the working tree's (`??` untracked).
    pub xy: [u8; 2],
    /// Repository-relative; an untracked directory ends in `/`.
    pub path: String,
}

/// The status of the paths under `dir.prefix` against `HEAD`, renames not followed, ignored
/// files left out, untracked directories named once.
pub(crate) fn status(dir: &GitDir) -> Option<Vec<StatusLine>> {
    let mut args = vec![
        "status",
        "--porcelain",
        "-z",
        "--no-renames",
        "--untracked-files=normal",
        "--ignore-submodules=all",
        "--",
    ];
    if !dir.prefix.is_empty() {
        args.push(&dir.prefix);
    }
    let out = git(dir, &args)?;
    (nul_separated(&out).into_iter())
        .map(|record| {
            let bytes = record.as_bytes();
            let path = record.get(3..)?.to_string();
            Some(StatusLine {
                xy: [*bytes.first()?, *bytes.get(1)?],
                path,
            })
        })
        .collect()
}

fn nul_separated(out: &[u8]) -> Vec<String> {
    (out.split(|&b| b == 0))
        .filter(|part| !part.is_empty())
        .map(|part| String::from_utf8_lossy(part).into_owned())
        .collect()
}
