//! The language table: one row per language. The only file that names grammar crates.
//!
//! To add a language: add its grammar crate to `Cargo.toml`, a row here, query files
//! under `queries/<id>/`, and a fixture under `tests/fixtures/languages/`. A language whose
//! grammar extends another's shares that one's patterns through a base file
//! (`queries/ecmascript/`, `queries/c-family/`): its own file's first line names the base
//! (`; inherits: ecmascript`), and the build (`build.rs`) reads the base before it, so
//! `queries!("typescript")` is ecmascript's definitions followed by TypeScript's. A row
//! writes only what no header says: `jsx/calls.scm`, appended by the rows that read JSX.

use crate::{Family, ImportStyle, LanguageSpec, TestName, TestNameRest};

// `queries!(id)`, `queries!(id, kind)`: a query file after the bases its header names.
include!(concat!(env!("OUT_DIR"), "/queries.rs"));

/// TypeScript, and what TSX shares with it (all but its grammar and JSX's calls).
const TYPESCRIPT: LanguageSpec = LanguageSpec {
    id: "typescript",
    extensions: &["ts", "mts", "cts"],
    grammar: || tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
    node_types: tree_sitter_typescript::TYPESCRIPT_NODE_TYPES,
    definitions: queries!("typescript"),
    calls: queries!("typescript", "calls"),
    imports: queries!("typescript", "imports"),
    wrapper_kinds: &["export_statement", "ambient_declaration"],
    ..ECMASCRIPT
};

/// Every language gather parses with tree-sitter.
/// What a row says when it says nothing: no tests by name, nothing around definitions,
/// `.` between names, no overloads, no import resolution. Every row names its own grammar,
/// node types, queries and extensions (`rows_are_whole` checks).
const BASE: LanguageSpec = LanguageSpec {
    id: "",
    extensions: &[],
    file_names: &[],
    grammar: no_grammar,
    node_types: "",
    definitions: "",
    calls: "",
    imports: "",
    import_style: ImportStyle::None,
    implicit_this: false,
    callback_literals: false,
    test_names: &[],
    attribute_kinds: &[],
    wrapper_kinds: &[],
    blank_macros: false,
    scope_separator: ".",
    family: Family::Own,
    overloads_by_arity: false,
    redefinitions_shadow: false,
    self_names: crate::builtins::SELF_NAMES,
    builtin_methods: &[],
    overload_stubs: crate::OverloadStubs::None,
    method_words: &[],
    line_rules: crate::LineRules::Plain,
    receivers: crate::receivers::NONE,
    type_spellings: crate::type_spellings::SHARED,
    blocks: crate::Blocks::Braces,
};

fn no_grammar() -> tree_sitter::Language {
    unreachable!("every row of the language table names its grammar")
}

/// JavaScript, and what TypeScript and TSX share with it.
const ECMASCRIPT: LanguageSpec = LanguageSpec {
    id: "javascript",
    extensions: &["js", "mjs", "cjs", "jsx"],
    grammar: || tree_sitter_javascript::LANGUAGE.into(),
    node_types: tree_sitter_javascript::NODE_TYPES,
    definitions: queries!("javascript"),
    calls: concat!(queries!("javascript", "calls"), queries!("jsx", "calls")),
    imports: queries!("javascript", "imports"),
    import_style: ImportStyle::EcmaScript,
    callback_literals: true,
    attribute_kinds: &["decorator"],
    wrapper_kinds: &["export_statement"],
    family: Family::EcmaScript,
    redefinitions_shadow: true,
    builtin_methods: crate::builtins::ECMASCRIPT_METHODS,
    overload_stubs: crate::OverloadStubs::Bodyless,
    receivers: crate::receivers::ECMASCRIPT,
    ..BASE
};

