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

mod builtins;
pub mod line_words;
mod method_words;
mod node_types;
mod patterns;
pub mod receivers;
mod table;
pub mod type_spellings;

use std::path::Path;
use std::sync::OnceLock;

pub use builtins::OverloadStubs;
use node_types::NodeTypes;
use patterns::patterns;
pub use patterns::Patterns;
pub use receivers::{Loop, Receivers, TypeTest};
pub use table::LANGUAGES;
pub use tree_sitter;
pub use type_spellings::TypeSpellings;

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

/// Captures a calls query may use:
/// - `reference.call` on a call, `reference.new` on a constructor call (`new C()`),
///   `reference.macro` on a macro invocation (`name!(…)`);
/// - `name`: the called identifier (required);
/// - `qualifier`: the receiver or path before the name (`a.b` in `a.b.c()`, `A` in `A::f()`).
pub const CALL_CAPTURES: &[&str] = &[
    "reference.call",
    "reference.new",
    "reference.macro",
    "name",
    "qualifier",
];

/// Captures an imports query may use, one match per bound name:
/// - `import.source`: the module as written (a string literal is unquoted; several
///   captures in one match are the segments of a dotted path, joined with `.`);
/// - `import.name`: the name taken from the module (absent: the module itself);
/// - `import.alias`: the local name, when it differs;
/// - `import.glob`: marks `*` imports;
/// - `import.reexport`: marks re-exports (`export {a} from './m'`);
/// - `import.tree`: a whole Rust-style use tree, expanded by the pipeline;
/// - `import.package`: the file's own package (`package a.b;`);
/// - `import.path`: a dotted path whose last segment is the name taken from the rest
///   (`a.b.C` in Kotlin's `import a.b.C`), for grammars that do not split the two;
///   several captures are joined as for `import.source`.
pub const IMPORT_CAPTURES: &[&str] = &[
    "import.source",
    "import.name",
    "import.alias",
    "import.glob",
    "import.reexport",
    "import.tree",
    "import.package",
    "import.path",
];

/// How a language names modules, which decides how import sources map to files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportStyle {
    /// No import resolution: same file, then unique names.
    None,
    /// Dotted module paths relative to source roots; packages are `__init__.py`.
    Python,
    /// Relative specifiers with extension and `index` probing; bare specifiers are packages.
    EcmaScript,
    /// `crate::`, `self::`, `super::` paths over `mod` files, crates by `Cargo.toml` name.
    Rust,
    /// Import paths under the `go.mod` module path; a directory is a package.
    Go,
    /// Dotted packages declared by `package` and mirrored by directories.
    Java,
    /// URIs relative to the importing file, or `package:<name>/…` under the `lib/` of the
    /// `pubspec.yaml` naming that package.
    Dart,
    /// `require("a.b")`: the one file `a/b.lua` (or `a/b/init.lua`) under some directory.
    Lua,
    /// Module names (`alias A.B`): the `defmodule A.B` of the workspace.
    Elixir,
}

impl ImportStyle {
    /// Whether an import without an alias binds the last segment of its path (Go's
    /// `import "github.com/x/y"` binds `y`) rather than the source as written.
    pub fn binds_last_segment(self) -> bool {
        self == ImportStyle::Go
    }

    /// The files a module path (joined to the importing directory, without `./`) may name,
    /// in probing order: as written, then with each extension the style resolves (a
    /// written `.js` also stands for its TypeScript source), then a directory's `index`.
    /// Only ECMAScript specifiers leave extensions out; other styles probe the path alone.
    pub fn module_file_candidates(self, path: &str) -> Vec<String> {
        let mut candidates = vec![path.to_string()];
        if self != ImportStyle::EcmaScript {
            return candidates;
        }
        let stem = ["js", "jsx", "mjs", "cjs"]
            .iter()
            .find_map(|ext| path.strip_suffix(&format!(".{ext}")))
            .unwrap_or(path);
        for base in [stem, path] {
            for ext in ["ts", "tsx", "d.ts", "js", "jsx", "mjs", "cjs", "mts", "cts"] {
                candidates.push(format!("{base}.{ext}"));
            }
            for ext in ["ts", "tsx", "js", "jsx", "mjs"] {
                candidates.push(format!("{base}/index.{ext}"));
            }
        }
        candidates
    }
}

