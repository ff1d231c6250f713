//! Candidates and their features: every definition a lane voted for, and every definition
//! of the leading answers' files, each described by a vector of numbers a learned ranking
//! reads (each lane's rank, BM25F per field for the title and the body, what the
//! definition is, where it sits beside the leading answers, what the question holds).

use rustc_hash::FxHashMap as HashMap;

use super::bridge::{self, Bridge};
use super::lexical;
use super::question::Question;
use super::votes::{Lane, Votes};
use crate::index::history::{FileHistory, History};
use crate::index::{Index, SymbolId, SymbolKind};
use crate::names::feature_set;

/// How many of the hand fusion's leading files add all their definitions as candidates.
const LEADING_FILES: usize = 3;
/// At most this many definitions of one leading file join the candidates.
const MAX_PER_FILE: usize = 400;

feature_set! {
    /// A candidate's features, in row order: the names are the contract with the model
    /// file, which lists the features it was trained on (`ranker.rs` maps them onto these
    /// by name).
    pub enum Feature: [f64] {
        /// The identifier lane's reciprocal rank (exact names).
        IdentExact = "ident_exact",
        /// The identifier lane's reciprocal rank ignoring case.
        IdentLoose = "ident_loose",
        /// The lexical lane's reciprocal rank.
        Lexical = "lexical",
        /// The by-file lane's reciprocal rank.
        File = "file",
        /// The frames lane's reciprocal rank.
        Frame = "frame",
        /// The innermost frames' lift, as a reciprocal rank.
        FrameLead = "frame_lead",
        /// The body's code words lane, exact names.
        SpanExact = "span_exact",
        /// The body's code words lane, ignoring case.
        SpanLoose = "span_loose",
        /// The body's code names lane, exact.
        CodeExact = "code_exact",
        /// The body's code names lane, ignoring case.
        CodeLoose = "code_loose",
        /// The body's lexical lane.
        BodyLexical = "body_lexical",
        /// The grep lane.
        Grep = "grep",
        /// The feedback lane.
        Feedback = "feedback",
        /// The sibling lane.
        Sibling = "sibling",
        /// The call lane.
        Calls = "calls",
        /// The focus lane.
        Focus = "focus",
        /// The hand-fused score.
        Hand = "hand",
        /// The hand fusion's reciprocal rank.
        HandRank = "hand_rank",
        /// BM25F of the title's terms, all fields.
        TitleBm25 = "title_bm25",
        /// BM25F of the title's terms, name field.
        TitleName = "title_name",
        /// BM25F of the title's terms, scope field.
        TitleScope = "title_scope",
        /// BM25F of the title's terms, doc field.
        TitleDoc = "title_doc",
        /// BM25F of the title's terms, body field.
        TitleBody = "title_body",
        /// BM25F of the body's terms, all fields.
        BodyBm25 = "body_bm25",
        /// BM25F of the body's terms, name field.
        BodyName = "body_name",
        /// BM25F of the body's terms, scope field.
        BodyScope = "body_scope",
        /// BM25F of the body's terms, doc field.
        BodyDoc = "body_doc",
        /// BM25F of the body's terms, body field.
        BodyBody = "body_body",
        /// `ln(1 + lines)` of the definition.
        LogLines = "log_lines",
        /// How deeply it is nested.
        Depth = "depth",
        /// A function, method or macro.
        IsCallable = "is_callable",
        /// A type, or a kind that holds methods.
        IsType = "is_type",
        /// A constant.
        IsConst = "is_const",
        /// Test code.
        IsTest = "is_test",
        /// On a peripheral path (examples, vendored code, docs…).
        IsPeripheral = "is_peripheral",
        /// Read by the line rules, not a grammar.
        FromLineRules = "from_line_rules",
        /// It has a doc comment.
        HasDoc = "has_doc",
        /// The share of its name's terms the title holds.
        NameInTitle = "name_in_title",
        /// The share of its name's terms the body holds.
        NameInBody = "name_in_body",
        /// The question names it.
        NameNamed = "name_named",
        /// Its file's reciprocal rank among the candidates' files.
        FileRank = "file_rank",
        /// `ln(1 + candidates)` of its file.
        FileCandidates = "file_candidates",
        /// `ln(1 + definitions)` of its file.
        FileDefs = "file_defs",
        /// The question names its file.
        FileNamed = "file_named",
        /// Its file holds the hand fusion's first answer.
        SameFileTop1 = "same_file_top1",
        /// Its file holds one of the hand fusion's first three.
        SameFileTop3 = "same_file_top3",
        /// It shares a parent with one of the first three.
        SameParentTop3 = "same_parent_top3",
        /// How many directories deep its file is.
        PathDepth = "path_depth",
        /// The best title BM25F among its file's candidates.
        FileBestTitle = "file_best_title",
        /// The best body BM25F among its file's candidates.
        FileBestBody = "file_best_body",
        /// `ln(1 + n)` of the title's terms.
        QTitleTerms = "q_title_terms",
        /// `ln(1 + n)` of the body's terms.
        QBodyTerms = "q_body_terms",
        /// The question has a body.
        QHasBody = "q_has_body",
        /// `ln(1 + n)` of the body's stack frames.
        QFrames = "q_frames",
        /// `ln(1 + n)` of the title's code-shaped words.
        QIdentifiers = "q_identifiers",
        /// The word bridge's strongest reach from the title into its name.
        BridgeTitleMax = "bridge_title_max",
        /// The bridge's mean reach from the title over its name's terms.
        BridgeTitleMean = "bridge_title_mean",
        /// The bridge's strongest reach from the body.
        BridgeBodyMax = "bridge_body_max",
        /// The bridge's mean reach from the body.
        BridgeBodyMean = "bridge_body_mean",
        /// The hand score over the question's best.
        HandRel = "hand_rel",
        /// The title BM25F over the question's best.
        TitleRel = "title_rel",
        /// The body BM25F over the question's best.
        BodyRel = "body_rel",
        /// Its file's history is known.
        HistKnown = "hist_known",
        /// How often its file changed lately.
        HistChanges = "hist_changes",
        /// How lately its file changed.
        HistRecency = "hist_recency",
        /// The best title match of its file's commit messages.
        HistTitleBest = "hist_title_best",
        /// Their title matches summed.
        HistTitleSum = "hist_title_sum",
        /// The best body match of its file's commit messages.
        HistBodyBest = "hist_body_best",
    }
}

