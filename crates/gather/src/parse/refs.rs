//! Call sites and imports from a language's `calls.scm` and `imports.scm`. Like the
//! definitions, everything language-specific comes from the query captures; the one
//! exception is a Rust-style use tree (`a::{b, c as d, e::*}`), which a query can capture
//! but not flatten, so it is expanded here.

use std::collections::HashSet;
use std::ops::Range;

use gather_languages::tree_sitter::{Node, QueryMatch, Tree};
use gather_languages::{ImportStyle, Patterns};

use super::candidates::run;
use crate::lines::Line;
use crate::record::{CallKind, CallSite, Import, Symbol, SymbolKind};

/// Longest qualifier kept, in bytes; longer receivers are expressions nobody resolves.
const MAX_QUALIFIER: usize = 120;

/// Every call site, with its enclosing callable definition. `definition_names` are the
/// start bytes of the definitions' name nodes: where a definition is itself a call
/// (Elixir's `def name(args)`), its name is not a call site. `spans` are the definitions'
/// byte ranges, one per symbol.
pub(super) fn calls<'t>(
    patterns: &Patterns,
    tree: &'t Tree,
    candidates: Option<&[Node<'t>]>,
    bytes: &[u8],
    symbols: &[Symbol],
    definition_names: impl IntoIterator<Item = usize>,
    spans: Vec<Range<usize>>,
) -> Vec<CallSite> {
    let names = patterns.query.capture_names();
    let enclosing = EnclosingTable::new(symbols, spans);
    let mut seen: HashSet<usize> = definition_names.into_iter().collect();
    let mut out = Vec::new();
    run(patterns, tree, candidates, bytes, |m: &QueryMatch| {
        let mut kind = None;
        let mut name: Option<Node> = None;
        let mut qualifier: Option<Node> = None;
        for capture in m.captures() {
            match names[capture.index as usize] {
                "reference.call" => kind = Some(CallKind::Call),
                "reference.new" => kind = Some(CallKind::New),
                "reference.macro" => kind = Some(CallKind::Macro),
                "name" => name = Some(capture.node),
                "qualifier" => qualifier = Some(capture.node),
                _ => {}
            }
        }
        let (Some(kind), Some(name)) = (kind, name) else {
            return;
        };
        // Several patterns may match one call (a plain and a qualified form); the first wins.
        if !seen.insert(name.start_byte()) {
            return;
        }
        let Ok(name_text) = name.utf8_text(bytes) else {
            return;
        };
        let qualifier = qualifier
            .and_then(|q| q.utf8_text(bytes).ok())
            // Some grammars keep the separator in the module node (Haskell's `Map.`).
            .map(|q| compact(q.strip_suffix('.').unwrap_or(q)))
            .filter(|q| q.len() <= MAX_QUALIFIER);
        let line = name.start_position().row as Line + 1;
        out.push(CallSite {
            enclosing: enclosing.at(line, name.start_byte()),
            name: name_text.to_string(),
            qualifier,
            line,
            kind,
        });
    });
    out.sort_by(|a, b| (a.line, &a.name).cmp(&(b.line, &b.name)));
    out
}

/// Every imported name, and the package the file declares.
pub(super) fn imports<'t>(
    patterns: &Patterns,
    tree: &'t Tree,
    candidates: Option<&[Node<'t>]>,
    bytes: &[u8],
    style: ImportStyle,
) -> (Vec<Import>, Option<String>) {
    let mut out = Vec::new();
    let mut package = None;
    run(patterns, tree, candidates, bytes, |m: &QueryMatch| {
        let found = ImportMatch::read(patterns, m, bytes);
        if let Some(declared) = found.package.clone() {
            package = declared;
        }
        found.into_imports(style, &mut out);
    });
    out.sort_by(|a, b| (a.line, &a.local, &a.source).cmp(&(b.line, &b.local, &b.source)));
    out.dedup();
    (out, package)
}

/// What one match of an imports query captured.
#[derive(Default)]
struct ImportMatch {
    source: Option<String>,
    name: Option<String>,
    alias: Option<String>,
    use_tree: Option<String>,
    path: Option<String>,
    is_glob: bool,
    is_reexport: bool,
    /// `Some` when the match captured the file's package (`None` inside: unreadable).
    package: Option<Option<String>>,
    line: Line,
}

