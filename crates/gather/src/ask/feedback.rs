//! Pseudo-relevance feedback: the best-ranked definitions' own distinctive words become
//! extra, lighter search terms, so definitions that share the leading answers' vocabulary
//! (the same fields, types and helpers) rise even when the question never names them.

use rustc_hash::FxHashMap as HashMap;

use crate::index::postings::Postings;
use crate::index::texts::Texts;
use crate::index::{Index, SymbolId};

/// Words common to more than this share of definitions say nothing about a topic.
const MAX_DOC_SHARE: f32 = 0.02;

/// Up to `n_terms` expansion terms from `docs` (best first), each weighted `beta` × its
/// share of the best term's score; terms already in `query` are left out.
///
/// A term's score sums, over the documents, the document's weight (1 / rank) × the term's
/// frequency in it × its idf, as in relevance models: frequent in the answers, rare in
/// the workspace. Stop words, short words, numbers, words of a single definition and words
/// of more than [`MAX_DOC_SHARE`] of them are left out. The name counts double.
pub(crate) fn expand(
    index: &Index,
    texts: &Texts,
    postings: &Postings,
    docs: &[SymbolId],
    query: &[(String, f32)],
    n_terms: usize,
    beta: f32,
) -> Vec<(String, f32)> {
    let n = postings.n_docs().max(1) as f32;
    let mut weight: HashMap<String, f32> = HashMap::default();
    for (rank, id) in docs.iter().enumerate() {
        let found = index.symbol(*id);
        let Some(table) = texts.get(&found.file.path) else {
            continue;
        };
        let range = found.symbol.full_range();
        let last = range.end.min(table.n_lines());
        let mut counts: HashMap<String, f32> = HashMap::default();
        let mut len = 0f32;
        for line in range.start.max(1)..=last {
            crate::terms::terms(table.line(line), |t| {
                *counts.entry(t).or_default() += 1.0;
                len += 1.0;
            });
        }
        crate::terms::terms(&found.symbol.name, |t| {
            *counts.entry(t).or_default() += 2.0;
            len += 2.0;
        });
        let doc_weight = 1.0 / (1.0 + rank as f32);
        for (term, tf) in counts {
            if term.len() < 3 || term.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let df = postings.get(&term).len() as f32;
            if df < 2.0 || df > (n * MAX_DOC_SHARE).max(2.0) || crate::terms::is_stop_word(&term) {
                continue;
            }
            let idf = (n / df).ln();
            *weight.entry(term).or_default() += doc_weight * (tf / len.max(1.0)) * idf;
        }
    }
    let mut ranked: Vec<(String, f32)> = weight
        .into_iter()
        .filter(|(t, _)| !query.iter().any(|(q, _)| q == t))
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(n_terms);
    let best = ranked.first().map_or(1.0, |t| t.1).max(f32::MIN_POSITIVE);
    ranked
        .into_iter()
        // `w / best` first: the best word gets exactly `beta`.
        .map(|(t, w)| (t, beta * (w / best)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_distinctive_words_are_lent_and_common_ones_are_not() {
        let mut filler = String::new();
        for i in 0..120 {
            filler.push_str(&format!(
                "def filler_{i}(value):\n    return value + {i}\n\n"
            ));
        }
        let (_dir, index) = crate::index::index_of(&[
            ("filler.py", &filler),
            (
                "config.py",
                "def load_config(path):\n    text = yaml_loader(path)\n    return merge_defaults(text)\n\n\
                 def yaml_loader(path):\n    return open(path).read()\n\n\
                 def merge_defaults(text):\n    return text\n",
            ),
        ]);
        let postings = index.postings();
        let load = index.find("load_config")[0].id;
        let query = [(crate::terms::stem("config"), 1.0)];
        let extra = expand(
            &index,
            &Texts::of(&index),
            postings,
            &[load],
            &query,
            10,
            0.3,
        );
        let words: Vec<&str> = extra.iter().map(|(t, _)| t.as_str()).collect();
        assert!(words.contains(&"yaml"), "{words:?}");
        assert!(
            words.contains(&crate::terms::stem("defaults").as_str()),
            "{words:?}"
        );
        assert!(!words.contains(&"config"), "query terms are not lent again");
        assert!(!words.contains(&"return") && !words.contains(&"valu"));
        assert!(
            extra.iter().all(|(_, w)| *w > 0.0 && *w <= 0.3),
            "{extra:?}"
        );
        assert_eq!(extra[0].1, 0.3, "the best lent word gets the full weight");
    }
}
