//! The `gather` command: flags → library call → rendered output → exit code.
//! Holds no logic of its own.

mod args;
mod spec;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use clap::Parser;
use gather::budget::{self, Budget};
use gather::cache::{self, Cache, Opened};
use gather::confined::{ReadError, Root};
use gather::index::{Index, IndexOptions, Progress};
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
    if let Some(kept) = kept {
        let mut writable = true;
        if let Some(saving) = kept.saving {
            if let Ok((cache, Err(e))) = saving.join() {
                warn_unwritable(&cache, &e);
                writable = false;
            }
        }
        if let Some(cache) = kept.postings_cache.filter(|_| kept.index.has_postings()) {
            if let Err(e) = cache.save_postings(&kept.index, kept.index.postings()) {
                if writable {
                    warn(&format!(
                        "cannot write the postings cache {}: {e}",
                        cache.postings_file().display()
                    ));
                }
            }
        }
        // The process ends here; freeing every record one by one would only cost time.
        std::mem::forget(kept.index);
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

/// The index a command answered from, and the thread storing it in the cache.
struct Kept {
    index: Arc<Index>,
    saving: Option<JoinHandle<(Cache, std::io::Result<()>)>>,
    /// Where to store the postings the answer built, when none were stored for this index.
    postings_cache: Option<Cache>,
}

/// The cache of `root` that the flags ask for: `--no-cache` for none, `--cache-dir` (or
/// `GATHER_CACHE_DIR`), else the per-user cache directory.
fn cache_for(root: &Path, args: &Args) -> Option<Cache> {
    if args.no_cache {
        return None;
    }
    cache::locate(args.cache_dir.as_deref(), root)
        .map_err(|message| warn(&message))
        .ok()
}

/// Every command that needs the index comes here: load the stored index or build one,
/// refresh it, and hand back what is left to store.
fn open_index(root: &Root, options: &IndexOptions, cache: Option<&Cache>) -> Result<Opened, Error> {
    let opened = with_progress(|progress| cache::open(root, options, cache, progress))?;
    if let Some(warning) = &opened.warning {
        warn(warning);
    }
    Ok(opened)
}

/// [`open_index`] for commands that answer from the index: the index is kept in `kept`,
/// and stored in the cache on another thread while the command computes its answer; `main`
/// waits for that thread (also when the answer is an error). With `postings` (question
/// mode), the stored lexical postings are used when they match the index, and `main`
/// stores them after the answer when they had to be built.
fn indexed<'k>(
    kept: &'k mut Option<Kept>,
    root: &Root,
    options: &IndexOptions,
    cache: Option<Cache>,
    postings: bool,
) -> Result<&'k Index, Error> {
    let opened = open_index(root, options, cache.as_ref())?;
    let index = Arc::new(opened.index);
    let postings_cache = match &cache {
        Some(cache) if postings => match cache.load_postings(&index) {
            Some(stored) => {
                index.set_postings(stored);
                None
            }
            None => Some(cache.clone()),
        },
        _ => None,
    };
    let saving = cache.filter(|_| opened.needs_save).map(|cache| {
        let index = Arc::clone(&index);
        std::thread::spawn(move || {
            let saved = cache.save(&index);
            (cache, saved)
        })
    });
    Ok(&kept
        .insert(Kept {
            index,
            saving,
            postings_cache,
        })
        .index)
}

/// Stores the index; a cache that cannot be written is reported, and the call goes on
/// without it.
fn save(cache: &Cache, index: &Index) -> bool {
    match cache.save(index) {
        Ok(()) => true,
        Err(e) => {
            warn_unwritable(cache, &e);
            false
        }
    }
}

fn warn_unwritable(cache: &Cache, e: &std::io::Error) {
    warn(&format!(
        "cannot write the index cache {}: {e}; continuing without it",
        cache.file().display()
    ));
}

fn warn(message: &str) {
    eprintln!("gather: warning: {message}");
}

/// Runs `work` while a progress bar on stderr follows `Progress`, shown only when stderr
/// is a terminal and the work lasts over a second.
fn with_progress<T>(work: impl FnOnce(&Progress) -> T) -> T {
    let progress = Progress::default();
    if !std::io::stderr().is_terminal() {
        return work(&progress);
    }
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let progress = &progress;
        scope.spawn(move || {
            if stopped.recv_timeout(Duration::from_secs(1)) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = indicatif::ProgressBar::with_draw_target(
                None,
                indicatif::ProgressDrawTarget::stderr(),
            );
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "indexing {bar:30} {pos}/{len} files  {elapsed}",
            ) {
                bar.set_style(style);
            }
            loop {
                bar.set_length(progress.found().max(progress.done()) as u64);
                bar.set_position(progress.done() as u64);
                if stopped.recv_timeout(Duration::from_millis(100))
                    != Err(RecvTimeoutError::Timeout)
                {
                    break;
                }
            }
            bar.finish_and_clear();
        });
        let out = work(progress);
        drop(stop);
        out
    })
}

