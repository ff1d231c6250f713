//! Source-text scanners for receivers and declarations: identifier paths, constructed
//! receivers, declared bases, whole words, names only used as receivers, generics.

use gather_languages::LanguageSpec;

use crate::graph::receiver;
use crate::graph::text::{after_angles, is_capitalised};

/// The last segment of a `.` or `::` path.
pub(super) fn last_segment(path: &str) -> &str {
    let after_colons = path.rsplit("::").next().unwrap_or(path);
    after_colons.rsplit('.').next().unwrap_or(after_colons)
}

/// A callee as written (`make`, `self._decoder`, `Type.create`), split at its last `.`
/// into the qualifier and the function.
pub(super) fn split_callee(callee: &str) -> (Option<&str>, &str) {
    match callee.rsplit_once('.') {
        Some((q, f)) => (Some(q), f),
        None => (None, callee),
    }
}

/// An identifier path at the start of `text` with `.` or `::` between segments: the end
/// of each segment, and what follows the path.
pub(super) fn path_segments(text: &str) -> (Vec<usize>, &str) {
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

/// The type a receiver expression constructs: `new a.C(…)` (any name), `C(…)` (a
/// capitalised name), or a factory on a type, `T::new(…)`, `Cart.empty()`; and whether
/// it was a `new` (as the language of the receiver, `spec`, spells it). The call must
/// span the whole receiver.
pub(super) fn constructed_type(
    spec: Option<&'static LanguageSpec>,
    qualifier: &str,
) -> Option<(String, bool)> {
    let new_operators = receiver::spellings(spec).new_operators;
    let constructed = new_operators
        .iter()
        .find_map(|operator| qualifier.strip_prefix(operator));
    let (rest, is_new) = match constructed {
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
/// `class A<T> extends B<T> implements I`, `class A : B, I`, `class A < B`, as the
/// language of the declaration (`spec`) spells them.
pub(super) fn base_names(
    spec: Option<&'static LanguageSpec>,
    signature: &str,
    name: &str,
) -> Vec<String> {
    if name.is_empty() {
        return Vec::new();
    }
    let spellings = receiver::spellings(spec);
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
        for prefix in spellings.base_modifiers {
            if let Some(stripped) = text.strip_prefix(prefix) {
                return push_path(&mut out, stripped.trim());
            }
        }
        push_path(&mut out, text)
    };
    let after_name = rest.trim_start();
    let single_base = spellings
        .single_base_markers
        .iter()
        .find_map(|marker| after_name.strip_prefix(marker));
    if let Some(base) = single_base {
        take(base);
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

/// Adds the identifier path at the start of `text` to `out`.
pub(super) fn push_path(out: &mut Vec<String>, text: &str) {
    let (ends, _) = path_segments(text);
    if let Some(&end) = ends.last() {
        out.push(text[..end].to_string());
    }
}

/// The offset of `word` as a whole word in `text`.
pub(super) fn find_word(text: &str, word: &str) -> Option<usize> {
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
pub(super) fn only_used_as_receiver(text: &str, name: &str) -> bool {
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

/// Skips a leading `<…>` (balanced).
pub(super) fn skip_generics(text: &str) -> &str {
    after_angles(text, &[]).unwrap_or(text)
}

/// Whether `text` is one identifier (letters, digits, `_`, `$`).
pub(super) fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::{base_names, constructed_type, only_used_as_receiver};

    /// The row of a language of the table.
    fn spec(language: &str) -> Option<&'static gather_languages::LanguageSpec> {
        Some(gather_languages::by_id(language).expect("a language of the table"))
    }

    #[test]
    fn constructed_receivers() {
        let c = |language: &str, q: &str| constructed_type(spec(language), q);
        assert_eq!(c("typescript", "new Cart()"), Some(("Cart".into(), true)));
        assert_eq!(
            c("typescript", "new Intl.NumberFormat('en', { a: ')' })"),
            Some(("Intl.NumberFormat".into(), true))
        );
        assert_eq!(c("python", "Order(items)"), Some(("Order".into(), false)));
        assert_eq!(
            c("rust", "Stock::with_items(&[])"),
            Some(("Stock".into(), false))
        );
        assert_eq!(
            c("typescript", "Cart.empty()"),
            Some(("Cart".into(), false))
        );
        assert_eq!(c("python", "make_order()"), None);
        assert_eq!(c("python", "Order(a).items"), None);
        assert_eq!(c("python", "Order(a)(b)"), None);
    }

    #[test]
    fn bases_from_declarations() {
        assert_eq!(
            base_names(spec("python"), "class GiftOrder(Order):", "GiftOrder"),
            ["Order"]
        );
        assert_eq!(
            base_names(
                spec("python"),
                "class A(base.B, Generic[T], metaclass=M):",
                "A"
            ),
            ["base.B", "Generic"]
        );
        assert_eq!(
            base_names(
                spec("java"),
                "public class RareBook<T> extends Book<T> implements Item {",
                "RareBook"
            ),
            ["Book"]
        );
        assert_eq!(
            base_names(spec("typescript"), "export class A extends B {", "A"),
            ["B"]
        );
        assert_eq!(
            base_names(
                spec("csharp"),
                "public class A : Base, IThing where T : new()",
                "A"
            ),
            ["Base", "IThing"]
        );
        assert_eq!(
            base_names(spec("cpp"), "class Foo : public Bar {", "Foo"),
            ["Bar"]
        );
        assert_eq!(base_names(spec("ruby"), "class Foo < Bar", "Foo"), ["Bar"]);
        assert!(base_names(spec("python"), "class Plain:", "Plain").is_empty());
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
