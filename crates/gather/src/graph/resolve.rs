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

use std::sync::OnceLock;

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex};

/// Type names found for a variable, shared between calls.
type TypeNames = Arc<Vec<String>>;

/// Workspace types found for a receiver, an attribute or an imported variable.
type FoundTypes = Arc<Vec<SymbolId>>;

use gather_languages::{ImportStyle, LanguageSpec};
use rayon::prelude::*;

use super::arity;
use super::receiver::{self, BUILTIN, ELEMENT, RETURNED};
use super::Confidence;
use crate::index::modules::{style_of, Modules, Named};
use crate::index::{CallKind, CallSite, FileRecord, Import, Index, SymbolId, SymbolKind};
use crate::lines::{Line, LineIndex, LineRange};

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
pub(super) fn all(index: &Index) -> Vec<ResolvedCall> {
    some(index, None, |_, _| true)
}

/// Resolves the call sites `keep(file, call)` selects, in (file, line) order, looking only
/// at `files` (ascending file positions) when given.
pub(super) fn some(
    index: &Index,
    files: Option<&[u32]>,
    keep: impl Fn(u32, &CallSite) -> bool + Sync,
) -> Vec<ResolvedCall> {
    let context = Context::new(index);
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
            file.calls.iter().filter_map(move |call| {
                if !keep(file_idx, call) {
                    return None;
                }
                let caller = SymbolId {
                    file: file_idx,
                    idx: call.enclosing?,
                };
                Some(ResolvedCall {
                    caller,
                    name: call.name.clone(),
                    line: call.line,
                    outcome: context.resolve(file_idx, caller, call),
                })
            })
        })
        .collect()
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

struct FileScope<'a> {
    top: HashMap<&'a str, Vec<u32>>,
    members: HashMap<(u32, &'a str), Vec<u32>>,
    imports: HashMap<&'a str, Vec<&'a Import>>,
    globs: Vec<&'a Import>,
    spec: Option<&'static LanguageSpec>,
    style: ImportStyle,
}

struct Context<'a> {
    index: &'a Index,
    modules: &'a Modules,
    scopes: Vec<OnceLock<FileScope<'a>>>,
    texts: Mutex<HashMap<u32, Option<Arc<LineIndex>>>>,
    local_types: Mutex<HashMap<(SymbolId, String), TypeNames>>,
    /// Per (file, name): whether the name is a global nothing in the workspace binds.
    globals: Mutex<HashMap<(u32, String), bool>>,
    /// Types found for a dotted receiver in a definition, an attribute of a type, or a
    /// variable another module declares; shared between calls, as one class's attribute
    /// is read for every call through it.
    found_types: Mutex<HashMap<(SymbolId, String), FoundTypes>>,
}

impl FileScope<'_> {
    fn implicit_this(&self) -> bool {
        self.spec.is_some_and(|s| s.implicit_this)
    }
}

const SELF_NAMES: &[&str] = &["self", "this", "Self", "cls", "static", "$this"];
const MAX_DEPTH: u32 = 6;

impl<'a> Context<'a> {
    fn new(index: &'a Index) -> Context<'a> {
        // Scopes are built on first use: a query touches few files of a large workspace.
        let scopes = index.files().iter().map(|_| OnceLock::new()).collect();
        Context {
            index,
            modules: index.modules(),
            scopes,
            texts: Mutex::new(HashMap::default()),
            local_types: Mutex::new(HashMap::default()),
            globals: Mutex::new(HashMap::default()),
            found_types: Mutex::new(HashMap::default()),
        }
    }

    /// The names a file defines and imports, built on first use.
    fn scope(&self, idx: u32) -> &FileScope<'a> {
        self.scopes[idx as usize].get_or_init(|| {
            let file: &'a FileRecord = self.file(idx);
            let mut scope = FileScope {
                top: HashMap::default(),
                members: HashMap::default(),
                imports: HashMap::default(),
                globs: Vec::new(),
                spec: file.language.as_deref().and_then(gather_languages::by_id),
                style: style_of(file),
            };
            for (idx, symbol) in file.symbols.iter().enumerate() {
                match symbol.parent {
                    None => scope
                        .top
                        .entry(symbol.name.as_str())
                        .or_default()
                        .push(idx as u32),
                    Some(p) => scope
                        .members
                        .entry((p, symbol.name.as_str()))
                        .or_default()
                        .push(idx as u32),
                }
            }
            for import in &file.imports {
                match &import.local {
                    // `import a.b` binds `a` (and `a.b` through it).
                    Some(local) => {
                        let key = local.split('.').next().unwrap_or(local);
                        scope.imports.entry(key).or_default().push(import);
                    }
                    None => scope.globs.push(import),
                }
            }
            scope
        })
    }

