//! Reads a unified diff, as `git diff` and `diff -u` print it, into files and hunks with
//! their old-side and new-side line numbers. Never panics: text that is not a diff is an
//! `invalid_request` naming the line it failed on. Commentary around the files (a commit
//! message, a patch mail's signature) is skipped, as `git apply` skips it.

use crate::error::{Error, ErrorCode, Result};
use crate::lines::Line;

/// A whole diff: its files in the order it names them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// One entry per file the diff changes.
    pub files: Vec<FileDiff>,
}

/// One file's change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileDiff {
    /// The path before the change, prefix (`a/`) removed; `None` for a new file.
    pub old_path: Option<String>,
    /// The path after the change, prefix (`b/`) removed; `None` for a deleted file.
    pub new_path: Option<String>,
    /// Whether the diff says the file was renamed (`rename from`/`rename to`).
    pub is_rename: bool,
    /// A binary change (`Binary files … differ`, `GIT binary patch`): no hunks are read.
    pub is_binary: bool,
    /// The hunks, in order.
    pub hunks: Vec<Hunk>,
    /// The diff's line (1-based) where the file's header starts.
    pub line: usize,
}

impl FileDiff {
    /// The path to name the file by: the new one, or the old one when it was deleted.
    pub fn path(&self) -> &str {
        (self.new_path.as_deref())
            .or(self.old_path.as_deref())
            .unwrap_or_default()
    }
}

/// One hunk: `@@ -old_start,old_len +new_start,new_len @@` and its lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hunk {
    /// First old-side line (the line before the hunk when `old_len` is 0).
    pub old_start: Line,
    /// Old-side lines (context and removed).
    pub old_len: u32,
    /// First new-side line (the line before the hunk when `new_len` is 0).
    pub new_start: Line,
    /// New-side lines (context and added).
    pub new_len: u32,
    /// The lines, in order, without their `' '`/`-`/`+` marker.
    pub lines: Vec<HunkLine>,
    /// The diff's line (1-based) of the `@@` header.
    pub line: usize,
}

impl Hunk {
    /// `@@-10,3 +10,4`, as the pack names a hunk.
    pub fn label(&self) -> String {
        format!(
            "@@-{},{} +{},{}",
            self.old_start, self.old_len, self.new_start, self.new_len
        )
    }

    /// Each line with its old-side and new-side number (`None` on the side it is not on).
    pub fn numbered(&self) -> impl Iterator<Item = (Option<Line>, Option<Line>, &HunkLine)> {
        let (mut old, mut new) = (self.old_start, self.new_start);
        // An empty side starts one line early (`-0,0` or `+5,0`): the count is of lines
        // before the hunk, and no line of that side is numbered.
        if self.old_len == 0 {
            old = old.saturating_add(1);
        }
        if self.new_len == 0 {
            new = new.saturating_add(1);
        }
        self.lines.iter().map(move |line| {
            let old_no = (line.kind != LineKind::Added).then_some(old);
            let new_no = (line.kind != LineKind::Removed).then_some(new);
            if old_no.is_some() {
                old = old.saturating_add(1);
            }
            if new_no.is_some() {
                new = new.saturating_add(1);
            }
            (old_no, new_no, line)
        })
    }
}

/// What a hunk line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// On both sides (`' '`).
    Context,
    /// Only on the new side (`+`).
    Added,
    /// Only on the old side (`-`).
    Removed,
}

/// One line of a hunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HunkLine {
    /// Context, added or removed.
    pub kind: LineKind,
    /// Its text, without the marker and line terminator.
    pub text: String,
}

/// Reads `text` as a unified diff. A diff that names no file, or whose headers or hunks
/// do not parse, is `invalid_request` with the line it failed on.
pub fn parse(text: &str) -> Result<Diff> {
    let lines: Vec<&str> = text.lines().collect();
    let mut files = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        if line.starts_with("diff --git ") {
            at = git_file(&lines, at, &mut files)?;
        } else if line.starts_with("--- ") && next_is(&lines, at, "+++ ") {
            let mut file = FileDiff {
                line: at + 1,
                ..FileDiff::default()
            };
            at = paths(&lines, at, &mut file)?;
            at = hunks(&lines, at, &mut file)?;
            files.push(file);
        } else if line.starts_with("@@") {
            return Err(invalid(
                at,
                "a hunk (@@) before any file header: a diff names its file with --- and +++ lines first",
            ));
        } else if let Some(file) = plain_binary(line, at) {
            files.push(file);
            at += 1;
        } else {
            at += 1;
        }
    }
    if files.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            "the diff names no file: send a unified diff as git diff or diff -u prints it",
        ));
    }
    Ok(Diff { files })
}

fn invalid(at: usize, message: &str) -> Error {
    Error::new(
        ErrorCode::InvalidRequest,
        format!("malformed diff at line {}: {message}", at + 1),
    )
}

fn next_is(lines: &[&str], at: usize, prefix: &str) -> bool {
    lines.get(at + 1).is_some_and(|l| l.starts_with(prefix))
}

