//! The three tools: their arguments (whose JSON Schemas clients see, with the output
//! schemas, in `tools/schema.rs`) and the library calls behind them. Each answer is a text
//! rendering and a JSON value.

use gather::budget::Budget;
use gather::index::{self, SymbolRef};
use gather::outline::Find;
use gather::render::zoom::Frontend;
use gather::request::{self, ContextRequest, Target};
use gather::slice::spec::{self, SliceFields};
use gather::slice::{self, SliceRequest};
use gather::{render, Error, ErrorCode, Result};
use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::state::Workspace;

mod schema;

pub use schema::list;

/// Tool names.
pub const GATHER_CONTEXT: &str = "gather_context";
/// Tool names.
pub const ASSEMBLE_CONTEXT: &str = "assemble_context";
/// Tool names.
pub const FIND_SYMBOL: &str = "find_symbol";

/// What a tool call produced.
#[derive(Debug)]
pub struct Answer {
    /// The text rendering (the result's `content`).
    pub text: String,
    /// The JSON (the result's `structuredContent`).
    pub json: Value,
}

/// A whole number, also accepted as a string of digits (`"40"`): some clients send every
/// argument as a string, and the meaning is not in doubt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Num(pub u64);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Num, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Num;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number (or a string of digits)")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> std::result::Result<Num, E> {
                Ok(Num(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> std::result::Result<Num, E> {
                u64::try_from(n).map(Num).map_err(|_| {
                    E::custom(format!("expected a whole number of at least 1, got {n}"))
                })
            }
            // A whole number past the range (`1e10`, twenty digits) is as large as any:
            // each field then caps it or says how large it may be.
            fn visit_f64<E: serde::de::Error>(self, n: f64) -> std::result::Result<Num, E> {
                if n.fract() == 0.0 && n >= 0.0 {
                    Ok(Num(n as u64))
                } else {
                    Err(E::custom(format!(
                        "expected a whole number of at least 1, got {n}"
                    )))
                }
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> std::result::Result<Num, E> {
                let digits = text.trim();
                let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
                if all_digits(digits) {
                    Ok(Num(digits.parse::<u64>().unwrap_or(u64::MAX)))
                } else if digits.strip_prefix('-').is_some_and(all_digits) {
                    Err(E::custom("expected a whole number of at least 1"))
                } else {
                    // The text may be megabytes long: its start is enough to recognise it.
                    let start: String = text.chars().take(40).collect();
                    Err(E::custom(format!(
                        "expected a whole number, got {start:?}…"
                    )))
                }
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl JsonSchema for Num {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Num".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        // A string of digits is read as its number (see `Deserialize`). `anyOf` rather than
        // a list of types: some clients map schemas onto a dialect with one type each.
        schemars::json_schema!({"anyOf": [{"type": "integer"}, {"type": "string"}]})
    }
}

impl Num {
    /// The number as a line number or count (at most `u32::MAX`).
    fn line(self, what: &str) -> Result<u32> {
        spec::line_number(self.0, what)
    }

    /// The number as a budget's count: one past any range is as large as any.
    fn count(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

/// One file to slice. (Its fields say it all: the schema gives no description of its own.)
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(description = "")]
pub struct FileArg {
    /// Root-relative file.
    pub path: Option<String>,
    /// Synonym of path.
    #[serde(rename = "filePath")]
    pub file_path: Option<String>,
    /// A definition (plain, qualified or NAME@LINE): its whole body.
    pub symbol: Option<String>,
    /// Picks among same-named definitions; alone, the one holding this line.
    pub line_hint: Option<Num>,
    /// Exact lines, START-END or N.
    pub lines: Option<String>,
    /// First line of an exact range.
    pub line_start: Option<Num>,
    /// Last line of an exact range.
    pub line_end: Option<Num>,
    /// Lines from the top, path alone (default 40).
    pub head_lines: Option<Num>,
}

/// Arguments of `gather_context`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GatherContextArgs {
    /// A question, or a whole issue as is (code, tracebacks, output). One of question, symbol, diff.
    pub question: Option<String>,
    /// A definition's name, plain or qualified (Client.send), or NAME@LINE: it, its callers and callees.
    pub symbol: Option<String>,
    /// A unified diff: the definitions it touches, changed lines shown, callers and callees.
    pub diff: Option<String>,
    /// The file defining symbol.
    pub path: Option<String>,
    /// Synonym of path.
    #[serde(rename = "filePath")]
    pub file_path: Option<String>,
    /// A line of the definition, when path defines its name more than once.
    pub line: Option<Num>,
    /// Slices pinned first, shown whole; alone, the whole answer.
    #[schemars(length(max = 256))]
    pub files: Option<Vec<FileArg>>,
    /// Lines for the whole answer (default 400, at most 800).
    pub budget_lines: Option<Num>,
    /// A token budget instead (characters / 4).
    pub max_tokens: Option<Num>,
    /// Let test code be a seed or neighbour.
    pub include_tests: Option<bool>,
    /// Synonym of include_tests.
    #[serde(rename = "includeTests")]
    pub include_tests_camel: Option<bool>,
    /// A directory: seeds only from under it.
    pub scope: Option<String>,
}

/// Arguments of `assemble_context`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssembleContextArgs {
    /// The slices, most important first; one that does not fit is dropped whole.
    #[schemars(length(max = 256))]
    pub files: Vec<FileArg>,
    /// Tokens for the content (default 8000; characters / 4).
    pub max_tokens: Option<Num>,
}

/// Arguments of `find_symbol`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindSymbolArgs {
    /// A definition's name, plain or qualified (Client.send).
    pub name: Option<String>,
    /// A file: alone, all its definitions; with name, only those in it.
    pub path: Option<String>,
    /// Synonym of path.
    #[serde(rename = "filePath")]
    pub file_path: Option<String>,
    /// A directory: only definitions under it.
    pub scope: Option<String>,
}

/// The argument every tool takes beside its own: which root the call is about. The server
/// takes it out before the tool reads the rest ([`take_root`]).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct RootArg {
    /// Root path or name, if several.
    pub root: Option<String>,
}