    fn file(&self, idx: u32) -> &'a FileRecord {
        &self.index.files()[idx as usize]
    }

    fn resolve(&self, file_idx: u32, caller: SymbolId, call: &CallSite) -> Outcome {
        match self.resolve_call(file_idx, caller, call) {
            Outcome::Resolved(found, confidence) => {
                let found = self.implementations(found);
                Outcome::Resolved(self.by_arity(file_idx, call, found), confidence)
            }
            Outcome::Ambiguous(found) => {
                let before = found.len();
                let found = self.by_arity(file_idx, call, self.implementations(found));
                match found {
                    // Overloads of one function: that function, found by name.
                    one if one.len() == 1 && before > 1 => Outcome::Resolved(one, Confidence::Name),
                    several => Outcome::Ambiguous(several),
                }
            }
            Outcome::External => Outcome::External,
        }
    }

    /// One of several top-level definitions of a name in one ECMAScript file (a
    /// `function App()` in each test's callback): the last one above the call, else the
    /// first. Python keeps them all: `if …: def f()` / `else: def f()` are both reachable.
    fn nearest_definition(&self, found: Vec<SymbolId>, line: Line) -> Vec<SymbolId> {
        let Some(first) = found.first() else {
            return found;
        };
        if found.len() < 2 || self.family(first.file) != "ecmascript" {
            return found;
        }
        let mut found = self.implementations(found);
        if found.len() < 2 {
            return found;
        }
        found.sort_by_key(|id| self.index.symbol(*id).symbol.range.start);
        let above = found
            .iter()
            .rev()
            .find(|id| self.index.symbol(**id).symbol.range.start <= line);
        vec![*above.unwrap_or(&found[0])]
    }

    /// Overloads (methods of one type, or functions of one scope, sharing a name) that
    /// accept as many arguments as the call passes, where a language overloads by
    /// signature; the candidates unchanged when the counts cannot be read or none fits.
    fn by_arity(&self, file_idx: u32, call: &CallSite, found: Vec<SymbolId>) -> Vec<SymbolId> {
        if found.len() < 2 || !matches!(self.family(file_idx), "java" | "csharp" | "c" | "kotlin") {
            return found;
        }
        let mut groups: HashMap<(u32, Option<u32>), usize> = HashMap::default();
        for id in &found {
            *groups
                .entry((id.file, self.index.symbol(*id).symbol.parent))
                .or_default() += 1;
        }
        if groups.values().all(|&n| n < 2) {
            return found;
        }
        let Some(text) = self.lines_of(file_idx, LineRange::new(call.line, call.line + 20)) else {
            return found;
        };
        let Some(passed) = arity::call_arguments(&text, &call.name) else {
            return found;
        };
        let fits: Vec<SymbolId> = found
            .iter()
            .copied()
            .filter(|id| {
                let symbol = self.index.symbol(*id).symbol;
                let Some(signature) = self.lines_of(id.file, symbol.signature) else {
                    return true;
                };
                arity::parameters(&signature, &symbol.name).is_none_or(|(fewest, most)| {
                    passed >= fewest && most.is_none_or(|m| passed <= m)
                })
            })
            .collect();
        if fits.is_empty() {
            found
        } else {
            fits
        }
    }

    /// Candidates without the overload stubs (TypeScript overload signatures, Python
    /// `@overload` declarations) whose implementation is among them: a call runs the body.
    fn implementations(&self, found: Vec<SymbolId>) -> Vec<SymbolId> {
        if found.len() < 2 {
            return found;
        }
        // Only definitions sharing a name and a parent in one file can be overloads; the
        // candidates usually come sorted, so files that differ pairwise rule them out.
        let sorted = found.windows(2).all(|w| w[0] <= w[1]);
        if sorted && found.windows(2).all(|w| w[0].file != w[1].file) {
            return found;
        }
        let mut groups: HashMap<(u32, Option<u32>), usize> = HashMap::default();
        for id in &found {
            *groups
                .entry((id.file, self.index.symbol(*id).symbol.parent))
                .or_default() += 1;
        }
        if groups.values().all(|&n| n < 2) {
            return found;
        }
        let siblings = |a: &SymbolId| groups[&(a.file, self.index.symbol(*a).symbol.parent)] > 1;
        let stubs: Vec<bool> = found
            .iter()
            .map(|&id| siblings(&id) && self.is_overload_stub(id))
            .collect();
        let has_body = |i: usize| {
            let a = self.index.symbol(found[i]).symbol;
            found.iter().zip(&stubs).any(|(&other, &stub)| {
                let b = self.index.symbol(other).symbol;
                !stub && other.file == found[i].file && b.parent == a.parent && b.name == a.name
            })
        };
        let keep: Vec<bool> = (0..found.len())
            .map(|i| !stubs[i] || !has_body(i))
            .collect();
        found
            .into_iter()
            .zip(keep)
            .filter_map(|(id, keep)| keep.then_some(id))
            .collect()
    }

    /// A declaration without a body that only types an overload: a TypeScript signature
    /// ending in `;`, or a Python definition decorated `@overload`.
    fn is_overload_stub(&self, id: SymbolId) -> bool {
        let symbol = self.index.symbol(id).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
            return false;
        }
        match self.scope(id.file).style {
            // The decorator lines above the name.
            ImportStyle::Python if symbol.name_line > symbol.range.start => self
                .lines_of(
                    id.file,
                    LineRange::new(symbol.range.start, symbol.name_line - 1),
                )
                .is_some_and(|text| {
                    text.lines().any(|line| {
                        let line = line.trim();
                        line.starts_with('@') && line.ends_with("overload")
                    })
                }),
            // The last line: a signature ends in `;`, a body in `}`.
            ImportStyle::EcmaScript => self
                .lines_of(id.file, LineRange::new(symbol.range.end, symbol.range.end))
                .is_some_and(|line| {
                    let line = line.trim_end();
                    line.ends_with(';') && !line.ends_with("};")
                }),
            _ => false,
        }
    }

    fn resolve_call(&self, file_idx: u32, caller: SymbolId, call: &CallSite) -> Outcome {
        let name = call.name.as_str();
        if call.kind == CallKind::Macro {
            let local = self.top_named(file_idx, name, |k| k == SymbolKind::Macro);
            if !local.is_empty() {
                return Outcome::Resolved(local, Confidence::Local);
            }
            return self.by_name(file_idx, name, |k| k == SymbolKind::Macro);
        }
        match call.qualifier.as_deref() {
            None if name == "super" => self.resolve_super_call(file_idx, caller, call),
            None => self.resolve_bare(file_idx, caller, name, call.kind, call.line),
            Some(q) if q == "super" || q.starts_with("super(") => {
                self.resolve_super(file_idx, caller, name)
            }
            Some(q) if SELF_NAMES.contains(&q) => {
                if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
                    return Outcome::Resolved(found, Confidence::Qualified);
                }
                // `this.m()` in a method of an object literal: a method of the same literal.
                if q == "this" && self.enclosing_type(file_idx, caller).is_none() {
                    if let Some(found) = self.sibling_method(file_idx, caller, name) {
                        return Outcome::Resolved(found, Confidence::Qualified);
                    }
                }
                self.by_name(file_idx, name, is_method)
            }
            Some(q) => {
                match self.resolve_qualifier(file_idx, caller, q, 0) {
                    Some((targets, confidence)) => {
                        let (found, external) = self.members_of_targets(&targets, name, q);
                        if !found.is_empty() {
                            Outcome::Resolved(found, confidence)
                        } else if external {
                            Outcome::External
                        } else {
                            self.by_name(file_idx, name, |k| is_method(k) || is_callable(k))
                        }
                    }
                    None => {
                        // A literal receiver (`", ".join(…)`, `[1].map(…)`) is a builtin.
                        if q.starts_with(['"', '\'', '`', '[', '{'])
                            || q.starts_with(|c: char| c.is_ascii_digit())
                            || (q.len() > 1
                                && q.starts_with(['b', 'f', 'r', 'u'])
                                && q[1..].starts_with(['"', '\'']))
                        {
                            return Outcome::External;
                        }
                        // A receiver built on the spot: `new C().m()`, `C().m()`, `T::new().m()`.
                        if let Some(outcome) = self.member_of_constructed(file_idx, caller, q, name)
                        {
                            return outcome;
                        }
                        // A variable whose type the enclosing definition spells out.
                        match self.member_via_local_type(file_idx, caller, q, name) {
                            Some(LocalType::Members(found)) => {
                                return Outcome::Resolved(found, Confidence::Qualified)
                            }
                            Some(LocalType::External) => return Outcome::External,
                            None => {}
                        }
                        // A module-level variable another module declares and this one
                        // imports: `current_app: FlaskProxy = LocalProxy(…)`.
                        if let Some(found) = self.member_via_module_variable(file_idx, q, name) {
                            return Outcome::Resolved(found, Confidence::Qualified);
                        }
                        // A chain of attributes from a typed variable: `request.url.join()`.
                        if let Some(found) = self.member_via_path(file_idx, caller, q, name) {
                            return Outcome::Resolved(found, Confidence::Qualified);
                        }
                        // A name nothing in the workspace binds (`console`, `Math`, `Vec`).
                        if self.is_global(file_idx, q) {
                            return Outcome::External;
                        }
                        // An unknown receiver (a variable, an expression): name matching.
                        // A value's member is a method; only a module path reaches functions.
                        let functions = self.receiver_may_be_module(file_idx, call, q);
                        let candidates = self.by_name_candidates(file_idx, name, |k| {
                            is_method(k) || (functions && k == SymbolKind::Function)
                        });
                        // `xs.append(…)`, `err.Error()`: one workspace method of a builtin's
                        // name is no proof; the call stays open.
                        if candidates.len() == 1
                            && receiver::is_builtin_method(self.family(file_idx), name)
                        {
                            return Outcome::Ambiguous(candidates);
                        }
                        outcome_of(candidates)
                    }
                }
            }
        }
    }

    /// A call without qualifier: scopes, imports, package, implicit receiver, names.
    fn resolve_bare(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
        kind: CallKind,
        line: Line,
    ) -> Outcome {
        let file = self.file(file_idx);
        let scope = self.scope(file_idx);
        // Enclosing scopes, innermost first; class bodies are not scopes for bare names
        // unless the language has an implicit receiver.
        let implicit_this = scope.implicit_this();
        let mut parent = Some(caller.idx);
        while let Some(p) = parent {
            let holder = &file.symbols[p as usize];
            if !holder.kind.holds_methods() || implicit_this {
                if let Some(found) = scope.members.get(&(p, name)) {
                    let found: Vec<SymbolId> = found
                        .iter()
                        .filter(|&&i| {
                            implicit_this
                                || !is_method(file.symbols[i as usize].kind)
                                || !holder.kind.holds_methods()
                        })
                        .map(|&idx| SymbolId {
                            file: file_idx,
                            idx,
                        })
                        .collect();
                    if !found.is_empty() {
                        return Outcome::Resolved(found, Confidence::Local);
                    }
                }
            }
            parent = holder.parent;
        }
        if let Some(found) = scope.top.get(name) {
            let found: Vec<SymbolId> = found
                .iter()
                .filter(|&&i| {
                    let k = file.symbols[i as usize].kind;
                    is_callable(k) || (kind == CallKind::New && is_constructible(k))
                })
                .map(|&idx| SymbolId {
                    file: file_idx,
                    idx,
                })
                .collect();
            if !found.is_empty() {
                return Outcome::Resolved(self.nearest_definition(found, line), Confidence::Local);
            }
        }
        if let Some(imports) = scope.imports.get(name) {
            let mut found = Vec::new();
            let mut external = false;
            for import in imports {
                if import.local.as_deref() != Some(name) {
                    continue;
                }
                for target in self.import_target(file_idx, import, 0) {
                    match target {
                        Target::Symbol(id) => found.push(id),
                        Target::Module(files) => found.extend(self.default_export(&files, name)),
                        Target::External => external = true,
                    }
                }
            }
            if kind == CallKind::New && !found.is_empty() {
                // `new Tile()` builds the class, or the value a constant of that name holds
                // (not a definition): never the interface of the same name.
                found.retain(|id| {
                    let k = self.index.symbol(*id).symbol.kind;
                    is_constructible(k) || is_callable(k)
                });
                if found.is_empty() {
                    return Outcome::External;
                }
            }
            if !found.is_empty() {
                found.sort();
                found.dedup();
                return Outcome::Resolved(found, Confidence::Import);
            }
            if external {
                return Outcome::External;
            }
        }
        for glob in &scope.globs {
            for target in self.import_target(file_idx, glob, 0) {
                if let Target::Module(files) = target {
                    let found = self.top_in_files(&files, name);
                    if !found.is_empty() {
                        return Outcome::Resolved(found, Confidence::Import);
                    }
                }
            }
        }
        if matches!(scope.style, ImportStyle::Go | ImportStyle::Java) {
            let package: Vec<u32> = self
                .modules
                .same_package(file)
                .iter()
                .copied()
                .filter(|&f| f != file_idx)
                .collect();
            let found = self.top_in_files(&package, name);
            if !found.is_empty() {
                return Outcome::Resolved(found, Confidence::Local);
            }
        }
        if implicit_this {
            if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
                return Outcome::Resolved(found, Confidence::Local);
            }
        }
        let allow_methods = implicit_this;
        self.by_name(file_idx, name, |k| {
            is_callable(k)
                || (allow_methods && is_method(k))
                || (kind == CallKind::New && is_constructible(k))
        })
    }

    /// What a qualifier (`np`, `os.path`, `Type`, `crate::a`, `TopNode`) points at.
    fn resolve_qualifier(
        &self,
        file_idx: u32,
        caller: SymbolId,
        qualifier: &str,
        depth: u32,
    ) -> Option<(Vec<Target>, Confidence)> {
        if depth > MAX_DEPTH {
            return None;
        }
        let scope = self.scope(file_idx);
        let file = self.file(file_idx);
        let segments: Vec<&str> = if qualifier.contains("::") {
            qualifier.split("::").collect()
        } else {
            qualifier.split('.').collect()
        };
        if segments.iter().any(|s| {
            s.is_empty()
                || !s
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        }) {
            return None;
        }
        let first = segments[0];
        // Rust paths: `crate::`, `self::`, `super::` and crate names.
        if scope.style == ImportStyle::Rust && qualifier.contains("::") {
            if let Some((module_file, consumed)) = self.modules.rust_module(&file.path, &segments) {
                let rest = &segments[consumed..];
                let target = self.walk_members(vec![Target::Module(vec![module_file])], rest);
                if !target.is_empty() {
                    return Some((target, Confidence::Qualified));
                }
            }
        }
        // A name bound by an import.
        if let Some(imports) = scope.imports.get(first) {
            let mut targets = Vec::new();
            for import in imports {
                let local = import.local.as_deref().unwrap_or("");
                // `import a.b` bound `a.b`: the qualifier `a.b.c` uses it whole.
                let local_segments: Vec<&str> = local.split('.').collect();
                if segments.len() < local_segments.len()
                    || segments[..local_segments.len()] != local_segments[..]
                {
                    continue;
                }
                let base = self.import_target(file_idx, import, depth + 1);
                targets.extend(self.walk_members(base, &segments[local_segments.len()..]));
            }
            if !targets.is_empty() {
                targets.dedup();
                return Some((targets, Confidence::Import));
            }
        }
        // A type or module defined in this file or its package.
        let mut base: Vec<Target> = self
            .top_named(file_idx, first, |k| {
                is_type(k) || k == SymbolKind::Module || k == SymbolKind::Const
            })
            .into_iter()
            .map(Target::Symbol)
            .collect();
        // A type from outside that the workspace extends (`impl Decode for String`):
        // `String::from_bytes` reaches the workspace's impls of it.
        if base.is_empty() && scope.style == ImportStyle::Rust && segments.len() == 1 {
            base.extend(
                self.index
                    .ids_named(first)
                    .iter()
                    .filter(|id| {
                        self.index.symbol(**id).symbol.kind == SymbolKind::Impl
                            && self.same_language(file_idx, id.file)
                    })
                    .map(|&id| Target::Symbol(id)),
            );
            if !base.is_empty() {
                // The type's other methods are its own, outside the workspace.
                base.push(Target::External);
            }
        }
        if base.is_empty() {
            // Enclosing scopes (a nested class, a Rust inline module). A function or method
            // of that name holds no members: the name is a variable (`for tag in …:
            // tag.check()` in a method `tag`).
            let mut parent = Some(caller.idx);
            while let Some(p) = parent {
                if let Some(found) = scope.members.get(&(p, first)) {
                    base.extend(
                        found
                            .iter()
                            .filter(|&&idx| {
                                let kind = file.symbols[idx as usize].kind;
                                is_type(kind)
                                    || kind == SymbolKind::Module
                                    || kind == SymbolKind::Const
                            })
                            .map(|&idx| {
                                Target::Symbol(SymbolId {
                                    file: file_idx,
                                    idx,
                                })
                            }),
                    );
                    break;
                }
                parent = file.symbols[p as usize].parent;
            }
        }
        if base.is_empty() && matches!(scope.style, ImportStyle::Go | ImportStyle::Java) {
            let package: Vec<u32> = self.modules.same_package(file).to_vec();
            base.extend(
                self.top_in_files(&package, first)
                    .into_iter()
                    .filter(|id| is_type(self.index.symbol(*id).symbol.kind))
                    .map(Target::Symbol),
            );
        }
        if !base.is_empty() {
            let targets = self.walk_members(base, &segments[1..]);
            if !targets.is_empty() {
                return Some((targets, Confidence::Qualified));
            }
        }
        None
    }

    /// Follows `rest` member by member from `base`.
    fn walk_members(&self, base: Vec<Target>, rest: &[&str]) -> Vec<Target> {
        let mut current = base;
        for segment in rest {
            let mut next = Vec::new();
            for target in &current {
                match target {
                    Target::External => next.push(Target::External),
                    Target::Module(files) => {
                        let found = self.member_of(target, segment);
                        if !found.is_empty() {
                            next.extend(found.into_iter().map(Target::Symbol));
                        } else if let Some(sub) = self.submodule(files, segment) {
                            next.push(sub);
                        }
                    }
                    Target::Symbol(_) => {
                        next.extend(
                            self.member_of(target, segment)
                                .into_iter()
                                .map(Target::Symbol),
                        );
                    }
                }
            }
            current = next;
        }
        current
    }

    /// A submodule of a Python package or directory (`pkg.sub`).
    fn submodule(&self, files: &[u32], name: &str) -> Option<Target> {
        let file = self.file(*files.first()?);
        if style_of(file) == ImportStyle::Python {
            let own = file.path.trim_end_matches(".py");
            let dir = own.strip_suffix("/__init__").unwrap_or(own);
            for candidate in [
                format!("{dir}/{name}.py"),
                format!("{dir}/{name}/__init__.py"),
            ] {
                if let Some(idx) = self.index.file_idx(&candidate) {
                    return Some(Target::Module(vec![idx]));
                }
            }
        }
        None
    }

    /// The members named `name` of a target: top-level definitions of a module, methods
    /// of a type (including every Rust `impl` of it in the same files or crate).
    fn member_of(&self, target: &Target, name: &str) -> Vec<SymbolId> {
        match target {
            Target::External => Vec::new(),
            Target::Module(files) => {
                let found = self.top_in_files(files, name);
                if !found.is_empty() {
                    return found;
                }
                // `pkg.f` where the package's `__init__` (or an index module) imports `f`.
                let mut found: Vec<SymbolId> = files
                    .iter()
                    .filter(|&&file| self.exports_imports(file, name))
                    .flat_map(|&file| self.reexported(file, name, 1))
                    .filter_map(|t| match t {
                        Target::Symbol(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                found.sort();
                found.dedup();
                found
            }
            Target::Symbol(id) => {
                let scope = self.scope(id.file);
                let mut found: Vec<SymbolId> = scope
                    .members
                    .get(&(id.idx, name))
                    .map(|v| {
                        v.iter()
                            .map(|&idx| SymbolId { file: id.file, idx })
                            .collect()
                    })
                    .unwrap_or_default();
                let symbol = self.index.symbol(*id).symbol;
                // Methods live in impl blocks (Rust) or receivers elsewhere (Go): every
                // definition holding methods under the same name in the same language.
                // An `impl` block stands for its type: `Self::f()` in `impl Frame` reaches
                // `f` of `impl Decode for Frame`.
                if found.is_empty() && (is_type(symbol.kind) || symbol.kind == SymbolKind::Impl) {
                    for other in self.index.ids_named(&symbol.name) {
                        if other == id || !self.same_language(id.file, other.file) {
                            continue;
                        }
                        let other_symbol = self.index.symbol(*other).symbol;
                        if other_symbol.kind.holds_methods() {
                            if let Some(members) =
                                self.scope(other.file).members.get(&(other.idx, name))
                            {
                                found.extend(members.iter().map(|&idx| SymbolId {
                                    file: other.file,
                                    idx,
                                }));
                            }
                        }
                    }
                }
                found.sort();
                found.dedup();
                found
            }
        }
    }

    /// Methods named `name` of the type enclosing `caller`. Go methods and C++ out-of-line
    /// members name their type through the receiver, which is already their parent.
    fn method_of_enclosing_type(
        &self,
        file_idx: u32,
        caller: SymbolId,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let holder = self.enclosing_type(file_idx, caller)?;
        let mut found = self.member_of(&Target::Symbol(holder), name);
        if found.is_empty() && is_type(self.index.symbol(holder).symbol.kind) {
            // `self.line(…)` in a subclass: the method a workspace base defines.
            found = self.inherited_cached(holder, name).to_vec();
        }
        (!found.is_empty()).then_some(found)
    }

    /// Methods named `name` beside `caller` under the same parent (an object literal's
    /// methods, which the index files under the function or constant holding the literal).
    fn sibling_method(&self, file_idx: u32, caller: SymbolId, name: &str) -> Option<Vec<SymbolId>> {
        let file = self.file(file_idx);
        let holder = file.symbols[caller.idx as usize].parent?;
        let found: Vec<SymbolId> = self
            .scope(file_idx)
            .members
            .get(&(holder, name))?
            .iter()
            .filter(|&&idx| is_method(file.symbols[idx as usize].kind))
            .map(|&idx| SymbolId {
                file: file_idx,
                idx,
            })
            .collect();
        (!found.is_empty()).then_some(found)
    }

    /// Methods named `name` of the type the enclosing definition gives `variable`: a
    /// parameter annotation (`auth: Auth`, `Auth auth`, `auth *Auth`), a constructor
    /// assignment (`client = httpx.Client(…)`, `c := &Client{…}`, `const c = new Client(…)`,
    /// `let s = Stock::new()`), a `with Client(…) as client`, or, where bare names reach
    /// fields (Java, C#, C++), a field declaration of the enclosing type. When every type
    /// found lies outside the workspace (`List<Book> books`), the call is external.
    fn member_via_local_type(
        &self,
        file_idx: u32,
        caller: SymbolId,
        variable: &str,
        name: &str,
    ) -> Option<LocalType> {
        if let Some((receiver, attribute)) = variable.split_once('.') {
            if SELF_NAMES.contains(&receiver) && is_identifier(attribute.trim_start_matches('#')) {
                return self.member_via_attribute(file_idx, caller, variable, attribute, name);
            }
        }
        if !is_identifier(variable) {
            return None;
        }
        let types = self.variable_types(file_idx, caller, variable)?;
        self.members_of_types(file_idx, caller, &types, name)
    }

    /// The type names `local_types` reads for `variable` in `caller` (or, where bare names
    /// reach fields, in its class), read once per definition and variable.
    fn variable_types(&self, file_idx: u32, caller: SymbolId, variable: &str) -> Option<TypeNames> {
        let key = (caller, variable.to_string());
        if let Some(types) = self.local_types.lock().ok()?.get(&key).cloned() {
            return Some(types);
        }
        // Sliced from the file's cached text, not copied: this runs for many variables.
        let loaded = self.file_text(file_idx)?;
        let range = self.file(file_idx).symbols[caller.idx as usize].range;
        let own = loaded.slice(range);
        let mut found = local_types(own, variable);
        // A loop variable takes the element type of the collection's annotation.
        let mut elements = Vec::new();
        found.retain(|name| match name.strip_prefix(ELEMENT) {
            Some(expr) => {
                elements.extend(self.element_types(file_idx, caller, own, expr));
                false
            }
            None => true,
        });
        for element in elements {
            if !found.contains(&element) {
                found.push(element);
            }
        }
        if found.is_empty() && self.scope(file_idx).implicit_this() {
            if let Some(holder) = self.enclosing_type(file_idx, caller) {
                if let Some(text) = self.text_of(file_idx, holder) {
                    found = local_types(&text, variable);
                }
            }
        }
        let types = Arc::new(found);
        self.local_types.lock().ok()?.insert(key, types.clone());
        Some(types)
    }

    /// The element type the annotation of the collection `expr` names (`self.order:
    /// list[JSONTag]` in the class, `items: Item[]` in `own`, the definition's text).
    fn element_types(&self, file_idx: u32, caller: SymbolId, own: &str, expr: &str) -> Vec<String> {
        let annotation = match expr.split_once('.') {
            Some((receiver, attribute)) if SELF_NAMES.contains(&receiver) => {
                let Some(holder) = self.enclosing_type(file_idx, caller) else {
                    return Vec::new();
                };
                let Some(text) = self.text_of(file_idx, holder) else {
                    return Vec::new();
                };
                receiver::annotation_of(&text, expr)
                    .or_else(|| receiver::annotation_of(&text, attribute))
                    .and_then(receiver::element_type)
                    .map(str::to_string)
            }
            Some(_) => None,
            None => receiver::annotation_of(own, expr)
                .and_then(receiver::element_type)
                .map(str::to_string),
        };
        annotation
            .filter(|t| last_segment(t).starts_with(|c: char| c.is_ascii_uppercase()))
            .into_iter()
            .collect()
    }

    /// Methods named `name` of the type a dotted receiver ends at (`request.url`,
    /// `self.request.headers`): the first name's type as the definition gives it, then each
    /// attribute's as its class gives it (annotation, assignment, property return type).
    fn member_via_path(
        &self,
        file_idx: u32,
        caller: SymbolId,
        path: &str,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let segments: Vec<&str> = path.split('.').collect();
        if segments.len() < 2 || segments.len() > 4 || !segments.iter().all(|s| is_identifier(s)) {
            return None;
        }
        // Most dotted receivers start at a name the definition gives no type, nor a module
        // it imports from: stop there.
        enum First {
            Own,
            Names(TypeNames),
            Imported(Arc<Vec<SymbolId>>),
        }
        let first = if SELF_NAMES.contains(&segments[0]) {
            First::Own
        } else {
            let names = self.variable_types(file_idx, caller, segments[0])?;
            if !names.is_empty() {
                First::Names(names)
            } else {
                // `current_app.json.load()`: a variable another module declares.
                let types = self.module_variable_types(file_idx, segments[0])?;
                if types.len() != 1 {
                    return None;
                }
                First::Imported(types)
            }
        };
        let types = self.cached_types((caller, path.to_string()), || {
            let mut types: Vec<SymbolId> = match &first {
                First::Own => self.enclosing_type(file_idx, caller).into_iter().collect(),
                First::Names(names) => self.types_named(file_idx, caller, names),
                First::Imported(types) => types.to_vec(),
            };
            for segment in &segments[1..] {
                let mut next = Vec::new();
                for ty in &types {
                    next.extend(self.attribute_types(*ty, segment).iter().copied());
                }
                next.sort();
                next.dedup();
                // An attribute given several types (`self.stream = ByteStream(…)` here,
                // `= UnattachedStream()` there) says nothing certain.
                if next.len() != 1 {
                    return Vec::new();
                }
                types = next;
            }
            types
        });
        if types.is_empty() {
            return None;
        }
        let targets: Vec<Target> = types.iter().copied().map(Target::Symbol).collect();
        let (found, _) = self.members_of_targets(&targets, name, path);
        (!found.is_empty()).then_some(found)
    }

    /// Methods named `name` that `ty` inherits from its workspace bases, remembered.
    fn inherited_cached(&self, ty: SymbolId, name: &str) -> Arc<Vec<SymbolId>> {
        self.cached_types((ty, format!("<inherited>{name}")), || {
            let mut chain = BaseChain::default();
            self.inherited(ty, name, 0, &mut chain)
        })
    }

    /// `compute()`, remembered under `key` (a definition and a name): the types of a
    /// receiver path, of an attribute, or of an imported variable.
    fn cached_types(
        &self,
        key: (SymbolId, String),
        compute: impl FnOnce() -> Vec<SymbolId>,
    ) -> Arc<Vec<SymbolId>> {
        if let Some(found) = self
            .found_types
            .lock()
            .ok()
            .and_then(|c| c.get(&key).cloned())
        {
            return found;
        }
        let found = Arc::new(compute());
        if let Ok(mut cache) = self.found_types.lock() {
            cache.insert(key, found.clone());
        }
        found
    }

    /// Methods named `name` of the type a module gives a variable of its top level that
    /// this file imports by name (`from .globals import current_app`), read from the
    /// module's lines that start with the variable (`current_app: FlaskProxy = …`).
    fn member_via_module_variable(
        &self,
        file_idx: u32,
        variable: &str,
        name: &str,
    ) -> Option<Vec<SymbolId>> {
        let types = self.module_variable_types(file_idx, variable)?;
        if types.len() != 1 {
            return None;
        }
        let targets = [Target::Symbol(types[0])];
        let (found, _) = self.members_of_targets(&targets, name, variable);
        (!found.is_empty()).then_some(found)
    }

    /// The workspace types another module declares for a module-level variable this file
    /// imports (`current_app: FlaskProxy = LocalProxy(…)`), remembered.
    fn module_variable_types(&self, file_idx: u32, variable: &str) -> Option<Arc<Vec<SymbolId>>> {
        if !is_identifier(variable) {
            return None;
        }
        let scope = self.scope(file_idx);
        let import = scope
            .imports
            .get(variable)?
            .iter()
            .find(|i| i.local.as_deref() == Some(variable) && i.name.is_some())?;
        let module = match scope.style {
            ImportStyle::Python => self.modules.python_module(file_idx, &import.source)?,
            ImportStyle::EcmaScript => self
                .modules
                .ecmascript_module(&self.file(file_idx).path, &import.source)?,
            _ => return None,
        };
        let declared = import.name.as_deref()?;
        // Any definition of the module serves as the place names are resolved from.
        let context = SymbolId {
            file: module,
            idx: (!self.file(module).symbols.is_empty()).then_some(0)?,
        };
        let types = self.cached_types((context, format!("<module>{declared}")), || {
            let Some(loaded) = self.file_text(module) else {
                return Vec::new();
            };
            let top: String = loaded
                .text()
                .lines()
                .filter(|line| {
                    let line = line
                        .strip_prefix("export ")
                        .map(|l| l.trim_start_matches("const ").trim_start_matches("let "))
                        .unwrap_or(line);
                    line.strip_prefix(declared)
                        .is_some_and(|rest| rest.trim_start().starts_with([':', '=']))
                })
                .map(|line| format!("{line}\n"))
                .collect();
            self.types_named(module, context, &local_types(&top, declared))
        });
        Some(types)
    }

    /// The workspace types that type names read by `local_types` stand for, seen from
    /// `context` (a definition in `file_idx`); call results through their declared return type.
    fn types_named(&self, file_idx: u32, context: SymbolId, names: &[String]) -> Vec<SymbolId> {
        let mut out = Vec::new();
        for type_name in names {
            if type_name == BUILTIN || type_name.starts_with(ELEMENT) {
                continue;
            }
            if let Some(callee) = type_name.strip_prefix(RETURNED) {
                out.extend(self.returned_types(file_idx, context, callee));
                continue;
            }
            if SELF_NAMES.contains(&type_name.as_str()) {
                out.extend(self.enclosing_type(file_idx, context));
                continue;
            }
            if let Some((targets, _)) = self.resolve_qualifier(file_idx, context, type_name, 1) {
                out.extend(targets.into_iter().filter_map(|t| match t {
                    Target::Symbol(id) if is_type(self.index.symbol(id).symbol.kind) => Some(id),
                    _ => None,
                }));
            }
        }
        out
    }

    /// The types of attribute `attribute` of the type `ty`: as the class annotates or
    /// assigns it, or as the method of that name (a property) declares it returns.
    fn attribute_types(&self, ty: SymbolId, attribute: &str) -> Arc<Vec<SymbolId>> {
        self.attribute_types_at(ty, attribute, 0)
    }

    /// [`Self::attribute_types`], `depth` bases up from the class the path reached.
    fn attribute_types_at(&self, ty: SymbolId, attribute: &str, depth: u32) -> Arc<Vec<SymbolId>> {
        self.cached_types((ty, format!("<attr>{attribute}")), || {
            let Some(text) = self.text_of(ty.file, ty) else {
                return Vec::new();
            };
            let mut names = Vec::new();
            for receiver in ["self", "this"] {
                names.extend(local_types(&text, &format!("{receiver}.{attribute}")));
            }
            if names.is_empty() {
                names = local_types(&text, attribute);
            }
            let mut found = self.types_named(ty.file, ty, &names);
            if found.is_empty() {
                for method in self.member_of(&Target::Symbol(ty), attribute) {
                    found.extend(self.declared_return_types(method));
                }
            }
            if found.is_empty() && !names.iter().any(|n| n == BUILTIN) && depth < MAX_DEPTH {
                // An attribute the class's workspace bases set (`self.json: JSONProvider`
                // in `App.__init__`, read through `Flask` or a subclass). Names that found
                // no type (`:param json: If given…` in a docstring) do not stop the search.
                let mut chain = BaseChain::default();
                for base in self.bases_of(ty, depth, &mut chain) {
                    if base != ty {
                        let inherited = self.attribute_types_at(base, attribute, depth + 1);
                        found.extend(inherited.iter().copied());
                    }
                }
                found.sort();
                found.dedup();
            }
            found
        })
    }

    /// The types `callee` (as written, seen from `caller`) declares it returns.
    fn returned_types(&self, file_idx: u32, caller: SymbolId, callee: &str) -> Vec<SymbolId> {
        let (qualifier, function) = match callee.rsplit_once('.') {
            Some((q, f)) => (Some(q), f),
            None => (None, callee),
        };
        let targets = match qualifier {
            None => match self.resolve_bare(
                file_idx,
                caller,
                function,
                CallKind::Call,
                self.index.symbol(caller).symbol.name_line,
            ) {
                Outcome::Resolved(found, confidence) if confidence != Confidence::Name => found,
                _ => return Vec::new(),
            },
            Some(q) if SELF_NAMES.contains(&q) => self
                .method_of_enclosing_type(file_idx, caller, function)
                .unwrap_or_default(),
            Some(_) => return Vec::new(),
        };
        targets
            .into_iter()
            .flat_map(|t| self.declared_return_types(t))
            .collect()
    }

    /// The workspace types a function or method declares it returns (`-> T`, `): T`).
    fn declared_return_types(&self, function: SymbolId) -> Vec<SymbolId> {
        let symbol = self.index.symbol(function).symbol;
        if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
            return Vec::new();
        }
        let Some(signature) = self.lines_of(function.file, symbol.signature) else {
            return Vec::new();
        };
        let Some(type_name) = receiver::return_type(&signature) else {
            return Vec::new();
        };
        self.types_named(function.file, function, &[type_name.to_string()])
    }

    /// Methods named `name` of the type the enclosing class gives its attribute
    /// `receiver` (`self._io`, `this.#output`): an annotation or constructor assignment in
    /// the class (`self._io: IO = …`, `private _io: IO`, `self.c = Client()`), or the
    /// declared return type of a property or method of that name (`def output(self) -> Output`).
    fn member_via_attribute(
        &self,
        file_idx: u32,
        caller: SymbolId,
        receiver: &str,
        attribute: &str,
        name: &str,
    ) -> Option<LocalType> {
        let holder = self.enclosing_type(file_idx, caller)?;
        let key = (holder, receiver.to_string());
        let cached = self.local_types.lock().ok()?.get(&key).cloned();
        let types = match cached {
            Some(types) => types,
            None => {
                let text = self.text_of(file_idx, holder)?;
                let mut found = local_types(&text, receiver);
                if found.is_empty() {
                    found = local_types(&text, attribute);
                }
                if found.is_empty() {
                    // `self.serializer = serializer` with `serializer: Serializer` a parameter.
                    for assigned in receiver::assigned_names(&text, receiver) {
                        for type_name in local_types(&text, assigned) {
                            if !found.contains(&type_name) {
                                found.push(type_name);
                            }
                        }
                    }
                }
                if found.is_empty()
                    && !self
                        .member_of(&Target::Symbol(holder), attribute)
                        .is_empty()
                {
                    found.push(format!("{RETURNED}{receiver}"));
                }
                let types = Arc::new(found);
                self.local_types.lock().ok()?.insert(key, types.clone());
                types
            }
        };
        self.members_of_types(file_idx, caller, &types, name)
    }

    /// Methods named `name` of the first of `types` (as `local_types` reads them) that has
    /// one; external when every type lies outside the workspace.
    fn members_of_types(
        &self,
        file_idx: u32,
        caller: SymbolId,
        types: &[String],
        name: &str,
    ) -> Option<LocalType> {
        let (mut external, mut inside) = (false, false);
        for type_name in types.iter() {
            if type_name == BUILTIN {
                external = true;
                continue;
            }
            if type_name.starts_with(ELEMENT) {
                inside = true;
                continue;
            }
            if let Some(callee) = type_name.strip_prefix(RETURNED) {
                match self.returned_type_members(file_idx, caller, callee, name) {
                    Some(LocalType::Members(found)) => return Some(LocalType::Members(found)),
                    Some(LocalType::External) => external = true,
                    None => inside = true,
                }
                continue;
            }
            if SELF_NAMES.contains(&type_name.as_str()) {
                if let Some(found) = self.method_of_enclosing_type(file_idx, caller, name) {
                    return Some(LocalType::Members(found));
                }
                inside = true;
                continue;
            }
            let Some((targets, _)) = self.resolve_qualifier(file_idx, caller, type_name, 1) else {
                if self.is_global(file_idx, type_name) {
                    external = true;
                } else {
                    inside = true;
                }
                continue;
            };
            let (found, to_external) = self.members_of_targets(&targets, name, type_name);
            if !found.is_empty() {
                return Some(LocalType::Members(found));
            }
            if to_external && targets.iter().all(|t| *t == Target::External) {
                external = true;
            } else {
                inside = true;
            }
        }
        (external && !inside).then_some(LocalType::External)
    }

    /// Methods named `name` of the type that `callee` (as written: `self._decoder`, `make`,
    /// `Type.create`) declares it returns, when the callee resolves without guessing.
    fn returned_type_members(
        &self,
        file_idx: u32,
        caller: SymbolId,
        callee: &str,
        name: &str,
    ) -> Option<LocalType> {
        let (qualifier, function) = match callee.rsplit_once('.') {
            Some((q, f)) => (Some(q), f),
            None => (None, callee),
        };
        let targets = match qualifier {
            None => match self.resolve_bare(
                file_idx,
                caller,
                function,
                CallKind::Call,
                self.index.symbol(caller).symbol.name_line,
            ) {
                Outcome::Resolved(found, confidence) if confidence != Confidence::Name => found,
                _ => return None,
            },
            Some(q) if SELF_NAMES.contains(&q) => {
                self.method_of_enclosing_type(file_idx, caller, function)?
            }
            Some(q) => {
                let (targets, _) = self.resolve_qualifier(file_idx, caller, q, 1)?;
                self.members_of_targets(&targets, function, q).0
            }
        };
        let targets = self.implementations(targets);
        let mut external = false;
        for target in targets {
            let symbol = self.index.symbol(target).symbol;
            if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
                continue;
            }
            let Some(signature) = self.lines_of(target.file, symbol.signature) else {
                continue;
            };
            let Some(type_name) = receiver::return_type(&signature) else {
                continue;
            };
            if SELF_NAMES.contains(&type_name) {
                if let Some(found) = self.method_of_enclosing_type(target.file, target, name) {
                    return Some(LocalType::Members(found));
                }
                continue;
            }
            let Some((types, _)) = self.resolve_qualifier(target.file, target, type_name, 1) else {
                external |= self.is_global(target.file, type_name);
                continue;
            };
            let (found, to_external) = self.members_of_targets(&types, name, type_name);
            if !found.is_empty() {
                return Some(LocalType::Members(found));
            }
            external |= to_external && types.iter().all(|t| *t == Target::External);
        }
        external.then_some(LocalType::External)
    }

    /// Members named `name` of resolved targets, and whether one of them is external. A
    /// module without such a member stands for its default export where modules have
    /// one (`import Logger from './logger'`, `const Logger = require('./logger')`).
    fn members_of_targets(
        &self,
        targets: &[Target],
        name: &str,
        qualifier: &str,
    ) -> (Vec<SymbolId>, bool) {
        let mut found = Vec::new();
        let mut external = false;
        for target in targets {
            match target {
                Target::External => external = true,
                Target::Module(files) => {
                    let members = self.member_of(target, name);
                    if !members.is_empty() {
                        found.extend(members);
                        continue;
                    }
                    let default_exports = files
                        .first()
                        .is_some_and(|&f| style_of(self.file(f)) == ImportStyle::EcmaScript);
                    if default_exports {
                        let local = last_segment(qualifier);
                        for export in self.default_export(files, local) {
                            found.extend(self.member_of(&Target::Symbol(export), name));
                        }
                    }
                }
                Target::Symbol(id) => {
                    let own = self.member_of(target, name);
                    if own.is_empty() && is_type(self.index.symbol(*id).symbol.kind) {
                        // A method the type inherits from a workspace base.
                        found.extend(self.inherited_cached(*id, name).iter().copied());
                    }
                    found.extend(own);
                }
            }
        }
        found.sort();
        found.dedup();
        (found, external)
    }

    /// A receiver built in the call itself: `new C(…).m()`, `C(…).m()` with `C` a type, or
    /// a factory on a type, `T::new(…).m()`, `Cart.empty().m()`. The member of that type,
    /// or external when the type comes from outside the workspace.
    fn member_of_constructed(
        &self,
        file_idx: u32,
        caller: SymbolId,
        qualifier: &str,
        name: &str,
    ) -> Option<Outcome> {
        let (path, is_new) = constructed_type(qualifier)?;
        match self.resolve_qualifier(file_idx, caller, &path, 1) {
            Some((targets, _)) => {
                let types: Vec<Target> = targets
                    .into_iter()
                    .filter(|t| match t {
                        Target::Symbol(id) => is_new || is_type(self.index.symbol(*id).symbol.kind),
                        Target::Module(_) => is_new,
                        Target::External => true,
                    })
                    .collect();
                let (found, external) = self.members_of_targets(&types, name, &path);
                if !found.is_empty() {
                    Some(Outcome::Resolved(found, Confidence::Qualified))
                } else if external && types.iter().all(|t| *t == Target::External) {
                    Some(Outcome::External)
                } else {
                    None
                }
            }
            None => self.is_global(file_idx, &path).then_some(Outcome::External),
        }
    }

    /// `super.m()`, `super().m()`: the method of a base class of the enclosing type, read
    /// from its declaration (`class A(B)`, `class A extends B`, `class A : B`), never the
    /// type's own method. Bases outside the workspace make the call external; when the
    /// bases are unknown, any other method of that name.
    fn resolve_super(&self, file_idx: u32, caller: SymbolId, name: &str) -> Outcome {
        let Some(holder) = self.enclosing_type(file_idx, caller) else {
            return self.by_name(file_idx, name, is_method);
        };
        let mut chain = BaseChain::default();
        let found = self.inherited(holder, name, 0, &mut chain);
        if !found.is_empty() {
            return Outcome::Resolved(found, Confidence::Qualified);
        }
        if chain.known && !chain.unknown {
            return Outcome::External;
        }
        let own = self.member_of(&Target::Symbol(holder), name);
        let candidates: Vec<SymbolId> = self
            .by_name_candidates(file_idx, name, is_method)
            .into_iter()
            .filter(|id| !own.contains(id))
            .collect();
        outcome_of(candidates)
    }

    /// Methods named `name` inherited by the type `ty`: those of its nearest bases that
    /// define one, following bases of bases.
    fn inherited(
        &self,
        ty: SymbolId,
        name: &str,
        depth: u32,
        chain: &mut BaseChain,
    ) -> Vec<SymbolId> {
        if depth > MAX_DEPTH {
            chain.unknown = true;
            return Vec::new();
        }
        let mut out = Vec::new();
        for base in self.bases_of(ty, depth, chain) {
            let members = self.member_of(&Target::Symbol(base), name);
            if members.is_empty() {
                out.extend(self.inherited(base, name, depth + 1, chain));
            } else {
                out.extend(members);
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The workspace types `ty` declares as its bases; bases outside the workspace mark
    /// the chain known, unreadable ones unknown.
    fn bases_of(&self, ty: SymbolId, depth: u32, chain: &mut BaseChain) -> Vec<SymbolId> {
        let symbol = self.index.symbol(ty).symbol;
        let Some(signature) = self.lines_of(ty.file, symbol.signature) else {
            chain.unknown = true;
            return Vec::new();
        };
        let bases = base_names(&signature, &symbol.name);
        if bases.is_empty() {
            // `class A:` inherits from the language's root object; a declaration we cannot
            // read says nothing.
            if depth == 0 {
                chain.unknown = true;
            } else {
                chain.known = true;
            }
            return Vec::new();
        }
        let mut out = Vec::new();
        for base in bases {
            let Some((targets, _)) = self.resolve_qualifier(ty.file, ty, &base, 1) else {
                if self.is_global(ty.file, &base) {
                    chain.known = true;
                } else {
                    chain.unknown = true;
                }
                continue;
            };
            for target in targets {
                match target {
                    Target::External => chain.known = true,
                    Target::Symbol(id) if is_type(self.index.symbol(id).symbol.kind) => {
                        chain.known = true;
                        out.push(id);
                    }
                    _ => chain.unknown = true,
                }
            }
        }
        out
    }

    /// A bare `super(…)` call in a constructor (Java, JavaScript): the base class, as
    /// `new C()` is the class. Python's `super()` only fetches the proxy whose method is
    /// the call, so it is external like any builtin.
    fn resolve_super_call(&self, file_idx: u32, caller: SymbolId, call: &CallSite) -> Outcome {
        if let Some(line) = self.lines_of(file_idx, LineRange::new(call.line, call.line)) {
            if let Some(idx) = line.find("super(") {
                let rest = &line[idx + "super".len()..];
                if let Some(close) = receiver::closing(rest) {
                    if rest[close + 1..].trim_start().starts_with('.') {
                        return Outcome::External;
                    }
                }
            }
        }
        let Some(holder) = self.enclosing_type(file_idx, caller) else {
            return Outcome::External;
        };
        let mut chain = BaseChain::default();
        let bases = self.bases_of(holder, 0, &mut chain);
        if bases.is_empty() {
            Outcome::External
        } else {
            Outcome::Resolved(bases, Confidence::Qualified)
        }
    }

    /// The innermost definition holding methods (class, impl, trait) around `caller`.
    fn enclosing_type(&self, file_idx: u32, caller: SymbolId) -> Option<SymbolId> {
        let file = self.file(file_idx);
        let mut parent = file.symbols[caller.idx as usize].parent;
        while let Some(p) = parent {
            if file.symbols[p as usize].kind.holds_methods() {
                return Some(SymbolId {
                    file: file_idx,
                    idx: p,
                });
            }
            parent = file.symbols[p as usize].parent;
        }
        None
    }

    /// Whether the receiver `qualifier` starts at a name nothing in the workspace binds: no
    /// import, no definition of that name in the language, and either a capitalised name
    /// (`Math`, `JSON`, `Vec`, `Collections`: a type or namespace from outside) or a name
    /// this file never declares, only uses before `.` or `::` (`console`, `document`, `std`).
    fn is_global(&self, file_idx: u32, qualifier: &str) -> bool {
        let first = qualifier
            .split("::")
            .next()
            .and_then(|s| s.split('.').next())
            .unwrap_or("");
        if first.is_empty()
            || !first
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
            || SELF_NAMES.contains(&first)
            || first == "super"
        {
            return false;
        }
        let scope = self.scope(file_idx);
        if scope.imports.contains_key(first)
            || self
                .index
                .ids_named(first)
                .iter()
                .any(|id| self.same_language(file_idx, id.file))
        {
            return false;
        }
        if first.starts_with(|c: char| c.is_uppercase()) {
            return true;
        }
        // Go and Java have no global values: a lowercase receiver is a variable or a
        // package the imports name. A glob import (`from m import *`) may bind anything.
        if matches!(scope.style, ImportStyle::Go | ImportStyle::Java) || !scope.globs.is_empty() {
            return false;
        }
        let key = (file_idx, first.to_string());
        if let Some(&known) = self
            .globals
            .lock()
            .ok()
            .and_then(|c| c.get(&key).copied())
            .as_ref()
        {
            return known;
        }
        let never_bound = self
            .file_text(file_idx)
            .is_some_and(|loaded| only_used_as_receiver(loaded.text(), first));
        if let Ok(mut cache) = self.globals.lock() {
            cache.insert(key, never_bound);
        }
        never_bound
    }

    /// Whether an unresolved receiver may be a module, so that free functions are
    /// candidates: not in Go and Java (packages come from imports, values have methods),
    /// in Rust only for a path (`m::f()`, not `v.f()`).
    fn receiver_may_be_module(&self, file_idx: u32, call: &CallSite, qualifier: &str) -> bool {
        match self.scope(file_idx).style {
            ImportStyle::Go | ImportStyle::Java => false,
            ImportStyle::Rust => self
                .lines_of(file_idx, LineRange::new(call.line, call.line))
                .is_none_or(|line| line.contains(&format!("{qualifier}::{}", call.name))),
            _ => true,
        }
    }

    /// The source lines of a definition, read from disk (each file once).
    fn text_of(&self, file_idx: u32, id: SymbolId) -> Option<String> {
        let range = self.file(file_idx).symbols[id.idx as usize].range;
        self.lines_of(file_idx, range)
    }

    /// Lines `range` of a file.
    fn lines_of(&self, file_idx: u32, range: LineRange) -> Option<String> {
        Some(self.file_text(file_idx)?.slice(range).to_string())
    }

    /// A file's text, indexed by line, read from disk once.
    fn file_text(&self, file_idx: u32) -> Option<Arc<LineIndex>> {
        let file = self.file(file_idx);
        let mut cache = self.texts.lock().ok()?;
        cache
            .entry(file_idx)
            .or_insert_with(|| {
                let text = self.index.root_dir().read_text(&file.path)?;
                Some(Arc::new(LineIndex::new(text)))
            })
            .clone()
    }

    /// Where an import points.
    fn import_target(&self, file_idx: u32, import: &Import, depth: u32) -> Vec<Target> {
        if depth > MAX_DEPTH {
            return Vec::new();
        }
        let file = self.file(file_idx);
        match self.scope(file_idx).style {
            ImportStyle::Python => {
                let module = self.modules.python_module(file_idx, &import.source);
                match (&import.name, module) {
                    (Some(name), Some(module)) => {
                        let found = self.top_in_files(&[module], name);
                        if !found.is_empty() {
                            return found.into_iter().map(Target::Symbol).collect();
                        }
                        if let Some(sub) = self.submodule(&[module], name) {
                            return vec![sub];
                        }
                        self.reexported(module, name, depth)
                    }
                    (None, Some(module)) => vec![Target::Module(vec![module])],
                    (_, None) if import.source.starts_with('.') => Vec::new(),
                    (_, None) => vec![Target::External],
                }
            }
            ImportStyle::EcmaScript => {
                match self.modules.ecmascript_module(&file.path, &import.source) {
                    Some(module) => match &import.name {
                        Some(name) if name != "default" => {
                            let found = self.top_in_files(&[module], name);
                            if !found.is_empty() {
                                return found.into_iter().map(Target::Symbol).collect();
                            }
                            self.reexported(module, name, depth)
                        }
                        _ => vec![Target::Module(vec![module])],
                    },
                    None if import.source.starts_with('.') => Vec::new(),
                    None => vec![Target::External],
                }
            }
            ImportStyle::Rust => {
                let mut segments: Vec<&str> = import
                    .source
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .collect();
                if let Some(name) = &import.name {
                    segments.push(name);
                }
                // `super` inside an inline module (`mod tests { use super::*; }`) starts
                // from this file's own module.
                let inline = file
                    .symbols
                    .iter()
                    .filter(|s| {
                        s.kind == SymbolKind::Module
                            && s.range.start < import.line
                            && import.line <= s.range.end
                    })
                    .count();
                let supers = segments.iter().take_while(|s| **s == "super").count();
                if inline > 0 && supers > 0 {
                    if supers <= inline {
                        segments.splice(0..supers, ["self"]);
                    } else {
                        segments.drain(0..inline);
                    }
                }
                match self.modules.rust_module(&file.path, &segments) {
                    Some((module, consumed)) => {
                        let rest = &segments[consumed..];
                        if rest.is_empty() {
                            return vec![Target::Module(vec![module])];
                        }
                        let found = self.walk_members(vec![Target::Module(vec![module])], rest);
                        if !found.is_empty() {
                            return found;
                        }
                        if rest.len() == 1 {
                            let found = self.reexported(module, rest[0], depth);
                            if !found.is_empty() {
                                return found;
                            }
                        }
                        // A path that starts at no module of this crate: an item of this
                        // file (`use Kind::*`) or another crate (`std`, a dependency).
                        if consumed == 0 && !matches!(segments[0], "crate" | "self" | "super") {
                            let here =
                                self.walk_members(vec![Target::Module(vec![file_idx])], rest);
                            if !here.is_empty() {
                                return here;
                            }
                            return vec![Target::External];
                        }
                        Vec::new()
                    }
                    None => match segments.first() {
                        Some(&("crate" | "self" | "super")) => Vec::new(),
                        _ => vec![Target::External],
                    },
                }
            }
            ImportStyle::Go => {
                let files = self.modules.go_package(&import.source);
                if files.is_empty() {
                    vec![Target::External]
                } else {
                    vec![Target::Module(files.to_vec())]
                }
            }
            ImportStyle::Java => {
                let package = self.modules.java_package(&import.source);
                match &import.name {
                    Some(name) if !package.is_empty() => self
                        .top_in_files(package, name)
                        .into_iter()
                        .map(Target::Symbol)
                        .collect(),
                    None if !package.is_empty() => vec![Target::Module(package.to_vec())],
                    _ => {
                        // `import static a.b.C.m`: the class is the last segment.
                        let Some((package, class)) = import.source.rsplit_once('.') else {
                            return vec![Target::External];
                        };
                        let files = self.modules.java_package(package);
                        let classes = self.top_in_files(files, class);
                        if classes.is_empty() {
                            return vec![Target::External];
                        }
                        match &import.name {
                            Some(name) => classes
                                .iter()
                                .flat_map(|c| self.member_of(&Target::Symbol(*c), name))
                                .map(Target::Symbol)
                                .collect(),
                            None => classes.into_iter().map(Target::Symbol).collect(),
                        }
                    }
                }
            }
            ImportStyle::Dart | ImportStyle::Lua | ImportStyle::Elixir => {
                match self.modules.named(style_of(file), &file.path, import) {
                    Some(Named::File(module)) => match &import.name {
                        Some(name) => self
                            .top_in_files(&[module], name)
                            .into_iter()
                            .map(Target::Symbol)
                            .collect(),
                        None => vec![Target::Module(vec![module])],
                    },
                    Some(Named::Symbol(id)) => vec![Target::Symbol(id)],
                    Some(Named::External) => vec![Target::External],
                    None => Vec::new(),
                }
            }
            ImportStyle::None => Vec::new(),
        }
    }

    /// Whether `module.name` may reach a name `module` imports: always in Python (an
    /// imported name is a module attribute), only through `export … from` in ECMAScript.
    fn exports_imports(&self, module: u32, name: &str) -> bool {
        let scope = self.scope(module);
        match scope.style {
            ImportStyle::EcmaScript => {
                scope
                    .imports
                    .get(name)
                    .is_some_and(|imports| imports.iter().any(|i| i.is_reexport))
                    || scope.globs.iter().any(|g| g.is_reexport)
            }
            ImportStyle::Python => true,
            _ => false,
        }
    }

    /// `name` as re-exported by `module` (`from ._client import Client` in a package
    /// `__init__`, `export {a} from './a'`, `pub use`).
    fn reexported(&self, module: u32, name: &str, depth: u32) -> Vec<Target> {
        let scope = self.scope(module);
        let mut out = Vec::new();
        if let Some(imports) = scope.imports.get(name) {
            for import in imports {
                if import.local.as_deref() == Some(name) {
                    out.extend(self.import_target(module, import, depth + 1));
                }
            }
        }
        if out.is_empty() {
            for glob in &scope.globs {
                for target in self.import_target(module, glob, depth + 1) {
                    if let Target::Module(files) = &target {
                        let found = self.top_in_files(files, name);
                        if found.is_empty() && glob.is_reexport && depth < MAX_DEPTH {
                            // A barrel of barrels: `export * from './a'` where `a` does the same.
                            for &file in files {
                                out.extend(self.reexported(file, name, depth + 1));
                            }
                        }
                        out.extend(found.into_iter().map(Target::Symbol));
                    }
                }
            }
        }
        out
    }

    /// A default or namespace import called directly: the module's definition of the
    /// local name, or its only top-level function or class.
    fn default_export(&self, files: &[u32], local: &str) -> Vec<SymbolId> {
        let named = self.top_in_files(files, local);
        if !named.is_empty() {
            return named;
        }
        // `export default function f`, `export default f`: that definition; an anonymous
        // `export default (…) => …` is none of the module's named definitions.
        if let Some(&file_idx) = files.first() {
            if style_of(self.file(file_idx)) == ImportStyle::EcmaScript {
                if let Some(loaded) = self.file_text(file_idx) {
                    match receiver::default_export_name(loaded.text()) {
                        Some(Some(name)) => return self.top_in_files(files, name),
                        Some(None) => return Vec::new(),
                        None => {}
                    }
                }
            }
        }
        let mut callables = Vec::new();
        for &file_idx in files {
            for (idx, symbol) in self.file(file_idx).symbols.iter().enumerate() {
                if symbol.parent.is_none()
                    && matches!(symbol.kind, SymbolKind::Function | SymbolKind::Class)
                {
                    callables.push(SymbolId {
                        file: file_idx,
                        idx: idx as u32,
                    });
                }
            }
        }
        if callables.len() == 1 {
            callables
        } else {
            Vec::new()
        }
    }

    fn top_in_files(&self, files: &[u32], name: &str) -> Vec<SymbolId> {
        let mut out = Vec::new();
        for &file in files {
            if let Some(found) = self.scope(file).top.get(name) {
                out.extend(found.iter().map(|&idx| SymbolId { file, idx }));
            }
        }
        out
    }

    fn top_named(
        &self,
        file_idx: u32,
        name: &str,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Vec<SymbolId> {
        let file = self.file(file_idx);
        self.top_in_files(&[file_idx], name)
            .into_iter()
            .filter(|id| keep(file.symbols[id.idx as usize].kind))
            .collect()
    }

    /// The workspace-wide fallback: definitions of `name` in the same language.
    fn by_name(&self, file_idx: u32, name: &str, keep: impl Fn(SymbolKind) -> bool) -> Outcome {
        outcome_of(self.by_name_candidates(file_idx, name, keep))
    }

    /// Definitions of `name` in the same language, except those nested in a function.
    fn by_name_candidates(
        &self,
        file_idx: u32,
        name: &str,
        keep: impl Fn(SymbolKind) -> bool,
    ) -> Vec<SymbolId> {
        self.index
            .ids_named(name)
            .iter()
            .copied()
            .filter(|id| {
                let found = self.index.symbol(*id);
                // A definition nested in a function is invisible outside it.
                let nested = found.symbol.parent.is_some_and(|p| {
                    matches!(
                        found.file.symbols[p as usize].kind,
                        SymbolKind::Function | SymbolKind::Method
                    )
                });
                !nested && self.same_language(file_idx, id.file) && keep(found.symbol.kind)
            })
            .collect()
    }

    fn same_language(&self, a: u32, b: u32) -> bool {
        self.family(a) == self.family(b)
    }

    /// The language family of a file: languages that call each other's definitions.
    fn family(&self, idx: u32) -> &'a str {
        let language = self.file(idx).language.as_deref().unwrap_or("");
        match language {
            "javascript" | "typescript" | "tsx" => "ecmascript",
            "c" | "cpp" => "c",
            other => other,
        }
    }
}

/// One candidate is a `name` edge, several an ambiguous call, none an external one.
fn outcome_of(candidates: Vec<SymbolId>) -> Outcome {
    match candidates.len() {
        0 => Outcome::External,
        1 => Outcome::Resolved(candidates, Confidence::Name),
        _ => Outcome::Ambiguous(candidates),
    }
}

/// The last segment of a `.` or `::` path.
fn last_segment(path: &str) -> &str {
    let after_colons = path.rsplit("::").next().unwrap_or(path);
    after_colons.rsplit('.').next().unwrap_or(after_colons)
}

/// An identifier path at the start of `text` with `.` or `::` between segments: the end
/// of each segment, and what follows the path.
fn path_segments(text: &str) -> (Vec<usize>, &str) {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mut ends = Vec::new();
    let mut pos = 0;
    loop {
        let rest = &text[pos..];
        if !rest.starts_with(|c: char| is_ident(c) && !c.is_ascii_digit()) {
            break;
        }
        let len = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        pos += len;
        ends.push(pos);
        let rest = &text[pos..];
        let sep = if rest.starts_with("::") {
            2
        } else if rest.starts_with('.') {
            1
        } else {
            break;
        };
        if !text[pos + sep..].starts_with(|c: char| is_ident(c) && !c.is_ascii_digit()) {
            break;
        }
        pos += sep;
    }
    (ends, &text[pos..])
}

fn is_capitalised(segment: &str) -> bool {
    segment.starts_with(|c: char| c.is_uppercase())
}

/// The type a receiver expression constructs: `new a.C(…)` (any name), `C(…)` (a
/// capitalised name), or a factory on a type, `T::new(…)`, `Cart.empty()`; and whether
/// it was a `new`. The call must span the whole receiver.
fn constructed_type(qualifier: &str) -> Option<(String, bool)> {
    let (rest, is_new) = match qualifier.strip_prefix("new ") {
        Some(rest) => (rest.trim_start(), true),
        None => (qualifier, false),
    };
    let (ends, tail) = path_segments(rest);
    let last_end = *ends.last()?;
    let tail = skip_generics(tail.trim_start());
    if !tail.starts_with('(') || receiver::closing(tail) != Some(tail.len() - 1) {
        return None;
    }
    let path = &rest[..last_end];
    if is_new {
        return Some((path.to_string(), true));
    }
    let segment = |i: usize| {
        let start = if i == 0 { 0 } else { ends[i - 1] };
        rest[start..ends[i]].trim_start_matches([':', '.'])
    };
    let n = ends.len();
    if is_capitalised(segment(n - 1)) {
        return Some((path.to_string(), false));
    }
    if n >= 2 && is_capitalised(segment(n - 2)) {
        return Some((rest[..ends[n - 2]].to_string(), false));
    }
    None
}

/// The bases a type declaration names after the type's name: `class A(B, m.C):`,
/// `class A<T> extends B<T> implements I`, `class A : B, I`, `class A < B`.
fn base_names(signature: &str, name: &str) -> Vec<String> {
    if name.is_empty() {
        return Vec::new();
    }
    let bytes = signature.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut from = 0;
    let rest = loop {
        let Some(pos) = signature[from..].find(name) else {
            return Vec::new();
        };
        let start = from + pos;
        let end = start + name.len();
        from = end;
        if (start == 0 || !is_ident(bytes[start - 1]))
            && (end == bytes.len() || !is_ident(bytes[end]))
        {
            break &signature[end..];
        }
    };
    let mut out = Vec::new();
    let mut take = |text: &str| {
        let text = text.trim();
        for prefix in ["public ", "protected ", "private ", "virtual "] {
            if let Some(stripped) = text.strip_prefix(prefix) {
                return push_path(&mut out, stripped.trim());
            }
        }
        push_path(&mut out, text)
    };
    if let Some(ruby) = rest.trim_start().strip_prefix("< ") {
        take(ruby);
        return out;
    }
    let rest = skip_generics(rest);
    if rest.starts_with('(') {
        let Some(close) = receiver::closing(rest) else {
            return out;
        };
        for part in crate::parse::split_top_level(&rest[1..close]) {
            if !part.contains('=') {
                take(part);
            }
        }
    } else if let Some(idx) = find_word(rest, "extends") {
        let list = &rest[idx + "extends".len()..];
        let list = list.split(['{', '\n']).next().unwrap_or(list);
        let list = find_word(list, "implements").map_or(list, |i| &list[..i]);
        for part in crate::parse::split_top_level(list) {
            take(part);
        }
    } else if let Some(list) = rest.trim_start().strip_prefix(':') {
        if !list.starts_with(':') {
            let list = list.split(['{', '\n']).next().unwrap_or(list);
            let list = find_word(list, "where").map_or(list, |i| &list[..i]);
            for part in crate::parse::split_top_level(list) {
                take(part);
            }
        }
    }
    out
}

fn push_path(out: &mut Vec<String>, text: &str) {
    let (ends, _) = path_segments(text);
    if let Some(&end) = ends.last() {
        out.push(text[..end].to_string());
    }
}

/// The offset of `word` as a whole word in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    if word.is_empty() {
        return None;
    }
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut from = 0;
    while let Some(pos) = text[from..].find(word) {
        let start = from + pos;
        let end = start + word.len();
        if (start == 0 || !is_ident(bytes[start - 1]))
            && (end == bytes.len() || !is_ident(bytes[end]))
        {
            return Some(start);
        }
        from = end;
    }
    None
}

/// Whether every whole-word use of `name` in `text` is a receiver (`name.x`, `name?.x`,
/// `name::x`): the file never declares, assigns or passes it.
fn only_used_as_receiver(text: &str, name: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut from = 0;
    let mut seen = false;
    while let Some(pos) = text[from..].find(name) {
        let start = from + pos;
        let end = start + name.len();
        from = end;
        if start > 0 && (is_ident(bytes[start - 1]) || bytes[start - 1] == b'.') {
            continue;
        }
        if end < bytes.len() && is_ident(bytes[end]) {
            continue;
        }
        let after = text[end..].trim_start();
        if !(after.starts_with('.') || after.starts_with("?.") || after.starts_with("::")) {
            return false;
        }
        seen = true;
    }
    seen
}

/// Type names a definition's text gives `variable`: an annotation (`v: Type`, `v: &mut
/// Type`, `v: Optional[Type]`), a constructor assignment (`v = Type(…)`, `v := &Type{…}`,
/// `const v = new Type<T>(…)`), `with Type(…) as v`, a declaration (`Type v =`, `Type<T> v,`)
/// or a Go parameter (`v *Type`). Only capitalised names count: types are capitalised in
/// every language here, which keeps `v = compute(…)` out.
fn local_types(text: &str, variable: &str) -> Vec<String> {
    if variable.is_empty() {
        return Vec::new();
    }
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut out: Vec<String> = Vec::new();
    let mut push = |found: Option<String>| {
        if let Some(found) = found {
            let marker =
                found == BUILTIN || found.starts_with(RETURNED) || found.starts_with(ELEMENT);
            if (marker || last_segment(&found).starts_with(|c: char| c.is_ascii_uppercase()))
                && !out.contains(&found)
            {
                out.push(found);
            }
        }
    };
    let mut from = 0;
    while let Some(pos) = text[from..].find(variable) {
        let start = from + pos;
        let end = start + variable.len();
        from = end;
        if start > 0 && is_ident(bytes[start - 1]) || end < bytes.len() && is_ident(bytes[end]) {
            continue;
        }
        let after = text[end..].trim_start_matches([' ', '\t', '?']);
        // `v: Type`
        if let Some(rest) = after
            .strip_prefix(':')
            .filter(|r| !r.starts_with([':', '=']))
        {
            let mut rest = rest.trim_start();
            for prefix in ["&", "mut ", "typing.Optional[", "Optional[", "\"", "'"] {
                rest = rest.strip_prefix(prefix).unwrap_or(rest).trim_start();
            }
            if receiver::is_builtin_value(rest, true) {
                push(Some(BUILTIN.to_string()));
            } else if let Some((found, tail)) = type_path(rest) {
                // `v: A | None` is an `A`; `v: A | B` could be either, unless the code
                // replaces all but one (`if isinstance(v, A): v = v.b`).
                if !receiver::is_union_of_types(tail) {
                    push(Some(found));
                } else if let Some(kept) = receiver::narrowed_union(&found, tail, text, variable) {
                    push(Some(kept.to_string()));
                }
            }
        }
        // `v = Type(…)`, `v := &Type{…}`, and factories on a type: `v = Type::new(…)`,
        // `v = Cart.empty()`, `let v = Self::new()`
        let assigned = after.strip_prefix(":=").or_else(|| {
            after
                .strip_prefix('=')
                .filter(|r| !r.starts_with(['=', '>']))
        });
        if let Some(rest) = assigned {
            if receiver::is_builtin_value(rest, false) {
                push(Some(BUILTIN.to_string()));
            } else if let Some(callee) = receiver::assigned_callee(rest) {
                push(Some(format!("{RETURNED}{callee}")));
            }
            let mut rest = rest.trim_start();
            for prefix in ["await ", "new ", "&"] {
                rest = rest.strip_prefix(prefix).unwrap_or(rest).trim_start();
            }
            let (ends, tail) = path_segments(rest);
            let tail = skip_generics(tail.trim_start());
            let n = ends.len();
            let segment = |i: usize| {
                let start = if i == 0 { 0 } else { ends[i - 1] };
                rest[start..ends[i]].trim_start_matches([':', '.'])
            };
            if n > 0 && tail.starts_with(['(', '{']) {
                if is_capitalised(segment(n - 1)) {
                    push(Some(rest[..ends[n - 1]].to_string()));
                } else if n >= 2 && tail.starts_with('(') && is_capitalised(segment(n - 2)) {
                    push(Some(rest[..ends[n - 2]].to_string()));
                }
            }
        }
        let before = text[..start].trim_end();
        // `for v in self.items:`, `for (const v of items)`: typed by the collection's
        // annotation once the resolver finds it.
        if let Some(expr) = receiver::iterated(before, after) {
            push(Some(format!("{ELEMENT}{expr}")));
        }
        // `with Type(…) as v`
        if let Some(head) = before
            .strip_suffix(" as")
            .or_else(|| before.strip_suffix("\tas"))
        {
            let line = head.rsplit('\n').next().unwrap_or(head);
            if let Some(idx) = line.rfind("with ") {
                push(type_path(&line[idx + 5..]).map(|(t, _)| t));
            } else if let Some(found) = receiver::with_call_type(head) {
                push(Some(found.to_string()));
            }
        }
        // `Type v =`, `Type<T> v,`, `for (Type v : items)` (Java, C#, C++)
        if after.starts_with(['=', ';', ',', ')'])
            || (after.starts_with(':') && !after.starts_with("::") && !after.starts_with(":="))
        {
            let before = before.trim_end_matches(['*', '&', ' ']);
            let before = strip_generics_back(before);
            // After the last character that is not part of a name (which may be several
            // bytes long: `│ v =` in a string).
            let word_start = before
                .char_indices()
                .rev()
                .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '.'))
                .map_or(0, |(i, c)| i + c.len_utf8());
            if word_start < before.len() {
                push(Some(before[word_start..].to_string()));
            }
        }
        // `v *Type` (Go parameters)
        let go = after.trim_start_matches('*');
        if let Some((found, tail)) = type_path(go) {
            if tail.trim_start().starts_with([',', ')']) && after.len() < text[end..].len() + 1 {
                push(Some(found));
            }
        }
    }
    out
}

