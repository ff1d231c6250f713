//! Resolves call sites to definitions. Order of proof for a call `q.n()`:
//! 1. no qualifier: a definition in an enclosing scope of the same file (`local`), a name
//!    bound by an import (`import`), a glob import, the same package (`local`), a method of
//!    the enclosing class where the language has an implicit receiver (`local`); a bare
//!    `super(…)` is the base class (`qualified`);
//! 2. `self`/`this`/`Self`/`cls`: a method of the enclosing type; `super`: a method of a
//!    base the type's declaration names, never the type's own (`qualified`);
//! 3. a qualifier bound by an import or naming a type or module in scope: the member of that
//!    module or type (`import` or `qualified`);
//! 4. a receiver built in place (`new C().n()`, `C().n()`, `T::new().n()`) or a variable
//!    whose type the enclosing definition spells out: the member of that type (`qualified`);
//! 5. a receiver nothing in the workspace binds (`console`, `Math`, `Vec`): external;
//! 6. otherwise the definitions of that name in the workspace, same language (methods
//!    only where the receiver must be a value): one gives a `name` edge, several an
//!    ambiguous call, none an external one.
//!
//! A name proven to come from outside the workspace (an import of a third-party module, a
//! type from outside) stays external rather than falling back to name matching.
//!
//! Two layers. `Facts` (facts, scope, exports, globals, overloads, bindings) reads records,
//! texts and scopes and remembers what it derived, resolving nothing. `Context` follows
//! imports, qualifiers, bases and receiver types, which reach each other, reading through
//! its `facts`; its files call only those before them: imports < qualifier < members <
//! types < variables < call. Pure text readers (scan, local_types, blocks, composed) are
//! free functions.

mod bindings;
mod blocks;
mod call;
mod composed;
mod exports;
mod facts;
mod globals;
mod imports;
mod local_types;
mod members;
mod memo;
mod overloads;
mod qualifier;
mod scan;
mod scope;
mod types;
mod variables;

use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::Confidence;
use crate::imports::Modules;
use crate::index::texts::Texts;
use crate::index::{CallSite, Index, SymbolId, SymbolKind};
use crate::lines::Line;
use scope::FileScope;

/// Type names found for a variable, shared between calls.
type TypeNames = Arc<Vec<String>>;

/// Workspace types found for a receiver, an attribute or an imported variable.
type FoundTypes = Arc<Vec<SymbolId>>;

/// One call site's resolution.
pub(super) struct ResolvedCall {
    pub caller: SymbolId,
    pub name: String,
    pub line: Line,
    pub outcome: Outcome,
}

/// Where a call goes.
pub(super) enum Outcome {
    Resolved(Vec<SymbolId>, Confidence),
    Ambiguous(Vec<SymbolId>),
    External,
}

/// Resolves every call site that has an enclosing definition, in (file, line) order.
pub(super) fn all(index: &Index, texts: &Texts) -> Vec<ResolvedCall> {
    some(index, texts, None, |_, _| true)
}

/// Resolves the call sites `keep(file, call)` selects, in (file, line) order, looking only
/// at `files` (ascending file positions) when given.
pub(super) fn some(
    index: &Index,
    texts: &Texts,
    files: Option<&[u32]>,
    keep: impl Fn(u32, &CallSite) -> bool + Sync,
) -> Vec<ResolvedCall> {
    let context = Context {
        facts: Facts::new(index, texts),
    };
    let keep = &keep;
    let visit: Vec<u32> = match files {
        Some(files) => files.to_vec(),
        None => (0..index.files().len() as u32).collect(),
    };
    visit
        .par_iter()
        .flat_map_iter(|&file_idx| {
            let context = &context;
            let file = &index.files()[file_idx as usize];
            (file.calls.iter())
                .filter(move |call| keep(file_idx, call))
                .filter_map(move |call| context.resolve_site(file_idx, call))
        })
        .collect()
}

/// Resolves the call sites at `sites` ((file, call) positions), in that order.
pub(super) fn at(index: &Index, texts: &Texts, sites: &[(u32, u32)]) -> Vec<ResolvedCall> {
    let context = Context {
        facts: Facts::new(index, texts),
    };
    sites
        .par_iter()
        .filter_map(|&(file_idx, call_idx)| {
            let call = index.files()[file_idx as usize]
                .calls
                .get(call_idx as usize)?;
            context.resolve_site(file_idx, call)
        })
        .collect()
}

