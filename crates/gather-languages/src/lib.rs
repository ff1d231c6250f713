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
    /// `queries/<id>/definitions.scm`.
    pub definitions: &'static str,
    /// `queries/<id>/calls.scm` (empty: no call sites).
    pub calls: &'static str,
    /// `queries/<id>/imports.scm` (empty: no imports).
    pub imports: &'static str,
    /// How import sources map to files.
    pub import_style: ImportStyle,
    /// Whether a bare call inside a method may name another method of the same class
    /// (Java, C++, C#, Ruby), rather than only functions in scope.
    pub implicit_this: bool,
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
}

/// A compiled query with the tables that let it be run on candidate nodes only.
pub struct Patterns {
    /// The query.
    pub query: tree_sitter::Query,
    /// Indexed by node kind id: whether some pattern starts at a node of that kind. `None`
    /// when a pattern starts with a wildcard, so every node must be offered to the query.
    pub roots: Option<Vec<bool>>,
    /// Indexed by node kind id: whether a node of that kind can have a root somewhere below
    /// it. Kinds the node types do not describe count as able to.
    pub descend: Vec<bool>,
    /// Indexed by root kind id: when every pattern starting at that kind names a child that
    /// must be there, the kinds of those children (indexed by kind id). A node of that kind
    /// without a direct child of one of them cannot match, so it need not be offered to the
    /// query. `None`: no such child is known, every node of the kind is offered.
    pub required_children: Vec<Option<Box<[bool]>>>,
}

impl Patterns {
    /// Whether `node`, of a root kind, may match: it has a direct child of a kind some
    /// pattern starting at its kind requires, or its kind requires none. `cursor` is any
    /// cursor; it is moved.
    pub fn may_match<'t>(
        &self,
        node: tree_sitter::Node<'t>,
        cursor: &mut tree_sitter::TreeCursor<'t>,
    ) -> bool {
        let Some(Some(required)) = self.required_children.get(node.kind_id() as usize) else {
            return true;
        };
        cursor.reset(node);
        if !cursor.goto_first_child() {
            return false;
        }
        loop {
            let kind = cursor.node().kind_id() as usize;
            if required.get(kind).copied().unwrap_or(true) {
                return true;
            }
            if !cursor.goto_next_sibling() {
                return false;
            }
        }
    }
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

/// The parsed `node-types.json` of a grammar, shared by the threads compiling its queries.
type NodeTypes = OnceLock<Result<Vec<NodeType>, String>>;

fn node_types<'a>(spec: &LanguageSpec, types: &'a NodeTypes) -> Result<&'a [NodeType], String> {
    types
        .get_or_init(|| serde_json::from_str(spec.node_types).map_err(|e| e.to_string()))
        .as_deref()
        .map_err(|e| format!("node types of {}: {e}", spec.id))
}

fn patterns(
    spec: &LanguageSpec,
    grammar: &tree_sitter::Language,
    types: &NodeTypes,
    query: tree_sitter::Query,
    source: &str,
) -> Result<Patterns, String> {
    let roots = root_kinds(grammar, &query, source);
    let descend = match &roots {
        Some(roots) => containers(grammar, node_types(spec, types)?, roots),
        None => vec![true; grammar.node_kind_count()],
    };
    let required_children = match &roots {
        Some(_) => required_children(grammar, node_types(spec, types)?, &query, source),
        None => Vec::new(),
    };
    Ok(Patterns {
        query,
        roots,
        descend,
        required_children,
    })
}

/// For each root kind, the kinds of the children its patterns require (see
/// [`Patterns::required_children`]), read from each pattern's source. A pattern whose
/// required child cannot be read with certainty (an alternation at its root, only
/// optional, wildcard, anonymous or supertype children) leaves its root kind unfiltered.
fn required_children(
    grammar: &tree_sitter::Language,
    types: &[NodeType],
    query: &tree_sitter::Query,
    source: &str,
) -> Vec<Option<Box<[bool]>>> {
    let concrete: std::collections::HashSet<&str> = types
        .iter()
        .filter(|t| t.named && t.subtypes.is_empty())
        .map(|t| t.kind.as_str())
        .collect();
    let count = grammar.node_kind_count();
    let ids_named = |kind: &str| -> Vec<usize> {
        (0..count as u16)
            .filter(|&id| {
                grammar.node_kind_is_named(id) && grammar.node_kind_for_id(id) == Some(kind)
            })
            .map(usize::from)
            .collect()
    };
    // Per root kind: `None` until a pattern starts there, then `Some(None)` once one
    // pattern requires nothing known, else the union of required kinds.
    let mut table: Vec<Option<Option<Vec<bool>>>> = vec![None; count];
    for pattern in 0..query.pattern_count() {
        let text = strip_comments(
            source
                .get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))
                .unwrap_or(""),
        );
        let (roots, required) = match root_and_children(&text) {
            Some((root, children)) => (ids_named(&root), children),
            None => {
                // Where such a pattern starts is unknown here: no kind may be filtered.
                return vec![None; count];
            }
        };
        let required: Option<Vec<usize>> = required
            .filter(|kind| concrete.contains(kind.as_str()))
            .map(|kind| ids_named(&kind))
            .filter(|ids| !ids.is_empty());
        for root in roots {
            let slot = &mut table[root];
            match (slot.as_mut(), &required) {
                (Some(None), _) => {}
                (_, None) => *slot = Some(None),
                (Some(Some(kinds)), Some(ids)) => ids.iter().for_each(|&id| kinds[id] = true),
                (None, Some(ids)) => {
                    let mut kinds = vec![false; count];
                    ids.iter().for_each(|&id| kinds[id] = true);
                    *slot = Some(Some(kinds));
                }
            }
        }
    }
    table
        .into_iter()
        .map(|slot| slot.flatten().map(Vec::into_boxed_slice))
        .collect()
}

