//! One context request → one pack. The CLI's `ask`/`symbol`/`change` commands and the MCP
//! server's `gather_context` tool are thin shells over [`context`]: it checks the request's
//! shape, finds the seeds (from the question's search lanes, the named symbol, or the
//! definitions a diff touches), builds the call graph around them and hands everything to
//! the pack engine.

use crate::ask::{explain::Explanation, question::Question, SeedLimit};
use crate::budget::Budget;
use crate::error::{Error, ErrorCode, Result};
use crate::index::texts::Texts;
use crate::index::{Index, SymbolId};
use crate::lines::{FileRange, Line};
use crate::pack::omitted::ModeOmitted;
use crate::pack::zoom::Frontend;
use crate::pack::{Mode, Pack};
use crate::slice::{self, SliceRequest};
use crate::{graph, pack, workspace};

pub use crate::ask::Ranking;

/// What a request asks about: its mode, with what only that mode reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A natural-language question, a line or a whole issue (question mode).
    Question(String),
    /// A definition (symbol mode).
    Symbol {
        /// Its name, plain or qualified, or `NAME@LINE`.
        name: String,
        /// The file that defines it.
        path: Option<String>,
        /// Any line of the definition, to choose among same-named ones in the file.
        line: Option<Line>,
    },
    /// A unified diff, as `git diff` or `diff -u` prints it (change mode).
    Diff(String),
    /// Only the request's slices (slices mode).
    Slices,
}

/// What the caller asks for: a [`Target`], and beside it what every mode shares; slices
/// may accompany any target and are pinned first.
#[derive(Clone, Debug)]
pub struct ContextRequest {
    /// The question, symbol or diff asked about, or only the slices.
    pub target: Target,
    /// Explicit slices, pinned first in request order.
    pub slices: Vec<SliceRequest>,
    /// The pack's budget (lines are capped at [`crate::budget::MAX_PACK_LINES`]).
    pub budget: Budget,
    /// Whether test code may be a neighbour or a seed.
    pub include_tests: bool,
    /// A directory (relative to the root) the seeds must lie under; their callers and
    /// callees may live anywhere.
    pub scope: Option<String>,
    /// Who reads the pack: how its re-requests are spelled.
    pub frontend: Frontend,
    /// The root every MCP call the pack prints names, as its `root` argument, so that a
    /// call copied from the pack reaches the root the pack came from: set by a server that
    /// serves several roots. `None` (the default) names none.
    pub call_root: Option<String>,
    /// Reasons the caller already knows the answer is partial (`index-building`): shown in
    /// the header and in `degraded`.
    pub degraded: Vec<String>,
    /// How a question's candidates are ordered (the learned ranking by default).
    pub ranking: Ranking,
    /// Whether a question's pack explains its seeds ([`Pack::explained`], `--explain`).
    pub explain: bool,
    /// Definitions the reader was already shown (whole ranges), named on one line instead
    /// of shown again: what a prompt hook put in front of the model earlier in a session.
    pub shown_earlier: Vec<FileRange>,
    /// The git tree the index reflects, read at the edge ([`crate::Session::tree`]) and
    /// named in the header and the JSON; `None` names none (outside git, and in tests).
    pub tree: Option<crate::tree::TreeState>,
}

impl ContextRequest {
    /// A request for `target` with what a request gets when it names nothing else: no
    /// slices, the pack's default budget, no test code, no scope, spelled for the command
    /// line naming no root, the learned ranking, no explanation.
    pub fn new(target: Target) -> ContextRequest {
        ContextRequest {
            target,
            slices: Vec::new(),
            budget: Budget::PACK,
            include_tests: false,
            scope: None,
            frontend: Frontend::Cli,
            call_root: None,
            degraded: Vec::new(),
            shown_earlier: Vec::new(),
            ranking: Ranking::default(),
            explain: false,
            tree: None,
        }
    }

    /// The question asked, for a question request.
    pub fn question(&self) -> Option<&str> {
        match &self.target {
            Target::Question(text) => Some(text),
            _ => None,
        }
    }
}

