//! The type names a definition's text gives a variable: annotations, constructor
//! assignments, `with … as v`, declarations, Go parameters, loop variables.

use gather_languages::{LanguageSpec, TypeSpellings};

use super::scan::{last_segment, path_segments, skip_generics};
use crate::graph::receiver::{self, ALIAS, BUILTIN, ELEMENT, RETURNED};
use crate::graph::text::is_capitalised;

/// Type names a definition's text gives `variable`: an annotation (`v: Type`, `v: &mut
/// Type`, `v: Optional[Type]`), a constructor assignment (`v = Type(…)`, `v := &Type{…}`,
/// `const v = new Type<T>(…)`), `with Type(…) as v`, a declaration (`Type v =`, `Type<T> v,`)
/// or a Go parameter (`v *Type`), as the language of the text (`spec`) spells them. Only
/// capitalised names count: types are capitalised in every language here, which keeps
/// `v = compute(…)` out.
pub(super) fn local_types(
    spec: Option<&'static LanguageSpec>,
    text: &str,
    variable: &str,
) -> Vec<String> {
    if variable.is_empty() {
        return Vec::new();
    }
    let spellings = receiver::spellings(spec);
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut out: Vec<String> = Vec::new();
    let mut from = 0;
    while let Some(pos) = text[from..].find(variable) {
        let start = from + pos;
        let end = start + variable.len();
        from = end;
        if start > 0 && is_ident(bytes[start - 1]) || end < bytes.len() && is_ident(bytes[end]) {
            continue;
        }
        let after = text[end..].trim_start_matches([' ', '\t', '?']);
        let before = text[..start].trim_end();
        let use_site = UseSite {
            spellings,
            text,
            variable,
            before,
            after,
            end,
        };
        use_site.read(&mut out);
    }
    out
}

/// One whole-word occurrence of the variable in a definition's text.
struct UseSite<'t> {
    /// How the text's language spells the words around a type.
    spellings: &'static TypeSpellings,
    text: &'t str,
    variable: &'t str,
    /// The text before the occurrence, trailing whitespace trimmed.
    before: &'t str,
    /// The text after it, leading blanks and `?` trimmed.
    after: &'t str,
    /// The offset just past the occurrence.
    end: usize,
}

impl UseSite<'_> {
    /// Every type this occurrence gives the variable, added to `out`.
    fn read(&self, out: &mut Vec<String>) {
        self.annotation(out);
        self.assignment(out);
        // `for v in self.items:`, `for (const v of items)`: typed by the collection's
        // annotation once the resolver finds it.
        if let Some(expr) = receiver::iterated(self.before, self.after) {
            push(out, format!("{ELEMENT}{expr}"));
        }
        self.with_as(out);
        self.declaration(out);
        // `v Type`, `v *Type` (Go parameters)
        let parameter_type = self.after.trim_start_matches(self.spellings.pointer_sigils);
        if let Some((found, tail)) = type_path(parameter_type) {
            if tail.trim_start().starts_with([',', ')'])
                && self.after.len() < self.text[self.end..].len() + 1
            {
                push(out, found);
            }
        }
    }

    /// `v: Type`
    fn annotation(&self, out: &mut Vec<String>) {
        let Some(rest) = self
            .after
            .strip_prefix(':')
            .filter(|r| !r.starts_with([':', '=']))
        else {
            return;
        };
        let mut rest = rest.trim_start();
        for prefix in self.spellings.annotation_prefixes {
            rest = rest.strip_prefix(prefix).unwrap_or(rest).trim_start();
        }
        if receiver::is_builtin_value(rest, true) {
            push(out, BUILTIN.to_string());
        } else if let Some((found, tail)) = type_path(rest) {
            // `v: A | None` is an `A`; `v: A | B` could be either, unless the code
            // replaces all but one (`if isinstance(v, A): v = v.b`).
            if !receiver::is_union_of_types(self.spellings, tail) {
                push(out, found);
            } else if let Some(kept) =
                receiver::narrowed_union(self.spellings, &found, tail, self.text, self.variable)
            {
                push(out, kept.to_string());
            }
        }
    }

    /// `v = Type(…)`, `v := &Type{…}`, and factories on a type: `v = Type::new(…)`,
    /// `v = Cart.empty()`, `let v = Self::new()`
    fn assignment(&self, out: &mut Vec<String>) {
        let assigned = self.after.strip_prefix(":=").or_else(|| {
            self.after
                .strip_prefix('=')
                .filter(|r| !r.starts_with(['=', '>']))
        });
        let Some(rest) = assigned else {
            return;
        };
        if receiver::is_builtin_value(rest, false) {
            push(out, BUILTIN.to_string());
        } else if let Some(callee) = receiver::assigned_callee(self.spellings, rest) {
            push(out, format!("{RETURNED}{callee}"));
        }
        if let Some(path) = attribute_path(rest.trim_start(), self.variable) {
            push(out, format!("{ALIAS}{path}"));
        }
        let mut rest = rest.trim_start();
        for prefix in self.spellings.constructor_prefixes {
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
                push(out, rest[..ends[n - 1]].to_string());
            } else if n >= 2 && tail.starts_with('(') && is_capitalised(segment(n - 2)) {
                push(out, rest[..ends[n - 2]].to_string());
            }
        }
    }

    /// `with Type(…) as v`
    fn with_as(&self, out: &mut Vec<String>) {
        let Some(head) = self
            .before
            .strip_suffix(" as")
            .or_else(|| self.before.strip_suffix("\tas"))
        else {
            return;
        };
        let line = head.rsplit('\n').next().unwrap_or(head);
        if let Some(idx) = line.rfind("with ") {
            if let Some((found, _)) = type_path(&line[idx + 5..]) {
                push(out, found);
            }
        } else if let Some(found) = receiver::with_call_type(head) {
            push(out, found.to_string());
        }
    }

    /// `Type v =`, `Type<T> v,`, `for (Type v : items)` (Java, C#, C++)
    fn declaration(&self, out: &mut Vec<String>) {
        let after = self.after;
        let declared = after.starts_with(['=', ';', ',', ')'])
            || (after.starts_with(':') && !after.starts_with("::") && !after.starts_with(":="));
        if !declared {
            return;
        }
        let before = self.before.trim_end_matches(['*', '&', ' ']);
        let before = strip_generics_back(before);
        // After the last character that is not part of a name (which may be several
        // bytes long: `│ v =` in a string).
        let word_start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        if word_start < before.len() {
            push(out, before[word_start..].to_string());
        }
    }
}

