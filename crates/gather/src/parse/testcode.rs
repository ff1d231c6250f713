//! Recognises test code by path, by attribute and by naming convention, so that later
//! stages can leave tests out of neighbours unless asked.

/// Whether a root-relative path is a test file by the common conventions of the supported
/// languages (a `tests/` directory, `test_x.py`, `x_test.go`, `x.test.ts`, `XTest.java`, …).
pub fn is_test_path(path: &str) -> bool {
    let mut parts = path.split('/');
    let name = parts.next_back().unwrap_or(path);
    if parts.any(|dir| {
        matches!(
            dir,
            "test" | "tests" | "__tests__" | "spec" | "specs" | "testing" | "testdata"
        )
    }) {
        return true;
    }
    let stem = name.split('.').next().unwrap_or(name);
    stem.starts_with("test_")
        || stem.ends_with("_test")
        || stem.ends_with("_tests")
        || stem.ends_with("_spec")
        || stem == "conftest"
        || stem.ends_with("Test")
        || stem.ends_with("Tests")
        || name.contains(".test.")
        || name.contains(".spec.")
}

/// Whether the text before a definition's name (its attributes, decorators, modifiers)
/// marks it as a test.
pub fn has_test_marker(head: &str) -> bool {
    const MARKERS: &[&str] = &[
        "#[test]",
        "#[cfg(test)]",
        "::test]",
        "::test(",
        "#[rstest",
        "@Test",
        "@ParameterizedTest",
        "@pytest.",
        "[Test]",
        "[Fact]",
        "[Theory]",
        "[TestMethod]",
        "[TestCase",
        // A Zig `test "name" { … }` block, named by its string.
        "test \"",
    ];
    MARKERS.iter().any(|m| head.contains(m))
}

/// Whether a name follows a language's test naming convention.
pub fn has_test_name(language: &str, name: &str) -> bool {
    match language {
        "python" => name.starts_with("test_") || name.starts_with("Test") && name.len() > 4,
        "go" => ["Test", "Benchmark", "Fuzz", "Example"].iter().any(|p| {
            name.strip_prefix(p).is_some_and(|rest| {
                rest.is_empty() || !rest.starts_with(|c: char| c.is_lowercase())
            })
        }),
        "ruby" => name.starts_with("test_"),
        "php" => {
            name.starts_with("test")
                && name[4..].starts_with(|c: char| c.is_uppercase() || c == '_')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_paths() {
        for path in [
            "tests/a.rs",
            "pkg/x_test.go",
            "test_views.py",
            "src/a.test.ts",
            "FooTest.java",
            "a/__tests__/b.js",
        ] {
            assert!(is_test_path(path), "{path}");
        }
        for path in [
            "src/testing_utils_x.rs",
            "src/contest.py",
            "attest.go",
            "lib/latest.js",
        ] {
            assert!(!is_test_path(path), "{path}");
        }
    }

    #[test]
    fn test_names() {
        assert!(has_test_name("go", "TestParse"));
        assert!(!has_test_name("go", "Testify"));
        assert!(has_test_name("python", "test_parse"));
        assert!(!has_test_name("rust", "test_parse"));
        assert!(has_test_name("php", "testTotal"));
        assert!(!has_test_name("php", "testament"));
        assert!(!has_test_name("php", "test"));
    }
}
