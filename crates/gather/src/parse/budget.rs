//! The limits that keep hostile input from costing unbounded work, and the parse that
//! counts against them: the grammar may take one step per [`PARSE_BYTES_PER_STEP`] bytes
//! (counted through tree-sitter's progress callback, not by a clock, so the cut is the
//! same on every machine), no definition may start deeper than [`MAX_DEFINITION_DEPTH`]
//! syntax levels, and none may sit inside more than [`MAX_NESTING`] others: every line of
//! a file is hashed and indexed once per definition containing it, and qualified names
//! grow with nesting. Past any limit the file is `skipped(too-complex)`.

use std::cell::RefCell;
use std::collections::HashMap;

use gather_languages::tree_sitter::{Language, ParseOptions, ParseState, Parser, Tree};
use gather_languages::LanguageSpec;

thread_local! {
    // One parser per language per worker thread: reusable, and costly to create per file.
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
}

/// Drops this thread's parsers, after a fault that may have left one mid-parse.
pub(crate) fn reset_parsers() {
    PARSERS.with(|parsers| parsers.borrow_mut().clear());
}

/// Why a file could not be parsed with its grammar.
#[derive(Debug)]
pub(crate) enum TagsError {
    /// The language's queries failed to compile.
    Query,
    /// tree-sitter returned no tree.
    NoTree,
    /// Past the parse budget.
    TooComplex,
}

/// Bytes of input per progress callback allowed (tree-sitter calls back once per 100
/// parser operations), beyond [`PARSE_STEPS_BASE`]. Code in every supported language takes
/// about one callback per 70–150 bytes; a grammar lost in error recovery can take far more.
pub(crate) const PARSE_BYTES_PER_STEP: usize = 4;

/// Progress callbacks any file may take, however short.
const PARSE_STEPS_BASE: usize = 10_000;

/// Syntax levels (tree depth) above a definition's first node beyond which a file is too
/// complex. Hand-written definitions sit a few dozen levels deep.
pub(crate) const MAX_DEFINITION_DEPTH: u32 = 400;

/// Definitions inside one another beyond which a file is too complex: each line is hashed
/// and indexed once per definition around it, and qualified names grow with nesting.
pub(crate) const MAX_NESTING: usize = 100;

/// Parses `text` with `spec`'s grammar, or gives up past the step budget.
pub(super) fn parse(
    spec: &'static LanguageSpec,
    grammar: &Language,
    text: &str,
) -> Result<Tree, TagsError> {
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = parsers.entry(spec.id).or_insert_with(|| {
            let mut parser = Parser::new();
            // The grammar and the queries were compiled together; a version mismatch
            // surfaces here and turns into the heuristic fallback.
            let _ = parser.set_language(grammar);
            parser
        });
        let budget = PARSE_STEPS_BASE + text.len() / PARSE_BYTES_PER_STEP;
        let mut steps = 0usize;
        let mut over = false;
        let mut progress = |_: &ParseState| {
            steps += 1;
            if steps > budget {
                over = true;
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        };
        let bytes = text.as_bytes();
        let tree = parser.parse_with_options(
            &mut |offset, _| bytes.get(offset..).unwrap_or_default(),
            None,
            Some(ParseOptions::new().progress_callback(&mut progress)),
        );
        if over {
            // A cancelled parse would resume on the next call; start the next file afresh.
            parser.reset();
            return Err(TagsError::TooComplex);
        }
        tree.ok_or(TagsError::NoTree)
    })
}
