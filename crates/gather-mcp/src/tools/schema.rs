//! The three tools as clients see them: names, descriptions, and the JSON Schemas of their
//! arguments and of their results.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde_json::{json, Value};

use super::{
    AssembleContextArgs, FindSymbolArgs, GatherContextArgs, ASSEMBLE_CONTEXT, FIND_SYMBOL,
    GATHER_CONTEXT,
};

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
            // `Option<T>` of a type with its own schema is `anyOf: [T, null]`: T alone.
            if let Some(Value::Array(options)) = object.get_mut("anyOf") {
                options.retain(|o| o != &json!({"type": "null"}));
                if options.len() == 1 {
                    let only = options.remove(0);
                    object.remove("anyOf");
                    if let Value::Object(inner) = only {
                        for (key, value) in inner {
                            object.entry(key).or_insert(value);
                        }
                    }
                }
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

const PARTIAL_NOTE: &str = "complete is false while the answer is partial; degraded says why (index-building: the first index is still being built, call again in a few seconds; watch-fallback, which leaves complete true: the server walked the whole tree to check freshness because its file watcher could not be trusted for this call)";

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

/// `{"type": "integer"}` with a description.
fn integer(description: &str) -> Value {
    json!({"type": "integer", "description": description})
}

/// A first and last line, `[start, end]`.
fn line_pair(description: &str) -> Value {
    json!({"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2, "description": description})
}

/// A string, or null when there is none.
fn string_or_null(description: &str) -> Value {
    json!({"anyOf": [{"type": "string"}, {"type": "null"}], "description": description})
}

/// `{path, line_start, line_end}`: lines of a file.
fn file_lines(description: &str) -> Value {
    json!({
        "type": "object",
        "description": description,
        "properties": {
            "path": {"type": "string", "description": "root-relative file"},
            "line_start": integer("first line (1-based)"),
            "line_end": integer("last line (inclusive)")
        }
    })
}

/// The items of `files` in an assemble_context call, as a pack's re-requests spell them.
fn zoom_files() -> Value {
    json!({
        "type": "array",
        "description": "the assemble_context argument files",
        "items": {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "root-relative file"},
                "symbol": {"type": "string", "description": "the definition's qualified name"},
                "line_hint": integer("its first line, which picks it among same-named definitions"),
                "lines": {"type": "string", "description": "exact lines, START-END"}
            }
        }
    })
}

fn pack_item_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "root-relative file"},
            "symbol": string_or_null("the definition's name, or null for a plain slice"),
            "kind": string_or_null("function, method, class, … or null"),
            "line_start": integer("first line (1-based) of the lines the item stands for"),
            "line_end": integer("last line (inclusive)"),
            "shown": {"type": "array", "items": line_pair("a run of lines printed"), "description": "the runs of lines printed in content, each [start, end]; empty for a stub"},
            "role": {"type": "string", "description": "pinned, seed, caller-of-NAME, callee-of-NAME, line-hit, changed (lines a diff added outside every definition), or parent-of-NAME (the head of a seed's class: its lines before its first member)"},
            "rendered": {"type": "string", "description": "body, elided, signature or stub"},
            "changed": {"type": "array", "items": line_pair("a run of changed lines"), "description": "change mode: the item's lines the diff changed, each [start, end]; shown whenever the item is"},
            "doc_not_shown": line_pair("first and last line of a long doc comment above the definition that the item leaves out (seeds past the leading two)"),
            "edge": {
                "type": "object",
                "description": "for a caller or callee: how the call was proven and where it is",
                "properties": {
                    "confidence": {"type": "string", "description": "import, local, qualified or name"},
                    "call_line": integer("the line of the call")
                }
            },
            "content": {"type": "string", "description": "the lines shown; each elision line ends with the assemble_context call that shows the lines it leaves out"},
            "cost_lines": integer("for a stub: the lines showing it whole would take"),
            "request": {"type": "string", "description": "for a stub: the assemble_context call that shows it"},
            "zoom": {
                "type": "object",
                "description": "for a stub: its re-request",
                "properties": {
                    "specs": {"type": "array", "items": {"type": "string"}, "description": "path:Name@LINE or path:START-END"},
                    "files": zoom_files()
                }
            }
        }
    })
}