/// A dotted identifier path at the start of `text`, and what follows it.
fn type_path(text: &str) -> Option<(String, &str)> {
    let len = text
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_' || *c == '.'))
        .map_or(text.len(), |(i, _)| i);
    let found = text[..len].trim_end_matches('.');
    (!found.is_empty() && found.starts_with(|c: char| c.is_alphabetic() || c == '_'))
        .then(|| (found.to_string(), &text[len..]))
}

/// Skips a leading `<…>` (balanced).
fn skip_generics(text: &str) -> &str {
    if !text.starts_with('<') {
        return text;
    }
    let mut depth = 0;
    for (idx, ch) in text.char_indices() {
        match ch {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return &text[idx + 1..];
                }
            }
            _ => {}
        }
    }
    text
}

/// Drops a trailing `<…>` (balanced).
fn strip_generics_back(text: &str) -> &str {
    if !text.ends_with('>') {
        return text;
    }
    let mut depth = 0;
    for (idx, ch) in text.char_indices().rev() {
        match ch {
            '>' => depth += 1,
            '<' => {
                depth -= 1;
                if depth == 0 {
                    return text[..idx].trim_end();
                }
            }
            _ => {}
        }
    }
    text
}

fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
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

#[cfg(test)]
mod tests {
    use super::{base_names, constructed_type, local_types, only_used_as_receiver};

