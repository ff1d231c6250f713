//! Which files `gather setup HOST` touches and what it writes in each, one module per host.
//! Each module cites the documentation its shapes follow; the README's "Agent hosts"
//! section says the same to users.

mod claude;
mod codex;
mod copilot;
mod cursor;
mod gemini;
mod opencode;
mod vscode;

use std::path::{Path, PathBuf};

use crate::command::{HookEvent, Launcher};
use crate::markdown;
use crate::spec::{Edit, FileSpec, Format};
use crate::value::Value;

/// An agent host `gather setup` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// Claude Code.
    Claude,
    /// OpenAI Codex CLI.
    Codex,
    /// GitHub Copilot CLI.
    Copilot,
    /// Cursor (editor and CLI).
    Cursor,
    /// Gemini CLI.
    Gemini,
    /// OpenCode.
    Opencode,
    /// VS Code's agent (GitHub Copilot in VS Code).
    Vscode,
}

impl Host {
    /// Every host's name on the command line, in this order.
    pub const NAMES: [&'static str; 7] = [
        "claude", "codex", "copilot", "cursor", "gemini", "opencode", "vscode",
    ];

    /// Every host, in the order of [`Host::NAMES`].
    pub const ALL: [Host; 7] = [
        Host::Claude,
        Host::Codex,
        Host::Copilot,
        Host::Cursor,
        Host::Gemini,
        Host::Opencode,
        Host::Vscode,
    ];

    /// The host named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Host> {
        Host::NAMES
            .iter()
            .position(|n| *n == name)
            .and_then(|i| Host::ALL.get(i).copied())
    }

    /// The host's name on the command line (and in `gather hook HOST …`).
    pub fn name(self) -> &'static str {
        match self {
            Host::Claude => "claude",
            Host::Codex => "codex",
            Host::Copilot => "copilot",
            Host::Cursor => "cursor",
            Host::Gemini => "gemini",
            Host::Opencode => "opencode",
            Host::Vscode => "vscode",
        }
    }
}

/// Where setup writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The workspace's own files, shared with everyone who checks it out.
    Project,
    /// The user's files under the home directory, for every workspace.
    User,
}

/// The directories the hosts' files live in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Locations {
    /// The workspace root (the git root of the directory setup was run for).
    pub root: PathBuf,
    /// The home directory.
    pub home: PathBuf,
    /// `$XDG_CONFIG_HOME`, else `~/.config` (OpenCode's and, on Linux, VS Code's).
    pub config_home: PathBuf,
    /// `$CODEX_HOME`, else `~/.codex`.
    pub codex_home: PathBuf,
    /// `$COPILOT_HOME`, else `~/.copilot`.
    pub copilot_home: PathBuf,
    /// VS Code's user profile directory (`~/.config/Code/User` on Linux).
    pub vscode_user: PathBuf,
}

impl Locations {
    /// The locations every host uses when only the root and home are known: the defaults,
    /// with no environment variable read (what tests use).
    pub fn under(root: &Path, home: &Path) -> Locations {
        let config_home = home.join(".config");
        let vscode_user = if cfg!(target_os = "macos") {
            home.join("Library/Application Support/Code/User")
        } else if cfg!(windows) {
            home.join("AppData/Roaming/Code/User")
        } else {
            config_home.join("Code/User")
        };
        Locations {
            root: root.to_path_buf(),
            home: home.to_path_buf(),
            codex_home: home.join(".codex"),
            copilot_home: home.join(".copilot"),
            config_home,
            vscode_user,
        }
    }
}

/// What `gather setup` is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The host.
    pub host: Host,
    /// Project or user files.
    pub scope: Scope,
    /// Also the instructions file's section.
    pub instructions: bool,
    /// The command written into the files.
    pub launcher: Launcher,
}

/// The files a request touches, and what output should say about the host beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Targets {
    /// Each file and its edits, in the order output lists them.
    pub files: Vec<FileSpec>,
    /// What the host does not support, said once after the files.
    pub notes: Vec<String>,
}

/// The files `request` touches and their edits. With `remove`, the instructions file is
/// included whether or not `--instructions` was given, so its section goes too.
pub fn targets(request: &Request, locations: &Locations, remove: bool) -> Targets {
    let place = Place {
        locations,
        scope: request.scope,
        launcher: &request.launcher,
    };
    let (mut files, mut notes) = match request.host {
        Host::Claude => claude::files(&place),
        Host::Codex => codex::files(&place),
        Host::Copilot => copilot::files(&place),
        Host::Cursor => cursor::files(&place),
        Host::Gemini => gemini::files(&place),
        Host::Opencode => opencode::files(&place),
        Host::Vscode => vscode::files(&place),
    };
    if request.instructions || remove {
        match instructions(request.host, &place) {
            Some(file) => files.push(file),
            None if request.instructions => notes.push(format!(
                "{} reads no instructions file at user level that setup can write; \
                 use --project for the section",
                display_name(request.host)
            )),
            None => {}
        }
    }
    Targets { files, notes }
}

