//! The pack engine, used by every mode: pinned slices, seeds and their one-hop neighbours
//! become candidates; overlapping ranges merge (no line is shown twice, seeds win);
//! candidates are ranked; `fit` degrades what does not fit (body → elided → signature →
//! stub) so the whole printed pack stays within the budget, and names everything cut.
//! The result is a typed [`Pack`] that carries the lines it shows; `render` prints it.
//! The pack owns the pieces it is printed in (`layout`), so pricing and printing agree.

mod assemble;
pub mod evidence;
mod fit;
pub(crate) mod layout;
mod line_choice;
pub mod line_score;
pub mod omitted;
pub(crate) mod sources;
pub(crate) mod trailer;
pub mod zoom;

pub use assemble::assemble;
pub use evidence::Evidence;
pub use fit::{fit, minimum};
pub use omitted::{AmbiguousCallee, Omitted, SeedCopy, UnmetSlice};
pub use sources::Sources;

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::Serialize;

use crate::budget::Budget;
use crate::graph::{CallGraph, Confidence};
use crate::index::texts::Texts;
use crate::index::{Index, SymbolId, SymbolKind};
use crate::lines::{FileRange, Line, LineRange, Location};
use crate::slice::Slice;
use crate::tree::TreeState;
use zoom::Frontend;

/// What a pack answers: a named definition, a question, or explicit slices alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A definition named by the request.
    Symbol,
    /// A natural-language question.
    Ask,
    /// Only the slices the request lists.
    Slices,
    /// A unified diff: the definitions it touches.
    Change,
}

crate::names::display_as_serde!(
    /// `symbol`, `ask`, `slices` or `change`.
    Mode
);

/// Why an item is in the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Asked for explicitly (a slice request).
    Pinned,
    /// The definition the request is about.
    Seed,
    /// Calls the named seed.
    CallerOf(String),
    /// Is called by the named seed.
    CalleeOf(String),
    /// A line where the question's literal text occurs outside every definition.
    LineHit,
    /// Lines a diff added outside every definition (imports, top-level statements).
    Changed,
    /// The own lines of the type holding the named seed (its signature, doc comment and
    /// fields, not its members): what the seed's `self` is.
    ParentOf(String),
}

impl Role {
    /// `pinned`, `seed`, `caller-of-X`, `callee-of-X`, `line-hit`, `changed`, `parent-of-X`.
    pub fn label(&self) -> String {
        match self {
            Role::Pinned => "pinned".into(),
            Role::Seed => "seed".into(),
            Role::CallerOf(x) => format!("caller-of-{x}"),
            Role::CalleeOf(x) => format!("callee-of-{x}"),
            Role::LineHit => "line-hit".into(),
            Role::Changed => "changed".into(),
            Role::ParentOf(x) => format!("parent-of-{x}"),
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Role::Pinned => 0,
            Role::Seed | Role::LineHit | Role::Changed | Role::ParentOf(_) => 1,
            Role::CallerOf(_) | Role::CalleeOf(_) => 2,
        }
    }
}

/// How much of an item is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Rendered {
    /// Every line.
    Body,
    /// The signature and the lines that carry the evidence, with elision lines naming the
    /// exact re-request of what they leave out.
    Elided,
    /// The signature and an elision line.
    Signature,
    /// Only named under `## Beyond budget`.
    Stub,
}

/// One candidate for the pack.
#[derive(Clone, Debug)]
pub struct PackItem {
    /// Root-relative path.
    pub path: String,
    /// The definition, when the item is one.
    pub symbol: Option<SymbolId>,
    /// Qualified name (or the slice's label).
    pub name: String,
    /// Kind, when a definition.
    pub kind: Option<SymbolKind>,
    /// The whole range the item stands for.
    pub range: LineRange,
    /// Its signature lines (for the signature form).
    pub signature: LineRange,
    /// Why it is here.
    pub role: Role,
    /// How the edge to its seed was proven (neighbours).
    pub confidence: Option<Confidence>,
    /// The call line of that edge.
    pub call_line: Option<Line>,
    /// Ranges to print, after merging with higher-ranked items (ascending, disjoint).
    pub shown: Vec<LineRange>,
    /// How it is printed; set by `fit`.
    pub rendered: Rendered,
    /// Lines it would take printed whole.
    pub cost_lines: usize,
    /// For the elided and signature forms: how many leading lines are kept.
    pub elide_keep: usize,
    /// A long doc comment above the definition that the item does not show.
    pub doc_left_out: Option<LineRange>,
    /// Its lines that carry the request's evidence; set before `fit`.
    pub marks: evidence::Marks,
    /// For seeds: the ranking's confidence in it relative to the first seed (0 to 1).
    pub weight: f32,
    /// The lines of its own that a diff changed (change mode), never elided; set with
    /// `marks`.
    pub changed: Vec<LineRange>,
}