/// The root kind of a pattern `(kind …)` (inside any grouping parentheses) and the kind of
/// its first child that must be present: a `(child …)` or `field: (child …)` that is not
/// made optional by `?` or `*`. `None` when the root is not a plain kind (an alternation or
/// a wildcard); `Some((root, None))` when no such child is found.
fn root_and_children(text: &str) -> Option<(String, Option<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    let word = |i: &mut usize| -> String {
        let start = *i;
        while *i < chars.len() && (chars[*i].is_alphanumeric() || chars[*i] == '_') {
            *i += 1;
        }
        chars[start..*i].iter().collect()
    };
    // Grouping parentheses around the pattern: `((kind …) (#pred …))`.
    skip_ws(&mut i);
    while chars.get(i) == Some(&'(') && {
        let mut j = i + 1;
        skip_ws(&mut j);
        chars.get(j) == Some(&'(')
    } {
        i += 1;
        skip_ws(&mut i);
    }
    if chars.get(i) != Some(&'(') {
        return None;
    }
    i += 1;
    skip_ws(&mut i);
    let root = word(&mut i);
    if root.is_empty() || root == "_" || root.starts_with('_') || chars.get(i) == Some(&'/') {
        return None;
    }
    // Walks the elements inside the root node up to its closing parenthesis.
    loop {
        skip_ws(&mut i);
        let Some(&ch) = chars.get(i) else {
            return Some((root, None));
        };
        match ch {
            ')' => return Some((root, None)),
            '@' | '!' => {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || "_.-".contains(chars[i])) {
                    i += 1;
                }
            }
            '.' | '?' | '*' | '+' => i += 1,
            '"' => i = skip_string(&chars, i)?,
            '[' | '(' => {
                let end = skip_group(&chars, i)?;
                let mut kind = None;
                if ch == '(' {
                    let mut j = i + 1;
                    skip_ws(&mut j);
                    let name = word(&mut j);
                    let plain = !name.is_empty()
                        && !name.starts_with('_')
                        && chars.get(j) != Some(&'/')
                        && name != "ERROR"
                        && name != "MISSING";
                    if plain {
                        kind = Some(name);
                    }
                }
                i = end;
                // Suffixes: captures and quantifiers, in any order.
                let mut optional = false;
                loop {
                    skip_ws(&mut i);
                    match chars.get(i) {
                        Some('?' | '*') => {
                            optional = true;
                            i += 1;
                        }
                        Some('+') => i += 1,
                        Some('@') => {
                            i += 1;
                            while i < chars.len()
                                && (chars[i].is_alphanumeric() || "_.-".contains(chars[i]))
                            {
                                i += 1;
                            }
                        }
                        _ => break,
                    }
                }
                if let (Some(kind), false) = (kind, optional) {
                    return Some((root, Some(kind)));
                }
            }
            c if c.is_alphanumeric() || c == '_' => {
                // A field name (`name:`) or a bare wildcard `_`.
                word(&mut i);
                skip_ws(&mut i);
                if chars.get(i) == Some(&':') {
                    i += 1;
                }
            }
            _ => return Some((root, None)),
        }
    }
}

