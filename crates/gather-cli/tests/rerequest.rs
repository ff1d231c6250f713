//! Every re-request a pack prints is exact: over a fixture of overloads and same-named
//! definitions (two Rust impl blocks with `from_request`, two `From` impls of one type,
//! Java overloads, a Python method, function and class sharing names), twenty questions and
//! symbols are asked on the command line and over MCP; every cut item's and every elision
//! line's re-request is run on the same front end, and must return exactly the lines that
//! were left out.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use common::session::Session;
use serde_json::{json, Value};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/contract")
}

/// The twenty requests: gather_context arguments (the command line gets the same).
fn requests() -> Vec<Value> {
    let symbol = |name: &str, path: &str, line: Option<u32>, budget: u32| {
        let mut v = json!({"symbol": name, "path": path, "budget_lines": budget});
        if let Some(line) = line {
            v["line"] = json!(line);
        }
        v
    };
    let question = |q: &str, budget: u32| json!({"question": q, "budget_lines": budget});
    vec![
        symbol("from_request", "src/extract.rs", None, 20),
        symbol("from_request", "src/extract.rs", Some(45), 16),
        symbol("User.from_request", "src/extract.rs", None, 14),
        symbol("authenticate", "src/extract.rs", None, 16),
        symbol("Token.from@64", "src/extract.rs", None, 12),
        symbol("from", "src/extract.rs", Some(73), 12),
        symbol("header", "src/extract.rs", None, 14),
        symbol("area", "java/Shapes.java", None, 14),
        symbol("area", "java/Shapes.java", Some(24), 12),
        symbol("total", "java/Shapes.java", None, 16),
        symbol("run", "app/pipeline.py", None, 14),
        symbol("Pipeline.run", "app/pipeline.py", None, 12),
        symbol("report", "app/pipeline.py", None, 14),
        symbol("report", "app/pipeline.py", Some(42), 12),
        question(
            "how does authenticate read the user and the session from the request?",
            24,
        ),
        question("which area overload handles a circle radius?", 20),
        question("how does the pipeline run drop empty records?", 20),
        question("how is a bearer token stripped from a header value?", 18),
        question("how is the session cookie checked for length?", 16),
        question("what does the report join records with?", 16),
    ]
}

/// The command line's arguments for one request.
fn cli_args(request: &Value) -> Vec<String> {
    let mut args = Vec::new();
    if let Some(q) = request["question"].as_str() {
        args.extend(["ask".to_string(), q.to_string()]);
    } else {
        args.extend([
            "symbol".to_string(),
            request["symbol"].as_str().unwrap().to_string(),
            "--path".to_string(),
            request["path"].as_str().unwrap().to_string(),
        ]);
        if let Some(line) = request["line"].as_u64() {
            args.extend(["--line".to_string(), line.to_string()]);
        }
    }
    args.extend([
        "--budget-lines".to_string(),
        request["budget_lines"].to_string(),
        "--json".to_string(),
    ]);
    args
}

