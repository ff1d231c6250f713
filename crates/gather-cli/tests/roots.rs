//! `gather serve` with several roots: a client that declares the `roots` capability and
//! answers the server's `roots/list` from the roots it holds, spoken to over stdio one
//! JSON-RPC message a line. Each root is a temporary tree of its own.

mod common;

use std::path::Path;
use std::time::Duration;

use common::session::Session;
use serde_json::{json, Value};

/// A tree holding `NAME.py`, which defines `NAME` (calling `helper`) and `helper`.
fn tree(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = format!(
        "def {name}(order):\n    \"\"\"The {name} total.\"\"\"\n    return helper(order) + 1\n\n\ndef helper(order):\n    return len(order)\n"
    );
    std::fs::write(dir.path().join(format!("{name}.py")), source).unwrap();
    dir
}

/// A tree holding `shared.py` (`total`, which calls `helper`, each saying `name`) and
/// `notes.md`, the same paths in every such tree.
fn twin(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut total = format!("def total(order):\n    \"\"\"The {name} total.\"\"\"\n");
    total.push_str("    count = helper(order)\n");
    for step in 1..=6 {
        total.push_str(&format!("    count = count + {step}\n"));
    }
    total.push_str(&format!("    return count  # {name}\n"));
    let helper =
        format!("def helper(order):\n    \"\"\"The {name} helper.\"\"\"\n    return len(order)\n");
    std::fs::write(dir.path().join("shared.py"), format!("{total}\n\n{helper}")).unwrap();
    std::fs::write(dir.path().join("notes.md"), format!("# The {name} notes\n")).unwrap();
    dir
}

fn uri(dir: &Path) -> String {
    format!("file://{}", dir.display())
}

/// A root as the client lists it: the directory's URI and a name.
fn root(dir: &Path, name: &str) -> Value {
    json!({"uri": uri(dir), "name": name})
}

/// A session with `gather serve` started in `cwd` (with `extra` arguments), offering
/// `roots`.
fn start(cwd: &Path, extra: &[&str], roots: Option<Vec<Value>>) -> Session {
    Session::start_in(cwd, extra).with_roots(roots).ready()
}

fn text(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap_or_default()
}

/// Asserts a successful tool result and returns its structured content.
fn ok(result: &Value) -> &Value {
    assert_ne!(result["isError"], true, "{result}");
    &result["structuredContent"]
}

