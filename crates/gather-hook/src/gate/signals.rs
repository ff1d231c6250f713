//! What the gate reads of a prompt and its pack: numbers from the ranking (the seeds'
//! learned scores and features, the words that matched nothing) and from the prompt's own
//! shape (its length, code-shaped words, how it ends), plus the words of its first line as
//! tokens for the learned lexicon.
//!
//! Every number is named ([`NAMES`]); the model file weighs them by name, and
//! `scripts/train-gate` learns from rows these same functions wrote, so training and use
//! read one computation.

use gather::ask::explain::Explained;
use gather::ask::features::flag;
use gather::index::Index;
use gather::pack::Pack;

/// The gate's numeric features, in row order.
pub const NAMES: [&str; N_SIGNALS] = [
    // The ranking's own.
    "score1",
    "score2",
    "score_gap",
    "title_bm25",
    "title_bm25_max",
    "title_name_max",
    "name_in_title_max",
    "named",
    "ident_exact_max",
    "hand1",
    "bridge_title_max",
    "body_bm25_max",
    "q_title_terms",
    "q_identifiers",
    "q_has_body",
    "q_body_terms",
    "q_frames",
    "seeds",
    "unmatched",
    "unmatched_share",
    "code_found",
    "code_missing",
    "terms_matched",
    "idf_max",
    "idf_mean",
    "name_share",
    "common_share",
    // The prompt's shape.
    "chars",
    "words",
    "lines",
    "ends_question",
    "backticks",
    "code_block",
    "path_like",
    "code_like",
    "digits",
];

/// How many numeric features the gate reads.
pub const N_SIGNALS: usize = 36;

/// At most this many distinct words of the first line are tokens.
const MAX_WORDS: usize = 32;

/// A term held by more than this share of the definitions is common.
const COMMON: f64 = 0.05;

/// A word longer than this is no lexicon word (a hash, a pasted blob).
const MAX_WORD_CHARS: usize = 24;

/// What the gate reads of one prompt and its pack.
#[derive(Clone, Debug, PartialEq)]
pub struct Signals {
    /// The numeric features, by [`NAMES`].
    pub values: [f64; N_SIGNALS],
    /// The first line's tokens: `w:WORD` for each distinct word, `f:WORD` for the first,
    /// `b:WORD WORD` for the first two, `l:WORD` for the last.
    pub tokens: Vec<String>,
}

/// The signals of `prompt` and the pack built for it from `index` (read from
/// `pack.explained`, which the prompt hook's request fills, and from the index's postings,
/// which the question's ranking built).
pub fn signals(index: &Index, pack: &Pack, prompt: &str) -> Signals {
    let mut signals = of_prompt(prompt);
    let values = &mut signals.values;
    let seeds: &[Explained] = pack.explained.as_ref().map_or(&[], |e| &e.seeds[..]);
    ranking(seeds, values);
    let question = pack.omitted.question();
    let (unmatched, missing_code) = count_unmatched(&question.unmatched_terms);
    let asked = feature(seeds.first(), "q_title_terms").exp_m1() + identifiers(seeds);
    // The seeds the ranking chose, as the explanation lists them: a hook's pack shows
    // fewer of them than the ranking chooses, and the model learned from the ranking's.
    let chosen = pack
        .explained
        .as_ref()
        .map_or(pack.n_seeds, |e| e.seeds.len());
    set(values, "seeds", ln1p(chosen as f64));
    set(values, "unmatched", ln1p(unmatched as f64));
    set(values, "unmatched_share", unmatched as f64 / asked.max(1.0));
    set(
        values,
        "code_found",
        ln1p((identifiers(seeds) - missing_code as f64).max(0.0)),
    );
    set(values, "code_missing", ln1p(missing_code as f64));
    vocabulary(index, first_line(prompt), values);
    signals
}

