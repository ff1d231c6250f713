//! A prompt's pack at the hook's budget: one header line, then a question-mode pack, the
//! whole at most `max_chars` characters, or nothing when the prompt is not about the code
//! (see [`crate::gate`]).

use gather::budget::Budget;
use gather::index::Index;
use gather::lines::{FileRange, LineRange};
use gather::pack::{Pack, Rendered, Role};
use gather::render::zoom::Frontend;
use gather::request::{ContextRequest, Target};

use crate::event::MAX_PROMPT_BYTES;
use crate::gate;
use crate::record::Shown;

/// The default size of a prompt's context: what Claude Code puts in front of the model
/// whole (longer hook output is replaced by a preview and a file path), and Codex CLI's
/// 2,500 estimated tokens.
pub const MAX_CHARS: usize = 10_000;

/// The smallest pack worth sending, in estimated tokens: below it a header and a list of
/// names is all that fits.
const MIN_TOKENS: usize = 200;

/// What a prompt hook is asked.
#[derive(Clone, Debug, Default)]
pub struct PromptRequest {
    /// The user's prompt, as typed or pasted.
    pub prompt: String,
    /// The most characters the context may take, header included.
    pub max_chars: usize,
    /// What the host session was shown earlier (checked here against the files' current
    /// contents: a definition whose file changed since may be shown again).
    pub shown_earlier: Vec<Shown>,
    /// Reasons the index is partial, for the pack to say.
    pub degraded: Vec<String>,
}

/// A prompt hook's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum PromptAnswer {
    /// Context for the model, and the definitions it shows.
    Pack {
        /// The header line and the pack.
        context: String,
        /// The definitions shown (whole or cut down), to remember for the session.
        shown: Vec<Shown>,
    },
    /// Nothing to add, and why (for standard error and for measuring the gate).
    Nothing(String),
}

/// Answers `request` from `index`.
pub fn answer(index: &Index, request: &PromptRequest) -> PromptAnswer {
    let prompt = request.prompt.trim();
    if prompt.is_empty() {
        return PromptAnswer::Nothing("the prompt is empty".into());
    }
    if prompt.len() > MAX_PROMPT_BYTES {
        return PromptAnswer::Nothing(format!(
            "the prompt is over {MAX_PROMPT_BYTES} bytes: a pasted file or log, not a question"
        ));
    }
    let head = HEADER;
    let room = (request.max_chars).saturating_sub(head.chars().count() + 1);
    let tokens = room / 4;
    if tokens < MIN_TOKENS {
        return PromptAnswer::Nothing(format!(
            "{} characters hold no pack (at least {} are needed)",
            request.max_chars,
            MIN_TOKENS * 4 + head.chars().count() + 1
        ));
    }
    let context_request = ContextRequest {
        budget: Budget::Tokens(tokens),
        frontend: Frontend::Context,
        degraded: request.degraded.clone(),
        shown_earlier: still_current(index, &request.shown_earlier),
        // The gate reads the ranking's scores and features of the seeds.
        explain: true,
        // The pack's header names the tree the index reflects.
        tree: gather::tree::read(index),
        ..ContextRequest::new(Target::Question(prompt.to_string()))
    };
    let pack = match gather::context_pack(index, &context_request) {
        Ok(pack) => pack,
        Err(error) => return PromptAnswer::Nothing(error.message),
    };
    if let Err(why) = gate::admit(index, &pack, prompt) {
        return PromptAnswer::Nothing(why);
    }
    let shown = shown_in(index, &pack);
    if shown.is_empty() && !pack.omitted.shown_earlier.is_empty() {
        // The model holds all of it already: a pack of pointers would only repeat them.
        return PromptAnswer::Nothing("everything the prompt ranks was shown earlier".into());
    }
    let (text, _) = gather::render::pack::render(&pack);
    PromptAnswer::Pack {
        context: format!("{head}\n{text}"),
        shown,
    }
}

/// The one line above the pack: what it is and how to see more. The pack's own header
/// line after it names the git tree it reflects.
const HEADER: &str = "[gather] Code ranked for this prompt. Cut lines (\"… lines A-B elided\", path:A-B): assemble_context {\"files\":[{\"path\":\"…\",\"lines\":\"A-B\"}]}; more: gather_context {\"question\":\"…\",\"max_tokens\":8000} or gather ask \"…\" --max-tokens 8000.";

/// The earlier definitions whose files are unchanged since they were shown.
fn still_current(index: &Index, earlier: &[Shown]) -> Vec<FileRange> {
    (earlier.iter())
        .filter(|s| index.file(&s.path).is_some_and(|f| f.hash == s.hash))
        .map(|s| FileRange {
            path: s.path.clone(),
            range: LineRange::new(s.start, s.end),
        })
        .collect()
}

/// The definitions the pack shows (whole or cut down), with their files' hashes.
fn shown_in(index: &Index, pack: &Pack) -> Vec<Shown> {
    (pack.items.iter())
        .filter(|i| i.symbol.is_some())
        .filter(|i| !matches!(i.role, Role::Pinned | Role::ParentOf(_)))
        .filter(|i| matches!(i.rendered, Rendered::Body | Rendered::Elided))
        .filter_map(|i| {
            Some(Shown {
                path: i.path.clone(),
                start: i.range.start,
                end: i.range.end,
                hash: index.file(&i.path)?.hash,
            })
        })
        .collect()
}
