//! The pack contract an agent relies on: partial packs say so in their first line, a budget
//! past the cap is cut visibly, a name defined several times in its file is answered with
//! the first and the others named, pins are shown whole, re-requests speak the reader's
//! front end, and a question asked before any index exists still gets a bounded answer.

use crate::common::{self, fixture, symbol, symbol_at};

use gather::budget::Budget;
use gather::index::{self, IndexOptions};
use gather::render::zoom::Frontend;
use gather::request::{self, ContextRequest, Target};
use gather::slice::{self, SliceRequest};
use gather::ErrorCode;

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap()
}

#[test]
fn a_partial_pack_says_so_in_its_first_line() {
    let index = index::build(&fixture("contract")).unwrap();
    let pack = request::context(&index, &symbol("make_archive", "tools/build.jl", 40)).unwrap();
    assert!(
        first_line(&pack.text).starts_with(
            "# gather symbol · complete:false · degraded: callgraph-unavailable, heuristic-parse(tools/build.jl) · seeds: make_archive"
        ),
        "{}",
        pack.text
    );
    assert_eq!(pack.json["complete"], false);
    // A whole pack has no such words.
    let pack = request::context(&index, &symbol("authenticate", "src/extract.rs", 40)).unwrap();
    assert!(!first_line(&pack.text).contains("complete:false"));
    assert_eq!(pack.json["complete"], true);
}

#[test]
fn a_budget_past_the_cap_is_cut_and_the_pack_says_so() {
    let index = index::build(&fixture("contract")).unwrap();
    let pack = request::context(&index, &symbol("authenticate", "src/extract.rs", 5000)).unwrap();
    assert!(first_line(&pack.text).contains("budget=800 lines (asked 5000, the most is 800)"));
    assert_eq!(pack.json["budget"]["limit"], 800);
    assert_eq!(pack.json["budget"]["asked"], 5000);
    let pack = request::context(&index, &symbol("authenticate", "src/extract.rs", 800)).unwrap();
    assert!(pack.json["budget"].get("asked").is_none());
}

#[test]
fn the_largest_token_budget_is_answered_like_any_other() {
    // A token budget has no cap: a pack under the largest one shows what it finds whole.
    let index = index::build(&fixture("contract")).unwrap();
    for request in [
        ContextRequest {
            budget: Budget::Tokens(usize::MAX),
            ..symbol("authenticate", "src/extract.rs", 1)
        },
        ContextRequest {
            budget: Budget::Tokens(usize::MAX),
            ..ContextRequest::new(Target::Question(
                "how is a request authenticated".to_string(),
            ))
        },
    ] {
        let pack = request::context(&index, &request).unwrap();
        let items = pack.json["items"].as_array().unwrap();
        assert!(!items.is_empty());
        assert!(
            items.iter().all(|i| i["rendered"] == "body"),
            "{}",
            pack.text
        );
    }
}

#[test]
fn a_name_past_the_caps_is_refused_without_a_search() {
    use gather::index::{MAX_NAME_PARTS, MAX_NAME_PART_BYTES};
    let index = index::build(&fixture("contract")).unwrap();
    let long_part = "q".repeat(MAX_NAME_PART_BYTES + 1);
    let many_parts = vec!["q"; MAX_NAME_PARTS + 1].join("::");
    for name in [&long_part, &many_parts] {
        for path in [None, Some("src/extract.rs".to_string())] {
            let target = Target::Symbol {
                name: name.to_string(),
                path,
                line: None,
            };
            let request = ContextRequest {
                budget: Budget::Lines(100),
                ..ContextRequest::new(target)
            };
            let error = request::context(&index, &request).unwrap_err();
            assert_eq!(error.code, ErrorCode::InvalidRequest, "{}", error.message);
            assert!(error.message.len() < 300, "{}", error.message);
        }
    }
    // At the caps, a name is searched as usual, and not found: a deeply nested qualified
    // name longer than one part's cap is still a name.
    let at_caps = [
        "q".repeat(MAX_NAME_PART_BYTES),
        vec!["segment"; MAX_NAME_PARTS].join("::"),
    ];
    for name in &at_caps {
        let error = request::context(&index, &symbol(name, "src/extract.rs", 100)).unwrap_err();
        assert_eq!(error.code, ErrorCode::NotFound);
    }
}