fn gather(root: &Path, cache: &Path, args: &[String]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_gather"))
        .env("GATHER_CACHE_DIR", cache)
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "gather {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Splits a `gather slice …` command into its words (bare, or in single quotes).
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// `gather serve` on `root` with its index in `cache` (the one the command line uses),
/// initialized, its tool results checked against their output schemas.
fn serve(root: &Path, cache: &Path) -> Session {
    Session::over(common::spawn_serve(root, cache, &[]), None)
        .checking_schemas()
        .ready()
}

/// A successful tool call's structured content.
fn call(server: &mut Session, tool: &str, arguments: Value) -> Value {
    let result = server.call(tool, arguments.clone());
    assert_ne!(result["isError"], true, "{tool} {arguments}: {result}");
    result["structuredContent"].clone()
}

/// Which front end a pack came from, and so how its re-requests are run.
enum Front<'a> {
    Cli { root: &'a Path, cache: &'a Path },
    Mcp(&'a mut Session),
}

impl Front<'_> {
    /// Runs one re-request; the slices it returns as (path, first line, last line, content).
    fn zoom(&mut self, request: &str) -> Vec<(String, u32, u32, String)> {
        let slices = match self {
            Front::Cli { root, cache } => {
                let words = shell_words(request);
                assert_eq!(&words[..2], ["gather", "slice"], "{request}");
                let mut args = words[1..].to_vec();
                args.push("--json".to_string());
                gather(root, cache, &args)["slices"].clone()
            }
            Front::Mcp(server) => {
                let arguments = request
                    .strip_prefix("assemble_context ")
                    .unwrap_or_else(|| panic!("not an assemble_context call: {request}"));
                let arguments: Value = serde_json::from_str(arguments).unwrap();
                call(server, "assemble_context", arguments)["slices"].clone()
            }
        };
        slices
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                assert_eq!(s["found"], true, "{request}: {s}");
                (
                    s["file"].as_str().unwrap().to_string(),
                    s["line_start"].as_u64().unwrap() as u32,
                    s["line_end"].as_u64().unwrap() as u32,
                    s["content"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    }
}

/// The lines of `path` in the fixture, 1-based.
fn file_lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(fixture().join(path))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[derive(Default)]
struct Tally {
    by_name: usize,
    by_lines: usize,
    elisions: usize,
}

/// Runs every re-request of `pack` and checks it returns exactly what was left out.
fn check_pack(pack: &Value, front: &mut Front, what: &str, tally: &mut Tally) {
    let items = pack["items"].as_array().unwrap();
    // Lines that re-requests return, by file.
    let mut accounted: HashMap<String, BTreeSet<u32>> = HashMap::new();
    let printed = printed_lines(items);
    for item in items {
        let path = item["path"].as_str().unwrap();
        let range =
            item["line_start"].as_u64().unwrap() as u32..=item["line_end"].as_u64().unwrap() as u32;
        let printed_here = printed.get(path).cloned().unwrap_or_default();
        let lines = file_lines(path);
        let check = |request: &str, front: &mut Front| {
            let slices = front.zoom(request);
            let mut got = BTreeSet::new();
            for (file, a, b, content) in &slices {
                assert_eq!(file, path, "{what}: {request}");
                let want: String = lines[*a as usize - 1..*b as usize]
                    .iter()
                    .map(|l| format!("{l}\n"))
                    .collect();
                assert_eq!(
                    content.trim_end_matches('\n'),
                    want.trim_end_matches('\n'),
                    "{what}: {request}"
                );
                got.extend(*a..=*b);
            }
            got
        };
        if item["rendered"] == "stub" {
            let request = item["request"].as_str().unwrap();
            let got = check(request, front);
            if item["zoom"]["files"][0]["symbol"].is_string() {
                // By name: the whole definition, none of it printed.
                let whole: BTreeSet<u32> = range.clone().collect();
                assert_eq!(got, whole, "{what}: stub {} · {request}", item["symbol"]);
                tally.by_name += 1;
            } else {
                tally.by_lines += 1;
            }
            for l in &got {
                assert!(range.contains(l), "{what}: {request} leaves the item");
                assert!(!printed_here.contains(l), "{what}: {request} was printed");
            }
            accounted.entry(path.to_string()).or_default().extend(got);
            continue;
        }
        let content = item["content"].as_str().unwrap();
        for line in content.lines().filter(|l| l.starts_with("… ")) {
            let Some((count, request)) = line
                .strip_prefix("… ")
                .and_then(|l| l.split_once(" lines elided — "))
            else {
                continue;
            };
            let got = check(request, front);
            assert_eq!(got.len(), count.parse::<usize>().unwrap(), "{what}: {line}");
            for l in &got {
                assert!(range.contains(l), "{what}: {line} leaves the item");
                assert!(!printed_here.contains(l), "{what}: {line} was printed");
            }
            accounted.entry(path.to_string()).or_default().extend(got);
            tally.elisions += 1;
        }
    }
    assert_nothing_lost(items, &printed, &accounted, what);
}

/// Every line printed anywhere in the pack, by file.
fn printed_lines(items: &[Value]) -> HashMap<String, BTreeSet<u32>> {
    let mut printed: HashMap<String, BTreeSet<u32>> = HashMap::new();
    for item in items {
        for run in item["shown"].as_array().unwrap() {
            let (a, b) = (run[0].as_u64().unwrap(), run[1].as_u64().unwrap());
            printed
                .entry(item["path"].as_str().unwrap().to_string())
                .or_default()
                .extend(a as u32..=b as u32);
        }
    }
    printed
}

/// Printed or re-requestable: no line of any item is lost.
fn assert_nothing_lost(
    items: &[Value],
    printed: &HashMap<String, BTreeSet<u32>>,
    accounted: &HashMap<String, BTreeSet<u32>>,
    what: &str,
) {
    for item in items {
        let path = item["path"].as_str().unwrap();
        let range =
            item["line_start"].as_u64().unwrap() as u32..=item["line_end"].as_u64().unwrap() as u32;
        for l in range {
            let seen =
                |m: &HashMap<String, BTreeSet<u32>>| m.get(path).is_some_and(|s| s.contains(&l));
            assert!(
                seen(printed) || seen(accounted),
                "{what}: line {l} of {} is neither shown nor re-requested",
                item["symbol"]
            );
        }
    }
}

#[test]
fn every_re_request_returns_exactly_what_was_cut() {
    let root = fixture().canonicalize().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let mut cli = Tally::default();
    for request in requests() {
        let pack = gather(&root, cache.path(), &cli_args(&request));
        let mut front = Front::Cli {
            root: &root,
            cache: cache.path(),
        };
        check_pack(&pack, &mut front, &format!("cli {request}"), &mut cli);
    }
    let mut server = serve(&root, cache.path());
    let mut mcp = Tally::default();
    for request in requests() {
        let pack = call(&mut server, "gather_context", request.clone());
        assert_eq!(pack["complete"], true, "{pack}");
        let mut front = Front::Mcp(&mut server);
        check_pack(&pack, &mut front, &format!("mcp {request}"), &mut mcp);
    }
    // Both forms of re-request, and elision lines, were exercised on both front ends.
    for (name, tally) in [("cli", &cli), ("mcp", &mcp)] {
        println!(
            "{name}: {} re-requests by name, {} by lines, {} elision lines",
            tally.by_name, tally.by_lines, tally.elisions
        );
        assert!(
            tally.by_name >= 5 && tally.by_lines >= 1 && tally.elisions >= 5,
            "{name}: {} by name, {} by lines, {} elisions",
            tally.by_name,
            tally.by_lines,
            tally.elisions
        );
    }
}