/// Asserts an error result with `code` and returns its message.
fn error(result: &Value, code: &str) -> String {
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(result["structuredContent"]["code"], code, "{result}");
    result["structuredContent"]["message"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The paths of the definitions `find_symbol` finds for `name` in `root`.
fn found(client: &mut Session, name: &str, root: &str) -> Vec<String> {
    let result = client.call("find_symbol", json!({"name": name, "root": root}));
    if result["isError"] == true {
        return Vec::new();
    }
    (ok(&result)["definitions"].as_array().unwrap().iter())
        .map(|d| d["path"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn two_roots_answer_each_from_its_own_tree() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let roots = vec![root(api.path(), "api"), json!({"uri": uri(web.path())})];
    let mut client = start(home.path(), &[], Some(roots));
    let web_path = web.path().display().to_string();
    // A root by its name, its path or its URI.
    assert_eq!(found(&mut client, "api", "api"), ["api.py"]);
    assert_eq!(found(&mut client, "web", &web_path), ["web.py"]);
    assert_eq!(found(&mut client, "web", &uri(web.path())), ["web.py"]);
    // Each root is its own index: a name of one is not found in the other.
    assert_eq!(found(&mut client, "web", "api"), Vec::<String>::new());
    let missing = client.call("find_symbol", json!({"name": "web", "root": "api"}));
    assert!(error(&missing, "not_found").contains("web"));

    let pack = client.call(
        "gather_context",
        json!({"symbol": "web", "path": "web.py", "root": web_path}),
    );
    assert_eq!(ok(&pack)["items"][0]["path"], "web.py");
    assert!(text(&pack).contains("def web(order):"), "{pack}");
    let slices = client.call(
        "assemble_context",
        json!({"files": [{"path": "api.py", "symbol": "api"}], "root": "api"}),
    );
    let content = ok(&slices)["slices"][0]["content"].as_str().unwrap();
    assert!(content.starts_with("def api(order):"), "{slices}");
    // The roots were read once, at the start of the session.
    assert_eq!(client.listed, 1);
}

#[test]
fn a_call_without_a_root_when_two_are_open_is_refused_naming_both() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let roots = vec![root(api.path(), "api"), root(web.path(), "web")];
    let mut client = start(home.path(), &[], Some(roots));
    for (tool, arguments) in [
        (
            "gather_context",
            json!({"question": "how is the total computed?"}),
        ),
        ("assemble_context", json!({"files": [{"path": "api.py"}]})),
        ("find_symbol", json!({"name": "helper"})),
    ] {
        let refused = client.call(tool, arguments);
        let message = error(&refused, "invalid_request");
        assert!(
            message.starts_with("2 roots are open; send root as one of"),
            "{message}"
        );
        assert!(
            message.contains(&format!("{} (api)", api.path().display())),
            "{message}"
        );
        assert!(
            message.contains(&format!("{} (web)", web.path().display())),
            "{message}"
        );
        assert!(text(&refused).starts_with("error[invalid_request]"));
    }
    // A root that is not one of them is refused the same way.
    let message = error(
        &client.call("find_symbol", json!({"name": "helper", "root": "home"})),
        "invalid_request",
    );
    assert!(
        message.starts_with("no root is named \"home\"; send root as one of"),
        "{message}"
    );
    let message = error(
        &client.call("find_symbol", json!({"name": "helper", "root": 7})),
        "invalid_request",
    );
    assert!(message.starts_with("root is a string"), "{message}");
}

#[test]
fn a_root_added_and_removed_at_run_time_is_served_then_dropped() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let api_root = root(api.path(), "api");
    let web_root = root(web.path(), "web");
    let mut client = start(home.path(), &[], Some(vec![api_root.clone()]));
    // One root: a call need not name it.
    let one = client.call("find_symbol", json!({"name": "api"}));
    assert_eq!(ok(&one)["definitions"][0]["path"], "api.py");
    assert_eq!(found(&mut client, "web", "web"), Vec::<String>::new());

    client.change_roots(vec![api_root, web_root.clone()]);
    assert_eq!(found(&mut client, "web", "web"), ["web.py"]);
    assert_eq!(found(&mut client, "api", "api"), ["api.py"]);
    let both = client.call("find_symbol", json!({"name": "helper"}));
    assert!(error(&both, "invalid_request").starts_with("2 roots are open"));

    client.change_roots(vec![web_root]);
    let gone = client.call("find_symbol", json!({"name": "api", "root": "api"}));
    let message = error(&gone, "invalid_request");
    assert!(
        message.contains(&format!("one of {} (web)", web.path().display())),
        "{message}"
    );
    let left = client.call("find_symbol", json!({"name": "web"}));
    assert_eq!(ok(&left)["definitions"][0]["path"], "web.py");
    // An edit in the root that is left is seen, as with one root.
    std::fs::write(web.path().join("late.py"), "def late():\n    pass\n").unwrap();
    assert_eq!(found(&mut client, "late", "web"), ["late.py"]);
    assert_eq!(client.listed, 3);
}

#[test]
fn a_path_in_neither_root_is_refused() {
    let (home, api, web, elsewhere) = (tree("home"), tree("api"), tree("web"), tree("secret"));
    let roots = vec![root(api.path(), "api"), root(web.path(), "web")];
    let mut client = start(home.path(), &[], Some(roots));
    let secret = elsewhere.path().join("secret.py");
    let beside = format!(
        "../{}/secret.py",
        elsewhere.path().file_name().unwrap().to_str().unwrap()
    );
    let other_root = web.path().join("web.py").display().to_string();
    for path in [secret.display().to_string(), beside, other_root] {
        let slices = client.call(
            "assemble_context",
            json!({"files": [{"path": path}], "root": "api"}),
        );
        let message = error(&slices, "outside_root");
        assert!(!slices.to_string().contains("def secret"), "{slices}");
        assert!(!message.contains("def web"), "{message}");
        let pack = client.call(
            "gather_context",
            json!({"symbol": "secret", "path": path, "root": "api"}),
        );
        error(&pack, "outside_root");
        let find = client.call("find_symbol", json!({"path": path, "root": "api"}));
        error(&find, "outside_root");
    }
}

#[test]
fn a_root_given_with_dash_c_is_the_one_root_and_the_clients_are_not_read() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let api_path = api.path().display().to_string();
    let roots = vec![root(web.path(), "web")];
    let mut client = start(home.path(), &["-C", &api_path], Some(roots));
    let one = client.call("find_symbol", json!({"name": "api"}));
    assert_eq!(ok(&one)["definitions"][0]["path"], "api.py");
    assert_eq!(found(&mut client, "api", &api_path), ["api.py"]);
    let refused = client.call("find_symbol", json!({"name": "web", "root": "web"}));
    assert!(error(&refused, "invalid_request").contains(&api_path));
    client.send(&json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}));
    let still = client.call("find_symbol", json!({"name": "api"}));
    assert_eq!(ok(&still)["definitions"][0]["path"], "api.py");
    assert_eq!(client.listed, 0);
}