/// How the first line's search terms stand in the workspace's postings: how many occur
/// at all, how rare the ones that occur are (their inverse document frequency over its
/// largest, `ln N`), the share that names some definition, and the share held by more
/// than [`COMMON`] of the definitions.
fn vocabulary(index: &Index, line: &str, values: &mut [f64; N_SIGNALS]) {
    let postings = index.postings();
    let n = postings.n_docs() as f64;
    let terms = gather::ask::question::read(line).terms;
    if terms.is_empty() || n < 2.0 {
        return;
    }
    let (mut matched, mut idf_sum, mut idf_max, mut named, mut common) = (0, 0.0, 0.0, 0, 0);
    for (term, _) in &terms {
        let docs = postings.get(term);
        if docs.is_empty() {
            continue;
        }
        let df = docs.len() as f64;
        let idf = (n / df).ln() / n.ln();
        matched += 1;
        idf_sum += idf;
        idf_max = f64::max(idf_max, idf);
        named += usize::from(docs.iter().any(|p| p.tf[0] > 0));
        common += usize::from(df / n > COMMON);
    }
    let all = terms.len() as f64;
    set(values, "terms_matched", ln1p(matched as f64));
    set(values, "idf_max", idf_max);
    set(values, "idf_mean", idf_sum / f64::from(matched.max(1)));
    set(values, "name_share", named as f64 / all);
    set(values, "common_share", common as f64 / all);
}

/// The signals of the prompt alone: its shape and tokens, the ranking's numbers 0.
pub fn of_prompt(prompt: &str) -> Signals {
    let mut values = [0.0; N_SIGNALS];
    shape(prompt, &mut values);
    Signals {
        values,
        tokens: tokens(first_line(prompt)),
    }
}

/// Prompts whose [`of_prompt`] signals pin the prompt's side of the features (see
/// [`probe`]): prose, a command, code-shaped words and a path, an issue with a body.
const PROBES: [&str; 4] = [
    "why does the parser choke on empty input?",
    "Thanks! now run the tests again",
    "`RetryPolicy.delay` ignores max_delay in src/retry/policy.py (since 2.1)",
    "Session.send gives up\n\nAfter a few timeouts `send` raises:\n\n```\nTraceback\n```\n",
];

/// The prompt side of the features for fixed prompts, one line each: the values that are
/// not 0 (rounded to 6 decimals) and the tokens. A change to how a prompt is read changes
/// this text, and so the gate's fingerprint.
pub fn probe() -> String {
    let mut out = String::new();
    for prompt in PROBES {
        let signals = of_prompt(prompt);
        let values: Vec<String> = (NAMES.iter().zip(signals.values))
            .filter(|(_, v)| *v != 0.0)
            .map(|(n, v)| format!("{n} {v:.6}"))
            .collect();
        out.push_str(&format!(
            "{}\n  {}\n",
            values.join(", "),
            signals.tokens.join("|")
        ));
    }
    out
}

/// The ranking's numbers: the first seeds' scores, the best of their lexical features, and
/// the question's own features (the same in every seed's row).
fn ranking(seeds: &[Explained], values: &mut [f64; N_SIGNALS]) {
    let score = |i: usize| seeds.get(i).map_or(0.0, |s| s.score);
    set(values, "score1", score(0));
    set(
        values,
        "score2",
        if seeds.len() > 1 { score(1) } else { score(0) },
    );
    set(
        values,
        "score_gap",
        if seeds.len() > 1 {
            score(0) - score(1)
        } else {
            0.0
        },
    );
    let top = seeds.first();
    set(values, "title_bm25", feature(top, "title_bm25"));
    set(values, "hand1", feature(top, "hand"));
    set(values, "bridge_title_max", feature(top, "bridge_title_max"));
    let best = |name: &str| {
        seeds
            .iter()
            .map(|s| feature(Some(s), name))
            .fold(0.0, f64::max)
    };
    set(values, "title_bm25_max", best("title_bm25"));
    set(values, "title_name_max", best("title_name"));
    set(values, "name_in_title_max", best("name_in_title"));
    set(values, "named", best("name_named").max(best("file_named")));
    set(values, "ident_exact_max", best("ident_exact"));
    set(values, "body_bm25_max", best("body_bm25"));
    for name in [
        "q_title_terms",
        "q_identifiers",
        "q_has_body",
        "q_body_terms",
        "q_frames",
    ] {
        set(values, name, feature(top, name));
    }
}

