//! The `gather` command: flags → library call → rendered output → exit code.
//! Holds no logic of its own.

mod args;
mod spec;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use gather::budget::{self, Budget};
use gather::index::{self, IndexOptions};
use gather::request::{self, ContextRequest};
use gather::walk::WalkOptions;
use gather::{render, slice, workspace, Error, ErrorCode};

use args::{Args, Command};

// mimalloc also replaces the C allocator (feature `override`), which tree-sitter's parser
// calls for every subtree it builds.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = Args::parse();
    let json = args.json;
    match run(args) {
        Ok(output) => emit(&output),
        Err(error) => {
            if json {
                emit(&format!("{}\n", render::error_json(&error)));
            } else {
                eprintln!("error[{}]: {}", error.code.as_str(), error.message);
            }
            ExitCode::FAILURE
        }
    }
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
        Err(_) => ExitCode::FAILURE,
    }
}

/// Refuses an empty symbol name with a message that says what to send.
fn require_name(name: &str) -> Result<(), Error> {
    if name.trim().is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            "empty name: give a symbol name such as parse or Client.send",
        ));
    }
    Ok(())
}

/// The definition a `NAME [--path FILE] [--line N]` request names; the path is checked
/// against the root first.
fn locate(
    index: &gather::index::Index,
    root: &std::path::Path,
    name: &str,
    path: Option<&str>,
    line: Option<u32>,
) -> Result<gather::index::SymbolId, Error> {
    let path = match path {
        Some(p) => Some(workspace::resolve(root, p)?.rel),
        None => None,
    };
    index.locate(name, path.as_deref(), line)
}

/// Pinned slices from `--slice SPEC` flags.
fn slice_requests(
    specs: &[String],
    root: &std::path::Path,
) -> Result<Vec<gather::slice::SliceRequest>, Error> {
    specs.iter().map(|s| spec::parse(s, root, 40)).collect()
}

/// A pack budget from `--budget-lines` / `--max-tokens`.
fn pack_budget(lines: usize, tokens: Option<usize>) -> Budget {
    match tokens {
        Some(n) => Budget::Tokens(n),
        None => Budget::Lines(lines),
    }
}

/// Runs a context request and renders it.
fn answer(
    index: &gather::index::Index,
    request: &ContextRequest,
    index_ms: f64,
    timings: bool,
    json: bool,
) -> Result<String, Error> {
    let started = Instant::now();
    let pack = request::context(index, request)?;
    if timings {
        eprintln!(
            "timings: index {index_ms:.1} ms, query+pack {:.1} ms",
            ms(started)
        );
    }
    Ok(if json {
        format!("{}\n", pack.json)
    } else {
        pack.text
    })
}

fn ms(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

fn run(args: Args) -> Result<String, Error> {
    let root_arg = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let root = index::canonical_root(&root_arg)?;
    let options = IndexOptions {
        walk: WalkOptions {
            max_file_size: args.max_file_size,
        },
    };
    let json = args.json;
    let timings = args.timings;
    match args.command {
        Command::Index { files, symbols } => {
            let started = Instant::now();
            let index = index::build_with(&root, &options)?;
            let elapsed = ms(started);
            Ok(if json {
                format!("{}\n", render::index_json(&index, elapsed, files, symbols))
            } else {
                render::index_text(&index, elapsed, files)
            })
        }
        Command::Find { name } => {
            require_name(&name)?;
            let index = index::build_with(&root, &options)?;
            let hits = index.find(&name);
            if hits.is_empty() {
                return Err(Error::new(
                    ErrorCode::NotFound,
                    format!("no definition named {name} in {}", root.display()),
                ));
            }
            Ok(if json {
                format!("{}\n", render::find_json(&hits))
            } else {
                render::find_text(&hits)
            })
        }
        Command::Ask {
            question,
            budget_lines,
            max_tokens,
            include_tests,
            slices,
        } => {
            let started = Instant::now();
            let index = index::build_with(&root, &options)?;
            let index_ms = ms(started);
            let request = ContextRequest {
                question: Some(question),
                slices: slice_requests(&slices, &root)?,
                budget: pack_budget(budget_lines, max_tokens),
                include_tests,
                ..ContextRequest::default()
            };
            answer(&index, &request, index_ms, timings, json)
        }
        Command::Symbol {
            name,
            path,
            line,
            budget_lines,
            max_tokens,
            include_tests,
            slices,
        } => {
            require_name(&name)?;
            let started = Instant::now();
            let index = index::build_with(&root, &options)?;
            let index_ms = ms(started);
            let request = ContextRequest {
                symbol: Some(name),
                path,
                line,
                slices: slice_requests(&slices, &root)?,
                budget: pack_budget(budget_lines, max_tokens),
                include_tests,
                ..ContextRequest::default()
            };
            answer(&index, &request, index_ms, timings, json)
        }
        Command::Graph { name, path, line } => {
            require_name(&name)?;
            let index = index::build_with(&root, &options)?;
            let id = locate(&index, &root, &name, path.as_deref(), line)?;
            let graph = gather::graph::build_for(&index, &[id]);
            Ok(if json {
                format!("{}\n", render::graph_json(&index, &graph, id))
            } else {
                render::graph_text(&index, &graph, id)
            })
        }
        Command::Outline { path } => {
            let resolved = workspace::resolve(&root, &path)?;
            if !resolved.exists {
                return Err(Error::new(
                    ErrorCode::NotFound,
                    format!("no file {path} under {}", root.display()),
                ));
            }
            let bytes = std::fs::read(&resolved.abs)
                .map_err(|e| Error::new(ErrorCode::IoError, format!("cannot read {path}: {e}")))?;
            let parsed = match gather::parse::decode(bytes) {
                Ok(text) => gather::parse::file(&resolved.rel, &text),
                Err(reason) => gather::parse::Parsed::skipped(reason),
            };
            Ok(if json {
                format!("{}\n", render::outline_json(&resolved.rel, &parsed))
            } else {
                render::outline_text(&resolved.rel, &parsed.status.label(), &parsed.symbols)
            })
        }
        Command::Serve { wait_ms } => {
            gather_mcp::serve(gather_mcp::ServeOptions {
                root,
                index: options,
                wait: std::time::Duration::from_millis(wait_ms),
            })?;
            Ok(String::new())
        }
        Command::Slice {
            specs,
            max_tokens,
            budget_lines,
            head_lines,
        } => {
            let requests = specs
                .iter()
                .map(|s| spec::parse(s, &root, head_lines))
                .collect::<Result<Vec<_>, _>>()?;
            let slices = slice::assemble(&root, &requests)?;
            let budget = match budget_lines {
                Some(n) => Budget::Lines(n),
                None => Budget::Tokens(max_tokens),
            };
            let fitted = budget::fit_slices(slices, budget);
            Ok(if json {
                format!("{}\n", render::slices_json(&fitted))
            } else {
                render::slices_text(&fitted)
            })
        }
    }
}
