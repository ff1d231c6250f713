//! How well each candidate file answers the question as a whole. A definition's own
//! scores see only its lines, so a file whose answer is spread over several definitions
//! (one names the feature, the next the failure) looks no better than its best one. Here
//! every definition's words of a file are pooled into one document and scored against the
//! title's and the body's terms (BM25 over files), beside how much of the question the
//! file holds at all and how much of it its path names.

use rustc_hash::FxHashMap as HashMap;
use rustc_hash::FxHashSet as HashSet;

use super::lexical;
use crate::index::postings::{Field, Postings};
use crate::index::Index;

/// How many features a file gets, in [`NAMES`] order.
pub const N_FILE_FEATURES: usize = 8;

/// The features' names, in vector order.
pub const NAMES: [&str; N_FILE_FEATURES] = [
    "file_title_bm25",
    "file_body_bm25",
    "file_title_cover",
    "file_body_cover",
    "path_title",
    "path_body",
    "file_title_rank",
    "file_body_rank",
];

/// BM25's saturation and length normalisation, over files: a file is long, and its
/// length says less about how much of it is on one subject than a definition's does.
const K1: f64 = 1.2;
const B: f64 = 0.5;

/// One list of question terms scored against every file of `files`.
struct Scored {
    /// BM25 of the pooled definitions, per file.
    bm25: Vec<f64>,
    /// The share of the terms' weight the file holds anywhere (its path included).
    cover: Vec<f64>,
    /// The share of the terms' weight the file's path holds.
    path: Vec<f64>,
}

/// The whole-file features of each file of `files` (each a file number of `index`), for
/// the title's terms and the body's, in `files` order.
pub fn file_features(
    index: &Index,
    title: &[(String, f32)],
    body: &[(String, f32)],
    files: &[u32],
) -> Vec<[f64; N_FILE_FEATURES]> {
    let postings = index.postings();
    let slot: HashMap<u32, usize> = files.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let lens: Vec<f64> = files.iter().map(|f| pooled_len(postings, *f)).collect();
    let n_files = postings.n_files_with_docs().max(1);
    let avg = pooled_total(postings) / n_files as f64;
    let paths: Vec<HashSet<String>> = files
        .iter()
        .map(|f| path_terms(&index.files()[*f as usize].path))
        .collect();
    let pooled = Pooled {
        postings,
        slot: &slot,
        lens: &lens,
        avg: avg.max(1.0),
        n_files,
        paths: &paths,
    };
    let title = pooled.score(title);
    let body = pooled.score(body);
    let title_rank = ranks(&title.bm25);
    let body_rank = ranks(&body.bm25);
    (0..files.len())
        .map(|i| {
            [
                title.bm25[i],
                body.bm25[i],
                title.cover[i],
                body.cover[i],
                title.path[i],
                body.path[i],
                title_rank[i],
                body_rank[i],
            ]
        })
        .collect()
}

/// What scoring one term list reads.
struct Pooled<'a> {
    postings: &'a Postings,
    slot: &'a HashMap<u32, usize>,
    lens: &'a [f64],
    avg: f64,
    n_files: usize,
    paths: &'a [HashSet<String>],
}

impl Pooled<'_> {
    fn score(&self, terms: &[(String, f32)]) -> Scored {
        let n = self.lens.len();
        let mut out = Scored {
            bm25: vec![0.0; n],
            cover: vec![0.0; n],
            path: vec![0.0; n],
        };
        let mut total = 0.0;
        let mut seen: HashSet<&str> = HashSet::default();
        let mut tf: Vec<(usize, f64)> = Vec::new();
        for (term, weight) in terms {
            if !seen.insert(term.as_str()) {
                continue;
            }
            let list = self.postings.get(term);
            if lexical::idf(term, list.len(), self.postings.n_docs()).is_none() {
                continue;
            }
            // Documents come in file order, so a file's postings are one run.
            tf.clear();
            let (mut df, mut last) = (0usize, None);
            for posting in list {
                let file = self.postings.doc(posting.doc).file;
                if last != Some(file) {
                    df += 1;
                    last = Some(file);
                }
                let Some(&at) = self.slot.get(&file) else {
                    continue;
                };
                // The scope field repeats the path in every definition: the path is
                // counted once, below.
                let count: u32 = [Field::Name, Field::Doc, Field::Body]
                    .iter()
                    .map(|f| u32::from(posting.tf[*f as usize]))
                    .sum();
                match tf.last_mut() {
                    Some((s, c)) if *s == at => *c += f64::from(count),
                    _ => tf.push((at, f64::from(count))),
                }
            }
            let df = df as f64;
            let idf = (1.0 + (self.n_files as f64 - df + 0.5) / (df + 0.5)).ln();
            let w = f64::from(*weight) * idf;
            total += w;
            let mut held = vec![false; n];
            for &(at, count) in &tf {
                if count > 0.0 {
                    let norm = 1.0 - B + B * self.lens[at] / self.avg;
                    out.bm25[at] += w * count * (K1 + 1.0) / (count + K1 * norm);
                    held[at] = true;
                }
            }
            for (at, path) in self.paths.iter().enumerate() {
                if path.contains(term.as_str()) {
                    out.path[at] += w;
                    held[at] = true;
                }
                if held[at] {
                    out.cover[at] += w;
                }
            }
        }
        if total > 0.0 {
            for v in out.cover.iter_mut().chain(out.path.iter_mut()) {
                *v /= total;
            }
        }
        out
    }
}