/// The features' names, in row order.
pub const NAMES: [&str; N_FEATURES] = Feature::NAMES;

/// How many features a candidate has.
pub const N_FEATURES: usize = Feature::COUNT;

/// A candidate's features, indexed by [`Feature`].
pub type Row = [f64; N_FEATURES];

/// One candidate definition and its features.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The definition.
    pub id: SymbolId,
    /// Its hand-fused score (0 for a definition no lane voted for).
    pub hand: f32,
    /// Its features, indexed by [`Feature`].
    pub features: Row,
}

/// The candidates of a question after its lanes voted, in hand-fusion order (ties by path,
/// then line); `keep` says which definitions may be seeds, `history` is the workspace's
/// (none: the history features say it is unknown).
pub fn candidates(
    index: &Index,
    question: &Question,
    votes: &Votes,
    named_files: &[u32],
    keep: &impl Fn(&SymbolId) -> bool,
    history: Option<&History>,
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
    let matches = history.map(|h| {
        h.matches(
            &term_list(&question.terms),
            &term_list(body_terms.unwrap_or(&[])),
        )
    });
    let mut out: Vec<Candidate> = Vec::with_capacity(ranked.len());
    for (rank, (id, hand)) in ranked.iter().enumerate() {
        let mut f: Row = [0.0; N_FEATURES];
        let lane_ranks = votes.ranks(id);
        for lane in Lane::ALL {
            f[lane_feature(lane)] = f64::from(lane_ranks.reciprocal(lane));
        }
        f[Feature::Hand] = f64::from(*hand);
        f[Feature::HandRank] = 1.0 / (1.0 + rank as f64);
        for (feature, value) in TITLE_FIELDS.into_iter().zip(title[rank]) {
            f[feature] = value;
        }
        for (feature, value) in BODY_FIELDS.into_iter().zip(body[rank]) {
            f[feature] = value;
        }
        symbol_features(index, *id, &mut f);
        let mut name_terms: Vec<String> = Vec::new();
        crate::terms::terms(&index.symbol(*id).symbol.name, |t| name_terms.push(t));
        context.name_features(index, *id, &name_terms, &mut f);
        context.file_features(index, *id, &mut f);
        // The file's best scores and each score against the question's best are set once
        // every candidate's are known (`fill_file_bests`, `fill_relative`).
        context.question_features(&mut f);
        context.bridge_features(&name_terms, &mut f);
        let path = &index.files()[id.file as usize].path;
        let file = match (history, &matches) {
            (Some(h), Some(m)) => h.features(path, m),
            _ => FileHistory::UNKNOWN,
        };
        history_features(&file, &mut f);
        out.push(Candidate {
            id: *id,
            hand: *hand,
            features: f,
        });
    }
    fill_file_bests(&mut out);
    fill_relative(&mut out);
    out
}

