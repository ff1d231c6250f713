//! Blanks attribute-like macros in C and C++ before parsing. A grammar without a
//! preprocessor cannot read `FMT_CONSTEXPR void f()`, `class GTEST_API_ Foo` or
//! `Foo::~Foo() FMT_NOEXCEPT {`, and loses the definitions around them. Such tokens are
//! replaced by spaces of the same length, so every byte offset and line stays where it was;
//! output is always cut from the original text.

use std::borrow::Cow;
use std::sync::OnceLock;

use regex::Regex;

fn macro_token() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        // ALL_CAPS with an underscore (FMT_API, GTEST_API_, JEMALLOC_EXPORT); plain words
        // in capitals (BOOL, DWORD) are too often real types to touch.
        Regex::new(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]*)+\b").expect("valid regex")
    })
}

/// Keywords after which a macro still sits in specifier position.
const SPECIFIER_CONTEXT: &[&str] = &[
    "class",
    "struct",
    "union",
    "enum",
    "static",
    "inline",
    "extern",
    "virtual",
    "explicit",
    "friend",
    "constexpr",
];

/// Keywords after which a macro call is an expression, not an annotation.
const STATEMENT_KEYWORDS: &[&str] = &["return", "case", "else", "do", "goto", "sizeof", "throw"];

