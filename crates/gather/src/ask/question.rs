//! Reads a question: the words that look like code (for the identifier lane), quoted
//! literals (for the grep lane) and the weighted search terms (for the lexical lane).
//!
//! Reading is linear in the question's length, and what it keeps is capped
//! ([`MAX_WORDS`], [`MAX_LITERALS`]): a question is a request from a client, and a pasted
//! log of a million distinct words must cost a pass over its text, not a search per word
//! for every word before it. What the caps leave out is counted ([`Question::left_out`])
//! so the pack can say so.

use std::collections::HashSet;

use super::frames::Frame;
use crate::terms;

/// Distinct words read from a question (content words for the lexical lane, and
/// code-shaped words for the identifier lane, each counted on its own); later ones are
/// counted in [`Question::left_out`]. Real questions hold a few dozen.
pub const MAX_WORDS: usize = 1000;

/// Distinct quoted literals and flags read from a question: the grep lane searches every
/// file once per literal.
pub const MAX_LITERALS: usize = 20;

/// The longest code-shaped word taken for an identifier; no one names a definition with
/// more, and every content word is compared with every identifier.
const MAX_IDENTIFIER: usize = 256;

/// Unmatched words named in a pack; the rest are counted.
pub const MAX_UNMATCHED_NAMED: usize = 20;

/// What a question holds, by lane.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Question {
    /// Words that look like code, as written (without backticks or a trailing `()`).
    pub identifiers: Vec<String>,
    /// Quoted text and other literals worth finding verbatim.
    pub literals: Vec<String>,
    /// Stemmed search terms with their weights, in first-seen order.
    pub terms: Vec<(String, f32)>,
    /// The content words the terms came from, as written, for reporting misses.
    pub words: Vec<String>,
    /// A leading `area:` prefix (`searcher: fix …`, `unix: …`), which names a part of the
    /// tree by convention.
    pub area: Option<String>,
    /// Distinct words, identifiers and literals past the caps, which no lane looks for.
    pub left_out: usize,
    /// What the question's body adds to its title (its first line), when it has one.
    pub detail: Option<Box<Detail>>,
}

impl Question {
    /// Whether any lane has something to look for.
    pub(crate) fn is_searchable(&self) -> bool {
        !(self.identifiers.is_empty() && self.literals.is_empty() && self.terms.is_empty())
            || self.detail.as_ref().is_some_and(|d| d.is_searchable())
    }
}

/// The body's evidence, by lane.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Detail {
    /// Code-shaped words and code spans of the prose that the title does not hold.
    pub spans: Vec<String>,
    /// Names the code blocks import and call, then the error types raised.
    pub code_names: Vec<String>,
    /// Quoted text of the prose and the plain runs of error messages.
    pub literals: Vec<String>,
    /// Stemmed terms of the whole question (the title's included), weighted by part.
    pub terms: Vec<(String, f32)>,
    /// Stack frames, innermost first.
    pub frames: Vec<Frame>,
    /// Distinct words and names past the caps.
    pub left_out: usize,
}

impl Detail {
    /// Whether the body gives any lane something to look for.
    pub fn is_searchable(&self) -> bool {
        !(self.spans.is_empty()
            && self.code_names.is_empty()
            && self.literals.is_empty()
            && self.terms.is_empty()
            && self.frames.is_empty())
    }
}

/// Characters that may surround a word in prose.
const PUNCTUATION: &[char] = &[
    ',', ';', '?', '!', '(', ')', '[', ']', '{', '}', '"', '\'', '<', '>', '*',
];

