//! Which lines of a long definition a change most likely touches, learned from open
//! history: for each line a feature vector (where it sits, what kind of line it is, which
//! of the question's words it holds and how rare they are within the definition), scored
//! by a linear model trained on the lines that past commits changed (`scripts/train-lines`,
//! from `gather-train lines`). In question mode a cut-down item shows the lines it scores
//! best, by what each adds per line of cost (`line_choice.rs`).
//!
//! Every feature is computed from the definition's own lines and the question, never from
//! the index, so training reads a definition at a past commit without indexing that
//! commit, and the pack computes the same numbers.

use rustc_hash::FxHashMap as HashMap;

use crate::ask::evidence::QuestionEvidence;
use gather_languages::line_words::LineWords;

use crate::ask::shipped::Shipped;
use crate::lines::{Line, LineRange};
use crate::names::feature_set;

feature_set! {
    /// The features of one line, in model order: the names are the contract with the
    /// model file (`data/lines.txt`), which names the features it weighs. Read from
    /// outside by name ([`NAMES`]) only.
    pub(crate) enum LineFeature: [f32] {
        // Where the line sits: 0 at the definition's first line to 1 at its last,
        // `ln(1 + lines)` from its first and to its last, `ln` of its span, in the
        // signature, before it (decorators, doc).
        RelPos = "rel_pos", FromStart = "from_start", FromEnd = "from_end",
        DefLines = "def_lines", InSignature = "in_signature",
        BeforeSignature = "before_signature",
        // What it is: blank, a comment, only a block's end, how much deeper than the
        // least indented line (steps of 4), `ln(1 + characters)`.
        Blank = "blank", Comment = "comment", Closer = "closer", Indent = "indent",
        Length = "length",
        // What it does, by its first word and its characters.
        KwReturn = "kw_return", KwBranch = "kw_branch", KwLoop = "kw_loop", KwRaise = "kw_raise",
        Assign = "assign", Call = "call", String = "string",
        // The question in it: its terms' weight and count, a named identifier whole, a
        // literal, the best weight of its neighbours, its weight over the definition's
        // best line's and that best line's weight, and whether it follows a branch or
        // loop header.
        TermScore = "term_score", TermCount = "term_count", WholeHit = "whole_hit",
        LiteralHit = "literal_hit", NearTerm = "near_term", TermShare = "term_share",
        DefTerms = "def_terms", AfterBranch = "after_branch",
    }
}

/// The features' names, in model order.
pub const NAMES: [&str; N_FEATURES] = LineFeature::NAMES;

/// How many features a line has.
pub const N_FEATURES: usize = LineFeature::COUNT;

/// Lines on each side whose terms count as a line's neighbourhood.
const NEAR: usize = 3;

/// What a question offers the line scorer: its stemmed terms with their weights (before
/// any rarity), the identifiers it names, and its literals (lower-cased).
#[derive(Clone, Debug, Default)]
pub struct LineQuery {
    terms: HashMap<String, f32>,
    wholes: Vec<String>,
    literals: Vec<String>,
}

impl LineQuery {
    /// A query of weighted stemmed `terms`, named identifiers `wholes` (their last
    /// segment counts) and `literals`.
    pub fn new(terms: &[(String, f32)], wholes: &[String], literals: &[String]) -> LineQuery {
        let mut weights: HashMap<String, f32> = HashMap::default();
        for (term, w) in terms {
            let e = weights.entry(term.clone()).or_default();
            *e = e.max(*w);
        }
        let mut names: Vec<String> = Vec::new();
        for whole in wholes {
            let last = whole.rsplit(['.', ':']).next().unwrap_or(whole);
            if last.len() >= 2 && !names.iter().any(|n| n == last) {
                names.push(last.to_string());
            }
        }
        LineQuery {
            terms: weights,
            wholes: names,
            literals: (literals.iter())
                .map(|l| l.to_ascii_lowercase())
                .filter(|l| !l.is_empty())
                .collect(),
        }
    }

