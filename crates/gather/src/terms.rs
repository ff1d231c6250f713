//! Text analysis shared by the postings (index side) and the question lanes (query side):
//! both must cut text into the same terms, or a question could never match a definition.
//!
//! A word is a run of ASCII letters and digits (plus `_`, which splits sub-words). Each word
//! gives its sub-words (`parseHTTPConfig` → parse, http, config; `max_file_size` → max,
//! file, size), lower-cased and folded by a light stemmer (plurals, `-ing`, `-ed`), so
//! "retries", "retrying" and `retry` meet. A common abbreviation also gives the word it
//! stands for (`attr`: attribute), so "attribute" meets `get_attr`. A word of several
//! sub-words also gives one whole-identifier term (`compound`).

/// Calls `each` with every word of `text` (a maximal run of ASCII alphanumerics and `_`),
/// as written.
pub fn words(text: &str, mut each: impl FnMut(&str)) {
    let bytes = text.as_bytes();
    let mut start = None;
    for (i, &b) in bytes.iter().enumerate() {
        let inside = b.is_ascii_alphanumeric() || b == b'_';
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                each(&text[s..i]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        each(&text[s..]);
    }
}

/// Splits an identifier into lower-case sub-words on `_`, case changes and digit
/// boundaries: `parseHTTPConfig2` → parse, http, config, 2. An acronym run keeps its last
/// capital for the next word (`HTTPServer` → http, server).
pub(crate) fn sub_words(word: &str, mut each: impl FnMut(String)) {
    let chars: Vec<char> = word.chars().collect();
    let mut current = String::new();
    let flush = |current: &mut String, each: &mut dyn FnMut(String)| {
        if !current.is_empty() {
            each(std::mem::take(current).to_ascii_lowercase());
        }
    };
    for i in 0..chars.len() {
        let c = chars[i];
        if c == '_' || !c.is_ascii_alphanumeric() {
            flush(&mut current, &mut each);
            continue;
        }
        if let Some(&prev) = current.chars().last().as_ref() {
            let next = chars.get(i + 1).copied();
            let boundary = (prev.is_ascii_lowercase() && c.is_ascii_uppercase())
                || (prev.is_ascii_digit() != c.is_ascii_digit())
                || (prev.is_ascii_uppercase()
                    && c.is_ascii_uppercase()
                    && next.is_some_and(|n| n.is_ascii_lowercase()));
            if boundary {
                flush(&mut current, &mut each);
            }
        }
        current.push(c);
    }
    flush(&mut current, &mut each);
}

/// Folds a lower-case word to its stem: plural and verb endings are removed so that
/// different forms of one word meet. Deliberately light: over-stemming merges unrelated
/// identifiers.
pub fn stem(word: &str) -> String {
    if word.len() <= 3 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return word.to_string();
    }
    let mut w = fold_plural(word);
    if let Some(base) = derived(&w) {
        return base;
    }
    for suffix in ["ing", "ied", "ed"] {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.len() >= 3 {
                w = if suffix == "ied" {
                    format!("{base}y")
                } else {
                    undouble(base)
                };
                break;
            }
        }
    }
    // The doer folds into the deed: `checker` → `check`, `parser` → `pars`.
    if let Some(base) = w.strip_suffix("er") {
        if base.len() >= 4 {
            w = undouble(base);
        }
    }
    // `parse`, `parsed` and `parsing` all end as `pars`.
    if w.len() > 4 && w.ends_with('e') {
        w.pop();
    }
    w
}

/// Folds the `-ate` family and `-tion`/`-ssion` nouns onto their verb, so that a question
/// about "negotiation" or "validation" meets `negotiate` and `validate`, and "compression"
/// meets `compress`: `validation`, `validator`, `validated` → `valid`. After a vowel
/// (`create`, `negotiate`) or a short base (`update`) the `at` stays, as the plain `-e`
/// rule would leave it.
fn derived(w: &str) -> Option<String> {
    for suffix in ["ation", "ator", "ated", "ating", "ate"] {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.len() < 2 {
                return None;
            }
            let after_vowel = base.ends_with(['a', 'e', 'i', 'o', 'u']);
            return Some(if after_vowel || base.len() < 4 {
                format!("{base}at")
            } else {
                base.to_string()
            });
        }
    }
    for (suffix, keep) in [("tion", "t"), ("ssion", "ss")] {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.len() + keep.len() >= 4 {
                return Some(format!("{base}{keep}"));
            }
        }
    }
    None
}