    #[test]
    fn local_types_read_annotations_and_constructors() {
        assert_eq!(
            local_types("def f(self, auth: Auth, x: int):", "auth"),
            ["Auth"]
        );
        assert_eq!(
            local_types("    client = httpx.Client(timeout=1)", "client"),
            ["httpx.Client"]
        );
        assert_eq!(
            local_types("    with Client() as client:", "client"),
            ["Client"]
        );
        assert_eq!(local_types("fn f(r: &mut Reader) {", "r"), ["Reader"]);
        assert_eq!(local_types("void f(Writer w, int n) {", "w"), ["Writer"]);
        assert_eq!(local_types("    s := &Server{Addr: a}", "s"), ["Server"]);
        assert_eq!(
            local_types("    const db = new Kysely<DB>({", "db"),
            ["Kysely"]
        );
        assert_eq!(local_types("    x = compute(1)", "x"), ["()compute"]);
        // A name after a character of several bytes, in a string: no panic, no type.
        assert_eq!(
            local_types("    s = \"│ v = 1\"\n    v = 2", "v"),
            ["<builtin>"]
        );
        assert_eq!(local_types("    xs = []", "xs"), ["<builtin>"]);
        assert_eq!(
            local_types("    basket = make_basket()\n    basket.total()\n", "basket"),
            ["()make_basket"]
        );
        assert_eq!(
            local_types("    names: list[str] = []", "names"),
            ["<builtin>"]
        );
        assert_eq!(
            local_types("    with Client(\n        a=1,\n    ) as client:", "client"),
            ["Client"]
        );
    }