/// A naming convention that marks a definition as a test: a prefix, and what must follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestName {
    /// What the name starts with (`test_`, `Test`).
    pub prefix: &'static str,
    /// What the rest of the name must be.
    pub rest: TestNameRest,
}

/// What must follow a [`TestName`] prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestNameRest {
    /// Anything, nothing included (`test_`).
    Any,
    /// At least one character (`Test` alone is not a test).
    NonEmpty,
    /// Nothing, or a character that is not lower case (Go's `TestParse`, `Test`, not `Testify`).
    NotLowercase,
    /// An upper-case character or `_` (PHP's `testTotal`, not `testament` or `test`).
    UpperOrUnderscore,
}

impl TestName {
    /// Whether `name` follows this convention.
    pub fn matches(&self, name: &str) -> bool {
        let Some(rest) = name.strip_prefix(self.prefix) else {
            return false;
        };
        match self.rest {
            TestNameRest::Any => true,
            TestNameRest::NonEmpty => !rest.is_empty(),
            TestNameRest::NotLowercase => !rest.starts_with(|c: char| c.is_lowercase()),
            TestNameRest::UpperOrUnderscore => {
                rest.starts_with(|c: char| c.is_uppercase() || c == '_')
            }
        }
    }
}

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
    /// The grammar's `node-types.json`: which node kinds can hold which, so that the walk
    /// for definitions skips subtrees (string literals, most expressions) that cannot hold one.
    pub node_types: &'static str,
    /// `queries/<id>/definitions.scm`, after the shared file it extends, if any (its first
    /// line says `; inherits: ecmascript` or `; inherits: c-family`).
    pub definitions: &'static str,
    /// `queries/<id>/calls.scm`, after the shared file it extends, if any (empty: no call
    /// sites).
    pub calls: &'static str,
    /// `queries/<id>/imports.scm` (empty: no imports).
    pub imports: &'static str,
    /// How import sources map to files.
    pub import_style: ImportStyle,
    /// Whether a bare call inside a method may name another method of the same class
    /// (Java, C++, C#, Ruby), rather than only functions in scope.
    pub implicit_this: bool,
    /// Whether an object literal inside an anonymous function (a test's callback) holds
    /// named definitions that read the callback's constants, and one name may be declared
    /// in several such blocks of a file (JavaScript, TypeScript).
    pub callback_literals: bool,
    /// Naming conventions that mark a definition as a test (Python's `test_x`, Go's
    /// `TestX`); any one of them is enough.
    pub test_names: &'static [TestName],
    /// Node kinds that decorate the next sibling definition (Rust `attribute_item`);
    /// they are part of the definition's range.
    pub attribute_kinds: &'static [&'static str],
    /// Node kinds that wrap a definition without being one (`export_statement`,
    /// `decorated_definition`): the definition's range grows to cover the wrapper.
    pub wrapper_kinds: &'static [&'static str],
    /// Whether attribute-like macros (`FMT_API`, `GTEST_API_`) are blanked before parsing,
    /// for grammars without a preprocessor.
    pub blank_macros: bool,
    /// Joins a parent's name and a child's name in qualified names (`::` or `.`).
    pub scope_separator: &'static str,
    /// The languages whose files call each other's definitions share a family
    /// (JavaScript, TypeScript and TSX; C and C++): a call is matched by name only to
    /// definitions of its own family.
    pub family: Family,
    /// Whether overloads (one name, several signatures in one scope) are told apart by the
    /// number of arguments a call passes.
    pub overloads_by_arity: bool,
    /// Whether a name defined several times at a file's top level means, at a call, the
    /// last definition above the call (a `function App()` in each test's callback), rather
    /// than every definition (Python's `if …: def f()` / `else: def f()`).
    pub redefinitions_shadow: bool,
    /// Receiver words that name the enclosing type or its instance (`self`, `this`).
    pub self_names: &'static [&'static str],
    /// Methods of the language's builtin types (`append`, `push`): on a receiver of
    /// unknown type such a call is as likely the builtin's as a workspace method's.
    pub builtin_methods: &'static [&'static str],
    /// How the language marks declarations that only type an overload.
    pub overload_stubs: OverloadStubs,
    /// Words people use for what the language's special methods do (`__eq__`: "equal
    /// equality compare comparison"), read by question mode as part of their names.
    pub method_words: &'static [(&'static str, &'static str)],
    /// What the line rules look for beyond the common forms, in a file the grammar could
    /// not parse whole.
    pub line_rules: LineRules,
    /// What the code says about a receiver's type (collections, builtins, loops), listed
    /// in `receivers.rs`.
    pub receivers: Receivers,
    /// How the code spells the words around a type name (`v: &mut T`, `new T()`, `class
    /// A < B`, `A | None`), listed in `type_spellings.rs`.
    pub type_spellings: TypeSpellings,
    /// How a definition's body is delimited: where a definition that error recovery closed
    /// early really ends.
    pub blocks: Blocks,
}

