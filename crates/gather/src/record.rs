//! The records the index stores: files, their status, symbols and call sites. A leaf:
//! walk, parse and index all speak these types, so they depend on nothing of the pipeline.
//! They are serialisable because the persistent index stores them (postcard: field order is
//! the wire format); the output wire format is defined separately, at the rendering edge.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::lines::{Line, LineRange};

/// What a definition is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum SymbolKind {
    /// A free function.
    Function,
    /// A function that belongs to a type (class member, impl item, Go receiver).
    Method,
    /// A class.
    Class,
    /// A struct or union.
    Struct,
    /// An enumeration.
    Enum,
    /// An interface or protocol.
    Interface,
    /// A Rust trait or PHP trait.
    Trait,
    /// A type alias or other named type.
    Type,
    /// A constant or static.
    Const,
    /// A module or namespace.
    Module,
    /// A Rust `impl` block, named after its type.
    Impl,
    /// A macro definition.
    Macro,
}

impl SymbolKind {
    /// Every kind, in declaration order.
    pub const ALL: [SymbolKind; 12] = [
        SymbolKind::Function,
        SymbolKind::Method,
        SymbolKind::Class,
        SymbolKind::Struct,
        SymbolKind::Enum,
        SymbolKind::Interface,
        SymbolKind::Trait,
        SymbolKind::Type,
        SymbolKind::Const,
        SymbolKind::Module,
        SymbolKind::Impl,
        SymbolKind::Macro,
    ];

    /// The kind's name as used in query captures and output.
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolKind::Function => "function",
            SymbolKind::Method => "method",
            SymbolKind::Class => "class",
            SymbolKind::Struct => "struct",
            SymbolKind::Enum => "enum",
            SymbolKind::Interface => "interface",
            SymbolKind::Trait => "trait",
            SymbolKind::Type => "type",
            SymbolKind::Const => "const",
            SymbolKind::Module => "module",
            SymbolKind::Impl => "impl",
            SymbolKind::Macro => "macro",
        }
    }

    /// Parses a kind name (the part after `@definition.`).
    pub fn from_name(name: &str) -> Option<SymbolKind> {
        SymbolKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// Whether members defined inside this kind are methods.
    pub fn holds_methods(self) -> bool {
        matches!(
            self,
            SymbolKind::Class
                | SymbolKind::Struct
                | SymbolKind::Enum
                | SymbolKind::Interface
                | SymbolKind::Trait
                | SymbolKind::Impl
        )
    }
}

impl std::fmt::Display for SymbolKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One definition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    /// The defined identifier.
    pub name: String,
    /// Name with its parents, joined by the language's separator (`Client.send`, `m::f`).
    pub qualified_name: String,
    /// What the definition is.
    pub kind: SymbolKind,
    /// The whole definition: attributes and decorators through the closing brace.
    pub range: LineRange,
    /// The signature: from the start of the definition through the line that opens the body.
    pub signature: LineRange,
    /// The leading doc comment (or docstring), if any.
    pub doc: Option<LineRange>,
    /// The line holding the name.
    pub name_line: Line,
    /// Index of the enclosing definition within the same file.
    pub parent: Option<u32>,
    /// Whether this is test code (by path, attribute or naming convention).
    pub is_test: bool,
    /// A hash of the qualified name and of the lines, each trimmed: equal hashes mark
    /// copies of one definition (mirrored or generated trees). 0 when not computed.
    pub text_hash: u64,
    /// Whether the line rules found it (a file without a grammar, or lines of a parsed
    /// file that the grammar's error recovery swallowed) rather than the grammar.
    pub from_line_rules: bool,
}

impl Symbol {
    /// The definition with its leading doc comment, which is what a reader wants shown.
    pub fn full_range(&self) -> LineRange {
        match self.doc {
            Some(doc) if doc.start < self.range.start => LineRange::new(doc.start, self.range.end),
            _ => self.range,
        }
    }
}

/// Why a file was not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// A NUL byte in the first 8 KiB.
    Binary,
    /// Larger than the size limit.
    TooLarge,
    /// Could not be opened or read.
    Unreadable,
    /// Not valid UTF-8.
    InvalidUtf8,
    /// A symbolic link whose target lies inside the root (indexed at its own path).
    Symlink,
    /// A symbolic link whose target lies outside the root.
    SymlinkOutsideRoot,
    /// A socket, fifo or device.
    NotRegular,
    /// Minified or generated code: very long lines that no reader wants as context.
    Minified,
    /// A file or directory whose name is not valid UTF-8 (listed with the bad bytes
    /// replaced): paths in requests and answers are UTF-8.
    NameNotUtf8,
    /// A directory not entered because one of its ignore files (`.gitignore`, `.ignore`,
    /// git's exclude file) is a pipe, a device, or too large: reading it could block.
    IgnoreFileNotRegular,
    /// Past the parse budget: the grammar took too many steps, or definitions nest deeper
    /// than any hand-written code (see `parse::tags`).
    TooComplex,
    /// The parser failed on it (a fault in a grammar or a query): the rest of the
    /// workspace is indexed all the same.
    ParseFailed,
}

