//! The learned ranking: gradient-boosted regression trees, trained with a ranking
//! objective on questions mined from open history (`scripts/train-ranker`), shipped as a
//! data file and evaluated here. A candidate's score is the sum of one leaf per tree.
//!
//! The file is text, one tree per block, in the form the training script writes:
//!
//! ```text
//! gather-ranker 1
//! features NAME NAME …
//! fingerprint HEX        (the features it was trained on: `probe::fingerprint`)
//! temperature T          (optional: how score gaps become the pack's seed weights)
//! tree
//! split FEATURE …        (per internal node)
//! threshold VALUE …
//! missing TYPE …         (0 none, 1 zero, 2 NaN: LightGBM's missing types)
//! default_left 0|1 …
//! left CHILD …           (a child below 0 is leaf !child)
//! right CHILD …
//! leaf VALUE …
//! value VALUE …          (optional: each internal node's mean output, for explanations)
//! ```
//!
//! A split sends a value to the left when it is at most the threshold, as LightGBM does;
//! a missing value (zero or NaN, by the node's type) goes the node's default way.

use super::features::{NAMES, N_FEATURES};
use super::shipped::Shipped;

/// The shipped model.
static SHIPPED: Shipped<Ranker> =
    Shipped::new(include_str!("../../data/ranker.txt"), Ranker::parse);

/// Below this magnitude a value counts as zero (LightGBM's `kZeroThreshold`).
const ZERO: f64 = 1e-35;

/// One regression tree.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tree {
    split: Vec<usize>,
    threshold: Vec<f64>,
    missing: Vec<u8>,
    default_left: Vec<bool>,
    left: Vec<i32>,
    right: Vec<i32>,
    leaf: Vec<f64>,
    value: Vec<f64>,
}

impl Tree {
    fn score(&self, features: &[f64; N_FEATURES]) -> f64 {
        self.walk(|n| self.next(n, features))
    }

    /// [`Tree::score`] for a tree none of whose nodes treats a value as missing and a row
    /// with no NaN: every split is then only `value <= threshold`.
    fn score_plain(&self, features: &[f64; N_FEATURES]) -> f64 {
        self.walk(|n| {
            if features[self.split[n]] <= self.threshold[n] {
                self.left[n]
            } else {
                self.right[n]
            }
        })
    }

    /// The leaf reached from the root, `child` giving each internal node's next node (a
    /// leaf `l` as `!l`).
    fn walk(&self, child: impl Fn(usize) -> i32) -> f64 {
        if self.split.is_empty() {
            return self.leaf.first().copied().unwrap_or(0.0);
        }
        let mut node = 0i32;
        while node >= 0 {
            node = child(node as usize);
        }
        self.leaf[(!node) as usize]
    }

    /// Adds to `out` what each feature moved the score by on the way to the leaf (each
    /// split's change of the mean output, credited to its feature); returns the root's mean.
    fn explain(&self, features: &[f64; N_FEATURES], out: &mut [f64; N_FEATURES]) -> f64 {
        if self.split.is_empty() || self.value.len() != self.split.len() {
            return self.score(features);
        }
        let mut node = 0usize;
        loop {
            let child = self.next(node, features);
            let after = if child >= 0 {
                self.value[child as usize]
            } else {
                self.leaf[(!child) as usize]
            };
            out[self.split[node]] += after - self.value[node];
            if child < 0 {
                return self.value[0];
            }
            node = child as usize;
        }
    }

    /// The child a value goes to from internal node `n`.
    fn next(&self, n: usize, features: &[f64; N_FEATURES]) -> i32 {
        let mut value = features[self.split[n]];
        let missing = match self.missing[n] {
            1 => value.abs() <= ZERO || value.is_nan(),
            2 => value.is_nan(),
            _ => false,
        };
        if value.is_nan() && self.missing[n] != 2 {
            value = 0.0;
        }
        let go_left = if missing {
            self.default_left[n]
        } else {
            value <= self.threshold[n]
        };
        if go_left {
            self.left[n]
        } else {
            self.right[n]
        }
    }
}

/// A trained ranker: the sum of its trees' leaves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ranker {
    trees: Vec<Tree>,
    /// No node of any tree treats a value as missing (LightGBM's type 0 everywhere, as its
    /// ranking objective writes them here), so a row without NaN can take `score_plain`.
    plain: bool,
    temperature: f64,
    /// The fingerprint of the features it was trained on, as its file records it.
    fingerprint: Option<String>,
}

