//! Primitives the call graph's source-text readers share: characters outside string
//! literals, a balanced `<…>` skipped, and whether a name reads as a type's.

/// The characters of `text` with their offsets, string literals (`"…"`, `'…'`, `` `…` ``,
/// with backslash escapes) left out, quotes included.
pub(crate) fn unquoted(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    text.char_indices().filter(move |&(_, ch)| {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == q {
                quote = None;
            }
            return false;
        }
        if matches!(ch, '"' | '\'' | '`') {
            quote = Some(ch);
            return false;
        }
        true
    })
}

/// The characters of C-family code (`//` and `/* … */` comments) outside string literals
/// and comments, with their offsets: an apostrophe in a comment (`// don't`) opens no
/// string here.
pub(crate) fn code_chars(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        Code,
        Quoted(char, bool),
        Line,
        Block,
    }
    let mut state = State::Code;
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some((idx, ch)) = chars.next() {
            let next = chars.peek().map(|&(_, c)| c);
            match state {
                State::Code => match ch {
                    '"' | '\'' | '`' => state = State::Quoted(ch, false),
                    '/' if next == Some('/') => state = State::Line,
                    '/' if next == Some('*') => {
                        chars.next();
                        state = State::Block;
                    }
                    _ => return Some((idx, ch)),
                },
                State::Quoted(q, escaped) => {
                    state = if escaped {
                        State::Quoted(q, false)
                    } else if ch == '\\' {
                        State::Quoted(q, true)
                    } else if ch == q || (ch == '\n' && q != '`') {
                        State::Code
                    } else {
                        state
                    };
                }
                State::Line if ch == '\n' => {
                    state = State::Code;
                    return Some((idx, ch));
                }
                State::Block if ch == '*' && next == Some('/') => {
                    chars.next();
                    state = State::Code;
                }
                State::Line | State::Block => {}
            }
        }
        None
    })
}

/// What follows a balanced `<…>` that `text` starts with (`<T>bar(…)`, `<K, V>`); `None`
/// when it does not start with one, never closes, or meets one of `stops` first.
pub(crate) fn after_angles<'t>(text: &'t str, stops: &[char]) -> Option<&'t str> {
    if !text.starts_with('<') {
        return None;
    }
    let mut depth = 0;
    for (idx, ch) in text.char_indices() {
        match ch {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[idx + 1..]);
                }
            }
            _ if stops.contains(&ch) => return None,
            _ => {}
        }
    }
    None
}

/// Whether a path segment starts with an uppercase letter (a type, by convention), after
/// any `$` or `_` a library prefixes its types with (`$ZodType`, `_Internal`).
pub(crate) fn is_capitalised(segment: &str) -> bool {
    segment
        .trim_start_matches(['$', '_'])
        .starts_with(|c: char| c.is_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_literals_are_left_out() {
        let kept: String = unquoted(r#"f("a)\"b", 'c', `d`) + x"#)
            .map(|(_, c)| c)
            .collect();
        assert_eq!(kept, "f(, , ) + x");
    }

    #[test]
    fn comments_and_string_literals_are_left_out() {
        let text = "a { // don't }\nb /* } ' */ c '}' \"x\\\"}\" `{` }";
        let kept: String = code_chars(text).map(|(_, c)| c).collect();
        assert_eq!(kept, "a { \nb  c    }");
    }

    #[test]
    fn angles_are_skipped_when_balanced() {
        assert_eq!(after_angles("<K, Map<A, B>> m", &[]), Some(" m"));
        assert_eq!(after_angles("<T(x)>", &['(']), None);
        assert_eq!(after_angles("<T", &[]), None);
        assert_eq!(after_angles("T<x>", &[]), None);
    }
}
