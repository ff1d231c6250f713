//! Change mode over `tests/fixtures/change`: the tree is the workspace as it is now, each
//! `.diff` beside it a change that led there (a rename, a new file, a deleted definition, a
//! stale hunk, binary patches). Each test pins the seeds, the changed lines shown and the
//! omitted line.

use std::path::{Path, PathBuf};

use gather::budget::Budget;
use gather::index::{self, Index};
use gather::request::{self, ContextRequest, Target};
use gather::ErrorCode;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/change")
        .canonicalize()
        .unwrap()
}

fn tree() -> Index {
    index::build(&fixture().join("tree")).unwrap()
}

fn diff(name: &str) -> String {
    std::fs::read_to_string(fixture().join(name)).unwrap()
}

fn change(diff: String, budget: usize) -> ContextRequest {
    ContextRequest {
        budget: Budget::Lines(budget),
        ..ContextRequest::new(Target::Diff(diff))
    }
}

fn text_of(diff: String) -> String {
    request::context(&tree(), &change(diff, 400)).unwrap().text
}

/// The pack's text without its index stamp, which changes with the fixture's bytes.
fn unstamped(text: &str) -> String {
    let (head, rest) = text.split_once('\n').unwrap();
    let head = &head[..head.rfind(" · index ").unwrap()];
    format!("{head}\n{rest}")
}

fn json_of(diff: String) -> serde_json::Value {
    request::context(&tree(), &change(diff, 400)).unwrap().json
}

/// (path, symbol, role, changed) of each item, in rank order.
fn items(json: &serde_json::Value) -> Vec<(String, String, String, String)> {
    let items = json["items"].as_array().unwrap();
    items
        .iter()
        .map(|i| {
            (
                i["path"].as_str().unwrap().to_string(),
                i["symbol"].as_str().unwrap().to_string(),
                i["role"].as_str().unwrap().to_string(),
                i.get("changed").map(|c| c.to_string()).unwrap_or_default(),
            )
        })
        .collect()
}

/// Asserts the (path, symbol, role, changed) of each item of the pack for the fixture diff
/// `name`, in rank order; returns the pack's JSON.
fn assert_items(name: &str, expected: &[(&str, &str, &str, &str)]) -> serde_json::Value {
    let json = json_of(diff(name));
    let expected: Vec<(String, String, String, String)> = (expected.iter())
        .map(|&(path, symbol, role, changed)| {
            (path.into(), symbol.into(), role.into(), changed.into())
        })
        .collect();
    assert_eq!(items(&json), expected);
    json
}

fn error_of(diff: &str) -> gather::Error {
    request::context(&tree(), &change(diff.to_string(), 400)).unwrap_err()
}

/// Asserts that `error` has `code` and a message that starts with `message`.
fn assert_refused(error: &gather::Error, code: ErrorCode, message: &str) {
    assert_eq!(error.code, code, "{}", error.message);
    assert!(error.message.starts_with(message), "{}", error.message);
}

/// Asserts that the pack's `text` ends with the omitted line `omitted`.
fn assert_omitted(text: &str, omitted: &str) {
    assert!(
        text.ends_with(&format!("-- omitted: {omitted}\n")),
        "{text}"
    );
}

/// Asserts what the pack for the fixture diff `name` leaves out: its header goes on, after
/// the command, as `head`; its text ends with the omitted line `omitted`; its JSON's
/// `omitted` holds `value` under `key`.
fn assert_left_out(name: &str, head: &str, omitted: &str, key: &str, value: serde_json::Value) {
    let text = text_of(diff(name));
    let header = format!("# gather change · {head} ·");
    assert!(text.starts_with(&header), "{text}");
    assert_omitted(&text, omitted);
    assert_eq!(json_of(diff(name))["omitted"][key], value);
}

#[test]
fn a_renamed_file_is_answered_under_its_new_path() {
    assert_eq!(
        unstamped(&text_of(diff("rename.diff"))),
        "# gather change · seeds: print_receipt · neighbours: 1 · budget=400 lines used=15
```python shop/receipt.py
@@ 4-7 function print_receipt · seed · changed 6
def print_receipt(cart):
    line = checkout(cart)
    print(line)
    return line
```
```python shop/cart.py
@@ 22-24 function checkout · callee-of-print_receipt
def checkout(cart):
    total = cart.total()
    return f\"paid {total:.2f}\"
```
-- omitted: 1 external callees (print)
"
    );
}

#[test]
fn a_new_file_s_definitions_are_seeds_and_its_imports_changed_lines() {
    let json = assert_items(
        "new_file.diff",
        &[
            ("shop/discount.py", "discounted", "seed", "[[4,6]]"),
            (
                "shop/discount.py",
                "shop/discount.py:1-1",
                "changed",
                "[[1,1]]",
            ),
            ("shop/pricing.py", "price_of", "callee-of-discounted", ""),
        ],
    );
    assert_eq!(json["mode"], "change");
    assert_eq!(json["complete"], true);
}

#[test]
fn a_deleted_definition_is_named_with_its_old_range_and_callers_come_first() {
    let text = text_of(diff("deleted.diff"));
    assert_omitted(
        &text,
        "deleted definition shop/pricing.py:old_rate old 9-10; 1 external callees (get)",
    );
    let json = assert_items(
        "deleted.diff",
        &[
            ("shop/pricing.py", "price_of", "seed", "[[6,6]]"),
            ("shop/cart.py", "Cart.total", "caller-of-price_of", ""),
            ("shop/discount.py", "discounted", "caller-of-price_of", ""),
        ],
    );
    assert_eq!(
        json["omitted"]["deleted"],
        serde_json::json!([{"path": "shop/pricing.py", "symbol": "old_rate", "line_start": 9, "line_end": 10}])
    );
}