/// Whether `word` is written like code: snake_case, camelCase or PascalCase with two
/// humps, a dotted or `::` path, a call `name()`, or a file name or path.
pub(crate) fn looks_like_code(word: &str) -> bool {
    let word = word.trim_end_matches("()");
    if word.len() < 3 || !word.bytes().any(|b| b.is_ascii_alphabetic()) {
        return false;
    }
    let ident = |s: &str| {
        !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !s.as_bytes()[0].is_ascii_digit()
    };
    if word.contains("::") {
        return word.split("::").all(ident);
    }
    if word.contains('/') {
        return word.split('/').filter(|s| !s.is_empty()).all(|s| {
            s.split('.')
                .all(|p| p.is_empty() || ident(p) || p.contains('-'))
        });
    }
    if word.contains('.') {
        return word.split('.').all(|p| ident(p) && p.len() >= 2);
    }
    if !ident(word) {
        return false;
    }
    let inner = &word[1..];
    let snake = word.trim_matches('_').contains('_');
    let humps = word
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
    let caps_then_lower = inner.bytes().any(|b| b.is_ascii_uppercase())
        && word.bytes().any(|b| b.is_ascii_lowercase());
    snake || humps || caps_then_lower
}

/// A list without repeats, in first-seen order, with at most `cap` items; the distinct
/// items past the cap are remembered so they can be counted once each.
struct Unique {
    items: Vec<String>,
    seen: HashSet<String>,
    cap: usize,
    max_len: usize,
}

impl Unique {
    fn new(cap: usize) -> Unique {
        Unique {
            items: Vec::new(),
            seen: HashSet::new(),
            cap,
            max_len: usize::MAX,
        }
    }

    /// Adds `item` unless it is empty or already seen; whether it was new and within the cap.
    fn push(&mut self, item: &str) -> bool {
        if item.is_empty() || item.len() > self.max_len || self.seen.contains(item) {
            return false;
        }
        self.seen.insert(item.to_string());
        if self.items.len() >= self.cap {
            return false;
        }
        self.items.push(item.to_string());
        true
    }

    /// Distinct items seen past the cap.
    fn left_out(&self) -> usize {
        self.seen.len() - self.items.len()
    }
}

/// Reads one line of prose (a title, a paragraph) into its lanes' inputs; a question of
/// several lines is read by [`super::read`].
pub fn read(text: &str) -> Question {
    let mut question = Question::default();
    if let Some((head, _)) = text.trim_start().split_once(": ") {
        if is_single_word(head) && head.len() >= 2 {
            question.area = Some(head.to_ascii_lowercase());
        }
    }
    let (identifiers, literals) = read_anchors(text);
    question.left_out = identifiers.left_out() + literals.left_out();
    question.identifiers = identifiers.items;
    question.literals = literals.items;
    read_terms(text, &mut question);
    question
}

/// The code-shaped words and the literals (quoted text, command-line flags) of `text`.
fn read_anchors(text: &str) -> (Unique, Unique) {
    let mut identifiers = Unique::new(MAX_WORDS);
    identifiers.max_len = MAX_IDENTIFIER;
    let mut literals = Unique::new(MAX_LITERALS);
    let (rest, quoted) = take_quoted(text);
    for literal in quoted {
        if looks_like_code(&literal) || (is_single_word(&literal) && literal.len() >= 3) {
            identifiers.push(literal.trim_end_matches("()"));
        } else if literal.trim().len() >= 3 {
            literals.push(literal.trim());
        }
    }
    for raw in rest.split_whitespace() {
        // A command-line flag (`--ignore-file`, `-F`) is text to find verbatim.
        if let Some(flag) = as_flag(raw) {
            literals.push(flag);
            continue;
        }
        let word = raw
            .trim_matches(PUNCTUATION)
            .trim_end_matches([':', '.'])
            .trim_start_matches(['.', ':']);
        // `Class#method` is the doc-comment spelling of `Class.method`.
        let word = word.replace('#', ".");
        if word.ends_with("()") || looks_like_code(&word) {
            identifiers.push(word.trim_end_matches("()"));
        }
    }
    (identifiers, literals)
}