#[test]
fn roots_that_are_not_local_directories_are_refused_visibly() {
    let (home, api) = (tree("home"), tree("api"));
    let remote = "https://example.org/repo";
    let missing = format!("{}/missing", uri(home.path()));
    let roots = vec![
        json!({"uri": remote}),
        root(api.path(), "api"),
        json!({"uri": missing}),
    ];
    let mut client = start(home.path(), &[], Some(roots));
    // The one root served needs no name.
    let one = client.call("find_symbol", json!({"name": "api"}));
    assert_eq!(ok(&one)["definitions"][0]["path"], "api.py");
    let message = error(
        &client.call("find_symbol", json!({"name": "api", "root": remote})),
        "invalid_request",
    );
    assert!(
        message.contains("is not served: not a file:// URI"),
        "{message}"
    );
    let message = error(
        &client.call("find_symbol", json!({"name": "api", "root": missing})),
        "invalid_request",
    );
    assert!(message.contains("cannot be opened"), "{message}");
}

#[test]
fn a_client_without_roots_is_served_the_directory_the_server_started_in() {
    let home = tree("home");
    let mut client = start(home.path(), &[], None);
    let one = client.call("find_symbol", json!({"name": "home"}));
    assert_eq!(ok(&one)["definitions"][0]["path"], "home.py");
    let named = client.call(
        "find_symbol",
        json!({"name": "home", "root": home.path().display().to_string()}),
    );
    assert_eq!(ok(&named)["definitions"][0]["path"], "home.py");
    assert_eq!(client.listed, 0);
}

#[test]
fn a_client_that_never_answers_roots_list_is_served_the_directory_the_server_started_in() {
    let (home, api) = (tree("home"), tree("api"));
    let roots = vec![root(api.path(), "api")];
    let mut client = start(home.path(), &[], Some(roots));
    client.answering = false;
    let started = std::time::Instant::now();
    let one = client.call("find_symbol", json!({"name": "home"}));
    assert_eq!(ok(&one)["definitions"][0]["path"], "home.py");
    // The call waited for the answer that never came, no longer.
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(30), "{waited:?}");
    assert_eq!(client.listed, 1);
}