crate::names::display_as_serde!(
    /// The reason as it appears in output (`too-large`, `invalid-utf8`, …).
    SkipReason
);

/// How a file was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileStatus {
    /// Parsed with a tree-sitter grammar.
    Parsed,
    /// Code without a grammar: definitions found by line rules.
    Heuristic,
    /// Prose or data (Markdown, JSON, translations): indexed as text, no definitions expected.
    Text,
    /// Not read, for the given reason.
    Skipped(SkipReason),
    /// Parsed with a tree-sitter grammar, but its error recovery swallowed code (an error
    /// region over several lines, or one hiding definitions): the line rules read the
    /// lines no definition took, and the file's definitions may be incomplete.
    ParsedWithErrors,
}

impl FileStatus {
    /// `parsed`, `parsed-with-errors`, `heuristic`, `text` or `skipped(reason)`.
    pub fn label(&self) -> String {
        match self {
            FileStatus::Parsed => "parsed".into(),
            FileStatus::ParsedWithErrors => "parsed-with-errors".into(),
            FileStatus::Heuristic => "heuristic".into(),
            FileStatus::Text => "text".into(),
            FileStatus::Skipped(reason) => format!("skipped({reason})"),
        }
    }

    /// Whether the file's contents are in the index.
    pub fn is_indexed(&self) -> bool {
        !matches!(self, FileStatus::Skipped(_))
    }
}

/// One indexed file and everything extracted from it. Self-contained, so that a changed
/// file can be replaced without touching the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    /// Root-relative path with `/` separators.
    pub path: String,
    /// Language id (`rust`, `python`, …) or a label for other text (`markdown`, `text`).
    pub language: Option<String>,
    /// Size in bytes.
    pub size: u64,
    /// Modification time, nanoseconds since the Unix epoch.
    pub mtime_ns: i64,
    /// xxh3 hash of the contents (0 when not read).
    pub hash: u64,
    /// Number of lines.
    pub n_lines: u32,
    /// How the file was read.
    pub status: FileStatus,
    /// Definitions, ordered by start line (parents before children).
    pub symbols: Vec<Symbol>,
    /// Call sites, in source order.
    pub calls: Vec<CallSite>,
    /// Imported names, in source order.
    pub imports: Vec<Import>,
    /// The package the file declares (`package a.b;`), for languages that have one.
    pub package: Option<String>,
}

/// What a file's contents taught the index: a [`FileRecord`] without what belongs to the
/// checkout (path, size, mtime, hash). The store keeps one per content (postcard: field
/// order is its format).
#[derive(Debug, Deserialize)]
pub(crate) struct Reading {
    pub(crate) language: Option<String>,
    pub(crate) n_lines: u32,
    pub(crate) status: FileStatus,
    pub(crate) symbols: Vec<Symbol>,
    pub(crate) calls: Vec<CallSite>,
    pub(crate) imports: Vec<Import>,
    pub(crate) package: Option<String>,
}

impl FileRecord {
    /// Takes what reading the contents taught, whether parsed now or recalled.
    pub(crate) fn set_reading(&mut self, reading: Reading) {
        self.language = reading.language;
        self.n_lines = reading.n_lines;
        self.status = reading.status;
        self.symbols = reading.symbols;
        self.calls = reading.calls;
        self.imports = reading.imports;
        self.package = reading.package;
    }
}

/// What kind of call a call site is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum CallKind {
    /// A function or method call.
    Call,
    /// A constructor call (`new C()`).
    New,
    /// A macro invocation (`name!(…)`).
    Macro,
}

/// One call in the source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallSite {
    /// The innermost named callable definition holding the call (index in the file's
    /// symbols); `None` at module or class level.
    pub enclosing: Option<u32>,
    /// The called name.
    pub name: String,
    /// The receiver or path before the name, as written (`self`, `np`, `a::b`).
    pub qualifier: Option<String>,
    /// The line of the called name.
    pub line: Line,
    /// Call, constructor or macro.
    pub kind: CallKind,
}

/// One name an import binds in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Import {
    /// The local name (`None` for a glob import, which binds every public name).
    pub local: Option<String>,
    /// The module as written (`./m`, `a.b`, `..pkg`, `crate::x`, `github.com/a/b`).
    pub source: String,
    /// The name taken from the module; `None` when the module itself is bound.
    pub name: Option<String>,
    /// Whether the import re-exports the name (`export {a} from './m'`, `pub use`).
    pub is_reexport: bool,
    /// The line of the import.
    pub line: Line,
}

/// Identifies a symbol: its file's position in the index and its position in that file.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SymbolId {
    /// Index into [`Index::files`](crate::index::Index::files).
    pub file: u32,
    /// Index into that file's symbols.
    pub idx: u32,
}