/// What a pack request asks for.
#[derive(Clone, Debug)]
pub struct PackRequest {
    /// What the pack answers.
    pub mode: Mode,
    /// Slices to pin first, already cut.
    pub pinned: Vec<Slice>,
    /// Seed definitions, most important first.
    pub seeds: Vec<SymbolId>,
    /// The ranking's confidence in each seed (any scale, same order); empty when every
    /// seed is as sure as the first.
    pub seed_scores: Vec<f32>,
    /// The budget.
    pub budget: Budget,
    /// Whether test code may be a neighbour.
    pub include_tests: bool,
    /// How many of the first seeds bring their callers and callees.
    pub neighbours_of: usize,
    /// Lines to show that belong to no definition, as only one mode finds them.
    pub loose: LooseLines,
    /// What the question stage already left out (unmatched words, copies of seeds,
    /// matches only in test code); the pack adds its own omissions to it.
    pub omitted: Omitted,
    /// What marks the lines a cut-down item keeps (the question's terms and literals).
    pub evidence: Evidence,
    /// Who reads the pack (how re-requests are spelled).
    pub frontend: Frontend,
    /// The root the pack's MCP calls name (see [`crate::request::ContextRequest`]).
    pub call_root: Option<String>,
    /// Reasons the caller already knows the pack is partial (`index-building`).
    pub degraded: Vec<String>,
    /// Definitions the reader was already shown (a hook's earlier packs in one host
    /// session): named on one line instead of shown again, leaving their room to others.
    pub shown_earlier: Vec<FileRange>,
    /// The git tree the index reflects, named in the header and the JSON.
    pub tree: Option<TreeState>,
}

/// Lines a pack shows that belong to no definition.
#[derive(Clone, Debug, Default)]
pub enum LooseLines {
    /// None (symbol and slices modes).
    #[default]
    None,
    /// Question mode's literal hits, each shown with a few lines around it.
    Hits(Vec<Location>),
    /// Change mode's added lines outside every definition, each run shown whole.
    Runs(Vec<FileRange>),
}

impl LooseLines {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        match self {
            LooseLines::None => true,
            LooseLines::Hits(hits) => hits.is_empty(),
            LooseLines::Runs(runs) => runs.is_empty(),
        }
    }
}

/// A pack before rendering: ranked, merged items and what was omitted.
#[derive(Clone, Debug)]
pub struct Pack {
    /// What the pack answers.
    pub mode: Mode,
    /// Items in rank order.
    pub items: Vec<PackItem>,
    /// Things left out.
    pub omitted: Omitted,
    /// Reasons the pack is partial (`heuristic-parse(path)`, `callgraph-unavailable`).
    pub degraded: Vec<String>,
    /// The budget.
    pub budget: Budget,
    /// Number of seeds.
    pub n_seeds: usize,
    /// The seeds' qualified names, in rank order (a seed whose lines a pinned slice
    /// prints is still a seed of the request).
    pub seed_names: Vec<String>,
    /// When the budget cannot name every cut item: how many are named before the rest
    /// fold into one line.
    pub listed_stubs: Option<usize>,
    /// Who reads the pack (how re-requests are spelled).
    pub frontend: Frontend,
    /// The root its MCP calls name (see [`crate::request::ContextRequest`]).
    pub call_root: Option<String>,
    /// The line budget asked for, when it was past [`crate::budget::MAX_PACK_LINES`] and
    /// cut to it.
    pub budget_asked: Option<usize>,
    /// The texts of the files the items are in (read by [`build`]; empty before).
    pub sources: Sources,
    /// The index the pack was cut from (filled by [`build`]).
    pub index: IndexFacts,
    /// Why each seed of a question is where it is, when the request asked
    /// (`ContextRequest::explain`): read from the question's answer, not computed again.
    pub explained: Option<crate::ask::explain::Explanation>,
}

/// What a pack says about the index it was cut from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexFacts {
    /// Files whose contents are indexed.
    pub files: usize,
    /// Definitions.
    pub symbols: usize,
    /// The index's fingerprint (see [`Index::stamp`]).
    pub stamp: String,
    /// The git tree it reflects (see [`crate::tree`]); set from the request before the
    /// pack is fitted, since the header that names it is priced.
    pub tree: Option<TreeState>,
}

