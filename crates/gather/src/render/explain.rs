//! `gather ask --explain`: the pack, then each seed with its learned and hand scores, the
//! features that placed it and every feature it has.

use std::fmt::Write;

use serde_json::Value;

use super::answer::{
    self,
    explain::{ExplainedPack, ExplainedSeed, Weighted},
};
use crate::ask::explain::Explanation;
use crate::ask::Ranking;
use crate::index::Index;
use crate::pack::Pack;

/// A pack that carries its seeds' explanation (`ContextRequest::explain`), as text (the
/// pack, then a section explaining each seed) and as JSON (the pack's answer with an
/// `explain` array, one object a seed, in seed order: [`ExplainedPack`]); `None` for a
/// pack without one.
pub fn render(index: &Index, pack: &Pack) -> Option<(String, Value)> {
    let explanation = pack.explained.as_ref()?;
    let (text, used) = super::pack::pack_text(pack);
    let (section, seeds) = explained(index, explanation);
    let json = answer::value(&ExplainedPack {
        pack: super::pack::pack_answer(pack, used, &text),
        explain: seeds,
    });
    Some((format!("{text}\n{section}"), json))
}

/// The explanation as a text section and as one answer a seed.
fn explained(index: &Index, explanation: &Explanation) -> (String, Vec<ExplainedSeed>) {
    let learned = explanation.ranking == Ranking::Learned;
    let explained = &explanation.seeds;
    let mut text = String::new();
    let ranking = if learned {
        "learned ranking"
    } else {
        "hand fusion (no model shipped)"
    };
    let _ = writeln!(text, "# explain · {ranking} · {} seeds", explained.len());
    let mut rows = Vec::with_capacity(explained.len());
    for (rank, e) in explained.iter().enumerate() {
        let found = index.symbol(e.id);
        let (path, line, name) = (
            &found.file.path,
            found.symbol.range.start,
            &found.symbol.qualified_name,
        );
        let _ = writeln!(
            text,
            "{}. {path}:{line} {name}  score {:.3}  hand {:.3} (#{})",
            rank + 1,
            e.score,
            e.hand,
            e.hand_rank + 1
        );
        if e.breadth {
            let _ = writeln!(
                text,
                "   added for breadth: the best of a file no ranked seed is in"
            );
        }
        if learned {
            let moves: Vec<String> = e
                .moves
                .iter()
                .map(|(n, m)| format!("{n} {:+.3}", thousandths(*m)))
                .collect();
            let _ = writeln!(
                text,
                "   placed by: base {:.3}, {}",
                thousandths(e.base),
                moves.join(", ")
            );
        }
        let features: Vec<String> = e
            .features
            .iter()
            .map(|(n, v)| format!("{n} {}", short(*v)))
            .collect();
        let _ = writeln!(text, "   features: {}", features.join(", "));
        rows.push(ExplainedSeed {
            base: e.base,
            breadth: e.breadth,
            features: weighted(&e.features),
            hand: e.hand,
            hand_rank: e.hand_rank + 1,
            line,
            name: name.clone(),
            path: path.clone(),
            placed_by: weighted(&e.moves),
            score: e.score,
        });
    }
    (text, rows)
}

/// Name-value pairs, in their order.
fn weighted(pairs: &[(&str, f64)]) -> Vec<Weighted> {
    (pairs.iter())
        .map(|(name, value)| Weighted(name.to_string(), *value))
        .collect()
}

/// A value in at most four significant decimals, without trailing zeros.
fn short(v: f64) -> String {
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `v` rounded to the three decimals the text shows, a negative zero made positive: a base
/// of -0.00001 reads "0.000", not "-0.000".
fn thousandths(v: f64) -> f64 {
    let r = (v * 1000.0).round() / 1000.0;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::thousandths;

    #[test]
    fn a_value_that_rounds_to_zero_reads_without_a_sign() {
        assert_eq!(format!("{:.3}", thousandths(-0.00001)), "0.000");
        assert_eq!(format!("{:+.3}", thousandths(-0.0004)), "+0.000");
        assert_eq!(format!("{:.3}", thousandths(-0.0006)), "-0.001");
        assert_eq!(format!("{:+.3}", thousandths(1.2344)), "+1.234");
    }
}
