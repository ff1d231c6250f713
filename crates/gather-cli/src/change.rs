//! `gather change [DIFF_FILE | -]` and `gather change --git [REV]`: the definitions a diff
//! touches, with their callers and callees, as one pack. The diff is read here (a file,
//! standard input, or `git diff REV` run in the workspace); the library does the rest.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

use gather::request::Target;
use gather::session::Session;
use gather::{Error, ErrorCode};

use crate::args::PackOptions;
use crate::input::{read_capped, read_text, Source};
use crate::{pack, Ctx};

/// What `gather change` reads the diff from.
pub enum DiffSource {
    /// A file, or standard input for `-`.
    Path(String),
    /// `git diff REV` in the workspace.
    Git(String),
}

/// Answers the diff of `source` from the index, within the pack's budget.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    source: DiffSource,
    options: &PackOptions,
) -> Result<String, Error> {
    const HINT: &str = "send the change of a few files, not a whole history";
    let diff = match source {
        DiffSource::Path(path) if path == "-" => read_text(Source::Stdin, "diff", HINT)?,
        DiffSource::Path(path) => read_text(Source::File(Path::new(&path)), "diff", HINT)?,
        DiffSource::Git(rev) => git_diff(&ctx.root, &rev)?,
    };
    pack::run(ctx, kept, Target::Diff(diff), options, false)
}

/// The output of `git diff REV` in `root`: paths relative to the root (`--relative`), a/ and
/// b/ prefixes and renames whatever the user's configuration says, no colour, no external
/// diff driver.
fn git_diff(root: &Path, rev: &str) -> Result<String, Error> {
    // A revision that starts with `-` would be read as an option (`--output=FILE` writes).
    if rev.starts_with('-') || rev.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!("{rev:?} is not a revision: name one such as HEAD, HEAD~1 or main"),
        ));
    }
    let mut child = Command::new("git")
        .arg("-C")
        .arg(root)
        .args([
            "diff",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "--relative",
            "-M",
        ])
        .args(["--src-prefix=a/", "--dst-prefix=b/", rev, "--"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::new(ErrorCode::IoError, format!("cannot run git: {e}")))?;
    let git_failed = |detail: String| {
        Error::new(
            ErrorCode::InvalidRequest,
            format!("git diff {rev} failed in {}: {detail}", root.display()),
        )
    };
    // Its messages are read beside its output (the first 4 KiB kept, the rest drained), so
    // neither pipe can fill and stop git while the other is read.
    let stderr = child.stderr.take().map(|pipe| {
        std::thread::spawn(move || {
            let mut pipe = pipe;
            let mut first = String::new();
            let _ = (&mut pipe).take(4096).read_to_string(&mut first);
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            first
        })
    });
    let stdout = child.stdout.take().map(read_capped).transpose();
    if let Ok(Some(bytes)) = &stdout {
        if bytes.len() > gather::Defaults::MAX_TEXT_BYTES {
            // The rest of its output is not wanted, and git blocks writing it: stop it
            // before anything else waits on it.
            let _ = child.kill();
            let _ = child.wait();
            return Err(git_failed(format!(
                "its output is over {} bytes; name a nearer revision",
                gather::Defaults::MAX_TEXT_BYTES
            )));
        }
    }
    let status = child.wait();
    let stderr = stderr
        .and_then(|reader| reader.join().ok())
        .unwrap_or_default();
    let status = status.map_err(|e| git_failed(e.to_string()))?;
    if !status.success() {
        let first = stderr
            .lines()
            .next()
            .unwrap_or("no message")
            .trim()
            .to_string();
        return Err(git_failed(first));
    }
    let bytes = stdout
        .map_err(|e| git_failed(e.to_string()))?
        .unwrap_or_default();
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!(
                "git diff {rev} shows no change in {}: nothing to gather",
                root.display()
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|_| git_failed("its output is not UTF-8 text".into()))
}