/// Every language gather parses with tree-sitter.
pub static LANGUAGES: &[LanguageSpec] = &[
    LanguageSpec {
        id: "rust",
        extensions: &["rs"],
        grammar: || tree_sitter_rust::LANGUAGE.into(),
        node_types: tree_sitter_rust::NODE_TYPES,
        definitions: queries!("rust"),
        calls: queries!("rust", "calls"),
        imports: queries!("rust", "imports"),
        import_style: ImportStyle::Rust,
        attribute_kinds: &["attribute_item"],
        scope_separator: "::",
        builtin_methods: crate::builtins::RUST_METHODS,
        ..BASE
    },
    LanguageSpec {
        id: "python",
        extensions: &["py", "pyi"],
        grammar: || tree_sitter_python::LANGUAGE.into(),
        node_types: tree_sitter_python::NODE_TYPES,
        definitions: queries!("python"),
        calls: queries!("python", "calls"),
        imports: queries!("python", "imports"),
        import_style: ImportStyle::Python,
        test_names: &[
            TestName {
                prefix: "test_",
                rest: TestNameRest::Any,
            },
            TestName {
                prefix: "Test",
                rest: TestNameRest::NonEmpty,
            },
        ],
        attribute_kinds: &["decorator"],
        wrapper_kinds: &["decorated_definition"],
        builtin_methods: crate::builtins::PYTHON_METHODS,
        overload_stubs: crate::OverloadStubs::Decorated,
        method_words: crate::method_words::PYTHON,
        receivers: crate::receivers::PYTHON,
        blocks: crate::Blocks::Indentation,
        ..BASE
    },
    ECMASCRIPT,
    TYPESCRIPT,
    LanguageSpec {
        id: "tsx",
        extensions: &["tsx"],
        grammar: || tree_sitter_typescript::LANGUAGE_TSX.into(),
        node_types: tree_sitter_typescript::TSX_NODE_TYPES,
        calls: concat!(queries!("typescript", "calls"), queries!("jsx", "calls")),
        ..TYPESCRIPT
    },
    LanguageSpec {
        id: "go",
        extensions: &["go"],
        grammar: || tree_sitter_go::LANGUAGE.into(),
        node_types: tree_sitter_go::NODE_TYPES,
        definitions: queries!("go"),
        calls: queries!("go", "calls"),
        imports: queries!("go", "imports"),
        import_style: ImportStyle::Go,
        test_names: &[
            TestName {
                prefix: "Test",
                rest: TestNameRest::NotLowercase,
            },
            TestName {
                prefix: "Benchmark",
                rest: TestNameRest::NotLowercase,
            },
            TestName {
                prefix: "Fuzz",
                rest: TestNameRest::NotLowercase,
            },
            TestName {
                prefix: "Example",
                rest: TestNameRest::NotLowercase,
            },
        ],
        wrapper_kinds: &[
            "type_declaration",
            "const_declaration",
            "var_declaration",
            "var_spec_list",
        ],
        builtin_methods: crate::builtins::GO_METHODS,
        receivers: crate::receivers::GO,
        ..BASE
    },
    LanguageSpec {
        id: "java",
        extensions: &["java"],
        grammar: || tree_sitter_java::LANGUAGE.into(),
        node_types: tree_sitter_java::NODE_TYPES,
        definitions: queries!("java"),
        calls: queries!("java", "calls"),
        imports: queries!("java", "imports"),
        import_style: ImportStyle::Java,
        implicit_this: true,
        overloads_by_arity: true,
        ..BASE
    },
    LanguageSpec {
        id: "c",
        extensions: &["c", "h"],
        grammar: || tree_sitter_c::LANGUAGE.into(),
        node_types: tree_sitter_c::NODE_TYPES,
        definitions: queries!("c"),
        calls: queries!("c", "calls"),
        imports: queries!("c", "imports"),
        blank_macros: true,
        scope_separator: "::",
        overloads_by_arity: true,
        line_rules: crate::LineRules::TypedFunctions,
        ..BASE
    },
    LanguageSpec {
        id: "cpp",
        extensions: &[
            "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "tpp",
        ],
        grammar: || tree_sitter_cpp::LANGUAGE.into(),
        node_types: tree_sitter_cpp::NODE_TYPES,
        definitions: queries!("cpp"),
        calls: queries!("cpp", "calls"),
        imports: queries!("cpp", "imports"),
        implicit_this: true,
        attribute_kinds: &["template_parameter_list", "requires_clause"],
        wrapper_kinds: &["template_declaration"],
        blank_macros: true,
        scope_separator: "::",
        family: Family::C,
        overloads_by_arity: true,
        line_rules: crate::LineRules::TypedFunctions,
        ..BASE
    },
    LanguageSpec {
        id: "csharp",
        extensions: &["cs"],
        grammar: || tree_sitter_c_sharp::LANGUAGE.into(),
        node_types: tree_sitter_c_sharp::NODE_TYPES,
        definitions: queries!("csharp"),
        calls: queries!("csharp", "calls"),
        imports: queries!("csharp", "imports"),
        implicit_this: true,
        overloads_by_arity: true,
        ..BASE
    },
    LanguageSpec {
        id: "ruby",
        extensions: &["rb", "rake", "gemspec"],
        file_names: &["Rakefile", "Gemfile"],
        grammar: || tree_sitter_ruby::LANGUAGE.into(),
        node_types: tree_sitter_ruby::NODE_TYPES,
        definitions: queries!("ruby"),
        calls: queries!("ruby", "calls"),
        imports: queries!("ruby", "imports"),
        implicit_this: true,
        test_names: &[TestName {
            prefix: "test_",
            rest: TestNameRest::Any,
        }],
        ..BASE
    },
    LanguageSpec {
        id: "php",
        extensions: &["php"],
        grammar: || tree_sitter_php::LANGUAGE_PHP.into(),
        node_types: tree_sitter_php::PHP_NODE_TYPES,
        definitions: queries!("php"),
        calls: queries!("php", "calls"),
        imports: queries!("php", "imports"),
        test_names: &[TestName {
            prefix: "test",
            rest: TestNameRest::UpperOrUnderscore,
        }],
        scope_separator: "::",
        ..BASE
    },
    LanguageSpec {
        id: "kotlin",
        extensions: &["kt", "kts"],
        grammar: || tree_sitter_kotlin_ng::LANGUAGE.into(),
        node_types: tree_sitter_kotlin_ng::NODE_TYPES,
        definitions: queries!("kotlin"),
        calls: queries!("kotlin", "calls"),
        imports: queries!("kotlin", "imports"),
        import_style: ImportStyle::Java,
        implicit_this: true,
        overloads_by_arity: true,
        receivers: crate::receivers::KOTLIN,
        ..BASE
    },
    LanguageSpec {
        id: "swift",
        extensions: &["swift"],
        grammar: || tree_sitter_swift::LANGUAGE.into(),
        node_types: tree_sitter_swift::NODE_TYPES,
        definitions: queries!("swift"),
        calls: queries!("swift", "calls"),
        imports: queries!("swift", "imports"),
        implicit_this: true,
        ..BASE
    },
    LanguageSpec {
        id: "scala",
        extensions: &["scala", "sc"],
        grammar: || tree_sitter_scala::LANGUAGE.into(),
        node_types: tree_sitter_scala::NODE_TYPES,
        definitions: queries!("scala"),
        calls: queries!("scala", "calls"),
        imports: queries!("scala", "imports"),
        import_style: ImportStyle::Java,
        implicit_this: true,
        ..BASE
    },
    LanguageSpec {
        id: "lua",
        extensions: &["lua"],
        grammar: || tree_sitter_lua::LANGUAGE.into(),
        node_types: tree_sitter_lua::NODE_TYPES,
        definitions: queries!("lua"),
        calls: queries!("lua", "calls"),
        imports: queries!("lua", "imports"),
        import_style: ImportStyle::Lua,
        wrapper_kinds: &["variable_declaration"],
        ..BASE
    },
    LanguageSpec {
        id: "bash",
        extensions: &["sh", "bash"],
        file_names: &[".bashrc", ".bash_profile"],
        grammar: || tree_sitter_bash::LANGUAGE.into(),
        node_types: tree_sitter_bash::NODE_TYPES,
        definitions: queries!("bash"),
        calls: queries!("bash", "calls"),
        imports: queries!("bash", "imports"),
        line_rules: crate::LineRules::ShellFunctions,
        ..BASE
    },
    LanguageSpec {
        id: "elixir",
        extensions: &["ex", "exs"],
        grammar: || tree_sitter_elixir::LANGUAGE.into(),
        node_types: tree_sitter_elixir::NODE_TYPES,
        definitions: queries!("elixir"),
        calls: queries!("elixir", "calls"),
        imports: queries!("elixir", "imports"),
        import_style: ImportStyle::Elixir,
        ..BASE
    },
    LanguageSpec {
        id: "dart",
        extensions: &["dart"],
        grammar: || tree_sitter_dart::LANGUAGE.into(),
        node_types: tree_sitter_dart::NODE_TYPES,
        definitions: queries!("dart"),
        calls: queries!("dart", "calls"),
        imports: queries!("dart", "imports"),
        import_style: ImportStyle::Dart,
        implicit_this: true,
        attribute_kinds: &["annotation"],
        wrapper_kinds: &["member_declaration"],
        ..BASE
    },
    LanguageSpec {
        id: "haskell",
        extensions: &["hs"],
        grammar: || tree_sitter_haskell::LANGUAGE.into(),
        node_types: tree_sitter_haskell::NODE_TYPES,
        definitions: queries!("haskell"),
        calls: queries!("haskell", "calls"),
        imports: queries!("haskell", "imports"),
        attribute_kinds: &["signature"],
        ..BASE
    },
    LanguageSpec {
        id: "ocaml",
        extensions: &["ml"],
        grammar: || tree_sitter_ocaml::LANGUAGE_OCAML.into(),
        node_types: tree_sitter_ocaml::OCAML_NODE_TYPES,
        definitions: queries!("ocaml"),
        calls: queries!("ocaml", "calls"),
        imports: queries!("ocaml", "imports"),
        wrapper_kinds: &["value_definition"],
        ..BASE
    },
    LanguageSpec {
        id: "zig",
        extensions: &["zig"],
        grammar: || tree_sitter_zig::LANGUAGE.into(),
        node_types: tree_sitter_zig::NODE_TYPES,
        definitions: queries!("zig"),
        calls: queries!("zig", "calls"),
        imports: queries!("zig", "imports"),
        ..BASE
    },
    LanguageSpec {
        id: "objc",
        extensions: &["m"],
        grammar: || tree_sitter_objc::LANGUAGE.into(),
        node_types: tree_sitter_objc::NODE_TYPES,
        definitions: queries!("objc"),
        calls: queries!("objc", "calls"),
        imports: queries!("objc", "imports"),
        implicit_this: true,
        blank_macros: true,
        ..BASE
    },
    LanguageSpec {
        id: "r",
        extensions: &["R", "r"],
        grammar: || tree_sitter_r::LANGUAGE.into(),
        node_types: tree_sitter_r::NODE_TYPES,
        definitions: queries!("r"),
        calls: queries!("r", "calls"),
        imports: queries!("r", "imports"),
        ..BASE
    },
    LanguageSpec {
        id: "hcl",
        extensions: &["tf", "hcl", "tfvars"],
        grammar: || tree_sitter_hcl::LANGUAGE.into(),
        node_types: tree_sitter_hcl::NODE_TYPES,
        definitions: queries!("hcl"),
        calls: queries!("hcl", "calls"),
        imports: queries!("hcl", "imports"),
        ..BASE
    },
    LanguageSpec {
        id: "solidity",
        extensions: &["sol"],
        grammar: || tree_sitter_solidity::LANGUAGE.into(),
        node_types: tree_sitter_solidity::NODE_TYPES,
        definitions: queries!("solidity"),
        calls: queries!("solidity", "calls"),
        imports: queries!("solidity", "imports"),
        implicit_this: true,
        ..BASE
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A row left at the base for what only it can say would parse nothing.
    #[test]
    fn rows_are_whole() {
        for spec in LANGUAGES {
            assert!(!spec.id.is_empty(), "a row without an id");
            assert!(
                !spec.extensions.is_empty() || !spec.file_names.is_empty(),
                "{}: no files",
                spec.id
            );
            assert!(!spec.node_types.is_empty(), "{}: no node types", spec.id);
            assert!(
                !spec.definitions.is_empty(),
                "{}: no definitions query",
                spec.id
            );
            // The grammar is the row's own: it reads its own node types.
            let grammar = (spec.grammar)();
            assert!(grammar.node_kind_count() > 0, "{}", spec.id);
        }
        let ids: std::collections::HashSet<_> = LANGUAGES.iter().map(|s| s.id).collect();
        assert_eq!(ids.len(), LANGUAGES.len(), "an id used twice");
    }

    /// A query file whose first line says `; inherits: BASE` is read, in every row that
    /// reads it, after BASE's file of the same kind; and a row reads a file after another
    /// only where the later one says so (or is a file several rows append: `jsx`). The
    /// build writes the chains (`build.rs`); this checks what the rows got.
    #[test]
    fn inherits_headers_match_the_rows() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("queries");
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            for kind in ["definitions", "calls", "imports"] {
                let path = entry.path().join(format!("{kind}.scm"));
                if let Ok(text) = std::fs::read_to_string(&path) {
                    let id = entry.file_name().to_string_lossy().into_owned();
                    let bases: Vec<String> = text
                        .lines()
                        .next()
                        .and_then(|l| l.strip_prefix("; inherits: "))
                        .map(|l| l.split(',').map(|b| b.trim().to_string()).collect())
                        .unwrap_or_default();
                    files.push((id, kind, text, bases));
                }
            }
        }
        let mut checked = 0;
        for spec in LANGUAGES {
            for (kind, query) in [
                ("definitions", spec.definitions),
                ("calls", spec.calls),
                ("imports", spec.imports),
            ] {
                let mut read: Vec<(usize, &str, &Vec<String>)> = files
                    .iter()
                    .filter(|(_, k, text, _)| *k == kind && !text.trim().is_empty())
                    .filter_map(|(id, _, text, bases)| {
                        query.find(text.as_str()).map(|at| (at, id.as_str(), bases))
                    })
                    .collect();
                read.sort();
                for (i, (at, id, bases)) in read.iter().enumerate() {
                    for base in bases.iter() {
                        let before = read[..i]
                            .iter()
                            .any(|(b, base_id, _)| b < at && base_id == base);
                        assert!(before, "{}: {id}/{kind}.scm inherits {base}, which the row does not read first", spec.id);
                        checked += 1;
                    }
                    if i > 0 && bases.is_empty() {
                        assert_eq!(
                            *id, "jsx",
                            "{}: {id}/{kind}.scm is read after another file but names no base",
                            spec.id
                        );
                    }
                }
            }
        }
        assert!(checked >= 10, "{checked} inherits checked");
    }
}
