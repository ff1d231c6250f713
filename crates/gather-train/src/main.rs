//! Training data for gather's learned ranking. For each mined question of one repository
//! (a commit's message and the old-side lines it changed, from `scripts/mine-history`),
//! the workspace is checked out at the commit's parent, the index refreshed, and the
//! question's candidates written with their features and labels: a candidate is gold when
//! it is the innermost definition holding a changed line.
//!
//! ```text
//! gather-train features ROOT MINED.jsonl OUT.jsonl [--cache-dir DIR] [--limit N]
//! gather-train lines ROOT MINED.jsonl OUT.jsonl
//! gather-train bridge TABLE FEATURES.jsonl OUT.jsonl
//! gather-train check-models RANKER BRIDGE LINES
//! ```
//!
//! Each output line is one question: its id, repository and language, its gold
//! definitions (path, start, end, whether a candidate), and per candidate its label, path,
//! range, hand-fusion score and feature vector (names in `features`, and the features'
//! `fingerprint` a model trained on them records, once per file's first line).
//!
//! Among the features are each candidate file's history as of the parent: the session
//! reads it at the checkout, as `gather ask` reads it at a work tree's top.
//!
//! `lines` writes, per changed definition of each question, its lines' features for the
//! line scorer and whether the change touched each (see `lines.rs`).
//!
//! `bridge` computes the bridge features of written questions again with another table
//! (see `bridge.rs`). `check-models` reads trained model files with gather's loaders and checks their
//! fingerprints against this build's (see `models.rs`).

mod bridge;
mod lines;
mod models;

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use gather::ask::features::NAMES;
use gather::ask::{Options, Ranking, SeedLimit};
use gather::cache;
use gather::confined::Root;
use gather::index::texts::Texts;
use gather::index::{Index, IndexOptions, Progress};
use gather::session::Session;
use gather::SymbolId;
use serde::Deserialize;
use serde_json::json;

/// Questions with more gold definitions than this are left out, as the miner's rules ask.
const MAX_GOLD: usize = 20;

/// The budget questions are asked with: it sets only how many seeds are chosen, never
/// which candidates there are or their features.
const TRAINING_BUDGET_LINES: usize = 400;

/// One mined question.
#[derive(Deserialize)]
struct Mined {
    repo: String,
    language: String,
    commit: String,
    parent: String,
    question: String,
    files: Vec<ChangedFile>,
}

/// The old-side lines one file's change touched.
#[derive(Deserialize)]
struct ChangedFile {
    path: String,
    lines: Vec<u32>,
    #[serde(default)]
    inserted_at: Vec<u32>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gather-train: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let usage =
        "usage: gather-train features ROOT MINED.jsonl OUT.jsonl [--cache-dir DIR] [--limit N]\n\
                 \x20      gather-train lines ROOT MINED.jsonl OUT.jsonl\n\
                 \x20      gather-train bridge TABLE FEATURES.jsonl OUT.jsonl\n\
                 \x20      gather-train check-models RANKER BRIDGE LINES";
    let mut positional = Vec::new();
    let mut cache_dir: Option<PathBuf> = None;
    let mut limit = usize::MAX;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--cache-dir" => cache_dir = it.next().map(PathBuf::from),
            "--limit" => {
                limit = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--limit takes a number")?
            }
            _ => positional.push(arg.as_str()),
        }
    }
    if let ["bridge", table, features, out] = positional.as_slice() {
        return bridge::bridge(Path::new(table), Path::new(features), Path::new(out));
    }
    if let ["check-models", ranker, bridge, lines] = positional.as_slice() {
        return models::check(Path::new(ranker), Path::new(bridge), Path::new(lines));
    }
    if let ["lines", root, mined, out] = positional.as_slice() {
        return lines::lines(Path::new(root), Path::new(mined), Path::new(out));
    }
    let ["features", root, mined, out] = positional.as_slice() else {
        return Err(usage.into());
    };
    features(
        Path::new(root),
        Path::new(mined),
        Path::new(out),
        cache_dir,
        limit,
    )
}

