//! The `gather` command: flags → library call → rendered output → exit code.
//! Holds no logic of its own: each command lives in a file of its own.

mod args;
mod ask;
mod find;
mod graph;
mod index;
mod open;
mod outline;
mod pack;
mod serve;
mod slice;
mod spec;
mod symbol;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
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
    let args = Args::parse();
    let json = args.json;
    let mut kept = None;
    let code = match run(args, &mut kept) {
        Ok(output) => emit(&output),
        Err(error) => {
            if json {
                emit(&format!("{}\n", render::error_json(&error)));
            } else {
                eprintln!("error[{}]: {}", error.code.as_str(), error.message);
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

/// Runs one command; a command that answers from the index leaves its session in `kept`,
/// for `main` to finish storing.
fn run(args: Args, kept: &mut Option<Session>) -> Result<String, Error> {
    let root_arg = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let dir = Root::open(&root_arg)?.with_limit(args.max_file_size);
    let root = dir.path().to_path_buf();
    let needs_index = !matches!(
        args.command,
        Command::Outline { .. } | Command::Slice { .. }
    );
    let cache = if needs_index {
        open::cache_for(&root, &args)
    } else {
        None
    };
    let ctx = Ctx {
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
    };
    match args.command {
        Command::Index { files, symbols } => index::run(ctx, files, symbols),
        Command::Find { name } => find::run(ctx, kept, &name),
        Command::Ask {
            question,
            question_file,
            pack,
        } => {
            let question = ask::question_text(question, question_file.as_deref())?;
            ask::run(ctx, kept, question, &pack)
        }
        Command::Symbol {
            name,
            path,
            line,
            pack,
        } => symbol::run(ctx, kept, name, path, line, &pack),
        Command::Graph { name, path, line } => graph::run(ctx, kept, &name, path.as_deref(), line),
        Command::Outline { path } => outline::run(&ctx, &path),
        Command::Serve {
            wait_ms,
            hold_first_build,
        } => serve::run(ctx, wait_ms, hold_first_build),
        Command::Slice {
            specs,
            max_tokens,
            budget_lines,
            head_lines,
        } => slice::run(&ctx, &specs, max_tokens, budget_lines, head_lines),
    }
}