fn omitted_schema() -> Value {
    let mut copy = file_lines("a copy of a seed, not shown");
    copy["properties"]["copy_of"] = file_lines("the copy shown instead");
    let mut schema = json!({
        "type": "object",
        "description": "what was left out and why",
        "properties": {
            "tests_excluded": integer("test definitions left out (include_tests brings them)"),
            "external_callees": integer("calls to definitions outside the workspace"),
            "external_names": {"type": "array", "items": {"type": "string"}, "description": "their names"},
            "ambiguous": {
                "type": "array",
                "description": "calls with several candidates, never turned into an edge",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "description": "the name called"},
                        "call_line": integer("the line of the call"),
                        "candidates": integer("how many definitions it could be")
                    }
                }
            },
            "merged": integer("items merged into an overlapping one"),
            "beyond_budget": integer("items shown as stubs"),
            "unmatched_terms": {"type": "array", "items": {"type": "string"}, "description": "question words that matched nothing"},
            "question_left_out": integer("question words past the reading cap"),
            "copies": {"type": "array", "items": copy, "description": "identical copies of seeds"},
            "test_matches": integer("matches only in test code, when nothing else matched"),
            "nothing_matched": {"type": "boolean", "description": "whether nothing the question names exists"},
            "empty_scope": {"type": "string", "description": "the scope, when nothing under it matches the request"},
            "unmet_slices": {
                "type": "array",
                "description": "requested files that could not be sliced",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "the file asked for"},
                        "symbol": string_or_null("the definition asked for, or null"),
                        "found": {"type": "boolean", "description": "always false"},
                        "reason": {"type": "string", "description": "why it could not be met"}
                    }
                }
            },
            "other_definitions": {
                "type": "array",
                "description": "other definitions of a symbol's name in its file",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "root-relative file"},
                        "symbol": {"type": "string", "description": "its qualified name"},
                        "line_start": integer("first line (1-based)"),
                        "line_end": integer("last line (inclusive)")
                    }
                }
            }
        }
    });
    if let (Some(all), Value::Object(change)) = (
        schema["properties"].as_object_mut(),
        change_omitted_schema(),
    ) {
        all.extend(change);
    }
    schema
}

/// The fields of `omitted` only change mode sends.
fn change_omitted_schema() -> Value {
    json!({
            "deleted": {
                "type": "array",
                "description": "change mode: definitions the diff removes that the file no longer has, with their old lines",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "the old file"},
                        "symbol": {"type": "string", "description": "its name"},
                        "line_start": integer("first old line (1-based)"),
                        "line_end": integer("last old line (inclusive)")
                    }
                }
            },
            "deleted_files": {"type": "array", "items": {"type": "string"}, "description": "change mode: files the diff deletes"},
            "stale_hunks": {
                "type": "array",
                "description": "change mode: hunks (or files) that do not match the workspace, left out",
                "items": {
                    "type": "object",
                    "properties": {
                        "hunk": {"type": "string", "description": "path@@-A,B +C,D, or the path"},
                        "reason": {"type": "string", "description": "why it does not match"}
                    }
                }
            },
            "binary_files": {"type": "array", "items": {"type": "string"}, "description": "change mode: binary files, skipped"},
            "not_code": {"type": "array", "items": {"type": "string"}, "description": "change mode: changed files with no definitions to show"},
            "renamed": {
                "type": "array",
                "description": "change mode: renames that change no line",
                "items": {
                    "type": "object",
                    "properties": {
                        "from": {"type": "string", "description": "the old path"},
                        "to": {"type": "string", "description": "the new path"}
                    }
                }
            },
            "no_code": {"type": "boolean", "description": "change mode: whether the diff changes no code at all"}
    })
}