/// The feature of a lane's reciprocal rank.
fn lane_feature(lane: Lane) -> Feature {
    match lane {
        Lane::IdentExact => Feature::IdentExact,
        Lane::IdentLoose => Feature::IdentLoose,
        Lane::Lexical => Feature::Lexical,
        Lane::File => Feature::File,
        Lane::Frame => Feature::Frame,
        Lane::FrameLead => Feature::FrameLead,
        Lane::SpanExact => Feature::SpanExact,
        Lane::SpanLoose => Feature::SpanLoose,
        Lane::CodeExact => Feature::CodeExact,
        Lane::CodeLoose => Feature::CodeLoose,
        Lane::BodyLexical => Feature::BodyLexical,
        Lane::Grep => Feature::Grep,
        Lane::Feedback => Feature::Feedback,
        Lane::Sibling => Feature::Sibling,
        Lane::Calls => Feature::Calls,
        Lane::Focus => Feature::Focus,
    }
}

/// The features of `lexical::field_scores`' row for the title's terms: the combined score,
/// then each field's.
const TITLE_FIELDS: [Feature; 5] = [
    Feature::TitleBm25,
    Feature::TitleName,
    Feature::TitleScope,
    Feature::TitleDoc,
    Feature::TitleBody,
];
/// The same for the body's terms.
const BODY_FIELDS: [Feature; 5] = [
    Feature::BodyBm25,
    Feature::BodyName,
    Feature::BodyScope,
    Feature::BodyDoc,
    Feature::BodyBody,
];

