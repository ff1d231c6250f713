//! The product itself, pinned: the rendered pack of each mode over `tests/fixtures/contract`,
//! as text and as JSON, one snapshot per case; and the README's example packs, rendered
//! again and found verbatim in the README.

use crate::common::{fixture, symbol};

use std::path::Path;

use gather::budget::Budget;
use gather::confined::Root;
use gather::index::{self, Index};
use gather::lines::LineRange;
use gather::render;
use gather::render::zoom::Frontend;
use gather::request::{self, ContextRequest, Target};
use gather::slice::{self, SliceRequest};

fn contract() -> Index {
    index::build(&fixture("contract")).unwrap()
}

fn question(text: &str, budget: usize) -> ContextRequest {
    ContextRequest {
        budget: Budget::Lines(budget),
        ..ContextRequest::new(Target::Question(text.to_string()))
    }
}

fn pin(path: &str, symbol: Option<&str>, lines: Option<(u32, u32)>) -> SliceRequest {
    SliceRequest {
        path: path.to_string(),
        symbol: symbol.map(str::to_string),
        lines: lines.map(|(a, b)| LineRange::new(a, b)),
        ..SliceRequest::default()
    }
}

fn text_of(index: &Index, request: &ContextRequest) -> String {
    request::context(index, request).unwrap().text
}

fn json_of(index: &Index, request: &ContextRequest) -> String {
    serde_json::to_string_pretty(&request::context(index, request).unwrap().json).unwrap()
}

/// The slices of `requests` fitted to `tokens`, as `assemble_context` answers them.
fn slices_of(requests: &[SliceRequest], tokens: usize) -> slice::Fitted {
    let root = Root::open(&fixture("contract")).unwrap();
    let slices = slice::assemble(&root, requests).unwrap();
    slice::fit_slices(slices, Budget::Tokens(tokens))
}

const QUESTION: &str = "how is a request authenticated from its session cookie";

#[test]
fn question_text() {
    insta::assert_snapshot!(text_of(&contract(), &question(QUESTION, 60)));
}

#[test]
fn question_json() {
    insta::assert_snapshot!(json_of(&contract(), &question(QUESTION, 60)));
}

/// A question's pack with its seeds explained (`gather ask --explain`): the pack, then
/// the explanation, as text and as JSON.
pub(crate) fn explained(index: &Index, request: &ContextRequest) -> (String, serde_json::Value) {
    let request = ContextRequest {
        explain: true,
        ..request.clone()
    };
    let pack = request::context_pack(index, &request).unwrap();
    render::explain::render(index, &pack).expect("the pack carries its explanation")
}

#[test]
fn question_explained_text() {
    let (text, _) = explained(&contract(), &question(QUESTION, 60));
    let plain = text_of(&contract(), &question(QUESTION, 60));
    assert!(text.starts_with(&plain), "the pack, then its explanation");
    insta::assert_snapshot!(&text[plain.len()..]);
}

#[test]
fn question_with_a_pinned_slice_text() {
    let request = ContextRequest {
        slices: vec![pin("app/pipeline.py", Some("Pipeline.run"), None)],
        ..question(QUESTION, 60)
    };
    insta::assert_snapshot!(text_of(&contract(), &request));
}

#[test]
fn symbol_text() {
    insta::assert_snapshot!(text_of(
        &contract(),
        &symbol("authenticate", "src/extract.rs", 40)
    ));
}

#[test]
fn symbol_json() {
    insta::assert_snapshot!(json_of(
        &contract(),
        &symbol("authenticate", "src/extract.rs", 40)
    ));
}

#[test]
fn symbol_cut_for_an_mcp_client_text() {
    let request = ContextRequest {
        frontend: Frontend::Mcp,
        ..symbol("authenticate", "src/extract.rs", 14)
    };
    insta::assert_snapshot!(text_of(&contract(), &request));
}

#[test]
fn symbol_in_a_heuristic_parse_text() {
    insta::assert_snapshot!(text_of(
        &contract(),
        &symbol("make_archive", "tools/build.jl", 40)
    ));
}

/// A change of `tests/fixtures/change`: a definition edited, another deleted.
fn change_request(budget: usize) -> (Index, ContextRequest) {
    let index = index::build(&fixture("change/tree")).unwrap();
    let diff = std::fs::read_to_string(fixture("change").join("deleted.diff")).unwrap();
    let request = ContextRequest {
        budget: Budget::Lines(budget),
        ..ContextRequest::new(Target::Diff(diff))
    };
    (index, request)
}

