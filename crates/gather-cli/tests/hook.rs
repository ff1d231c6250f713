//! `gather hook HOST EVENT` end to end: a host's event JSON on stdin, the host's answer on
//! stdout, exit 0 on every input; the session record; the resident index.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const SHOP: &str = r#"def price_of(item, quantity):
    """The price of `quantity` units of `item`, with the bulk discount."""
    base = item.unit_price * quantity
    return apply_discount(base, quantity)


def apply_discount(base, quantity):
    """Ten percent off from ten units."""
    if quantity >= 10:
        return base * 0.9
    return base
"#;

const TAX_PY: &str = r#"VAT_RATES = {"fr": 0.2, "de": 0.19}


def vat_of(amount, country):
    """The value-added tax owed on `amount` in `country`."""
    return amount * VAT_RATES[country]
"#;

/// A git repository (a `.git` directory is all the hook looks for) with one module, and
/// a cache directory of its own.
struct Repo {
    dir: tempfile::TempDir,
    cache: tempfile::TempDir,
}

impl Repo {
    fn new() -> Repo {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        std::fs::create_dir_all(dir.path().join("shop")).unwrap();
        std::fs::write(dir.path().join("shop/pricing.py"), SHOP).unwrap();
        std::fs::write(dir.path().join("shop/vat.py"), TAX_PY).unwrap();
        Repo {
            dir,
            cache: tempfile::tempdir().unwrap(),
        }
    }

    fn root(&self) -> PathBuf {
        std::fs::canonicalize(self.dir.path()).unwrap()
    }

    /// Runs `gather hook HOST EVENT` with `input` on stdin, answering in this process.
    fn hook(&self, args: &[&str], input: &[u8]) -> Output {
        self.hook_with(args, input, &[("GATHER_HOOK_NO_RESIDENT", "1")])
    }

    fn hook_with(&self, args: &[&str], input: &[u8], env: &[(&str, &str)]) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gather"))
            .arg("hook")
            .args(args)
            .env("GATHER_CACHE_DIR", self.cache.path())
            .env_remove("CLAUDE_PROJECT_DIR")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // A hook that refuses its flags exits without reading: the pipe may be closed.
        let _ = child.stdin.take().unwrap().write_all(input);
        child.wait_with_output().unwrap()
    }

    fn prompt_event(&self, session: &str, prompt: &str) -> Vec<u8> {
        let event = json!({"session_id": session, "transcript_path": "/t.jsonl",
            "cwd": self.root().join("shop"), "permission_mode": "default",
            "hook_event_name": "UserPromptSubmit", "prompt": prompt});
        event.to_string().into_bytes()
    }

    fn start_event(&self, session: &str, source: &str) -> Vec<u8> {
        let event = json!({"session_id": session, "cwd": self.root(),
            "hook_event_name": "SessionStart", "source": source});
        event.to_string().into_bytes()
    }
}

fn answer(output: &Output) -> Value {
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stdout)))
}

fn context(output: &Output) -> Option<String> {
    let value = answer(output);
    let text = value["hookSpecificOutput"]["additionalContext"].as_str()?;
    Some(text.to_string())
}

const QUESTION: &str = "how is the bulk discount applied to the price of an item?";

#[test]
fn a_prompt_about_the_code_gets_a_pack_in_claude_codes_shape_within_its_size() {
    let repo = Repo::new();
    let out = repo.hook(&["claude", "prompt"], &repo.prompt_event("s1", QUESTION));
    let value = answer(&out);
    assert_eq!(
        value["hookSpecificOutput"]["hookEventName"],
        "UserPromptSubmit"
    );
    let text = context(&out).unwrap();
    assert!(text.starts_with("[gather] "), "{text}");
    assert!(text.contains("gather_context {\"question\""), "{text}");
    assert!(
        text.contains("def apply_discount(base, quantity):"),
        "{text}"
    );
    assert!(text.chars().count() <= 10_000);
    // A smaller budget is kept too.
    let small = repo.hook(
        &["claude", "prompt", "--max-chars", "1500"],
        &repo.prompt_event("s9", QUESTION),
    );
    let text = context(&small).unwrap();
    assert!(text.chars().count() <= 1_500, "{}", text.chars().count());
}

