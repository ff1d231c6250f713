//! Whether a prompt is about the code: a small learned model, shipped as data
//! (`data/gate.txt`, written by `scripts/train-gate`), over what the ranking found for the
//! prompt and what the prompt itself says ([`signals`]).
//!
//! A prompt whose words are all common ("commit this", "thanks") is refused before any
//! ranking (`invalid_request`); one whose code-shaped words match nothing is
//! `nothing_matched`; one with no seed has nothing to show. Past those, the model adds one
//! term per feature, a weight on the value plus a weight on each hinge `max(0, value -
//! knot)` (so a feature's effect can bend), taken from the term at the feature's mean in
//! training (so a term says how far this prompt is from a typical one), and one weight
//! per lexicon token of the first line, divided by the square root of the number of
//! tokens: the pack is added when the sum is at least 0. The reason names the terms that
//! weighed most.
//!
//! The file, in the form the training script writes:
//!
//! ```text
//! gather-gate 1
//! fingerprint HEX        (the features it was trained on: `fingerprint()`)
//! inputs HEX             (FNV-1a of its training inputs, eval/gate/, in name order)
//! bias B
//! feature NAME MEAN WEIGHT [KNOT:WEIGHT …]
//! token TOKEN WEIGHT     (a token may hold a space: the weight is the last field)
//! ```

pub mod signals;

use std::collections::HashMap;
use std::fmt::Write;

use gather::index::Index;
use gather::pack::Pack;

use crate::gate::signals::{Signals, NAMES, N_SIGNALS};

/// The shipped model, read once.
static SHIPPED: std::sync::OnceLock<Result<Gate, String>> = std::sync::OnceLock::new();

/// The shipped model's text.
const SHIPPED_TEXT: &str = include_str!("../data/gate.txt");

/// How many terms a reason names.
const REASONS: usize = 3;

/// One feature's term: a weight on its value and on each hinge, from its value at the
/// mean.
#[derive(Clone, Debug, Default, PartialEq)]
struct Term {
    mean: f64,
    weight: f64,
    hinges: Vec<(f64, f64)>,
}

impl Term {
    fn of(&self, x: f64) -> f64 {
        self.raw(x) - self.raw(self.mean)
    }

    fn raw(&self, x: f64) -> f64 {
        let hinged: f64 = (self.hinges.iter())
            .map(|(knot, w)| w * (x - knot).max(0.0))
            .sum();
        self.weight * x + hinged
    }
}

/// A trained gate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gate {
    bias: f64,
    terms: Vec<Option<Term>>,
    tokens: HashMap<String, f64>,
    fingerprint: String,
    inputs: String,
}

/// The gate's answer for one prompt.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Whether the pack is added.
    pub admit: bool,
    /// The model's sum: at least 0 admits.
    pub score: f64,
    /// The terms that weighed most toward the answer, strongest first, as `NAME VALUE
    /// (±CONTRIBUTION)`.
    pub reason: String,
}

impl Gate {
    /// The model shipped with gather; `Err` when its file does not read (then every pack
    /// with a seed is added, and the reason says so).
    pub fn shipped() -> Result<&'static Gate, &'static str> {
        SHIPPED
            .get_or_init(|| Gate::parse(SHIPPED_TEXT))
            .as_ref()
            .map_err(String::as_str)
    }

    /// The fingerprint of the features the model was trained on, as its file records it.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The fingerprint of its training inputs, as its file records it.
    pub fn inputs(&self) -> &str {
        &self.inputs
    }

