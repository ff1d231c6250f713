//! Argument and parameter counts, to tell overloads apart (Java, C#, C++, Kotlin): how many
//! arguments a call passes, read from the text after the called name, and how many a
//! declaration accepts, read from its signature.

use super::text::{after_angles, unquoted};

/// The number of arguments of the call of `name` starting in `text` (the call's line and
/// those after it): `f()` 0, `f(a, g(b, c))` 2. `None` when no `name(` opens there.
pub(super) fn call_arguments(text: &str, name: &str) -> Option<usize> {
    let open = open_after(text, name)?;
    count(&text[open + 1..], ')')
}

/// How many arguments a declaration accepts: (fewest, most; `None` without a bound), from
/// the first parameter list of its signature. Defaults (`int n = 1`, `n: Int = 1`) lower
/// the fewest; varargs (`String... xs`, `params object[] xs`, `...`, `vararg xs`) lift the most.
pub(super) fn parameters(signature: &str, name: &str) -> Option<(usize, Option<usize>)> {
    // The list after the name, not an annotation's (`@SuppressWarnings("x")`).
    let open = open_after(signature, name)?;
    let inner = &signature[open + 1..];
    let close = closing(inner)?;
    let params = split(&inner[..close]);
    let mut fewest = 0;
    let mut variadic = false;
    for param in &params {
        let param = param.trim();
        if param.contains("...") || param.starts_with("params ") || param.starts_with("vararg ") {
            variadic = true;
        } else if !param.contains('=') {
            fewest += 1;
        }
    }
    // `void f(void)` in C takes none.
    if params.len() == 1 && params[0].trim() == "void" {
        return Some((0, Some(0)));
    }
    Some((fewest, (!variadic).then_some(params.len())))
}

/// The offset of the `(` that follows `name` as a whole word (type arguments between).
fn open_after(text: &str, name: &str) -> Option<usize> {
    // An empty name (a C++ call the grammar leaves unnamed) would match everywhere and
    // never move the search on.
    if name.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(pos) = text[from..].find(name) {
        let start = from + pos;
        let end = start + name.len();
        from = end;
        let before_ok = text[..start]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if !before_ok {
            continue;
        }
        let rest = skip_type_arguments(text[end..].trim_start());
        if rest.starts_with('(') {
            return Some(text.len() - rest.len());
        }
    }
    None
}

/// Skips a leading `<…>` (balanced), as in `Foo.<T>bar(…)` or `bar<T>(…)`.
fn skip_type_arguments(text: &str) -> &str {
    after_angles(text, &['(', ';', '{']).map_or(text, str::trim_start)
}

/// The top-level comma-separated parts of an argument list that ends at its closing
/// `close` (strings skipped, brackets nested); `None` when it never closes.
fn count(text: &str, close: char) -> Option<usize> {
    let end = closing_at(text, close)?;
    Some(split(&text[..end]).len())
}

/// The offset of the `)` closing a list whose `(` came just before `text`.
fn closing(text: &str) -> Option<usize> {
    closing_at(text, ')')
}

fn closing_at(text: &str, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for (idx, ch) in unquoted(text) {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                if depth == 0 {
                    return (ch == close).then_some(idx);
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    None
}

/// Top-level comma-separated parts (brackets and generic arguments nested, strings
/// skipped), empty parts dropped: `a, Map<K, V> m, f(b, c)` has three.
fn split(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut angle) = (0usize, 0usize);
    let mut start = 0;
    for (idx, ch) in unquoted(text) {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            // Generic arguments in a declaration (`Map<K, V> m`); in a call `a < b, c > d`
            // is rare enough, and reads as one argument less, never a wrong overload.
            '<' => angle += 1,
            '>' => angle = angle.saturating_sub(1),
            ',' if depth == 0 && angle == 0 => {
                parts.push(&text[start..idx]);
                start = idx + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::{call_arguments, parameters};

    #[test]
    fn an_empty_name_has_no_argument_list() {
        assert_eq!(call_arguments("f(a, b);", ""), None);
        assert_eq!(parameters("void f(int a)", ""), None);
    }

    #[test]
    fn arguments_of_calls() {
        assert_eq!(
            call_arguments("    x = Util.format(a, b);", "format"),
            Some(2)
        );
        assert_eq!(call_arguments("format()", "format"), Some(0));
        assert_eq!(
            call_arguments("reformat(1); format(g(a, b), \"x, y\",\n   c)", "format"),
            Some(3)
        );
        assert_eq!(call_arguments("Util.<String>format(a)", "format"), Some(1));
        assert_eq!(
            call_arguments("format(new int[] {1, 2})", "format"),
            Some(1)
        );
        assert_eq!(call_arguments("format;", "format"), None);
    }

    #[test]
    fn parameters_of_declarations() {
        assert_eq!(
            parameters("static String format(String s) {", "format"),
            Some((1, Some(1)))
        );
        assert_eq!(
            parameters(
                "static String format(Map<String, Integer> m, int width) {",
                "format"
            ),
            Some((2, Some(2)))
        );
        assert_eq!(
            parameters("void log(String fmt, Object... args) {", "log"),
            Some((1, None))
        );
        assert_eq!(parameters("void run() {", "run"), Some((0, Some(0))));
        assert_eq!(parameters("int f(void);", "f"), Some((0, Some(0))));
        assert_eq!(
            parameters("public void Add(int a, int b = 2)", "Add"),
            Some((1, Some(2)))
        );
        assert_eq!(
            parameters("void Log(params object[] xs)", "Log"),
            Some((0, None))
        );
        assert_eq!(
            parameters("fun f(a: Int, b: Int = 1)", "f"),
            Some((1, Some(2)))
        );
        assert_eq!(
            parameters("@SuppressWarnings(\"x\")\npublic int size(int a) {", "size"),
            Some((1, Some(1)))
        );
    }
}