/// `raw` as a command-line flag (`--ignore-file`, `-F`), without surrounding punctuation.
fn as_flag(raw: &str) -> Option<&str> {
    let flag = raw
        .trim_matches(PUNCTUATION)
        .trim_end_matches([':', '.', ',']);
    let name = flag.strip_prefix('-')?.trim_start_matches('-');
    let is_flag = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
    is_flag.then_some(flag)
}

/// Terms: every sub-word of every word, stop words out; a word that looks like code
/// counts more, since the asker named it on purpose. A word already read adds nothing
/// (its terms and weight are the same), so each distinct word is analysed once.
fn read_terms(text: &str, question: &mut Question) {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut words = Unique::new(MAX_WORDS);
    terms::words(text, |word| {
        if words.seen.contains(word) {
            return;
        }
        let lower = word.to_ascii_lowercase();
        if terms::is_stop_word(&lower) {
            return;
        }
        if !words.push(word) {
            return;
        }
        let weight = if question.identifiers.iter().any(|i| i.contains(word)) {
            1.5
        } else {
            1.0
        };
        let mut any = false;
        terms::sub_words(word, |sub| {
            if sub.len() < 2 && !sub.bytes().all(|b| b.is_ascii_digit()) {
                return;
            }
            if terms::is_stop_word(&sub) {
                return;
            }
            any = true;
            let term = terms::stem(&sub);
            match seen.get(&term) {
                Some(&i) => {
                    let w = &mut question.terms[i].1;
                    *w = w.max(weight);
                }
                None => {
                    seen.insert(term.clone(), question.terms.len());
                    question.terms.push((term, weight));
                }
            }
        });
        if any {
            question.words.push(word.to_string());
            // The whole identifier, as heavy as the word: it finds the definitions that
            // use exactly this identifier (the lexical lane drops it when it is common).
            if let Some(term) = terms::compound(word) {
                if !seen.contains_key(&term) {
                    seen.insert(term.clone(), question.terms.len());
                    question.terms.push((term, weight));
                }
            }
        }
    });
    question.left_out += words.left_out();
}

/// The first few words of a long literal, with how many more there were, so a pasted
/// message cannot fill the pack's header.
pub(crate) fn shortened(literal: &str) -> String {
    const WORDS: usize = 4;
    const CHARS: usize = 40;
    let words: Vec<&str> = literal.split_whitespace().collect();
    if words.len() <= WORDS && literal.len() <= CHARS {
        return literal.to_string();
    }
    let mut short: String = words[..words.len().min(WORDS)].join(" ");
    if short.len() > CHARS {
        let mut cut = CHARS;
        while !short.is_char_boundary(cut) {
            cut -= 1;
        }
        short.truncate(cut);
    }
    format!(
        "{short}… (+{} words)",
        words.len().saturating_sub(WORDS).max(1)
    )
}

/// The unmatched words a pack names: the first [`MAX_UNMATCHED_NAMED`], then one entry
/// counting the rest, so a question of unknown words cannot fill the pack with its echo.
pub(crate) fn name_unmatched(mut words: Vec<String>) -> Vec<String> {
    if words.len() > MAX_UNMATCHED_NAMED {
        let more = words.len() - MAX_UNMATCHED_NAMED;
        words.truncate(MAX_UNMATCHED_NAMED);
        words.push(format!("and {more} more"));
    }
    words
}