impl ImportMatch {
    fn read(patterns: &Patterns, m: &QueryMatch, bytes: &[u8]) -> ImportMatch {
        let names = patterns.query.capture_names();
        let text = |node: Node| node.utf8_text(bytes).ok().map(unquote);
        let mut found = ImportMatch::default();
        // A pattern may fix the imported name where no node spells it:
        // `(#set! import.name "default")` for `import x from './m'`.
        for property in patterns.query.property_settings(m.pattern_index) {
            if &*property.key == "import.name" {
                found.name = property.value.as_deref().map(str::to_string);
            }
        }
        for capture in m.captures() {
            found.line = found
                .line
                .max(capture.node.start_position().row as Line + 1);
            let value = || text(capture.node);
            match names[capture.index as usize] {
                // Several captures in one match are the segments of a dotted path
                // whose segments are separate nodes (Scala's `import a.b.C`).
                "import.source" => found.source = join_segments(found.source.take(), value()),
                "import.name" => found.name = value(),
                "import.alias" => found.alias = value(),
                "import.glob" => found.is_glob = true,
                "import.reexport" => found.is_reexport = true,
                "import.tree" => found.use_tree = value(),
                "import.package" => found.package = Some(value()),
                "import.path" => found.path = join_segments(found.path.take(), value()),
                _ => {}
            }
        }
        found
    }

    /// The imports the match stands for, appended to `out`.
    fn into_imports(self, style: ImportStyle, out: &mut Vec<Import>) {
        let (is_reexport, line) = (self.is_reexport, self.line);
        if let Some(use_tree) = self.use_tree {
            out.extend(
                expand_use_tree(&use_tree)
                    .into_iter()
                    .map(|(path, leaf)| use_tree_import(path, leaf, is_reexport, line)),
            );
            return;
        }
        let (mut source, mut name) = (self.source, self.name);
        // `import.path` is `module.name`: the last segment is the name taken.
        if let Some(path) = self.path {
            match path.rsplit_once('.') {
                Some((module, last)) => {
                    source = Some(module.to_string());
                    name = Some(last.to_string());
                }
                None => source = Some(path),
            }
        }
        let Some(source) = source else { return };
        let local = if self.is_glob {
            None
        } else {
            self.alias
                .or_else(|| name.clone())
                .or_else(|| Some(default_local(&source, style)))
        };
        out.push(Import {
            local,
            source,
            name,
            is_reexport,
            line,
        });
    }
}

/// The import of one leaf of a Rust-style use tree under `path`.
fn use_tree_import(path: String, leaf: UseLeaf, is_reexport: bool, line: Line) -> Import {
    match leaf {
        UseLeaf::Name { name, alias } => {
            let local = alias.unwrap_or_else(|| name.clone());
            // `a::b::{self}` binds the module `b` itself.
            if name == "self" {
                let (parent, last) = path.rsplit_once("::").unwrap_or(("", path.as_str()));
                Import {
                    local: Some(local.replace("self", last)),
                    source: parent.to_string(),
                    name: Some(last.to_string()),
                    is_reexport,
                    line,
                }
            } else {
                Import {
                    local: Some(local),
                    source: path,
                    name: Some(name),
                    is_reexport,
                    line,
                }
            }
        }
        UseLeaf::Glob => Import {
            local: None,
            source: path,
            name: None,
            is_reexport,
            line,
        },
    }
}

/// `segment` appended to a dotted path read so far.
fn join_segments(path: Option<String>, segment: Option<String>) -> Option<String> {
    match (path, segment) {
        (Some(path), Some(segment)) => Some(format!("{path}.{segment}")),
        (path, segment) => segment.or(path),
    }
}

/// The name a module import binds without an alias: the last path segment (without a
/// `/vN` version suffix) where the style binds it (Go); elsewhere the source as written
/// (`import a.b`).
fn default_local(source: &str, style: ImportStyle) -> String {
    if !style.binds_last_segment() {
        return source.to_string();
    }
    let mut segments = source.rsplit('/');
    let last = segments.next().unwrap_or(source);
    let is_version =
        last.len() > 1 && last.starts_with('v') && last[1..].chars().all(|c| c.is_ascii_digit());
    match (is_version, segments.next()) {
        (true, Some(previous)) => previous.to_string(),
        _ => last.to_string(),
    }
}

/// Innermost callable definition per line, corrected by bytes where a definition starts or
/// ends inside a line: `visit(s, { number: () => z.string() })` calls `visit` from the
/// enclosing test, not from `number`.
struct EnclosingTable {
    by_line: Vec<Option<u32>>,
    /// The innermost definition per line, callable or not.
    innermost: Vec<Option<u32>>,
    spans: Vec<Range<usize>>,
    parents: Vec<Option<u32>>,
    callable: Vec<bool>,
}