fn features(
    root: &Path,
    mined: &Path,
    out: &Path,
    cache_dir: Option<PathBuf>,
    limit: usize,
) -> Result<(), String> {
    let text = std::fs::read_to_string(mined).map_err(|e| format!("{}: {e}", mined.display()))?;
    let mut tasks: Vec<Mined> = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let task = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}: {e}", mined.display(), n + 1))?;
        tasks.push(task);
    }
    // The miner lists newest first; oldest first walks the history forwards, so each
    // checkout changes few files and the index refresh stays small.
    tasks.reverse();
    tasks.truncate(limit);
    let dir = Root::open(root).map_err(|e| e.to_string())?;
    let options = IndexOptions::default();
    let cache = cache::locate(cache_dir.as_deref(), dir.path()).ok();
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let mut session: Option<Session> = None;
    let fingerprint = features_fingerprint()?;
    let (mut kept, mut skipped, mut unreadable) = (0usize, 0usize, 0usize);
    let started = Instant::now();
    for task in &tasks {
        // A snapshot without some large file cannot check out the commits holding it.
        if checkout(dir.path(), &task.parent).is_err() {
            unreadable += 1;
            continue;
        }
        // The stored postings serve the first question; after that every checkout changes
        // contents, so the postings are built in memory and stored once, at the end.
        let next = match session.take() {
            Some(s) => s.refresh(&options),
            None => {
                Session::open(&dir, &options, cache.clone(), &Progress::default()).map(|mut s| {
                    s.load_postings();
                    s
                })
            }
        };
        let next = next.map_err(|e| e.to_string())?;
        let index = next.index();
        let texts = Texts::of(index);
        let first = (kept == 0).then_some(fingerprint.as_str());
        match question_line(index, &texts, task, first) {
            Some(line) => {
                writeln!(writer, "{line}").map_err(|e| e.to_string())?;
                kept += 1;
            }
            None => skipped += 1,
        }
        session = Some(next);
    }
    if let Some(mut s) = session {
        s.save();
        s.finish();
    }
    finish(
        writer,
        root,
        &format!(
            "{kept} questions written, {skipped} without gold or with too much, \
             {unreadable} not checked out"
        ),
        started,
    )
}

/// Flushes `writer`, then says on stderr what was written for `root` (`summary`) and how
/// long it took since `started`.
fn finish(
    mut writer: impl Write,
    root: &Path,
    summary: &str,
    started: Instant,
) -> Result<(), String> {
    writer.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{}: {summary}, {:.1} s",
        root.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A question's id: its repository and the first 12 digits of its commit.
fn question_id(task: &Mined) -> String {
    format!(
        "{}@{}",
        task.repo,
        &task.commit[..12.min(task.commit.len())]
    )
}

/// Checks the workspace out at `commit`, discarding what the last checkout left.
fn checkout(root: &Path, commit: &str) -> Result<(), String> {
    let status = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["checkout", "-q", "-f", "--detach", commit])
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("git: {e}"))?;
    if !status.success() {
        return Err(format!(
            "git checkout {commit} failed in {}",
            root.display()
        ));
    }
    Ok(())
}

/// The fingerprint of this build's features, taken on the probe workspace of the source
/// tree gather-train was built from (see `gather::ask::probe`).
fn features_fingerprint() -> Result<String, String> {
    let probe = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../gather/tests/fixtures/ranker/probe"
    );
    let index = gather::index::build(Path::new(probe)).map_err(|e| format!("{probe}: {e}"))?;
    Ok(gather::ask::probe::fingerprint(&index))
}

