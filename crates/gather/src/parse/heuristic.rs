//! Line rules for code without a grammar: a declaration keyword at the start of a line
//! opens a definition; its body ends at the matching closing brace, or where the
//! indentation returns to the declaration's level (keeping an `end`-style closer).
//! Files read this way are marked `heuristic` in the index.
//!
//! Costs stay linear on hostile input: brace depths are counted once per file, and a
//! definition's closing brace is found from them by jumping over blocks of lines, instead of
//! a scan from each declaration; definitions nested deeper than [`MAX_NESTING`] make the
//! file too complex (every line is hashed and indexed once per definition around it).

use std::sync::OnceLock;

use regex::Regex;

use super::testcode;
use crate::lines::{Line, LineRange};
use crate::record::{Symbol, SymbolKind};

fn declaration() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?x)
            ^(?P<indent>[\ \t]*)
            (?:(?:export|default|public|private|protected|internal|static|final|abstract|open|override
               |async|inline|unsafe|extern|sealed|data|case|suspend|local|global|pub(?:\([^)]*\))?)\s+)*
            (?P<kw>fn|func|function|def|defp|fun|sub|proc|procedure|class|struct|enum|interface|trait
               |protocol|type|typedef|object|module|record|extension|impl|macro|defmodule|defmacro)
            \s+
            (?:\([^)]*\)\s*)?
            (?P<name>[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*[!?]?)
            (?P<rest>.*)$",
        )
        .expect("the declaration rule is a valid regex")
    })
}

fn shell_function() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"^(?P<indent>[ \t]*)(?P<name>[A-Za-z_][\w-]*)\s*\(\)\s*\{?\s*$")
            .expect("valid regex")
    })
}

/// A function header with no declaration keyword at a line's start, as C and C++ write
/// them: return-type words, the name (`Type::name` in C++), an open parameter list.
fn typed_function() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?x)
            ^(?P<types>(?:[A-Za-z_]\w*(?:\s*\*+\s*|\s+|\s*&+\s*))+\**)?
            (?P<name>[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*)
            \s*\([^;]*$",
        )
        .expect("the typed function rule is a valid regex")
    })
}

/// A line that is only a return type (`static const char *`).
fn return_type_line() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"^[A-Za-z_][\w \t*&]*$").expect("the return type rule is a valid regex")
    })
}

/// Words that, before a name and a parenthesis, make a statement or an expression rather
/// than a return type.
const NOT_TYPES: &[&str] = &[
    "case", "delete", "do", "else", "goto", "if", "new", "return", "sizeof", "switch", "throw",
    "typedef", "while", "for",
];

/// The rules beside the declaration keywords.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Rules {
    /// The shell's `name() {`, which in a language with a grammar other than the shell's
    /// reads a macro call as a function.
    pub shell_functions: bool,
    /// Functions declared by their return type at a line's start (`static int f(void) {`):
    /// for languages whose functions have no keyword, where error recovery swallowed them.
    pub typed_functions: bool,
}

fn kind_of(keyword: &str) -> SymbolKind {
    match keyword {
        "class" | "object" | "record" | "extension" => SymbolKind::Class,
        "struct" => SymbolKind::Struct,
        "enum" => SymbolKind::Enum,
        "interface" | "protocol" => SymbolKind::Interface,
        "trait" => SymbolKind::Trait,
        "type" | "typedef" => SymbolKind::Type,
        "module" | "defmodule" => SymbolKind::Module,
        "impl" => SymbolKind::Impl,
        "macro" | "defmacro" => SymbolKind::Macro,
        _ => SymbolKind::Function,
    }
}

/// Definitions nested in one another beyond which a file is too complex. Hand-written code
/// nests a handful.
pub(crate) const MAX_NESTING: usize = 100;

/// The definitions of `text`, or `None` when they nest deeper than [`MAX_NESTING`].
pub fn definitions(text: &str, is_test_file: bool) -> Option<Vec<Symbol>> {
    let rules = Rules {
        shell_functions: true,
        typed_functions: false,
    };
    definitions_with(text, is_test_file, rules)
}

