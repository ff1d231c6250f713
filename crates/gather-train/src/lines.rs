//! `gather-train lines`: for each mined question, the lines of each changed definition
//! with the line scorer's features and whether the change touched them; the first line
//! also names the features (`features`) and their `fingerprint`, which a model trained on
//! them records. The definitions
//! are read at the question's parent commit through `git cat-file`, without a checkout or
//! an index: the line features need only the definition and the question.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use gather::ask::evidence::QuestionEvidence;
use gather::ask::question;
use gather::lines::{Line, LineRange};
use gather::pack::line_score;
use gather::SymbolKind;
use serde_json::json;

use crate::{finish, question_id, Mined};

/// Definitions shorter than this are shown whole whenever shown: their lines need no
/// choosing.
const MIN_LINES: u32 = 10;

/// Files larger than this are left out, as the index leaves them out.
const MAX_FILE: usize = 1 << 20;

/// Writes `out`: one line per changed definition of each question in `mined`.
pub fn lines(root: &Path, mined: &Path, out: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(mined).map_err(|e| format!("{}: {e}", mined.display()))?;
    let mut blobs = Blobs::open(root)?;
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let started = Instant::now();
    let (mut questions, mut definitions) = (0usize, 0usize);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let task: Mined =
            serde_json::from_str(line).map_err(|e| format!("{}: {e}", mined.display()))?;
        let own = QuestionEvidence::of(&question::read(&task.question));
        let query = line_score::LineQuery::of(&own);
        let mut wrote = false;
        for changed in &task.files {
            let Some(text) = blobs.read(&task.parent, &changed.path)? else {
                continue;
            };
            let parsed = gather::parse::file(&changed.path, &text);
            let all: Vec<&str> = text.lines().collect();
            // An insertion counts as the nearest non-blank line at or before it, as the
            // evaluation counts it.
            let blank = |l: Line| all.get(l as usize - 1).is_none_or(|t| t.trim().is_empty());
            let inserted = changed.inserted_at.iter().map(|&at| {
                let mut l = at;
                while l > 1 && blank(l) {
                    l -= 1;
                }
                l
            });
            let touched: Vec<Line> = changed.lines.iter().copied().chain(inserted).collect();
            for i in innermost(&parsed.symbols, &touched) {
                let symbol = &parsed.symbols[i];
                let range = symbol.full_range();
                if range.len() < MIN_LINES || range.end as usize > all.len() {
                    continue;
                }
                let numbered: Vec<(Line, &str)> = (range.start..=range.end)
                    .map(|l| (l, all[l as usize - 1]))
                    .collect();
                let signature = LineRange::new(
                    symbol.signature.start.max(range.start),
                    symbol.signature.end.min(range.end).max(range.start),
                );
                let features = line_score::features(&numbered, range, signature, &query);
                let labels: Vec<u8> = (range.start..=range.end)
                    .map(|l| u8::from(touched.contains(&l)))
                    .collect();
                let rounded: Vec<Vec<f32>> = (features.iter())
                    .map(|f| f.iter().map(|x| (x * 1e4).round() / 1e4).collect())
                    .collect();
                let mut row = json!({
                    "id": question_id(&task),
                    "repo": task.repo,
                    "language": task.language,
                    "path": changed.path,
                    "start": range.start,
                    "end": range.end,
                    "labels": labels,
                    "x": rounded,
                });
                if definitions == 0 {
                    row["features"] = json!(line_score::NAMES.as_slice());
                    row["fingerprint"] = json!(line_score::fingerprint());
                }
                writeln!(writer, "{row}").map_err(|e| e.to_string())?;
                definitions += 1;
                wrote = true;
            }
        }
        questions += usize::from(wrote);
    }
    finish(
        writer,
        root,
        &format!("{definitions} definitions of {questions} questions"),
        started,
    )
}

/// The innermost definitions (not modules, not tests) holding a `touched` line, in order,
/// each once: the gold of a mined question.
pub(crate) fn innermost(symbols: &[gather::Symbol], touched: &[Line]) -> Vec<usize> {
    let mut out = Vec::new();
    for &line in touched {
        let best = (0..symbols.len())
            .filter(|&i| symbols[i].range.contains(line))
            .min_by_key(|&i| (symbols[i].range.len(), std::cmp::Reverse(i)));
        if let Some(i) = best {
            let s = &symbols[i];
            if s.kind != SymbolKind::Module && !s.is_test && !out.contains(&i) {
                out.push(i);
            }
        }
    }
    out
}

/// A `git cat-file --batch` process: file contents at any commit, without a checkout.
struct Blobs {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Blobs {
    fn open(root: &Path) -> Result<Blobs, String> {
        let mut child = Command::new("git")
            .arg("-C")
            .arg(root)
            .args(["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("git cat-file: {e}"))?;
        let input = child.stdin.take().ok_or("git cat-file: no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("git cat-file: no stdout")?);
        Ok(Blobs {
            child,
            input,
            output,
        })
    }

    /// The text of `path` at `commit`, or `None` when it is missing, binary or too large.
    fn read(&mut self, commit: &str, path: &str) -> Result<Option<String>, String> {
        writeln!(self.input, "{commit}:{path}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut header = String::new();
        self.output
            .read_line(&mut header)
            .map_err(|e| e.to_string())?;
        // `<oid> blob <size>` or `<object> missing`.
        let size: usize = match header.split_whitespace().collect::<Vec<_>>().as_slice() {
            [_, "blob", size] => size.parse().map_err(|_| "git cat-file: bad size")?,
            _ => return Ok(None),
        };
        let mut bytes = vec![0u8; size + 1];
        self.output
            .read_exact(&mut bytes)
            .map_err(|e| e.to_string())?;
        bytes.pop();
        if size > MAX_FILE {
            return Ok(None);
        }
        Ok(gather::parse::decode(bytes).ok())
    }
}

impl Drop for Blobs {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