/// Takes `root` out of a call's arguments.
pub fn take_root(arguments: &mut Option<JsonObject>) -> Result<Option<String>> {
    match arguments.as_mut().and_then(|a| a.remove("root")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(root)) => Ok(Some(root)),
        Some(_) => Err(invalid(
            "root is a string: the path, URI or name of one of the client's roots",
        )),
    }
}

/// One of two spellings of the same argument; both given must agree.
fn either<T: PartialEq>(a: Option<T>, b: Option<T>, names: &str) -> Result<Option<T>> {
    match (a, b) {
        (Some(a), Some(b)) if a != b => Err(invalid(format!(
            "{names} say different things: send one of them"
        ))),
        (a, b) => Ok(a.or(b)),
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidRequest, message)
}

const FILES_FORM: &str = spec::FIELDS_FORM;

fn usage(tool: &str) -> &'static str {
    match tool {
        GATHER_CONTEXT => {
            r#"send {"question": "..."}, {"symbol": "name", "path": "file", "line"?: 12} or {"diff": "diff --git ..."}, optionally "files": [{"path": ...}], "budget_lines" or "max_tokens", "include_tests", "scope""#
        }
        ASSEMBLE_CONTEXT => {
            r#"send {"files": [{"path": "src/x.py", "symbol"?: "name", "lines"?: "10-20"}], "max_tokens"?: 8000}"#
        }
        _ => r#"send {"name": "parse"}, {"path": "src/x.py"} or both, optionally "scope": "src""#,
    }
}

/// Reads a tool's arguments, with a message that says what to send when they do not fit.
fn arguments<T: DeserializeOwned>(tool: &str, arguments: Option<JsonObject>) -> Result<T> {
    let arguments = arguments.unwrap_or_default();
    if let Some(files) = arguments.get("files").and_then(Value::as_array) {
        for (i, item) in files.iter().enumerate() {
            let named = item
                .as_object()
                .is_some_and(|o| o.contains_key("path") || o.contains_key("filePath"));
            if !named {
                return Err(invalid(format!("files[{i}] has no path: {FILES_FORM}")));
            }
        }
    }
    serde_json::from_value(Value::Object(arguments)).map_err(|e| {
        invalid(format!(
            "invalid arguments for {tool}: {e}; {}",
            usage(tool)
        ))
    })
}