fn fold_plural(w: &str) -> String {
    if let Some(base) = w.strip_suffix("ies") {
        return format!("{base}y");
    }
    for suffix in ["sses", "xes", "ches", "shes"] {
        if let Some(base) = w.strip_suffix(suffix) {
            return format!("{base}{}", &suffix[..suffix.len() - 2]);
        }
    }
    if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        return w[..w.len() - 1].to_string();
    }
    w.to_string()
}

/// `stopp` → `stop` after removing `-ing`/`-ed`.
fn undouble(base: &str) -> String {
    let b = base.as_bytes();
    let n = b.len();
    if n >= 4 && b[n - 1] == b[n - 2] && !matches!(b[n - 1], b'l' | b's' | b'z') {
        return base[..n - 1].to_string();
    }
    base.to_string()
}

/// Calls `each` with the stemmed sub-word terms of `text`.
pub fn terms(text: &str, mut each: impl FnMut(String)) {
    words(text, |word| word_terms(word, &mut each));
}

/// [`terms`], with each word's whole-identifier term (see [`compound`]).
pub(crate) fn terms_and_wholes(text: &str, mut each: impl FnMut(String)) {
    words(text, |word| word_terms_and_whole(word, &mut each));
}

/// Calls `each` with the stemmed sub-word terms of one word; single letters are dropped.
/// An abbreviation also gives the word it stands for (`get_attr` → get, attribut, attr), so
/// a question in plain words meets code that abbreviates.
pub(crate) fn word_terms(word: &str, each: impl FnMut(String)) {
    split(word, false, each);
}

/// [`word_terms`], then the word's whole-identifier term when it has one (see
/// [`compound`]): what the postings hold of a word.
pub(crate) fn word_terms_and_whole(word: &str, each: impl FnMut(String)) {
    split(word, true, each);
}

/// The whole-identifier term of a word of two or more sub-words (`offsetText`,
/// `offset_text`, `OffsetTexts` → `=offsettext`: its stemmed sub-words joined), or
/// `None`. It is marked so it never meets a sub-word term: a question naming an
/// identifier meets the definitions that use exactly that identifier, however its
/// sub-words are joined, and not every use of its parts.
pub(crate) fn compound(word: &str) -> Option<String> {
    let mut whole = None;
    split(word, true, |t| {
        if is_compound(&t) {
            whole = Some(t);
        }
    });
    whole
}

/// Whether `term` is a whole-identifier term (see [`compound`]).
pub(crate) fn is_compound(term: &str) -> bool {
    term.starts_with('=')
}

/// One pass over a word's sub-words: each is stemmed once, for its own term and, with
/// `whole`, for the whole-identifier term given last.
fn split(word: &str, whole: bool, mut each: impl FnMut(String)) {
    let mut joined = String::from("=");
    let mut parts = 0;
    sub_words(word, |sub| {
        let own_term = sub.len() > 1 || sub.bytes().all(|b| b.is_ascii_digit());
        if !(whole || own_term) {
            return;
        }
        let stemmed = stem(&sub);
        if whole {
            parts += 1;
            joined.push_str(&stemmed);
        }
        if own_term {
            if let Ok(i) = ABBREVIATIONS.binary_search_by(|(short, _)| short.cmp(&sub.as_str())) {
                each(stem(ABBREVIATIONS[i].1));
            }
            each(stemmed);
        }
    });
    if parts >= 2 {
        each(joined);
    }
}