/// [`definitions`] under the given rules beside the declaration keywords.
pub(super) fn definitions_with(
    text: &str,
    is_test_file: bool,
    rules: Rules,
) -> Option<Vec<Symbol>> {
    let lines: Vec<&str> = text.lines().collect();
    let braces = Braces::new(&lines);
    // Per definition: its first line, its name's line, name, kind and last line.
    let mut found: Vec<(usize, usize, String, SymbolKind, usize)> = Vec::new();
    for (idx, line) in lines.iter().enumerate() {
        // Typed first: `struct list *build(…) {` is a function, not the struct `list`.
        let typed = rules
            .typed_functions
            .then(|| typed_function_on(&lines, idx))
            .flatten();
        if let Some((start, name)) = typed {
            // A return type above the name (`struct list *`) declares nothing itself.
            if found.last().is_some_and(|f| f.0 == start) {
                found.pop();
            }
            let end = body_end(&lines, &braces, idx, 0);
            found.push((start, idx, name, SymbolKind::Function, end));
        } else if let Some((indent, name, kind)) = declaration_on(line, rules.shell_functions) {
            let end = body_end(&lines, &braces, idx, indent);
            found.push((idx, idx, name, kind, end));
        }
    }

    let mut symbols: Vec<Symbol> = Vec::with_capacity(found.len());
    let mut stack: Vec<usize> = Vec::new();
    for (idx, name_idx, name, mut kind, end) in found {
        let range = LineRange::new(idx as Line + 1, end as Line + 1);
        while let Some(&top) = stack.last() {
            if symbols[top].range.covers(&range) && symbols[top].range != range {
                break;
            }
            stack.pop();
        }
        if stack.len() >= MAX_NESTING {
            return None;
        }
        let parent = stack.last().copied();
        let parent_symbol = parent.map(|p| &symbols[p]);
        if kind == SymbolKind::Function && parent_symbol.is_some_and(|p| p.kind.holds_methods()) {
            kind = SymbolKind::Method;
        }
        let short = name.rsplit(['.', ':']).next().unwrap_or(&name).to_string();
        let qualified_name = match parent_symbol {
            Some(p) => format!("{}.{}", p.qualified_name, name),
            None => name.clone(),
        };
        let doc = leading_comment(&lines, idx);
        let is_test = is_test_file
            || parent_symbol.is_some_and(|p| p.is_test)
            || short.starts_with("test_")
            || testcode::has_test_marker(lines[idx.saturating_sub(1)]);
        symbols.push(Symbol {
            name: short,
            qualified_name,
            kind,
            range,
            signature: LineRange::new(range.start, name_idx as Line + 1),
            doc,
            name_line: name_idx as Line + 1,
            parent: parent.map(|p| p as u32),
            is_test,
            text_hash: 0,
            from_line_rules: true,
        });
        stack.push(symbols.len() - 1);
    }
    Some(symbols)
}

/// The indent, name and kind of the definition `line` declares, if it declares one.
fn declaration_on(line: &str, shell_functions: bool) -> Option<(usize, String, SymbolKind)> {
    if line.len() > 1000 {
        return None;
    }
    if let Some(caps) = declaration().captures(line) {
        let rest = caps.name("rest").map_or("", |m| m.as_str());
        // `type = 3`, `class: x` and similar are assignments, not declarations.
        if rest.trim_start().starts_with('=')
            && !rest.trim_start().starts_with("=>")
            && &caps["kw"] != "type"
        {
            return None;
        }
        return Some((
            caps["indent"].len(),
            caps["name"].to_string(),
            kind_of(&caps["kw"]),
        ));
    }
    let caps = shell_function()
        .captures(line)
        .filter(|_| shell_functions)?;
    Some((
        caps["indent"].len(),
        caps["name"].to_string(),
        SymbolKind::Function,
    ))
}

