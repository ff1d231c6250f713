//! The `<script>` blocks of Vue and Svelte components. Each block's content is kept in
//! place and every other byte (template, style, the tags themselves) becomes a space, with
//! line breaks kept, so the script grammar sees one program whose lines and byte offsets
//! are the component's own; output is always cut from the original text.

use gather_languages::LanguageSpec;

/// A component's script, ready for its grammar.
pub(crate) struct Script {
    /// The language of the blocks (from the first block whose `lang` gather parses).
    pub spec: &'static LanguageSpec,
    /// The component with everything outside those blocks blanked.
    pub text: String,
}

/// The script of a component. Blocks in another language than the first parsed one
/// (`lang="coffee"`), and external ones (`<script src>`), are left out. A component
/// without a block is an empty JavaScript program.
pub fn extract(text: &str) -> Script {
    let mut spec = None;
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for block in blocks(text) {
        let Some(lang) = gather_languages::script_language(&block.lang) else {
            continue;
        };
        let first = *spec.get_or_insert(lang);
        if std::ptr::eq(first, lang) {
            kept.push(block.content);
        }
    }
    let spec = spec
        .or_else(|| gather_languages::script_language(""))
        .expect("JavaScript is in the language table");
    Script {
        spec,
        text: blank_outside(text, &kept),
    }
}

/// One `<script>` block: its `lang` attribute (empty when absent) and its content's range.
struct Block {
    lang: String,
    content: (usize, usize),
}

/// The `<script>` blocks of `text`, outside HTML comments. An unclosed block runs to the end.
fn blocks(text: &str) -> Vec<Block> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find('<') {
        let start = at + found;
        let rest = &lower[start..];
        if rest.starts_with("<!--") {
            at = rest
                .find("-->")
                .map_or(text.len(), |end| start + end + "-->".len());
            continue;
        }
        let after_name = start + "<script".len();
        let is_script = rest.starts_with("<script")
            && lower[after_name..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_whitespace() || c == '>' || c == '/');
        if !is_script {
            at = start + 1;
            continue;
        }
        let Some((attributes, open_end)) = open_tag(text, after_name) else {
            break;
        };
        if attributes.trim_end().ends_with('/') {
            at = open_end;
            continue;
        }
        let close = lower[open_end..]
            .find("</script")
            .map_or(text.len(), |i| open_end + i);
        if attribute(attributes, "src").is_none() {
            out.push(Block {
                lang: attribute(attributes, "lang").unwrap_or_default(),
                content: (open_end, close),
            });
        }
        at = close;
    }
    out
}

/// The attributes of an open tag whose name ends at `from`, and the offset after its `>`
/// (quoted values may hold `>`); `None` when the tag never closes.
fn open_tag(text: &str, from: usize) -> Option<(&str, usize)> {
    let mut quote = None;
    for (i, c) in text[from..].char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return Some((&text[from..from + i], from + i + 1)),
            _ => {}
        }
    }
    None
}

/// The value of attribute `name` (empty for a bare attribute), `None` when absent.
fn attribute(attributes: &str, name: &str) -> Option<String> {
    let mut rest = attributes;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        if rest.is_empty() {
            return None;
        }
        let key_end = rest
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/')
            .unwrap_or(rest.len());
        let key = &rest[..key_end];
        rest = rest[key_end..].trim_start();
        let mut value = String::new();
        if let Some(after_eq) = rest.strip_prefix('=') {
            let after_eq = after_eq.trim_start();
            let (v, tail) = match after_eq.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &after_eq[1..];
                    let end = body.find(q).unwrap_or(body.len());
                    (&body[..end], body.get(end + 1..).unwrap_or(""))
                }
                _ => {
                    let end = after_eq
                        .find(|c: char| c.is_ascii_whitespace())
                        .unwrap_or(after_eq.len());
                    (&after_eq[..end], &after_eq[end..])
                }
            };
            value.push_str(v);
            rest = tail;
        }
        if key.eq_ignore_ascii_case(name) {
            return Some(value);
        }
    }
}

/// `text` with every character outside `kept` replaced by spaces of its byte length;
/// line breaks stay.
fn blank_outside(text: &str, kept: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut ranges = kept.iter().peekable();
    for (i, c) in text.char_indices() {
        while ranges.peek().is_some_and(|&&(_, end)| end <= i) {
            ranges.next();
        }
        let inside = ranges.peek().is_some_and(|&&(start, _)| start <= i);
        if inside || c == '\n' || c == '\r' {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_their_lines_and_offsets() {
        let text = "<template>\n  <p>{{ é }}</p>\n</template>\n<script setup lang=\"ts\">\nconst a = 1\n</script>\n<style>p{}</style>\n";
        let script = extract(text);
        assert_eq!(script.spec.id, "typescript");
        assert_eq!(script.text.len(), text.len());
        assert_eq!(script.text.lines().count(), text.lines().count());
        let at = text.find("const a").unwrap();
        assert_eq!(&script.text[at..at + 11], "const a = 1");
        assert!(!script.text.contains("template"));
        assert!(!script.text.contains("script"));
        assert!(!script.text.contains("style"));
    }

    #[test]
    fn attributes_decide_language_and_inclusion() {
        let text = "<!-- <script lang=\"ts\">no()</script> -->\n<script context='module'>export const x = 1</script>\n<SCRIPT src=\"./a.js\"></SCRIPT>\n<script lang=\"coffee\">y = 2</script>\n<script>let z = 3</script>";
        let script = extract(text);
        assert_eq!(script.spec.id, "javascript");
        assert!(script.text.contains("export const x = 1"));
        assert!(script.text.contains("let z = 3"));
        assert!(!script.text.contains("no()"));
        assert!(!script.text.contains("y = 2"));
    }

    #[test]
    fn unclosed_and_absent_blocks_degrade() {
        assert_eq!(extract("<template><p/></template>").text.trim(), "");
        let open = extract("<script lang=ts>\nfunction f() {}\n");
        assert_eq!(open.spec.id, "typescript");
        assert!(open.text.contains("function f() {}"));
        assert_eq!(extract("<script lang=\"ts\"").text.trim(), "");
    }
}