fn is_single_word(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Splits out text between backticks or double quotes (and single quotes that open after
/// a space and close before one, so apostrophes stay prose). Returns the rest and the
/// quoted pieces.
fn take_quoted(text: &str) -> (String, Vec<String>) {
    let mut rest = String::with_capacity(text.len());
    let mut quoted = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut next_close = NextClose::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let opens = match c {
            '`' | '"' | '“' => true,
            '\'' => i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == '(',
            _ => false,
        };
        if opens {
            let close = if c == '“' { '”' } else { c };
            if let Some(len) = next_close.find(&chars, close, i + 1).map(|at| at - i - 1) {
                let inner: String = chars[i + 1..i + 1 + len].iter().collect();
                let after = chars.get(i + 2 + len);
                let closes_word = c != '\'' || after.is_none_or(|a| !a.is_alphanumeric());
                if !inner.trim().is_empty() && closes_word {
                    quoted.push(inner);
                    rest.push(' ');
                    i += len + 2;
                    continue;
                }
            }
        }
        rest.push(c);
        i += 1;
    }
    (rest, quoted)
}

/// The next position of each closing quote at or after a point that only moves forward,
/// so many opening quotes without a close cost one scan, not one scan each.
#[derive(Default)]
struct NextClose {
    /// Per closing character: the position its last search started from, and where it
    /// found one (`None`: nowhere after that start).
    found: Vec<(char, usize, Option<usize>)>,
}

impl NextClose {
    fn find(&mut self, chars: &[char], close: char, from: usize) -> Option<usize> {
        let search = || {
            chars[from..]
                .iter()
                .position(|&x| x == close)
                .map(|n| from + n)
        };
        match self.found.iter_mut().find(|(c, _, _)| *c == close) {
            Some(entry) => {
                let (_, searched_from, at) = *entry;
                let still_valid = match at {
                    Some(at) => at >= from,
                    // Nothing after an earlier start means nothing after a later one.
                    None => from >= searched_from,
                };
                if !still_valid {
                    *entry = (close, from, search());
                }
                entry.2
            }
            None => {
                let at = search();
                self.found.push((close, from, at));
                at
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_shapes_are_recognised_and_prose_is_not() {
        for code in [
            "parse_args",
            "HeaderMap",
            "getUser",
            "Client.send",
            "std::fs::read",
            "src/args.rs",
            "args.rs",
            "IOError",
            "_private_thing",
        ] {
            assert!(looks_like_code(code), "{code}");
        }
        for prose in [
            "Allow", "header", "RFC", "1.2.3", "e.g", "it's", "a", "HTTP",
        ] {
            assert!(!looks_like_code(prose), "{prose}");
        }
    }

    #[test]
    fn identifiers_come_from_backticks_calls_and_code_shapes() {
        let q = read("Why does `walk` skip files in parse_dir() when HeaderMap is empty?");
        assert_eq!(q.identifiers, ["walk", "parse_dir", "HeaderMap"]);
        assert!(q.literals.is_empty());
    }

    #[test]
    fn an_area_prefix_and_hash_methods_are_read() {
        let q = read("searcher: fix Request#accepts() for NUL bytes");
        assert_eq!(q.area.as_deref(), Some("searcher"));
        assert_eq!(q.identifiers, ["Request.accepts"]);
        assert_eq!(read("Fix the searcher").area, None);
        assert_eq!(read("make it: faster").area, None);
    }

    #[test]
    fn quoted_messages_become_literals_and_apostrophes_stay_prose() {
        let q = read("error \"unexpected end of input\" isn't shown for 'bad token' input");
        assert_eq!(q.literals, ["unexpected end of input", "bad token"]);
        assert!(q.words.contains(&"isn".to_string()) || q.words.contains(&"shown".to_string()));
    }

    #[test]
    fn terms_are_stemmed_sub_words_without_stop_words_and_code_weighs_more() {
        let q = read("How are retries handled in parseHTTPConfig?");
        let terms: Vec<&str> = q.terms.iter().map(|(t, _)| t.as_str()).collect();
        // A code word also gives its whole identifier, as heavy as its parts.
        assert_eq!(
            terms,
            [
                "retry",
                "handl",
                "pars",
                "http",
                "config",
                "=parshttpconfig"
            ]
        );
        assert_eq!(q.terms[0].1, 1.0);
        assert_eq!(q.terms[2].1, 1.5);
        assert_eq!(q.terms[5].1, 1.5);
    }
}
