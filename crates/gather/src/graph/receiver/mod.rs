//! What a definition's text says about a receiver variable beyond a spelled-out type:
//! a builtin value (`xs = []`, `const m: string[] = …`, `ys = list(…)`), the result of a
//! call whose return type the callee declares (`d = self._decoder()`), or the target of a
//! `with T(…) as v` whose call spans lines. Text-level, like the rest of the resolver:
//! each reader looks only at the definition holding the call.

use gather_languages::{LanguageSpec, Loop, Receivers, TypeSpellings, TypeTest, LANGUAGES};

use crate::graph::text::{after_angles, is_capitalised, unquoted};

/// The marker `local_types` gives a variable holding a builtin value (list, dict, string,
/// array, number): its methods are the language's, never the workspace's.
pub(super) const BUILTIN: &str = "<builtin>";

/// The prefix of a marker for a variable assigned a call's result: `()` then the callee
/// as written (`()self._decoder`, `()make_client`).
pub(super) const RETURNED: &str = "()";

/// The prefix of a marker for a loop variable: `[]` then the iterated expression as
/// written (`for tag in self.order:` gives `[]self.order`).
pub(super) const ELEMENT: &str = "[]";

/// The prefix of a marker for a variable assigned an attribute path: `=` then the path as
/// written (`si = self.app.session_interface` gives `=self.app.session_interface`), typed
/// attribute by attribute like a dotted receiver.
pub(super) const ALIAS: &str = "=";

/// The spellings around type names in a file of language `spec`. A file of a language
/// without a row reads every language's, as every row does today.
pub(crate) fn spellings(spec: Option<&'static LanguageSpec>) -> &'static TypeSpellings {
    spec.map_or(&gather_languages::type_spellings::SHARED, |spec| {
        &spec.type_spellings
    })
}

/// Whether any language lists `word` in the table `table` picks (the rows' `receivers`).
/// Every language's forms are read in every file: languages borrow each other's names (a
/// Kotlin `List<Item>` reads as Python's `List[Item]` does), and a form read where the
/// language does not spell it costs at most an unresolved call (a Python `make(…)` taken
/// for a builtin).
fn listed(table: impl Fn(&Receivers) -> &'static [&'static str], word: &str) -> bool {
    LANGUAGES
        .iter()
        .any(|spec| table(&spec.receivers).contains(&word))
}

/// Every language's variable declaration keywords, in table order, each once.
pub(crate) fn declaration_keywords() -> &'static [&'static str] {
    static KEYWORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    KEYWORDS.get_or_init(|| {
        let mut out: Vec<&'static str> = Vec::new();
        for keyword in LANGUAGES
            .iter()
            .flat_map(|spec| spec.receivers.declarations)
        {
            if !out.contains(keyword) {
                out.push(keyword);
            }
        }
        out
    })
}

/// Every language's type tests, in table order.
fn type_tests() -> impl Iterator<Item = &'static TypeTest> {
    LANGUAGES.iter().flat_map(|spec| spec.receivers.type_tests)
}

/// Every language's loop forms, in table order.
fn loops() -> impl Iterator<Item = &'static Loop> {
    LANGUAGES.iter().flat_map(|spec| spec.receivers.loops)
}

/// The expression a loop iterates when `before` and `after` surround its variable:
/// `for tag in self.order:` (Python), `for (const tag of this.items)` (TypeScript,
/// JavaScript). Only a plain or dotted name counts.
pub(super) fn iterated<'t>(before: &str, after: &'t str) -> Option<&'t str> {
    let head = before.trim_end();
    let form = loops().find(|l| {
        head.strip_suffix(l.head).is_some_and(|rest| {
            !l.whole_word || rest.is_empty() || rest.ends_with(char::is_whitespace)
        })
    })?;
    let (rest, close) = (after.strip_prefix(form.binder)?, form.close);
    let rest = rest.trim_start();
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '#'))
        .unwrap_or(rest.len());
    let (mut expr, mut tail) = rest.split_at(len);
    // `for v in d.values():`, `for (const v of m.values())`: the mapping's value type.
    if expr.ends_with(".values") && tail.starts_with("()") {
        (expr, tail) = rest.split_at(len + 2);
    }
    (!expr.is_empty() && tail.trim_start().starts_with(close)).then_some(expr)
}

/// The annotation `text` gives `target` (`self.order: list[JSONTag] = []` gives
/// `list[JSONTag]`), up to the end of its line.
pub(super) fn annotation_of<'t>(text: &'t str, target: &str) -> Option<&'t str> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$' || c == '.';
    text.match_indices(target).find_map(|(at, _)| {
        if text[..at].ends_with(is_ident) {
            return None;
        }
        let rest = text[at + target.len()..].trim_start_matches(['?', '!']);
        let rest = rest
            .strip_prefix(':')
            .filter(|r| !r.starts_with([':', '=']))?;
        let line = rest.lines().next().unwrap_or("").trim();
        (!line.is_empty()).then_some(line)
    })
}