/// Abbreviations common in identifiers and the word each stands for, sorted. Keywords and
/// builtins that abbreviate (`def`, `fn`, `str`, `len`) are left out: they are on every
/// other line and say nothing about where code is.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("addr", "address"),
    ("alloc", "allocate"),
    ("approx", "approximate"),
    ("attr", "attribute"),
    ("attrs", "attributes"),
    ("avg", "average"),
    ("buf", "buffer"),
    ("calc", "calculate"),
    ("cfg", "configuration"),
    ("cls", "class"),
    ("cmp", "compare"),
    ("cnt", "count"),
    ("col", "column"),
    ("cols", "columns"),
    ("conf", "configuration"),
    ("config", "configuration"),
    ("coord", "coordinate"),
    ("coords", "coordinates"),
    ("ctx", "context"),
    ("db", "database"),
    ("decl", "declaration"),
    ("desc", "description"),
    ("dest", "destination"),
    ("dim", "dimension"),
    ("dims", "dimensions"),
    ("dir", "directory"),
    ("dirs", "directories"),
    ("dst", "destination"),
    ("elem", "element"),
    ("env", "environment"),
    ("eq", "equal"),
    ("err", "error"),
    ("errs", "errors"),
    ("exec", "execute"),
    ("expr", "expression"),
    ("exprs", "expressions"),
    ("fmt", "format"),
    ("gen", "generate"),
    ("idx", "index"),
    ("info", "information"),
    ("lang", "language"),
    ("lib", "library"),
    ("loc", "location"),
    ("mgr", "manager"),
    ("msg", "message"),
    ("msgs", "messages"),
    ("ns", "namespace"),
    ("num", "number"),
    ("obj", "object"),
    ("objs", "objects"),
    ("opt", "option"),
    ("opts", "options"),
    ("param", "parameter"),
    ("params", "parameters"),
    ("pkg", "package"),
    ("pos", "position"),
    ("prev", "previous"),
    ("proc", "process"),
    ("prop", "property"),
    ("props", "properties"),
    ("ptr", "pointer"),
    ("repr", "representation"),
    ("req", "request"),
    ("resp", "response"),
    ("sep", "separator"),
    ("seq", "sequence"),
    ("sig", "signature"),
    ("spec", "specification"),
    ("src", "source"),
    ("stmt", "statement"),
    ("sys", "system"),
    ("tmp", "temporary"),
    ("tmpl", "template"),
    ("tpl", "template"),
    ("txt", "text"),
    ("usr", "user"),
    ("util", "utility"),
    ("utils", "utilities"),
    ("val", "value"),
    ("vals", "values"),
    ("ver", "version"),
];

/// English words and the words of change requests that say nothing about where code is.
/// Kept small: a word that is also a common identifier part (`list`, `get`, `set`, `error`)
/// stays searchable.
const STOP_WORDS: &[&str] = &[
    "a", "about", "add", "added", "adding", "after", "all", "allow", "also", "an", "and", "any",
    "are", "as", "at", "be", "been", "before", "being", "between", "both", "but", "by", "can",
    "cannot", "change", "could", "did", "do", "does", "doing", "don", "done", "each", "either",
    "else", "ensure", "etc", "even", "every", "fix", "fixed", "fixes", "for", "from", "had", "has",
    "have", "how", "i", "if", "improve", "in", "instead", "into", "is", "it", "its", "just", "let",
    "like", "make", "makes", "may", "more", "most", "much", "must", "no", "not", "now", "of", "on",
    "only", "or", "other", "our", "out", "over", "own", "per", "properly", "rather", "really",
    "same", "should", "so", "some", "such", "support", "than", "that", "the", "their", "them",
    "then", "there", "these", "they", "this", "those", "to", "too", "try", "under", "up", "us",
    "use", "used", "uses", "using", "via", "was", "way", "we", "were", "what", "when", "where",
    "which", "while", "who", "why", "will", "with", "without", "work", "works", "would", "you",
    "your",
];

