//! The feature probe: fixed questions asked of a fixed workspace
//! (`crates/gather/tests/fixtures/ranker/probe`) with a fixed history, whose candidates'
//! feature rows pin what this build computes. A snapshot test shows the rows, so a change
//! to any feature says "retrain" in review; their hash with the features' names in row
//! order is the fingerprint a model file records of the features it was trained on
//! (`gather-train` writes it into its output, `scripts/train-ranker` into the model), and a
//! test refuses a shipped model whose fingerprint is not this build's.

use std::fmt::Write;

use super::features::{Feature, NAMES};
use super::{ask, read, Options, Ranking, SeedLimit};
use crate::index::history::History;
use crate::index::texts::Texts;
use crate::index::Index;

/// The probe's questions: a line naming nothing, a line naming an identifier, and a whole
/// issue with a traceback, a code block and a quoted message, so every lane votes.
pub const QUESTIONS: [&str; 3] = [
    "retry delay grows too fast after a timeout",
    "`RetryPolicy.delay` ignores max_delay for large attempts",
    "Session.send gives up with a budget error\n\n\
     After a few timeouts `send` raises instead of waiting:\n\n\
     ```\n\
     Traceback (most recent call last):\n  \
     File \"client/session.py\", line 16, in send\n    \
     sleep_until(self.policy.deadline(attempt))\n  \
     File \"retry/policy.py\", line 17, in delay\n\
     RuntimeError: retry budget exhausted\n\
     ```\n\n\
     ```python\n\
     session = Session(transport, RetryPolicy(attempts=2))\n\
     session.send(request)\n\
     ```\n",
];

/// The probe's history, as `git log --format=%x1e%B%x1f --name-only` prints it.
pub const LOG: &str = "\x1ecap the retry delay at max_delay\n\x1f\n\nretry/policy.py\n\
                       \x1esession: retry a send after a timeout\n\x1f\n\nclient/session.py\nretry/clock.py\n\
                       \x1eadd read and connect timeouts\n\x1f\n\nclient/timeouts.rs\n";

/// Every candidate of every probe question, with its features by name: a line per
/// candidate (`path:line name`), then its features that are not 0, each rounded to 6
/// decimals, so a last bit that differs between platforms' math libraries changes nothing.
pub fn rows(index: &Index) -> String {
    let history = History::parse(LOG);
    let options = Options {
        include_tests: false,
        scope: None,
        limit: SeedLimit::for_lines(400),
        // The candidates and their features come before any ranking: the probe does not
        // depend on the model it fingerprints.
        ranking: Ranking::Hand,
        history: Some(&history),
    };
    let texts = Texts::of(index);
    let mut out = String::new();
    for question in QUESTIONS {
        let title = question.lines().next().unwrap_or_default();
        let _ = writeln!(out, "# {title}");
        let asked = ask(index, &texts, &read(question), &options);
        for candidate in &asked.candidates {
            let found = index.symbol(candidate.id);
            let _ = writeln!(
                out,
                "{}:{} {}",
                found.file.path, found.symbol.range.start, found.symbol.qualified_name
            );
            let features: Vec<String> = (Feature::ALL.iter())
                .filter(|f| candidate.features[**f] != 0.0)
                .map(|f| format!("{} {:.6}", f.name(), candidate.features[*f]))
                .collect();
            let _ = writeln!(out, "  {}", features.join(", "));
        }
    }
    out
}

/// The fingerprint of this build's features: a hash of their names in row order and of
/// the probe's [`rows`], as 16 hexadecimal digits.
pub fn fingerprint(index: &Index) -> String {
    let text = format!("{}\n{}", NAMES.join(" "), rows(index));
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

/// The probe workspace of this source tree.
#[cfg(test)]
pub(crate) fn workspace() -> Index {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/ranker/probe");
    crate::index::build(std::path::Path::new(root)).expect("the probe workspace indexes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probes_feature_rows_are_pinned() {
        insta::assert_snapshot!(rows(&workspace()));
    }

    #[test]
    fn every_lane_and_feature_family_shows_in_the_probe() {
        let rows = rows(&workspace());
        for name in [
            "ident_exact",
            "lexical",
            "frame",
            "span_exact",
            "code_exact",
            "body_lexical",
            "grep",
            "title_bm25",
            "body_bm25",
            "name_named",
            "file_best_title",
            "hand_rel",
            "hist_known",
            "hist_title_best",
        ] {
            assert!(rows.contains(&format!("{name} ")), "{name} is 0 everywhere");
        }
    }
}