/// The history features of the candidate's file.
fn history_features(file: &FileHistory, f: &mut Row) {
    f[Feature::HistKnown] = file.known;
    f[Feature::HistChanges] = file.changes;
    f[Feature::HistRecency] = file.recency;
    f[Feature::HistTitleBest] = file.title_best;
    f[Feature::HistTitleSum] = file.title_sum;
    f[Feature::HistBodyBest] = file.body_best;
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

/// What the definition is: its length, nesting, kind, and where it lives.
fn symbol_features(index: &Index, id: SymbolId, f: &mut Row) {
    let found = index.symbol(id);
    let symbol = found.symbol;
    f[Feature::LogLines] = (1.0 + f64::from(symbol.range.len())).ln();
    let mut depth = 0.0;
    let mut parent = symbol.parent;
    while let Some(p) = parent {
        depth += 1.0;
        parent = found.file.symbols[p as usize].parent;
    }
    f[Feature::Depth] = depth;
    let kind = symbol.kind;
    f[Feature::IsCallable] = flag(matches!(
        kind,
        SymbolKind::Function | SymbolKind::Method | SymbolKind::Macro
    ));
    f[Feature::IsType] = flag(kind.holds_methods() || kind == SymbolKind::Type);
    f[Feature::IsConst] = flag(kind == SymbolKind::Const);
    f[Feature::IsTest] = flag(symbol.is_test);
    f[Feature::IsPeripheral] = flag(lexical::is_peripheral(&found.file.path));
    f[Feature::FromLineRules] = flag(symbol.from_line_rules);
    f[Feature::HasDoc] = flag(symbol.doc.is_some());
}

/// A yes-or-no feature's value as the models read it: 1 or 0 (the hook's gate reads its
/// signals the same way).
pub fn flag(b: bool) -> f64 {
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
    /// The question's own features, the same for every candidate.
    question: [(Feature, f64); 5],
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
            (Feature::QTitleTerms, count(question.terms.len())),
            (
                Feature::QBodyTerms,
                count(detail.map_or(0, |d| d.terms.len())),
            ),
            (Feature::QHasBody, flag(detail.is_some())),
            (
                Feature::QFrames,
                count(detail.map_or(0, |d| d.frames.len())),
            ),
            (Feature::QIdentifiers, count(question.identifiers.len())),
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

    /// The question's own features.
    fn question_features(&self, f: &mut Row) {
        for (feature, value) in self.question {
            f[feature] = value;
        }
    }

    /// How much of the definition's name (its stemmed `name_terms`) the title and the body
    /// hold, and whether the question names it.
    fn name_features(&self, index: &Index, id: SymbolId, name_terms: &[String], f: &mut Row) {
        let symbol = index.symbol(id).symbol;
        let (mut n, mut in_title, mut in_body) = (0.0, 0.0, 0.0);
        for t in name_terms {
            n += 1.0;
            in_title += flag(self.title_terms.contains(t));
            in_body += flag(self.body_terms.contains(t));
        }
        let share = |k: f64| if n > 0.0 { k / n } else { 0.0 };
        f[Feature::NameInTitle] = share(in_title);
        f[Feature::NameInBody] = share(in_body);
        let lower = symbol.name.to_ascii_lowercase();
        let qualified = symbol.qualified_name.to_ascii_lowercase();
        f[Feature::NameNamed] =
            flag(self.names.contains(&lower) || self.names.contains(&qualified));
    }

    /// How strongly the question's words reach the definition's name through the word
    /// bridge: the strongest of its name terms' reaches, and their mean (a name term the
    /// bridge does not reach counts 0), for the title and for the body.
    fn bridge_features(&self, name_terms: &[String], f: &mut Row) {
        let sides = [
            (
                &self.title_reach,
                Feature::BridgeTitleMax,
                Feature::BridgeTitleMean,
            ),
            (
                &self.body_reach,
                Feature::BridgeBodyMax,
                Feature::BridgeBodyMean,
            ),
        ];
        for (reach, max_feature, mean_feature) in sides {
            (f[max_feature], f[mean_feature]) = bridge::into_name(reach, name_terms);
        }
    }

    /// Where the definition's file stands among the candidates' files, and whether it sits
    /// beside the hand fusion's first answers.
    fn file_features(&self, index: &Index, id: SymbolId, f: &mut Row) {
        let stats = self.files.get(&id.file);
        f[Feature::FileRank] = stats.map_or(0.0, |s| 1.0 / (1.0 + s.rank as f64));
        f[Feature::FileCandidates] = (1.0 + stats.map_or(0, |s| s.candidates) as f64).ln();
        let found = index.symbol(id);
        f[Feature::FileDefs] = (1.0 + found.file.symbols.len() as f64).ln();
        f[Feature::FileNamed] = flag(self.named_files.contains(&id.file));
        f[Feature::SameFileTop1] = flag(self.top.first().is_some_and(|t| t.file == id.file));
        f[Feature::SameFileTop3] = flag(self.top.iter().any(|t| t.file == id.file));
        let parent = found.symbol.parent;
        f[Feature::SameParentTop3] = flag(self.top.iter().any(|t| {
            t.file == id.file && parent.is_some() && index.symbol(*t).symbol.parent == parent
        }));
        f[Feature::PathDepth] = found.file.path.matches('/').count() as f64;
    }
}

/// The scores taken relative to the question's best, each with its relative feature: a
/// tree compares values across questions, and a score's raw scale varies with the
/// question's length.
const RELATIVE: [(Feature, Feature); 3] = [
    (Feature::Hand, Feature::HandRel),
    (Feature::TitleBm25, Feature::TitleRel),
    (Feature::BodyBm25, Feature::BodyRel),
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
        entry.0 = entry.0.max(c.features[Feature::TitleBm25]);
        entry.1 = entry.1.max(c.features[Feature::BodyBm25]);
    }
    for c in candidates.iter_mut() {
        let (title, body) = best[&c.id.file];
        c.features[Feature::FileBestTitle] = title;
        c.features[Feature::FileBestBody] = body;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lane_writes_the_feature_of_its_name() {
        for lane in Lane::ALL {
            assert_eq!(lane_feature(lane).name(), lane.name());
        }
    }

    #[test]
    fn feature_names_are_distinct_and_in_row_order() {
        let distinct: std::collections::BTreeSet<&str> = NAMES.iter().copied().collect();
        assert_eq!(distinct.len(), N_FEATURES);
        for (at, feature) in Feature::ALL.iter().enumerate() {
            assert_eq!(*feature as usize, at);
            assert_eq!(NAMES[at], feature.name());
        }
    }
}