    #[test]
    fn local_types_read_factories_and_for_each() {
        assert_eq!(local_types("let mut s = Self::new();", "s"), ["Self"]);
        assert_eq!(
            local_types("let r = report::Report::new();", "r"),
            ["report::Report"]
        );
        assert_eq!(local_types("const cart = Cart.empty();", "cart"), ["Cart"]);
        assert_eq!(local_types("for (Book book : books) {", "book"), ["Book"]);
        assert!(local_types("let v = items.iter().count();", "v").is_empty());
        assert!(local_types("x = a if ok else b; y = {x: 1}", "x").is_empty());
    }

    #[test]
    fn constructed_receivers() {
        let c = |q: &str| constructed_type(q);
        assert_eq!(c("new Cart()"), Some(("Cart".into(), true)));
        assert_eq!(
            c("new Intl.NumberFormat('en', { a: ')' })"),
            Some(("Intl.NumberFormat".into(), true))
        );
        assert_eq!(c("Order(items)"), Some(("Order".into(), false)));
        assert_eq!(c("Stock::with_items(&[])"), Some(("Stock".into(), false)));
        assert_eq!(c("Cart.empty()"), Some(("Cart".into(), false)));
        assert_eq!(c("make_order()"), None);
        assert_eq!(c("Order(a).items"), None);
        assert_eq!(c("Order(a)(b)"), None);
    }