fn ms(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

fn run(args: Args, kept: &mut Option<Kept>) -> Result<String, Error> {
    let root_arg = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let dir = Root::open(&root_arg)?.with_limit(args.max_file_size);
    let root = dir.path().to_path_buf();
    let needs_index = !matches!(
        args.command,
        Command::Outline { .. } | Command::Slice { .. }
    );
    let cache = if needs_index {
        cache_for(&root, &args)
    } else {
        None
    };
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
            let mut opened = open_index(&dir, &options, cache.as_ref())?;
            let elapsed = ms(started);
            if let Some(cache) = cache.as_ref().filter(|_| opened.needs_save) {
                let started = Instant::now();
                if save(cache, &opened.index) {
                    opened.report.save_ms = Some(ms(started));
                }
            }
            let index = &opened.index;
            let output = if json {
                let mut v = render::index_json(index, elapsed, files, symbols);
                v["cache"] = render::cache_json(&opened.report);
                format!("{v}\n")
            } else {
                render::index_text(index, elapsed, files) + &render::cache_text(&opened.report)
            };
            std::mem::forget(opened.index);
            Ok(output)
        }
        Command::Find { name } => {
            require_name(&name)?;
            let index = indexed(kept, &dir, &options, cache, false)?;
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
        Command::Ask { question, pack } => {
            let started = Instant::now();
            let index = indexed(kept, &dir, &options, cache, true)?;
            let index_ms = ms(started);
            let request = ContextRequest {
                question: Some(question),
                slices: slice_requests(&pack.slices, &root)?,
                budget: pack_budget(pack.budget_lines, pack.max_tokens),
                include_tests: pack.include_tests,
                ..ContextRequest::default()
            };
            answer(index, &request, index_ms, timings, json)
        }
        Command::Symbol {
            name,
            path,
            line,
            pack,
        } => {
            require_name(&name)?;
            let started = Instant::now();
            let index = indexed(kept, &dir, &options, cache, false)?;
            let index_ms = ms(started);
            let request = ContextRequest {
                symbol: Some(name),
                path,
                line,
                slices: slice_requests(&pack.slices, &root)?,
                budget: pack_budget(pack.budget_lines, pack.max_tokens),
                include_tests: pack.include_tests,
                ..ContextRequest::default()
            };
            answer(index, &request, index_ms, timings, json)
        }
        Command::Graph { name, path, line } => {
            require_name(&name)?;
            let index = indexed(kept, &dir, &options, cache, false)?;
            let id = locate(index, &root, &name, path.as_deref(), line)?;
            let graph = gather::graph::build_for(index, &[id]);
            Ok(if json {
                format!("{}\n", render::graph_json(index, &graph, id))
            } else {
                render::graph_text(index, &graph, id)
            })
        }
        Command::Outline { path } => {
            let resolved = workspace::resolve(&root, &path)?;
            let bytes = dir.read(&resolved.rel).map_err(|e| match e {
                ReadError::NotFound => Error::new(
                    ErrorCode::NotFound,
                    format!("no file {path} under {}", root.display()),
                ),
                ReadError::IsDirectory => Error::new(
                    ErrorCode::InvalidRequest,
                    format!("{path} is a directory; name a file"),
                ),
                ReadError::BadPath => Error::new(
                    ErrorCode::OutsideRoot,
                    format!("{path} is not a path under {}", root.display()),
                ),
                ReadError::NotRegular | ReadError::Symlink | ReadError::TooLarge { .. } => {
                    Error::new(ErrorCode::InvalidRequest, format!("{path}: {e}"))
                }
                ReadError::Unreadable(_) => {
                    Error::new(ErrorCode::IoError, format!("cannot read {path}: {e}"))
                }
            })?;
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
        Command::Serve {
            wait_ms,
            hold_first_build,
        } => {
            gather_mcp::serve(gather_mcp::ServeOptions {
                root: dir,
                index: options,
                wait: std::time::Duration::from_millis(wait_ms),
                cache,
                hold_first_build,
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
            let requests = slice::dedup(requests);
            let slices = slice::assemble(&dir, &requests)?;
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
