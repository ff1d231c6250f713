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

use std::sync::OnceLock;

use rustc_hash::FxHashMap as HashMap;

use crate::lines::{Line, LineRange};

/// The features of one line, in model order.
pub const NAMES: [&str; N_FEATURES] = [
    "rel_pos",
    "from_start",
    "from_end",
    "def_lines",
    "in_signature",
    "before_signature",
    "blank",
    "comment",
    "closer",
    "indent",
    "length",
    "kw_return",
    "kw_branch",
    "kw_loop",
    "kw_raise",
    "assign",
    "call",
    "string",
    "term_score",
    "term_count",
    "whole_hit",
    "literal_hit",
    "near_term",
    "term_share",
    "def_terms",
    "after_branch",
];

/// How many features a line has.
pub const N_FEATURES: usize = 26;

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
        let branch = is_branch(first_word);
        let looping = matches!(
            first_word,
            "for" | "while" | "loop" | "foreach" | "do" | "until"
        );
        let f = [
            (l.saturating_sub(range.start)) as f32 / span,
            (1.0 + l.saturating_sub(range.start) as f32).ln(),
            (1.0 + range.end.saturating_sub(l) as f32).ln(),
            span.ln(),
            flag(signature.contains(l)),
            flag(l < signature.start),
            flag(trimmed.is_empty()),
            flag(is_comment(trimmed)),
            flag(is_closer(trimmed)),
            ((indent_of(text).saturating_sub(base_indent)) as f32 / 4.0).min(10.0),
            (1.0 + trimmed.len() as f32).ln(),
            flag(matches!(first_word, "return" | "yield")),
            flag(branch),
            flag(looping),
            flag(matches!(
                first_word,
                "raise" | "throw" | "panic!" | "bail!" | "error" | "die" | "abort"
            )),
            flag(has_assignment(trimmed)),
            flag(has_call(trimmed)),
            flag(trimmed.contains('"') || trimmed.contains('\'')),
            term_scores[i],
            term_counts[i] as f32,
            flag(holds_whole(text, &query.wholes)),
            flag(query.literals.iter().any(|x| lower.contains(x.as_str()))),
            near,
            if best > 0.0 {
                term_scores[i] / best
            } else {
                0.0
            },
            best,
            flag(previous_header),
        ];
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

fn is_comment(trimmed: &str) -> bool {
    ["//", "#", "/*", "*", "--", ";;", "\"\"\"", "'''"]
        .iter()
        .any(|p| trimmed.starts_with(p))
        && !trimmed.starts_with("#[")
        && !trimmed.starts_with("#include")
        && !trimmed.starts_with("#define")
}

/// A line of closing brackets and separators only, or a block's `end` word.
fn is_closer(trimmed: &str) -> bool {
    !trimmed.is_empty()
        && (trimmed.chars().all(|c| "})];,".contains(c))
            || matches!(trimmed, "end" | "fi" | "done" | "esac" | "end;"))
}

fn is_branch(first_word: &str) -> bool {
    matches!(
        first_word,
        "if" | "elif"
            | "else"
            | "elsif"
            | "switch"
            | "case"
            | "match"
            | "when"
            | "unless"
            | "try"
            | "except"
            | "catch"
            | "finally"
            | "default"
    )
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
const SHIPPED: &str = include_str!("../../data/lines.txt");

/// A linear model over [`NAMES`]: the score of a line is the bias plus each feature times
/// its weight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineModel {
    weights: [f32; N_FEATURES],
    bias: f32,
    present: bool,
}

impl LineModel {
    /// The model shipped with gather, read once; empty (lines keep the hand order) when
    /// `data/lines.txt` names no feature.
    pub fn shipped() -> &'static LineModel {
        static MODEL: OnceLock<LineModel> = OnceLock::new();
        MODEL.get_or_init(|| LineModel::parse(SHIPPED).unwrap_or_default())
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

    /// Reads `gather-lines 1`, then `bias B`, then one `NAME WEIGHT` per line; a name this
    /// build lacks is refused, a feature the file omits weighs 0, and a file naming no
    /// feature is no model.
    pub fn parse(text: &str) -> Result<LineModel, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some("gather-lines 1") {
            return Err("not a gather-lines 1 model".into());
        }
        let mut model = LineModel::default();
        for line in lines {
            let (name, value) = line.split_once(' ').ok_or("a line without a weight")?;
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
    fn the_shipped_line_model_file_is_a_model() {
        let parsed = LineModel::parse(SHIPPED).expect("data/lines.txt reads");
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
