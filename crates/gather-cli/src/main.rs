//! The `gather` command: flags → library call → rendered output → exit code.
//! Holds no logic of its own: each command lives in a file of its own.

mod args;
mod ask;
mod cache;
mod change;
mod find;
mod graph;
mod hook;
mod index;
mod input;
mod manual;
mod open;
mod outline;
mod pack;
mod serve;
mod setup;
mod slice;
mod symbol;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use gather::cache::Cache;
use gather::confined::Root;
use gather::index::IndexOptions;
use gather::session::Session;
use gather::walk::WalkOptions;
use gather::{render, Error, ErrorCode};

use args::{Args, Command};

// mimalloc also replaces the C allocator (feature `override`), which tree-sitter's parser
// calls for every subtree it builds.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        // A hook that cannot read its flags adds nothing and exits 0: a failing hook
        // would stand in the user's way (an exit of 2 erases the prompt in Claude Code).
        Err(error) if is_hook() && !error.use_stderr() => return refuse(&error),
        Err(error) if is_hook() => {
            eprintln!("gather hook: {}", error.render().to_string().trim());
            return emit("{}\n");
        }
        Err(error) => return refuse(&error),
    };
    if let Command::Hook { .. } = args.command {
        return hook_answer(args);
    }
    let json = args.json;
    let mut kept = None;
    let code = match run(args, &mut kept) {
        Ok(output) => emit(&output),
        Err(error) => {
            if json {
                emit(&format!("{}\n", render::error_json(&error)));
            } else {
                eprintln!("error[{}]: {}", error.code, error.message);
            }
            ExitCode::FAILURE
        }
    };
    // The refreshed index was being stored while the answer was computed and written.
    if let Some(mut session) = kept {
        open::warn_all(session.finish());
        // The process ends here; freeing every record one by one would only cost time.
        std::mem::forget(session);
    }
    code
}

/// Whether the command line asks for `gather hook`.
fn is_hook() -> bool {
    std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .as_deref()
        == Some("hook")
}

/// `gather hook`: its answer on stdout and exit 0, whatever happens, a panic included.
fn hook_answer(args: Args) -> ExitCode {
    let Command::Hook {
        host,
        event,
        max_chars,
        time_budget_ms,
        no_resident,
        resident_idle_secs,
    } = args.command
    else {
        return ExitCode::SUCCESS;
    };
    let flags = hook::HookFlags {
        host,
        event,
        max_chars,
        time_budget: std::time::Duration::from_millis(time_budget_ms),
        no_resident,
        resident_idle: std::time::Duration::from_secs(resident_idle_secs),
    };
    let index = IndexOptions {
        walk: WalkOptions {
            max_file_size: args.max_file_size,
        },
    };
    let cache_dir = args.cache_dir.clone();
    let answered = std::panic::catch_unwind(move || hook::run(flags, cache_dir, index));
    let _ = emit(&answered.unwrap_or_else(|_| "{}\n".to_string()));
    ExitCode::SUCCESS
}

/// Answers arguments the command line cannot read: with `--json` anywhere before `--`, as
/// the JSON error every other failure prints (`invalid_request`, on stdout); else as clap
/// prints it. The exit code is clap's either way (2 for a usage error, 0 for `--help`).
fn refuse(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let informational = matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    );
    let json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    if !json || informational {
        let _ = error.print();
        return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
    }
    let message = if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let names: Vec<String> = Args::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        format!("no command given; name one of {}", names.join(", "))
    } else {
        // clap's text without its styling and `error:` prefix, one line.
        let text = error.render().to_string();
        let text = text.trim().trim_start_matches("error: ");
        let mut line = String::new();
        for part in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if !line.is_empty() {
                line.push_str(if line.ends_with(':') { " " } else { "; " });
            }
            line.push_str(part);
        }
        line
    };
    let error_json = render::error_json(&Error::new(ErrorCode::InvalidRequest, message));
    emit(&format!("{error_json}\n"));
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

