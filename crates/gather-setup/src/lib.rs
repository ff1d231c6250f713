//! `gather setup HOST`: registers gather with an agent host (Claude Code, Codex CLI, GitHub
//! Copilot CLI, Cursor, Gemini CLI, OpenCode, VS Code) by editing the host's own files in
//! place: its MCP server entry (`gather serve`), the hooks that put gather's brief and packs
//! in front of the model (`gather hook HOST session-start`, `gather hook HOST prompt`),
//! and, when asked, a short section in its instructions file.
//!
//! The edits are values. [`targets`] says which files a request touches and what goes into
//! each ([`FileSpec`], [`Edit`]); [`plan_file`] computes a file's new text from its current
//! text alone, through format-preserving editors (a JSON/JSONC syntax tree, a TOML document),
//! so every byte setup did not write stays. [`plan`] and [`Plan::apply`] are the edge: they
//! read the files and write them back atomically.
//!
//! The promises: a second run changes nothing; `--remove` takes out exactly what setup adds
//! (entries named `gather`, hook handlers running `gather hook …`, the marked section), so
//! original → setup → remove gives the original bytes back, and a file or directory left
//! holding nothing is deleted; a file that is not valid in its format is refused with its
//! line and column and never written; an entry named `gather` that differs from what setup
//! writes is replaced only with what it held said in the plan.
//!
//! ```
//! use gather_setup::{plan_file, targets, Host, Launcher, Locations, Request, Scope, Status};
//! use std::path::Path;
//!
//! let request = Request {
//!     host: Host::Claude,
//!     scope: Scope::Project,
//!     instructions: false,
//!     launcher: Launcher::new("gather"),
//! };
//! let locations = Locations::under(Path::new("/repo"), Path::new("/home/me"));
//! let files = targets(&request, &locations, false).files;
//! assert_eq!(files[0].shown, ".mcp.json");
//! let created = plan_file(&files[0], None, false).unwrap();
//! assert_eq!(created.status, Status::Created);
//! let after = created.after.unwrap();
//! assert!(after.contains(r#""command": "gather""#));
//! let removed = plan_file(&files[0], Some(&after), true).unwrap();
//! assert_eq!(removed.status, Status::Removed);
//! ```

#![deny(missing_docs)]

mod command;
mod diff;
mod error;
mod fsio;
mod hooks;
mod hosts;
mod jsondoc;
mod markdown;
mod plan;
mod spec;
mod tomldoc;
mod value;

pub use command::{is_gather_hook, HookEvent, Launcher};
pub use diff::unified;
pub use error::SetupError;
pub use fsio::{launcher, locations, workspace_root};
pub use hosts::{targets, Host, Locations, Request, Scope, Targets};
pub use markdown::section;
pub use plan::{plan_file, FileChange, Status};
pub use spec::{Edit, FileSpec, Format};
pub use value::Value;

/// Every file a request touches, with its planned change, and what the host does not
/// support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// One change per file, in output order.
    pub changes: Vec<FileChange>,
    /// Notes on the host, said once after the files.
    pub notes: Vec<String>,
}

/// Reads each file `request` touches and plans its change (with `remove`, the taking out
/// of what setup adds). Nothing is written; one file that cannot be read or parsed fails the
/// whole plan, and so do project files asked for in the home directory.
pub fn plan(request: &Request, locations: &Locations, remove: bool) -> Result<Plan, SetupError> {
    if request.scope == Scope::Project && locations.root == locations.home {
        return Err(SetupError::HomeAsProject {
            home: locations.home.clone(),
        });
    }
    let targets = targets(request, locations, remove);
    let mut changes = Vec::with_capacity(targets.files.len());
    for spec in &targets.files {
        let current = fsio::read(&spec.path, &spec.shown)?;
        changes.push(plan_file(spec, current.as_deref(), remove)?);
    }
    Ok(Plan {
        changes,
        notes: targets.notes,
    })
}

impl Plan {
    /// Carries the plan out: each created or updated file written atomically (keeping its
    /// permissions), each emptied file deleted with the directories it leaves empty.
    pub fn apply(&self) -> Result<(), SetupError> {
        self.changes.iter().try_for_each(fsio::apply)
    }
}