/// The rendered pack: text for people, JSON for programs (`used` measured on the text).
#[derive(Clone, Debug)]
pub struct ContextPack {
    /// The text rendering.
    pub text: String,
    /// The JSON rendering.
    pub json: serde_json::Value,
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidRequest, message)
}

/// Answers `request` from `index`: the pack, rendered as text and JSON.
///
/// Errors: `invalid_request` for a malformed request (slices mode with no slices, an empty
/// question or name, an ambiguous name without a path, a malformed diff, a budget too small
/// for the pack's frame), `not_found` for an
/// unknown symbol, `outside_root` for a path (or a diff's file) that escapes the root.
pub fn context(index: &Index, request: &ContextRequest) -> Result<ContextPack> {
    let pack = context_pack(index, request)?;
    let (text, json) = crate::render::pack::render(&pack);
    Ok(ContextPack { text, json })
}

/// Answers `request` from `index` with the fitted pack itself, for a caller that renders
/// it (see [`crate::render::pack`]). Errors as [`context`].
pub fn context_pack(index: &Index, request: &ContextRequest) -> Result<Pack> {
    // Every reader of this request borrows its files from here: each is read once.
    answer(index, &Texts::of(index), request)
}

fn answer(index: &Index, texts: &Texts, request: &ContextRequest) -> Result<Pack> {
    // Read once: the shape check and the search lanes use the same reading.
    let read = request.question().map(crate::ask::read);
    let mode = mode_of(request, read.as_ref())?;
    let scope = scope_of(index, request)?;
    let pinned = slice::assemble_from(texts, &slice::dedup(request.slices.clone()))?;
    let found = seed(index, texts, request, read.as_ref(), scope.as_ref())?;
    // A question's seeds are many and ranked; only the best few bring neighbours, so the
    // budget goes to seeds before callers of weaker ones, and only those few need a graph.
    let neighbours_of = match mode {
        // A pack a hook puts in a model's context spends its few thousand characters on
        // ranked definitions (docs/tuning.md, "The prompt hook's pack"): callers and
        // callees are one `gather_context` call away.
        Mode::Ask if request.frontend == Frontend::Context => 0,
        Mode::Ask => ASK_NEIGHBOURS_OF,
        Mode::Change => CHANGE_NEIGHBOURS_OF,
        _ => usize::MAX,
    };
    let seeds = &found.seeds;
    let graph = graph::build_for(index, texts, &seeds[..seeds.len().min(neighbours_of)]);
    let mut omitted = pack::Omitted {
        by_mode: found.by_mode,
        ..pack::Omitted::default()
    };
    let seeded = !found.seeds.is_empty() || !found.loose.is_empty();
    if !(seeded || mode == Mode::Slices || omitted.question().nothing_matched) {
        omitted.empty_scope = scope.map(|s| s.shown().to_string());
    }
    let pack_request = pack::PackRequest {
        mode,
        pinned,
        seeds: found.seeds,
        seed_scores: found.scores,
        budget: request.budget,
        include_tests: request.include_tests,
        neighbours_of,
        loose: found.loose,
        omitted,
        evidence: found.evidence,
        frontend: request.frontend,
        call_root: request.call_root.clone(),
        degraded: request.degraded.clone(),
        shown_earlier: request.shown_earlier.clone(),
        tree: request.tree.clone(),
    };
    let mut pack = pack::build(index, texts, &graph, &pack_request)?;
    pack.explained = found.explained;
    Ok(pack)
}

/// What a request's target hands the pack engine beside its seeds (weighted, for a
/// question), and a question's explanation when asked for.
#[derive(Default)]
struct Seeded {
    seeds: Vec<SymbolId>,
    scores: Vec<f32>,
    by_mode: ModeOmitted,
    loose: pack::LooseLines,
    evidence: pack::Evidence,
    explained: Option<Explanation>,
}