impl LanguageSpec {
    /// The family's name: a language in no shared family is its own.
    pub fn family_name(&self) -> &'static str {
        match self.family {
            Family::Own => self.id,
            Family::EcmaScript => "ecmascript",
            Family::C => "c",
        }
    }
}

/// Languages whose files call each other's definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The language's files call only each other.
    Own,
    /// JavaScript, TypeScript and TSX.
    EcmaScript,
    /// C and C++.
    C,
}

/// The declaration forms the line rules read besides the common ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRules {
    /// Only the common forms.
    Plain,
    /// `name() {` declares a function (shell).
    ShellFunctions,
    /// A function is declared by its return type alone (`static int f(void) {`).
    TypedFunctions,
}

/// How a language delimits a definition's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocks {
    /// A body that opens with `{` ends at the brace matching it. A body without one (Ruby's
    /// `end`, Haskell's layout) is left to the line rules.
    Braces,
    /// A body is the lines after its header indented deeper than the header (Python).
    Indentation,
}

/// The compiled queries of one language.
pub struct Compiled {
    /// The grammar the queries were compiled against.
    pub grammar: tree_sitter::Language,
    /// Definitions.
    pub definitions: Patterns,
    /// Call sites, if the language has a calls query.
    pub calls: Option<Patterns>,
    /// Imports, if the language has an imports query.
    pub imports: Option<Patterns>,
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
/// another language, first match first: a `.h` file holding Objective-C constructs is
/// Objective-C, one holding C++ constructs C++, any other C.
const SHARED_EXTENSIONS: &[(&str, &str, &[&str])] = &[
    ("h", "objc", &["@interface", "@protocol", "@end", "#import"]),
    (
        "h",
        "cpp",
        &[
            "namespace ",
            "template <",
            "template<",
            "class ",
            "public:",
            "private:",
            "std::",
            "constexpr ",
            "nullptr",
        ],
    ),
];

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

/// Component formats whose `<script>` blocks hold code of a language in the table (Vue
/// and Svelte single-file components), by file extension. The blocks are parsed in place,
/// the rest of the file (template, style) blanked, so lines and offsets stay the file's own.
pub const SCRIPT_HOSTS: &[&str] = &["vue", "svelte"];

/// `lang` attribute values of a `<script>` block and the language each names; a block
/// without one is JavaScript.
const SCRIPT_LANGS: &[(&str, &str)] = &[
    ("", "javascript"),
    ("js", "javascript"),
    ("javascript", "javascript"),
    ("jsx", "javascript"),
    ("ts", "typescript"),
    ("typescript", "typescript"),
    ("tsx", "tsx"),
];

/// Whether `path` is a component whose `<script>` blocks are parsed (see [`SCRIPT_HOSTS`]).
pub fn is_script_host(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|ext| SCRIPT_HOSTS.contains(&ext))
}

