//! The names a code block uses: what it imports, calls, subclasses and decorates with.
//! A pasted example is written against the workspace's API, so those names point at
//! the definitions it exercises; its own variables and strings do not.

use std::sync::LazyLock;

use regex::Regex;

/// `from a.b import c, d as e` (Python).
static FROM_IMPORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*from\s+([\w.]+)\s+import\s+\(?([\w\s,]+)\)?").expect("valid pattern")
});
/// `import { a, b as c } from 'x'` (ECMAScript).
static ES_IMPORT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*import\s*\{([^}]*)\}\s*from").expect("valid pattern"));
/// A name or attribute chain followed by `(`, or after `@` (a decorator), or inside a
/// class's base list.
static CALL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*)\s*(?:\(|!\(|<[\w, ]*>\()")
        .expect("valid pattern")
});
static DECORATOR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*@([\w.]+)").expect("valid pattern"));
/// String literals and line comments, blanked before names are read.
static NOISE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?:^|\s)(?:#|//).*$"#)
        .expect("valid pattern")
});

/// Keywords and builtins every example uses; they name nothing in a workspace.
const COMMON: &[&str] = &[
    "print",
    "len",
    "range",
    "list",
    "dict",
    "set",
    "tuple",
    "str",
    "int",
    "float",
    "bool",
    "type",
    "isinstance",
    "super",
    "open",
    "enumerate",
    "zip",
    "map",
    "filter",
    "sorted",
    "repr",
    "getattr",
    "setattr",
    "hasattr",
    "if",
    "for",
    "while",
    "return",
    "def",
    "class",
    "function",
    "fn",
    "new",
    "assert",
    "self",
    "this",
    "console.log",
    "require",
    "import",
    "sizeof",
    "switch",
    "catch",
    "println",
    "printf",
    "format",
    "main",
    "max",
    "min",
    "sum",
    "abs",
    "any",
    "all",
    "iter",
    "next",
    "object",
    "Exception",
    "ValueError",
    "TypeError",
];

/// The names `code` uses, in first-seen order: imported names first, then called names
/// (attribute chains kept whole: `Model.objects.filter`), decorators and base classes.
pub fn names(code: &str, mut each: impl FnMut(&str)) {
    let mut imported: Vec<String> = Vec::new();
    let mut used: Vec<String> = Vec::new();
    for raw in code.lines() {
        if let Some(c) = FROM_IMPORT.captures(raw) {
            for name in c[2].split(',') {
                let name = name.split_whitespace().next().unwrap_or("");
                if !name.is_empty() && name != "*" {
                    imported.push(name.to_string());
                }
            }
            continue;
        }
        if let Some(c) = ES_IMPORT.captures(raw) {
            for name in c[1].split(',') {
                let name = name.split_whitespace().next().unwrap_or("");
                imported.push(name.to_string());
            }
            continue;
        }
        let line = NOISE.replace_all(raw, " ");
        if let Some(c) = DECORATOR.captures(&line) {
            used.push(c[1].to_string());
        }
        let trimmed = line.trim_start();
        // A definition's own name is the example's, not the workspace's; its bases are.
        let defines = ["def ", "class ", "function ", "fn ", "func "]
            .iter()
            .find_map(|k| trimmed.strip_prefix(k));
        let scan: &str = match defines {
            Some(rest) => rest.split_once('(').map_or("", |(_, bases)| bases),
            None => &line,
        };
        if defines.is_some() && trimmed.starts_with("class ") {
            for base in scan.split([',', ')', '(']) {
                let base = base.trim();
                if !base.is_empty() && !base.contains('=') {
                    used.push(base.to_string());
                }
            }
        }
        for c in CALL.captures_iter(scan) {
            used.push(c[1].to_string());
        }
    }
    let mut seen = std::collections::HashSet::new();
    for name in imported.iter().chain(&used) {
        if name.len() < 3 || COMMON.contains(&name.as_str()) || !seen.insert(name.clone()) {
            continue;
        }
        each(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(code: &str) -> Vec<String> {
        let mut out = Vec::new();
        names(code, |n| out.push(n.to_string()));
        out
    }

    #[test]
    fn imports_calls_decorators_and_bases_are_read() {
        let code = "from astropy.modeling.separable import separability_matrix, _cstack as cs\nimport numpy as np\n\n@pytest.fixture\nclass Book(models.Model):\n    def save(self):\n        print(\"call_me() in a string\")\n        return Book.objects.filter(x=1).count()  # then_this()\n";
        assert_eq!(
            all(code),
            [
                "separability_matrix",
                "_cstack",
                "pytest.fixture",
                "models.Model",
                "Book.objects.filter",
                "count"
            ]
        );
    }
}
