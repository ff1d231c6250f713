//! One context request → one pack. The CLI's `ask`/`symbol`/`change` commands and the MCP
//! server's `gather_context` tool are thin shells over [`context`]: it checks the request's
//! shape, finds the seeds (from the question's search lanes, the named symbol, or the
//! definitions a diff touches), builds the call graph around them and hands everything to
//! the pack engine.

use crate::ask::question::Question;
use crate::ask::SeedLimit;
use crate::budget::Budget;
use crate::error::{Error, ErrorCode, Result};
use crate::index::texts::Texts;
use crate::index::{Index, SymbolId};
use crate::lines::{FileRange, Line, Location, NamedRange};
use crate::pack::omitted::{ModeOmitted, QuestionOmitted, SeedCopy};
use crate::pack::zoom::Frontend;
use crate::pack::{Mode, Pack};
use crate::slice::{self, SliceRequest};
use crate::{graph, pack, workspace};

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
    /// Reasons the caller already knows the answer is partial (`index-building`): shown in
    /// the header and in `degraded`.
    pub degraded: Vec<String>,
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
    /// line.
    pub fn new(target: Target) -> ContextRequest {
        ContextRequest {
            target,
            slices: Vec::new(),
            budget: Budget::PACK,
            include_tests: false,
            scope: None,
            frontend: Frontend::Cli,
            degraded: Vec::new(),
            shown_earlier: Vec::new(),
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
    let (found, by_mode, change) = seed(index, texts, request, read.as_ref(), scope.as_ref())?;
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
    let mut evidence = match &read {
        Some(question) if mode == Mode::Ask => evidence_of(index, question, &found),
        _ => pack::Evidence::default(),
    };
    let mut omitted = pack::Omitted {
        by_mode,
        ..pack::Omitted::default()
    };
    let loose = match change {
        Some(change) => {
            evidence.changed_lines = change.changed.into_iter().collect();
            pack::LooseLines::Runs(change.outside)
        }
        None if mode == Mode::Ask => pack::LooseLines::Hits(locations(found.line_hits)),
        None => pack::LooseLines::None,
    };
    let seeded = !found.seeds.is_empty() || !loose.is_empty();
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
        loose,
        omitted,
        evidence,
        frontend: request.frontend,
        degraded: request.degraded.clone(),
        shown_earlier: request.shown_earlier.clone(),
        tree: request.tree.clone(),
    };
    pack::build(index, texts, &graph, &pack_request)
}

/// The seeds of `request`'s target, what its mode alone leaves out, and a diff's changed
/// lines and runs.
fn seed(
    index: &Index,
    texts: &Texts,
    request: &ContextRequest,
    read: Option<&Question>,
    scope: Option<&workspace::Scope>,
) -> Result<(crate::ask::Seeds, ModeOmitted, Option<crate::change::Found>)> {
    let mut found = crate::ask::Seeds::default();
    let mut by_mode = ModeOmitted::Nothing;
    let mut change = None;
    match (&request.target, read) {
        (Target::Diff(diff), _) => {
            let diff = crate::change::parse(diff)?;
            let mut touched = crate::change::seeds(index, texts, &diff)?;
            if let Some(scope) = scope {
                keep_under(index, scope, &mut touched);
            }
            found.seeds = std::mem::take(&mut touched.seeds);
            by_mode = ModeOmitted::Change(std::mem::take(&mut touched.notes));
            change = Some(touched);
        }
        (Target::Symbol { name, path, line }, _) => {
            let named = (name.as_str(), path.as_deref(), *line);
            if let Some((seed, others)) = locate(index, named, scope)? {
                found.seeds = vec![seed];
                by_mode = ModeOmitted::Symbol(others);
            }
        }
        (Target::Question(_), Some(read)) => {
            found = crate::ask::seeds(
                index,
                texts,
                read,
                request.include_tests,
                scope,
                seed_limit(request.budget),
            );
            by_mode = ModeOmitted::Question(question_omitted(index, read, &found));
        }
        _ => {}
    }
    Ok((found, by_mode, change))
}

/// The request's scope checked against the root: a directory under it, or
/// `invalid_request`.
fn scope_of(index: &Index, request: &ContextRequest) -> Result<Option<workspace::Scope>> {
    (request.scope.as_deref())
        .map(|dir| workspace::Scope::resolve(index.root(), dir))
        .transpose()
}