/// The element type a collection annotation names: `list[Tag]`, `Sequence[Tag]`,
/// `Tag[]`, `Array<Tag>`, `readonly Tag[]`.
pub(super) fn element_type(annotation: &str) -> Option<&str> {
    let (word, tail) = leading_type_name(annotation);
    if word.is_empty() {
        return None;
    }
    if tail.starts_with("[]") {
        return Some(word);
    }
    let inner = tail.strip_prefix('[').or_else(|| tail.strip_prefix('<'))?;
    if !listed(|r| r.collections, word.rsplit('.').next().unwrap_or(word)) {
        return None;
    }
    // One plain type argument: `list[Tag | None]` or `list[dict[str, Tag]]` stay open.
    last_plain_argument(inner)
}

/// The value type of a mapping annotation: `dict[str, Argument]` and `Map<string, Tag>`
/// give `Argument` and `Tag`. A value type that is not one plain name stays open.
pub(super) fn value_type(annotation: &str) -> Option<&str> {
    let (word, tail) = leading_type_name(annotation);
    if !listed(|r| r.mappings, word.rsplit('.').next().unwrap_or(word)) {
        return None;
    }
    let inner = tail.strip_prefix('[').or_else(|| tail.strip_prefix('<'))?;
    // Past the key type, which may itself hold brackets (`tuple[str, int]`).
    let mut depth = 0usize;
    let mut comma = None;
    for (idx, ch) in inner.char_indices() {
        match ch {
            '[' | '<' | '(' => depth += 1,
            ']' | '>' | ')' if depth == 0 => return None,
            ']' | '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                comma = Some(idx);
                break;
            }
            _ => {}
        }
    }
    last_plain_argument(&inner[comma? + 1..])
}

/// The dotted type name an annotation starts with (`readonly` and `typing.` left out),
/// and what follows it.
fn leading_type_name(annotation: &str) -> (&str, &str) {
    let text = annotation.trim_start();
    let text = text.strip_prefix("readonly ").unwrap_or(text).trim_start();
    let text = text.strip_prefix("typing.").unwrap_or(text);
    split_type_name(text)
}

/// `text` split after its leading run of name characters and dots.
fn split_type_name(text: &str) -> (&str, &str) {
    let len = text
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '$')))
        .unwrap_or(text.len());
    text.split_at(len)
}

/// The type argument `text` starts with when it is one plain name and the last one (the
/// list closes right after it).
fn last_plain_argument(text: &str) -> Option<&str> {
    let (name, rest) = split_type_name(text.trim_start());
    (!name.is_empty() && rest.trim_start().starts_with([']', '>'])).then_some(name)
}

/// Whether an assigned value or annotation (the text after `=` or `:`) is a builtin value:
/// a literal (`[…]`, `{…}`, a string or number), a builtin constructor call (`list(…)`,
/// `make(…)`), a builtin annotation (`str`, `list[int]`, `string`), or an array type
/// (`Foo[]`, `readonly Foo[]`).
pub(super) fn is_builtin_value(text: &str, annotation: bool) -> bool {
    let text = text.trim_start();
    let text = text.strip_prefix("readonly ").unwrap_or(text).trim_start();
    if !annotation
        && (text.starts_with(['[', '"', '\'', '`'])
            || text.starts_with(|c: char| c.is_ascii_digit())
            || (text.starts_with('{') && !text.starts_with("{}") || text.starts_with("{}"))
            || text.starts_with("f\"")
            || text.starts_with("f'"))
    {
        return true;
    }
    let len = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let (word, tail) = text.split_at(len);
    if word.is_empty() {
        return false;
    }
    let tail = tail.trim_start();
    if annotation {
        // `v: Foo[]` is an array whatever `Foo` is; `v: str`, `v: list[int]`, `v: string`.
        if skip_type_args(tail).starts_with("[]") {
            return true;
        }
        return listed(|r| r.builtin_types, word)
            && !tail.starts_with('.')
            && !tail.starts_with('|')
            && !tail.starts_with("or ");
    }
    listed(|r| r.builtin_types, word) && skip_type_args(tail).starts_with('(')
}

/// Skips a leading `<…>` (balanced).
fn skip_type_args(text: &str) -> &str {
    after_angles(text, &[]).map_or(text, str::trim_start)
}