/// `1 / (1 + rank)` of each score among `scores`, best first; ties go to the earlier file
/// (the candidates' order), and a file scoring 0 gets 0.
fn ranks(scores: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]).then(a.cmp(b)));
    let mut out = vec![0.0; scores.len()];
    for (rank, at) in order.into_iter().enumerate() {
        if scores[at] > 0.0 {
            out[at] = 1.0 / (1.0 + rank as f64);
        }
    }
    out
}

/// The length of a file's pooled document: its definitions' names, docs and bodies.
fn pooled_len(postings: &Postings, file: u32) -> f64 {
    postings
        .docs_of_file(file)
        .map(|doc| pooled_words(postings.lens(doc)))
        .sum()
}

/// The pooled length of every file together.
fn pooled_total(postings: &Postings) -> f64 {
    (0..postings.n_docs() as u32)
        .map(|doc| pooled_words(postings.lens(doc)))
        .sum()
}

fn pooled_words(lens: [u32; crate::index::postings::N_FIELDS]) -> f64 {
    f64::from(lens[Field::Name as usize] + lens[Field::Doc as usize] + lens[Field::Body as usize])
}

/// The stemmed terms of a path's parts, as the postings' scope field holds them.
fn path_terms(path: &str) -> HashSet<String> {
    let mut out = HashSet::default();
    crate::terms::terms(&path.replace(['/', '.', '-'], " "), |t| {
        out.insert(t);
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(words: &str) -> Vec<(String, f32)> {
        let mut out = Vec::new();
        crate::terms::terms(words, |t| out.push((t, 1.0)));
        out
    }

    #[test]
    fn a_file_holding_the_question_across_definitions_outscores_one_holding_part() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join("cache")).unwrap();
        // Each definition holds one of the two words: no single definition answers both.
        std::fs::write(
            root.join("cache/expiry.py"),
            "def evict(entry):\n    return entry.stale\n\ndef refresh(entry):\n    return entry.ttl + 1\n",
        )
        .unwrap();
        std::fs::write(
            root.join("render.py"),
            "def draw(entry):\n    return entry.stale\n\ndef paint(x):\n    return x\n",
        )
        .unwrap();
        let index = crate::index::build(root).unwrap();
        let file_of = |p: &str| index.files().iter().position(|f| f.path == p).unwrap() as u32;
        let files = [file_of("render.py"), file_of("cache/expiry.py")];
        let rows = file_features(&index, &terms("stale ttl cache"), &[], &files);
        let at = |name: &str| NAMES.iter().position(|n| *n == name).unwrap();
        let (render, expiry) = (rows[0], rows[1]);
        assert!(expiry[at("file_title_bm25")] > render[at("file_title_bm25")]);
        assert_eq!(expiry[at("file_title_rank")], 1.0);
        assert_eq!(render[at("file_title_rank")], 0.5);
        // "cache" is only in the expiry file's path; "ttl" only in its body.
        assert!(expiry[at("path_title")] > 0.0);
        assert_eq!(render[at("path_title")], 0.0);
        assert!((expiry[at("file_title_cover")] - 1.0).abs() < 1e-9);
        assert!(render[at("file_title_cover")] > 0.0 && render[at("file_title_cover")] < 1.0);
        // No body: nothing to hold.
        assert_eq!(expiry[at("file_body_bm25")], 0.0);
        assert_eq!(expiry[at("file_body_rank")], 0.0);
    }

    #[test]
    fn ties_keep_the_candidates_order_and_zero_scores_no_rank() {
        assert_eq!(
            ranks(&[1.0, 2.0, 1.0, 0.0]),
            [1.0 / 2.0, 1.0, 1.0 / 3.0, 0.0]
        );
    }
}