/// A diff's seeds and added runs under `scope` only.
fn keep_under(index: &Index, scope: &workspace::Scope, touched: &mut crate::change::Found) {
    let in_scope = |path: &str| scope.contains(path);
    (touched.seeds).retain(|id| in_scope(&index.symbol(*id).file.path));
    touched.outside.retain(|run| in_scope(&run.path));
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

/// What marks the lines a cut-down item of a question's pack keeps: the question's terms
/// and the feedback lane's, weighed by rarity, and its literals. A question with a body
/// (an issue) adds what it names most specifically: its code spans and the names its code
/// calls, its error messages and the lines its stack frames point at; its prose words
/// count for little, since nearly every line of a definition holds one of them.
fn evidence_of(index: &Index, question: &Question, found: &crate::ask::Seeds) -> pack::Evidence {
    let postings = index.postings();
    let own = crate::ask::evidence::QuestionEvidence::of(question);
    let terms = [own.terms.as_slice(), &found.feedback_terms].concat();
    let mut evidence = pack::Evidence::new(
        &terms,
        |t| postings.get(t).len(),
        postings.n_docs(),
        &own.literals,
    );
    evidence.frame_lines = found.frame_lines.clone();
    evidence.line_query = Some(std::sync::Arc::new(pack::line_score::LineQuery::new(
        &own.terms,
        &own.names,
        &own.literals,
    )));
    evidence
}

/// A question's literal hits outside every definition, as places.
fn locations(hits: Vec<(String, Line)>) -> Vec<Location> {
    (hits.into_iter())
        .map(|(path, line)| Location { path, line })
        .collect()
}

/// What the question stage already left out, for the pack to name.
fn question_omitted(index: &Index, read: &Question, found: &crate::ask::Seeds) -> QuestionOmitted {
    QuestionOmitted {
        unmatched_terms: crate::ask::question::name_unmatched(found.unmatched.clone()),
        question_left_out: read.left_out,
        copies: found
            .copies
            .iter()
            .map(|&(copy, kept)| {
                let lines = |id| {
                    let s = index.symbol(id);
                    FileRange {
                        path: s.file.path.clone(),
                        range: s.symbol.range,
                    }
                };
                SeedCopy {
                    copy: lines(copy),
                    kept: lines(kept),
                }
            })
            .collect(),
        test_matches: found.test_matches,
        nothing_matched: found.nothing_matched,
    }
}

/// Answers `request` without a whole-workspace index (while the first one is built): a
/// symbol is looked up in its file alone (or, without a path, in the files a bounded scan
/// finds its name in), a question is asked of the few files [`crate::quick::files`] finds
/// for it, and pinned slices are cut as always. The pack says it is partial: `reason`
/// opens its `degraded` list, in the header and in JSON.
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
    let mut partial = request.clone();
    partial.degraded.insert(0, reason.to_string());
    context_pack(&index, &partial)
}

/// How many of a question's seeds bring their callers and callees.
const ASK_NEIGHBOURS_OF: usize = 2;
/// How many of a change's seeds bring their callers and callees: every one of a change
/// worth one pack, and a bounded graph for a sweeping one.
const CHANGE_NEIGHBOURS_OF: usize = 24;

/// The seeds of a question request, each explained: its learned and hand scores, what
/// placed it and its features (see [`crate::ask::explain()`]); empty for other requests.
pub fn explain(index: &Index, request: &ContextRequest) -> Vec<crate::ask::explain::Explained> {
    let Some(question) = request.question() else {
        return Vec::new();
    };
    // A scope the pack refused has no seeds to explain.
    let Ok(scope) = scope_of(index, request) else {
        return Vec::new();
    };
    crate::ask::explain(
        index,
        &Texts::of(index),
        &crate::ask::read(question),
        request.include_tests,
        scope.as_ref(),
        seed_limit(request.budget),
    )
}

/// How many seeds a question gets (see [`SeedLimit::for_lines`]), a token counted as a
/// tenth of a line.
fn seed_limit(budget: Budget) -> SeedLimit {
    SeedLimit::for_lines(match budget {
        Budget::Lines(n) => n,
        Budget::Tokens(n) => n / 10,
    })
}

/// The definition a `symbol [path] [line]` request names (the name may end in `@LINE`);
/// the path is checked against the root first. With a path and no line, a name defined
/// several times in that file is answered with its first definition and the others are
/// returned, to be named in the pack (the command line and MCP answer alike). With a
/// scope and no path, the name is looked for under the scope alone; `None` when the
/// definition lies outside the scope.
fn locate(
    index: &Index,
    (name, path, line): (&str, Option<&str>, Option<Line>),
    scope: Option<&workspace::Scope>,
) -> Result<Option<(SymbolId, Vec<NamedRange>)>> {
    let (name, suffix) = crate::index::split_line_suffix(name);
    let line = match (line, suffix) {
        (Some(a), Some(b)) if a != b => {
            return Err(invalid(format!(
                "the symbol names line {b} and line names {a}: send one of them"
            )))
        }
        (a, b) => a.or(b),
    };
    let mut path = path.map(str::to_string);
    if let (Some(scope), None) = (scope, &path) {
        match file_under(index, name, scope)? {
            Under::Nowhere => {}
            Under::OutsideOnly => return Ok(None),
            Under::File(file) => path = Some(file),
        }
    }
    let (chosen, path) = locate_in(index, name, path.as_deref(), line)?;
    if scope.is_some_and(|scope| !scope.contains(&index.symbol(chosen).file.path)) {
        return Ok(None);
    }
    let mut others = Vec::new();
    if let (Some(path), None) = (&path, line) {
        for other in index.find(name) {
            if other.id != chosen && &other.file.path == path {
                others.push(NamedRange {
                    path: path.clone(),
                    name: other.symbol.qualified_name.clone(),
                    range: other.symbol.full_range(),
                });
            }
        }
    }
    Ok(Some((chosen, others)))
}

