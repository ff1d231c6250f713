//! The instructions section: a short text on when to call gather, between marker comments,
//! appended to a host's instructions file (`CLAUDE.md`, `AGENTS.md`, …) and taken out again
//! byte for byte. For Cursor, whose rules are files of their own, the section is a whole
//! `.mdc` file.

use crate::error::SetupError;
use crate::jsondoc::Change;

/// The start of the line that opens the section.
const BEGIN: &str = "<!-- gather:begin";
/// The line that closes it.
const END: &str = "<!-- gather:end -->";

/// The section, markers included, ending with a newline (about 700 characters).
pub fn section() -> String {
    format!(
        "{BEGIN} (written by `gather setup`; `gather setup HOST --remove` takes it out) -->
## Code context: gather

gather indexes this repository. For any question about this code, call it first, before
chains of grep and file reads: it returns the definitions that matter, with their callers
and callees, cut to a budget.

- MCP tool: `gather_context {{\"question\": \"how does X work?\"}}`
- Shell: `gather ask \"how does X work?\" --max-tokens 2500`

A pack names what it cut, each piece with its re-request: `assemble_context` shows
exactly those lines.
{END}
"
    )
}

/// Cursor's rule file: the section under the front matter that applies it to every request.
pub fn cursor_rule() -> String {
    format!(
        "---\ndescription: When to call gather for questions about this code\nalwaysApply: true\n---\n{}",
        section()
    )
}

/// `current` with the section in it: appended after a blank line, or put in place of a
/// gather section that differs (which is reported).
pub fn insert(current: &str, section: &str, file: &str) -> Result<(String, Change), SetupError> {
    match find(current, file)? {
        Some((start, end)) if &current[start..end] == section => {
            Ok((current.to_string(), Change::Same))
        }
        Some((start, end)) => {
            let text = format!("{}{section}{}", &current[..start], &current[end..]);
            Ok((
                text,
                Change::Replaced(current[start..end].trim_end().to_string()),
            ))
        }
        None if current.is_empty() => Ok((section.to_string(), Change::Added)),
        // One newline after the last line: a blank line before the section when the file
        // ended with a newline, none when it did not; `remove` reads which it was.
        None => Ok((format!("{current}\n{section}"), Change::Added)),
    }
}

/// `current` without the section and the newline `insert` put before it, or `None` when
/// it holds no section.
pub fn remove(current: &str, file: &str) -> Result<Option<String>, SetupError> {
    let Some((start, end)) = find(current, file)? else {
        return Ok(None);
    };
    let before = &current[..start];
    let after = &current[end..];
    let before = if before.ends_with("\n\n") || (after.is_empty() && before.ends_with('\n')) {
        &before[..before.len() - 1]
    } else {
        before
    };
    Ok(Some(format!("{before}{after}")))
}

/// The byte range of the section, from the start of its first line to the end of its last
/// (newline included); an error when it is opened and never closed.
fn find(text: &str, file: &str) -> Result<Option<(usize, usize)>, SetupError> {
    let mut offset = 0;
    let mut open: Option<(usize, usize)> = None;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let content = line.trim_end_matches(['\n', '\r']);
        match open {
            None if content.starts_with(BEGIN) => open = Some((offset, number + 1)),
            Some((start, _)) if content.trim_end() == END => {
                return Ok(Some((start, offset + line.len())));
            }
            _ => {}
        }
        offset += line.len();
    }
    match open {
        Some((_, line)) => Err(SetupError::Section {
            file: file.to_string(),
            line,
        }),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_is_short_and_names_both_calls() {
        let text = section();
        assert!(text.chars().count() <= 800, "{}", text.chars().count());
        assert!(text.contains(r#"gather_context {"question": "how does X work?"}"#));
        assert!(text.contains(r#"gather ask "how does X work?" --max-tokens 2500"#));
        assert!(text.contains("assemble_context"));
    }

    #[test]
    fn insert_then_remove_gives_back_every_original_byte() {
        let section = section();
        for original in [
            "",
            "# Project\n",
            "# Project",
            "# Project\n\n",
            "\n",
            "a\r\nb\r\n",
        ] {
            let (with, change) = insert(original, &section, "CLAUDE.md").unwrap();
            assert_eq!(change, Change::Added);
            let (again, same) = insert(&with, &section, "CLAUDE.md").unwrap();
            assert_eq!((again.as_str(), same), (with.as_str(), Change::Same));
            let back = remove(&with, "CLAUDE.md").unwrap().unwrap();
            assert_eq!(back, original, "{original:?} via {with:?}");
        }
        assert_eq!(remove("# Project\n", "CLAUDE.md").unwrap(), None);
    }

    #[test]
    fn a_section_in_the_middle_comes_out_with_its_blank_line() {
        let (with, _) = insert("# Project\n", &section(), "AGENTS.md").unwrap();
        let edited = format!("{with}\n## Later\n");
        assert_eq!(
            remove(&edited, "AGENTS.md").unwrap().unwrap(),
            "# Project\n\n## Later\n"
        );
    }

    #[test]
    fn a_different_section_is_replaced_in_place_and_an_unclosed_one_refused() {
        let old = format!("top\n\n{BEGIN} -->\nold words\n{END}\nbottom\n");
        let (text, change) = insert(&old, &section(), "GEMINI.md").unwrap();
        assert_eq!(
            change,
            Change::Replaced(format!("{BEGIN} -->\nold words\n{END}"))
        );
        assert!(text.starts_with("top\n\n<!-- gather:begin (written"));
        assert!(text.ends_with("-->\nbottom\n"));
        let error = insert(
            "x\n<!-- gather:begin -->\nno end\n",
            &section(),
            "GEMINI.md",
        );
        assert_eq!(
            error.err().unwrap().to_string(),
            "GEMINI.md: line 2 opens a gather section that is never closed; fix it or remove that line"
        );
    }
}
