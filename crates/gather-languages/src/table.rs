//! The language table: one row per language. The only file that names grammar crates.
//!
//! To add a language: add its grammar crate to `Cargo.toml`, a row here, query files
//! under `queries/<id>/`, and a fixture under `tests/fixtures/languages/`.

use crate::LanguageSpec;

macro_rules! queries {
    ($id:literal) => {
        include_str!(concat!("../queries/", $id, "/definitions.scm"))
    };
}

/// Every language gather parses with tree-sitter.
pub static LANGUAGES: &[LanguageSpec] = &[
    LanguageSpec {
        id: "rust",
        extensions: &["rs"],
        file_names: &[],
        grammar: || tree_sitter_rust::LANGUAGE.into(),
        definitions: queries!("rust"),
        attribute_kinds: &["attribute_item"],
        wrapper_kinds: &[],
        scope_separator: "::",
    },
    LanguageSpec {
        id: "python",
        extensions: &["py", "pyi"],
        file_names: &[],
        grammar: || tree_sitter_python::LANGUAGE.into(),
        definitions: queries!("python"),
        attribute_kinds: &["decorator"],
        wrapper_kinds: &["decorated_definition"],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "javascript",
        extensions: &["js", "mjs", "cjs", "jsx"],
        file_names: &[],
        grammar: || tree_sitter_javascript::LANGUAGE.into(),
        definitions: queries!("javascript"),
        attribute_kinds: &["decorator"],
        wrapper_kinds: &["export_statement"],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "typescript",
        extensions: &["ts", "mts", "cts"],
        file_names: &[],
        grammar: || tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        definitions: queries!("typescript"),
        attribute_kinds: &["decorator"],
        wrapper_kinds: &["export_statement", "ambient_declaration"],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "tsx",
        extensions: &["tsx"],
        file_names: &[],
        grammar: || tree_sitter_typescript::LANGUAGE_TSX.into(),
        definitions: queries!("typescript"),
        attribute_kinds: &["decorator"],
        wrapper_kinds: &["export_statement", "ambient_declaration"],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "go",
        extensions: &["go"],
        file_names: &[],
        grammar: || tree_sitter_go::LANGUAGE.into(),
        definitions: queries!("go"),
        attribute_kinds: &[],
        wrapper_kinds: &[
            "type_declaration",
            "const_declaration",
            "var_declaration",
            "var_spec_list",
        ],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "java",
        extensions: &["java"],
        file_names: &[],
        grammar: || tree_sitter_java::LANGUAGE.into(),
        definitions: queries!("java"),
        attribute_kinds: &[],
        wrapper_kinds: &[],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "c",
        extensions: &["c", "h"],
        file_names: &[],
        grammar: || tree_sitter_c::LANGUAGE.into(),
        definitions: queries!("c"),
        attribute_kinds: &[],
        wrapper_kinds: &[],
        scope_separator: "::",
    },
    LanguageSpec {
        id: "cpp",
        extensions: &[
            "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "tpp",
        ],
        file_names: &[],
        grammar: || tree_sitter_cpp::LANGUAGE.into(),
        definitions: queries!("cpp"),
        attribute_kinds: &["template_parameter_list", "requires_clause"],
        wrapper_kinds: &["template_declaration"],
        scope_separator: "::",
    },
    LanguageSpec {
        id: "csharp",
        extensions: &["cs"],
        file_names: &[],
        grammar: || tree_sitter_c_sharp::LANGUAGE.into(),
        definitions: queries!("csharp"),
        attribute_kinds: &[],
        wrapper_kinds: &[],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "ruby",
        extensions: &["rb", "rake", "gemspec"],
        file_names: &["Rakefile", "Gemfile"],
        grammar: || tree_sitter_ruby::LANGUAGE.into(),
        definitions: queries!("ruby"),
        attribute_kinds: &[],
        wrapper_kinds: &[],
        scope_separator: ".",
    },
    LanguageSpec {
        id: "php",
        extensions: &["php"],
        file_names: &[],
        grammar: || tree_sitter_php::LANGUAGE_PHP.into(),
        definitions: queries!("php"),
        attribute_kinds: &[],
        wrapper_kinds: &[],
        scope_separator: "::",
    },
];
