//! The three tools: their arguments (whose JSON Schemas clients see), their output schemas,
//! and the library calls behind them. Each answer is a text rendering and a JSON value.

use std::sync::Arc;

use gather::budget::{self, Budget};
use gather::index::{self, Index, SymbolRef};
use gather::request::{self, ContextRequest};
use gather::slice::{self, SliceRequest};
use gather::{render, workspace, Error, ErrorCode, Result};
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::state::Workspace;

/// Tool names.
pub const GATHER_CONTEXT: &str = "gather_context";
/// Tool names.
pub const ASSEMBLE_CONTEXT: &str = "assemble_context";
/// Tool names.
pub const FIND_SYMBOL: &str = "find_symbol";

/// Default and largest line budget of `gather_context`.
const DEFAULT_LINES: usize = 400;
const MAX_LINES: usize = gather::pack::MAX_LINES;
/// Default token budget of `assemble_context`.
const DEFAULT_TOKENS: usize = 8000;

/// What a tool call produced.
#[derive(Debug)]
pub struct Answer {
    /// The text rendering (the result's `content`).
    pub text: String,
    /// The JSON (the result's `structuredContent`).
    pub json: Value,
}

/// One file to slice.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileArg {
    /// File, relative to the workspace root (an absolute path inside the root also works; `filePath` is accepted too).
    #[serde(alias = "filePath")]
    pub path: String,
    /// A definition in the file, plain or qualified (`parse`, `Client.send`): its whole body is shown.
    pub symbol: Option<String>,
    /// A line number: picks among same-named definitions, or alone shows the definition that contains the line.
    #[schemars(range(min = 1))]
    pub line_hint: Option<u32>,
    /// Lines shown from the top of the file when only path is given (default 40).
    #[schemars(range(min = 1))]
    pub head_lines: Option<u32>,
}

/// Arguments of `gather_context`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GatherContextArgs {
    /// A natural-language question about the code, e.g. "how does the retry backoff get its delay?". Send either question or symbol, not both.
    pub question: Option<String>,
    /// A definition's name, plain or qualified (`parse`, `Client.send`): the answer is that definition with its direct callers and callees. Send path with it when the name is defined more than once.
    pub symbol: Option<String>,
    /// The file that defines symbol, relative to the workspace root.
    pub path: Option<String>,
    /// Synonym of path.
    #[serde(rename = "filePath")]
    pub file_path: Option<String>,
    /// Exact slices pinned first, in order. Alone (no question, no symbol) they are the whole answer.
    pub files: Option<Vec<FileArg>>,
    /// Line budget for everything returned (default 400, at most 800).
    #[schemars(range(min = 1, max = 800))]
    pub budget_lines: Option<usize>,
    /// Token budget instead of lines (tokens estimated as characters / 4).
    #[schemars(range(min = 1))]
    pub max_tokens: Option<usize>,
    /// Let test code be a seed or a neighbour (default false).
    pub include_tests: Option<bool>,
}

/// Arguments of `assemble_context`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssembleContextArgs {
    /// The slices, most important first. A slice that does not fit the budget is dropped whole and named in budget_report.dropped_files.
    pub files: Vec<FileArg>,
    /// Token budget for the slices' content (default 8000; tokens estimated as characters / 4).
    #[schemars(range(min = 1))]
    pub max_tokens: Option<usize>,
}

/// Arguments of `find_symbol`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindSymbolArgs {
    /// A definition's name, plain or qualified (`parse`, `Client.send`).
    pub name: Option<String>,
    /// A file relative to the workspace root (`filePath` is accepted too): alone, lists its definitions; with name, only definitions in that file.
    #[serde(alias = "filePath")]
    pub path: Option<String>,
}

/// The input schema of `T`: JSON Schema 2020-12, inlined, optional fields not nullable.
fn input_schema<T: JsonSchema>() -> Arc<JsonObject> {
    let mut settings = SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let mut value = serde_json::to_value(schema).unwrap_or_default();
    portable(&mut value);
    let mut object = match value {
        Value::Object(object) => object,
        _ => JsonObject::new(),
    };
    object.remove("title");
    object.remove("description");
    Arc::new(object)
}

