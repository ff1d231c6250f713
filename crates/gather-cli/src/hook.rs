//! `gather hook HOST EVENT`: an agent host's event on standard input, the host's answer on
//! standard output; and `gather hook-server`, the resident index the hook asks.

use std::io::Read;
use std::path::PathBuf;
use std::time::Duration;

use gather::confined::Root;
use gather::index::IndexOptions;
use gather::Error;
use gather_hook::answer::{EventKind, Host};
use gather_hook::event::MAX_EVENT_BYTES;
use gather_hook::place::Surroundings;

/// The flags of `gather hook`.
pub struct HookFlags {
    /// The host's name.
    pub host: String,
    /// The event's name.
    pub event: String,
    /// `--max-chars`.
    pub max_chars: usize,
    /// `--time-budget-ms`.
    pub time_budget: Duration,
    /// `--no-resident`.
    pub no_resident: bool,
    /// How long a resident started by this hook stays without a question.
    pub resident_idle: Duration,
}

/// Answers one event. Every failure becomes an answer that adds nothing, with the reason
/// on standard error: a hook never stands in the user's way.
pub fn run(flags: HookFlags, cache_dir: Option<PathBuf>, index: IndexOptions) -> String {
    let (Some(host), Some(kind)) = (Host::named(&flags.host), EventKind::named(&flags.event))
    else {
        eprintln!("gather hook: unknown host or event");
        return "{}\n".into();
    };
    let mut input = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(MAX_EVENT_BYTES as u64 + 1)
        .read_to_end(&mut input);
    if let Err(e) = read {
        eprintln!("gather hook: cannot read the event: {e}");
        return "{}\n".into();
    }
    let options = gather_hook::Options {
        max_chars: flags.max_chars,
        cache_dir,
        exe: std::env::current_exe().unwrap_or_else(|_| PathBuf::from("gather")),
        time_budget: flags.time_budget,
        resident: !flags.no_resident,
        resident_idle: flags.resident_idle,
        surroundings: Surroundings::from_env(),
        index,
    };
    let outcome = gather_hook::run(host, kind, &input, &options);
    for note in outcome.notes {
        eprintln!("gather hook: {note}");
    }
    outcome.stdout
}

/// Runs the resident index of `root` until it is idle. Where there are no Unix sockets
/// there is no resident.
pub fn serve(
    root: Root,
    cache: Option<gather::cache::Cache>,
    index: IndexOptions,
    idle: Duration,
    wait: Duration,
) -> Result<String, Error> {
    #[cfg(unix)]
    {
        let cache = cache.ok_or_else(|| {
            Error::new(
                gather::ErrorCode::InvalidRequest,
                "the resident keeps its socket beside the index cache; run it with a cache directory",
            )
        })?;
        gather_hook::resident::server::serve(gather_hook::resident::server::ResidentOptions {
            root,
            index,
            cache,
            wait,
            idle,
        })?;
        Ok(String::new())
    }
    #[cfg(not(unix))]
    {
        let _ = (root, cache, index, idle, wait);
        Err(Error::new(
            gather::ErrorCode::InvalidRequest,
            "the resident index needs Unix sockets",
        ))
    }
}
