//! The language table: which files belong to which grammar, and the query files that
//! turn a syntax tree into definitions (and later call sites and imports).
//!
//! Languages are data. Each one is a row in [`LANGUAGES`] (in `table.rs`) naming its
//! grammar, its file extensions, a few node kinds the pipeline needs to know about, and
//! query files under `queries/<id>/`. The pipeline in the `gather` crate never names a
//! language; adding one means a grammar dependency, a row, and query files.
//!
//! Queries use the tree-sitter tags vocabulary (`@definition.<kind>` around the whole
//! node, `@name` on its identifier) plus a short list of gather's own captures, see
//! [`DEFINITION_CAPTURES`]. Each language's queries are compiled once, lazily, the first
//! time a file of that language is parsed, and validated against the accepted captures.

mod table;

use std::path::Path;
use std::sync::OnceLock;

pub use table::LANGUAGES;
pub use tree_sitter;

/// Kinds accepted after `@definition.` in a definitions query.
pub const DEFINITION_KINDS: &[&str] = &[
    "function",
    "method",
    "class",
    "struct",
    "enum",
    "interface",
    "trait",
    "type",
    "const",
    "module",
    "impl",
    "macro",
];

/// Captures a definitions query may use besides `definition.<kind>`:
/// - `name`: the defined identifier (required in every pattern);
/// - `receiver`: the type a method belongs to when the method is not nested inside it
///   (Go receivers, C++ out-of-line `Type::method`);
/// - `doc`: a documentation node inside the definition (a Python docstring).
pub const DEFINITION_CAPTURES: &[&str] = &["name", "receiver", "doc"];

/// One row of the language table.
pub struct LanguageSpec {
    /// Stable identifier, used in the index, in `queries/<id>/` and in output.
    pub id: &'static str,
    /// File extensions, without the dot, matched case-sensitively.
    pub extensions: &'static [&'static str],
    /// Whole file names that belong to the language (`Rakefile`).
    pub file_names: &'static [&'static str],
    /// The grammar.
    pub grammar: fn() -> tree_sitter::Language,
    /// `queries/<id>/definitions.scm`.
    pub definitions: &'static str,
    /// Node kinds that decorate the next sibling definition (Rust `attribute_item`);
    /// they are part of the definition's range.
    pub attribute_kinds: &'static [&'static str],
    /// Node kinds that wrap a definition without being one (`export_statement`,
    /// `decorated_definition`): the definition's range grows to cover the wrapper.
    pub wrapper_kinds: &'static [&'static str],
    /// Joins a parent's name and a child's name in qualified names (`::` or `.`).
    pub scope_separator: &'static str,
}

/// The compiled queries of one language.
pub struct Compiled {
    /// The definitions query.
    pub definitions: tree_sitter::Query,
    /// The grammar the queries were compiled against.
    pub grammar: tree_sitter::Language,
}

impl LanguageSpec {
    /// The language's queries, compiled on first use. An error names the query file and
    /// what is wrong with it; the caller records the file as not parsed.
    pub fn compiled(&'static self) -> Result<&'static Compiled, &'static str> {
        let idx = LANGUAGES
            .iter()
            .position(|spec| std::ptr::eq(spec, self))
            .expect("a LanguageSpec always comes from LANGUAGES");
        let cell = &COMPILED[idx];
        cell.get_or_init(|| compile(self))
            .as_ref()
            .map_err(|e| e.as_str())
    }
}

/// Finds the language of a path by file name, then by extension.
pub fn detect(path: &Path) -> Option<&'static LanguageSpec> {
    let file_name = path.file_name()?.to_str()?;
    if let Some(spec) = LANGUAGES
        .iter()
        .find(|spec| spec.file_names.contains(&file_name))
    {
        return Some(spec);
    }
    let ext = path.extension()?.to_str()?;
    LANGUAGES.iter().find(|spec| spec.extensions.contains(&ext))
}

/// Extensions that several languages share, and the text markers that claim a file for
/// the other language: a `.h` file holding C++ constructs is C++, not C.
const SHARED_EXTENSIONS: &[(&str, &str, &[&str])] = &[(
    "h",
    "cpp",
    &["namespace ", "template <", "template<", "class ", "public:", "private:", "std::", "constexpr ", "nullptr"],
)];

/// Finds the language of a file from its path and, for shared extensions, its text.
pub fn detect_with_text(path: &Path, text: &str) -> Option<&'static LanguageSpec> {
    let ext = path.extension().and_then(|e| e.to_str());
    for (shared, id, markers) in SHARED_EXTENSIONS {
        if ext == Some(*shared) && markers.iter().any(|m| text.contains(m)) {
            return by_id(id);
        }
    }
    detect(path)
}

/// Finds a language by its id.
pub fn by_id(id: &str) -> Option<&'static LanguageSpec> {
    LANGUAGES.iter().find(|spec| spec.id == id)
}

const MAX_LANGUAGES: usize = 32;
#[allow(clippy::declare_interior_mutable_const)]
const EMPTY: OnceLock<Result<Compiled, String>> = OnceLock::new();
static COMPILED: [OnceLock<Result<Compiled, String>>; MAX_LANGUAGES] = [EMPTY; MAX_LANGUAGES];

fn compile(spec: &LanguageSpec) -> Result<Compiled, String> {
    let grammar = (spec.grammar)();
    let definitions = tree_sitter::Query::new(&grammar, spec.definitions)
        .map_err(|e| format!("queries/{}/definitions.scm: {e}", spec.id))?;
    for name in definitions.capture_names() {
        let ok = DEFINITION_CAPTURES.contains(name)
            || name
                .strip_prefix("definition.")
                .is_some_and(|kind| DEFINITION_KINDS.contains(&kind))
            || name.starts_with('_');
        if !ok {
            return Err(format!(
                "queries/{}/definitions.scm: unknown capture @{name}; accepted: @definition.<{}>, @{}",
                spec.id,
                DEFINITION_KINDS.join("|"),
                DEFINITION_CAPTURES.join(", @"),
            ));
        }
    }
    Ok(Compiled {
        definitions,
        grammar,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_compiles_its_queries() {
        assert!(LANGUAGES.len() <= MAX_LANGUAGES);
        for spec in LANGUAGES {
            if let Err(e) = spec.compiled() {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn ids_and_extensions_are_unique() {
        let mut ids: Vec<_> = LANGUAGES.iter().map(|s| s.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), LANGUAGES.len());
        let mut exts: Vec<_> = LANGUAGES.iter().flat_map(|s| s.extensions.iter()).collect();
        let n = exts.len();
        exts.sort_unstable();
        exts.dedup();
        assert_eq!(exts.len(), n, "an extension belongs to two languages");
    }

    #[test]
    fn detect_by_extension_and_name() {
        assert_eq!(detect(Path::new("src/a.rs")).map(|s| s.id), Some("rust"));
        assert_eq!(detect(Path::new("x/y.tsx")).map(|s| s.id), Some("tsx"));
        assert_eq!(detect(Path::new("Rakefile")).map(|s| s.id), Some("ruby"));
        assert!(detect(Path::new("notes.txt")).is_none());
        assert!(detect(Path::new("Makefile")).is_none());
        let header = Path::new("include/fmt/core.h");
        assert_eq!(detect_with_text(header, "int f(void);\n").map(|s| s.id), Some("c"));
        assert_eq!(detect_with_text(header, "namespace fmt {\n}\n").map(|s| s.id), Some("cpp"));
    }
}