const TAX: &str = "how is the value-added tax owed on the discounted price computed?";

#[test]
fn a_definition_is_injected_once_per_session_and_again_after_compaction() {
    let repo = Repo::new();
    let first = context(&repo.hook(&["claude", "prompt"], &repo.prompt_event("s", QUESTION)));
    let first = first.unwrap();
    assert!(first.contains("def apply_discount"), "{first}");
    // Asked again, nothing new: nothing is added.
    let again = repo.hook(&["claude", "prompt"], &repo.prompt_event("s", QUESTION));
    assert_eq!(String::from_utf8_lossy(&again.stdout), "{}\n");
    // A prompt that also needs new code gets it, and names what it already has.
    let second = context(&repo.hook(&["claude", "prompt"], &repo.prompt_event("s", TAX)));
    let second = second.unwrap();
    assert!(second.contains("def vat_of"), "{second}");
    assert!(!second.contains("def apply_discount"), "{second}");
    let earlier = second.split("shown earlier in this session: ").nth(1);
    assert!(
        earlier.is_some_and(|names| names.contains("shop/pricing.py:7-11")),
        "{second}"
    );
    // Another session is not affected, whichever host's hook runs in it.
    let other = context(&repo.hook(&["codex", "prompt"], &repo.prompt_event("t", QUESTION)));
    assert!(other.unwrap().contains("def apply_discount"));
    // The same session under another host's hook file shares the record.
    let twice = repo.hook(&["copilot", "prompt"], &repo.prompt_event("t", QUESTION));
    assert_eq!(String::from_utf8_lossy(&twice.stdout), "{}\n");
    // A compacted conversation no longer holds it: it is shown again.
    let start = repo.hook(
        &["claude", "session-start"],
        &repo.start_event("s", "compact"),
    );
    assert!(context(&start).unwrap().contains("gather_context"));
    let third = context(&repo.hook(&["claude", "prompt"], &repo.prompt_event("s", QUESTION)));
    assert!(third.unwrap().contains("def apply_discount"));
    // An edit to the file makes the earlier copy stale: shown again too.
    let _ = repo.hook(&["claude", "prompt"], &repo.prompt_event("e", QUESTION));
    let edited = SHOP.replace("return base * 0.9", "return base * 0.85");
    std::fs::write(repo.root().join("shop/pricing.py"), edited).unwrap();
    let after = context(&repo.hook(&["claude", "prompt"], &repo.prompt_event("e", QUESTION)));
    assert!(after.unwrap().contains("return base * 0.85"));
}

#[test]
fn the_session_start_brief_is_short_and_names_the_tools() {
    let repo = Repo::new();
    for source in ["startup", "resume", "clear", "compact"] {
        let out = repo.hook(&["codex", "session-start"], &repo.start_event("s", source));
        let value = answer(&out);
        assert_eq!(value["hookSpecificOutput"]["hookEventName"], "SessionStart");
        let text = context(&out).unwrap();
        assert!(text.chars().count() <= 1_500);
        assert!(text.contains("assemble_context") && text.contains("find_symbol"));
    }
}