/// One file of a git diff, from its `diff --git` line; returns the line after it.
fn git_file(lines: &[&str], start: usize, files: &mut Vec<FileDiff>) -> Result<usize> {
    let (old, new) = git_paths(&lines[start]["diff --git ".len()..]);
    let mut file = FileDiff {
        old_path: old.map(|p| strip_prefix(p, "a/")),
        new_path: new.map(|p| strip_prefix(p, "b/")),
        line: start + 1,
        ..FileDiff::default()
    };
    let (mut is_new, mut is_deleted) = (false, false);
    let mut at = start + 1;
    while let Some(&line) = lines.get(at) {
        if line.starts_with("new file mode ") {
            is_new = true;
        } else if line.starts_with("deleted file mode ") {
            is_deleted = true;
        } else if let Some(from) =
            (line.strip_prefix("rename from ")).or_else(|| line.strip_prefix("copy from "))
        {
            file.old_path = Some(unquote(from));
            file.is_rename = line.starts_with("rename");
        } else if let Some(to) =
            (line.strip_prefix("rename to ")).or_else(|| line.strip_prefix("copy to "))
        {
            file.new_path = Some(unquote(to));
        } else if line.starts_with("Binary files ") {
            file.is_binary = true;
            at += 1;
            break;
        } else if line == "GIT binary patch" {
            // The base85 body runs to the next file.
            file.is_binary = true;
            at += 1;
            while lines.get(at).is_some_and(|l| !l.starts_with("diff --git ")) {
                at += 1;
            }
            break;
        } else if line.starts_with("--- ") {
            if !next_is(lines, at, "+++ ") {
                return Err(invalid(at + 1, "expected a +++ line after the --- line"));
            }
            at = paths(lines, at, &mut file)?;
            at = hunks(lines, at, &mut file)?;
            break;
        } else if line.starts_with("@@") {
            return Err(invalid(
                at,
                "a hunk (@@) before the file's --- and +++ lines",
            ));
        } else if !is_extended_header(line) {
            break;
        }
        at += 1;
    }
    if is_new {
        file.old_path = None;
    }
    if is_deleted {
        file.new_path = None;
    }
    files.push(file);
    Ok(at)
}

