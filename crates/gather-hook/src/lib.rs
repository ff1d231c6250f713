//! The agent-host hooks of gather (`gather hook HOST EVENT`): a host's event JSON in, its
//! documented answer out.
//!
//! - On a prompt, a question-mode pack of the workspace's code, at most
//!   [`prompt::MAX_CHARS`] characters, when the prompt is about that code ([`gate`]); a
//!   definition already shown in the host session is named, not shown again ([`record`]).
//! - At session start, a brief: that gather is there, what its tools answer and when to
//!   call them ([`brief`]); and the index is warmed in the background ([`resident`]).
//!
//! A hook never stands in the user's way: every failure adds nothing and is said on
//! standard error only.

pub mod answer;
pub mod brief;
pub mod event;
pub mod gate;
pub mod place;
pub mod prompt;
pub mod record;
pub mod resident;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use gather::cache::Cache;
use gather::index::IndexOptions;

use answer::{EventKind, Host};
use event::{Dialect, Event};
use place::Surroundings;
use prompt::PromptRequest;
use record::Records;
use resident::{Ask, Reply};

/// How a hook runs: settings from the command line and the environment, as values.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most characters a prompt's context may take.
    pub max_chars: usize,
    /// The cache directory asked for (`--cache-dir`, `GATHER_CACHE_DIR`), else the
    /// per-user one.
    pub cache_dir: Option<PathBuf>,
    /// The gather binary, to start a resident with.
    pub exe: PathBuf,
    /// How long a prompt may wait for its pack before the hook adds nothing.
    pub time_budget: Duration,
    /// Ask a resident (started when none runs), or else answer in this process.
    pub resident: bool,
    /// How long a resident started here waits for a question before it leaves.
    pub resident_idle: Duration,
    /// What the environment says about the workspace.
    pub surroundings: Surroundings,
    /// Index settings.
    pub index: IndexOptions,
}

/// What a hook prints: the host's answer on standard output, notes on standard error.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// The answer, one line of JSON.
    pub stdout: String,
    /// What went wrong or why nothing was added, one line each.
    pub notes: Vec<String>,
}

/// Answers one hook event of `host`, read from `input`. Never fails: whatever goes wrong
/// adds nothing and is said in the notes.
pub fn run(host: Host, kind: EventKind, input: &[u8], options: &Options) -> Outcome {
    let mut notes = Vec::new();
    let context = match event::read(input) {
        Ok(event) => context_for(host, kind, &event, options, &mut notes).map(|c| (c, event)),
        Err(e) => {
            notes.push(e.to_string());
            None
        }
    };
    let stdout = match &context {
        Some((text, event)) => answer::render(host, kind, event, Some(text)),
        None => answer::render(host, kind, &Event::default(), None),
    };
    Outcome { stdout, notes }
}

/// The context to add for `event`, if any.
fn context_for(
    host: Host,
    kind: EventKind,
    event: &Event,
    options: &Options,
    notes: &mut Vec<String>,
) -> Option<String> {
    if kind == EventKind::Prompt && event.dialect == Dialect::Cursor {
        // Cursor's prompt event has no way to add context.
        return None;
    }
    let Some(root) = place::workspace(event, &options.surroundings) else {
        notes.push("the event is about no workspace (no git repository at its cwd)".into());
        return None;
    };
    let cache = match gather::cache::locate(options.cache_dir.as_deref(), &root) {
        Ok(cache) => cache,
        Err(why) => {
            notes.push(why);
            return None;
        }
    };
    let records = Records::in_dir(&records_dir(&cache));
    let at = At {
        host,
        root,
        cache,
        records,
    };
    match kind {
        EventKind::SessionStart => Some(session_start(&at, event, options, notes)),
        EventKind::Prompt => on_prompt(&at, event, options, notes),
    }
}

/// Where an event is answered: its host, workspace, index cache and session records.
struct At {
    host: Host,
    root: PathBuf,
    cache: Cache,
    records: Records,
}

