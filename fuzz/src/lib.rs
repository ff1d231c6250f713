//! Shared pieces of the fuzz targets: the fixture workspace they run over, and small
//! helpers that turn fuzz bytes into choices.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gather::index::Index;

/// The question-mode fixture of the test suite: a few small files in several languages.
pub fn fixture_root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/ask");
        std::fs::canonicalize(&root).unwrap_or(root)
    })
}

/// The fixture's index, built once per process (AFL runs many inputs in one process).
pub fn fixture_index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| match gather::index::build(fixture_root()) {
        Ok(index) => index,
        Err(e) => panic!("the fixture cannot be indexed: {e}"),
    })
}

/// Splits the first byte off `data` as a choice, if there is one.
pub fn choice(data: &[u8]) -> Option<(u8, &[u8])> {
    data.split_first().map(|(first, rest)| (*first, rest))
}

/// Splits the first byte off `data` as a choice, and reads the rest as text, if it is.
pub fn choice_and_text(data: &[u8]) -> Option<(u8, &str)> {
    let (first, rest) = choice(data)?;
    Some((first, std::str::from_utf8(rest).ok()?))
}