#[test]
fn prompts_not_about_the_code_and_bad_input_add_nothing_and_exit_zero() {
    let repo = Repo::new();
    let nothing = |out: Output| {
        assert!(out.status.success(), "{out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "{}\n", "{out:?}");
    };
    for prompt in ["thanks!", "commit this", "run the tests again", "", "   "] {
        nothing(repo.hook(&["claude", "prompt"], &repo.prompt_event("s", prompt)));
    }
    nothing(repo.hook(&["claude", "prompt"], b"{not json"));
    nothing(repo.hook(&["claude", "prompt"], b"[]"));
    nothing(repo.hook(&["claude", "prompt"], &[0xff, 0xfe, 0x00]));
    let huge = "price discount ".repeat(40_000);
    nothing(repo.hook(&["claude", "prompt"], &repo.prompt_event("s", &huge)));
    let outside = json!({"session_id": "s", "cwd": "/", "prompt": QUESTION});
    nothing(repo.hook(&["claude", "prompt"], outside.to_string().as_bytes()));
    nothing(repo.hook(&["emacs", "prompt"], b"{}"));
    nothing(repo.hook(&["claude", "prompt", "--no-such-flag"], b"{}"));
    nothing(repo.hook(&["claude"], b"{}"));
    // Cursor's prompt event has no context channel.
    let cursor = json!({"conversation_id": "c", "workspace_roots": [repo.root()],
        "hook_event_name": "beforeSubmitPrompt", "prompt": QUESTION});
    nothing(repo.hook(&["cursor", "prompt"], cursor.to_string().as_bytes()));
}

#[test]
fn copilot_gets_a_top_level_context_and_cursor_its_own_field() {
    let repo = Repo::new();
    let camel = json!({"sessionId": "s", "timestamp": 1, "cwd": repo.root(),
        "prompt": QUESTION});
    let value = answer(&repo.hook(&["copilot", "prompt"], camel.to_string().as_bytes()));
    assert!(value["additionalContext"]
        .as_str()
        .unwrap()
        .contains("apply_discount"));
    let cursor = json!({"conversation_id": "c", "workspace_roots": [repo.root()],
        "hook_event_name": "sessionStart", "cursor_version": "1.7"});
    let value = answer(&repo.hook(&["cursor", "session-start"], cursor.to_string().as_bytes()));
    assert!(value["additional_context"]
        .as_str()
        .unwrap()
        .contains("gather_context"));
}

/// Waits until `path` exists, at most ten seconds.
fn wait_for(path: &Path) -> bool {
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        if path.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[cfg(unix)]
#[test]
fn a_resident_index_answers_later_prompts_and_leaves_when_idle() {
    let repo = Repo::new();
    let env = [("GATHER_HOOK_RESIDENT_IDLE_SECS", "3")];
    let first = repo.hook_with(
        &["claude", "prompt"],
        &repo.prompt_event("r", QUESTION),
        &env,
    );
    let first = context(&first).unwrap();
    // On a workspace never indexed, the first prompt may get one line while the index is built.
    assert!(
        first.contains("def apply_discount") || first.contains("Indexing"),
        "{first}"
    );
    let socket = std::fs::read_dir(repo.cache.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "sock"));
    let socket = socket.expect("a resident listens beside the index");
    let until = Instant::now() + Duration::from_secs(10);
    let mut answered = None;
    while Instant::now() < until {
        let next = repo.hook_with(
            &["claude", "prompt"],
            &repo.prompt_event("q", QUESTION),
            &env,
        );
        if let Some(text) = context(&next).filter(|t| t.contains("def apply_discount")) {
            answered = Some(text);
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        answered.is_some(),
        "the resident never answered with a pack"
    );
    // An edit is seen by the next prompt.
    let edited = SHOP.replace("return base * 0.9", "return base * 0.75");
    std::fs::write(repo.root().join("shop/pricing.py"), edited).unwrap();
    let next = repo.hook_with(
        &["claude", "prompt"],
        &repo.prompt_event("z", QUESTION),
        &env,
    );
    assert!(context(&next).unwrap().contains("return base * 0.75"));
    // Idle for its time, it removes its socket and leaves.
    let until = Instant::now() + Duration::from_secs(20);
    while socket.exists() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(!socket.exists(), "the resident did not leave when idle");
    assert!(wait_for(repo.cache.path()));
}