/// Adds a type name (or a marker) once; plain names only when capitalised.
fn push(out: &mut Vec<String>, found: String) {
    let marker = found == BUILTIN
        || found.starts_with(RETURNED)
        || found.starts_with(ELEMENT)
        || found.starts_with(ALIAS);
    if (marker || is_capitalised(last_segment(&found))) && !out.contains(&found) {
        out.push(found);
    }
}

/// A dotted identifier path at the start of `text`, and what follows it.
pub(super) fn type_path(text: &str) -> Option<(String, &str)> {
    let len = text
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || matches!(c, '_' | '$' | '.')))
        .map_or(text.len(), |(i, _)| i);
    let found = text[..len].trim_end_matches('.');
    (!found.is_empty() && found.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '$'))
        .then(|| (found.to_string(), &text[len..]))
}

/// Drops a trailing `<…>` (balanced).
pub(super) fn strip_generics_back(text: &str) -> &str {
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

/// The attribute path an assignment's right side is, alone on its line: `self.app.config`,
/// `client.transport` (two to four segments joined by `.`, starting at a lower-case name
/// other than the variable itself, so `x = x.parent` and `v = Type.CONSTANT` are not paths).
fn attribute_path<'t>(rest: &'t str, variable: &str) -> Option<&'t str> {
    let (ends, tail) = path_segments(rest);
    let path = &rest[..*ends.last()?];
    let segments = path.split('.').count();
    let first = &rest[..ends[0]];
    let ends_statement = tail
        .trim_start_matches([' ', '\t', '\r'])
        .starts_with(['\n', ';', '#'])
        || tail.trim().is_empty();
    let plain = !path.contains("::") && (2..=4).contains(&segments);
    (plain && ends_statement && first != variable && !is_capitalised(first)).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::local_types;

    /// What `local_types` reads for `variable` in `text`, a definition in `language`.
    fn types(language: &str, text: &str, variable: &str) -> Vec<String> {
        let spec = gather_languages::by_id(language).expect("a language of the table");
        local_types(Some(spec), text, variable)
    }

    #[test]
    fn a_variable_assigned_an_attribute_path_is_an_alias_of_it() {
        let text = "def tally(shop: Shop):\n    ledger = shop._ledger\n    x = x.parent\n    c = Color.RED\n    d = shop.make()\n";
        assert_eq!(types("python", text, "ledger"), ["=shop._ledger"]);
        assert!(types("python", text, "x").is_empty());
        assert!(types("python", text, "c").is_empty());
        assert!(!types("python", text, "d")
            .iter()
            .any(|t| t.starts_with('=')));
    }

    /// Reads `variable`'s types in each `(language, text, variable, types)` and checks them.
    fn check(cases: &[(&str, &str, &str, &[&str])]) {
        for &(language, text, variable, expected) in cases {
            assert_eq!(
                types(language, text, variable),
                expected,
                "{language}: {text}"
            );
        }
    }

    #[test]
    fn local_types_read_annotations_and_constructors() {
        check(&[
            (
                "python",
                "def f(self, auth: Auth, x: int):",
                "auth",
                &["Auth"],
            ),
            (
                "python",
                "    client = httpx.Client(timeout=1)",
                "client",
                &["httpx.Client"],
            ),
            (
                "python",
                "    with Client() as client:",
                "client",
                &["Client"],
            ),
            ("rust", "fn f(r: &mut Reader) {", "r", &["Reader"]),
            ("java", "void f(Writer w, int n) {", "w", &["Writer"]),
            ("go", "    s := &Server{Addr: a}", "s", &["Server"]),
            (
                "typescript",
                "    const db = new Kysely<DB>({",
                "db",
                &["Kysely"],
            ),
            ("python", "    x = compute(1)", "x", &["()compute"]),
            // A name after a character of several bytes, in a string: no panic, no type.
            (
                "python",
                "    s = \"│ v = 1\"\n    v = 2",
                "v",
                &["<builtin>"],
            ),
            ("python", "    xs = []", "xs", &["<builtin>"]),
            (
                "python",
                "    basket = make_basket()\n    basket.total()\n",
                "basket",
                &["()make_basket"],
            ),
            (
                "python",
                "    names: list[str] = []",
                "names",
                &["<builtin>"],
            ),
            (
                "python",
                "    with Client(\n        a=1,\n    ) as client:",
                "client",
                &["Client"],
            ),
        ]);
    }

    #[test]
    fn local_types_read_factories_and_for_each() {
        check(&[
            ("rust", "let mut s = Self::new();", "s", &["Self"]),
            (
                "rust",
                "let r = report::Report::new();",
                "r",
                &["report::Report"],
            ),
            (
                "typescript",
                "const cart = Cart.empty();",
                "cart",
                &["Cart"],
            ),
            ("java", "for (Book book : books) {", "book", &["Book"]),
            ("rust", "let v = items.iter().count();", "v", &[]),
            ("python", "x = a if ok else b; y = {x: 1}", "x", &[]),
        ]);
    }
}
