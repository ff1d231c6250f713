//! `gather setup` for every host on fixture files written from each host's documented
//! configuration shapes (`tests/fixtures/<host>/{project,home}`): a merge keeps every byte
//! it did not write, a second run changes nothing, `--remove` gives the original bytes back
//! (and deletes what it created), a plan alone writes nothing, a malformed file is refused
//! untouched, and hosts that share a file write the same bytes into it.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use gather_setup::{
    plan, targets, Format, Host, Launcher, Locations, Plan, Request, Scope, Status,
};

/// A project directory and a home directory in one temporary directory.
struct Tree {
    dir: tempfile::TempDir,
}

/// Every file (with its bytes) and directory under the tree, by relative path.
type Listing = BTreeMap<String, Option<Vec<u8>>>;

impl Tree {
    fn empty() -> Tree {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("project")).unwrap();
        fs::create_dir(dir.path().join("home")).unwrap();
        Tree { dir }
    }

    /// The host's fixture files copied in.
    fn fixture(host: Host) -> Tree {
        let tree = Tree::empty();
        let source = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(host.name());
        for side in ["project", "home"] {
            let from = source.join(side);
            if from.is_dir() {
                copy_dir(&from, &tree.dir.path().join(side));
            }
        }
        tree
    }

    fn root(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn locations(&self) -> Locations {
        let mut locations = Locations::under(&self.root(), &self.home());
        // The fixtures hold VS Code's Linux profile directory on every platform.
        locations.vscode_user = self.home().join(".config/Code/User");
        locations
    }

    fn listing(&self) -> Listing {
        let mut out = BTreeMap::new();
        list(self.dir.path(), self.dir.path(), &mut out);
        out
    }

    /// Plans and carries out one setup (or removal).
    fn run(&self, request: &Request, remove: bool) -> Plan {
        let plan = plan(request, &self.locations(), remove).unwrap();
        plan.apply().unwrap();
        plan
    }

    fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.dir.path().join(relative)).unwrap()
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn list(base: &Path, dir: &Path, out: &mut Listing) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let relative = path
            .strip_prefix(base)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if path.is_dir() {
            out.insert(relative, None);
            list(base, &path, out);
        } else {
            out.insert(relative, Some(fs::read(&path).unwrap()));
        }
    }
}

fn request(host: Host, scope: Scope, instructions: bool) -> Request {
    Request {
        host,
        scope,
        instructions,
        launcher: Launcher::new("gather"),
    }
}

/// Whether `small`'s bytes all appear in `big`, in order: what an edit that only inserts
/// leaves of the original.
fn is_subsequence(small: &[u8], big: &[u8]) -> bool {
    let mut rest = big.iter();
    small.iter().all(|b| rest.any(|c| c == b))
}

#[test]
fn every_host_merges_keeps_every_byte_repeats_nothing_and_removes_exactly() {
    for host in Host::ALL {
        for scope in [Scope::Project, Scope::User] {
            let tree = Tree::fixture(host);
            let before = tree.listing();
            let request = request(host, scope, true);
            // A plan alone writes nothing (what --dry-run prints).
            let dry = plan(&request, &tree.locations(), false).unwrap();
            assert!(
                dry.changes.iter().any(|c| c.status != Status::Unchanged),
                "{host:?}"
            );
            assert_eq!(tree.listing(), before, "{host:?} {scope:?}: a plan wrote");

            let first = tree.run(&request, false);
            assert_eq!(
                first, dry,
                "{host:?} {scope:?}: the run differs from its plan"
            );
            let after = tree.listing();
            for (path, bytes) in &before {
                let (Some(old), Some(Some(new))) = (bytes, after.get(path)) else {
                    continue;
                };
                assert!(
                    is_subsequence(old, new),
                    "{host:?} {scope:?}: {path} lost bytes:\n{}",
                    String::from_utf8_lossy(new)
                );
            }
            assert!(
                first.changes.iter().all(|c| c.replaced.is_empty()),
                "{first:?}"
            );

            let second = tree.run(&request, false);
            assert!(
                second.changes.iter().all(|c| c.status == Status::Unchanged),
                "{host:?} {scope:?}: {second:?}"
            );
            assert_eq!(
                tree.listing(),
                after,
                "{host:?} {scope:?}: the second run changed bytes"
            );

            tree.run(&request, true);
            assert_eq!(
                tree.listing(),
                before,
                "{host:?} {scope:?}: remove left a difference"
            );
        }
    }
}