/// The host's instructions file with gather's section, where the scope has one.
fn instructions(host: Host, place: &Place) -> Option<FileSpec> {
    let section = || {
        vec![Edit::Section {
            text: markdown::section(),
        }]
    };
    let locations = place.locations;
    let (project, user): (&str, Option<PathBuf>) = match host {
        Host::Claude => ("CLAUDE.md", Some(locations.home.join(".claude/CLAUDE.md"))),
        Host::Codex => ("AGENTS.md", Some(locations.codex_home.join("AGENTS.md"))),
        Host::Opencode => (
            "AGENTS.md",
            Some(locations.config_home.join("opencode/AGENTS.md")),
        ),
        Host::Gemini => ("GEMINI.md", Some(locations.home.join(".gemini/GEMINI.md"))),
        Host::Copilot => (
            ".github/copilot-instructions.md",
            Some(locations.copilot_home.join("copilot-instructions.md")),
        ),
        Host::Vscode => (".github/copilot-instructions.md", None),
        Host::Cursor => {
            let rule = vec![Edit::Whole {
                text: markdown::cursor_rule(),
            }];
            return match place.scope {
                Scope::Project => {
                    Some(place.project(".cursor/rules/gather.mdc", Format::Owned, rule))
                }
                Scope::User => None,
            };
        }
    };
    match place.scope {
        Scope::Project => Some(place.project(project, Format::Markdown, section())),
        Scope::User => user.map(|path| place.user(path, Format::Markdown, section())),
    }
}

/// The host's name in prose.
fn display_name(host: Host) -> &'static str {
    match host {
        Host::Claude => "Claude Code",
        Host::Codex => "Codex CLI",
        Host::Copilot => "GitHub Copilot CLI",
        Host::Cursor => "Cursor",
        Host::Gemini => "Gemini CLI",
        Host::Opencode => "OpenCode",
        Host::Vscode => "VS Code",
    }
}

/// Where a request writes, and with which command: what each host module builds from.
pub(crate) struct Place<'a> {
    locations: &'a Locations,
    scope: Scope,
    launcher: &'a Launcher,
}

impl Place<'_> {
    /// A file at `relative` under the workspace root.
    fn project(&self, relative: &str, format: Format, edits: Vec<Edit>) -> FileSpec {
        FileSpec {
            path: self.locations.root.join(relative),
            shown: relative.to_string(),
            base: self.locations.root.clone(),
            format,
            edits,
        }
    }

    /// A user-level file at `path`, shown as `~/…` when under the home directory; emptied
    /// directories are removed up to the home directory, never outside it.
    fn user(&self, path: PathBuf, format: Format, edits: Vec<Edit>) -> FileSpec {
        let home = &self.locations.home;
        let (shown, base) = match path.strip_prefix(home) {
            Ok(rest) => (
                format!("~/{}", rest.to_string_lossy().replace('\\', "/")),
                home.clone(),
            ),
            Err(_) => (
                path.display().to_string(),
                path.parent()
                    .map_or_else(|| home.clone(), Path::to_path_buf),
            ),
        };
        FileSpec {
            path,
            shown,
            base,
            format,
            edits,
        }
    }

    /// The project file at `relative`, or the user file at `user`, by the scope.
    fn either(&self, relative: &str, user: PathBuf, format: Format, edits: Vec<Edit>) -> FileSpec {
        match self.scope {
            Scope::Project => self.project(relative, format, edits),
            Scope::User => self.user(user, format, edits),
        }
    }

    /// An MCP entry for a stdio server: `type` (when the host has one), `command`, `args`.
    fn stdio_entry(&self, with_type: bool, args: &[&str]) -> Value {
        let mut pairs = Vec::new();
        if with_type {
            pairs.push(("type", Value::str("stdio")));
        }
        pairs.push(("command", Value::str(self.launcher.program())));
        pairs.push(("args", Value::strs(args)));
        Value::object(pairs)
    }

    /// An editor's MCP file (Cursor's, VS Code's: `relative` in the project, `user` at user
    /// level) with gather's stdio server under `servers`. In a project the server is given
    /// `${workspaceFolder}`, which both editors expand to the folder they have open.
    fn editor_mcp(
        &self,
        relative: &str,
        user: PathBuf,
        format: Format,
        servers: &'static str,
    ) -> FileSpec {
        let args: &[&str] = match self.scope {
            Scope::Project => &["serve", "-C", "${workspaceFolder}"],
            Scope::User => SERVE,
        };
        let entry = Edit::Entry {
            keys: vec![servers, NAME],
            value: self.stdio_entry(true, args),
            nested: None,
        };
        self.either(relative, user, format, vec![entry])
    }

    /// The `.mcp.json` entry Claude Code and GitHub Copilot CLI both read: the same bytes
    /// from either setup. No `-C`: Claude Code expands `${VAR}` in `args` from its own
    /// environment, where `CLAUDE_PROJECT_DIR` is not set, and Copilot documents no
    /// expansion there, so the server takes the directory the host starts it in.
    fn portable_mcp(&self) -> Edit {
        Edit::Entry {
            keys: vec!["mcpServers", NAME],
            value: self.stdio_entry(true, SERVE),
            nested: None,
        }
    }

    /// The matcher group of Claude Code's shape (also Codex CLI's): no matcher, so it runs
    /// for every source, one command handler with its timeout in seconds.
    fn claude_group(&self, host: Host, event: HookEvent) -> Value {
        Value::object(vec![(
            "hooks",
            Value::Array(vec![Value::object(vec![
                ("type", Value::str("command")),
                (
                    "command",
                    Value::str(self.launcher.hook_line(host.name(), event)),
                ),
                ("timeout", Value::Int(HOOK_TIMEOUT_SECONDS)),
            ])]),
        )])
    }
}

/// Each hook handler's timeout: the hook keeps to its own time budget below it.
const HOOK_TIMEOUT_SECONDS: i64 = 10;

/// The MCP server's arguments when the host starts it in the workspace or gives it the
/// root some other way.
const SERVE: &[&str] = &["serve"];

/// The entry's name in every host's file.
const NAME: &str = "gather";