#[test]
fn a_name_defined_several_times_in_its_file_is_answered_first_and_the_others_named() {
    let index = index::build(&fixture("contract")).unwrap();
    for frontend in [Frontend::Cli, Frontend::Mcp, Frontend::Context] {
        let request = ContextRequest {
            frontend,
            ..symbol("from", "src/extract.rs", 60)
        };
        let pack = request::context(&index, &request).unwrap();
        assert_eq!(pack.json["items"][0]["line_start"], 65, "{}", pack.text);
        let others = pack.json["omitted"]["other_definitions"]
            .as_array()
            .unwrap();
        assert_eq!(others.len(), 1);
        assert_eq!(others[0]["line_start"], 73);
        let zoom = match frontend {
            Frontend::Cli => "gather slice src/extract.rs:Token::from@73",
            Frontend::Mcp => {
                r#"assemble_context {"files":[{"path":"src/extract.rs","symbol":"Token::from","line_hint":73}]}"#
            }
            Frontend::Context => "src/extract.rs:73-",
        };
        assert!(pack.text.contains(zoom), "{}", pack.text);
    }
    // A line, given apart or as `@LINE`, chooses, and then nothing else is named.
    for request in [
        symbol_at("from", "src/extract.rs", Some(75), 60),
        symbol("Token::from@73", "src/extract.rs", 60),
    ] {
        let pack = request::context(&index, &request).unwrap();
        assert_eq!(pack.json["items"][0]["line_start"], 73, "{}", pack.text);
        assert_eq!(
            pack.json["omitted"]["other_definitions"],
            serde_json::json!([])
        );
    }
    // Two lines that disagree are refused.
    let request = symbol_at("Token::from@73", "src/extract.rs", Some(65), 60);
    let error = request::context(&index, &request).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidRequest);
}

#[test]
fn re_requests_speak_the_front_end_that_reads_the_pack() {
    let index = index::build(&fixture("contract")).unwrap();
    let cli = request::context(&index, &symbol("authenticate", "src/extract.rs", 14)).unwrap();
    let mcp = request::context(
        &index,
        &ContextRequest {
            frontend: Frontend::Mcp,
            ..symbol("authenticate", "src/extract.rs", 14)
        },
    )
    .unwrap();
    assert!(cli
        .text
        .contains("· gather slice src/extract.rs:Session::from_request@45\n"));
    assert!(cli
        .text
        .contains("lines elided — gather slice src/extract.rs:"));
    assert!(mcp.text.contains(
        r#"· assemble_context {"files":[{"path":"src/extract.rs","symbol":"Session::from_request","line_hint":45}]}"#
    ));
    assert!(mcp.text.contains(
        r#"lines elided — assemble_context {"files":[{"path":"src/extract.rs","lines":""#
    ));
    assert!(!mcp.text.contains("gather slice"), "{}", mcp.text);
    assert!(!mcp.json.to_string().contains("gather slice"));
    let stub = common::item_named(&mcp.json, "Session::from_request");
    assert_eq!(
        stub["zoom"]["specs"],
        serde_json::json!(["src/extract.rs:Session::from_request@45"])
    );
}