#[test]
fn change_text() {
    let (index, request) = change_request(40);
    insta::assert_snapshot!(text_of(&index, &request));
}

#[test]
fn change_json() {
    let (index, request) = change_request(40);
    insta::assert_snapshot!(json_of(&index, &request));
}

#[test]
fn change_cut_to_a_small_budget_text() {
    let (index, request) = change_request(12);
    insta::assert_snapshot!(text_of(&index, &request));
}

#[test]
fn the_readme_change_pack_is_what_gather_renders() {
    let (index, request) = change_request(40);
    assert_eq!(
        text_of(&index, &request),
        readme_example("`gather change shop.diff` over `tests/fixtures/change`")
    );
}

#[test]
fn slices_text() {
    let requests = [
        pin("src/extract.rs", Some("Session::from_request"), None),
        pin("app/pipeline.py", None, Some((1, 12))),
        pin("java/Shapes.java", None, None),
    ];
    insta::assert_snapshot!(render::slices_text(&slices_of(&requests, 8000)));
}

#[test]
fn slices_json() {
    let requests = [
        pin("src/extract.rs", Some("Session::from_request"), None),
        pin("app/pipeline.py", None, Some((1, 12))),
    ];
    let json = render::slices_json(&slices_of(&requests, 8000));
    insta::assert_snapshot!(serde_json::to_string_pretty(&json).unwrap());
}

#[test]
fn slices_cut_to_a_small_budget_text() {
    let requests = [
        pin("src/extract.rs", None, None),
        pin("app/pipeline.py", None, None),
    ];
    insta::assert_snapshot!(render::slices_text(&slices_of(&requests, 300)));
}

#[test]
fn find_text() {
    insta::assert_snapshot!(render::find(&contract().find("from_request"), false).0);
}

#[test]
fn find_json() {
    let json = render::find(&contract().find("report"), false).1;
    insta::assert_snapshot!(serde_json::to_string_pretty(&json).unwrap());
}

#[test]
fn find_while_the_first_index_is_built() {
    let (text, json) = render::find(&contract().find("report"), true);
    insta::assert_snapshot!(format!(
        "{text}\n{}",
        serde_json::to_string_pretty(&json).unwrap()
    ));
}

#[test]
fn graph_text() {
    let index = contract();
    let (id, _) = request::locate_in(&index, "authenticate", Some("src/extract.rs"), None).unwrap();
    let graph = gather::graph::build_for(&index, &gather::index::texts::Texts::of(&index), &[id]);
    insta::assert_snapshot!(render::graph_text(&index, &graph, id));
}

#[test]
fn graph_json() {
    let index = contract();
    let (id, _) = request::locate_in(&index, "run", Some("app/pipeline.py"), Some(31)).unwrap();
    let graph = gather::graph::build_for(&index, &gather::index::texts::Texts::of(&index), &[id]);
    let json = render::graph_json(&index, &graph, id);
    insta::assert_snapshot!(serde_json::to_string_pretty(&json).unwrap());
}

/// The text between the README's ````text fence that follows `after` and its closing fence.
fn readme_example(after: &str) -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let at = readme
        .find(after)
        .unwrap_or_else(|| panic!("README holds {after:?}"));
    let open = at + readme[at..].find("````text\n").unwrap() + "````text\n".len();
    let close = open + readme[open..].find("\n````").unwrap();
    format!("{}\n", &readme[open..close])
}

#[test]
fn the_readme_symbol_pack_for_an_mcp_client_is_what_gather_renders() {
    let request = ContextRequest {
        frontend: Frontend::Mcp,
        ..symbol("authenticate", "src/extract.rs", 14)
    };
    assert_eq!(
        text_of(&contract(), &request),
        readme_example("A real exchange on `tests/fixtures/contract`")
    );
}

#[test]
fn the_readme_zoom_into_a_stub_is_what_gather_renders() {
    let requests = [SliceRequest {
        line_hint: Some(45),
        ..pin("src/extract.rs", Some("Session::from_request"), None)
    }];
    assert_eq!(
        render::slices_text(&slices_of(&requests, 8000)),
        readme_example("and the zoom, `assemble_context")
    );
}

#[test]
fn the_readme_call_example_is_what_gather_renders() {
    let index = index::build(&fixture("callgraph/python")).unwrap();
    let request = ContextRequest {
        frontend: Frontend::Mcp,
        ..symbol("checked_total", "shop/pricing.py", 30)
    };
    assert_eq!(
        text_of(&index, &request),
        readme_example("Its `content` text:")
    );
}