impl Ranker {
    /// The model shipped with gather, read once.
    pub fn shipped() -> &'static Ranker {
        SHIPPED.get()
    }

    /// The fingerprint of the features the model was trained on (see
    /// [`super::probe::fingerprint`]), when its file records one.
    pub fn fingerprint(&self) -> Option<&str> {
        self.fingerprint.as_deref()
    }

    /// How a score's distance below the first becomes a seed's weight in the pack:
    /// `exp(-gap / temperature)`, set in training so the weights spread as the hand
    /// fusion's score ratios do.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// Whether the model has no trees (no model shipped: the hand fusion ranks).
    pub fn is_empty(&self) -> bool {
        self.trees.is_empty()
    }

    /// The candidate's score: higher is better.
    pub fn score(&self, features: &[f64; N_FEATURES]) -> f64 {
        // The sum in tree order from 0.0, as `score_all` takes it.
        (self.trees.iter()).fold(0.0, |sum, t| sum + t.score(features))
    }

    /// The scores of many candidates, each as [`Ranker::score`] gives it (the same sum in
    /// the same order, so the same bits), tree by tree: a tree's nodes stay in the
    /// nearest cache while every candidate walks it.
    pub fn score_all(&self, rows: &[&[f64; N_FEATURES]]) -> Vec<f64> {
        let mut scores = vec![0.0; rows.len()];
        // Rows with a NaN (none, as the features are built) take the general walk.
        let plain: Vec<bool> = (rows.iter())
            .map(|row| self.plain && !row.iter().any(|v| v.is_nan()))
            .collect();
        for tree in &self.trees {
            for ((score, row), &plain) in scores.iter_mut().zip(rows).zip(&plain) {
                *score += if plain {
                    tree.score_plain(row)
                } else {
                    tree.score(row)
                };
            }
        }
        scores
    }

    /// What placed a candidate: per feature, how much it moved the score, and the score
    /// every candidate starts from; they sum to [`Ranker::score`].
    pub fn explain(&self, features: &[f64; N_FEATURES]) -> ([f64; N_FEATURES], f64) {
        let mut out = [0.0; N_FEATURES];
        let base = self
            .trees
            .iter()
            .map(|t| t.explain(features, &mut out))
            .sum();
        (out, base)
    }

    /// Reads a model in the form above. Every feature it names must be one of this
    /// build's (in any order; a split's index is into the model's list): a model trained
    /// on features this build lacks is refused.
    pub fn parse(text: &str) -> Result<Ranker, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some("gather-ranker 1") {
            return Err("not a gather-ranker 1 model".into());
        }
        let names: Vec<&str> = match lines.next().and_then(|l| l.strip_prefix("features")) {
            Some(rest) => rest.split_whitespace().collect(),
            None => return Err("no features line".into()),
        };
        let mut columns: Vec<usize> = Vec::with_capacity(names.len());
        for name in &names {
            match NAMES.iter().position(|n| n == name) {
                Some(at) => columns.push(at),
                None => return Err(format!("the model's feature `{name}` is not this build's")),
            }
        }
        let mut trees = Vec::new();
        let mut tree: Option<Tree> = None;
        let mut temperature = 1.0;
        let mut fingerprint = None;
        for line in lines {
            if let Some(f) = line.strip_prefix("fingerprint ") {
                fingerprint = Some(f.trim().to_string());
                continue;
            }
            if let Some(t) = line.strip_prefix("temperature ") {
                temperature = t
                    .trim()
                    .parse()
                    .ok()
                    .filter(|t: &f64| *t > 0.0 && t.is_finite())
                    .ok_or("the temperature is not a positive number")?;
                continue;
            }
            if line == "tree" {
                trees.extend(tree.take().map(check).transpose()?);
                tree = Some(Tree::default());
                continue;
            }
            let t = tree.as_mut().ok_or("a tree's field before `tree`")?;
            let (key, values) = line.split_once(' ').unwrap_or((line, ""));
            let values = values.split_whitespace();
            match key {
                "split" => {
                    let split: Vec<usize> = numbers(values)?;
                    t.split = split
                        .iter()
                        .map(|&f| columns.get(f).copied().ok_or("a split names no feature"))
                        .collect::<Result<_, _>>()?;
                }
                "threshold" => t.threshold = numbers(values)?,
                "missing" => t.missing = numbers(values)?,
                "default_left" => t.default_left = values.map(|v| v == "1").collect(),
                "left" => t.left = numbers(values)?,
                "right" => t.right = numbers(values)?,
                "leaf" => t.leaf = numbers(values)?,
                "value" => t.value = numbers(values)?,
                other => return Err(format!("unknown field `{other}`")),
            }
        }
        trees.extend(tree.map(check).transpose()?);
        let plain = (trees.iter()).all(|t| t.missing.iter().all(|&m| m == 0));
        Ok(Ranker {
            trees,
            plain,
            temperature,
            fingerprint,
        })
    }
}

