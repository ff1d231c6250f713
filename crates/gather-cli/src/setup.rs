//! `gather setup HOST`: registers gather with an agent host (the `gather-setup` crate plans
//! every edit). Flags → request → plan → written (or, with `--dry-run`, shown as diffs) →
//! one line per file: created, updated, unchanged or removed.

use std::path::Path;

use gather::{Error, ErrorCode};
use gather_setup::{Host, Launcher, Plan, Request, Scope, SetupError, Status};

use crate::args::SetupArgs;

/// Plans the setup (or removal) the flags ask for in the workspace at `root` (its git root,
/// for project files), carries it out unless `--dry-run`, and says what happened to each
/// file.
pub fn run(args: &SetupArgs, root: &Path, json: bool) -> Result<String, Error> {
    let host = Host::from_name(&args.host).ok_or_else(|| {
        let names = Host::NAMES.join(", ");
        Error::new(
            ErrorCode::InvalidRequest,
            format!("no host {}; name one of {names}", args.host),
        )
    })?;
    let launcher = launcher(args.command.as_deref())?;
    let root = gather_setup::workspace_root(root).map_err(refused)?;
    let locations = gather_setup::locations(&root, args.home.clone()).map_err(refused)?;
    let request = Request {
        host,
        scope: if args.user {
            Scope::User
        } else {
            Scope::Project
        },
        instructions: args.instructions,
        launcher,
    };
    let plan = gather_setup::plan(&request, &locations, args.remove).map_err(refused)?;
    if !args.dry_run {
        plan.apply().map_err(refused)?;
    }
    Ok(if json {
        render_json(&plan, args.dry_run)
    } else {
        render_text(&plan, args.dry_run)
    })
}

/// The command to write: `--command` (a relative path with a directory in it made
/// absolute, since the hosts run it from elsewhere), else what `gather_setup::launcher`
/// finds.
fn launcher(command: Option<&str>) -> Result<Launcher, Error> {
    match command {
        Some("") => Err(Error::new(
            ErrorCode::InvalidRequest,
            "empty --command: give the path of gather as the hosts should run it",
        )),
        Some(command) if command.contains(['/', '\\']) && Path::new(command).is_relative() => {
            let absolute = std::env::current_dir()
                .map_err(|e| {
                    Error::new(
                        ErrorCode::IoError,
                        format!("cannot read the current directory: {e}"),
                    )
                })?
                .join(command);
            Ok(Launcher::new(absolute.to_string_lossy()))
        }
        Some(command) => Ok(Launcher::new(command)),
        None => gather_setup::launcher().map_err(refused),
    }
}

/// A setup error as the command line reports errors.
fn refused(error: SetupError) -> Error {
    let code = if error.is_io() {
        ErrorCode::IoError
    } else {
        ErrorCode::InvalidRequest
    };
    Error::new(code, error.to_string())
}

/// One line per file (with its diff on a dry run), what each replaced entry held, then the
/// host's notes.
fn render_text(plan: &Plan, dry_run: bool) -> String {
    let mut out = String::new();
    for change in &plan.changes {
        let word = match (dry_run, change.status) {
            (true, Status::Created) => "would create",
            (true, Status::Updated) => "would update",
            (true, Status::Removed) => "would remove",
            (_, status) => status.word(),
        };
        out.push_str(&format!("{word} {}\n", change.shown));
        for was in &change.replaced {
            out.push_str(&format!(
                "  replaced gather's entry, which differed; it held: {was}\n"
            ));
        }
        if dry_run {
            out.push_str(&gather_setup::unified(change));
        }
    }
    for note in &plan.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}

/// The same as a JSON list, one object per file.
fn render_json(plan: &Plan, dry_run: bool) -> String {
    let files: Vec<serde_json::Value> = plan
        .changes
        .iter()
        .map(|change| {
            let mut file = serde_json::json!({
                "path": change.shown,
                "status": change.status.word(),
                "dry_run": dry_run,
                "replaced": change.replaced,
            });
            if dry_run {
                file["diff"] = serde_json::Value::String(gather_setup::unified(change));
            }
            file
        })
        .collect();
    format!("{}\n", serde_json::Value::Array(files))
}
