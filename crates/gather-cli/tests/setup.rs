//! `gather setup` as a user runs it: in a git repository (from a subdirectory too), with
//! `--dry-run`, `--json`, `--remove`, and on a file it must refuse. The home directory is a
//! temporary one (`GATHER_SETUP_HOME`), so no test touches the real one.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// `gather ARGS` run in `dir` with the home directory at `home`.
fn gather(dir: &Path, home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gather"))
        .current_dir(dir)
        .env("GATHER_SETUP_HOME", home)
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A git repository (a `.git` directory is all setup looks for) with one source directory,
/// and a separate home directory.
fn repository() -> (tempfile::TempDir, tempfile::TempDir) {
    let repo = tempfile::tempdir().unwrap();
    fs::create_dir(repo.path().join(".git")).unwrap();
    fs::create_dir(repo.path().join("src")).unwrap();
    (repo, tempfile::tempdir().unwrap())
}

#[test]
fn setup_claude_writes_the_mcp_entry_and_both_hooks_at_the_git_root() {
    let (repo, home) = repository();
    let out = gather(
        &repo.path().join("src"),
        home.path(),
        &["setup", "claude", "--project", "--command", "gather"],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        stdout(&out),
        "created .mcp.json\ncreated .claude/settings.json\n"
    );
    let mcp: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(repo.path().join(".mcp.json")).unwrap()).unwrap();
    assert_eq!(
        mcp,
        serde_json::json!({"mcpServers": {"gather": {"type": "stdio", "command": "gather", "args": ["serve"]}}})
    );
    let settings: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(repo.path().join(".claude/settings.json")).unwrap(),
    )
    .unwrap();
    for (event, command) in [
        ("SessionStart", "gather hook claude session-start"),
        ("UserPromptSubmit", "gather hook claude prompt"),
    ] {
        let groups = settings["hooks"][event].as_array().unwrap();
        assert_eq!(groups.len(), 1, "{event}");
        assert!(
            groups[0].get("matcher").is_none(),
            "{event} runs for every source"
        );
        assert_eq!(groups[0]["hooks"][0]["command"], command);
        assert_eq!(groups[0]["hooks"][0]["timeout"], 10);
    }
    assert!(!repo.path().join("src/.mcp.json").exists());
    assert_eq!(
        fs::read_dir(home.path()).unwrap().count(),
        0,
        "the home stays untouched"
    );

    let again = gather(
        repo.path(),
        home.path(),
        &["setup", "claude", "--command", "gather"],
    );
    assert_eq!(
        stdout(&again),
        "unchanged .mcp.json\nunchanged .claude/settings.json\n"
    );
    let removed = gather(repo.path(), home.path(), &["setup", "claude", "--remove"]);
    assert!(removed.status.success(), "{removed:?}");
    assert_eq!(
        stdout(&removed),
        "removed .mcp.json\nremoved .claude/settings.json\nunchanged CLAUDE.md\n"
    );
    let left: Vec<String> = fs::read_dir(repo.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut left = left;
    left.sort();
    assert_eq!(left, [".git", "src"]);
}

#[test]
fn a_dry_run_prints_diffs_and_writes_nothing() {
    let (repo, home) = repository();
    fs::write(
        repo.path().join(".mcp.json"),
        "{\n  \"mcpServers\": {}\n}\n",
    )
    .unwrap();
    let out = gather(
        repo.path(),
        home.path(),
        &[
            "setup",
            "codex",
            "--dry-run",
            "--instructions",
            "--command",
            "gather",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "would create .codex/config.toml\n--- /dev/null\n+++ .codex/config.toml\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("+[mcp_servers.gather]\n+command = \"gather\"\n+args = [\"serve\"]\n"),
        "{text}"
    );
    assert!(text.contains("would create AGENTS.md\n"), "{text}");
    let mut names: Vec<String> = fs::read_dir(repo.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".git", ".mcp.json", "src"]);
}

#[test]
fn json_lists_each_file_and_what_a_replaced_entry_held() {
    let (repo, home) = repository();
    let out = gather(
        repo.path(),
        home.path(),
        &["setup", "opencode", "--json", "--command", "/old/gather"],
    );
    assert!(out.status.success(), "{out:?}");
    let out = gather(
        repo.path(),
        home.path(),
        &["setup", "opencode", "--json", "--command", "gather"],
    );
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        list,
        serde_json::json!([{
            "path": "opencode.json",
            "status": "updated",
            "dry_run": false,
            "replaced": [r#"{"type":"local","command":["/old/gather","serve"]}"#],
        }])
    );
}

#[test]
fn a_malformed_file_is_refused_with_its_place_and_left_as_it_was() {
    let (repo, home) = repository();
    fs::create_dir(repo.path().join(".claude")).unwrap();
    let broken = "{\n  \"permissions\": {\"allow\": [\"Read\"]},\n  \"hooks\": \n}\n";
    fs::write(repo.path().join(".claude/settings.json"), broken).unwrap();
    let out = gather(
        repo.path(),
        home.path(),
        &["setup", "claude", "--command", "gather"],
    );
    assert_eq!(out.status.code(), Some(1));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.starts_with(
            "error[invalid_request]: .claude/settings.json is not valid JSON (line 4, column 1:"
        ),
        "{error}"
    );
    assert_eq!(
        fs::read_to_string(repo.path().join(".claude/settings.json")).unwrap(),
        broken
    );
    assert!(
        !repo.path().join(".mcp.json").exists(),
        "nothing is written when one file is refused"
    );
    let json = gather(repo.path(), home.path(), &["--json", "setup", "claude"]);
    let answer: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(answer["code"], "invalid_request");
}

#[test]
fn user_scope_writes_under_the_home_directory_only() {
    let (repo, home) = repository();
    let out = gather(
        repo.path(),
        home.path(),
        &["setup", "gemini", "--user", "--command", "gather"],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out), "created ~/.gemini/settings.json\n");
    assert!(home.path().join(".gemini/settings.json").is_file());
    assert!(!repo.path().join(".gemini").exists());
    let both = gather(
        repo.path(),
        home.path(),
        &["setup", "gemini", "--user", "--project"],
    );
    assert_eq!(both.status.code(), Some(2), "{both:?}");
}

#[test]
fn a_relative_command_path_is_written_absolute() {
    let (repo, home) = repository();
    let out = gather(
        repo.path(),
        home.path(),
        &["setup", "cursor", "--command", "bin/gather"],
    );
    assert!(out.status.success(), "{out:?}");
    let hooks = fs::read_to_string(repo.path().join(".cursor/hooks.json")).unwrap();
    let absolute = fs::canonicalize(repo.path()).unwrap().join("bin/gather");
    let expected = format!("{} hook cursor session-start", absolute.display());
    assert!(hooks.contains(&expected), "{hooks}");
}