fn numbers<T: std::str::FromStr>(values: std::str::SplitWhitespace<'_>) -> Result<Vec<T>, String> {
    values
        .map(|v| v.parse().map_err(|_| format!("not a number: `{v}`")))
        .collect()
}

/// A tree whose nodes all have their fields, whose splits name features, and whose
/// children point inside it, so scoring never indexes out of bounds or loops.
fn check(tree: Tree) -> Result<Tree, String> {
    let n = tree.split.len();
    let fields = [
        tree.threshold.len(),
        tree.missing.len(),
        tree.default_left.len(),
        tree.left.len(),
        tree.right.len(),
    ];
    let values_fit = tree.value.is_empty() || tree.value.len() == n;
    if fields.iter().any(|&len| len != n) || tree.leaf.len() != n + 1 || !values_fit {
        return Err("a tree's fields disagree in length".into());
    }
    if tree.split.iter().any(|&f| f >= N_FEATURES) {
        return Err("a split names no feature".into());
    }
    // Children come after their parent, so every path ends at a leaf.
    for (at, child) in tree.left.iter().chain(&tree.right).enumerate() {
        let parent = at % n.max(1);
        let bad = if *child >= 0 {
            *child as usize >= n || *child as usize <= parent
        } else {
            (!*child) as usize > n
        };
        if bad {
            return Err("a child points outside its tree".into());
        }
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(trees: &str) -> String {
        format!("gather-ranker 1\nfeatures {}\n{trees}", NAMES.join(" "))
    }

    /// The ranker of the model holding `trees`, which must parse.
    fn ranker_of(trees: &str) -> Ranker {
        Ranker::parse(&model(trees)).unwrap()
    }

    #[test]
    fn a_split_sends_values_at_most_its_threshold_left() {
        // One split on feature 2: <= 0.5 scores 1, above scores -1; a second tree adds 0.25.
        let ranker = ranker_of(
            "tree\nsplit 2\nthreshold 0.5\nmissing 0\ndefault_left 1\nleft -1\nright -2\nleaf 1 -1\ntree\nsplit\nthreshold\nmissing\ndefault_left\nleft\nright\nleaf 0.25\n",
        );
        assert_eq!(ranker.temperature(), 1.0, "no temperature line");
        let mut f = [0.0; N_FEATURES];
        f[2] = 0.5;
        assert_eq!(ranker.score(&f), 1.25);
        f[2] = 0.75;
        assert_eq!(ranker.score(&f), -0.75);
    }

    #[test]
    fn an_explanation_sums_to_the_score() {
        // Root on feature 1 (mean 0.5); its left child splits on feature 3 (mean 1).
        let ranker = ranker_of(
            "tree\nsplit 1 3\nthreshold 0.5 2\nmissing 0 0\ndefault_left 0 0\nleft 1 -1\nright -3 -2\nleaf 3 -1 0\nvalue 0.5 1\n",
        );
        let mut f = [0.0; N_FEATURES];
        f[3] = 1.0;
        let (moved, base) = ranker.explain(&f);
        assert_eq!(ranker.score(&f), 3.0);
        assert_eq!(base, 0.5);
        assert_eq!(moved[1], 0.5, "the root's split: 0.5 to 1");
        assert_eq!(moved[3], 2.0, "the child's split: 1 to 3");
        assert_eq!(base + moved.iter().sum::<f64>(), ranker.score(&f));
    }

    #[test]
    fn a_zero_missing_value_takes_the_default_way() {
        let ranker = ranker_of(
            "tree\nsplit 0\nthreshold -1\nmissing 1\ndefault_left 1\nleft -1\nright -2\nleaf 3 4\n",
        );
        let mut f = [0.0; N_FEATURES];
        assert_eq!(ranker.score(&f), 3.0, "zero is missing: default left");
        f[0] = 2.0;
        assert_eq!(ranker.score(&f), 4.0);
    }

    #[test]
    fn malformed_models_are_refused() {
        assert!(Ranker::parse("").is_err());
        assert!(Ranker::parse("gather-ranker 1\nfeatures a b\n").is_err());
        assert!(Ranker::parse(&model("temperature -1\n")).is_err());
        assert_eq!(
            Ranker::parse(&model("temperature 3.5\n"))
                .unwrap()
                .temperature(),
            3.5
        );
        let cycle = model("tree\nsplit 0 0\nthreshold 1 1\nmissing 0 0\ndefault_left 0 0\nleft 1 0\nright -1 -2\nleaf 1 2 3\n");
        assert!(Ranker::parse(&cycle).is_err(), "a child before its parent");
        let outside = model(
            "tree\nsplit 99\nthreshold 1\nmissing 0\ndefault_left 0\nleft -1\nright -2\nleaf 1 2\n",
        );
        assert!(Ranker::parse(&outside).is_err());
        let short = model(
            "tree\nsplit 0\nthreshold 1\nmissing 0\ndefault_left 0\nleft -1\nright -2\nleaf 1\n",
        );
        assert!(Ranker::parse(&short).is_err());
    }

    #[test]
    fn scoring_candidates_together_gives_each_the_bits_it_gets_alone() {
        let ranker = Ranker::parse(SHIPPED.text()).unwrap();
        let mut rows = vec![[0.0; N_FEATURES]; 40];
        for (i, row) in rows.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                // Spread over each feature's range, zeros (a missing value) among them.
                *v = ((i * 7 + j * 13) % 11) as f64 * 0.37 - 0.5 * (j % 3) as f64;
            }
        }
        let refs: Vec<&[f64; N_FEATURES]> = rows.iter().collect();
        let together = ranker.score_all(&refs);
        assert_eq!(together.len(), rows.len());
        let distinct: std::collections::BTreeSet<u64> =
            together.iter().map(|s| s.to_bits()).collect();
        assert!(distinct.len() > 10, "the rows take different paths");
        for (row, score) in rows.iter().zip(&together) {
            assert_eq!(ranker.score(row).to_bits(), score.to_bits());
        }
    }

    #[test]
    fn rows_with_nan_and_models_with_missing_values_score_alike_together_and_alone() {
        let shipped = Ranker::parse(SHIPPED.text()).unwrap();
        assert!(shipped.plain, "the shipped trees treat no value as missing");
        // A NaN counts as 0 in a plain tree; in a zero-missing one, 0 and NaN go the
        // default way.
        let plain = model(
            "tree\nsplit 0\nthreshold -1\nmissing 0\ndefault_left 1\nleft -1\nright -2\nleaf 3 4\n",
        );
        let zero = plain.replace("missing 0", "missing 1");
        for (text, nan_scores) in [(plain, 4.0), (zero, 3.0)] {
            let ranker = Ranker::parse(&text).unwrap();
            let mut rows = vec![[0.0; N_FEATURES]; 3];
            rows[0][0] = f64::NAN;
            rows[1][0] = -2.0;
            let refs: Vec<&[f64; N_FEATURES]> = rows.iter().collect();
            let together = ranker.score_all(&refs);
            assert_eq!(together[0], nan_scores, "NaN");
            assert_eq!(together[1], 3.0, "at most the threshold");
            for (row, score) in rows.iter().zip(&together) {
                assert_eq!(ranker.score(row).to_bits(), score.to_bits());
            }
        }
    }

    /// The shipped model was trained on this build's features: its file records the
    /// fingerprint of the probe's feature rows (`probe.rs`). A change to the features, or
    /// to their order, changes the fingerprint, and this test asks for a model trained on
    /// them.
    #[test]
    fn the_shipped_model_was_trained_on_this_builds_features() {
        let ranker = Ranker::parse(SHIPPED.text()).unwrap();
        let this_build = super::super::probe::fingerprint(&super::super::probe::workspace());
        assert_eq!(
            ranker.fingerprint(),
            Some(this_build.as_str()),
            "data/ranker.txt was trained on other features: retrain it (README, \"How the \
             ranking is learned\")"
        );
    }

    #[test]
    fn a_model_records_the_fingerprint_of_its_features() {
        let ranker = ranker_of("fingerprint 0123456789abcdef\n");
        assert_eq!(ranker.fingerprint(), Some("0123456789abcdef"));
        assert_eq!(ranker_of("").fingerprint(), None);
    }

    #[test]
    fn the_shipped_model_scores_as_the_training_library_does() {
        let ranker = Ranker::parse(SHIPPED.text()).unwrap();
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/ranker/scores.tsv"
        );
        let Ok(fixture) = std::fs::read_to_string(path) else {
            assert!(ranker.is_empty(), "a shipped model comes with its fixture");
            return;
        };
        let mut rows = 0;
        for line in fixture.lines().filter(|l| !l.starts_with('#')) {
            let values: Vec<f64> = line.split('\t').map(|v| v.parse().unwrap()).collect();
            // The model's features lead this build's, in order; any later ones stay 0.
            let mut features = [0.0; N_FEATURES];
            features[..values.len() - 1].copy_from_slice(&values[1..]);
            let score = ranker.score(&features);
            assert!(
                (score - values[0]).abs() < 1e-6,
                "row {rows}: {score} against LightGBM's {}",
                values[0]
            );
            rows += 1;
        }
        assert!(rows >= 100, "the fixture holds {rows} rows");
    }
}