/// The tool calls `text` prints for the model to make next: each `TOOL {ARGUMENTS}`, the
/// arguments read as they stand up to the end of their JSON.
fn printed_calls(text: &str) -> Vec<(String, Value)> {
    let mut calls = Vec::new();
    for line in text.lines() {
        for tool in ["gather_context", "assemble_context", "find_symbol"] {
            let Some(at) = line.find(&format!("{tool} {{")) else {
                continue;
            };
            let json = &line[at + tool.len() + 1..];
            let arguments = serde_json::Deserializer::from_str(json)
                .into_iter::<Value>()
                .next()
                .unwrap()
                .unwrap_or_else(|e| panic!("{e}: {line}"));
            calls.push((tool.to_string(), arguments));
        }
    }
    calls
}

/// The text of every slice an `assemble_context` result shows.
fn slice_contents(result: &Value) -> String {
    let slices = ok(result)["slices"].as_array().unwrap().iter();
    let contents: Vec<&str> = slices.map(|s| s["content"].as_str().unwrap()).collect();
    contents.join("\n")
}

#[test]
fn a_call_printed_by_an_answer_names_its_root_and_reaches_it_when_sent_back() {
    let (home, api, web) = (tree("home"), twin("api"), twin("web"));
    let roots = vec![root(api.path(), "api"), root(web.path(), "web")];
    let mut client = start(home.path(), &[], Some(roots));
    // Ten lines: `total` is elided and `helper` goes beyond the budget, each with the call
    // that shows it.
    let asked = json!({"symbol": "total", "path": "shared.py", "budget_lines": 10});
    for root in ["api", "web"] {
        let mut arguments = asked.clone();
        arguments["root"] = json!(root);
        let pack = client.call("gather_context", arguments);
        let text = text(&pack).to_string();
        ok(&pack);
        assert!(text.contains("## Beyond budget"), "{text}");
        let calls = printed_calls(&text);
        assert_eq!(calls.len(), 2, "{text}");
        for (tool, arguments) in calls {
            assert_eq!(tool, "assemble_context");
            assert_eq!(arguments["root"], root, "{text}");
            let shown = slice_contents(&client.call(&tool, arguments));
            assert!(shown.contains(root), "{shown}");
            let other = if root == "api" { "web" } else { "api" };
            assert!(!shown.contains(other), "{shown}");
        }
        // The JSON's re-request is the same call.
        let stub = (ok(&pack)["items"].as_array().unwrap().iter())
            .find(|i| i["rendered"] == "stub")
            .unwrap();
        let request = stub["request"].as_str().unwrap();
        assert!(text.contains(request), "{request}");

        // A file with no definitions: the error names the call that reads it.
        let refused = client.call("find_symbol", json!({"path": "notes.md", "root": root}));
        let message = error(&refused, "not_found");
        let calls = printed_calls(&message);
        assert_eq!(calls.len(), 1, "{message}");
        let (tool, arguments) = calls.into_iter().next().unwrap();
        assert_eq!(arguments["root"], root, "{message}");
        let shown = slice_contents(&client.call(&tool, arguments));
        assert_eq!(shown, format!("# The {root} notes"));
    }
}

#[test]
fn with_one_root_the_calls_an_answer_prints_name_none() {
    let (home, api) = (tree("home"), twin("api"));
    let roots = vec![root(api.path(), "api")];
    let mut client = start(home.path(), &[], Some(roots));
    let pack = client.call(
        "gather_context",
        json!({"symbol": "total", "path": "shared.py", "budget_lines": 10}),
    );
    let text = text(&pack).to_string();
    let calls = printed_calls(&text);
    assert_eq!(calls.len(), 2, "{text}");
    assert!(text.contains(r#"assemble_context {"files":[{"path":"shared.py""#));
    assert!(!text.contains(r#""root""#), "{text}");
    assert!(!ok(&pack).to_string().contains(r#"\"root\""#), "{pack}");
    for (tool, arguments) in calls {
        assert!(slice_contents(&client.call(&tool, arguments)).contains("api"));
    }
    let refused = client.call("find_symbol", json!({"path": "notes.md"}));
    let message = error(&refused, "not_found");
    assert!(
        message.ends_with("read it with assemble_context instead"),
        "{message}"
    );
}