    /// The query of a question's own evidence: its weighted terms, the identifiers it
    /// names and its literals.
    pub fn of(own: &QuestionEvidence) -> LineQuery {
        LineQuery::new(&own.terms, &own.names, &own.literals)
    }

    /// Whether `term` (stemmed) is one of the query's terms.
    pub fn holds_term(&self, term: &str) -> bool {
        self.terms.contains_key(term)
    }

    /// Whether the query holds nothing to look for.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty() && self.wholes.is_empty() && self.literals.is_empty()
    }
}

/// The feature vectors of a definition's `lines` (number and text, ascending; a nested
/// definition shown elsewhere may leave gaps) whose whole range is `range` and signature
/// `signature`.
pub fn features(
    lines: &[(Line, &str)],
    range: LineRange,
    signature: LineRange,
    query: &LineQuery,
) -> Vec<[f32; N_FEATURES]> {
    let found: Vec<Vec<String>> = (lines.iter())
        .map(|&(_, text)| line_terms(text, query))
        .collect();
    features_with_terms(lines, range, signature, query, &found)
}

/// The query's terms `text` holds, each once, in the order they first occur.
pub fn line_terms(text: &str, query: &LineQuery) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    if !query.terms.is_empty() {
        crate::terms::terms_and_wholes(text, |t| {
            if query.terms.contains_key(&t) && !found.contains(&t) {
                found.push(t);
            }
        });
    }
    found
}

/// [`features`], with the query's terms each line holds already found ([`line_terms`]):
/// the pack finds them in the pass that weighs its evidence lines, and reads each line's
/// words once.
pub fn features_with_terms(
    lines: &[(Line, &str)],
    range: LineRange,
    signature: LineRange,
    query: &LineQuery,
    found: &[Vec<String>],
) -> Vec<[f32; N_FEATURES]> {
    let n = lines.len();
    let texts: Vec<&str> = lines.iter().map(|&(_, t)| t).collect();
    let (term_scores, term_counts) = term_scores(found, query);
    let best = term_scores.iter().copied().fold(0.0, f32::max);
    let base_indent = (texts.iter())
        .filter(|t| !t.trim().is_empty())
        .map(|t| indent_of(t))
        .min()
        .unwrap_or(0);
    let span = (range.end.saturating_sub(range.start) + 1).max(1) as f32;
    let mut out = Vec::with_capacity(n);
    let mut previous_header = false;
    for (i, text) in texts.iter().enumerate() {
        let l = lines[i].0;
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        let first_word = lower
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '!'))
            .find(|w| !w.is_empty())
            .unwrap_or("");
        let near = (i.saturating_sub(NEAR)..(i + NEAR + 1).min(n))
            .filter(|&j| j != i)
            .map(|j| term_scores[j])
            .fold(0.0, f32::max);
        let branch = WORDS.branches.contains(&first_word);
        let looping = WORDS.loops.contains(&first_word);
        let mut f = [0.0; N_FEATURES];
        f[LineFeature::RelPos] = (l.saturating_sub(range.start)) as f32 / span;
        f[LineFeature::FromStart] = (1.0 + l.saturating_sub(range.start) as f32).ln();
        f[LineFeature::FromEnd] = (1.0 + range.end.saturating_sub(l) as f32).ln();
        f[LineFeature::DefLines] = span.ln();
        f[LineFeature::InSignature] = flag(signature.contains(l));
        f[LineFeature::BeforeSignature] = flag(l < signature.start);
        f[LineFeature::Blank] = flag(trimmed.is_empty());
        f[LineFeature::Comment] = flag(is_comment(trimmed));
        f[LineFeature::Closer] = flag(is_closer(trimmed));
        f[LineFeature::Indent] =
            ((indent_of(text).saturating_sub(base_indent)) as f32 / 4.0).min(10.0);
        f[LineFeature::Length] = (1.0 + trimmed.len() as f32).ln();
        f[LineFeature::KwReturn] = flag(WORDS.returns.contains(&first_word));
        f[LineFeature::KwBranch] = flag(branch);
        f[LineFeature::KwLoop] = flag(looping);
        f[LineFeature::KwRaise] = flag(WORDS.raises.contains(&first_word));
        f[LineFeature::Assign] = flag(has_assignment(trimmed));
        f[LineFeature::Call] = flag(has_call(trimmed));
        f[LineFeature::String] = flag(trimmed.contains('"') || trimmed.contains('\''));
        f[LineFeature::TermScore] = term_scores[i];
        f[LineFeature::TermCount] = term_counts[i] as f32;
        f[LineFeature::WholeHit] = flag(holds_whole(text, &query.wholes));
        f[LineFeature::LiteralHit] =
            flag(query.literals.iter().any(|x| lower.contains(x.as_str())));
        f[LineFeature::NearTerm] = near;
        f[LineFeature::TermShare] = if best > 0.0 {
            term_scores[i] / best
        } else {
            0.0
        };
        f[LineFeature::DefTerms] = best;
        f[LineFeature::AfterBranch] = flag(previous_header);
        if !trimmed.is_empty() {
            previous_header = branch || looping;
        }
        out.push(f);
    }
    out
}