/// The brief; a cleared or compacted session forgets what it was shown, and the index is
/// warmed by a resident started in the background.
fn session_start(at: &At, event: &Event, options: &Options, notes: &mut Vec<String>) -> String {
    if let Some(session) = event.session.as_deref().filter(|_| event.forgets()) {
        if let Err(e) = at.records.forget(at.host.name(), session) {
            notes.push(format!("cannot forget the session's record: {e}"));
        }
    }
    at.records.sweep(SystemTime::now());
    let building = !at.cache.file().exists();
    if options.resident {
        warm(at, options, notes);
    }
    let tree = gather::tree::checkout(&at.root).map(|(commit, branch)| match branch {
        Some(branch) => format!("{commit} {branch}"),
        None => format!("{commit} detached"),
    });
    brief::brief(&at.root, tree.as_deref(), building)
}

/// Starts a resident for the workspace unless one already answers.
fn warm(at: &At, options: &Options, notes: &mut Vec<String>) {
    let Some(socket) = resident::socket_for(at.cache.file()) else {
        return;
    };
    #[cfg(unix)]
    if std::os::unix::net::UnixStream::connect(&socket).is_ok() {
        return;
    }
    if let Err(e) = start_resident(at, options) {
        notes.push(format!("cannot start the resident index: {e}"));
    }
}

fn start_resident(at: &At, options: &Options) -> std::io::Result<()> {
    let dir = at.cache.file().parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let log = at.cache.file().with_extension("log");
    resident::client::spawn(&options.exe, &at.root, dir, &log, options.resident_idle)
}

/// A prompt's pack, when the prompt is about the code; what it shows is remembered for
/// the session.
fn on_prompt(at: &At, event: &Event, options: &Options, notes: &mut Vec<String>) -> Option<String> {
    let prompt = event.prompt.as_deref().filter(|p| !p.trim().is_empty())?;
    let session = event.session.as_deref();
    let shown_earlier = match session {
        Some(session) => {
            let (shown, why) = at.records.load(at.host.name(), session);
            notes.extend(why);
            shown
        }
        None => Vec::new(),
    };
    let ask = Ask {
        v: resident::PROTOCOL,
        prompt: prompt.to_string(),
        max_chars: options.max_chars,
        shown_earlier,
    };
    let reply = if options.resident {
        ask_resident(at, &ask, options)
    } else {
        Ok(ask_here(at, &ask, options))
    };
    match reply {
        Ok(Reply::Pack { context, shown }) => {
            if let Some(session) = session {
                if let Err(e) = at.records.add(at.host.name(), session, &shown) {
                    notes.push(format!("cannot record what was shown: {e}"));
                }
            }
            Some(context)
        }
        Ok(Reply::Building { line }) => Some(line),
        Ok(Reply::Nothing { why }) | Err(why) => {
            notes.push(format!("nothing added: {why}"));
            None
        }
    }
}

/// Asks the workspace's resident, starting it when none runs.
fn ask_resident(at: &At, ask: &Ask, options: &Options) -> Result<Reply, String> {
    let Some(socket) = resident::socket_for(at.cache.file()) else {
        return Ok(ask_here(at, ask, options));
    };
    let deadline = Instant::now() + options.time_budget;
    resident::client::ask_or_start(&socket, ask, deadline, || start_resident(at, options)).map_err(
        |e| match e {
            resident::client::Unanswered::Absent => "no resident".to_string(),
            resident::client::Unanswered::Failed(why) => why,
        },
    )
}

/// Answers in this process from the stored index (built here when there is none).
fn ask_here(at: &At, ask: &Ask, options: &Options) -> Reply {
    let opened = gather::confined::Root::open(&at.root).and_then(|root| {
        let root = root.with_limit(options.index.walk.max_file_size);
        let cache = Some(at.cache.clone());
        gather::session::Session::open(&root, &options.index, cache, &Default::default())
    });
    let mut session = match opened {
        Ok(session) => session,
        Err(e) => return Reply::Nothing { why: e.message },
    };
    session.load_postings();
    let request = PromptRequest {
        prompt: ask.prompt.clone(),
        max_chars: ask.max_chars,
        shown_earlier: ask.shown_earlier.clone(),
        degraded: Vec::new(),
    };
    let reply = Reply::from(prompt::answer(session.index(), &request));
    session.save();
    session.store_postings_in_background();
    let _ = session.finish();
    reply
}

/// Where session records are kept: beside the index files.
fn records_dir(cache: &Cache) -> PathBuf {
    let dir = cache.file().parent().unwrap_or(Path::new("."));
    dir.join("hook-sessions")
}