/// Answers one call of `tool` about `workspace`; the calls the answer prints name `root`
/// when given (a server of several roots gives the name that reaches this one).
pub fn call(
    workspace: &Workspace,
    root: Option<&str>,
    tool: &str,
    args: Option<JsonObject>,
) -> Result<Answer> {
    match tool {
        GATHER_CONTEXT => gather_context(workspace, root, arguments(tool, args)?),
        ASSEMBLE_CONTEXT => assemble_context(workspace, arguments(tool, args)?),
        FIND_SYMBOL => find_symbol(workspace, root, arguments(tool, args)?),
        _ => Err(invalid(format!(
            "no tool named {tool}; the tools are {GATHER_CONTEXT}, {ASSEMBLE_CONTEXT} and {FIND_SYMBOL}"
        ))),
    }
}

fn slice_requests(files: Vec<FileArg>) -> Result<Vec<SliceRequest>> {
    files
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            SliceFields {
                path: either(
                    f.path,
                    f.file_path,
                    &format!("files[{i}].path and filePath"),
                )?,
                symbol: f.symbol,
                line_hint: f.line_hint.map(|n| n.0),
                lines: f.lines,
                line_start: f.line_start.map(|n| n.0),
                line_end: f.line_end.map(|n| n.0),
                head_lines: f.head_lines.map(|n| n.0),
            }
            .lower(i)
        })
        .collect()
}

fn gather_context(
    workspace: &Workspace,
    root: Option<&str>,
    args: GatherContextArgs,
) -> Result<Answer> {
    let path = either(args.path, args.file_path, "path and filePath")?;
    let include_tests = either(
        args.include_tests,
        args.include_tests_camel,
        "include_tests and includeTests",
    )?;
    // The command line's rule: a line budget past the cap is cut to it, and the pack's
    // header says so.
    let budget = Budget::from_flags(
        args.budget_lines.map(Num::count),
        args.max_tokens.map(Num::count),
        Budget::PACK,
    )?;
    let line = args.line.map(|n| n.line("line")).transpose()?;
    let slices = slice_requests(args.files.unwrap_or_default())?;
    let target = target_of(args.question, args.symbol, path, line, args.diff)?;
    let request = ContextRequest {
        slices,
        budget,
        include_tests: include_tests.unwrap_or(false),
        scope: args.scope,
        frontend: Frontend::Mcp,
        call_root: root.map(str::to_string),
        ..ContextRequest::new(target)
    };
    let pack = workspace.with_index(
        |index, notes| {
            // The tree the refreshed index reflects, named in the header and the JSON.
            let tree = gather::tree::read(index);
            if notes.is_empty() && tree.is_none() {
                return request::context_pack(index, &request);
            }
            let mut noted = request.clone();
            noted.degraded.extend_from_slice(notes);
            noted.tree = tree;
            request::context_pack(index, &noted)
        },
        || {
            request::context_unindexed(
                workspace.root(),
                workspace.options(),
                &request,
                render::INDEX_BUILDING,
            )
        },
    )?;
    let (text, json) = render::pack::render(&pack);
    Ok(Answer { text, json })
}

/// What `gather_context`'s question, symbol, path, line and diff ask for, or why they do not
/// fit together: a diff alone (a line beside it is not read), a path or line only with a
/// symbol, a question or a symbol but not both, and none of them for slices only.
fn target_of(
    question: Option<String>,
    symbol: Option<String>,
    path: Option<String>,
    line: Option<u32>,
    diff: Option<String>,
) -> Result<Target> {
    if let Some(diff) = diff {
        if question.is_some() || symbol.is_some() || path.is_some() {
            return Err(invalid(
                "send a diff alone, without a question, symbol or path (files may pin slices beside it)",
            ));
        }
        return Ok(Target::Diff(diff));
    }
    if (path.is_some() || line.is_some()) && symbol.is_none() {
        return Err(invalid(
            "path and line name a symbol's definition: send symbol as well, or put the file in files",
        ));
    }
    match (question, symbol) {
        (Some(_), Some(_)) => Err(invalid(
            "send either a question or a symbol (with its path), not both",
        )),
        (Some(question), None) => Ok(Target::Question(question)),
        (None, Some(name)) => Ok(Target::Symbol { name, path, line }),
        (None, None) => Ok(Target::Slices),
    }
}