/// Each line's weight of the query's terms (`found` in each line), each term weighted by
/// its rarity among the lines (`ln(1 + lines / lines holding it)`), and how many distinct
/// terms it holds.
fn term_scores(found: &[Vec<String>], query: &LineQuery) -> (Vec<f32>, Vec<usize>) {
    let mut df: HashMap<&str, usize> = HashMap::default();
    for line in found {
        for t in line {
            *df.entry(t.as_str()).or_default() += 1;
        }
    }
    let lines = found.len().max(1) as f32;
    let scores = (found.iter())
        .map(|line| {
            line.iter()
                .map(|t| query.terms[t] * (1.0 + lines / df[t.as_str()] as f32).ln())
                .sum()
        })
        .collect();
    (scores, found.iter().map(Vec::len).collect())
}

fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// Leading whitespace width, a tab counted as four spaces.
fn indent_of(text: &str) -> usize {
    text.chars()
        .take_while(|c| c.is_whitespace())
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum()
}

/// The words that say what kind of line a line is, every language's (see
/// [`gather_languages::line_words`]).
const WORDS: LineWords = gather_languages::line_words::SHARED;

fn is_comment(trimmed: &str) -> bool {
    WORDS.comments.iter().any(|p| trimmed.starts_with(p))
        && !WORDS.not_comments.iter().any(|p| trimmed.starts_with(p))
}

/// A line of closing brackets and separators only, or a block's closing word.
fn is_closer(trimmed: &str) -> bool {
    !trimmed.is_empty()
        && (trimmed.chars().all(|c| "})];,".contains(c)) || WORDS.closers.contains(&trimmed))
}

/// An `=` that assigns: not part of `==`, `!=`, `<=`, `>=`, `=>`.
fn has_assignment(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b'='
            && b.get(i + 1).is_none_or(|&n| n != b'=' && n != b'>')
            && (i == 0 || !matches!(b[i - 1], b'=' | b'!' | b'<' | b'>'))
    })
}

/// A word directly followed by `(`.
fn has_call(text: &str) -> bool {
    let b = text.as_bytes();
    (1..b.len()).any(|i| b[i] == b'(' && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
}

/// Whether `text` holds one of `wholes` as a whole word.
fn holds_whole(text: &str, wholes: &[String]) -> bool {
    if wholes.is_empty() {
        return false;
    }
    let mut hit = false;
    crate::terms::words(text, |w| hit |= wholes.iter().any(|x| x == w));
    hit
}

/// The shipped line model.
static SHIPPED: Shipped<LineModel> =
    Shipped::new(include_str!("../../data/lines.txt"), LineModel::parse);

/// A linear model over [`NAMES`]: the score of a line is the bias plus each feature times
/// its weight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineModel {
    weights: [f32; N_FEATURES],
    bias: f32,
    present: bool,
    fingerprint: Option<String>,
}