/// Keeps schemas portable: an optional argument is left out rather than sent as null, so
/// `"type": ["string", "null"]` becomes `"type": "string"`; Rust's integer formats (`uint32`)
/// are not JSON Schema formats and go.
fn portable(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if object
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| f.starts_with("uint") || f.starts_with("int"))
            {
                object.remove("format");
            }
            if let Some(Value::Array(types)) = object.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    object.insert("type".to_string(), only);
                }
            }
            object.values_mut().for_each(portable);
        }
        Value::Array(items) => items.iter_mut().for_each(portable),
        _ => {}
    }
}

const PARTIAL_NOTE: &str = "complete is false while the answer is partial; degraded says why (index-building: the first index is still being built, call again in a few seconds)";

/// An output schema: `properties` on success; a failed call (`isError`) has
/// `{"success": false, "code", "message"}` instead, so only `success` is required.
fn output_schema(description: &str, properties: Value) -> Arc<JsonObject> {
    let mut properties = properties;
    properties["success"] = json!({"type": "boolean", "description": "false when the call failed (the result then has isError, code and message)"});
    properties["code"] = json!({"type": "string", "description": "on failure: invalid_request, not_found, outside_root, io_error or index_error"});
    properties["message"] = json!({"type": "string", "description": "on failure: what went wrong and what to send instead"});
    match json!({
        "type": "object",
        "description": description,
        "properties": properties,
        "required": ["success"],
    }) {
        Value::Object(object) => Arc::new(object),
        _ => Arc::new(JsonObject::new()),
    }
}

fn pack_output_schema() -> Arc<JsonObject> {
    output_schema(
        &format!("A context pack: the items in rank order, each with its verbatim content or as a stub naming how to request it. {PARTIAL_NOTE}."),
        json!({
            "mode": {"type": "string", "description": "ask, symbol or slices"},
            "index": {"type": "object", "description": "files, symbols and stamp of the index the pack was cut from"},
            "budget": {"type": "object", "description": "unit, limit, used (measured on the text), tokens_estimated, and the printed lines split into code_lines and frame_lines"},
            "complete": {"type": "boolean", "description": "whether the pack is whole"},
            "degraded": {"type": "array", "items": {"type": "string"}, "description": "why the pack is partial"},
            "items": {
                "type": "array",
                "description": "pinned slices, seeds, then neighbours",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "root-relative file"},
                        "symbol": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "the definition's name, or null for a plain slice"},
                        "kind": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "function, method, class, … or null"},
                        "line_start": {"type": "integer", "description": "first line (1-based)"},
                        "line_end": {"type": "integer", "description": "last line (inclusive)"},
                        "role": {"type": "string", "description": "pinned, seed, caller of …, callee of …"},
                        "rendered": {"type": "string", "description": "body, elided, signature or stub"},
                        "doc_not_shown": {"type": "array", "items": {"type": "integer"}, "description": "first and last line of a long doc comment above the definition that the item leaves out (seeds past the leading two)"},
                        "content": {"type": "string", "description": "the lines shown"}
                    }
                }
            },
            "omitted": {"type": "object", "description": "what was left out and why (tests, external callees, ambiguous calls, beyond budget, question words that matched nothing, question words past the reading cap, identical copies of seeds, matches only in test code, requested files that could not be sliced: unmet_slices with found false and a reason)"}
        }),
    )
}

fn assemble_output_schema() -> Arc<JsonObject> {
    output_schema(
        "Slices in request order within the token budget, and what was dropped.",
        json!({
            "slices": {
                "type": "array",
                "description": "the slices kept, in request order",
                "items": {
                    "type": "object",
                    "properties": {
                        "file": {"type": "string", "description": "root-relative file"},
                        "symbol": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "the definition shown, or null"},
                        "line_start": {"type": "integer", "description": "first line (1-based)"},
                        "line_end": {"type": "integer", "description": "last line (inclusive)"},
                        "content": {"type": "string", "description": "the exact text of those lines"}
                    },
                    "required": ["file", "symbol", "line_start", "line_end", "content"]
                }
            },
            "budget_report": {
                "type": "object",
                "description": "what the budget kept and dropped",
                "properties": {
                    "total_slices": {"type": "integer", "description": "slices requested"},
                    "included_slices": {"type": "integer", "description": "slices kept"},
                    "dropped_slices": {"type": "integer", "description": "slices dropped whole"},
                    "estimated_tokens_used": {"type": "integer", "description": "tokens of the kept content (characters / 4)"},
                    "budget_tokens": {"type": "integer", "description": "the token budget"},
                    "budget_exceeded": {"type": "boolean", "description": "whether anything was dropped"},
                    "dropped_files": {"type": "array", "items": {"type": "string"}, "description": "the file of each dropped slice"}
                },
                "required": ["total_slices", "included_slices", "dropped_slices",
                             "estimated_tokens_used", "budget_tokens", "budget_exceeded",
                             "dropped_files"]
            }
        }),
    )
}