/// The seeds of `request`'s target and what else its mode hands the pack engine.
fn seed(
    index: &Index,
    texts: &Texts,
    request: &ContextRequest,
    read: Option<&Question>,
    scope: Option<&workspace::Scope>,
) -> Result<Seeded> {
    let mut found = Seeded::default();
    match (&request.target, read) {
        (Target::Diff(diff), _) => {
            let diff = crate::change::parse(diff)?;
            let mut touched = crate::change::seeds(index, texts, &diff)?;
            let in_scope = |path: &str| scope.is_none_or(|scope| scope.contains(path));
            (touched.seeds).retain(|id| in_scope(&index.symbol(*id).file.path));
            touched.outside.retain(|run| in_scope(&run.path));
            found.seeds = touched.seeds;
            found.by_mode = ModeOmitted::Change(touched.notes);
            found.evidence.changed_lines = touched.changed.into_iter().collect();
            found.loose = pack::LooseLines::Runs(touched.outside);
        }
        (Target::Symbol { name, path, line }, _) => {
            let named = (name.as_str(), path.as_deref(), *line);
            if let Some((seed, others)) = index.locate_request(named, scope)? {
                found.seeds = vec![seed];
                found.by_mode = ModeOmitted::Symbol(others);
            }
        }
        (Target::Question(_), Some(read)) => {
            let options = crate::ask::Options {
                include_tests: request.include_tests,
                scope,
                limit: seed_limit(request.budget),
                ranking: request.ranking,
                history: index.history(), // attached by the session that read it
            };
            let asked = crate::ask::ask(index, texts, read, &options);
            found.explained = request
                .explain
                .then(|| crate::ask::explain::explain(&asked));
            found.evidence = pack::Evidence::of_question(&asked.evidence, index.postings());
            found.loose = pack::LooseLines::Hits(asked.hits);
            found.by_mode = ModeOmitted::Question(asked.omitted);
            let mut seeds = asked.seeds;
            if request.frontend == Frontend::Context {
                seeds.truncate(context_seeds(request.budget));
            }
            (found.seeds, found.scores) = seeds.into_iter().unzip();
        }
        _ => {}
    }
    Ok(found)
}

/// The request's scope checked against the root: a directory under it, or
/// `invalid_request`.
fn scope_of(index: &Index, request: &ContextRequest) -> Result<Option<workspace::Scope>> {
    (request.scope.as_deref())
        .map(|dir| workspace::Scope::resolve(index.root(), dir))
        .transpose()
}

/// The mode a request's target asks for, or why the target cannot be answered.
fn mode_of(request: &ContextRequest, read: Option<&Question>) -> Result<Mode> {
    let mode = match &request.target {
        Target::Diff(diff) => change_mode(diff)?,
        Target::Question(q) if q.trim().is_empty() => {
            return Err(invalid(
                "empty question: ask something such as \"how is the index built?\"",
            ))
        }
        Target::Symbol { name, .. } if name.trim().is_empty() => {
            return Err(invalid(
                "empty symbol name: give a name such as parse or Client.send",
            ))
        }
        Target::Question(q) if !read.is_some_and(|r| r.is_searchable()) => {
            return Err(invalid(format!(
                "the question {q:?} has only common words to search for: name the behaviour, message or code you mean"
            )))
        }
        Target::Question(_) => Mode::Ask,
        Target::Symbol { name, .. } => {
            crate::index::check_name(name)?;
            Mode::Symbol
        }
        Target::Slices if !request.slices.is_empty() => Mode::Slices,
        Target::Slices => {
            return Err(invalid(
                "nothing to gather: send a question, a symbol with its path, or files to slice",
            ))
        }
    };
    Ok(mode)
}

/// Change mode, or why a diff cannot be answered.
fn change_mode(diff: &str) -> Result<Mode> {
    if diff.trim().is_empty() {
        return Err(invalid(
            "empty diff: send a unified diff as git diff or diff -u prints it",
        ));
    }
    if diff.len() > crate::change::MAX_DIFF_BYTES {
        return Err(invalid(format!(
            "the diff is over {} bytes: send the change of a few files, not a whole history",
            crate::change::MAX_DIFF_BYTES
        )));
    }
    Ok(Mode::Change)
}

