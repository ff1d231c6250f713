//! The lexical lane: BM25F over definitions. Each field's term count is normalised by
//! the field's length, weighted, summed, and saturated once, so a term in the name counts
//! for more than the same term in the body, but many body mentions cannot outweigh it.

use crate::index::postings::{Posting, Postings, N_FIELDS};
use crate::index::{Index, SymbolId};

/// Field weights: name, scope (parents and path), doc, body.
pub(crate) const WEIGHTS: [f32; N_FIELDS] = [3.0, 2.0, 1.0, 1.0];
/// Length normalisation per field. Bodies are normalised only halfway: a long function
/// mentions more terms, but it is also where more of the behaviour lives.
const B: [f32; N_FIELDS] = [0.3, 0.3, 0.75, 0.5];
/// Term-frequency saturation.
const K1: f32 = 1.2;
/// Weight of a definition's length (log lines) in its score: changes land in long
/// definitions more often than in short ones.
const LENGTH_PRIOR: f32 = 0.1;
/// A whole-identifier term (see [`crate::terms::compound`]) held by more than this share
/// of definitions (and more than a handful) is left out of the search.
const MAX_COMPOUND_SHARE: f32 = 0.002;
const MIN_COMPOUND_CAP: f32 = 10.0;
/// Factor for definitions in peripheral paths (examples, vendored code, docs, scripts).
const PERIPHERAL: f32 = 0.5;

/// Scores every definition against `terms` (stemmed, weighted); returns the `depth` best
/// hits `keep` accepts, best first (ties by path, then line), and the terms no document holds.
pub(crate) fn search(
    index: &Index,
    postings: &Postings,
    terms: &[(String, f32)],
    keep: &impl Fn(&SymbolId) -> bool,
    depth: usize,
) -> (Vec<(SymbolId, f32)>, Vec<String>) {
    let n = postings.n_docs();
    let mut scores = vec![0f32; n];
    let mut unmatched = Vec::new();
    let avg = postings.avg_len();
    for (term, weight) in terms {
        let list = postings.get(term);
        if list.is_empty() {
            unmatched.push(term.clone());
            continue;
        }
        let Some(idf) = idf(term, list.len(), n) else {
            continue;
        };
        for posting in list {
            let tf: f32 = field_tfs(postings, posting, avg).iter().sum();
            scores[posting.doc as usize] += weight * idf * tf / (K1 + tf);
        }
    }
    // Whether each file is peripheral, read once per file rather than once per hit.
    let mut peripheral: Vec<Option<bool>> = vec![None; index.files().len()];
    let mut hits: Vec<(SymbolId, f32)> = scores
        .iter()
        .enumerate()
        .filter(|(_, &s)| s > 0.0)
        .map(|(doc, &s)| (postings.doc(doc as u32), s))
        .filter(|(id, _)| keep(id))
        .map(|(id, s)| {
            let found = index.symbol(id);
            let len = found.symbol.range.len() as f32;
            let mut s = s * (1.0 + LENGTH_PRIOR * (1.0 + len).ln());
            let far = *peripheral[id.file as usize]
                .get_or_insert_with(|| is_peripheral(&found.file.path));
            if far {
                s *= PERIPHERAL;
            }
            (id, s)
        })
        .collect();
    top(index, &mut hits, depth);
    (hits, unmatched)
}

/// BM25F against `terms` of the documents in `docs` (postings document number → row): the
/// combined score [`search`] ranks by (before its length prior and peripheral factor), then
/// each field scored alone, as features for a learned ranking. Returns `n_rows` rows; a row
/// no document maps to stays 0.
pub(crate) fn field_scores(
    postings: &Postings,
    terms: &[(String, f32)],
    docs: &rustc_hash::FxHashMap<u32, usize>,
    n_rows: usize,
) -> Vec<[f64; N_FIELDS + 1]> {
    let n = postings.n_docs();
    let avg = postings.avg_len();
    let mut rows = vec![[0f64; N_FIELDS + 1]; n_rows];
    for (term, weight) in terms {
        let list = postings.get(term);
        let Some(idf) = idf(term, list.len(), n) else {
            continue;
        };
        for posting in list {
            let Some(&row) = docs.get(&posting.doc) else {
                continue;
            };
            let fields = field_tfs(postings, posting, avg);
            for (f, field) in fields.iter().enumerate().filter(|(_, t)| **t > 0.0) {
                rows[row][f + 1] += f64::from(weight * idf * field / (K1 + field));
            }
            let tf: f32 = fields.iter().sum();
            rows[row][0] += f64::from(weight * idf * tf / (K1 + tf));
        }
    }
    rows
}