/// Assembles and fits a pack: its items in their chosen forms, with the lines they show.
/// A budget too small for even the pack's header and the line that counts what was cut is
/// `invalid_request`, and so is one that cannot show every pinned slice whole.
pub fn build(
    index: &Index,
    texts: &Texts,
    graph: &CallGraph,
    request: &PackRequest,
) -> crate::error::Result<Pack> {
    let mut request = request.clone();
    let budget_asked;
    (request.budget, budget_asked) = request.budget.capped();
    let mut pack = assemble(index, graph, &request);
    pack.budget_asked = budget_asked;
    pack.omitted.shown_earlier = take_shown_earlier(&mut pack.items, &request.shown_earlier);
    pack.index.tree = request.tree.clone();
    let paths = pack.items.iter().map(|i| i.path.as_str());
    let sources = Sources::read(
        index,
        texts,
        request.frontend,
        request.call_root.clone(),
        paths,
    );
    // A file that changed since it was indexed is named in the header, which costs tokens.
    let minimum = fit::minimum(&pack, &sources.stale);
    if request.budget.limit() < minimum {
        return Err(crate::error::Error::new(
            crate::error::ErrorCode::InvalidRequest,
            format!(
                "a budget of {} {} cannot hold this pack's header and the list of what was cut; give at least {minimum}",
                request.budget.limit(),
                request.budget.unit()
            ),
        ));
    }
    mark_evidence(&mut pack, &request.evidence, &sources);
    // A type's head is context, worth its room only where its own lines (past the
    // signature) hold the request's evidence.
    pack.items.retain(|i| {
        !matches!(i.role, Role::ParentOf(_)) || evidence::beyond_signature(i, &request.evidence)
    });
    fit(&mut pack, &sources);
    // A pinned slice is shown as asked or the request is refused: cutting it would answer
    // another question than the one asked.
    let pinned = pack.items.iter().filter(|i| i.role == Role::Pinned);
    if pinned.clone().any(|i| i.rendered != Rendered::Body) {
        let pinned_lines: usize = pinned.map(|i| i.cost_lines).sum();
        return Err(crate::error::Error::new(
            crate::error::ErrorCode::InvalidRequest,
            format!(
                "the pinned slices take {pinned_lines} lines, more than a budget of {} {} holds with the rest of the pack; raise the budget or pin fewer lines",
                request.budget.limit(),
                request.budget.unit()
            ),
        ));
    }
    pack.sources = sources;
    pack.index = IndexFacts {
        files: index.file_count(),
        symbols: index.symbol_count(),
        stamp: index.stamp(),
        tree: request.tree,
    };
    Ok(pack)
}

/// Takes out of `items` the definitions (seeds and neighbours, never pinned slices) whose
/// whole range the reader was shown earlier, and names them, in rank order.
fn take_shown_earlier(items: &mut Vec<PackItem>, earlier: &[FileRange]) -> Vec<FileRange> {
    if earlier.is_empty() {
        return Vec::new();
    }
    let mut taken = Vec::new();
    items.retain(|item| {
        let seen = item.symbol.is_some()
            && !matches!(item.role, Role::Pinned | Role::ParentOf(_))
            && earlier
                .iter()
                .any(|e| e.path == item.path && e.range == item.range);
        if seen {
            taken.push(FileRange {
                path: item.path.clone(),
                range: item.range,
            });
        }
        !seen
    });
    taken
}

/// Marks, in each item, the lines that carry the request's evidence (the seeds' names
/// count as calls to look for), so that a cut-down item keeps them.
fn mark_evidence(pack: &mut Pack, evidence: &Evidence, sources: &Sources) {
    let mut evidence = evidence.clone();
    for item in pack.items.iter().filter(|i| i.role == Role::Seed) {
        evidence.add_call(&item.name);
    }
    // Each item is marked alone, so the items are spread over the threads; the marks are
    // the same whichever thread reads them.
    pack.items.par_iter_mut().for_each(|item| {
        let text = sources.text(&item.path);
        let marks = evidence::mark(item, &evidence, |l| {
            text.map_or_else(String::new, |t| t.slice(LineRange::new(l, l)).to_string())
        });
        item.marks = marks;
        item.changed = evidence::changed_runs(item, &evidence);
    });
}