/// Writes to stdout; a closed pipe (`gather … | head`) is not an error.
fn emit(output: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gather: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What every command is given: the workspace and the flags all commands share.
pub struct Ctx {
    /// The workspace root, held open.
    pub dir: Root,
    /// Its canonical path.
    pub root: PathBuf,
    /// Index settings.
    pub options: IndexOptions,
    /// The cache the flags ask for (none for commands that need no index).
    pub cache: Option<Cache>,
    /// `--json`.
    pub json: bool,
    /// `--timings`.
    pub timings: bool,
}

/// Refuses an empty symbol name with a message that says what to send.
fn require_name(name: &str) -> Result<(), Error> {
    if name.trim().is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            "empty name: give a symbol name such as parse or Client.send",
        ));
    }
    gather::index::check_name(name)
}

/// The workspace a command runs in: its root opened, and the index cache when the command
/// reads an index.
fn workspace(args: &Args) -> Result<Ctx, Error> {
    let root_arg = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let dir = Root::open(&root_arg)?.with_limit(args.max_file_size);
    let root = dir.path().to_path_buf();
    let needs_index = !matches!(
        args.command,
        Command::Outline { .. } | Command::Slice { .. } | Command::Setup(_) | Command::Serve { .. }
    );
    let cache = needs_index.then(|| open::cache_for(&root, args)).flatten();
    Ok(Ctx {
        dir,
        root,
        options: IndexOptions {
            walk: WalkOptions {
                max_file_size: args.max_file_size,
            },
        },
        cache,
        json: args.json,
        timings: args.timings,
    })
}

/// Runs one command; a command that answers from the index leaves its session in `kept`,
/// for `main` to finish storing.
fn run(args: Args, kept: &mut Option<Session>) -> Result<String, Error> {
    // These need no workspace.
    let command = match args.command {
        Command::Completions { shell } => return Ok(manual::completions(shell)),
        Command::Man { command } => return manual::page(command.as_deref()),
        Command::Cache { clear } => return cache::run(args.cache_dir.as_deref(), clear, args.json),
        command => command,
    };
    let args = Args { command, ..args };
    let ctx = workspace(&args)?;
    match args.command {
        Command::Index { files, symbols } => index::run(ctx, files, symbols),
        Command::Find { name, path, scope } => {
            find::run(ctx, kept, &name, path.as_deref(), scope.as_deref())
        }
        Command::Ask {
            question,
            question_file,
            explain,
            pack,
        } => {
            let question = ask::question_text(question, question_file.as_deref())?;
            let target = gather::request::Target::Question(question);
            pack::run(ctx, kept, target, &pack, explain)
        }
        Command::Change { diff, git, pack } => {
            let source = match (diff, git) {
                (_, Some(rev)) => change::DiffSource::Git(rev),
                (diff, None) => change::DiffSource::Path(diff.unwrap_or_else(|| "-".into())),
            };
            change::run(ctx, kept, source, &pack)
        }
        Command::Symbol {
            name,
            path,
            line,
            pack,
        } => symbol::run(ctx, kept, name, path, line, &pack),
        Command::Graph { name, path, line } => graph::run(ctx, kept, &name, path.as_deref(), line),
        Command::Outline { path } => outline::run(&ctx, &path),
        command @ Command::Serve { .. } => serve::run(
            ctx,
            command,
            args.root.is_some(),
            serve::store(args.no_cache, args.cache_dir),
        ),
        Command::HookServer { idle_secs, wait_ms } => hook::serve(
            ctx.dir,
            ctx.cache,
            ctx.options,
            std::time::Duration::from_secs(idle_secs),
            std::time::Duration::from_millis(wait_ms),
        ),
        // Answered in `main`, before any workspace is opened.
        Command::Hook { .. } => Ok(String::new()),
        Command::Slice {
            specs,
            max_tokens,
            budget_lines,
            head_lines,
        } => slice::run(&ctx, &specs, max_tokens, budget_lines, head_lines),
        Command::Setup(setup) => setup::run(&setup, &ctx.root, ctx.json),
        // Answered above, before the root is opened.
        Command::Completions { .. } | Command::Man { .. } | Command::Cache { .. } => {
            Ok(String::new())
        }
    }
}