    /// The model's sum for `signals`, and each term's part of it (the bias under
    /// `bias`, the lexicon's under `word W`), largest magnitude first.
    pub fn score(&self, signals: &Signals) -> (f64, Vec<(String, f64)>) {
        let mut parts: Vec<(String, f64)> = Vec::new();
        for ((name, term), x) in NAMES.iter().zip(&self.terms).zip(signals.values) {
            if let Some(term) = term {
                let part = term.of(x);
                if part != 0.0 {
                    parts.push((format!("{name} {x:.2}"), part));
                }
            }
        }
        let norm = (signals.tokens.len().max(1) as f64).sqrt();
        for token in &signals.tokens {
            if let Some(w) = self.tokens.get(token) {
                parts.push((format!("word {token}"), w / norm));
            }
        }
        let sum = self.bias + parts.iter().map(|(_, p)| p).sum::<f64>();
        parts.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.cmp(&b.0)));
        (sum, parts)
    }

    /// Judges `signals`: admitted when the sum is at least 0; the reason names the terms
    /// that pushed the answer's way most.
    pub fn judge(&self, signals: &Signals) -> Verdict {
        let (score, parts) = self.score(signals);
        let admit = score >= 0.0;
        let mut reason = format!("gate {score:+.2}");
        let toward = (parts.iter())
            .filter(|(_, p)| (*p > 0.0) == admit)
            .take(REASONS);
        for (at, (name, part)) in toward.enumerate() {
            let sep = if at == 0 { ": " } else { ", " };
            let _ = write!(reason, "{sep}{name} ({part:+.2})");
        }
        Verdict {
            admit,
            score,
            reason,
        }
    }

    /// Reads a model in the form above. A feature it names must be one of this build's
    /// ([`NAMES`]), and its fingerprint must be there.
    pub fn parse(text: &str) -> Result<Gate, String> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        if lines.next().map(str::trim) != Some("gather-gate 1") {
            return Err("not a gate model (its first line is not `gather-gate 1`)".into());
        }
        let mut gate = Gate {
            terms: vec![None; N_SIGNALS],
            ..Gate::default()
        };
        for line in lines {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let number = |s: &str| {
                (s.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
                    .ok_or_else(|| format!("`{s}` is not a number in `{line}`"))
            };
            match key {
                "fingerprint" => gate.fingerprint = rest.trim().to_string(),
                "inputs" => gate.inputs = rest.trim().to_string(),
                "bias" => gate.bias = number(rest)?,
                "feature" => {
                    let mut fields = rest.split_whitespace();
                    let name = fields.next().unwrap_or_default();
                    let at = (NAMES.iter().position(|n| *n == name)).ok_or_else(|| {
                        format!("the model weighs `{name}`, no feature of this build")
                    })?;
                    let mean = number(fields.next().unwrap_or_default())?;
                    let weight = number(fields.next().unwrap_or_default())?;
                    let hinges = fields
                        .map(|h| {
                            let (knot, w) = h
                                .split_once(':')
                                .ok_or_else(|| format!("`{h}` is no KNOT:WEIGHT"))?;
                            Ok((number(knot)?, number(w)?))
                        })
                        .collect::<Result<_, String>>()?;
                    gate.terms[at] = Some(Term {
                        mean,
                        weight,
                        hinges,
                    });
                }
                "token" => {
                    let (token, w) = rest
                        .rsplit_once(' ')
                        .ok_or_else(|| format!("no weight in `{line}`"))?;
                    gate.tokens.insert(token.to_string(), number(w)?);
                }
                _ => return Err(format!("unknown line `{line}` in the gate model")),
            }
        }
        if gate.fingerprint.is_empty() {
            return Err("the gate model records no fingerprint".into());
        }
        Ok(gate)
    }
}

/// `Ok` when `pack`, built from `index` for `prompt`, is worth putting in front of the
/// model; else why not.
pub fn admit(index: &Index, pack: &Pack, prompt: &str) -> Result<(), String> {
    let question = pack.omitted.question();
    if question.nothing_matched {
        return Err("nothing the prompt names is in the workspace".into());
    }
    if pack.n_seeds == 0 {
        return Err("no definition ranks for the prompt".into());
    }
    let gate = match Gate::shipped() {
        Ok(gate) => gate,
        // A model that does not read refuses nothing: the hook then behaves as before it
        // had one, and its test refuses such a file.
        Err(_) => return Ok(()),
    };
    let verdict = gate.judge(&signals::signals(index, pack, prompt));
    if verdict.admit {
        Ok(())
    } else {
        Err(format!(
            "the prompt does not read as about the code ({})",
            verdict.reason
        ))
    }
}