/// How many code-shaped words the question's title holds (its `q_identifiers` is
/// `ln(1 + n)`).
fn identifiers(seeds: &[Explained]) -> f64 {
    feature(seeds.first(), "q_identifiers").exp_m1().round()
}

/// The words that matched nothing, and how many of them are code-shaped words or literals
/// (named in backticks or quotes); a closing "and N more" counts N.
fn count_unmatched(unmatched: &[String]) -> (usize, usize) {
    let mut words = 0;
    let mut code = 0;
    for word in unmatched {
        if let Some(more) = word
            .strip_prefix("and ")
            .and_then(|r| r.strip_suffix(" more"))
        {
            words += more.parse::<usize>().unwrap_or(1);
            continue;
        }
        words += 1;
        if word.starts_with('`') || word.starts_with('"') {
            code += 1;
        }
    }
    (words, code)
}

/// The prompt's shape: its size, how it ends, and the code it shows.
fn shape(prompt: &str, values: &mut [f64; N_SIGNALS]) {
    let words: Vec<&str> = prompt.split_whitespace().collect();
    set(values, "chars", ln1p(prompt.chars().count() as f64));
    set(values, "words", ln1p(words.len() as f64));
    set(
        values,
        "lines",
        ln1p(prompt.lines().filter(|l| !l.trim().is_empty()).count() as f64),
    );
    let head = first_line(prompt).trim_end();
    set(values, "ends_question", flag(head.ends_with('?')));
    set(values, "backticks", flag(prompt.contains('`')));
    set(values, "code_block", flag(prompt.contains("```")));
    let count = |test: fn(&str) -> bool| words.iter().filter(|w| test(w)).count() as f64;
    set(values, "path_like", ln1p(count(is_path_like)));
    set(values, "code_like", ln1p(count(is_code_like)));
    set(
        values,
        "digits",
        ln1p(count(|w| w.bytes().any(|b| b.is_ascii_digit()))),
    );
}

/// A word that reads as a path or a file name: `src/lib.rs`, `config.py`, `a/b/c`.
fn is_path_like(word: &str) -> bool {
    let word = word.trim_matches(|c: char| "`'\"(),;:".contains(c));
    if word.contains("://") {
        return false;
    }
    // A line number after the path (`lib/route.js:12`).
    let word = word.split(':').next().unwrap_or(word);
    // A directory path: two separators at least (`and/or` is prose).
    let has_slash = word.split('/').filter(|p| !p.is_empty()).count() > 2;
    let extension = word.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_lowercase())
            && stem.bytes().any(|b| b.is_ascii_alphabetic())
    });
    has_slash || extension
}

/// A word that reads as code: `snake_case`, `camelCase`, `a.b`, `a::b`, `f()`.
fn is_code_like(word: &str) -> bool {
    let word = word.trim_matches(|c: char| "`'\",;:?!".contains(c));
    let letters = word.bytes().filter(u8::is_ascii_alphabetic).count();
    if letters < 2 {
        return false;
    }
    let inner_upper = (word.char_indices().skip(1)).any(|(i, c)| {
        c.is_ascii_uppercase() && word[..i].ends_with(|p: char| p.is_ascii_lowercase())
    });
    word.contains('_')
        || word.contains("::")
        || word.contains("()")
        || word.contains("->")
        || inner_upper
        || word.trim_end_matches('.').contains('.') && !word.contains("..")
}

/// The first line that holds anything.
fn first_line(prompt: &str) -> &str {
    prompt.lines().find(|l| !l.trim().is_empty()).unwrap_or("")
}