/// Where the definitions of `name` lie with respect to a scope.
enum Under {
    /// No definition anywhere: the lookup names it not found.
    Nowhere,
    /// Definitions, none under the scope.
    OutsideOnly,
    /// The one file under the scope that defines it.
    File(String),
}

/// The file under `scope` that defines `name`; several such files is `invalid_request`
/// naming them, as an ambiguous name without a scope is.
fn file_under(index: &Index, name: &str, scope: &workspace::Scope) -> Result<Under> {
    let all = index.find(name);
    let under: Vec<_> = (all.iter())
        .filter(|s| scope.contains(&s.file.path))
        .copied()
        .collect();
    let mut files: Vec<&str> = under.iter().map(|s| s.file.path.as_str()).collect();
    files.sort_unstable();
    files.dedup();
    match files.as_slice() {
        [] if all.is_empty() => Ok(Under::Nowhere),
        [] => Ok(Under::OutsideOnly),
        [file] => Ok(Under::File(file.to_string())),
        _ => Err(invalid(format!(
            "{name} is defined {} times under the scope {}; add a path: {}",
            under.len(),
            scope.shown(),
            crate::index::list_places(&under)
        ))),
    }
}

/// The definition `name` (plain or qualified) names, choosing by `line` among same-named
/// ones; `path`, as the caller wrote it, is checked against the root first and returned
/// root-relative. Symbol requests and the command line's `graph` locate alike.
pub fn locate_in(
    index: &Index,
    name: &str,
    path: Option<&str>,
    line: Option<Line>,
) -> Result<(SymbolId, Option<String>)> {
    let path = match path {
        Some(p) => Some(workspace::resolve(index.root(), p)?.rel),
        None => None,
    };
    Ok((index.locate(name, path.as_deref(), line)?, path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::LineRange;

    /// A whole issue runs every lane (postings, names, grep, feedback, the call lanes, the
    /// resolver) and pins slices of files the lanes read too; the pack's sources read them
    /// once more. Every file is read once, all through the request's store.
    #[test]
    fn a_question_reads_each_file_once() {
        let (_dir, index) = crate::index::index_of(&[
            (
                "retry.py",
                "from util import jitter\n\n\nclass RetryPolicy:\n    def delay(self, attempt):\n        if attempt > 5:\n            raise RuntimeError('retry budget exhausted')\n        return jitter(attempt * 2)\n",
            ),
            (
                "client.py",
                "from retry import RetryPolicy\n\n\nclass Client:\n    def send(self, attempt):\n        policy = RetryPolicy()\n        return policy.delay(attempt)\n",
            ),
            ("util.py", "def jitter(seconds):\n    return seconds + 0.1\n"),
            ("notes.md", "# Notes\nThe retry budget is five attempts.\n"),
        ]);
        assert!(!index.has_postings());
        let question = "Client.send gives up too early\n\nWhen the server resets, `send` \
                        raises:\n\n```\nTraceback (most recent call last):\n  File \
                        \"client.py\", line 7, in send\n    return policy.delay(attempt)\n  \
                        File \"retry.py\", line 7, in delay\nRuntimeError: retry budget \
                        exhausted\n```\n";
        let request = ContextRequest {
            slices: vec![
                SliceRequest {
                    path: "util.py".into(),
                    lines: Some(LineRange::new(1, 2)),
                    ..SliceRequest::default()
                },
                SliceRequest {
                    path: "retry.py".into(),
                    symbol: Some("RetryPolicy.delay".into()),
                    ..SliceRequest::default()
                },
                SliceRequest {
                    path: "notes.md".into(),
                    ..SliceRequest::default()
                },
            ],
            ..ContextRequest::new(Target::Question(question.to_string()))
        };
        let root = index.root_dir();
        let before = root.files_read();
        let texts = Texts::of(&index);
        let pack = answer(&index, &texts, &request).unwrap();
        let read = root.files_read() - before;

        let shown: std::collections::BTreeSet<&str> =
            pack.items.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(
            shown,
            ["client.py", "notes.md", "retry.py", "util.py"].into()
        );
        assert!(index.has_postings());
        // Every file the index holds was read (the postings and the grep lane read them
        // all), each once, and nothing was read past the store.
        assert_eq!(texts.files(), 4);
        assert_eq!(texts.reads(), 4);
        assert_eq!(read, 4);
    }
}