/// The language of a `<script>` block from its `lang` attribute (empty: none), or `None`
/// for a language gather does not parse (`lang="coffee"`).
pub fn script_language(lang: &str) -> Option<&'static LanguageSpec> {
    let lang = lang.trim().to_ascii_lowercase();
    SCRIPT_LANGS
        .iter()
        .find(|(value, _)| *value == lang)
        .and_then(|(_, id)| by_id(id))
}

/// Every file extension gather reads with a grammar: the rows' of [`LANGUAGES`], then the
/// component formats' ([`SCRIPT_HOSTS`]). Case-sensitive, as [`detect`] matches them.
pub fn extensions() -> impl Iterator<Item = &'static str> {
    LANGUAGES
        .iter()
        .flat_map(|spec| spec.extensions.iter().copied())
        .chain(SCRIPT_HOSTS.iter().copied())
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
    // The grammar's node types, read once for the three queries when one needs them.
    let types = NodeTypes::new();
    // Query analysis is the costly part and the three files are independent: the calls
    // and imports queries compile on threads of their own while this one compiles the
    // definitions, so a file waiting for this language waits for the slowest of them.
    let (definitions, calls, imports) = std::thread::scope(|scope| {
        let calls = scope
            .spawn(|| optional_query(spec, &grammar, &types, spec.calls, "calls", CALL_CAPTURES));
        let imports = scope.spawn(|| {
            optional_query(
                spec,
                &grammar,
                &types,
                spec.imports,
                "imports",
                IMPORT_CAPTURES,
            )
        });
        let definitions = definitions_query(spec, &grammar, &types);
        let join = |handle: std::thread::ScopedJoinHandle<'_, _>| {
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        (definitions, join(calls), join(imports))
    });
    Ok(Compiled {
        definitions: definitions?,
        calls: calls?,
        imports: imports?,
        grammar,
    })
}

fn definitions_query(
    spec: &LanguageSpec,
    grammar: &tree_sitter::Language,
    types: &NodeTypes,
) -> Result<Patterns, String> {
    let definitions = tree_sitter::Query::new(grammar, spec.definitions)
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
    patterns(spec, grammar, types, definitions, spec.definitions)
}

fn optional_query(
    spec: &LanguageSpec,
    grammar: &tree_sitter::Language,
    types: &NodeTypes,
    source: &str,
    file: &str,
    accepted: &[&str],
) -> Result<Option<Patterns>, String> {
    if source
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with(';'))
    {
        return Ok(None);
    }
    let query = tree_sitter::Query::new(grammar, source)
        .map_err(|e| format!("queries/{}/{file}.scm: {e}", spec.id))?;
    for name in query.capture_names() {
        if !accepted.contains(name) && !name.starts_with('_') {
            return Err(format!(
                "queries/{}/{file}.scm: unknown capture @{name}; accepted: @{}",
                spec.id,
                accepted.join(", @")
            ));
        }
    }
    Ok(Some(patterns(spec, grammar, types, query, source)?))
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
    fn pattern_roots_are_known_for_every_language() {
        for spec in LANGUAGES {
            let compiled = spec.compiled().unwrap();
            let roots = compiled.definitions.roots.as_ref();
            assert!(
                roots.is_some_and(|r| r.iter().any(|b| *b)),
                "{}: a pattern root could not be read",
                spec.id
            );
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
        assert_eq!(
            detect_with_text(header, "int f(void);\n").map(|s| s.id),
            Some("c")
        );
        assert_eq!(
            detect_with_text(header, "namespace fmt {\n}\n").map(|s| s.id),
            Some("cpp")
        );
        assert_eq!(
            detect_with_text(header, "@interface Invoice : NSObject\n@end\n").map(|s| s.id),
            Some("objc")
        );
        assert_eq!(
            detect(Path::new("lib/app.kt")).map(|s| s.id),
            Some("kotlin")
        );
        assert_eq!(detect(Path::new(".bashrc")).map(|s| s.id), Some("bash"));
    }
}