/// A term's inverse document frequency among `n` documents, or `None` when it is left out
/// of the search: held by no document, or a whole identifier used all over (`ValueError`,
/// `DataArray`), which would only double its sub-words' weight wherever it is used.
fn idf(term: &str, df: usize, n: usize) -> Option<f32> {
    let df = df as f32;
    if df == 0.0
        || (crate::terms::is_compound(term)
            && df > (MAX_COMPOUND_SHARE * n as f32).max(MIN_COMPOUND_CAP))
    {
        return None;
    }
    Some((1.0 + (n as f32 - df + 0.5) / (df + 0.5)).ln())
}

/// A posting's count per field, normalised by the field's length and weighted (0 where
/// the field does not hold the term).
fn field_tfs(postings: &Postings, posting: &Posting, avg: [f32; N_FIELDS]) -> [f32; N_FIELDS] {
    let lens = postings.lens(posting.doc);
    let mut out = [0.0; N_FIELDS];
    for f in 0..N_FIELDS {
        if posting.tf[f] != 0 {
            let norm = 1.0 - B[f] + B[f] * lens[f] as f32 / avg[f];
            out[f] = WEIGHTS[f] * posting.tf[f] as f32 / norm;
        }
    }
    out
}

/// Keeps the best `depth` hits, best first (a selection, then a sort of those only: a
/// common word can give most of a large workspace a positive score).
pub fn top(index: &Index, hits: &mut Vec<(SymbolId, f32)>, depth: usize) {
    if hits.len() > depth {
        hits.select_nth_unstable_by(depth, |a, b| order(index, a, b));
        hits.truncate(depth);
    }
    sort_hits(index, hits);
}

/// Whether a path is outside the product code: examples, fixtures, vendored code,
/// benchmarks, docs, build and support scripts, and declaration files (`.pyi`, `.d.ts`),
/// which restate signatures whose bodies live beside them. (`contrib` is not: Django's
/// `contrib` holds the admin, auth and sessions, where a fifth of its changes land.)
pub(crate) fn is_peripheral(path: &str) -> bool {
    let mut segments = path.split('/').rev();
    let file = segments.next().unwrap_or(path);
    is_bundled_asset(file)
        || is_declaration_file(file)
        || segments.any(|dir| {
            matches!(
                dir,
                "example"
                    | "examples"
                    | "fixture"
                    | "fixtures"
                    | "vendor"
                    | "vendored"
                    | "third_party"
                    | "thirdparty"
                    | "external"
                    | "extern"
                    | "bench"
                    | "benches"
                    | "benchmark"
                    | "benchmarks"
                    | "doc"
                    | "docs"
                    | "scripts"
                    | "support"
                    | "tools"
                    | "samples"
                    | "sample"
                    | "demo"
                    | "node_modules"
                    | "dist"
                    | "build"
            )
        })
}

/// A file of declarations only: Python stubs, TypeScript declaration files.
fn is_declaration_file(file: &str) -> bool {
    [".pyi", ".d.ts", ".d.mts", ".d.cts"]
        .iter()
        .any(|ext| file.ends_with(ext))
}