#[test]
fn callers_rank_before_callees() {
    // checkout is called by print_receipt and calls Cart.total.
    assert_items(
        "stale.diff",
        &[
            ("shop/cart.py", "checkout", "seed", "[[24,24]]"),
            ("shop/receipt.py", "print_receipt", "caller-of-checkout", ""),
            ("shop/cart.py", "Cart.total", "callee-of-checkout", ""),
        ],
    );
}

#[test]
fn a_stale_hunk_is_named_and_the_rest_is_answered() {
    assert_left_out(
        "stale.diff",
        "seeds: checkout · neighbours: 2",
        "stale hunk shop/cart.py@@-11,7 +11,7: context does not match",
        "stale_hunks",
        serde_json::json!([{"hunk": "shop/cart.py@@-11,7 +11,7", "reason": "context does not match"}]),
    );
    // A diff whose file is not there at all names the file.
    let missing = diff("rename.diff").replace("shop/receipt.py", "shop/gone.py");
    assert_omitted(
        &text_of(missing),
        "stale file shop/gone.py: the file cannot be read (not_found)",
    );
}

#[test]
fn binary_patches_are_named_and_skipped() {
    assert_left_out(
        "binary.diff",
        "seeds: print_receipt",
        "2 binary files skipped (shop/logo.png, shop/data.bin); non-code file README.md changed; 1 external callees (print)",
        "binary_files",
        serde_json::json!(["shop/logo.png", "shop/data.bin"]),
    );
}

#[test]
fn a_diff_of_prose_alone_says_it_changes_no_code() {
    let readme = diff("binary.diff");
    let readme = &readme[..readme.find("diff --git a/shop/logo.png").unwrap()];
    assert_eq!(
        unstamped(&text_of(readme.to_string())),
        "# gather change · seeds: - · neighbours: 0 · budget=400 lines used=2\n\
         -- omitted: the diff changes no code, so none is shown (README.md)\n"
    );
    assert_eq!(json_of(readme.to_string())["omitted"]["no_code"], true);
}

#[test]
fn a_deleted_file_names_its_definitions_and_itself() {
    let deleted = "diff --git a/shop/bill.py b/shop/bill.py\n\
                   deleted file mode 100644\n\
                   --- a/shop/bill.py\n\
                   +++ /dev/null\n\
                   @@ -1,6 +0,0 @@\n\
                   -from shop.cart import checkout\n\
                   -\n\
                   -\n\
                   -def print_receipt(cart):\n\
                   -    line = checkout(cart)\n\
                   -    return line\n";
    assert_omitted(
        &text_of(deleted.to_string()),
        "deleted definition shop/bill.py:print_receipt old 4-6; deleted file shop/bill.py",
    );
}

#[test]
fn a_path_outside_the_root_is_outside_root() {
    let outside = "--- a/../escape.py\n+++ b/../escape.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n";
    let error = error_of(outside);
    assert_refused(&error, ErrorCode::OutsideRoot, "path ../escape.py");
    let absolute = "--- /etc/passwd\n+++ /etc/passwd\n@@ -1 +1 @@\n-a\n+b\n";
    assert_eq!(error_of(absolute).code, ErrorCode::OutsideRoot);
}

#[test]
fn a_malformed_diff_is_invalid_with_its_line() {
    let error =
        error_of("--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -1,2 +1,2 @@\n x\nnot a hunk line\n");
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    assert_eq!(
        error.message,
        "malformed diff at line 5: hunk @@-1,2 +1,2 ends early: 1 old and 1 new lines missing"
    );
    assert_eq!(error_of("  \n").code, ErrorCode::InvalidRequest);
}

#[test]
fn a_huge_diff_is_refused_before_it_is_read() {
    let huge = format!(
        "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-{}\n+b\n",
        "a".repeat(5 << 20)
    );
    let error = error_of(&huge);
    assert_refused(
        &error,
        ErrorCode::InvalidRequest,
        "the diff is over 4194304 bytes",
    );
}

#[test]
fn the_same_diff_gives_the_same_bytes() {
    let index = tree();
    let request = change(diff("deleted.diff"), 400);
    let first = request::context(&index, &request).unwrap();
    let again = request::context(&tree(), &request).unwrap();
    assert_eq!(first.text, again.text);
    assert_eq!(first.json, again.json);
}

#[test]
fn changed_lines_are_shown_when_their_definition_is_cut() {
    let body: String = (1..=60).map(|i| format!("    step_{i} = {i}\n")).collect();
    let workspace = crate::common::Workspace::new(&[(
        "long.py",
        &format!("def long():\n{body}    return step_60\n"),
    )]);
    let index = index::build(workspace.root()).unwrap();
    let diff =
        "--- a/long.py\n+++ b/long.py\n@@ -41,1 +41,1 @@\n-    step_40 = 0\n+    step_40 = 40\n";
    let pack = request::context(&index, &change(diff.to_string(), 20)).unwrap();
    let seed = &pack.json["items"][0];
    assert_eq!(seed["rendered"], "elided", "{}", pack.text);
    assert_eq!(seed["changed"], serde_json::json!([[41, 41]]));
    assert!(pack.text.contains("\n    step_40 = 40\n"), "{}", pack.text);
    let shown = seed["shown"].as_array().unwrap();
    assert!(shown
        .iter()
        .any(|r| r[0].as_u64() <= Some(41) && r[1].as_u64() >= Some(41)));
}
