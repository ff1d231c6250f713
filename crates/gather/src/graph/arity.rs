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

/// The names a declaration's parameters bind, where the signature spells each as a name
/// first (`loads: Callable = json.loads`, `key=None`, `*args`, `cb`, `mut f: F`): a
/// parameter written type first or name first without a `:` (`Function<A, B> f`, Go's
/// `f func()`) gives none, since its name cannot be told from its type.
pub(super) fn parameter_names<'s>(signature: &'s str, name: &str) -> Vec<&'s str> {
    let Some(open) = open_after(signature, name) else {
        return Vec::new();
    };
    let inner = &signature[open + 1..];
    let Some(close) = closing(inner) else {
        return Vec::new();
    };
    split(&inner[..close])
        .into_iter()
        .filter_map(|param| {
            let declared = param.split('=').next().unwrap_or(param);
            let (head, annotated) = match declared.split_once(':') {
                Some((head, _)) => (head, true),
                None => (declared, false),
            };
            let mut head = head.trim().trim_start_matches(['*', '&', '.']);
            while let Some(rest) = ["mut ", "readonly ", "private ", "public ", "protected "]
                .iter()
                .find_map(|modifier| head.strip_prefix(modifier))
            {
                head = rest.trim_start();
            }
            let head = head.trim_end_matches('?');
            let is_name = !head.is_empty()
                && head
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
                && !head.starts_with(|c: char| c.is_ascii_digit());
            // Without an annotation only a lone name is one (`cb`, `key=None`).
            (is_name && (annotated || declared.split_whitespace().count() == 1)).then_some(head)
        })
        .collect()
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
    use super::{call_arguments, parameter_names, parameters};

    #[test]
    fn parameter_names_written_name_first() {
        assert_eq!(
            parameter_names(
                "def from_env(self, prefix: str = \"F\", *, loads: t.Callable[[str], t.Any] = json.loads) -> bool:",
                "from_env"
            ),
            ["self", "prefix", "loads"]
        );
        assert_eq!(
            parameter_names("function run(cb, { a, b }, ...rest) {", "run"),
            ["cb", "rest"]
        );
        assert_eq!(
            parameter_names("fn apply<F: Clone>(mut f: F, n: usize)", "apply"),
            ["f", "n"]
        );
        assert_eq!(
            parameter_names(
                "constructor(private readonly store?: Store) {",
                "constructor"
            ),
            ["store"]
        );
        // Type first, or a Go name before its type: not told apart, so none.
        assert!(parameter_names("void run(Runnable task) {", "run").is_empty());
        assert!(parameter_names("func run(task func()) {", "run").is_empty());
    }

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