/// The index just past the string literal starting at `start`.
fn skip_string(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The index just past the bracketed group (`(…)` or `[…]`) starting at `start`.
fn skip_group(chars: &[char], start: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '"' => {
                i = skip_string(chars, i)?;
                continue;
            }
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
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

/// The node kinds that the patterns of `query` start with, read from each pattern's source:
/// `(kind …` gives `kind`; anything else (`[…]`, `(_ …`) means any node can start a match.
fn root_kinds(
    grammar: &tree_sitter::Language,
    query: &tree_sitter::Query,
    source: &str,
) -> Option<Vec<bool>> {
    let mut roots = vec![false; grammar.node_kind_count()];
    for pattern in 0..query.pattern_count() {
        let text = source
            .get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))?;
        for kind in pattern_roots(&strip_comments(text))? {
            let mut found = false;
            for id in 0..grammar.node_kind_count() as u16 {
                if grammar.node_kind_is_named(id)
                    && grammar.node_kind_for_id(id) == Some(kind.as_str())
                {
                    roots[id as usize] = true;
                    found = true;
                }
            }
            if !found {
                return None;
            }
        }
    }
    Some(roots)
}

/// The node kinds a pattern can start with: `(kind …)`, or each `(kind …)` of a top-level
/// alternation `[(a …) (b …)]` (optionally grouped in parentheses). `None` for a wildcard.
fn pattern_roots(text: &str) -> Option<Vec<String>> {
    let mut text = text.trim_start();
    // A group `((node) @capture (#predicate))` starts like its first member.
    while let Some(inner) = text
        .strip_prefix('(')
        .map(str::trim_start)
        .filter(|t| t.starts_with('('))
    {
        text = inner;
    }
    let grouped = text
        .strip_prefix('(')
        .map(str::trim_start)
        .filter(|t| t.starts_with('['));
    let Some(alternatives) = grouped.or_else(|| text.strip_prefix('[').map(|_| text)) else {
        let kind: String = text
            .strip_prefix('(')?
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        return (!kind.is_empty() && kind != "_").then(|| vec![kind]);
    };
    let mut kinds = Vec::new();
    let (mut parens, mut brackets, mut in_string) = (0i32, 0i32, false);
    let chars: Vec<char> = alternatives.chars().collect();
    for (idx, &ch) in chars.iter().enumerate() {
        if in_string {
            in_string = ch != '"' || chars[idx - 1] == '\\';
            continue;
        }
        match ch {
            '"' => in_string = true,
            '[' => brackets += 1,
            ']' => {
                brackets -= 1;
                if brackets == 0 {
                    break;
                }
            }
            '(' => {
                if brackets == 1 && parens == 0 {
                    let kind: String = chars[idx + 1..]
                        .iter()
                        .take_while(|c| c.is_alphanumeric() || **c == '_')
                        .collect();
                    if kind.is_empty() || kind == "_" {
                        return None;
                    }
                    kinds.push(kind);
                }
                parens += 1;
            }
            ')' => parens -= 1,
            _ => {}
        }
    }
    (!kinds.is_empty()).then_some(kinds)
}

#[derive(serde::Deserialize)]
struct NodeType {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
    #[serde(default)]
    fields: std::collections::BTreeMap<String, ChildTypes>,
    children: Option<ChildTypes>,
    #[serde(default)]
    subtypes: Vec<TypeRef>,
}

#[derive(serde::Deserialize)]
struct ChildTypes {
    types: Vec<TypeRef>,
}

#[derive(serde::Deserialize)]
struct TypeRef {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
}

/// For every node kind, whether a node marked in `roots` can occur below it, worked out
/// from the grammar's node types (supertypes expanded) to a fixed point.
fn containers(grammar: &tree_sitter::Language, types: &[NodeType], roots: &[bool]) -> Vec<bool> {
    use std::collections::{HashMap, HashSet};
    let supertypes: HashMap<&str, Vec<&str>> = types
        .iter()
        .filter(|t| !t.subtypes.is_empty())
        .map(|t| {
            (
                t.kind.as_str(),
                t.subtypes
                    .iter()
                    .filter(|s| s.named)
                    .map(|s| s.kind.as_str())
                    .collect(),
            )
        })
        .collect();
    fn expand<'a>(
        kind: &'a str,
        supertypes: &HashMap<&'a str, Vec<&'a str>>,
        out: &mut HashSet<&'a str>,
    ) {
        match supertypes.get(kind) {
            Some(subtypes) => {
                for sub in subtypes {
                    if out.insert(sub) {
                        expand(sub, supertypes, out);
                    }
                }
            }
            None => {
                out.insert(kind);
            }
        }
    }
    let mut children: HashMap<&str, HashSet<&str>> = HashMap::new();
    for t in types.iter().filter(|t| t.named && t.subtypes.is_empty()) {
        let mut kids = HashSet::new();
        for child in t
            .fields
            .values()
            .chain(t.children.iter())
            .flat_map(|c| c.types.iter())
        {
            if child.named {
                expand(&child.kind, &supertypes, &mut kids);
            }
        }
        children.insert(t.kind.as_str(), kids);
    }
    let root_names: HashSet<&str> = (0..grammar.node_kind_count() as u16)
        .filter(|&id| roots[id as usize])
        .filter_map(|id| grammar.node_kind_for_id(id))
        .collect();
    // A kind may hold definitions if a child kind is a root or may hold definitions.
    let mut holds: HashSet<&str> = HashSet::new();
    loop {
        let before = holds.len();
        for (kind, kids) in &children {
            if !holds.contains(kind)
                && kids
                    .iter()
                    .any(|k| root_names.contains(k) || holds.contains(k))
            {
                holds.insert(kind);
            }
        }
        if holds.len() == before {
            break;
        }
    }
    (0..grammar.node_kind_count() as u16)
        .map(|id| {
            if !grammar.node_kind_is_named(id) {
                return false;
            }
            match grammar.node_kind_for_id(id) {
                Some(name) if children.contains_key(name) => holds.contains(name),
                // Not described (hidden or aliased kinds, ERROR): assume it may.
                _ => true,
            }
        })
        .collect()
}