/// The local names of default and module imports (`import x from './m'`,
/// `const X = require('./m')`, `import a.b as c`, Lua's `local m = require('m')`) that,
/// called directly, reach one of `seeds`: the import's target is the seed, or a module
/// whose default export it is.
pub(super) fn module_import_locals(
    index: &Index,
    texts: &Texts,
    seeds: &[SymbolId],
) -> Vec<String> {
    // Only a definition outside every other one but modules can be imported; a method or
    // a nested function never is, so most seeds need no look at the imports at all.
    let importable: Vec<SymbolId> = (seeds.iter().copied())
        .filter(|id| {
            let symbols = &index.files()[id.file as usize].symbols;
            let mut parent = symbols[id.idx as usize].parent;
            while let Some(p) = parent {
                if symbols[p as usize].kind != SymbolKind::Module {
                    return false;
                }
                parent = symbols[p as usize].parent;
            }
            true
        })
        .collect();
    if importable.is_empty() {
        return Vec::new();
    }
    // A module called directly reaches one of its own top-level definitions.
    let top: Vec<SymbolId> = (importable.iter().copied())
        .filter(|id| index.symbol(*id).symbol.parent.is_none())
        .collect();
    let context = &Context {
        facts: Facts::new(index, texts),
    };
    let (importable, top) = (&importable, &top);
    let mut locals: Vec<String> = (0..index.files().len() as u32)
        .into_par_iter()
        .flat_map_iter(|file_idx| {
            let imports = &index.files()[file_idx as usize].imports;
            imports.iter().filter_map(move |import| {
                let local = import.local.as_ref()?;
                if !matches!(import.name.as_deref(), None | Some("default")) {
                    return None;
                }
                let targets = context.import_target(file_idx, import, 0);
                targets
                    .iter()
                    .any(|target| match target {
                        Target::Symbol(id) => importable.contains(id),
                        Target::Module(files) => {
                            top.iter().any(|id| files.contains(&id.file))
                                && (context.facts.default_export(files, local).iter())
                                    .any(|id| top.contains(id))
                        }
                        Target::External => false,
                    })
                    .then(|| local.clone())
            })
        })
        .collect();
    locals.sort();
    locals.dedup();
    locals
}

/// What a receiver's local type says about a call.
enum LocalType {
    /// The members of the type.
    Members(Vec<SymbolId>),
    /// Every type found lies outside the workspace.
    External,
}

/// What following a type's bases found out.
#[derive(Default)]
struct BaseChain {
    /// Some base was read and resolved (in the workspace or outside it).
    known: bool,
    /// Some base could not be read or resolved.
    unknown: bool,
}

/// What an import or qualifier points at.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Symbol(SymbolId),
    /// A module: its files.
    Module(Vec<u32>),
    /// Defined outside the workspace.
    External,
}

/// The members of what a constant's initialising call returns, when known.
type CallValue = Option<Vec<SymbolId>>;

/// The recursive half of resolution: following imports, qualifiers, bases and receiver
/// types, which reach each other. It reads through `facts`, which never calls back.
struct Context<'a> {
    facts: Facts<'a>,
}

/// What resolution reads and remembers while resolving the calls of one query; its readers
/// resolve nothing themselves.
struct Facts<'a> {
    index: &'a Index,
    /// The request's file texts.
    texts: &'a Texts<'a>,
    modules: &'a Modules,
    /// Boxed: a workspace has thousands of files and a query builds few scopes.
    scopes: Vec<OnceLock<Box<FileScope<'a>>>>,
    /// What resolution has read and derived so far.
    memo: memo::Memos,
}

/// How deep import chains, qualifiers and base classes are followed.
const MAX_DEPTH: u32 = 6;

/// One candidate is a `name` edge, several an ambiguous call, none an external one.
fn outcome_of(candidates: Vec<SymbolId>) -> Outcome {
    match candidates.len() {
        0 => Outcome::External,
        1 => Outcome::Resolved(candidates, Confidence::Name),
        _ => Outcome::Ambiguous(candidates),
    }
}

fn is_method(kind: SymbolKind) -> bool {
    kind == SymbolKind::Method
}

fn is_type(kind: SymbolKind) -> bool {
    matches!(
        kind,
        SymbolKind::Class
            | SymbolKind::Struct
            | SymbolKind::Enum
            | SymbolKind::Interface
            | SymbolKind::Trait
            | SymbolKind::Type
    )
}

/// What `new X()` can build: a class or struct, never an interface or a type alias (which
/// only type the value a constant of the same name holds).
fn is_constructible(kind: SymbolKind) -> bool {
    is_type(kind) && !matches!(kind, SymbolKind::Interface | SymbolKind::Type)
}

/// What a bare call can reach: functions, and classes (constructors, Python `C()`).
fn is_callable(kind: SymbolKind) -> bool {
    matches!(
        kind,
        SymbolKind::Function | SymbolKind::Class | SymbolKind::Struct | SymbolKind::Macro
    )
}
