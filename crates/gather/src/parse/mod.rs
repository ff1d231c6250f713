//! Turns one file's text into its definitions. Never fails: a file with a grammar is
//! parsed with tree-sitter (`tags`), other code goes through line rules (`heuristic`),
//! prose and data are recorded as text with no definitions.

mod blocks;
mod budget;
mod candidates;
mod errors;
mod extent;
mod heuristic;
mod macros;
mod overrun;
mod recover;
mod refs;
mod script;
mod tags;
mod testcode;

use std::path::Path;

use crate::lines::LineRange;
use crate::record::{CallSite, FileStatus, Import, SkipReason, Symbol};

pub(crate) use refs::split_top_level;
pub(crate) use testcode::is_test_path;

/// What parsing one file produced.
pub struct Parsed {
    /// Language id or text label.
    pub language: Option<String>,
    /// How the file was read.
    pub status: FileStatus,
    /// Definitions ordered by start line, parents before children.
    pub symbols: Vec<Symbol>,
    /// Call sites in source order.
    pub calls: Vec<CallSite>,
    /// Imports in source order.
    pub imports: Vec<Import>,
    /// The declared package, if any.
    pub package: Option<String>,
    /// The lines of the syntax tree's error regions (outermost error nodes), in order;
    /// empty without a grammar. Not stored: the status says what they cost.
    pub error_regions: Vec<LineRange>,
}

impl Parsed {
    /// A file that was not read, for `reason`.
    pub fn skipped(reason: SkipReason) -> Parsed {
        Parsed::new(None, FileStatus::Skipped(reason), Vec::new())
    }

    fn new(language: Option<String>, status: FileStatus, symbols: Vec<Symbol>) -> Parsed {
        Parsed {
            language,
            status,
            symbols,
            calls: Vec::new(),
            imports: Vec::new(),
            package: None,
            error_regions: Vec::new(),
        }
    }
}

/// How much of a file is checked for NUL bytes when deciding that it is binary.
const BINARY_PROBE: usize = 8192;

/// Decodes raw bytes as a source file, or says why they cannot be.
pub fn decode(bytes: Vec<u8>) -> Result<String, SkipReason> {
    if bytes[..bytes.len().min(BINARY_PROBE)].contains(&0) {
        return Err(SkipReason::Binary);
    }
    let mut text = String::from_utf8(bytes).map_err(|_| SkipReason::InvalidUtf8)?;
    // The line rules read a definition on the first line from the line's start.
    crate::lines::drop_bom(&mut text);
    Ok(text)
}

/// The key under which what [`file()`] learns from a file is stored once for every checkout:
/// the contents (their xxh3 `hash` and `size`) and the two things of the path the reading
/// depends on, the file's name (its language, a text format) and whether the path marks
/// test code. A file renamed in place keeps its key only while those two stay.
pub fn content_key(path: &str, size: u64, hash: u64) -> u128 {
    let name = path.rsplit('/').next().unwrap_or(path);
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(&hash.to_le_bytes());
    hasher.update(&size.to_le_bytes());
    hasher.update(&[u8::from(is_test_path(path))]);
    hasher.update(name.as_bytes());
    hasher.digest128()
}

/// Extracts the definitions of `text`, found at root-relative `path`.
pub fn file(path: &str, text: &str) -> Parsed {
    // A fault in a grammar or a query costs this file, never the whole index or answer.
    std::panic::catch_unwind(|| {
        #[cfg(test)]
        if path.ends_with(tests::FAULTY) {
            panic!("a parser fault, for the test");
        }
        let mut parsed = extract(path, text);
        hash_texts(&mut parsed.symbols, text);
        parsed
    })
    .unwrap_or_else(|_| {
        // The fault may have left this thread's parser or cursor mid-way: the next file
        // on it starts from fresh ones.
        budget::reset_parsers();
        candidates::reset_cursor();
        Parsed::skipped(SkipReason::ParseFailed)
    })
}

/// Fills each definition's [`Symbol::text_hash`]: its qualified name and its lines, each
/// trimmed, so a re-indented copy hashes the same. xxh3 is stable across builds and
/// platforms, which a stored index needs.
fn hash_texts(symbols: &mut [Symbol], text: &str) {
    if symbols.is_empty() {
        return;
    }
    let table = crate::lines::LineTable::new(text);
    for symbol in symbols {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hasher.update(symbol.qualified_name.as_bytes());
        for line in symbol.range.start.max(1)..=symbol.range.end.min(table.n_lines()) {
            hasher.update(b"\n");
            hasher.update(table.line(line).trim().as_bytes());
        }
        symbol.text_hash = hasher.digest();
    }
}