/// The first line and the name of the function whose name starts line `idx`, unindented,
/// with its body's brace on that line or within the next three, before any `;` (a
/// prototype has none). The first line is the return type's when it stands above.
fn typed_function_on(lines: &[&str], idx: usize) -> Option<(usize, String)> {
    let line = lines[idx];
    if line.len() > 1000 || line.starts_with(char::is_whitespace) {
        return None;
    }
    let code = strip_line_comment(line);
    let caps = typed_function().captures(code)?;
    // GNU style puts the return type on a line of its own above the name.
    let (start, types) = match caps.name("types") {
        Some(types) => (idx, types.as_str()),
        None => {
            let above = idx.checked_sub(1)?;
            let types = strip_line_comment(lines[above]).trim_end();
            (
                above,
                Some(types).filter(|t| return_type_line().is_match(t))?,
            )
        }
    };
    let mut words = types.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    if words.any(|w| NOT_TYPES.contains(&w)) || types.contains('=') {
        return None;
    }
    let opens = matches!(opening(lines, idx), Opening::Brace(_));
    opens.then(|| (start, caps["name"].to_string()))
}

/// How the declaration at `start` goes on within its first lines.
enum Opening {
    /// A brace on this line opens its block.
    Brace(usize),
    /// This line ends with `;` before any brace: the declaration is whole (a prototype).
    Semicolon(usize),
    /// Neither: an indented body, if any.
    Neither,
}

/// Whether a brace on the declaration line at `start` or shortly after, before any `;`,
/// opens a block.
fn opening(lines: &[&str], start: usize) -> Opening {
    for (offset, line) in lines[start..].iter().take(4).enumerate() {
        let code = strip_line_comment(line);
        if code.contains('{') {
            return Opening::Brace(start + offset);
        }
        if code.trim_end().ends_with(';') {
            return Opening::Semicolon(start + offset);
        }
    }
    Opening::Neither
}

/// Index of the last line of the definition opened at `start`.
fn body_end(lines: &[&str], braces: &Braces, start: usize, indent: usize) -> usize {
    match opening(lines, start) {
        Opening::Brace(open) => {
            if let Some(end) = braces.matching(open) {
                return end;
            }
        }
        Opening::Semicolon(end) => return end,
        Opening::Neither => {}
    }
    // Otherwise the body is the block indented deeper than the declaration.
    let mut end = start;
    let mut idx = start + 1;
    while idx < lines.len() {
        let line = lines[idx];
        if line.trim().is_empty() {
            idx += 1;
            continue;
        }
        let line_indent = line.len() - line.trim_start().len();
        if line_indent > indent {
            end = idx;
            idx += 1;
            continue;
        }
        let trimmed = line.trim_start();
        let is_closer = ["end", "}", ")", "]", "fi", "done", "esac"]
            .iter()
            .any(|c| {
                trimmed == *c
                    || trimmed.starts_with(&format!("{c} "))
                    || trimmed.starts_with(&format!("{c};"))
            });
        if line_indent == indent && is_closer && end > start {
            end = idx;
        }
        break;
    }
    end
}

/// Lines per block of [`Braces::block_min`].
const BLOCK: usize = 256;

/// Brace depths of a file's lines, counted once: braces in strings and after `//` do not
/// count, and a string ends with its line.
struct Braces {
    /// Depth at the end of each line, from the start of the file.
    after: Vec<i64>,
    /// Per line: the next line at or after it that opens a brace.
    next_open: Vec<Option<usize>>,
    /// The least depth in each block of [`BLOCK`] lines.
    block_min: Vec<i64>,
}

impl Braces {
    fn new(lines: &[&str]) -> Braces {
        let mut after = Vec::with_capacity(lines.len());
        let mut opens = Vec::with_capacity(lines.len());
        let mut depth: i64 = 0;
        for line in lines {
            let mut in_string: Option<char> = None;
            let mut prev = '\0';
            let mut opened = false;
            for ch in strip_line_comment(line).chars() {
                match in_string {
                    Some(q) if ch == q && prev != '\\' => in_string = None,
                    Some(_) => {}
                    None => match ch {
                        '"' | '\'' | '`' => in_string = Some(ch),
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        _ => {}
                    },
                }
                prev = if prev == '\\' && ch == '\\' { '\0' } else { ch };
            }
            after.push(depth);
            opens.push(opened);
        }
        let mut next_open = vec![None; lines.len()];
        let mut next = None;
        for idx in (0..lines.len()).rev() {
            if opens[idx] {
                next = Some(idx);
            }
            next_open[idx] = next;
        }
        let block_min = after
            .chunks(BLOCK)
            .map(|block| block.iter().copied().min().unwrap_or(0))
            .collect();
        Braces {
            after,
            next_open,
            block_min,
        }
    }

