//! Re-requests: the exact request that shows what a pack cut or elided, spelled for the
//! front end that reads the pack. The command line gets a `gather slice` command, an MCP
//! client the `assemble_context` call (it has no `gather` binary). Both name the same
//! slices: a definition by its qualified name and the line it starts at
//! (`path:Type.method@LINE`, unique even among overloads and same-named methods), or lines
//! by their range (`path:START-END`).
//!
//! An MCP server that serves several roots names, in each call it prints, the root the
//! answer came from (`"root":"api"`, first among the arguments): a call copied as it is
//! reaches the same root. The library knows nothing of roots beyond that name, which the
//! server passes in with the request; with none, no call names a root.

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

    /// The re-request as the front end writes it; an MCP call names `root` when given.
    pub fn request(&self, frontend: Frontend, root: Option<&str>) -> String {
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
                format!(
                    r#"assemble_context {{{}"files":[{}]}}"#,
                    root_field(root),
                    files.join(",")
                )
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

/// `"root":ROOT`, the argument that names `root` in an MCP call.
pub(crate) fn root_arg(root: &str) -> String {
    format!(r#""root":{}"#, Value::from(root))
}

/// What opens the arguments of an MCP call naming `root`: its argument and a comma;
/// nothing without one.
fn root_field(root: Option<&str>) -> String {
    root.map(|root| format!("{},", root_arg(root)))
        .unwrap_or_default()
}

/// The `assemble_context` call that shows the head of the file `path` in `root`.
pub(crate) fn file_call(path: &str, root: &str) -> String {
    format!(
        r#"assemble_context {{{}"files":[{{"path":{}}}]}}"#,
        root_field(Some(root)),
        Value::from(path)
    )
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
            zoom.request(Frontend::Cli, None),
            "gather slice src/a.rs:Client::send@12"
        );
        assert_eq!(
            zoom.request(Frontend::Mcp, None),
            r#"assemble_context {"files":[{"path":"src/a.rs","symbol":"Client::send","line_hint":12}]}"#
        );
        let zoom = Zoom::Lines {
            path: "my dir/a.py",
            ranges: vec![LineRange::new(3, 4), LineRange::new(9, 9)],
        };
        assert_eq!(
            zoom.request(Frontend::Cli, None),
            "gather slice 'my dir/a.py:3-4' 'my dir/a.py:9-9'"
        );
        assert_eq!(
            zoom.request(Frontend::Mcp, None),
            r#"assemble_context {"files":[{"path":"my dir/a.py","lines":"3-4"},{"path":"my dir/a.py","lines":"9-9"}]}"#
        );
        assert_eq!(
            zoom.request(Frontend::Context, None),
            "my dir/a.py:3-4 my dir/a.py:9-9"
        );
    }

    /// A server of several roots names the root in each call; the other front ends never
    /// do (the command line and a hook read one root).
    #[test]
    fn an_mcp_call_names_the_root_first_when_one_is_given() {
        let zoom = Zoom::Lines {
            path: "src/a.rs",
            ranges: vec![LineRange::new(3, 4)],
        };
        assert_eq!(
            zoom.request(Frontend::Mcp, Some("api")),
            r#"assemble_context {"root":"api","files":[{"path":"src/a.rs","lines":"3-4"}]}"#
        );
        let zoom = Zoom::Symbol {
            path: "src/a.rs",
            name: "Client::send",
            line: 12,
        };
        // A root's name or path is quoted as JSON: any character a client gives survives.
        assert_eq!(
            zoom.request(Frontend::Mcp, Some(r#"/home/me/my "web""#)),
            r#"assemble_context {"root":"/home/me/my \"web\"","files":[{"path":"src/a.rs","symbol":"Client::send","line_hint":12}]}"#
        );
        assert_eq!(
            zoom.request(Frontend::Cli, Some("api")),
            "gather slice src/a.rs:Client::send@12"
        );
        assert_eq!(
            zoom.request(Frontend::Context, Some("api")),
            "src/a.rs:Client::send@12"
        );
        assert_eq!(
            file_call("README.md", "api"),
            r#"assemble_context {"root":"api","files":[{"path":"README.md"}]}"#
        );
    }
}
