//! The words that say what kind of line a line of code is, for the line scorer of
//! question mode (`gather`'s `pack/line_score.rs`): a return, a branch, a loop, a raise
//! (each by the line's first word), a block's closing word (the whole line), a comment
//! (by how the line starts).
//!
//! Like the type spellings ([`crate::type_spellings::SHARED`]), one list holds every
//! language's words and every line is read with all of them: the line scorer reads a
//! definition's lines without its language (also in files no row claims), and its shipped
//! model was trained on these words read that way, so narrowing them to one language's
//! changes what it weighs.

/// The words of each kind of line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineWords {
    /// A line that returns or yields opens with one of these.
    pub returns: &'static [&'static str],
    /// A line that branches (or opens a handler) opens with one of these.
    pub branches: &'static [&'static str],
    /// A line that opens a loop opens with one of these.
    pub loops: &'static [&'static str],
    /// A line that raises, throws or aborts opens with one of these.
    pub raises: &'static [&'static str],
    /// A line that is only one of these closes a block.
    pub closers: &'static [&'static str],
    /// A line that starts with one of these is a comment (or a docstring's quotes)...
    pub comments: &'static [&'static str],
    /// ...unless it starts with one of these, which are code.
    pub not_comments: &'static [&'static str],
}

/// The words of every language of the table, and of Lisp's comments (a file of a
/// language without a row is read by the line rules).
pub const SHARED: LineWords = LineWords {
    // `yield` (Python, JavaScript, Ruby, C#, Dart, PHP).
    returns: &["return", "yield"],
    // `elif`, `except` (Python), `elsif`, `unless` (Ruby, Elixir), `match` (Rust, Scala,
    // Python, OCaml), `when` (Kotlin, Ruby, Elixir), `switch`/`case`/`default` (the C
    // family, Go, JavaScript), `try`/`catch`/`finally`.
    branches: &[
        "if", "elif", "else", "elsif", "switch", "case", "match", "when", "unless", "try",
        "except", "catch", "finally", "default",
    ],
    // `loop` (Rust), `foreach` (PHP, C#), `do` (the C family, shell), `until` (shell, Ruby).
    loops: &["for", "while", "loop", "foreach", "do", "until"],
    // `raise` (Python, Ruby, Elixir, OCaml), `throw` (the C family, JavaScript, Java),
    // `panic!`, `bail!` (Rust), `error` (Lua, Haskell), `die` (PHP), `abort` (C).
    raises: &["raise", "throw", "panic!", "bail!", "error", "die", "abort"],
    // `end` (Ruby, Lua, Elixir), `fi`, `done`, `esac` (shell), `end;` (OCaml).
    closers: &["end", "fi", "done", "esac", "end;"],
    // `//`, `/*`, `*` (the C family), `#` (Python, Ruby, shell, R), `--` (Lua, Haskell),
    // `;;` (Lisp), a docstring's quotes (Python).
    comments: &["//", "#", "/*", "*", "--", ";;", "\"\"\"", "'''"],
    // Rust's attributes, C's preprocessor.
    not_comments: &["#[", "#include", "#define"],
};
