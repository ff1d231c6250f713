//! Re-requests: the exact request that shows what a pack cut or elided, spelled for the
//! front end that reads the pack. The command line gets a `gather slice` command, an MCP
//! client the `assemble_context` call (it has no `gather` binary). Both name the same
//! slices: a definition by its qualified name and the line it starts at
//! (`path:Type.method@LINE`, unique even among overloads and same-named methods), or lines
//! by their range (`path:START-END`).

use serde_json::Value;

use crate::lines::{Line, LineRange};

/// Who reads the rendered pack, and so how its re-requests are spelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Frontend {
    /// The command line: `gather slice SPEC…`.
    #[default]
    Cli,
    /// An MCP client: `assemble_context {"files": [...]}`.
    Mcp,
    /// A model reading a pack a hook put in its context: each cut piece is named by its
    /// place alone (`path:START-END`, or `lines A-B elided` inside a file's block), and the
    /// one call that shows any place (`assemble_context` with that path and lines) is said
    /// once above the pack, so the budget goes to code rather than to repeated calls.
    Context,
}

/// What a re-request asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Zoom<'a> {
    /// A definition: its qualified name and the first line of its range.
    Symbol {
        /// Root-relative path.
        path: &'a str,
        /// Qualified name.
        name: &'a str,
        /// The line the definition's range starts at.
        line: Line,
    },
    /// Runs of lines of one file.
    Lines {
        /// Root-relative path.
        path: &'a str,
        /// The runs, ascending.
        ranges: Vec<LineRange>,
    },
}

impl Zoom<'_> {
    /// The slice specs, as `gather slice` reads them.
    pub fn specs(&self) -> Vec<String> {
        match self {
            Zoom::Symbol { path, name, line } => vec![format!("{path}:{name}@{line}")],
            Zoom::Lines { path, ranges } => ranges.iter().map(|r| format!("{path}:{r}")).collect(),
        }
    }

    /// The re-request as the front end writes it.
    pub fn request(&self, frontend: Frontend) -> String {
        match frontend {
            Frontend::Cli => {
                let specs: Vec<String> = self.specs().iter().map(|s| shell_word(s)).collect();
                format!("gather slice {}", specs.join(" "))
            }
            // Written by hand so `path` comes first, as a person would write it.
            Frontend::Mcp => {
                let quote = |s: &str| Value::from(s).to_string();
                let files: Vec<String> = match self {
                    Zoom::Symbol { path, name, line } => vec![format!(
                        r#"{{"path":{},"symbol":{},"line_hint":{line}}}"#,
                        quote(path),
                        quote(name)
                    )],
                    Zoom::Lines { path, ranges } => ranges
                        .iter()
                        .map(|r| format!(r#"{{"path":{},"lines":"{r}"}}"#, quote(path)))
                        .collect(),
                };
                format!(r#"assemble_context {{"files":[{}]}}"#, files.join(","))
            }
            Frontend::Context => self.specs().join(" "),
        }
    }
}

impl Frontend {
    /// How a flag or argument of that front end is spelled (`--include-tests` or
    /// `include_tests`).
    pub(crate) fn option(self, name: &str) -> String {
        match self {
            Frontend::Cli => format!("--{}", name.replace('_', "-")),
            Frontend::Mcp | Frontend::Context => name.to_string(),
        }
    }
}

/// `word` as one shell word: bare when it holds only characters no shell reads specially,
/// else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:@,+=%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_front_ends_name_the_same_slices() {
        let zoom = Zoom::Symbol {
            path: "src/a.rs",
            name: "Client::send",
            line: 12,
        };
        assert_eq!(
            zoom.request(Frontend::Cli),
            "gather slice src/a.rs:Client::send@12"
        );
        assert_eq!(
            zoom.request(Frontend::Mcp),
            r#"assemble_context {"files":[{"path":"src/a.rs","symbol":"Client::send","line_hint":12}]}"#
        );
        let zoom = Zoom::Lines {
            path: "my dir/a.py",
            ranges: vec![LineRange::new(3, 4), LineRange::new(9, 9)],
        };
        assert_eq!(
            zoom.request(Frontend::Cli),
            "gather slice 'my dir/a.py:3-4' 'my dir/a.py:9-9'"
        );
        assert_eq!(
            zoom.request(Frontend::Mcp),
            r#"assemble_context {"files":[{"path":"my dir/a.py","lines":"3-4"},{"path":"my dir/a.py","lines":"9-9"}]}"#
        );
        assert_eq!(
            zoom.request(Frontend::Context),
            "my dir/a.py:3-4 my dir/a.py:9-9"
        );
    }
}