fn assemble_context(workspace: &Workspace, args: AssembleContextArgs) -> Result<Answer> {
    let budget = Budget::from_flags(None, args.max_tokens.map(Num::count), Budget::SLICES)?;
    // Slices are read from disk as they are now; they need no index. The same slice asked
    // twice is cut once.
    let requests = slice::dedup(slice_requests(args.files)?);
    let slices = slice::assemble(workspace.root(), &requests)?;
    let fitted = slice::fit_slices(slices, budget);
    Ok(Answer {
        text: render::slices_text(&fitted),
        json: render::slices_json(&fitted),
    })
}

fn find_symbol(workspace: &Workspace, root: Option<&str>, args: FindSymbolArgs) -> Result<Answer> {
    let path = either(args.path, args.file_path, "path and filePath")?;
    let find = Find::new(
        workspace.root().path(),
        args.name.as_deref(),
        path.as_deref(),
        Frontend::Mcp,
    )?
    .scoped(workspace.root().path(), args.scope.as_deref())?
    .calling_root(root);
    let answer = |hits: &[SymbolRef], building: bool, notes: &[String]| {
        let (text, json) = render::find_noting(hits, building, notes);
        Answer { text, json }
    };
    workspace.with_index(
        |index, notes| Ok(answer(&find.lookup(index)?, false, notes)),
        || {
            // While the first index is built, the one file asked about is indexed alone.
            let files: Vec<String> = find.file().iter().map(|f| f.to_string()).collect();
            let index = index::build_files(workspace.root(), &files)?;
            let hits = find.lookup(&index).unwrap_or_default();
            Ok(answer(&hits, true, &[]))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(fields: (&str, &str, &str, Option<u32>, &str)) -> String {
        let some = |s: &str| (!s.is_empty()).then(|| s.to_string());
        let (question, symbol, path, line, diff) = fields;
        let (question, symbol, path, diff) = (some(question), some(symbol), some(path), some(diff));
        target_of(question, symbol, path, line, diff)
            .unwrap_err()
            .message
    }

    /// The arguments' shape is refused at the boundary, with the messages the library gave
    /// when it read the same fields.
    #[test]
    fn arguments_that_do_not_fit_together_are_refused() {
        let diff = "diff --git a/x.py b/x.py";
        assert!(refusal(("q", "", "", None, diff)).starts_with("send a diff alone"));
        assert!(refusal(("", "", "x.py", None, diff)).starts_with("send a diff alone"));
        assert!(refusal(("", "", "x.py", None, "")).starts_with("path and line name"));
        assert!(refusal(("q", "", "", Some(3), "")).starts_with("path and line name"));
        assert!(refusal(("q", "f", "", None, "")).ends_with("not both"));
    }

    #[test]
    fn each_shape_becomes_its_target() {
        let target = |q: Option<&str>, s: Option<&str>, p: Option<&str>, l, d: Option<&str>| {
            let owned = |x: Option<&str>| x.map(str::to_string);
            target_of(owned(q), owned(s), owned(p), l, owned(d)).unwrap()
        };
        assert_eq!(
            target(Some("why"), None, None, None, None),
            Target::Question("why".into())
        );
        assert_eq!(
            target(None, Some("f"), Some("a.py"), Some(3), None),
            Target::Symbol {
                name: "f".into(),
                path: Some("a.py".into()),
                line: Some(3)
            }
        );
        // A line beside a diff was never read.
        assert_eq!(
            target(None, None, None, Some(3), Some("d")),
            Target::Diff("d".into())
        );
        // Slices only; with none, the library says there is nothing to gather.
        assert_eq!(target(None, None, None, None, None), Target::Slices);
    }
}