fn find_output_schema() -> Arc<JsonObject> {
    output_schema(
        &format!("Definitions in (path, line) order. {PARTIAL_NOTE}."),
        json!({
            "complete": {"type": "boolean", "description": "whether the list is whole"},
            "degraded": {"type": "array", "items": {"type": "string"}, "description": "why the list is partial"},
            "definitions": {
                "type": "array",
                "description": "one entry per definition",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "root-relative file"},
                        "name": {"type": "string", "description": "the plain name"},
                        "qualified_name": {"type": "string", "description": "e.g. Client.send"},
                        "kind": {"type": "string", "description": "function, method, class, …"},
                        "line_start": {"type": "integer", "description": "first line (1-based)"},
                        "line_end": {"type": "integer", "description": "last line (inclusive)"}
                    },
                    "required": ["path", "name", "kind", "line_start", "line_end"]
                }
            }
        }),
    )
}

/// The three tools as listed to clients.
pub fn list() -> Vec<Tool> {
    let read_only = ToolAnnotations::new().read_only(true).destructive(false);
    vec![
        Tool::new(
            GATHER_CONTEXT,
            "Verbatim code for a question or a symbol, ranked and cut to a budget: one call instead of search, read and find-callers. \
             Send question (natural language), or symbol with its path (the definition plus its direct callers and callees); \
             files pins exact slices first, and alone returns just those slices. \
             Everything that did not fit is listed under \"Beyond budget\" with the exact request that shows it. \
             Errors carry a code (invalid_request, not_found, outside_root, io_error, index_error) and say what to send instead.",
            input_schema::<GatherContextArgs>(),
        )
        .with_raw_output_schema(pack_output_schema())
        .with_annotations(read_only.clone()),
        Tool::new(
            ASSEMBLE_CONTEXT,
            "Exact slices of files, in request order, within a token budget: each item {path, symbol?, line_hint?, head_lines?} gives a whole \
             definition (symbol), the definition containing a line (line_hint) or the first head_lines lines (path alone). \
             A slice that does not fit is dropped whole and named in budget_report.dropped_files.",
            input_schema::<AssembleContextArgs>(),
        )
        .with_raw_output_schema(assemble_output_schema())
        .with_annotations(read_only.clone()),
        Tool::new(
            FIND_SYMBOL,
            "Where definitions are: by name (plain or qualified, e.g. Client.send), by file (path: every definition in it), or both. \
             Each hit has its kind and path:start-end lines.",
            input_schema::<FindSymbolArgs>(),
        )
        .with_raw_output_schema(find_output_schema())
        .with_annotations(read_only),
    ]
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidRequest, message)
}

const FILES_FORM: &str =
    r#"each item is {"path": "src/x.py", "symbol"?: "name", "line_hint"?: 12, "head_lines"?: 40}"#;