impl LineModel {
    /// The model shipped with gather, read once; empty (lines keep the hand order) when
    /// `data/lines.txt` names no feature.
    pub fn shipped() -> &'static LineModel {
        SHIPPED.get()
    }

    /// The fingerprint of the line features the model was trained on ([`fingerprint`]),
    /// when its file records one.
    pub fn fingerprint(&self) -> Option<&str> {
        self.fingerprint.as_deref()
    }

    /// Whether the model holds weights.
    pub fn is_present(&self) -> bool {
        self.present
    }

    /// The score of one line's features: higher is likelier changed.
    pub fn score(&self, f: &[f32; N_FEATURES]) -> f32 {
        self.bias
            + (self.weights.iter().zip(f))
                .map(|(w, x)| w * x)
                .sum::<f32>()
    }

    /// Reads `gather-lines 1`, then `fingerprint HEX` (the features it was trained on),
    /// `bias B`, and one `NAME WEIGHT` per line; a name this build lacks is refused, a
    /// feature the file omits weighs 0, and a file naming no feature is no model.
    pub fn parse(text: &str) -> Result<LineModel, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some("gather-lines 1") {
            return Err("not a gather-lines 1 model".into());
        }
        let mut model = LineModel::default();
        for line in lines {
            let (name, value) = line.split_once(' ').ok_or("a line without a weight")?;
            if name == "fingerprint" {
                model.fingerprint = Some(value.trim().to_string());
                continue;
            }
            let value: f32 = (value.trim().parse().ok())
                .filter(|v: &f32| v.is_finite())
                .ok_or_else(|| format!("`{name}`: not a number"))?;
            if name == "bias" {
                model.bias = value;
                continue;
            }
            let at = (NAMES.iter().position(|n| *n == name))
                .ok_or_else(|| format!("the feature `{name}` is not this build's"))?;
            model.weights[at] = value;
            model.present = true;
        }
        Ok(model)
    }
}

/// The line probe: a definition of each kind of line and a question about it, whose
/// lines' features pin what this build computes, as `ask::probe` does for the ranking's.
const PROBE_LINES: &str = r#"@app.route("/upload")
def upload(self, blob):
    """Upload `blob` in parts, retrying a part that times out."""
    offset = 0
    while offset < len(blob):
        try:
            offset += self.store.put(blob[offset:offset + PART])
        except TimeoutError:
            if self.failures >= self.retries:
                raise RuntimeError("retry budget exhausted")
            self.failures += 1
        # back off before the next part
        wait(self.backoff.delay(self.failures))
    #[inline]
    for _ in 0..self.failures {
        panic!("unreachable");
    }
    end
"#;
const PROBE_QUESTION: &str = "Uploader.upload gives up early: \"retry budget exhausted\"";

/// Each line of the probe with its features that are not 0, rounded to 4 decimals.
pub fn probe_rows() -> String {
    let own = QuestionEvidence::of(&crate::ask::read(PROBE_QUESTION));
    let query = LineQuery::of(&own);
    let lines: Vec<(Line, &str)> = (1..).zip(PROBE_LINES.lines()).collect();
    let end = lines.len() as Line;
    let rows = features(&lines, LineRange::new(1, end), LineRange::new(2, 2), &query);
    let mut out = String::new();
    for ((line, _), row) in lines.iter().zip(rows) {
        let values: Vec<String> = (LineFeature::ALL.iter())
            .filter(|f| row[**f] != 0.0)
            .map(|f| format!("{} {:.4}", f.name(), row[*f]))
            .collect();
        out.push_str(&format!("{line}: {}\n", values.join(", ")));
    }
    out
}