    /// The line that closes the first brace opened at or after line `from`: the first line,
    /// from the one that opens it, where the depth is back to what it was before `from`.
    fn matching(&self, from: usize) -> Option<usize> {
        let opened = (*self.next_open.get(from)?)?;
        let base = if from == 0 { 0 } else { self.after[from - 1] };
        let mut idx = opened;
        while idx < self.after.len() {
            if idx % BLOCK == 0 && self.block_min[idx / BLOCK] > base {
                // No line of this block gets back to the base: skip it whole.
                idx += BLOCK;
                continue;
            }
            if self.after[idx] <= base {
                return Some(idx);
            }
            idx += 1;
        }
        None
    }
}

fn strip_line_comment(line: &str) -> &str {
    match line.find("//") {
        Some(pos) if !line[..pos].ends_with(':') => &line[..pos],
        _ => line,
    }
}

fn leading_comment(lines: &[&str], idx: usize) -> Option<LineRange> {
    let mut first = idx;
    while first > 0 {
        let t = lines[first - 1].trim_start();
        let is_comment = ["//", "#", "--", ";;", "/*", "*", "///", "%"]
            .iter()
            .any(|p| t.starts_with(p));
        if !is_comment || t.starts_with("#[") || t.starts_with("#!") {
            break;
        }
        first -= 1;
    }
    (first < idx).then(|| LineRange::new(first as Line + 1, idx as Line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(text: &str) -> Vec<String> {
        definitions(text, false)
            .unwrap_or_default()
            .iter()
            .map(|s| format!("{} {} {}", s.kind, s.qualified_name, s.range))
            .collect()
    }

    #[test]
    fn braces_close_a_body() {
        let text = "// Adds.\nfun add(a: Int): Int {\n  val s = \"}\"\n  return a\n}\nclass Box {\n  fun open() {}\n}\n";
        assert_eq!(
            outline(text),
            ["function add 2-5", "class Box 6-8", "method Box.open 7-7"]
        );
        assert_eq!(
            definitions(text, false).unwrap()[0].doc,
            Some(LineRange::new(1, 1))
        );
    }

    #[test]
    fn indentation_closes_a_body_and_keeps_end() {
        let text = "module Shop\n  def total(items)\n    items.sum\n  end\n\n  def empty?\n    true\n  end\nend\n";
        assert_eq!(
            outline(text),
            [
                "module Shop 1-9",
                "function Shop.total 2-4",
                "function Shop.empty? 6-8"
            ]
        );
    }

    #[test]
    fn shell_functions_and_assignments() {
        let text = "build() {\n  make\n}\ntype = 3\n";
        assert_eq!(outline(text), ["function build 1-3"]);
    }

    #[test]
    fn typed_functions_are_read_only_when_asked_for() {
        let text = "static block gen_last(void) {\n  return x;\n}\nint proto(int a);\nstruct list *\nsplit(int a,\n      int b)\n{\n  if (a) {\n  }\n}\n  int nested(void) {\n  }\nreturn f(x) {\n";
        let rules = Rules {
            shell_functions: false,
            typed_functions: true,
        };
        let found: Vec<String> = definitions_with(text, false, rules)
            .unwrap()
            .iter()
            .map(|s| format!("{} {}", s.name, s.range))
            .collect();
        // A return type on its own line starts the function; it declares no struct.
        assert_eq!(found, ["gen_last 1-3", "split 5-11"]);
        // Without the rule, only the keyword reads: `struct list`, no function.
        assert_eq!(outline(text), ["struct list 5-11"]);
    }

    #[test]
    fn unbalanced_braces_do_not_run_away() {
        let text = "func broken() {\n  x\nfunc next() {\n}\n";
        let symbols = definitions(text, false).unwrap();
        assert_eq!(symbols.len(), 2);
        assert!(symbols.iter().all(|s| s.range.end <= 4));
    }
}
