//! Recognises test code by path, by attribute and by naming convention, so that later
//! stages can leave tests out of neighbours unless asked.

use gather_languages::TestName;

/// Whether a root-relative path is a test file by the common conventions of the supported
/// languages (a `tests/` directory, `test_x.py`, `x_test.go`, `x.test.ts`, `XTest.java`, …).
pub(crate) fn is_test_path(path: &str) -> bool {
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
pub(crate) fn has_test_marker(head: &str) -> bool {
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

/// Whether a name follows one of a language's test naming conventions (its row's
/// `test_names`).
pub(crate) fn has_test_name(conventions: &[TestName], name: &str) -> bool {
    conventions
        .iter()
        .any(|convention| convention.matches(name))
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
        let of = |id: &str| gather_languages::by_id(id).map_or(&[][..], |spec| spec.test_names);
        assert!(has_test_name(of("go"), "TestParse"));
        assert!(!has_test_name(of("go"), "Testify"));
        assert!(has_test_name(of("python"), "test_parse"));
        assert!(!has_test_name(of("rust"), "test_parse"));
        assert!(has_test_name(of("php"), "testTotal"));
        assert!(!has_test_name(of("php"), "testament"));
        assert!(!has_test_name(of("php"), "test"));
    }
}
