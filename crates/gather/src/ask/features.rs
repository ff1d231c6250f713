//! Candidates and their features: every definition a lane voted for, and every definition
//! of the leading answers' files, each described by a vector of numbers a learned ranking
//! reads (each lane's rank, BM25F per field for the title and the body, what the
//! definition is, where it sits beside the leading answers, what the question holds).

use rustc_hash::FxHashMap as HashMap;

use super::bridge::Bridge;
use super::lexical;
use super::question::Question;
use super::votes::{Lane, Votes};
use crate::index::history;
use crate::index::{Index, SymbolId, SymbolKind};

/// How many of the hand fusion's leading files add all their definitions as candidates.
const LEADING_FILES: usize = 3;
/// At most this many definitions of one leading file join the candidates.
const MAX_PER_FILE: usize = 400;

/// The features' names, in vector order.
pub const NAMES: [&str; N_FEATURES] = [
    "ident_exact",
    "ident_loose",
    "lexical",
    "file",
    "frame",
    "frame_lead",
    "span_exact",
    "span_loose",
    "code_exact",
    "code_loose",
    "body_lexical",
    "grep",
    "feedback",
    "sibling",
    "calls",
    "focus",
    "hand",
    "hand_rank",
    "title_bm25",
    "title_name",
    "title_scope",
    "title_doc",
    "title_body",
    "body_bm25",
    "body_name",
    "body_scope",
    "body_doc",
    "body_body",
    "log_lines",
    "depth",
    "is_callable",
    "is_type",
    "is_const",
    "is_test",
    "is_peripheral",
    "from_line_rules",
    "has_doc",
    "name_in_title",
    "name_in_body",
    "name_named",
    "file_rank",
    "file_candidates",
    "file_defs",
    "file_named",
    "same_file_top1",
    "same_file_top3",
    "same_parent_top3",
    "path_depth",
    "file_best_title",
    "file_best_body",
    "q_title_terms",
    "q_body_terms",
    "q_has_body",
    "q_frames",
    "q_identifiers",
    "bridge_title_max",
    "bridge_title_mean",
    "bridge_body_max",
    "bridge_body_mean",
    "hand_rel",
    "title_rel",
    "body_rel",
    "hist_known",
    "hist_changes",
    "hist_recency",
    "hist_title_best",
    "hist_title_sum",
    "hist_body_best",
];

/// How many features a candidate has.
pub const N_FEATURES: usize = 68;

/// One candidate definition and its features.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The definition.
    pub id: SymbolId,
    /// Its hand-fused score (0 for a definition no lane voted for).
    pub hand: f32,
    /// Its features, in [`NAMES`] order.
    pub features: [f64; N_FEATURES],
}

/// The candidates of a question after its lanes voted, in hand-fusion order (ties by path,
/// then line); `keep` says which definitions may be seeds.
pub fn candidates(
    index: &Index,
    question: &Question,
    votes: &Votes,
    named_files: &[u32],
    keep: &impl Fn(&SymbolId) -> bool,
) -> Vec<Candidate> {
    let mut ranked: Vec<(SymbolId, f32)> = votes.fused().iter().map(|(i, s)| (*i, *s)).collect();
    lexical::sort_hits(index, &mut ranked);
    let leading_files = leading_files(&ranked);
    add_file_members(index, &leading_files, keep, &mut ranked);

    // Each candidate's postings document, mapped to its place in `ranked`: the field
    // scores come back one row per candidate (zeros for one without a document).
    let postings = index.postings();
    let mut rows: HashMap<u32, usize> = HashMap::default();
    for (at, (id, _)) in ranked.iter().enumerate() {
        if let Some(doc) = postings.doc_of(*id) {
            rows.insert(doc, at);
        }
    }
    let title = lexical::field_scores(postings, &question.terms, &rows, ranked.len());
    let body_terms = question.detail.as_deref().map(|d| d.terms.as_slice());
    let body = lexical::field_scores(postings, body_terms.unwrap_or(&[]), &rows, ranked.len());

    let context = Surroundings::of(question, &ranked, named_files);
    let history = index.history();
    let matches = history.map(|h| {
        h.matches(
            &term_list(&question.terms),
            &term_list(body_terms.unwrap_or(&[])),
        )
    });
    let mut out: Vec<Candidate> = Vec::with_capacity(ranked.len());
    for (rank, (id, hand)) in ranked.iter().enumerate() {
        let mut f = Features::default();
        let lane_ranks = votes.ranks(id);
        for lane in Lane::ALL {
            f.push(f64::from(lane_ranks.reciprocal(lane)));
        }
        f.push(f64::from(*hand));
        f.push(1.0 / (1.0 + rank as f64));
        f.extend(&title[rank]);
        f.extend(&body[rank]);
        symbol_features(index, *id, &mut f);
        let mut name_terms: Vec<String> = Vec::new();
        crate::terms::terms(&index.symbol(*id).symbol.name, |t| name_terms.push(t));
        context.name_features(index, *id, &name_terms, &mut f);
        context.file_features(index, *id, &mut f);
        // The file's best scores, set once every candidate's are known.
        f.extend(&[0.0, 0.0]);
        f.extend(&context.question);
        context.bridge_features(&name_terms, &mut f);
        // Each score against the question's best, set once every candidate's is known.
        f.extend(&[0.0, 0.0, 0.0]);
        let path = &index.files()[id.file as usize].path;
        f.extend(&match (history, &matches) {
            (Some(h), Some(m)) => h.features(path, m),
            _ => history::UNKNOWN,
        });
        out.push(Candidate {
            id: *id,
            hand: *hand,
            features: f.finish(),
        });
    }
    fill_file_bests(&mut out);
    fill_relative(&mut out);
    out
}