fn extract(path: &str, text: &str) -> Parsed {
    let is_test_file = is_test_path(path);
    let spec = gather_languages::detect_with_text(Path::new(path), text);
    if text_label(path).is_none() && is_minified(text) {
        let language = spec.map(|spec| spec.id.to_string());
        return Parsed::new(
            language,
            FileStatus::Skipped(SkipReason::Minified),
            Vec::new(),
        );
    }
    // A component's `<script>` blocks are parsed as their language, in place; the file is
    // recorded as that language, which decides how its imports resolve.
    let script = gather_languages::is_script_host(Path::new(path)).then(|| script::extract(text));
    let (spec, text) = match &script {
        Some(script) => (Some(script.spec), script.text.as_str()),
        None => (spec, text),
    };
    if let Some(spec) = spec {
        let language = Some(spec.id.to_string());
        return match tags::extract(spec, text, is_test_file) {
            Ok(mut extracted) => Parsed {
                language,
                status: recover::settle(spec, text, is_test_file, &mut extracted),
                symbols: extracted.symbols,
                calls: extracted.calls,
                imports: extracted.imports,
                package: extracted.package,
                error_regions: extracted.error_regions,
            },
            // Past the parse budget the line rules would be no safer (they follow the same
            // nesting), so the file is skipped and named.
            Err(tags::TagsError::TooComplex) => Parsed::new(
                language,
                FileStatus::Skipped(SkipReason::TooComplex),
                Vec::new(),
            ),
            // A grammar that cannot be used (query error, parser refusal) falls back to
            // line rules, and the status says so.
            Err(_) => by_line_rules(language, text, is_test_file),
        };
    }
    match text_label(path) {
        Some(label) => Parsed::new(Some(label.to_string()), FileStatus::Text, Vec::new()),
        None => by_line_rules(Some(code_label(path)), text, is_test_file),
    }
}

/// A file read by line rules: `heuristic`, or `skipped(too-complex)` when its definitions
/// nest too deep.
fn by_line_rules(language: Option<String>, text: &str, is_test_file: bool) -> Parsed {
    match heuristic::definitions(text, is_test_file) {
        Some(symbols) => Parsed::new(language, FileStatus::Heuristic, symbols),
        None => Parsed::new(
            language,
            FileStatus::Skipped(SkipReason::TooComplex),
            Vec::new(),
        ),
    }
}

/// Whether code is minified: lines far longer than anyone writes by hand.
pub(crate) fn is_minified(text: &str) -> bool {
    const MIN_SIZE: usize = 2048;
    const MAX_AVERAGE_LINE: usize = 300;
    const MAX_LINE: usize = 20_000;
    if text.len() < MIN_SIZE {
        return false;
    }
    let mut n_lines = 0usize;
    let mut longest = 0usize;
    for line in text.split('\n') {
        n_lines += 1;
        longest = longest.max(line.len());
    }
    text.len() / n_lines > MAX_AVERAGE_LINE || longest > MAX_LINE
}

/// Prose and data formats: indexed as text, never searched for definitions.
const TEXT_FORMATS: &[(&str, &[&str])] = &[
    ("markdown", &["md", "markdown", "mdx"]),
    ("restructuredtext", &["rst"]),
    ("text", &["txt", "text", "log"]),
    ("gettext", &["po", "pot"]),
    ("json", &["json", "jsonl", "json5", "geojson", "map"]),
    ("yaml", &["yaml", "yml"]),
    ("toml", &["toml"]),
    ("ini", &["ini", "cfg", "conf", "properties", "editorconfig"]),
    ("csv", &["csv", "tsv"]),
    ("xml", &["xml", "svg", "xsd", "xsl", "plist"]),
    ("html", &["html", "htm", "xhtml"]),
    ("css", &["css", "scss", "sass", "less"]),
    ("lock", &["lock", "sum"]),
];

/// Files without an extension that are prose or configuration.
const TEXT_FILE_NAMES: &[&str] = &[
    "LICENSE",
    "LICENCE",
    "COPYING",
    "AUTHORS",
    "CONTRIBUTORS",
    "NOTICE",
    "README",
    "CHANGELOG",
    "CHANGES",
    "INSTALL",
    "MANIFEST",
    "PKG-INFO",
    "CODEOWNERS",
    ".gitignore",
    ".gitattributes",
    ".ignore",
    ".dockerignore",
    ".editorconfig",
];

fn text_label(path: &str) -> Option<&'static str> {
    let name = path.rsplit('/').next().unwrap_or(path);
    if TEXT_FILE_NAMES.contains(&name) {
        return Some("text");
    }
    let ext = match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => ext.to_ascii_lowercase(),
        // No extension: text unless it is a known script name; the heuristic decides.
        _ => return None,
    };
    TEXT_FORMATS
        .iter()
        .find(|(_, exts)| exts.contains(&ext.as_str()))
        .map(|(label, _)| *label)
}