/// `text` with attribute-like macros replaced by spaces (borrowed when there are none).
pub fn blank(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut spans: Vec<(usize, usize)> = macro_token()
        .find_iter(text)
        .filter_map(|m| macro_span(text, m))
        .collect();
    // A block comment inside a `#define` ends the directive for the grammar, which then
    // reads the rest of the macro body as code.
    for (start, _) in text.match_indices("/*") {
        if on_preprocessor_line(bytes, start) {
            if let Some(len) = text[start..].find("*/") {
                spans.push((start, start + len + 2));
            }
        }
    }
    if spans.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = bytes.to_vec();
    for (start, end) in spans {
        for byte in &mut out[start..end] {
            // Newlines stay so that lines do not move.
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    // Only ASCII bytes inside macro spans were replaced, by ASCII spaces.
    Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// The bytes to blank for the macro-like token `m`, if it is an annotation:
/// a line of its own, a specifier before a declaration, or a trailing annotation after
/// parameters or a declarator (with its arguments).
fn macro_span(text: &str, m: regex::Match) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    if on_preprocessor_line(bytes, m.start()) {
        return None;
    }
    let before = text[..m.start()].trim_end();
    let after = text[m.end()..].trim_start();
    let after_start = text.len() - after.len();
    let prev_word = before
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    let prev_char = before.chars().last();
    let next_char = after.chars().next();
    let line_start = bytes[..m.start()]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let first_on_line = text[line_start..m.start()].trim().is_empty();
    let is_specifier = next_char.is_some_and(|c| c.is_alphabetic() || c == '_' || c == '~')
        && (first_on_line
            || prev_char.is_none_or(|c| matches!(c, ';' | '{' | '}' | '>' | ':' | '/'))
            || SPECIFIER_CONTEXT.contains(&prev_word));
    let after_parameters =
        prev_char == Some(')') || prev_word == "const" || prev_word == "override";
    // After a declarator, an annotation with arguments that ends the declaration:
    // `NSURLSessionTaskMetrics *metrics AF_API_AVAILABLE(ios(10));`.
    let after_declarator = prev_char.is_some_and(|c| c.is_alphanumeric() || c == '_')
        && !STATEMENT_KEYWORDS.contains(&prev_word)
        && next_char == Some('(')
        && balanced(bytes, after_start)
            .is_some_and(|end| matches!(text[end..].trim_start().chars().next(), Some(';' | '{')));
    let is_trailing = (after_parameters && matches!(next_char, Some('{' | ';' | ':' | '=' | '(')))
        || after_declarator;
    let line_end = bytes[m.end()..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| m.end() + i);
    // A line of its own: `NS_ASSUME_NONNULL_BEGIN`, `G_BEGIN_DECLS`, `Q_OBJECT`, or an
    // annotation call before an Objective-C directive
    // (`NS_EXTENSION_UNAVAILABLE_IOS("…")` above `@interface`).
    let alone = first_on_line && text[m.end()..line_end].trim().is_empty();
    let annotates_directive = first_on_line
        && next_char == Some('(')
        && balanced(bytes, after_start).is_some_and(|end| {
            end <= line_end
                && text[end..line_end].trim().is_empty()
                && text[line_end..].trim_start().starts_with('@')
        });
    if alone || is_specifier {
        Some((m.start(), m.end()))
    } else if annotates_directive {
        Some((m.start(), balanced(bytes, after_start).unwrap_or(m.end())))
    } else if is_trailing {
        let end = if next_char == Some('(') {
            balanced(bytes, after_start).unwrap_or(m.end())
        } else {
            m.end()
        };
        Some((m.start(), end))
    } else {
        None
    }
}

/// Whether `pos` is inside a preprocessor directive, continuation lines of a multi-line
/// `#define` included: its body is not parsed as code, and blanking a backslash there
/// would end the directive early.
fn on_preprocessor_line(bytes: &[u8], pos: usize) -> bool {
    let line_start_of = |pos: usize| {
        bytes[..pos]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
    };
    let mut line_start = line_start_of(pos);
    // While the line before ends with a backslash, this line continues it.
    while line_start > 0 {
        let previous = &bytes[..line_start - 1];
        let continued = previous
            .iter()
            .rev()
            .find(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            == Some(&b'\\');
        if !continued {
            break;
        }
        line_start = line_start_of(line_start - 1);
    }
    bytes[line_start..pos]
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        == Some(&b'#')
}

/// The end of the parenthesised group that opens at `open`, if it closes on the same
/// or a following line without crossing a brace.
fn balanced(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (idx, &byte) in bytes.iter().enumerate().skip(open) {
        match byte {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(idx + 1);
                }
            }
            b'{' | b'}' | b';' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifier_and_trailing_macros_are_blanked_in_place() {
        let text = "class GTEST_API_ Reporter {\n};\nFMT_CONSTEXPR int f(int a) {\n}\nfile::~file() FMT_NOEXCEPT {\n}\nvoid g() const GTEST_LOCK_EXCLUDED_(mu_) {\n}\n";
        let blanked = blank(text);
        assert_eq!(blanked.len(), text.len());
        assert_eq!(blanked.lines().count(), text.lines().count());
        assert!(blanked.starts_with("class            Reporter {"));
        let after_comment =
            blank("/** Doc. */\n  FMT_CONSTEXPR basic_view(const char* s) : data_(s) {}\n");
        assert!(
            after_comment.contains("\n                basic_view(const char* s)"),
            "{after_comment}"
        );
        assert!(blanked.contains("\n              int f(int a) {"));
        assert!(blanked.contains("file::~file()              {"));
        let blank_call = " ".repeat("GTEST_LOCK_EXCLUDED_(mu_)".len());
        assert!(
            blanked.contains(&format!("void g() const {blank_call} {{")),
            "{blanked}"
        );
    }

    #[test]
    fn the_body_of_a_multi_line_define_is_kept() {
        let text = "#define FMT_STRING_IMPL(s, base) \\\n  [] {                             \\\n    struct FMT_HIDDEN S : base {   \\\n      FMT_CONSTEXPR operator int() const { return 0; } \\\n    };                             \\\n  }()\nFMT_CONSTEXPR int f();\n";
        let blanked = blank(text);
        let lines: Vec<&str> = blanked.lines().collect();
        assert_eq!(lines[..6], text.lines().collect::<Vec<_>>()[..6]);
        assert_eq!(lines[6].trim_start(), "int f();", "code after it still is");
        let text = "#define CHECK(x) \\\n  /* why */ do { x; } while (0)\n/* kept */ int g();\n";
        assert_eq!(
            blank(text),
            "#define CHECK(x) \\\n            do { x; } while (0)\n/* kept */ int g();\n"
        );
    }

    #[test]
    fn calls_definitions_and_preprocessor_lines_are_kept() {
        let text = "#define FMT_API __attribute__((visibility(\"default\")))\nTEST(Foo, Bar) {\n  EXPECT_EQ(a, b);\n  int x = MAX_SIZE;\n  return MAX_OF(a, b);\n}\n";
        assert_eq!(blank(text), text);
    }

    #[test]
    fn an_annotation_after_a_declarator_is_blanked() {
        let text = "@property NSURLSessionTaskMetrics *metrics AF_API_AVAILABLE(ios(10), macosx(10.12));\nint f(void) {\n}\n";
        let blanked = blank(text);
        let call = "AF_API_AVAILABLE(ios(10), macosx(10.12))";
        assert!(
            blanked.starts_with(&format!(
                "@property NSURLSessionTaskMetrics *metrics {};",
                " ".repeat(call.len())
            )),
            "{blanked}"
        );
        assert!(blanked.ends_with("int f(void) {\n}\n"));
        let text = "NS_ASSUME_NONNULL_BEGIN\n\nNS_EXTENSION_UNAVAILABLE_IOS(\"No.\")\n@interface A : NSObject\n@end\n";
        let blanked = blank(text);
        assert_eq!(blanked.len(), text.len());
        assert!(
            blanked.starts_with(&format!(
                "{}\n\n{}\n@interface A",
                " ".repeat(23),
                " ".repeat(35)
            )),
            "{blanked:?}"
        );
    }
}