/// The headers git prints between `diff --git` and `---` that change no path.
fn is_extended_header(line: &str) -> bool {
    [
        "old mode ",
        "new mode ",
        "index ",
        "similarity index ",
        "dissimilarity index ",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

/// The `---`/`+++` pair at `at`; returns the line after it.
fn paths(lines: &[&str], at: usize, file: &mut FileDiff) -> Result<usize> {
    let old = header_path(&lines[at]["--- ".len()..]);
    let new = header_path(&lines[at + 1]["+++ ".len()..]);
    // `git diff` prefixes a/ and b/; `diff -u` names the files as given.
    let prefixed = old.as_deref().is_none_or(|p| p.starts_with("a/"))
        && new.as_deref().is_none_or(|p| p.starts_with("b/"));
    let strip = |path: Option<String>, prefix: &str| {
        path.map(|p| {
            if prefixed {
                strip_prefix(&p, prefix)
            } else {
                p
            }
        })
    };
    if old.is_none() && new.is_none() {
        return Err(invalid(at, "both sides are /dev/null"));
    }
    // A rename's own lines name the paths without prefixes; they stand.
    if !file.is_rename {
        file.old_path = strip(old, "a/");
        file.new_path = strip(new, "b/");
    } else {
        file.old_path = file.old_path.take().filter(|_| old.is_some());
        file.new_path = file.new_path.take().filter(|_| new.is_some());
    }
    Ok(at + 2)
}

/// The path of a `---`/`+++` line: quoted or plain, a tab and timestamp cut off;
/// `None` for `/dev/null`.
fn header_path(rest: &str) -> Option<String> {
    let path = if rest.starts_with('"') {
        unquote(rest)
    } else {
        rest.split('\t').next().unwrap_or_default().to_string()
    };
    (path != "/dev/null").then_some(path)
}

/// The hunks from `at` on; returns the line after the last.
fn hunks(lines: &[&str], mut at: usize, file: &mut FileDiff) -> Result<usize> {
    while let Some(&line) = lines.get(at) {
        if line.starts_with("@@@") {
            return Err(invalid(
                at,
                "a combined diff (@@@, a merge's diff) is not read: send the diff against one parent",
            ));
        }
        if !line.starts_with("@@") {
            break;
        }
        let mut hunk = hunk_header(line)
            .ok_or_else(|| invalid(at, "expected a hunk header such as @@ -10,3 +10,4 @@"))?;
        hunk.line = at + 1;
        at = hunk_body(lines, at + 1, &mut hunk)?;
        file.hunks.push(hunk);
    }
    Ok(at)
}

/// `@@ -A[,B] +C[,D] @@[ section]`.
fn hunk_header(line: &str) -> Option<Hunk> {
    let rest = line.strip_prefix("@@ -")?;
    let (ranges, _) = rest.split_once(" @@")?;
    let (old, new) = ranges.split_once(" +")?;
    // Lines are counted from 1: only an empty side (a new or deleted file) starts at 0.
    let range = |text: &str| -> Option<(Line, u32)> {
        let (start, len) = match text.split_once(',') {
            Some((start, len)) => (number(start)?, number(len)?),
            None => (number(text)?, 1),
        };
        (start > 0 || len == 0).then_some((start, len))
    };
    let ((old_start, old_len), (new_start, new_len)) = (range(old)?, range(new)?);
    Some(Hunk {
        old_start,
        old_len,
        new_start,
        new_len,
        ..Hunk::default()
    })
}

fn number(text: &str) -> Option<u32> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// A hunk's lines, as many as its header counts; returns the line after them.
fn hunk_body(lines: &[&str], mut at: usize, hunk: &mut Hunk) -> Result<usize> {
    let (mut old_left, mut new_left) = (hunk.old_len, hunk.new_len);
    while old_left > 0 || new_left > 0 {
        let Some(&line) = lines.get(at) else {
            return Err(invalid(
                at,
                &format!(
                    "the diff ends inside hunk {}: {old_left} old and {new_left} new lines missing",
                    hunk.label()
                ),
            ));
        };
        // An empty line is an empty context line whose space an editor trimmed.
        let (kind, text) = match line.as_bytes().first() {
            None => (LineKind::Context, ""),
            Some(b' ') => (LineKind::Context, &line[1..]),
            Some(b'-') => (LineKind::Removed, &line[1..]),
            Some(b'+') => (LineKind::Added, &line[1..]),
            Some(b'\\') => {
                at += 1;
                continue;
            }
            Some(_) => {
                return Err(invalid(
                    at,
                    &format!(
                        "hunk {} ends early: {old_left} old and {new_left} new lines missing",
                        hunk.label()
                    ),
                ))
            }
        };
        let takes_old = kind != LineKind::Added;
        let takes_new = kind != LineKind::Removed;
        if (takes_old && old_left == 0) || (takes_new && new_left == 0) {
            return Err(invalid(
                at,
                &format!(
                    "hunk {} has more lines than its header counts",
                    hunk.label()
                ),
            ));
        }
        old_left -= u32::from(takes_old);
        new_left -= u32::from(takes_new);
        hunk.lines.push(HunkLine {
            kind,
            text: text.to_string(),
        });
        at += 1;
    }
    // `\ No newline at end of file` after the last line.
    if lines.get(at).is_some_and(|l| l.starts_with('\\')) {
        at += 1;
    }
    Ok(at)
}

/// `Binary files A and B differ`, as `diff` prints it outside a git diff.
fn plain_binary(line: &str, at: usize) -> Option<FileDiff> {
    let rest = line
        .strip_prefix("Binary files ")?
        .strip_suffix(" differ")?;
    let (old, new) = rest.split_once(" and ")?;
    let side = |p: &str| (p != "/dev/null").then(|| p.to_string());
    Some(FileDiff {
        old_path: side(old),
        new_path: side(new),
        is_binary: true,
        line: at + 1,
        ..FileDiff::default()
    })
}

/// The two paths of a `diff --git A B` line: quoted, or split where the two halves name
/// the same file (a path may hold spaces), or at ` b/`.
fn git_paths(rest: &str) -> (Option<&str>, Option<&str>) {
    if rest.starts_with('"') || rest.ends_with('"') {
        // Quoted paths are read again from the lines that follow (---, rename).
        return (None, None);
    }
    if rest.len() % 2 == 1 {
        let half = rest.len() / 2;
        if let (Some(left), Some(right)) = (rest.get(..half), rest.get(half + 1..)) {
            if left.get(2..) == right.get(2..) && rest.as_bytes()[half] == b' ' {
                return (Some(left), Some(right));
            }
        }
    }
    match rest.split_once(" b/") {
        Some((left, right)) => (Some(left), rest.get(left.len() + 1..).or(Some(right))),
        None => (None, None),
    }
}

fn strip_prefix(path: &str, prefix: &str) -> String {
    path.strip_prefix(prefix).unwrap_or(path).to_string()
}

/// A path as git quotes one with unusual bytes (`"a/t\303\244b.rs"`), or as it stands.
fn unquote(text: &str) -> String {
    let Some(inner) = text.strip_prefix('"') else {
        return text.to_string();
    };
    let mut bytes = Vec::with_capacity(inner.len());
    let mut chars = inner.bytes().peekable();
    while let Some(b) = chars.next() {
        match b {
            b'"' => break,
            b'\\' => match chars.next() {
                Some(b'n') => bytes.push(b'\n'),
                Some(b't') => bytes.push(b'\t'),
                Some(d @ b'0'..=b'7') => {
                    let mut value = u32::from(d - b'0');
                    for _ in 0..2 {
                        if let Some(&n @ b'0'..=b'7') = chars.peek() {
                            value = value * 8 + u32::from(n - b'0');
                            chars.next();
                        }
                    }
                    bytes.push(u8::try_from(value & 0xff).unwrap_or(b'?'));
                }
                Some(other) => bytes.push(other),
                None => {}
            },
            _ => bytes.push(b),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests;