/// Removes `;` comments (outside strings) from query source.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut prev = '\0';
        let mut cut = line.len();
        for (idx, ch) in line.char_indices() {
            if ch == '"' && prev != '\\' {
                in_string = !in_string;
            } else if ch == ';' && !in_string {
                cut = idx;
                break;
            }
            prev = ch;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
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
    fn pattern_roots_read_kinds_and_alternations() {
        assert_eq!(
            pattern_roots("(function_item name: (identifier) @name)"),
            Some(vec!["function_item".into()])
        );
        assert_eq!(
            pattern_roots("([(a (x)) (b \"(no\" (y))] (#eq? @n \"v\"))"),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(
            pattern_roots("[(c) (d)] @x"),
            Some(vec!["c".into(), "d".into()])
        );
        assert_eq!(pattern_roots("(_ (x))"), None);
        assert_eq!(
            pattern_roots("((e (x) @n) (#eq? @n \"v\"))"),
            Some(vec!["e".into()])
        );
        assert_eq!(strip_comments("; c (x)\n(a) ; (b)\n"), "\n(a) \n");
    }

    #[test]
    fn required_children_are_read_from_patterns() {
        let read = |text: &str| root_and_children(&strip_comments(text));
        let some =
            |root: &str, child: Option<&str>| Some((root.to_string(), child.map(str::to_string)));
        assert_eq!(
            read("(call function: (identifier) @name) @reference.call"),
            some("call", Some("identifier"))
        );
        // Optional children, anonymous nodes, negated fields, anchors and wildcards are
        // skipped; the first child that must be there counts.
        assert_eq!(
            read("(a (comment)? @doc . \"x\" !body (_) (b/c) (d) @n)"),
            some("a", Some("d"))
        );
        assert_eq!(read("(a (b)* @x)"), some("a", None));
        assert_eq!(read("(a (b) @x ?)"), some("a", None));
        assert_eq!(read("(a [(b) (c)])"), some("a", None));
        assert_eq!(
            read("((module (expression_statement) @d) (#match? @d \"x\"))"),
            some("module", Some("expression_statement"))
        );
        assert_eq!(read("[(a) (b)] @x"), None);
        assert_eq!(read("(_ (b))"), None);
    }

    #[test]
    fn python_candidates_without_a_required_child_are_not_offered() {
        let spec = by_id("python").unwrap();
        let compiled = spec.compiled().unwrap();
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&compiled.grammar).unwrap();
        let tree = parser.parse("f(x)\ny = lambda: 1\n", None).unwrap();
        let root = tree.root_node();
        let mut cursor = tree.walk();
        let call_statement = root.named_child(0).unwrap();
        let assignment = root.named_child(1).unwrap();
        assert_eq!(call_statement.kind(), "expression_statement");
        let definitions = &compiled.definitions;
        assert!(!definitions.may_match(call_statement, &mut cursor));
        assert!(definitions.may_match(assignment, &mut cursor));
        // Kinds no filter is known for are always offered.
        assert!(definitions.may_match(call_statement.named_child(0).unwrap(), &mut cursor));
    }

    #[test]
    fn leaves_and_expressions_cannot_hold_python_definitions() {
        let compiled = by_id("python").unwrap().compiled().unwrap();
        let grammar = &compiled.grammar;
        let holds = |kind: &str| {
            compiled.definitions.descend[grammar.id_for_node_kind(kind, true) as usize]
        };
        assert!(holds("module"));
        assert!(holds("class_definition"));
        assert!(holds("block"));
        assert!(holds("if_statement"));
        assert!(!holds("string"));
        assert!(!holds("call"));
        assert!(!holds("binary_operator"));
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