/// A copied-in browser library, named as such projects ship their builds: minified
/// (`select2.min.js`) or with its version in the name (`jquery-3.5.1.js`).
fn is_bundled_asset(file: &str) -> bool {
    let Some(stem) = (file.strip_suffix(".js")).or_else(|| file.strip_suffix(".css")) else {
        return false;
    };
    if stem.ends_with(".min") {
        return true;
    }
    // `name-1.2.3` or `name-1.2`: a dash, then dot-separated numbers.
    stem.rsplit_once('-').is_some_and(|(name, version)| {
        !name.is_empty()
            && version.contains('.')
            && version
                .split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Best first; equal scores by (path, line) so the order never depends on hashing.
pub(crate) fn sort_hits(index: &Index, hits: &mut [(SymbolId, f32)]) {
    hits.sort_by(|a, b| order(index, a, b));
}

fn order(index: &Index, a: &(SymbolId, f32), b: &(SymbolId, f32)) -> std::cmp::Ordering {
    b.1.total_cmp(&a.1).then_with(|| {
        let (x, y) = (index.symbol(a.0), index.symbol(b.0));
        (&x.file.path, x.symbol.range.start).cmp(&(&y.file.path, y.symbol.range.start))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::index_of;

    fn names(index: &Index, hits: &[(SymbolId, f32)]) -> Vec<String> {
        hits.iter()
            .map(|(id, _)| index.symbol(*id).symbol.name.clone())
            .collect()
    }

    #[test]
    fn copied_in_libraries_declarations_and_support_code_are_peripheral_and_contrib_is_not() {
        for path in [
            "sphinx/themes/basic/static/jquery-3.5.1.js",
            "static/underscore-1.13.1.js",
            "admin/js/select2.min.js",
            "astropy/extern/configobj/validate.py",
            "examples/demo.py",
            "lib/matplotlib/axes/_base.pyi",
            "types/index.d.ts",
        ] {
            assert!(is_peripheral(path), "{path}");
        }
        for path in [
            "django/contrib/admin/options.py",
            "src/app-v2.js",
            "lib/router-1.js",
            "src/jquery.js",
            "pkg/version-1.2.py",
        ] {
            assert!(!is_peripheral(path), "{path}");
        }
    }

    /// What question mode keeps by default: everything but test code.
    fn no_tests(index: &Index) -> impl Fn(&SymbolId) -> bool + '_ {
        |id| !index.symbol(*id).symbol.is_test
    }

    #[test]
    fn a_term_in_the_name_outranks_the_same_term_in_a_body() {
        let (_dir, index) = index_of(&[(
            "m.py",
            "def helper():\n    timeout = 1\n    timeout += 2\n    return timeout\n\ndef read_timeout():\n    return 5\n\ndef other():\n    return 0\n",
        )]);
        let (hits, unmatched) = search(
            &index,
            index.postings(),
            &[("timeout".into(), 1.0)],
            &no_tests(&index),
            100,
        );
        assert_eq!(names(&index, &hits), ["read_timeout", "helper"]);
        assert!(unmatched.is_empty());
    }

    #[test]
    fn rare_terms_weigh_more_and_unknown_terms_are_reported() {
        let (_dir, index) = index_of(&[(
            "m.py",
            "def a():\n    return common + rare\n\ndef b():\n    return common\n\ndef c():\n    return common\n",
        )]);
        let terms = [
            ("common".to_string(), 1.0),
            ("rare".to_string(), 1.0),
            ("absent".to_string(), 1.0),
        ];
        let (hits, unmatched) = search(&index, index.postings(), &terms, &no_tests(&index), 100);
        assert_eq!(names(&index, &hits)[0], "a");
        assert!(hits[0].1 > hits[1].1 * 1.5);
        assert_eq!(unmatched, ["absent"]);
    }

    #[test]
    fn a_named_identifier_finds_the_definitions_that_use_it_whole() {
        // `offset` and `text` are both all over `layout`; only `draw` uses `offsetText`.
        let (_dir, index) = index_of(&[(
            "m.js",
            "function layout() {\n  const offset = text.offset + text.size;\n  return [offset, text, offset, text];\n}\n\nfunction draw(axis) {\n  axis.offsetText.visible = false;\n}\n\nfunction other() {\n  return 0;\n}\n",
        )]);
        let question = crate::ask::question::read("offsetText");
        assert!(question.terms.iter().any(|(t, _)| t == "=offsettext"));
        let (hits, unmatched) = search(
            &index,
            index.postings(),
            &question.terms,
            &no_tests(&index),
            100,
        );
        assert_eq!(names(&index, &hits)[0], "draw");
        assert!(unmatched.is_empty());
        // Without the whole-identifier term, its parts alone favour `layout`.
        let parts: Vec<(String, f32)> = (question.terms.iter())
            .filter(|(t, _)| !crate::terms::is_compound(t))
            .cloned()
            .collect();
        let (hits, _) = search(&index, index.postings(), &parts, &no_tests(&index), 100);
        assert_eq!(names(&index, &hits)[0], "layout");
    }

    #[test]
    fn test_code_is_left_out_unless_asked_for() {
        let (_dir, index) = index_of(&[
            ("src/m.py", "def load_config():\n    return 1\n"),
            (
                "tests/test_m.py",
                "def test_load_config():\n    load_config()\n",
            ),
        ]);
        let terms = [("config".to_string(), 1.0)];
        let (hits, _) = search(&index, index.postings(), &terms, &no_tests(&index), 100);
        assert_eq!(names(&index, &hits), ["load_config"]);
        let (hits, _) = search(&index, index.postings(), &terms, &|_| true, 100);
        assert_eq!(hits.len(), 2);
    }
}