fn pack_output_schema() -> Arc<JsonObject> {
    output_schema(
        &format!("A context pack: the items in rank order, each with its verbatim content or as a stub naming how to request it. {PARTIAL_NOTE}."),
        json!({
            "mode": {"type": "string", "description": "ask, symbol, change or slices"},
            "index": {
                "type": "object",
                "description": "the index the pack was cut from",
                "properties": {
                    "files": integer("files indexed"),
                    "symbols": integer("definitions indexed"),
                    "stamp": {"type": "string", "description": "a short hash of the index"}
                }
            },
            "budget": {
                "type": "object",
                "description": "what the pack may take and took",
                "properties": {
                    "unit": {"type": "string", "description": "lines or tokens"},
                    "limit": integer("the budget"),
                    "used": integer("measured on the text"),
                    "tokens_estimated": integer("the text's tokens (characters / 4)"),
                    "code_lines": integer("printed lines of code"),
                    "frame_lines": integer("printed lines of the tool's own (header, fences, item and elision lines, the cut list)"),
                    "asked": integer("the line budget asked for, when past 800 and cut to 800")
                }
            },
            "complete": {"type": "boolean", "description": "whether the pack is whole"},
            "degraded": {"type": "array", "items": {"type": "string"}, "description": "why the pack is partial"},
            "items": {
                "type": "array",
                "description": "pinned slices, seeds, then neighbours",
                "items": pack_item_schema()
            },
            "omitted": omitted_schema()
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
                        "content": {"type": "string", "description": "the exact text of those lines"},
                        "found": {"type": "boolean", "description": "whether the request was met as asked (false: a missing file or symbol, or lines past the end, shown as a fallback or not at all)"},
                        "reason": {"type": "string", "description": "why found is false"},
                        "note": {"type": "string", "description": "something to know, such as other definitions of the same name"}
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
                        "line_end": {"type": "integer", "description": "last line (inclusive)"},
                        "name_line": integer("the line holding the name"),
                        "signature": line_pair("first and last line of the signature"),
                        "doc": {"anyOf": [line_pair("first and last line"), {"type": "null"}], "description": "the doc comment's first and last line, or null"},
                        "parent": string_or_null("the enclosing definition's qualified name, or null"),
                        "is_test": {"type": "boolean", "description": "whether it is test code"},
                        "from_line_rules": {"type": "boolean", "description": "found by line rules, not the grammar: the file has no grammar, or its parse swallowed these lines (status parsed-with-errors)"}
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
            "Use it first for any question about this code (question: natural language; pass a whole issue as it is, with its code, tracebacks and output: frames and code names in it are looked up exactly, version dumps are ignored), to study one definition with its direct callers and callees (symbol, with path and line when the name is defined more than once), or to review a change (diff: a unified diff such as git diff prints; the definitions it touches with their changed lines, then their callers, what may break, and callees); files pins exact slices, always shown whole. \
             The answer is verbatim code cut to budget_lines: every cut or elided piece names the exact assemble_context call that shows it (or raise budget_lines), and a first line with complete:false says why the answer is partial.",
            input_schema::<GatherContextArgs>(),
        )
        .with_raw_output_schema(pack_output_schema())
        .with_annotations(read_only.clone()),
        Tool::new(
            ASSEMBLE_CONTEXT,
            "Use it to read exact code you can already name: each item {path, symbol?, line_hint?, lines?, head_lines?} gives a whole definition (symbol, or symbol@LINE), exact lines (lines: \"START-END\"), the definition containing a line (line_hint) or the first head_lines lines (path alone), in request order within max_tokens. \
             It is how you zoom into what gather_context cut or elided: send the call that pack printed as is; a slice that does not fit is dropped whole and named in budget_report.dropped_files, and one that could not be met has found false and a reason.",
            input_schema::<AssembleContextArgs>(),
        )
        .with_raw_output_schema(assemble_output_schema())
        .with_annotations(read_only.clone()),
        Tool::new(
            FIND_SYMBOL,
            "Use it to learn where definitions are before reading them: by name (plain or qualified, e.g. Client.send), by file (path: every definition in it), or both; each hit has its kind and path:start-end lines. \
             To see one, send assemble_context {\"files\":[{\"path\":…,\"symbol\":\"NAME@START\"}]} with a hit's path and first line, or gather_context with symbol, path and line for it with its callers and callees.",
            input_schema::<FindSymbolArgs>(),
        )
        .with_raw_output_schema(find_output_schema())
        .with_annotations(read_only),
    ]
}
