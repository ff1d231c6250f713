//! `gather-train bridge`: the bridge features of written questions again, from another
//! table. `features` computes them with the shipped table, which learned from every
//! question, its own included; training needs each question's from a table learned without
//! its repository (`scripts/train-ranker` learns one per fold), and this computes them with
//! gather's own code, from the terms `features` wrote, without indexing anything again.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use gather::ask::bridge::{self, Bridge};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::json;

use crate::finish;

/// What `bridge` reads of a features line.
#[derive(Deserialize)]
struct Question {
    id: String,
    title_terms: Vec<String>,
    body_terms: Vec<String>,
    /// Per candidate its label, path, range, hand score and features (all skipped), then
    /// its name's terms, space-separated.
    candidates: Vec<(
        IgnoredAny,
        IgnoredAny,
        IgnoredAny,
        IgnoredAny,
        IgnoredAny,
        IgnoredAny,
        String,
    )>,
}

/// Writes `out`: per line of `features`, `{"id", "bridge": [[title max, title mean, body
/// max, body mean] per candidate]}` with the table in `table`.
pub fn bridge(table: &Path, features: &Path, out: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(table).map_err(|e| format!("{}: {e}", table.display()))?;
    let table = Bridge::new(&text);
    let input =
        std::fs::File::open(features).map_err(|e| format!("{}: {e}", features.display()))?;
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let started = Instant::now();
    let mut questions = 0usize;
    for line in BufReader::new(input).lines() {
        let line = line.map_err(|e| format!("{}: {e}", features.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let question: Question =
            serde_json::from_str(&line).map_err(|e| format!("{}: {e}", features.display()))?;
        writeln!(
            writer,
            "{}",
            json!({"id": question.id, "bridge": rows(&table, &question)})
        )
        .map_err(|e| e.to_string())?;
        questions += 1;
    }
    finish(
        writer,
        features,
        &format!("bridge features of {questions} questions"),
        started,
    )
}

/// The question's candidates' bridge features, as the ranking computes them.
fn rows(table: &Bridge, question: &Question) -> Vec<[f64; 4]> {
    let weighed = |terms: &[String]| -> Vec<(String, f32)> {
        terms.iter().map(|t| (t.clone(), 0.0)).collect()
    };
    let title = table.reach(&weighed(&question.title_terms));
    let body = table.reach(&weighed(&question.body_terms));
    (question.candidates.iter())
        .map(|c| {
            let name_terms: Vec<String> = c.6.split_whitespace().map(str::to_string).collect();
            let (title_max, title_mean) = bridge::into_name(&title, &name_terms);
            let (body_max, body_mean) = bridge::into_name(&body, &name_terms);
            [title_max, title_mean, body_max, body_mean]
        })
        .collect()
}