/// Answers `request` without a whole-workspace index (while the first one is built): a
/// symbol is looked up in its file alone (or, without a path, in the files a bounded scan
/// finds its name in), a question is asked of the few files [`crate::quick::files`] finds
/// for it, and pinned slices are cut as always. The pack says it is partial: `reason`
/// opens its `degraded` list, in the header and in JSON. This is the one edge without a
/// session, so a question's history is read here.
pub fn context_unindexed(
    root: &crate::confined::Root,
    options: &crate::index::IndexOptions,
    request: &ContextRequest,
    reason: &str,
) -> Result<Pack> {
    // A request refused with an index is refused before the scan too.
    let read = request.question().map(crate::ask::read);
    mode_of(request, read.as_ref())?;
    let files = match &request.target {
        // A diff names its files: those of its new side are indexed alone.
        Target::Diff(diff) => {
            let diff = crate::change::parse(diff)?;
            (diff.files.iter())
                .filter_map(|f| f.new_path.clone())
                .collect()
        }
        Target::Symbol {
            path: Some(path), ..
        } => vec![path.clone()],
        Target::Question(text) | Target::Symbol { name: text, .. } => {
            let (text, _) = crate::index::split_line_suffix(text);
            crate::quick::files(root, &options.walk, &crate::ask::read(text))
        }
        Target::Slices => Vec::new(),
    };
    let index = crate::index::build_files(root, &files)?;
    // No session holds this index: a question's history is read here, as the session
    // reads it (`Session::load_history`).
    if request.question().is_some() && request.ranking.available() == Ranking::Learned {
        let history = crate::index::history::History::load(root.path(), "HEAD");
        index.set_history(history);
    }
    let mut partial = request.clone();
    partial.degraded.insert(0, reason.to_string());
    context_pack(&index, &partial)
}

/// How many of a question's seeds bring their callers and callees.
const ASK_NEIGHBOURS_OF: usize = 2;
/// How many of a change's seeds bring their callers and callees: every one of a change
/// worth one pack, and a bounded graph for a sweeping one.
const CHANGE_NEIGHBOURS_OF: usize = 24;

/// How many seeds a question gets (see [`SeedLimit::for_lines`]), a token counted as a
/// tenth of a line.
fn seed_limit(budget: Budget) -> SeedLimit {
    SeedLimit::for_lines(match budget {
        Budget::Lines(n) => n,
        Budget::Tokens(n) => n / 10,
    })
}

/// How many of a question's seeds a hook's pack shows: one per [`CONTEXT_TOKENS_PER_SEED`]
/// tokens (17 at 10,000 characters), where [`seed_limit`] would give 24. The ranking still
/// chooses 24, so the explanation the prompt hook's gate reads is the one it learned from.
fn context_seeds(budget: Budget) -> usize {
    let lines = match budget {
        Budget::Lines(n) => n,
        Budget::Tokens(n) => n * 10 / CONTEXT_TOKENS_PER_SEED,
    };
    (lines / 10).max(3)
}

/// A hook's pack has no callers or callees and a few thousand characters: fewer seeds, each
/// shown deeper, put more edited lines in front of the model (at 10,000 characters, 17
/// seeds against 24: edit recall +0.011 on commit subjects, +0.026 on whole issues,
/// docs/tuning.md).
const CONTEXT_TOKENS_PER_SEED: usize = 140;

/// The definition `name` (plain or qualified) names, choosing by `line` among same-named
/// ones; `path`, as the caller wrote it, is checked against the root first and returned
/// root-relative (see [`Index::locate_path`]). Symbol requests and the command line's
/// `graph` locate alike.
pub fn locate_in(
    index: &Index,
    name: &str,
    path: Option<&str>,
    line: Option<Line>,
) -> Result<(SymbolId, Option<String>)> {
    index.locate_path(name, path, line)
}
