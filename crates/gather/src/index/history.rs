//! The workspace's recent history, where git is there: for each file, which of the last
//! commits changed it and what their messages said. A learned ranking reads it as
//! features (how often and how lately a file changed, how well the question matches the
//! messages of the commits that changed it), the signals bug-localisation rankers learn
//! most from after the text itself.
//!
//! It is read once per index (`git log` of the last [`WINDOW`] commits that touched the
//! workspace, merges left out) and is absent, never an error, when git or a repository is
//! not there: the features then say so and the ranking reads the rest.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::terms;

/// How many of the newest commits are read.
pub const WINDOW: usize = 1000;
/// At most this many bytes of `git log` output are read; the rest is not waited for.
pub const MAX_LOG_BYTES: u64 = 32 << 20;
/// A message's first bytes are its terms; a long body says little more about the files.
const MAX_MESSAGE_BYTES: usize = 2000;
/// A commit touching more files than this is a sweep (a rename, a reformat, a licence
/// header): its message says nothing about any one of them.
const MAX_FILES_PER_COMMIT: usize = 50;

/// The last commits of the workspace: each one's message terms and the files it touched.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct History {
    /// The commit it was read at.
    head: String,
    /// Newest first: each commit's distinct message terms.
    messages: Vec<Vec<String>>,
    /// Per path (relative to the root, `/`-separated): the commits that touched it, newest
    /// first, as indexes into `messages`.
    touched: HashMap<String, Vec<u32>>,
    /// Per term: how many commits' messages hold it.
    df: HashMap<String, u32>,
}

impl History {
    /// The history of the repository holding `root` as of `rev` (`HEAD` for the work
    /// tree's), or `None` when git cannot give it.
    pub fn load(root: &Path, rev: &str) -> Option<History> {
        let head = commit_of(root, rev)?;
        let window = format!("-n{WINDOW}");
        let mut child = Command::new("git")
            .arg("-C")
            .arg(root)
            .args(["-c", "core.quotepath=off", "--no-pager", "log", &window])
            .args(["--no-merges", "--no-renames", "--name-only"])
            .args(["--no-color", "--no-ext-diff", "--no-textconv"])
            .args(["--format=%x1e%B%x1f", &head, "--", "."])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let mut bytes = Vec::new();
        let read = child
            .stdout
            .take()
            .map(|pipe| pipe.take(MAX_LOG_BYTES).read_to_end(&mut bytes));
        // Output past the cap is not wanted, and git blocks writing it.
        if bytes.len() as u64 >= MAX_LOG_BYTES {
            let _ = child.kill();
        }
        let status = child.wait().ok()?;
        if !matches!(read, Some(Ok(_))) || (!status.success() && bytes.is_empty()) {
            return None;
        }
        let mut history = History::parse(&String::from_utf8_lossy(&bytes));
        history.head = head;
        Some(history)
    }

    /// Whether the work tree of `root` is still at the commit this history was read at:
    /// then a refreshed index keeps it instead of reading it again.
    pub fn is_current(&self, root: &Path) -> bool {
        commit_of(root, "HEAD").is_some_and(|head| head == self.head)
    }

    /// Reads `git log --format=%x1e%B%x1f --name-only` output.
    pub fn parse(log: &str) -> History {
        let mut history = History::default();
        for record in log.split('\x1e').filter(|r| !r.trim().is_empty()) {
            let (message, names) = record.split_once('\x1f').unwrap_or((record, ""));
            let paths: Vec<&str> = names
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            if paths.is_empty() {
                continue;
            }
            let at = history.messages.len() as u32;
            let mut seen: HashSet<String> = HashSet::default();
            let mut end = message.len().min(MAX_MESSAGE_BYTES);
            while !message.is_char_boundary(end) {
                end -= 1;
            }
            if paths.len() <= MAX_FILES_PER_COMMIT {
                terms::terms_and_wholes(&message[..end], |t| {
                    seen.insert(t);
                });
            }
            let mut message_terms: Vec<String> = seen.into_iter().collect();
            message_terms.sort_unstable();
            for t in &message_terms {
                *history.df.entry(t.clone()).or_insert(0) += 1;
            }
            history.messages.push(message_terms);
            for path in paths {
                let list = history.touched.entry(path.to_string()).or_default();
                if list.last() != Some(&at) {
                    list.push(at);
                }
            }
        }
        history
    }

