//! The file texts a pack shows, borrowed from the request's [`Texts`] when the pack is
//! built, with their block's language and fence. Fitting prices items with them and
//! rendering prints from them, so both see the same lines without going back to the index.

use std::collections::HashMap;

use std::sync::Arc;

use crate::index::texts::{Text, Texts};
use crate::index::Index;
use crate::lines::LineRange;
use crate::pack::zoom::Frontend;

/// One file of the pack: its block's language tag and fence, and its lines.
#[derive(Clone, Debug)]
struct Source {
    language: String,
    fence: String,
    text: Option<Arc<Text>>,
}

/// The texts of the files a pack's items are in.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// Who reads the pack: how elision lines spell their re-requests.
    pub frontend: Frontend,
    /// The root the elision lines' MCP calls name (see [`crate::request::ContextRequest`]).
    pub call_root: Option<String>,
    files: HashMap<String, Source>,
    /// Files whose contents changed since they were indexed, in the order first read.
    pub stale: Vec<String>,
}

impl Sources {
    /// The texts of `paths` (in the order given) from `texts`, with their language as
    /// `index` holds it; elision lines are spelled for `frontend`, naming `call_root`.
    pub fn read<'p>(
        index: &Index,
        texts: &Texts,
        frontend: Frontend,
        call_root: Option<String>,
        paths: impl IntoIterator<Item = &'p str>,
    ) -> Sources {
        let mut sources = Sources {
            frontend,
            call_root,
            ..Sources::default()
        };
        for path in paths {
            if sources.files.contains_key(path) {
                continue;
            }
            let record = index.file(path);
            let text = texts.get(path);
            if text.as_ref().is_some_and(|t| t.is_stale()) {
                sources.stale.push(path.to_string());
            }
            let source = Source {
                language: record.and_then(|f| f.language.clone()).unwrap_or_default(),
                fence: fence_for(text.as_ref().map_or("", |t| t.text())),
                text,
            };
            sources.files.insert(path.to_string(), source);
        }
        sources
    }

    /// The fence of `path`'s block: longer than any backtick run in the whole file, so it
    /// is the same whichever of its lines are shown.
    pub(crate) fn fence(&self, path: &str) -> String {
        self.files
            .get(path)
            .map_or_else(|| fence_for(""), |s| s.fence.clone())
    }

    /// The language tag of `path`'s block (empty when the language is unknown).
    pub fn language(&self, path: &str) -> &str {
        self.files.get(path).map_or("", |s| s.language.as_str())
    }

    /// The text of `path`, when it could be read.
    pub(crate) fn text(&self, path: &str) -> Option<&Text> {
        self.files.get(path).and_then(|s| s.text.as_deref())
    }

    /// The text of lines `range` of `path` (empty when the file cannot be read).
    pub fn lines(&self, path: &str, range: LineRange) -> String {
        self.text(path)
            .map_or_else(String::new, |text| text.slice(range).to_string())
    }
}

/// A fence longer than any backtick run in `content`.
pub(crate) fn fence_for(content: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for ch in content.chars() {
        if ch == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    "`".repeat((longest + 1).max(3))
}