impl EnclosingTable {
    fn new(symbols: &[Symbol], spans: Vec<Range<usize>>) -> EnclosingTable {
        let last = symbols.iter().map(|s| s.range.end).max().unwrap_or(0) as usize;
        let mut innermost: Vec<Option<(u32, u32)>> = vec![None; last + 1];
        for (idx, symbol) in symbols.iter().enumerate() {
            let len = symbol.range.len();
            // Decorators and attributes above the name run in the enclosing scope, when
            // the definition is made: `@app.route(…)` is a call of the module or class.
            let start = symbol.name_line.clamp(symbol.range.start, symbol.range.end);
            for line in start..=symbol.range.end {
                let slot = &mut innermost[line as usize];
                if slot.is_none_or(|(_, best)| len <= best) {
                    *slot = Some((idx as u32, len));
                }
            }
        }
        let by_line = innermost
            .iter()
            .map(|slot| slot.and_then(|(idx, _)| callable(symbols, idx)))
            .collect();
        EnclosingTable {
            by_line,
            innermost: innermost
                .iter()
                .map(|slot| slot.map(|(idx, _)| idx))
                .collect(),
            spans,
            parents: symbols.iter().map(|s| s.parent).collect(),
            callable: symbols
                .iter()
                .map(|s| matches!(s.kind, SymbolKind::Function | SymbolKind::Method))
                .collect(),
        }
    }

    fn at(&self, line: Line, byte: usize) -> Option<u32> {
        let by_line = self.by_line.get(line as usize).copied().flatten();
        let Some(inner) = self.innermost.get(line as usize).copied().flatten() else {
            return by_line;
        };
        let contains = |idx: u32| {
            self.spans
                .get(idx as usize)
                .is_some_and(|r| r.contains(&byte))
        };
        // The common case: the line's innermost definition holds the call.
        if self.spans.len() != self.parents.len() || contains(inner) {
            return by_line;
        }
        // The call sits beside a definition that shares its line: the innermost definition
        // holding its byte is the last one starting before it, or one of that one's parents.
        let last = self
            .spans
            .partition_point(|r| r.start <= byte)
            .checked_sub(1)?;
        let mut at = Some(last as u32);
        while let Some(idx) = at {
            if contains(idx) {
                break;
            }
            at = self.parents[idx as usize];
        }
        // No definition holds it: the call runs at the top level.
        while let Some(idx) = at {
            if self.callable[idx as usize] {
                return Some(idx);
            }
            at = self.parents[idx as usize];
        }
        None
    }
}

/// Strips one level of matching quotes (`'./m'`, `"fmt"`, `` `x` ``).
fn unquote(text: &str) -> String {
    let t = text.trim();
    for q in ['"', '\'', '`'] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            return t[1..t.len() - 1].to_string();
        }
    }
    t.to_string()
}

/// Folds whitespace inside a qualifier: none around member access (`a\n  .b` → `a.b`),
/// one space elsewhere (`(a as any)`).
fn compact(text: &str) -> String {
    // Most qualifiers (`self`, `a.b`) hold no whitespace and come out as they are.
    if !text.chars().any(char::is_whitespace) {
        return text.to_string();
    }
    let spaced = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(spaced.len());
    let chars: Vec<char> = spaced.chars().collect();
    for (idx, &ch) in chars.iter().enumerate() {
        if ch == ' ' {
            let prev = idx.checked_sub(1).map(|i| chars[i]);
            let next = chars.get(idx + 1).copied();
            let joins = |c: Option<char>| matches!(c, Some('.' | ':' | '?' | '-' | '>'));
            if joins(prev) || joins(next) {
                continue;
            }
        }
        out.push(ch);
    }
    out
}

enum UseLeaf {
    Name { name: String, alias: Option<String> },
    Glob,
}

/// Flattens a use tree into (module path, leaf) pairs:
/// `a::{b, c::d as e, f::*}` → (`a`, b), (`a::c`, d as e), (`a::f`, *).
fn expand_use_tree(text: &str) -> Vec<(String, UseLeaf)> {
    let mut out = Vec::new();
    expand_into("", &compact_use(text), &mut out);
    out
}

fn compact_use(text: &str) -> String {
    // Keep the space before and after `as`, drop every other whitespace.
    let spaced = text.split_whitespace().collect::<Vec<_>>().join(" ");
    spaced
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" ::", "::")
        .replace("{ ", "{")
        .replace(" }", "}")
        .replace(", ", ",")
        .replace(" ,", ",")
}