#[test]
fn files_setup_created_are_deleted_by_remove_with_their_directories() {
    for host in Host::ALL {
        for scope in [Scope::Project, Scope::User] {
            let tree = Tree::empty();
            let before = tree.listing();
            let request = request(host, scope, true);
            let created = tree.run(&request, false);
            assert!(
                created.changes.iter().all(|c| c.status == Status::Created),
                "{host:?} {scope:?}: {created:?}"
            );
            let removed = tree.run(&request, true);
            assert!(
                removed.changes.iter().all(|c| c.status == Status::Removed),
                "{host:?} {scope:?}: {removed:?}"
            );
            assert_eq!(tree.listing(), before, "{host:?} {scope:?}");
            let again = tree.run(&request, true);
            assert!(again.changes.iter().all(|c| c.status == Status::Unchanged));
        }
    }
}

/// Each written file of a setup, headed by its path, for a snapshot.
fn written(tree: &Tree, plan: &Plan) -> String {
    let mut out = String::new();
    for change in &plan.changes {
        let relative = change.path.strip_prefix(tree.dir.path()).unwrap();
        let relative = relative.to_string_lossy().replace('\\', "/");
        out.push_str(&format!("── {relative} ({})\n", change.status.word()));
        out.push_str(change.after.as_deref().unwrap_or("(none)\n"));
        out.push('\n');
    }
    for note in &plan.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}

#[test]
fn the_files_each_host_writes() {
    for host in Host::ALL {
        for (scope, name) in [(Scope::Project, "project"), (Scope::User, "user")] {
            let tree = Tree::fixture(host);
            let plan = tree.run(&request(host, scope, true), false);
            insta::assert_snapshot!(format!("{}_{name}", host.name()), written(&tree, &plan));
        }
    }
}

#[test]
fn claude_and_copilot_agree_on_the_mcp_json_in_either_order() {
    let one = Tree::fixture(Host::Claude);
    one.run(&request(Host::Claude, Scope::Project, false), false);
    let then = one.run(&request(Host::Copilot, Scope::Project, false), false);
    assert_eq!(then.changes[0].shown, ".mcp.json");
    assert_eq!(then.changes[0].status, Status::Unchanged);

    let other = Tree::fixture(Host::Claude);
    other.run(&request(Host::Copilot, Scope::Project, false), false);
    let then = other.run(&request(Host::Claude, Scope::Project, false), false);
    assert_eq!(then.changes[0].status, Status::Unchanged);
    assert_eq!(
        one.read("project/.mcp.json"),
        other.read("project/.mcp.json")
    );
}

#[test]
fn vscode_and_copilot_write_the_same_hook_file_and_instructions() {
    let tree = Tree::empty();
    tree.run(&request(Host::Copilot, Scope::Project, true), false);
    let vscode = tree.run(&request(Host::Vscode, Scope::Project, true), false);
    let shared: Vec<(&str, Status)> = vscode
        .changes
        .iter()
        .map(|c| (c.shown.as_str(), c.status))
        .collect();
    assert_eq!(
        shared,
        [
            (".vscode/mcp.json", Status::Created),
            (".github/hooks/gather.json", Status::Unchanged),
            (".github/copilot-instructions.md", Status::Unchanged),
        ]
    );
}

#[test]
fn a_malformed_file_is_refused_with_its_line_and_nothing_is_written() {
    for host in Host::ALL {
        let tree = Tree::fixture(host);
        let request = request(host, Scope::Project, true);
        let files = targets(&request, &tree.locations(), false).files;
        let Some(spec) = files
            .iter()
            .rev()
            .find(|f| f.format != Format::Markdown && f.format != Format::Owned)
        else {
            panic!("{host:?} has a configuration file");
        };
        let broken = match spec.format {
            Format::Toml => "model = \"x\"\n[mcp_servers.docs\ncommand = \"y\"\n",
            _ => "{\n  \"a\": 1,\n  \"b\": \n}\n",
        };
        fs::create_dir_all(spec.path.parent().unwrap()).unwrap();
        fs::write(&spec.path, broken).unwrap();
        let before = tree.listing();
        let error = plan(&request, &tree.locations(), false).err().unwrap();
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("{} is not valid", spec.shown))
                && message.contains("(line "),
            "{host:?}: {message}"
        );
        assert!(
            plan(&request, &tree.locations(), true).is_err(),
            "{host:?}: remove too"
        );
        assert_eq!(tree.listing(), before, "{host:?}");
    }
}