/// The terms of a weighted term list.
fn term_list(terms: &[(String, f32)]) -> Vec<String> {
    terms.iter().map(|(t, _)| t.clone()).collect()
}

/// The files of the hand fusion's first answers, best first.
fn leading_files(ranked: &[(SymbolId, f32)]) -> Vec<u32> {
    let mut files: Vec<u32> = Vec::new();
    for (id, _) in ranked {
        if files.len() >= LEADING_FILES {
            break;
        }
        if !files.contains(&id.file) {
            files.push(id.file);
        }
    }
    files
}

/// Appends the definitions of `files` no lane voted for, with a hand score of 0.
fn add_file_members(
    index: &Index,
    files: &[u32],
    keep: &impl Fn(&SymbolId) -> bool,
    ranked: &mut Vec<(SymbolId, f32)>,
) {
    let voted: rustc_hash::FxHashSet<SymbolId> = ranked.iter().map(|(id, _)| *id).collect();
    for &file in files {
        let symbols = &index.files()[file as usize].symbols;
        let members = (0..symbols.len() as u32)
            .map(|idx| SymbolId { file, idx })
            .filter(|id| symbols[id.idx as usize].kind != SymbolKind::Module)
            .filter(|id| !voted.contains(id) && keep(id))
            .take(MAX_PER_FILE);
        ranked.extend(members.map(|id| (id, 0.0)));
    }
}

/// A feature vector being written in [`NAMES`] order.
#[derive(Default)]
struct Features {
    values: Vec<f64>,
}

impl Features {
    fn push(&mut self, value: f64) {
        self.values.push(value);
    }

    fn extend(&mut self, values: &[f64]) {
        self.values.extend_from_slice(values);
    }

    fn finish(self) -> [f64; N_FEATURES] {
        let mut out = [0.0; N_FEATURES];
        debug_assert_eq!(self.values.len(), N_FEATURES, "features out of step");
        for (slot, value) in out.iter_mut().zip(self.values) {
            *slot = value;
        }
        out
    }
}

/// What the definition is: its length, nesting, kind, and where it lives.
fn symbol_features(index: &Index, id: SymbolId, f: &mut Features) {
    let found = index.symbol(id);
    let symbol = found.symbol;
    f.push((1.0 + f64::from(symbol.range.len())).ln());
    let mut depth = 0.0;
    let mut parent = symbol.parent;
    while let Some(p) = parent {
        depth += 1.0;
        parent = found.file.symbols[p as usize].parent;
    }
    f.push(depth);
    let kind = symbol.kind;
    f.push(flag(matches!(
        kind,
        SymbolKind::Function | SymbolKind::Method | SymbolKind::Macro
    )));
    f.push(flag(kind.holds_methods() || kind == SymbolKind::Type));
    f.push(flag(kind == SymbolKind::Const));
    f.push(flag(symbol.is_test));
    f.push(flag(lexical::is_peripheral(&found.file.path)));
    f.push(flag(symbol.from_line_rules));
    f.push(flag(symbol.doc.is_some()));
}