/// The fingerprint of the features this build gives the gate: a hash of their names, of
/// the prompt side of them for fixed prompts ([`signals::probe`]) and of the ranking's own
/// feature fingerprint (the seeds' scores come from that ranking), as 16 hexadecimal
/// digits. The training rows record it and the model file copies it; a test refuses a
/// shipped model whose fingerprint is not this build's.
pub fn fingerprint() -> String {
    let ranker = gather::ask::ranker::Ranker::shipped()
        .fingerprint()
        .unwrap_or("none");
    let text = format!("{}\n{}ranker {ranker}\n", NAMES.join(" "), signals::probe());
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::signals::of_prompt;

    /// FNV-1a, 64 bits, continued from `h` (as `scripts/train-gate` computes it).
    fn fnv1a(bytes: &[u8], mut h: u64) -> u64 {
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        h
    }

    #[test]
    fn the_shipped_model_reads_and_was_trained_on_this_builds_features() {
        let gate = Gate::shipped().expect("data/gate.txt reads");
        assert_eq!(
            gate.fingerprint(),
            fingerprint(),
            "the gate's features (or the ranking's, whose scores it reads) changed since it \
             was trained: extract its rows again and retrain (scripts/train-gate --extract \
             REPOS_DIR, then scripts/train-gate)"
        );
    }

    #[test]
    fn the_shipped_model_was_trained_on_the_inputs_in_the_tree() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../eval/gate");
        let mut h = 0xcbf2_9ce4_8422_2325;
        for name in ["commits.tsv", "off-topic.txt", "on-topic.txt", "rows.jsonl"] {
            let bytes = std::fs::read(dir.join(name)).expect("the gate's training input reads");
            h = fnv1a(name.as_bytes(), h);
            h = fnv1a(&[0], h);
            h = fnv1a(&bytes, h);
            h = fnv1a(&[0], h);
        }
        let gate = Gate::shipped().expect("data/gate.txt reads");
        assert_eq!(
            gate.inputs(),
            format!("{h:016x}"),
            "eval/gate/ changed since the gate was trained: run scripts/train-gate"
        );
    }

    const MODEL: &str = "gather-gate 1\nfingerprint 0123456789abcdef\ninputs x\nbias -1\n\
                         feature backticks 0 3\nfeature words 1 0.5 2:-1\n\
                         token w:thanks -4\ntoken b:run the -2\n";

    #[test]
    fn a_model_sums_its_terms_and_names_the_ones_that_decided() {
        let gate = Gate::parse(MODEL).unwrap();
        assert_eq!(gate.fingerprint(), "0123456789abcdef");
        // One word: ln 2 words, no hinge; four tokens (w:thanks, f:, l:) over sqrt(3).
        let thanks = gate.judge(&of_prompt("thanks"));
        let expected = -1.0 + 0.5 * (2f64.ln() - 1.0) - 4.0 / 3f64.sqrt();
        assert!((thanks.score - expected).abs() < 1e-9, "{thanks:?}");
        assert!(!thanks.admit);
        assert_eq!(
            thanks.reason,
            "gate -3.46: word w:thanks (-2.31), words 0.69 (-0.15)"
        );
        // A backticked name outweighs the bias; the words' hinge bends past 2 (7 words).
        let code = gate.judge(&of_prompt("why does `retry_delay` grow so fast here?"));
        let words = 8f64.ln();
        let expected = -1.0 + 3.0 + 0.5 * (words - 1.0) - (words - 2.0);
        assert!((code.score - expected).abs() < 1e-9, "{code:?}");
        assert!(code.admit);
        assert!(
            code.reason.contains("backticks 1.00 (+3.00)"),
            "{}",
            code.reason
        );
        let pair = gate.judge(&of_prompt("run the tests"));
        assert!(pair.reason.contains("word b:run the"), "{}", pair.reason);
    }

    #[test]
    fn a_model_that_does_not_read_says_why() {
        let cases = [
            ("gather-ranker 1\n", "not a gate model"),
            ("gather-gate 1\nbias 0\n", "no fingerprint"),
            ("gather-gate 1\nfingerprint f\nfeature nope 1\n", "`nope`"),
            (
                "gather-gate 1\nfingerprint f\nfeature words 0 x\n",
                "`x` is not a number",
            ),
            (
                "gather-gate 1\nfingerprint f\nfeature words 0 1 2\n",
                "no KNOT:WEIGHT",
            ),
            (
                "gather-gate 1\nfingerprint f\ntoken w:a NaN\n",
                "not a number",
            ),
            ("gather-gate 1\nfingerprint f\nweights 1\n", "unknown line"),
        ];
        for (text, why) in cases {
            let error = Gate::parse(text).unwrap_err();
            assert!(error.contains(why), "{text:?}: {error}");
        }
    }

    /// A small workspace: a retry policy, a session that uses it, a cookie parser.
    fn workspace() -> (tempfile::TempDir, gather::Index) {
        let dir = tempfile::tempdir().unwrap();
        let files = [
            (
                "retry/policy.py",
                "class RetryPolicy:\n    \"\"\"How long to wait between attempts.\"\"\"\n\n    \
                 def __init__(self, attempts=3, max_delay=30.0):\n        self.attempts = attempts\n        \
                 self.max_delay = max_delay\n\n    def delay(self, attempt):\n        \
                 \"\"\"The delay before an attempt, doubling each time.\"\"\"\n        \
                 return min(2 ** attempt, self.max_delay)\n\n    def deadline(self, attempt, now):\n        \
                 return now + self.delay(attempt)\n",
            ),
            (
                "client/session.py",
                "from retry.policy import RetryPolicy\n\n\nclass Session:\n    \
                 def __init__(self, transport, policy=None):\n        self.transport = transport\n        \
                 self.policy = policy or RetryPolicy()\n\n    def send(self, request):\n        \
                 for attempt in range(self.policy.attempts):\n            try:\n                \
                 return self.transport.send(request)\n            except TimeoutError:\n                \
                 sleep_until(self.policy.deadline(attempt, now()))\n        \
                 raise RuntimeError(\"retry budget exhausted\")\n",
            ),
            (
                "client/cookies.py",
                "def parse_cookie(header):\n    \"\"\"Parses a Cookie header into a dict, quoted values unquoted.\"\"\"\n    \
                 out = {}\n    for part in header.split(';'):\n        \
                 name, _, value = part.strip().partition('=')\n        out[name] = value.strip('\"')\n    \
                 return out\n",
            ),
        ];
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let index = gather::index::build(dir.path()).unwrap();
        (dir, index)
    }

    #[test]
    fn the_hook_adds_a_pack_for_prompts_about_the_code_and_the_gate_refuses_chores() {
        use crate::prompt::{answer, PromptAnswer, PromptRequest, MAX_CHARS};
        let (_dir, index) = workspace();
        let ask = |prompt: &str| {
            let request = PromptRequest {
                prompt: prompt.into(),
                max_chars: MAX_CHARS,
                ..Default::default()
            };
            answer(&index, &request)
        };
        for prompt in [
            "why does the retry delay grow so fast?",
            "make the max delay configurable per session",
            "parse_cookie drops quoted values with a semicolon inside",
        ] {
            assert!(matches!(ask(prompt), PromptAnswer::Pack { .. }), "{prompt}");
        }
        // These reach the ranking (their words occur in the code) and the gate refuses them.
        for prompt in [
            "push the branch and open a pull request",
            "write the release notes for the session changes",
        ] {
            match ask(prompt) {
                PromptAnswer::Nothing(why) => {
                    assert!(
                        why.starts_with("the prompt does not read as about the code (gate -"),
                        "{why}"
                    )
                }
                PromptAnswer::Pack { .. } => panic!("{prompt}: a pack was added"),
            }
        }
    }
}
