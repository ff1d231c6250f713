//! Objects composed of modules at module level: `const z = { ...schemas, ...checks, iso }`.
//! A member of such an object is the member of whichever spread module or named entry
//! holds it, so `z.never()` reaches `never` of `schemas`. This reads the object's text;
//! `Context::composed_qualifier` follows what it names.

use crate::graph::receiver;
use crate::graph::text::unquoted;

/// How far past the declaration the object literal is read.
const MAX_OBJECT_BYTES: usize = 16 * 1024;

/// The entries of a module-level object literal that are other names.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Composition {
    /// `...name` entries, in source order (a later one wins on a shared key).
    pub(super) spreads: Vec<String>,
    /// `key: path` and shorthand `key` entries whose value is a plain name or path.
    pub(super) entries: Vec<(String, String)>,
}

/// The composition of `const name = { … }` (the text of a module-level definition), or
/// `None` when `text` declares no such object or the object spreads nothing.
pub(super) fn composition(text: &str, name: &str) -> Option<Composition> {
    let body = object_after_declaration(text, name)?;
    let mut out = Composition::default();
    for entry in top_level_entries(body) {
        let entry = entry.trim();
        if let Some(spread) = entry.strip_prefix("...") {
            if is_path(spread.trim()) {
                out.spreads.push(spread.trim().to_string());
            }
        } else if let Some((key, value)) = entry.split_once(':') {
            let (key, value) = (key.trim(), value.trim());
            if is_path(key) && !key.contains('.') && is_path(value) {
                out.entries.push((key.to_string(), value.to_string()));
            }
        } else if is_path(entry) && !entry.contains('.') {
            out.entries.push((entry.to_string(), entry.to_string()));
        }
    }
    (!out.spreads.is_empty()).then_some(out)
}

/// The text after the `{` of `const name = {` (or `let`, `var`, with `export`).
fn object_after_declaration<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let rest = line.strip_prefix("export ").unwrap_or(line);
        let Some(rest) = receiver::declaration_keywords()
            .iter()
            .find_map(|kw| rest.strip_prefix(kw))
        else {
            continue;
        };
        let Some(rest) = rest.strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        // An annotation (`const z: Api = {`) says nothing the entries do not.
        let rest = match rest.strip_prefix(':') {
            Some(annotated) => annotated.split_once('=').map_or("", |(_, v)| v),
            None => rest.strip_prefix('=').unwrap_or(""),
        };
        if let Some(object) = rest.trim_start().strip_prefix('{') {
            let from = start + (line.len() - object.len());
            let end = text.len().min(from + MAX_OBJECT_BYTES);
            let end = (from..=end).rev().find(|&i| text.is_char_boundary(i))?;
            return Some(&text[from..end]);
        }
    }
    None
}

/// The comma-separated entries of an object literal's body up to its closing `}`.
fn top_level_entries(body: &str) -> Vec<&str> {
    let mut entries = Vec::new();
    let mut depth = 0u32;
    let mut from = 0;
    for (idx, ch) in unquoted(body) {
        match ch {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' if depth > 0 => depth -= 1,
            '}' => {
                entries.push(&body[from..idx]);
                return entries;
            }
            ',' if depth == 0 => {
                entries.push(&body[from..idx]);
                from = idx + 1;
            }
            _ => {}
        }
    }
    // Never closed within the cap: what was read may be cut mid-entry.
    Vec::new()
}

/// A name or a dotted path of names (`checks`, `core.util`).
fn is_path(text: &str) -> bool {
    !text.is_empty()
        && text.split('.').all(|s| {
            !s.is_empty()
                && !s.starts_with(|c: char| c.is_ascii_digit())
                && s.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_level_object_of_spreads_and_names_is_read() {
        let text = "import * as a from './a';\n\
                    // b\n\
                    const z = {\n  ...a,\n  ...b.c,\n  iso: isoMod,\n  named,\n  f() { return { x: 1 }; },\n  s: \"}\",\n};\n";
        let c = composition(text, "z").unwrap();
        assert_eq!(c.spreads, ["a", "b.c"]);
        assert_eq!(
            c.entries,
            [
                ("iso".to_string(), "isoMod".to_string()),
                ("named".to_string(), "named".to_string())
            ]
        );
        let exported = "export const api: Api = { ...core };\n";
        assert_eq!(composition(exported, "api").unwrap().spreads, ["core"]);
    }

    #[test]
    fn indented_unspread_or_unclosed_objects_are_not_compositions() {
        assert_eq!(
            composition("function f() {\n  const z = { ...a };\n}\n", "z"),
            None
        );
        assert_eq!(composition("const z = { a, b: c };\n", "z"), None);
        assert_eq!(composition("const z = { ...a,\n", "z"), None);
        assert_eq!(composition("const zz = { ...a };\n", "z"), None);
    }
}