fn flag(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// Per file: its rank among the candidates' files and how many candidates it holds.
#[derive(Default)]
struct FileStats {
    rank: usize,
    candidates: usize,
}

/// What every candidate's features are read against: the question's terms and names, the
/// candidates' files, and the hand fusion's leading answers.
struct Surroundings {
    title_terms: rustc_hash::FxHashSet<String>,
    body_terms: rustc_hash::FxHashSet<String>,
    names: rustc_hash::FxHashSet<String>,
    files: HashMap<u32, FileStats>,
    named_files: Vec<u32>,
    top: Vec<SymbolId>,
    question: [f64; 5],
    /// Each name term's strongest association with a title term, and with a body term.
    title_reach: HashMap<&'static str, f64>,
    body_reach: HashMap<&'static str, f64>,
}

impl Surroundings {
    fn of(question: &Question, ranked: &[(SymbolId, f32)], named_files: &[u32]) -> Surroundings {
        let detail = question.detail.as_deref();
        let title_terms = question.terms.iter().map(|(t, _)| t.clone()).collect();
        let body_terms = detail
            .map(|d| d.terms.iter().map(|(t, _)| t.clone()).collect())
            .unwrap_or_default();
        let mut names: rustc_hash::FxHashSet<String> = rustc_hash::FxHashSet::default();
        let spans = detail.map_or(&[][..], |d| d.spans.as_slice());
        for name in question.identifiers.iter().chain(spans) {
            names.insert(name.to_ascii_lowercase());
            if let Some(last) = name.rsplit(['.', ':']).next() {
                names.insert(last.to_ascii_lowercase());
            }
        }
        let mut files: HashMap<u32, FileStats> = HashMap::default();
        for (id, _) in ranked {
            let next = files.len();
            let stats = files.entry(id.file).or_insert_with(|| FileStats {
                rank: next,
                ..FileStats::default()
            });
            stats.candidates += 1;
        }
        let count = |n: usize| (1.0 + n as f64).ln();
        let bridge = Bridge::shipped();
        let question_features = [
            count(question.terms.len()),
            count(detail.map_or(0, |d| d.terms.len())),
            flag(detail.is_some()),
            count(detail.map_or(0, |d| d.frames.len())),
            count(question.identifiers.len()),
        ];
        Surroundings {
            title_terms,
            body_terms,
            names,
            files,
            named_files: named_files.to_vec(),
            top: ranked.iter().take(3).map(|(id, _)| *id).collect(),
            question: question_features,
            title_reach: bridge.reach(&question.terms),
            body_reach: bridge.reach(detail.map_or(&[][..], |d| d.terms.as_slice())),
        }
    }

    /// How much of the definition's name (its stemmed `name_terms`) the title and the body
    /// hold, and whether the question names it.
    fn name_features(&self, index: &Index, id: SymbolId, name_terms: &[String], f: &mut Features) {
        let symbol = index.symbol(id).symbol;
        let (mut n, mut in_title, mut in_body) = (0.0, 0.0, 0.0);
        for t in name_terms {
            n += 1.0;
            in_title += flag(self.title_terms.contains(t));
            in_body += flag(self.body_terms.contains(t));
        }
        let share = |k: f64| if n > 0.0 { k / n } else { 0.0 };
        f.push(share(in_title));
        f.push(share(in_body));
        let lower = symbol.name.to_ascii_lowercase();
        let qualified = symbol.qualified_name.to_ascii_lowercase();
        f.push(flag(
            self.names.contains(&lower) || self.names.contains(&qualified),
        ));
    }

    /// How strongly the question's words reach the definition's name through the word
    /// bridge: the strongest of its name terms' reaches, and their mean (a name term the
    /// bridge does not reach counts 0), for the title and for the body.
    fn bridge_features(&self, name_terms: &[String], f: &mut Features) {
        for reach in [&self.title_reach, &self.body_reach] {
            let (mut max, mut sum) = (0f64, 0f64);
            for term in name_terms {
                let strength = reach.get(term.as_str()).copied().unwrap_or(0.0).max(0.0);
                max = max.max(strength);
                sum += strength;
            }
            f.push(max);
            f.push(if name_terms.is_empty() {
                0.0
            } else {
                sum / name_terms.len() as f64
            });
        }
    }

    /// Where the definition's file stands among the candidates' files, and whether it sits
    /// beside the hand fusion's first answers.
    fn file_features(&self, index: &Index, id: SymbolId, f: &mut Features) {
        let stats = self.files.get(&id.file);
        f.push(stats.map_or(0.0, |s| 1.0 / (1.0 + s.rank as f64)));
        f.push((1.0 + stats.map_or(0, |s| s.candidates) as f64).ln());
        let found = index.symbol(id);
        f.push((1.0 + found.file.symbols.len() as f64).ln());
        f.push(flag(self.named_files.contains(&id.file)));
        f.push(flag(self.top.first().is_some_and(|t| t.file == id.file)));
        f.push(flag(self.top.iter().any(|t| t.file == id.file)));
        let parent = found.symbol.parent;
        f.push(flag(self.top.iter().any(|t| {
            t.file == id.file && parent.is_some() && index.symbol(*t).symbol.parent == parent
        })));
        f.push(found.file.path.matches('/').count() as f64);
    }
}

/// The position of the feature called `name` in [`NAMES`] (a build error when none is).
const fn at(name: &str) -> usize {
    let mut i = 0;
    while i < N_FEATURES {
        let (a, b) = (NAMES[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such feature")
}

/// Positions of the per-file best title and body scores in [`NAMES`].
const TITLE_BM25: usize = at("title_bm25");
const BODY_BM25: usize = at("body_bm25");
const FILE_BEST_TITLE: usize = at("file_best_title");
const FILE_BEST_BODY: usize = at("file_best_body");
/// Positions of the scores taken relative to the question's best, and of the relative
/// values: a tree compares values across questions, and a score's raw scale varies with
/// the question's length.
const HAND: usize = at("hand");
const RELATIVE: [(usize, usize); 3] = [
    (HAND, at("hand_rel")),
    (TITLE_BM25, at("title_rel")),
    (BODY_BM25, at("body_rel")),
];

/// Sets each candidate's relative scores: its hand, title and body scores over the best
/// of the question's candidates (0 when the best is not above 0).
fn fill_relative(candidates: &mut [Candidate]) {
    for (from, to) in RELATIVE {
        let best = candidates
            .iter()
            .map(|c| c.features[from])
            .fold(0.0, f64::max);
        for c in candidates.iter_mut() {
            c.features[to] = if best > 0.0 {
                c.features[from] / best
            } else {
                0.0
            };
        }
    }
}

/// Sets each candidate's `file_best_title` and `file_best_body`: the best title and body
/// BM25F among its file's candidates.
fn fill_file_bests(candidates: &mut [Candidate]) {
    let mut best: HashMap<u32, (f64, f64)> = HashMap::default();
    for c in candidates.iter() {
        let entry = best.entry(c.id.file).or_default();
        entry.0 = entry.0.max(c.features[TITLE_BM25]);
        entry.1 = entry.1.max(c.features[BODY_BM25]);
    }
    for c in candidates.iter_mut() {
        let (title, body) = best[&c.id.file];
        c.features[FILE_BEST_TITLE] = title;
        c.features[FILE_BEST_BODY] = body;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_positions_match_the_names() {
        assert_eq!(NAMES[TITLE_BM25], "title_bm25");
        assert_eq!(NAMES[BODY_BM25], "body_bm25");
        assert_eq!(NAMES[FILE_BEST_TITLE], "file_best_title");
        assert_eq!(NAMES[FILE_BEST_BODY], "file_best_body");
        assert_eq!(NAMES[HAND], "hand");
        let relative: Vec<(&str, &str)> = RELATIVE
            .iter()
            .map(|(f, t)| (NAMES[*f], NAMES[*t]))
            .collect();
        assert_eq!(
            relative,
            [
                ("hand", "hand_rel"),
                ("title_bm25", "title_rel"),
                ("body_bm25", "body_rel")
            ]
        );
        for (at, lane) in Lane::ALL.iter().enumerate() {
            assert_eq!(NAMES[at], lane.name());
        }
    }
}