    #[test]
    fn bases_from_declarations() {
        assert_eq!(
            base_names("class GiftOrder(Order):", "GiftOrder"),
            ["Order"]
        );
        assert_eq!(
            base_names("class A(base.B, Generic[T], metaclass=M):", "A"),
            ["base.B", "Generic"]
        );
        assert_eq!(
            base_names(
                "public class RareBook<T> extends Book<T> implements Item {",
                "RareBook"
            ),
            ["Book"]
        );
        assert_eq!(base_names("export class A extends B {", "A"), ["B"]);
        assert_eq!(
            base_names("public class A : Base, IThing where T : new()", "A"),
            ["Base", "IThing"]
        );
        assert_eq!(base_names("class Foo : public Bar {", "Foo"), ["Bar"]);
        assert_eq!(base_names("class Foo < Bar", "Foo"), ["Bar"]);
        assert!(base_names("class Plain:", "Plain").is_empty());
    }

    #[test]
    fn globals_are_only_receivers() {
        assert!(only_used_as_receiver(
            "console.log(1);\nconsole\n  .warn(2)",
            "console"
        ));
        assert!(only_used_as_receiver(
            "use std::fmt;\nstd::mem::take(x)",
            "std"
        ));
        assert!(!only_used_as_receiver(
            "function f(log) { log.info(); }",
            "log"
        ));
        assert!(!only_used_as_receiver(
            "const db = open();\ndb.query()",
            "db"
        ));
        assert!(!only_used_as_receiver("nothing here", "console"));
        // `a.console.log` is a member, not a use of the name.
        assert!(only_used_as_receiver(
            "a.console = 1; console.log()",
            "console"
        ));
    }
}