fn usage(tool: &str) -> &'static str {
    match tool {
        GATHER_CONTEXT => {
            r#"send {"question": "..."} or {"symbol": "name", "path": "file"}, optionally "files": [{"path": ...}], "budget_lines" or "max_tokens", "include_tests""#
        }
        ASSEMBLE_CONTEXT => {
            r#"send {"files": [{"path": "src/x.py", "symbol"?: "name"}], "max_tokens"?: 8000}"#
        }
        _ => r#"send {"name": "parse"}, {"path": "src/x.py"} or both"#,
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

/// Answers one call of `tool`.
pub fn call(workspace: &Workspace, tool: &str, args: Option<JsonObject>) -> Result<Answer> {
    match tool {
        GATHER_CONTEXT => gather_context(workspace, arguments(tool, args)?),
        ASSEMBLE_CONTEXT => assemble_context(workspace, arguments(tool, args)?),
        FIND_SYMBOL => find_symbol(workspace, arguments(tool, args)?),
        _ => Err(invalid(format!(
            "no tool named {tool}; the tools are {GATHER_CONTEXT}, {ASSEMBLE_CONTEXT} and {FIND_SYMBOL}"
        ))),
    }
}

fn slice_requests(files: Vec<FileArg>) -> Vec<SliceRequest> {
    files
        .into_iter()
        .map(|f| SliceRequest {
            path: f.path,
            symbol: f.symbol,
            line_hint: f.line_hint,
            lines: None,
            head_lines: f.head_lines,
        })
        .collect()
}

fn gather_context(workspace: &Workspace, args: GatherContextArgs) -> Result<Answer> {
    let path = match (args.path, args.file_path) {
        (Some(a), Some(b)) if a != b => {
            return Err(invalid(
                "path and filePath name different files: send one of them",
            ))
        }
        (a, b) => a.or(b),
    };
    let budget = match (args.budget_lines, args.max_tokens) {
        (Some(_), Some(_)) => return Err(invalid("send budget_lines or max_tokens, not both")),
        (Some(0), _) | (_, Some(0)) => return Err(invalid("a budget must be at least 1")),
        (Some(n), None) if n > MAX_LINES => {
            return Err(invalid(format!(
                "budget_lines is at most {MAX_LINES}; send a smaller number, or max_tokens"
            )))
        }
        (Some(n), None) => Budget::Lines(n),
        (None, Some(n)) => Budget::Tokens(n),
        (None, None) => Budget::Lines(DEFAULT_LINES),
    };
    let request = ContextRequest {
        question: args.question,
        symbol: args.symbol,
        path,
        slices: slice_requests(args.files.unwrap_or_default()),
        budget,
        include_tests: args.include_tests.unwrap_or(false),
        ..ContextRequest::default()
    };
    workspace.with_index(
        |index| {
            request::context(index, &request).map(|pack| Answer {
                text: pack.text,
                json: pack.json,
            })
        },
        || partial_context(workspace, &request),
    )
}

/// The line that opens a partial answer.
const BUILDING: &str = "! index-building: the first index of this workspace is still being built, so this answer is partial; call again in a few seconds for the full answer\n";

/// Marks an answer as partial because the index is still being built.
fn mark_building(answer: &mut Answer) {
    answer.text.insert_str(0, BUILDING);
    answer.json["complete"] = json!(false);
    match answer.json["degraded"].as_array_mut() {
        Some(degraded) => degraded.insert(0, json!("index-building")),
        None => answer.json["degraded"] = json!(["index-building"]),
    }
}

/// `gather_context` while the first build runs: what single files can answer. A symbol with
/// its path is looked up in that file alone (callers and callees in other files are missing);
/// pinned slices are cut as always; a question has no seeds yet.
fn partial_context(workspace: &Workspace, request: &ContextRequest) -> Result<Answer> {
    let mode = match (&request.question, &request.symbol) {
        (Some(_), Some(_)) | (None, None) => None,
        (Some(_), None) => Some("ask"),
        (None, Some(_)) => Some("symbol"),
    };
    let mut partial = request.clone();
    partial.question = None;
    let mut files = Vec::new();
    if let (Some(_), Some(path)) = (&request.symbol, &request.path) {
        files.push(path.clone());
    } else {
        partial.symbol = None;
    }
    let answerable = mode.is_none() || partial.symbol.is_some() || !partial.slices.is_empty();
    if !answerable {
        // Nothing can be said yet; say so, in the pack's shape.
        let used = request.budget.cost(BUILDING);
        return Ok(Answer {
            text: BUILDING.to_string(),
            json: json!({
                "success": true,
                "mode": mode,
                "index": {"files": 0, "symbols": 0, "stamp": ""},
                "budget": {"unit": request.budget.unit(), "limit": request.budget.limit(),
                           "used": used, "tokens_estimated": budget::estimate_tokens(BUILDING)},
                "complete": false,
                "degraded": ["index-building"],
                "items": [],
                "omitted": {},
            }),
        });
    }
    // The note costs part of the budget, so the whole answer still fits it.
    let note = request.budget.cost(BUILDING);
    partial.budget = match request.budget {
        Budget::Lines(n) => Budget::Lines(n.min(MAX_LINES).saturating_sub(note).max(1)),
        Budget::Tokens(n) => Budget::Tokens(n.saturating_sub(note).max(1)),
    };
    let index = index::build_files(workspace.root(), &files)?;
    let pack = request::context(&index, &partial)?;
    let mut answer = Answer {
        text: pack.text,
        json: pack.json,
    };
    if let Some(mode) = mode {
        answer.json["mode"] = json!(mode);
    }
    mark_building(&mut answer);
    let tokens = budget::estimate_tokens(&answer.text);
    let budget = &mut answer.json["budget"];
    budget["limit"] = json!(request.budget.limit());
    if let Some(used) = budget["used"].as_u64() {
        budget["used"] = json!(used as usize + note);
    }
    budget["tokens_estimated"] = json!(tokens);
    Ok(answer)
}

fn assemble_context(workspace: &Workspace, args: AssembleContextArgs) -> Result<Answer> {
    if args.files.is_empty() {
        return Err(invalid(format!("files is empty: {FILES_FORM}")));
    }
    let budget = match args.max_tokens {
        Some(0) => return Err(invalid("max_tokens must be at least 1")),
        Some(n) => Budget::Tokens(n),
        None => Budget::Tokens(DEFAULT_TOKENS),
    };
    // Slices are read from disk as they are now; they need no index.
    let slices = slice::assemble(workspace.root(), &slice_requests(args.files))?;
    let fitted = budget::fit_slices(slices, budget);
    Ok(Answer {
        text: render::slices_text(&fitted),
        json: render::assemble_context_json(&fitted),
    })
}

fn find_symbol(workspace: &Workspace, args: FindSymbolArgs) -> Result<Answer> {
    let name = args.name.filter(|n| !n.trim().is_empty());
    if name.is_none() && args.path.is_none() {
        return Err(invalid(
            r#"send a name ({"name": "parse"}), a file ({"path": "src/x.py"}), or both"#,
        ));
    }
    let rel = match &args.path {
        Some(path) => {
            let resolved = workspace::resolve(workspace.root().path(), path)?;
            if !resolved.exists {
                return Err(Error::new(
                    ErrorCode::NotFound,
                    format!("no file {path} under the workspace root; paths are relative to it"),
                ));
            }
            if resolved.abs.is_dir() {
                return Err(invalid(format!(
                    "{path} is a directory: name a file, or send only name"
                )));
            }
            Some(resolved.rel)
        }
        None => None,
    };
    let lookup = |index: &Index| -> Result<Answer> {
        let hits: Vec<SymbolRef> = match (&name, &rel) {
            (Some(name), Some(rel)) => index
                .find(name)
                .into_iter()
                .filter(|h| &h.file.path == rel)
                .collect(),
            (Some(name), None) => index.find(name),
            (None, Some(rel)) => index.find_in_file(rel),
            (None, None) => Vec::new(),
        };
        if hits.is_empty() {
            return Err(not_found(index, name.as_deref(), rel.as_deref()));
        }
        let mut json = render::find_json(&hits);
        json["complete"] = json!(true);
        json["degraded"] = json!([]);
        Ok(Answer {
            text: render::find_text(&hits),
            json,
        })
    };
    workspace.with_index(lookup, || {
        let files: Vec<String> = rel.iter().cloned().collect();
        let index = index::build_files(workspace.root(), &files)?;
        let mut answer = match lookup(&index) {
            Ok(answer) => answer,
            Err(_) => Answer {
                text: String::new(),
                json: json!({"success": true, "definitions": []}),
            },
        };
        mark_building(&mut answer);
        Ok(answer)
    })
}

fn not_found(index: &Index, name: Option<&str>, rel: Option<&str>) -> Error {
    match (name, rel) {
        (Some(name), rel) => match index.locate(name, rel, None) {
            Err(error) if error.code == ErrorCode::NotFound => error,
            _ => Error::new(ErrorCode::NotFound, format!("no definition named {name}")),
        },
        (None, Some(rel)) => {
            let status = index
                .status(rel)
                .map(|s| s.label())
                .unwrap_or_else(|| "not indexed".to_string());
            Error::new(
                ErrorCode::NotFound,
                format!(
                    "no definitions in {rel} ({status}); read it with assemble_context instead"
                ),
            )
        }
        (None, None) => invalid("send a name or a path"),
    }
}