fn expand_into(prefix: &str, tree: &str, out: &mut Vec<(String, UseLeaf)>) {
    let tree = tree.trim().trim_start_matches("::");
    if tree.is_empty() {
        return;
    }
    let join = |a: &str, b: &str| {
        if a.is_empty() {
            b.to_string()
        } else if b.is_empty() {
            a.to_string()
        } else {
            format!("{a}::{b}")
        }
    };
    if let Some(open) = tree.find('{') {
        if tree.ends_with('}') {
            let path = tree[..open].trim_end_matches("::");
            let inner = &tree[open + 1..tree.len() - 1];
            for part in split_top_level(inner) {
                expand_into(&join(prefix, path), part, out);
            }
            return;
        }
    }
    if tree == "*" {
        out.push((prefix.to_string(), UseLeaf::Glob));
        return;
    }
    if let Some(path) = tree.strip_suffix("::*") {
        out.push((join(prefix, path), UseLeaf::Glob));
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path.trim(), Some(alias.trim().to_string())),
        None => (tree, None),
    };
    let (module, name) = match path.rsplit_once("::") {
        Some((module, name)) => (join(prefix, module), name),
        None => (prefix.to_string(), path),
    };
    out.push((
        module,
        UseLeaf::Name {
            name: name.to_string(),
            alias,
        },
    ));
}

/// Splits `text` at commas outside any brackets.
pub(crate) fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (idx, ch) in text.char_indices() {
        match ch {
            '(' | '[' | '<' | '{' => depth += 1,
            ')' | ']' | '>' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..idx]);
                start = idx + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// Gives `call` to the callable `own` when it has no caller or one around `own`: the
/// innermost callable holding a call's line is its caller.
pub(super) fn give_call(call: &mut CallSite, own: u32, symbols: &[Symbol]) {
    let around = call.enclosing.is_none_or(|e| {
        symbols[e as usize]
            .range
            .covers(&symbols[own as usize].range)
    });
    if around {
        call.enclosing = Some(own);
    }
}

/// The caller of a call inside definition `idx`: the innermost function or method around
/// it. A constant or a class declared inside a function runs as part of it, and calls
/// directly in a class, module or module-level constant body have no caller.
pub(super) fn callable(symbols: &[Symbol], idx: u32) -> Option<u32> {
    let mut at = Some(idx);
    while let Some(i) = at {
        let symbol = &symbols[i as usize];
        if matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
            return Some(i);
        }
        at = symbol.parent;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(text: &str) -> Vec<String> {
        expand_use_tree(text)
            .into_iter()
            .map(|(path, leaf)| match leaf {
                UseLeaf::Name {
                    name,
                    alias: Some(alias),
                } => format!("{path} {name} as {alias}"),
                UseLeaf::Name { name, alias: None } => format!("{path} {name}"),
                UseLeaf::Glob => format!("{path} *"),
            })
            .collect()
    }

    #[test]
    fn use_trees_flatten() {
        assert_eq!(flat("std::io"), ["std io"]);
        assert_eq!(
            flat("crate::a::{b, c::d as e, f::*}"),
            ["crate::a b", "crate::a::c d as e", "crate::a::f *"]
        );
        assert_eq!(
            flat("super::{\n    x,\n    y::{self, z},\n}"),
            ["super x", "super::y self", "super::y z"]
        );
        // A bare name has an empty module path.
        assert_eq!(flat("foo as bar"), [" foo as bar"]);
        assert_eq!(flat("self::m::*"), ["self::m *"]);
    }

    #[test]
    fn go_imports_bind_the_last_segment() {
        assert_eq!(
            default_local("github.com/gin-gonic/gin/render", ImportStyle::Go),
            "render"
        );
        assert_eq!(default_local("github.com/x/y/v2", ImportStyle::Go), "y");
        assert_eq!(default_local("os.path", ImportStyle::Python), "os.path");
    }

    #[test]
    fn quotes_and_spaces() {
        assert_eq!(unquote("'./m'"), "./m");
        assert_eq!(unquote("\"fmt\""), "fmt");
        assert_eq!(compact("a\n   .b"), "a.b");
        assert_eq!(compact("(a as any)"), "(a as any)");
        assert_eq!(
            compact("new Intl.NumberFormat(\"en\")"),
            "new Intl.NumberFormat(\"en\")"
        );
        assert_eq!(
            compact("db\n  .selectFrom('x')\n  ?.where()"),
            "db.selectFrom('x')?.where()"
        );
    }
}
