//! How commands get the index: the cache the flags ask for, a [`Session`] opened behind a
//! progress bar, and its warnings on stderr.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use gather::cache::{self, Cache};
use gather::index::{Index, Progress};
use gather::session::Session;
use gather::Error;

use crate::args::Args;
use crate::Ctx;

/// The cache of `root` that the flags ask for: `--no-cache` for none, `--cache-dir` (or
/// `GATHER_CACHE_DIR`), else the per-user cache directory.
pub fn cache_for(root: &Path, args: &Args) -> Option<Cache> {
    if args.no_cache {
        return None;
    }
    cache::locate(args.cache_dir.as_deref(), root)
        .map_err(|message| warn(&message))
        .ok()
}

/// Every command that needs the index comes here: load the stored index or build one and
/// refresh it; the warnings are shown at once, and storing it is left to the caller.
pub fn open(ctx: Ctx) -> Result<Session, Error> {
    let mut session =
        with_progress(|progress| Session::open(&ctx.dir, &ctx.options, ctx.cache, progress))?;
    warn_all(session.take_warnings());
    Ok(session)
}

/// [`open`] for commands that answer from the index: the session is kept in `kept`, and
/// stored in the cache on another thread while the command computes its answer; `main`
/// waits for that thread (also when the answer is an error). With `postings` (question
/// mode), the stored lexical postings are used when they match the index, and `main`
/// stores them after the answer when they had to be built.
pub fn indexed(kept: &mut Option<Session>, ctx: Ctx, postings: bool) -> Result<&Index, Error> {
    let mut session = open(ctx)?;
    if postings {
        session.load_postings();
    }
    session.save_in_background();
    Ok(kept.insert(session).index())
}

/// Shows each warning on stderr.
pub fn warn_all(warnings: Vec<String>) {
    for warning in warnings {
        warn(&warning);
    }
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
