//! The session-start brief: that gather is there, what its tools answer and when to call
//! them, with one example call each, and the tree the index reflects. At most
//! [`MAX_BRIEF_CHARS`] characters, written as statements of fact (what hosts advise for
//! context a hook adds).

use std::path::Path;

/// The longest brief.
pub const MAX_BRIEF_CHARS: usize = 1_500;

/// The most characters of the workspace's name the brief repeats.
const MAX_NAME_CHARS: usize = 80;

/// The brief for the workspace at `root`; `tree` names the commit and branch checked out
/// when known, `building` says the first index build is running.
pub fn brief(root: &Path, tree: Option<&str>, building: bool) -> String {
    let name: String = root
        .file_name()
        .map_or_else(
            || root.display().to_string(),
            |n| n.to_string_lossy().into(),
        )
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    let mut state = tree.map_or_else(String::new, |t| format!(" The checkout is at {t}."));
    if building {
        state.push_str(" Its index is being built now.");
    }
    let text = format!(
        "[gather] gather serves this repository ({name}): verbatim definitions with path:line headers, ranked for a request and cut to a budget, with everything cut named by the call that shows it.{state}\n\
- gather_context {{\"question\": \"how is the retry delay computed?\"}}: the code a question or a whole pasted issue needs, with callers and callees. Also {{\"symbol\": \"Client.send\", \"path\": \"src/client.py\"}} for one definition and its callers and callees, or {{\"diff\": \"<unified diff>\"}} for what a change touches.\n\
- assemble_context {{\"files\": [{{\"path\": \"src/client.py\", \"lines\": \"40-80\"}}]}}: exact lines; each cut piece of a pack names this call.\n\
- find_symbol {{\"name\": \"Client.send\"}}: where a name is defined.\n\
For a question about this code, gather_context comes first: one call stands for a search, outline, read and find-callers chain. Without its MCP tools, the shell gives the same: gather ask \"how is the retry delay computed?\" --max-tokens 2500. A pack for the prompt may come with it; a definition shown once in this session is then named, not shown again.\n"
    );
    cut_to(text, MAX_BRIEF_CHARS)
}

/// `text` cut at a character boundary so it holds at most `max` characters.
fn cut_to(mut text: String, max: usize) -> String {
    if let Some((at, _)) = text.char_indices().nth(max) {
        text.truncate(at);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brief_names_each_tool_with_an_example_and_keeps_its_size() {
        let long_name = format!("/w/{}", "r".repeat(5_000));
        for (root, tree, building) in [
            ("/w/shop", Some("1a2b3c4 main"), false),
            ("/w/shop", None, true),
            (long_name.as_str(), Some("x"), false),
        ] {
            let text = brief(Path::new(root), tree, building);
            assert!(text.chars().count() <= MAX_BRIEF_CHARS, "{}", text.len());
        }
        let text = brief(Path::new("/w/shop"), Some("1a2b3c4 main"), false);
        for needle in [
            "gather_context {\"question\"",
            "assemble_context {\"files\"",
            "find_symbol {\"name\"",
            "gather ask \"",
            "at 1a2b3c4 main",
            "(shop)",
        ] {
            assert!(text.contains(needle), "{needle} not in {text}");
        }
        assert!(brief(Path::new("/w/shop"), None, true).contains("being built"));
    }
}
