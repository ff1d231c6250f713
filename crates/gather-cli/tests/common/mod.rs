//! What the server tests share: `gather serve` started on a root with its own cache, and
//! its stdout read line by line on a thread.

// Each test file uses its own part of this module.
#![allow(dead_code)]

pub mod session;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};

/// `gather serve -C root EXTRA…` with its index kept in `cache`, stdin and stdout piped,
/// stderr dropped.
pub fn spawn_serve(root: &Path, cache: &Path, extra: &[&str]) -> Child {
    let mut args = vec!["-C".as_ref(), root.as_os_str()];
    args.extend(extra.iter().map(OsStr::new));
    serve(cache, &args).spawn().unwrap()
}

/// `gather serve EXTRA…` started in `cwd` (no `-C`: the client's roots are read), with its
/// index kept in `cache`, stdin and stdout piped, stderr dropped.
pub fn spawn_serve_in(cwd: &Path, cache: &Path, extra: &[&str]) -> Child {
    let args: Vec<&OsStr> = extra.iter().map(OsStr::new).collect();
    serve(cache, &args).current_dir(cwd).spawn().unwrap()
}

/// `gather serve ARGS…` with its index kept in `cache`, stdin and stdout piped, stderr
/// dropped.
fn serve(cache: &Path, args: &[&OsStr]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gather"));
    (command
        .env("GATHER_CACHE_DIR", cache)
        .arg("serve")
        .args(args))
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::null());
    command
}

/// `gather -C root ARGS…` with its index kept in `cache`, stdin empty, stdout and stderr
/// piped.
pub fn command(root: &Path, cache: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gather"));
    (command.arg("-C").arg(root).args(args))
        .env("GATHER_CACHE_DIR", cache)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The output of `gather -C root ARGS…` (see [`command`]), which must succeed.
pub fn gather(root: &Path, cache: &Path, args: &[&str]) -> Output {
    let out = command(root, cache, args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `gather index --json` run on every root at once, all with their index in `cache`: each
/// must succeed and warn of nothing. Their answers, in the order of `roots`.
pub fn index_at_once(roots: &[&Path], cache: &Path) -> Vec<serde_json::Value> {
    let children: Vec<Child> = roots
        .iter()
        .map(|root| command(root, cache, &["index", "--json"]).spawn().unwrap())
        .collect();
    children
        .into_iter()
        .map(|child| {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success());
            assert_eq!(String::from_utf8_lossy(&out.stderr), "");
            serde_json::from_slice(&out.stdout).unwrap()
        })
        .collect()
}

/// The child's stdout lines, read on a thread until it closes or nobody listens.
pub fn stdout_lines(child: &mut Child) -> Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// The tools' output schemas from a `tools/list` result, made strict: an object schema
/// that lists properties admits no others, so a field the server sends that its schema does
/// not list fails the check as surely as a field of the wrong type.
pub struct OutputSchemas(Vec<(String, jsonschema::Validator)>);

impl OutputSchemas {
    pub fn from_tools_list(result: &serde_json::Value) -> OutputSchemas {
        let tools = result["tools"].as_array().expect("tools/list lists tools");
        let schemas = tools
            .iter()
            .map(|tool| {
                let name = tool["name"].as_str().unwrap().to_string();
                let mut schema = tool["outputSchema"].clone();
                assert!(schema.is_object(), "{name} has an output schema");
                closed(&mut schema);
                let validator = jsonschema::draft202012::new(&schema)
                    .unwrap_or_else(|e| panic!("{name}'s output schema is not JSON Schema: {e}"));
                (name, validator)
            })
            .collect();
        OutputSchemas(schemas)
    }

    /// Panics, naming every error, when the `structuredContent` of `result` (a `tools/call`
    /// result of `tool`) does not validate against the tool's output schema.
    pub fn check(&self, tool: &str, result: &serde_json::Value) {
        let (_, validator) = self
            .0
            .iter()
            .find(|(name, _)| name == tool)
            .unwrap_or_else(|| panic!("no output schema for {tool}"));
        let structured = result
            .get("structuredContent")
            .unwrap_or_else(|| panic!("{tool} sent no structuredContent: {result}"));
        let errors: Vec<String> = validator
            .iter_errors(structured)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{tool}'s structuredContent does not match its outputSchema:\n{}\n{structured}",
            errors.join("\n")
        );
    }
}

/// Adds `"additionalProperties": false` to every object schema with `properties`.
fn closed(schema: &mut serde_json::Value) {
    match schema {
        serde_json::Value::Object(object) => {
            if object.contains_key("properties") && !object.contains_key("additionalProperties") {
                object.insert("additionalProperties".into(), false.into());
            }
            for (key, value) in object.iter_mut() {
                // Property names are not schemas; the schemas are their values.
                if key == "properties" {
                    value
                        .as_object_mut()
                        .into_iter()
                        .flat_map(|p| p.values_mut())
                        .for_each(closed);
                } else {
                    closed(value);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(closed),
        _ => {}
    }
}

/// The keys of a JSON object, sorted.
pub fn keys(v: &serde_json::Value) -> Vec<String> {
    let object = v
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"));
    let mut keys: Vec<String> = object.keys().cloned().collect();
    keys.sort();
    keys
}

/// The keys of a found slice in a slices result, sorted.
pub const SLICE: [&str; 6] = [
    "content",
    "file",
    "found",
    "line_end",
    "line_start",
    "symbol",
];

/// The keys of a slices result's `budget_report` under a token budget, sorted.
pub const TOKEN_BUDGET_REPORT: [&str; 7] = [
    "budget_exceeded",
    "budget_tokens",
    "dropped_files",
    "dropped_slices",
    "estimated_tokens_used",
    "included_slices",
    "total_slices",
];