/// Whether `word` (lower-case) carries no meaning for search.
pub(crate) fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.binary_search(&word).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_are_sorted_and_give_their_word() {
        assert!(ABBREVIATIONS.windows(2).all(|w| w[0].0 < w[1].0));
        let mut out = Vec::new();
        word_terms("get_attr", |t| out.push(t));
        assert_eq!(out, ["get", "attribut", "attr"]);
        let mut out = Vec::new();
        word_terms("parseConfig", |t| out.push(t));
        assert_eq!(out, ["pars", "configur", "config"]);
    }

    fn subs(word: &str) -> Vec<String> {
        let mut out = Vec::new();
        sub_words(word, |s| out.push(s));
        out
    }

    fn all_terms(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        terms(text, |t| out.push(t));
        out
    }

    #[test]
    fn sub_words_split_on_case_underscores_digits_and_acronyms() {
        assert_eq!(subs("parseHTTPConfig"), ["parse", "http", "config"]);
        assert_eq!(subs("max_file_size"), ["max", "file", "size"]);
        assert_eq!(subs("HTTPServer"), ["http", "server"]);
        assert_eq!(subs("utf8Decode"), ["utf", "8", "decode"]);
        assert_eq!(subs("__init__"), ["init"]);
        assert_eq!(subs("XMLHttpRequest"), ["xml", "http", "request"]);
        assert_eq!(subs("already"), ["already"]);
    }

    #[test]
    fn stemming_folds_plurals_and_verb_forms_but_keeps_short_words() {
        for (word, stemmed) in [
            ("retries", "retry"),
            ("matches", "match"),
            ("parsing", "pars"),
            ("parsed", "pars"),
            ("stopping", "stop"),
            ("class", "class"),
            ("status", "status"),
            ("bus", "bus"),
            ("args", "arg"),
            ("parse", "pars"),
            ("retried", "retry"),
            ("indexes", "index"),
            ("checker", "check"),
            ("order", "order"),
        ] {
            assert_eq!(stem(word), stemmed, "{word}");
        }
        for (a, b) in [
            ("headers", "header"),
            ("values", "value"),
            ("caches", "cache"),
            ("parsers", "parse"),
            ("writer", "write"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} / {b}");
        }
    }

    #[test]
    fn derived_nouns_meet_their_verbs() {
        for (a, b) in [
            ("negotiation", "negotiate"),
            ("validation", "validate"),
            ("validator", "validated"),
            ("configuration", "configure"),
            ("compilation", "compile"),
            ("iteration", "iterator"),
            ("creation", "creating"),
            ("connection", "connect"),
            ("completion", "complete"),
            ("compression", "compress"),
            ("update", "updated"),
            ("updating", "updates"),
            ("location", "locate"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} / {b}");
        }
        assert_eq!(stem("validation"), stem("valid"));
        // A root that merely ends in `at` keeps it.
        for (word, stemmed) in [
            ("floating", "float"),
            ("repeated", "repeat"),
            ("format", "format"),
            ("formatted", "format"),
        ] {
            assert_eq!(stem(word), stemmed, "{word}");
        }
        assert_ne!(stem("notation"), "not");
    }

    #[test]
    fn terms_stem_every_sub_word_and_drop_single_letters() {
        assert_eq!(
            all_terms("fn parse_headers(x: &HeaderMap) -> u8"),
            ["fn", "pars", "head", "head", "map", "u", "8"]
                .iter()
                .filter(|t| **t != "u")
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_compound_identifier_gives_one_whole_term_however_it_is_joined() {
        assert_eq!(compound("offsetText").as_deref(), Some("=offsettext"));
        assert_eq!(compound("offset_text"), compound("offsetText"));
        assert_eq!(compound("OFFSET_TEXT"), compound("offsetText"));
        assert_eq!(compound("OffsetTexts"), compound("offsetText"));
        assert_eq!(compound("offset"), None);
        assert!(is_compound(&compound("from_db_value").unwrap()));
        // Never a sub-word term: those are letters and digits only.
        assert!(!all_terms("offsetText offset_text")
            .iter()
            .any(|t| is_compound(t)));
    }

    #[test]
    fn stop_words_are_sorted_for_binary_search() {
        let mut sorted = STOP_WORDS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, STOP_WORDS);
        assert!(is_stop_word("the"));
        assert!(!is_stop_word("header"));
    }
}