    /// How many commits it holds.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Whether it holds no commit.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// How each commit's message matches the question's `title` and `body` terms: the
    /// share of the terms' idf weight the message holds (0 to 1), per commit.
    pub fn matches(&self, title: &[String], body: &[String]) -> Matches {
        Matches {
            title: self.match_terms(title),
            body: self.match_terms(body),
        }
    }

    fn match_terms(&self, question: &[String]) -> Vec<f32> {
        let mut out = vec![0.0f32; self.messages.len()];
        let n = self.messages.len() as f64;
        let distinct: HashSet<&String> = question.iter().collect();
        let mut weights: HashMap<&str, f64> = HashMap::default();
        let mut total = 0.0;
        for t in distinct {
            let df = f64::from(self.df.get(t.as_str()).copied().unwrap_or(0));
            let w = (1.0 + n / (1.0 + df)).ln();
            total += w;
            if df > 0.0 {
                weights.insert(t.as_str(), w);
            }
        }
        if total <= 0.0 || weights.is_empty() {
            return out;
        }
        for (slot, message) in out.iter_mut().zip(&self.messages) {
            let held: f64 = message.iter().filter_map(|t| weights.get(t.as_str())).sum();
            *slot = (held / total) as f32;
        }
        out
    }

    /// The history features of the file at `path`, given the question's `matches`: how
    /// many commits changed it, how lately, and how well their messages match the question
    /// (see [`FileHistory`]).
    pub fn features(&self, path: &str, matches: &Matches) -> FileHistory {
        let mut f = FileHistory {
            known: 1.0,
            ..FileHistory::UNKNOWN
        };
        let Some(commits) = self.touched.get(path) else {
            return f;
        };
        f.changes = (1.0 + commits.len() as f64).ln();
        f.recency = commits
            .first()
            .map_or(0.0, |&c| 1.0 / (1.0 + f64::from(c).sqrt()));
        let (mut title_best, mut title_sum, mut body_best) = (0.0f32, 0.0f32, 0.0f32);
        for &c in commits {
            let t = matches.title.get(c as usize).copied().unwrap_or(0.0);
            let b = matches.body.get(c as usize).copied().unwrap_or(0.0);
            title_best = title_best.max(t);
            title_sum += t;
            body_best = body_best.max(b);
        }
        f.title_best = f64::from(title_best);
        f.title_sum = (1.0 + f64::from(title_sum)).ln();
        f.body_best = f64::from(body_best);
        f
    }
}

/// What a file's history says about it for one question: the learned ranking's history
/// features, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FileHistory {
    /// 1 when the workspace's history is known, else 0 (and so is everything else).
    pub known: f64,
    /// How many of the read commits changed the file: `ln(1 + n)`.
    pub changes: f64,
    /// How lately: `1 / (1 + sqrt(k))` for the `k`-th newest commit (0 is the newest), 0
    /// for a file no read commit changed.
    pub recency: f64,
    /// The best title match among the messages of the commits that changed it (0 to 1).
    pub title_best: f64,
    /// Their title matches summed: `ln(1 + sum)`.
    pub title_sum: f64,
    /// Their best body match (0 to 1).
    pub body_best: f64,
}

impl FileHistory {
    /// The features of a file when no history is known.
    pub const UNKNOWN: FileHistory = FileHistory {
        known: 0.0,
        changes: 0.0,
        recency: 0.0,
        title_best: 0.0,
        title_sum: 0.0,
        body_best: 0.0,
    };
}

/// The commit id `rev` names in the repository whose top level is `root`. A workspace
/// inside a larger repository has none: that history is mostly about other parts (a
/// vendored tree, a test fixture), and what is read must not change with them.
fn commit_of(root: &Path, rev: &str) -> Option<String> {
    // A revision that starts with `-` would be read as an option.
    if rev.starts_with('-') || rev.is_empty() {
        return None;
    }
    let output = Command::new("git")
        .arg("-C")
        .arg(root)
        .args([
            "rev-parse",
            "--show-toplevel",
            "--verify",
            "--quiet",
            "--end-of-options",
        ])
        .arg(format!("{rev}^{{commit}}"))
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let mut lines = text.lines();
    let top = std::fs::canonicalize(lines.next()?).ok()?;
    let id = lines.next()?.trim().to_string();
    let is_top = std::fs::canonicalize(root).is_ok_and(|root| root == top);
    (is_top && id.len() >= 40 && id.bytes().all(|b| b.is_ascii_hexdigit())).then_some(id)
}