/// The fingerprint of this build's line features, which a line model file records of the
/// features it was trained on: a hash of their names in model order and of the probe's
/// rows ([`probe_rows`]), as 16 hexadecimal digits.
pub fn fingerprint() -> String {
    let text = format!("{}\n{}", NAMES.join(" "), probe_rows());
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query() -> LineQuery {
        let mut terms = Vec::new();
        for word in ["timeout", "retry"] {
            crate::terms::word_terms_and_whole(word, |t| terms.push((t, 1.0)));
        }
        LineQuery::new(&terms, &["Client.send".into()], &["gave up".into()])
    }

    #[test]
    fn a_rare_question_term_outweighs_a_common_one_within_the_definition() {
        let texts = [
            "fn send(&self) {",
            "    let t = self.timeout;",
            "    let t2 = self.timeout * 2;",
            "    let t3 = self.timeout + 1;",
            "    retry(t);",
            "}",
        ];
        let lines: Vec<(Line, &str)> = (10..).zip(texts).collect();
        let f = features(
            &lines,
            LineRange::new(10, 15),
            LineRange::new(10, 10),
            &query(),
        );
        let score = NAMES.iter().position(|n| *n == "term_score").unwrap();
        assert!(
            f[4][score] > f[1][score],
            "{} vs {}",
            f[4][score],
            f[1][score]
        );
        assert_eq!(
            f[0][NAMES.iter().position(|n| *n == "in_signature").unwrap()],
            1.0
        );
        assert_eq!(
            f[5][NAMES.iter().position(|n| *n == "closer").unwrap()],
            1.0
        );
        assert_eq!(f[4][NAMES.iter().position(|n| *n == "call").unwrap()], 1.0);
        assert_eq!(
            f[1][NAMES.iter().position(|n| *n == "assign").unwrap()],
            1.0
        );
    }

    #[test]
    fn named_identifiers_and_literals_are_found_whole() {
        let texts = ["client.send(x)", "resend(x)", "log(\"Gave up\")"];
        let lines: Vec<(Line, &str)> = (1..).zip(texts).collect();
        let f = features(&lines, LineRange::new(1, 3), LineRange::new(1, 1), &query());
        let whole = NAMES.iter().position(|n| *n == "whole_hit").unwrap();
        let literal = NAMES.iter().position(|n| *n == "literal_hit").unwrap();
        assert_eq!((f[0][whole], f[1][whole]), (1.0, 0.0));
        assert_eq!((f[1][literal], f[2][literal]), (0.0, 1.0));
    }

    #[test]
    fn the_probes_line_features_are_pinned() {
        insta::assert_snapshot!(probe_rows());
    }

    /// The shipped line model was trained on this build's line features: a change to them,
    /// or to their order, asks for it to be trained again (`scripts/train-lines`).
    #[test]
    fn the_shipped_line_model_was_trained_on_this_builds_features() {
        assert_eq!(
            LineModel::shipped().fingerprint(),
            Some(fingerprint().as_str()),
            "data/lines.txt was trained on other line features: retrain it"
        );
        let stale = LineModel::parse("gather-lines 1\nfingerprint 0\nbias 0\nblank 1\n").unwrap();
        assert_eq!(stale.fingerprint(), Some("0"));
    }

    #[test]
    fn the_shipped_line_model_file_is_a_model() {
        let parsed = LineModel::parse(SHIPPED.text()).expect("data/lines.txt reads");
        assert_eq!(&parsed, LineModel::shipped());
        // Question mode chooses a cut-down item's lines with it.
        assert!(parsed.is_present(), "data/lines.txt names no feature");
    }

    #[test]
    fn a_model_is_read_by_feature_name_and_a_foreign_name_is_refused() {
        let model =
            LineModel::parse("gather-lines 1\nbias -1.5\nterm_score 2\nblank -3\n").unwrap();
        let mut f = [0.0; N_FEATURES];
        f[NAMES.iter().position(|n| *n == "term_score").unwrap()] = 1.0;
        assert!((model.score(&f) - 0.5).abs() < 1e-6);
        assert!(LineModel::parse("gather-lines 1\nno_such 1\n").is_err());
        assert!(LineModel::parse("gather-ranker 1\n").is_err());
    }
}