#[test]
fn an_entry_that_differs_is_replaced_and_what_it_held_is_said() {
    let tree = Tree::empty();
    let old = "{\n  \"mcpServers\": {\n    \"gather\": {\n      \"command\": \"/old/bin/gather\",\n      \"args\": [\"serve\"]\n    }\n  }\n}\n";
    fs::write(tree.root().join(".mcp.json"), old).unwrap();
    let plan = tree.run(&request(Host::Claude, Scope::Project, false), false);
    assert_eq!(plan.changes[0].status, Status::Updated);
    assert_eq!(
        plan.changes[0].replaced,
        [r#"{"command":"/old/bin/gather","args":["serve"]}"#]
    );
    let value: serde_json::Value = serde_json::from_str(&tree.read("project/.mcp.json")).unwrap();
    assert_eq!(
        value["mcpServers"]["gather"],
        serde_json::json!({"command": "gather", "args": ["serve"], "type": "stdio"})
    );
}

#[test]
fn a_moved_gather_is_rewritten_in_every_hook_and_removed_whatever_its_path() {
    let tree = Tree::fixture(Host::Claude);
    let before = tree.listing();
    let mut moved = request(Host::Claude, Scope::Project, false);
    tree.run(&moved, false);
    moved.launcher = Launcher::new("/opt/my tools/gather");
    let plan = tree.run(&moved, false);
    let settings = &plan.changes[1];
    assert_eq!(settings.replaced.len(), 2, "{settings:?}");
    assert!(settings.replaced[0].contains(r#""command":"gather hook claude session-start""#));
    let text = tree.read("project/.claude/settings.json");
    assert!(
        text.contains(r#""command": "'/opt/my tools/gather' hook claude prompt""#),
        "{text}"
    );
    assert_eq!(text.matches("hook claude").count(), 2, "{text}");
    tree.run(&request(Host::Claude, Scope::Project, false), true);
    assert_eq!(tree.listing(), before);
}

#[test]
fn a_file_left_holding_only_an_empty_container_is_deleted() {
    // `--remove` cannot tell an empty `mcpServers` that was there from one setup made, so
    // it takes out both; a file left with nothing is deleted (README, "Agent hosts").
    let tree = Tree::empty();
    let path = tree.home().join(".cursor/mcp.json");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, "{\n  \"mcpServers\": {}\n}\n").unwrap();
    let request = request(Host::Cursor, Scope::User, false);
    tree.run(&request, false);
    let removed = tree.run(&request, true);
    assert_eq!(removed.changes[0].status, Status::Removed);
    assert!(!path.exists());
}

#[cfg(unix)]
#[test]
fn writes_keep_permissions_and_follow_links() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::fixture(Host::Claude);
    let settings = tree.root().join(".claude/settings.json");
    fs::set_permissions(&settings, fs::Permissions::from_mode(0o600)).unwrap();
    let shared = tree.dir.path().join("dotfiles/mcp.json");
    fs::create_dir_all(shared.parent().unwrap()).unwrap();
    fs::rename(tree.root().join(".mcp.json"), &shared).unwrap();
    std::os::unix::fs::symlink(&shared, tree.root().join(".mcp.json")).unwrap();
    tree.run(&request(Host::Claude, Scope::Project, false), false);
    let mode = fs::metadata(&settings).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let link = fs::symlink_metadata(tree.root().join(".mcp.json")).unwrap();
    assert!(link.file_type().is_symlink());
    assert!(fs::read_to_string(&shared).unwrap().contains("\"gather\""));
}

#[test]
fn project_files_are_refused_when_the_workspace_is_the_home_directory() {
    let tree = Tree::empty();
    let locations = Locations::under(&tree.home(), &tree.home());
    let error = plan(
        &request(Host::Claude, Scope::Project, false),
        &locations,
        false,
    )
    .err()
    .unwrap();
    assert!(
        error
            .to_string()
            .starts_with("the workspace is the home directory"),
        "{error}"
    );
    assert!(plan(
        &request(Host::Claude, Scope::User, false),
        &locations,
        false
    )
    .is_ok());
}