/// Per commit of a [`History`], how its message matches one question.
#[derive(Debug, Default)]
pub struct Matches {
    title: Vec<f32>,
    body: Vec<f32>,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const LOG: &str = "\x1efix the cookie parser for quoted values\n\x1f\n\nsrc/cookies.py\nsrc/util.py\n\
                       \x1eadd a retry budget to the client\n\nLonger body.\n\x1f\n\nsrc/client.py\n\
                       \x1eMerge without files\n\x1f\n\
                       \x1ecookie jar: keep expired cookies out\n\x1f\n\nsrc/cookies.py\n";

    fn stems(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        terms::terms(text, |t| out.push(t));
        out
    }

    #[test]
    fn a_log_gives_each_file_its_commits_newest_first_and_skips_commits_without_files() {
        let h = History::parse(LOG);
        assert_eq!(h.len(), 3);
        assert_eq!(h.touched["src/cookies.py"], vec![0, 2]);
        assert_eq!(h.touched["src/client.py"], vec![1]);
        assert!(!h.touched.contains_key("Merge without files"));
    }

    #[test]
    fn a_file_changed_often_lately_and_by_matching_messages_scores_higher() {
        let h = History::parse(LOG);
        let m = h.matches(&stems("cookie parser drops quoted values"), &[]);
        let cookies = h.features("src/cookies.py", &m);
        let util = h.features("src/util.py", &m);
        let client = h.features("src/client.py", &m);
        assert_eq!(cookies.known, 1.0);
        assert!(cookies.changes > util.changes, "{cookies:?} {util:?}");
        assert!(
            util.recency > client.recency,
            "newest commit first: {util:?} {client:?}"
        );
        assert!(
            cookies.title_best > 0.5 && client.title_best == 0.0,
            "{cookies:?} {client:?}"
        );
        assert!(
            cookies.title_sum > util.title_sum,
            "two matching commits: {cookies:?} {util:?}"
        );
        assert_eq!(cookies.body_best, 0.0, "no body terms");
        let unseen = h.features("src/new.py", &m);
        let known_only = FileHistory {
            known: 1.0,
            ..FileHistory::UNKNOWN
        };
        assert_eq!(unseen, known_only, "known, and nothing else");
    }

    /// Runs git in `dir` with a fixed author, asserting that it succeeds.
    pub(crate) fn git(dir: &Path, args: &[&str]) {
        let status = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    }

    #[test]
    fn a_repository_gives_its_commits_and_knows_when_its_head_moved() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        git(root, &["init", "-q"]);
        std::fs::write(root.join("parser.py"), "def parse():\n    pass\n").unwrap();
        std::fs::write(root.join("client.py"), "def send():\n    pass\n").unwrap();
        git(root, &["add", "."]);
        git(root, &["commit", "-q", "-m", "first parser and client"]);
        std::fs::write(root.join("parser.py"), "def parse():\n    return 1\n").unwrap();
        git(
            root,
            &["commit", "-q", "-am", "parser returns quoted values"],
        );
        let h = History::load(root, "HEAD").unwrap();
        assert_eq!(h.len(), 2);
        assert_eq!(h.touched["parser.py"], vec![0, 1]);
        assert_eq!(h.touched["client.py"], vec![1]);
        assert!(h.is_current(root));
        let before = History::load(root, "HEAD~1").unwrap();
        assert_eq!(before.len(), 1, "read as of an older commit");
        assert!(!before.is_current(root));
    }

    #[test]
    fn history_is_absent_outside_a_repository_and_for_an_option_shaped_revision() {
        let dir = tempfile::tempdir().unwrap();
        assert!(History::load(dir.path(), "HEAD").is_none());
        assert!(History::load(dir.path(), "--output=x").is_none());
    }

    #[test]
    fn a_workspace_inside_a_larger_repository_reads_no_history() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        git(root, &["init", "-q"]);
        std::fs::create_dir(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a.py"), "x = 1\n").unwrap();
        git(root, &["add", "."]);
        git(root, &["commit", "-q", "-m", "first"]);
        assert!(History::load(root, "HEAD").is_some());
        assert!(History::load(&root.join("sub"), "HEAD").is_none());
    }
}