/// A server of several roots passes the root in: every call the pack prints names it, and
/// nothing else changes (a line budget prices a line, however long).
#[test]
fn the_calls_a_pack_prints_name_the_root_it_is_given() {
    let index = index::build(&fixture("contract")).unwrap();
    for asked in [
        symbol("authenticate", "src/extract.rs", 14),
        symbol("from", "src/extract.rs", 60),
    ] {
        let mcp = ContextRequest {
            frontend: Frontend::Mcp,
            ..asked
        };
        let plain = request::context(&index, &mcp).unwrap();
        let rooted = ContextRequest {
            call_root: Some("api".to_string()),
            ..mcp
        };
        let rooted = request::context(&index, &rooted).unwrap();
        assert!(plain.text.contains("assemble_context {"), "{}", plain.text);
        assert!(!plain.text.contains(r#""root""#), "{}", plain.text);
        let expected = plain
            .text
            .replace("assemble_context {", r#"assemble_context {"root":"api","#);
        assert_eq!(rooted.text, expected);
        for item in rooted.json["items"].as_array().unwrap() {
            if let Some(request) = item["request"].as_str() {
                assert!(request.starts_with(r#"assemble_context {"root":"api","files":"#));
            }
        }
    }
    // The command line has one root and never names it.
    let cli = ContextRequest {
        call_root: Some("api".to_string()),
        ..symbol("authenticate", "src/extract.rs", 14)
    };
    let cli = request::context(&index, &cli).unwrap();
    assert!(!cli.text.contains("api"), "{}", cli.text);
}

#[test]
fn a_pin_is_shown_whole_even_where_a_seed_stands() {
    let index = index::build(&fixture("contract")).unwrap();
    let pin = SliceRequest {
        path: "src/extract.rs".into(),
        lines: Some(gather::lines::LineRange::new(80, 87)),
        ..SliceRequest::default()
    };
    let request = ContextRequest {
        slices: vec![pin.clone(), pin],
        ..symbol("authenticate", "src/extract.rs", 30)
    };
    let pack = request::context(&index, &request).unwrap();
    let items = pack.json["items"].as_array().unwrap();
    let pinned: Vec<_> = items.iter().filter(|i| i["role"] == "pinned").collect();
    // Asked twice, shown once, whole.
    assert_eq!(pinned.len(), 1, "{}", pack.text);
    assert_eq!(pinned[0]["rendered"], "body");
    assert_eq!(pinned[0]["shown"], serde_json::json!([[80, 87]]));
    assert!(first_line(&pack.text).contains("seeds: authenticate"));
    // A budget too small for the pin is refused rather than cutting it.
    let request = ContextRequest {
        slices: request.slices.clone(),
        ..symbol("authenticate", "src/extract.rs", 8)
    };
    let error = request::context(&index, &request).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidRequest, "{}", error.message);
}

#[test]
fn slices_take_the_line_suffix_backslashes_and_name_other_definitions() {
    let index = index::build(&fixture("contract")).unwrap();
    let root = index.root_dir();
    let cut = |path: &str, symbol: &str| {
        slice::assemble(
            root,
            &[SliceRequest {
                path: path.into(),
                symbol: Some(symbol.into()),
                ..SliceRequest::default()
            }],
        )
        .unwrap()
        .remove(0)
    };
    let function = cut("app\\pipeline.py", "report@52");
    assert_eq!((function.line_start, function.line_end), (52, 58));
    assert_eq!(function.file, "app/pipeline.py");
    assert_eq!(function.note, None);
    let class = cut("app/pipeline.py", "report@42");
    assert_eq!((class.line_start, class.line_end), (42, 49));
    let first = cut("app/pipeline.py", "report");
    assert_eq!(first.line_start, 42);
    assert!(first.note.unwrap().contains("also defined at lines 52-58"));
    // Java overloads: each by its own first line.
    for start in [5, 14, 23] {
        let overload = cut("java/Shapes.java", &format!("Shapes.area@{start}"));
        assert_eq!(overload.line_start, start);
    }
}

#[test]
fn a_question_before_any_index_gets_a_bounded_flagged_answer() {
    let root = gather::confined::Root::open(&fixture("contract")).unwrap();
    let request = ContextRequest {
        budget: Budget::Lines(60),
        frontend: Frontend::Mcp,
        ..ContextRequest::new(Target::Question(
            "how is the session cookie checked for length?".into(),
        ))
    };
    let (text, json) = gather::render::pack::render(
        &request::context_unindexed(&root, &IndexOptions::default(), &request, "index-building")
            .unwrap(),
    );
    let pack = request::ContextPack { text, json };
    assert!(
        first_line(&pack.text)
            .starts_with("# gather ask · complete:false · degraded: index-building"),
        "{}",
        pack.text
    );
    assert_eq!(pack.json["complete"], false);
    assert_eq!(pack.json["degraded"][0], "index-building");
    // Not an empty success: the cookie check itself is shown.
    assert!(pack.text.contains("if cookie.len() < 8 {"), "{}", pack.text);
    // The scan picks the files the question's words are in, best first.
    let files = gather::quick::files(
        &root,
        &IndexOptions::default().walk,
        &gather::ask::question::read("session cookie from_request"),
    );
    assert_eq!(files.first().map(String::as_str), Some("src/extract.rs"));
    assert!(files.len() <= gather::quick::KEEP_FILES);
}

#[test]
fn a_token_budget_holds_the_header_that_names_a_changed_file() {
    let ws = common::Workspace::new(&[(
        "a.py",
        "def parse(text):\n    return text.split()\n\n\ndef load(path):\n    return parse(path)\n",
    )]);
    let index = index::build(ws.root()).unwrap();
    // Changed after indexing: the header names it as stale.
    ws.write(
        "a.py",
        b"def parse(text):\n    return text.split(',')\n\n\ndef load(path):\n    return parse(path)\n",
    );
    let mut answered = 0;
    for tokens in 1..200 {
        let request = ContextRequest {
            budget: Budget::Tokens(tokens),
            ..symbol("load", "a.py", 1)
        };
        let Ok(pack) = request::context(&index, &request) else {
            continue;
        };
        answered += 1;
        assert!(pack.text.contains("stale"), "{}", pack.text);
        let used = pack.json["budget"]["used"].as_u64().unwrap();
        assert!(
            used <= tokens as u64,
            "{tokens}: used {used}\n{}",
            pack.text
        );
    }
    assert!(answered > 0);
}

/// A hook's pack (`Frontend::Context`) goes into a model's context with every prompt, so its
/// characters go to code: its header names only what the model needs (the mode and the
/// tree), its items do not each say `seed`, and it shows fewer of the ranking's seeds, each
/// deeper, while its explanation still lists every seed the ranking chose.
#[test]
fn a_hooks_pack_spends_its_room_on_code() {
    let index = index::build(&fixture("contract")).unwrap();
    let ask = |frontend, tokens| ContextRequest {
        frontend,
        budget: Budget::Tokens(tokens),
        explain: true,
        ..ContextRequest::new(Target::Question(
            "authenticate a session from the request token".to_string(),
        ))
    };
    let cli = request::context_pack(&index, &ask(Frontend::Cli, 2424)).unwrap();
    let hook = request::context_pack(&index, &ask(Frontend::Context, 2424)).unwrap();
    let (cli_text, _) = gather::render::pack::render(&cli);
    let (hook_text, _) = gather::render::pack::render(&hook);
    assert!(first_line(&cli_text).contains(" · budget=2424 tokens used="));
    assert_eq!(first_line(&hook_text), "# gather ask", "{hook_text}");
    assert!(cli_text.contains(" · seed\n"), "{cli_text}");
    assert!(hook_text.contains("\n@@ "), "{hook_text}");
    assert!(!hook_text.contains(" · seed\n"), "{hook_text}");

    // 420 tokens: the ranking chooses 4 seeds, a hook's pack shows 3 of them.
    let cli = request::context_pack(&index, &ask(Frontend::Cli, 420)).unwrap();
    let hook = request::context_pack(&index, &ask(Frontend::Context, 420)).unwrap();
    assert_eq!(cli.n_seeds, 4);
    assert_eq!(hook.n_seeds, 3);
    assert_eq!(hook.seed_names[..], cli.seed_names[..3]);
    let explained = |pack: &gather::pack::Pack| pack.explained.as_ref().unwrap().seeds.len();
    assert_eq!(explained(&hook), 4);
    assert_eq!(explained(&cli), 4);
}