/// The callee of an assigned call, as written: `self._decoder` for
/// `v = self._decoder(…)`, `make` for `v = await make(…)`. Capitalised last segments are
/// constructors, which `local_types` reads itself; chains (`a().b()`) are left out.
pub(super) fn assigned_callee<'t>(spellings: &TypeSpellings, rest: &'t str) -> Option<&'t str> {
    let mut rest = rest.trim_start();
    for prefix in spellings.call_prefixes {
        rest = rest.strip_prefix(prefix).unwrap_or(rest).trim_start();
    }
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$' || c == '#'))
        .unwrap_or(rest.len());
    let (path, tail) = rest.split_at(len);
    if path.is_empty() || path.ends_with('.') || !tail.starts_with('(') {
        return None;
    }
    // `Type.create(…)` and `Type(…)` are read by `local_types` as the type itself.
    if path
        .split('.')
        .rev()
        .take(2)
        .any(|s| s.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) || s.is_empty())
    {
        return None;
    }
    let close = closing(tail)?;
    // The call must be the whole value: `v = f(x).y` or `v = f(x) or g` say nothing.
    let after = tail[close + 1..].trim_start_matches([' ', '\t', '\r']);
    (after.is_empty() || after.starts_with([';', '\n', ')', ','])).then_some(path)
}

/// Whether the text after an annotation's first type adds another type than the no-value
/// type (`| Output`, not `| None`), which leaves the variable's type open.
pub(super) fn is_union_of_types(spellings: &TypeSpellings, tail: &str) -> bool {
    union_members(tail).any(|member| !spellings.no_value_types.contains(&member))
}

/// The names of the union members `| A | B` that `tail` starts with, in order; a member
/// that is not a plain (dotted) name reads as empty and ends the list.
fn union_members(tail: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(tail.trim_start());
    std::iter::from_fn(move || {
        let after = rest?.strip_prefix('|')?.trim_start();
        let len = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(after.len());
        rest = (len > 0).then(|| after[len..].trim_start());
        Some(&after[..len])
    })
}

/// The one type a union annotation `variable: A | B` keeps after the code narrows the others
/// away and replaces them: `if isinstance(io, IO):` followed by `io = io.output` leaves
/// `Output` for `io: IO | Output` (Python's "accept either, keep one" idiom). `first` is
/// the annotation's first type, `tail` the text after it.
pub(super) fn narrowed_union<'t>(
    spellings: &TypeSpellings,
    first: &'t str,
    tail: &'t str,
    text: &str,
    variable: &str,
) -> Option<&'t str> {
    let mut members = vec![first];
    for member in union_members(tail) {
        if member.is_empty() {
            return None;
        }
        if !spellings.no_value_types.contains(&member) {
            members.push(member);
        }
    }
    let replaced = |member: &str| {
        let assignment = format!("{variable} = ");
        type_tests().any(|t| {
            let test = format!("{}{variable}{}{member}{}", t.open, t.separator, t.close);
            text.match_indices(&test).any(|(at, _)| {
                let body = &text[at + test.len()..];
                // The branch's first statement, on the same line or the next non-empty one.
                let statement = body
                    .lines()
                    .map(str::trim)
                    .find(|line| !line.is_empty())
                    .unwrap_or("");
                statement.starts_with(&assignment)
            })
        })
    };
    let mut kept = members.iter().filter(|m| !replaced(m));
    match (kept.next(), kept.next()) {
        (Some(one), None) if members.len() > 1 => Some(one),
        _ => None,
    }
}

/// The plain names assigned to `target` in `text` (`self.serializer = serializer` gives
/// `serializer`), whose own declared types then stand for the target's.
pub(super) fn assigned_names<'t>(text: &'t str, target: &str) -> Vec<&'t str> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix(target) else {
            continue;
        };
        let Some(value) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        if value.starts_with('=') {
            continue;
        }
        let value = value.trim().trim_end_matches(';');
        let is_name = !value.is_empty()
            && !value.starts_with(|c: char| c.is_ascii_digit())
            && value
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$');
        if is_name && !out.contains(&value) {
            out.push(value);
        }
    }
    out
}

/// The type a `with` statement binds to `as v` when its call spans lines: `head` is the
/// text before ` as v` and ends with the call's `)`.
pub(super) fn with_call_type(head: &str) -> Option<&str> {
    let head = head.trim_end();
    if !head.ends_with(')') {
        return None;
    }
    let open = opening(head)?;
    let before = &head[..open];
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let path = &before[start..];
    let lead = before[..start].trim_end();
    let is_with = lead.ends_with("with") || lead.ends_with(',');
    (is_with && !path.is_empty()).then_some(path)
}