/// The lexicon's tokens of a line (see [`Signals::tokens`]): lower-cased words of letters
/// (an apostrophe inside a word kept), in order, the distinct ones up to `MAX_WORDS`.
pub fn tokens(line: &str) -> Vec<String> {
    let words = words(line);
    let mut out: Vec<String> = Vec::new();
    for word in &words {
        let token = format!("w:{word}");
        if !out.contains(&token) && out.len() < MAX_WORDS {
            out.push(token);
        }
    }
    if let Some(first) = words.first() {
        out.push(format!("f:{first}"));
        if let Some(second) = words.get(1) {
            out.push(format!("b:{first} {second}"));
        }
    }
    if let Some(last) = words.last() {
        out.push(format!("l:{last}"));
    }
    out
}

/// The words of a line: runs of letters (and apostrophes between letters), lower-cased;
/// a run longer than [`MAX_WORD_CHARS`] is left out.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let apostrophe = (c == '\'' || c == '’')
            && !word.is_empty()
            && chars.peek().is_some_and(|n| n.is_alphabetic());
        if c.is_alphabetic() {
            word.extend(c.to_lowercase());
        } else if apostrophe {
            word.push('\'');
        } else {
            push_word(&mut words, &mut word);
        }
    }
    push_word(&mut words, &mut word);
    words
}

fn push_word(words: &mut Vec<String>, word: &mut String) {
    if !word.is_empty() && word.chars().count() <= MAX_WORD_CHARS {
        words.push(std::mem::take(word));
    }
    word.clear();
}

/// A seed's feature by name (0 when it has none: the explanation lists the features that
/// are not 0).
fn feature(seed: Option<&Explained>, name: &str) -> f64 {
    seed.and_then(|s| s.features.iter().find(|(n, _)| *n == name))
        .map_or(0.0, |(_, v)| *v)
}

fn set(values: &mut [f64; N_SIGNALS], name: &str, value: f64) {
    if let Some(at) = NAMES.iter().position(|n| *n == name) {
        values[at] = if value.is_finite() { value } else { 0.0 };
    }
}

fn ln1p(x: f64) -> f64 {
    x.max(0.0).ln_1p()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_the_first_lines_words_the_first_pair_and_the_last() {
        assert_eq!(
            tokens("Why doesn't `parse_args` handle --Help?"),
            [
                "w:why",
                "w:doesn't",
                "w:parse",
                "w:args",
                "w:handle",
                "w:help",
                "f:why",
                "b:why doesn't",
                "l:help"
            ]
        );
        assert_eq!(
            tokens("thanks thanks THANKS"),
            ["w:thanks", "f:thanks", "b:thanks thanks", "l:thanks"]
        );
        assert!(tokens("123 -- ?").is_empty());
    }

    #[test]
    fn a_word_past_the_cap_is_no_token() {
        let long = "a".repeat(MAX_WORD_CHARS + 1);
        assert_eq!(tokens(&format!("{long} ok")), ["w:ok", "f:ok", "l:ok"]);
    }

    #[test]
    fn paths_and_code_are_told_from_prose() {
        for path in ["src/lib.rs", "`config.py`", "lib/route.js:12", "a/b/c"] {
            assert!(is_path_like(path), "{path}");
        }
        for prose in ["and/or", "e.g.", "https://example.com/a", "3.14", "end."] {
            assert!(!is_path_like(prose), "{prose}");
        }
        for code in ["parse_args", "camelCase", "Foo::bar", "run()", "self.value"] {
            assert!(is_code_like(code), "{code}");
        }
        for prose in ["Hello", "don't", "end.", "well-known", "x_"] {
            assert!(!is_code_like(prose), "{prose}");
        }
    }

    #[test]
    fn unmatched_words_count_code_and_the_rest() {
        let words = ["`Foo`", "\"a literal\"", "kubernetes", "and 4 more"].map(String::from);
        assert_eq!(count_unmatched(&words), (7, 2));
    }
}
