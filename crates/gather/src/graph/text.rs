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
    fn angles_are_skipped_when_balanced() {
        assert_eq!(after_angles("<K, Map<A, B>> m", &[]), Some(" m"));
        assert_eq!(after_angles("<T(x)>", &['(']), None);
        assert_eq!(after_angles("<T", &[]), None);
        assert_eq!(after_angles("T<x>", &[]), None);
    }
}