/// The return type a function's signature declares: `-> T:` (Python), `): T {` (TypeScript),
/// `) -> T {` (Rust). Only a plain path: `Optional[T]`, unions and generics of several types
/// say nothing certain about the receiver.
pub(super) fn return_type(signature: &str) -> Option<&str> {
    let close = signature.rfind(')')?;
    let rest = signature[close + 1..].trim_start();
    let rest = rest
        .strip_prefix("->")
        .or_else(|| rest.strip_prefix(':'))?
        .trim_start();
    let rest = rest.trim_start_matches(['"', '\'']);
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(rest.len());
    let (path, tail) = rest.split_at(len);
    let tail = skip_type_args(tail.trim_start_matches(['"', '\'']).trim_start());
    let ends =
        tail.is_empty() || tail.starts_with([':', '{', ';', '=']) || tail.starts_with("where");
    (ends && path.starts_with(|c: char| c.is_uppercase())).then_some(path)
}

/// The type an object literal takes from what holds it, read from the holder's signature:
/// a function's declared return type (`function f(): Methods<Schema> {`) or a constant's
/// annotation (`const m: Schema = {`). A generic wrapper of one plain type argument
/// (`Partial<T>`, `MethodsOf<T>`) stands for its argument; any other annotation with type
/// arguments says nothing certain.
pub(super) fn contextual_type(signature: &str) -> Option<&str> {
    let head = signature.split('{').next()?;
    let annotation = match head.rfind(')') {
        Some(close) => head[close + 1..].trim_start().strip_prefix(':')?,
        None => head.split_once(':')?.1.split('=').next()?,
    };
    let (name, rest) = split_type_name(annotation.trim_start());
    let rest = rest.trim();
    let found = if rest.is_empty() {
        name
    } else {
        let inner = rest.strip_prefix('<')?;
        let (argument, after) = split_type_name(inner.trim_start());
        (after.trim() == ">").then_some(argument)?
    };
    names_a_type(found).then_some(found)
}

/// The bound a signature declares for the type parameter `name` (`<T extends Schema>`,
/// `<K, T extends core.Node<K>>`): a value of type `T` has the bound's members.
pub(super) fn type_parameter_bound<'t>(signature: &'t str, name: &str) -> Option<&'t str> {
    // The signature ends where the body starts.
    let head = signature.split('{').next()?;
    let mut from = 0;
    while let Some(pos) = head[from..].find(name) {
        let start = from + pos;
        let end = start + name.len();
        from = end;
        let before = head[..start].trim_end();
        let whole = !head[end..].starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$');
        if !whole || !(before.ends_with('<') || before.ends_with(',')) {
            continue;
        }
        let Some(bound) = head[end..].trim_start().strip_prefix("extends ") else {
            continue;
        };
        let (found, _) = split_type_name(bound.trim_start());
        if names_a_type(found) {
            return Some(found);
        }
    }
    None
}

/// Whether a dotted path ends in a type's name (`core.$Handlers`, `Schema`).
fn names_a_type(path: &str) -> bool {
    is_capitalised(path.rsplit('.').next().unwrap_or(path))
}

/// What an ECMAScript module's `export default` names: `Some(Some(f))` for `export default
/// f`, `export default function f`, `export default class C`; `Some(None)` for an anonymous
/// value (`export default (…) => …`, `export default {…}`); `None` without one.
pub(super) fn default_export_name(text: &str) -> Option<Option<&str>> {
    let at = text.find("export default ")?;
    let mut rest = text[at + "export default ".len()..].trim_start();
    for keyword in ["async ", "function", "class ", "abstract class "] {
        if let Some(after) = rest.strip_prefix(keyword) {
            rest = after.trim_start_matches('*').trim_start();
        }
    }
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(rest.len());
    let (name, tail) = rest.split_at(len);
    let tail = tail.trim_start();
    let is_name = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && (tail.is_empty()
            || tail.starts_with([';', '\n', '(', '<', '{'])
            || tail.starts_with("extends"));
    Some(is_name.then_some(name))
}

/// The offset of the parenthesis closing the one `text` starts with.
pub(super) fn closing(text: &str) -> Option<usize> {
    balanced(unquoted(text), '(', ')')
}

/// The offset of the parenthesis opening the one `text` ends with (quotes not tracked:
/// a stray parenthesis in a string gives no type rather than a wrong one, as the caller
/// then needs `with` right before it).
fn opening(text: &str) -> Option<usize> {
    balanced(text.char_indices().rev(), ')', '(')
}

/// The offset of the `close` that balances the first `open` of `chars`.
fn balanced(chars: impl Iterator<Item = (usize, char)>, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for (idx, ch) in chars {
        if ch == open {
            depth += 1;
        } else if ch == close {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(idx);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