/// The question's line of output, or `None` when it has no gold definition or too many;
/// the first line names the features and their `fingerprint`.
fn question_line(
    index: &Index,
    texts: &Texts,
    task: &Mined,
    first: Option<&str>,
) -> Option<serde_json::Value> {
    let gold = gold_definitions(index, task);
    if gold.is_empty() || gold.len() > MAX_GOLD {
        return None;
    }
    let question = gather::ask::read(&task.question);
    // The question asked as `gather ask` asks it (no test code, no scope, the learned
    // ranking, the history the session read at this checkout): the candidates are those
    // the answer chooses among, with the features it computed.
    let options = Options {
        include_tests: false,
        scope: None,
        limit: SeedLimit::for_lines(TRAINING_BUDGET_LINES),
        ranking: Ranking::Learned,
        history: index.history(),
    };
    let candidates = gather::ask::ask(index, texts, &question, &options).candidates;
    let mut paths: Vec<&str> = Vec::new();
    let mut path_of = |id: SymbolId| -> usize {
        let path = index.files()[id.file as usize].path.as_str();
        match paths.iter().position(|p| *p == path) {
            Some(at) => at,
            None => {
                paths.push(path);
                paths.len() - 1
            }
        }
    };
    let rows: Vec<serde_json::Value> = candidates
        .iter()
        .map(|c| {
            let range = index.symbol(c.id).symbol.range;
            json!([
                u8::from(gold.contains(&c.id)),
                path_of(c.id),
                range.start,
                range.end,
                c.hand,
                c.features.as_slice(),
                name_terms(&index.symbol(c.id).symbol.name),
            ])
        })
        .collect();
    let gold_rows: Vec<serde_json::Value> = gold
        .iter()
        .map(|id| {
            let found = index.symbol(*id);
            json!([
                found.file.path,
                found.symbol.range.start,
                found.symbol.range.end,
                candidates.iter().position(|c| c.id == *id),
                found.symbol.qualified_name,
                name_terms(&found.symbol.name),
            ])
        })
        .collect();
    let mut line = json!({
        "id": question_id(task),
        "repo": task.repo,
        "language": task.language,
        "gold": gold_rows,
        "title_terms": question.terms.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
        "body_terms": question
            .detail
            .as_deref()
            .map(|d| d.terms.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>())
            .unwrap_or_default(),
        "paths": paths,
        "candidates": rows,
    });
    if let Some(fingerprint) = first {
        line["features"] = json!(NAMES.as_slice());
        line["fingerprint"] = json!(fingerprint);
    }
    Some(line)
}

/// The innermost definitions (not modules, not tests) holding a changed old-side line or
/// an insertion point, in file then line order.
fn gold_definitions(index: &Index, task: &Mined) -> Vec<SymbolId> {
    let mut gold: Vec<SymbolId> = Vec::new();
    for changed in &task.files {
        let Some(file) = index.file_idx(&changed.path) else {
            continue;
        };
        let symbols = &index.files()[file as usize].symbols;
        let lines: Vec<u32> = changed
            .lines
            .iter()
            .chain(&changed.inserted_at)
            .copied()
            .collect();
        gold.extend(
            lines::innermost(symbols, &lines)
                .into_iter()
                .map(|i| SymbolId {
                    file,
                    idx: i as u32,
                }),
        );
    }
    gold
}

/// The stemmed terms of a definition's name, space-separated.
fn name_terms(name: &str) -> String {
    let mut terms: Vec<String> = Vec::new();
    gather::terms::terms(name, |t| terms.push(t));
    terms.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(files: Vec<ChangedFile>) -> Mined {
        Mined {
            repo: "o/r".into(),
            language: "python".into(),
            commit: "c".into(),
            parent: "p".into(),
            question: "q".into(),
            files,
        }
    }

    #[test]
    fn gold_is_the_innermost_definition_holding_a_changed_line() {
        let dir = tempfile::tempdir().unwrap();
        let text = "import os\n\nclass Store:\n    limit = 3\n\n    def get(self):\n        return 1\n\n    def put(self):\n        return 2\n\ndef helper():\n    return 3\n";
        std::fs::write(dir.path().join("m.py"), text).unwrap();
        let index = gather::index::build(dir.path()).unwrap();
        let names = |lines: Vec<u32>, inserted_at: Vec<u32>| -> Vec<String> {
            let changed = ChangedFile {
                path: "m.py".into(),
                lines,
                inserted_at,
            };
            gold_definitions(&index, &task(vec![changed]))
                .iter()
                .map(|id| index.symbol(*id).symbol.name.clone())
                .collect()
        };
        assert_eq!(names(vec![7], vec![]), ["get"]);
        assert_eq!(names(vec![4, 10, 13], vec![]), ["Store", "put", "helper"]);
        assert_eq!(names(vec![], vec![6]), ["get"], "an insertion point counts");
        assert!(
            names(vec![1, 2], vec![]).is_empty(),
            "module-level lines add no gold"
        );
        assert_eq!(
            names(vec![7, 7, 6], vec![]),
            ["get"],
            "each definition once"
        );
        let elsewhere = ChangedFile {
            path: "gone.py".into(),
            lines: vec![1],
            inserted_at: vec![],
        };
        assert!(gold_definitions(&index, &task(vec![elsewhere])).is_empty());
    }
}