fn code_label(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => ext.to_ascii_lowercase(),
        _ => "text".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file name that makes [`file`] fail as a parser fault would.
    pub(super) const FAULTY: &str = "parser-fault.py";

    #[test]
    fn a_parser_fault_skips_its_file_and_the_rest_is_indexed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FAULTY), "def lost():\n    pass\n").unwrap();
        std::fs::write(dir.path().join("ok.py"), "def kept():\n    pass\n").unwrap();
        let index = crate::index::build(dir.path()).unwrap();
        assert_eq!(
            index.status(FAULTY),
            Some(FileStatus::Skipped(SkipReason::ParseFailed))
        );
        assert_eq!(index.find("kept").len(), 1);
        assert!(index.find("lost").is_empty());
    }

    #[test]
    fn a_content_key_holds_what_the_reading_depends_on() {
        let key = content_key("src/app/models.py", 10, 7);
        assert_eq!(key, content_key("other/checkout/models.py", 10, 7));
        assert_ne!(key, content_key("src/app/models.py", 10, 8), "contents");
        assert_ne!(key, content_key("src/app/models.rs", 10, 7), "language");
        assert_ne!(key, content_key("tests/app/models.py", 10, 7), "test code");
    }

    #[test]
    fn prose_and_data_are_text() {
        for path in [
            "README.md",
            "a/b/django.po",
            "x.json",
            "LICENSE",
            "docs/conf.yaml",
        ] {
            assert_eq!(
                file(path, "def f():\n  pass\n").status,
                FileStatus::Text,
                "{path}"
            );
        }
    }

    #[test]
    fn unknown_code_goes_to_line_rules() {
        let parsed = file("src/app.groovy", "def main() {\n  println(1)\n}\n");
        assert_eq!(parsed.status, FileStatus::Heuristic);
        assert_eq!(parsed.language.as_deref(), Some("groovy"));
        assert_eq!(parsed.symbols[0].name, "main");
    }

    #[test]
    fn components_are_parsed_as_their_script() {
        let vue = "<template><p>{{ f() }}</p></template>\n<script setup lang=\"ts\">\nfunction f(): number {\n  return 1\n}\n</script>\n";
        let parsed = file("src/App.vue", vue);
        assert_eq!(parsed.status, FileStatus::Parsed);
        assert_eq!(parsed.language.as_deref(), Some("typescript"));
        assert_eq!(parsed.symbols[0].name, "f");
        assert_eq!(parsed.symbols[0].range.start, 3);
        let svelte = file("src/Counter.svelte", "<h1>Hello</h1>\n");
        assert_eq!(svelte.status, FileStatus::Parsed);
        assert_eq!(svelte.language.as_deref(), Some("javascript"));
        assert!(svelte.symbols.is_empty());
    }

    #[test]
    fn a_name_the_parser_made_up_is_no_definition() {
        // C++ (`enum class`, `class`): the grammar reads `enum : unsigned {` with a missing name.
        let source = "enum class sign { none, minus };\n\nclass basic_specs {\n private:\n  enum : unsigned {\n    type_mask = 0x00007,\n  };\n  unsigned data_ = 0;\n};\n";
        let parsed = file("include/specs.h", source);
        assert!(
            parsed.symbols.iter().all(|s| !s.name.is_empty()),
            "{:?}",
            parsed.symbols
        );
        assert!(parsed.symbols.iter().any(|s| s.name == "basic_specs"));
    }

    #[test]
    fn a_receiver_defined_further_down_is_named_but_not_the_parent() {
        let source = "namespace geom {\nCircle::~Circle() {}\n\nclass Circle {\n public:\n  ~Circle();\n};\n}\n";
        let parsed = file("a.cpp", source);
        for (i, symbol) in parsed.symbols.iter().enumerate() {
            assert!(
                symbol.parent.is_none_or(|p| (p as usize) < i),
                "{:?}",
                parsed.symbols
            );
        }
        let early = parsed.symbols.iter().find(|s| s.range.start == 2).unwrap();
        assert_eq!(early.qualified_name, "geom::Circle::~Circle");
        assert_eq!(early.kind, crate::index::SymbolKind::Method);
    }

    #[test]
    fn minified_code_is_skipped() {
        let minified = format!("!function(){{{}}}();\n", "var a=1;".repeat(2000));
        assert_eq!(
            file("vendor/x.min.js", &minified).status,
            FileStatus::Skipped(SkipReason::Minified)
        );
        let normal = "function f() {\n  return 1;\n}\n".repeat(200);
        assert_eq!(file("src/x.js", &normal).status, FileStatus::Parsed);
        assert!(!is_minified("x"));
    }

    #[test]
    fn binary_and_invalid_utf8_are_refused() {
        assert_eq!(decode(b"ab\0cd".to_vec()), Err(SkipReason::Binary));
        assert_eq!(decode(vec![b'a', 0xff, 0xfe]), Err(SkipReason::InvalidUtf8));
        assert_eq!(decode(Vec::new()), Ok(String::new()));
    }
}
