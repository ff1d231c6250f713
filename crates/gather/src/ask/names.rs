//! The identifier lane: the question's code-shaped words looked up as definition names,
//! qualified names and file paths, then ignoring case.

use super::question::{self, Question};
use super::MAX_NAME_HITS;
use crate::index::{Index, SymbolId};

/// What the question's code-shaped words found.
#[derive(Default)]
pub(super) struct Named {
    /// Definitions named exactly as a word.
    pub exact: Vec<SymbolId>,
    /// Definitions named as a word, ignoring case.
    pub loose: Vec<SymbolId>,
    /// Files the question names by path or by its `area:` prefix.
    pub files: Vec<u32>,
    /// Code-shaped words and literals nothing in the workspace holds: named in the pack,
    /// never silently searched around.
    pub missing: Vec<String>,
    /// Code-shaped words no definition is named after: the grep lane probes them verbatim.
    pub unnamed: Vec<String>,
}

/// Looks every code-shaped word of the question up; `keep` says which definitions may
/// be seeds.
pub(super) fn lookup(
    index: &Index,
    question: &Question,
    keep: impl Fn(&SymbolId) -> bool,
) -> Named {
    let postings = index.postings();
    let mut named = Named::default();
    for ident in &question.identifiers {
        let mut hits: Vec<SymbolId> = index.find(ident).iter().map(|h| h.id).collect();
        if hits.is_empty() {
            let last = ident.rsplit(['.', ':']).next().unwrap_or(ident);
            let files = files_named(index, ident);
            if !files.is_empty() {
                named.files.extend(files);
                continue;
            }
            let mut near: Vec<SymbolId> = postings.named_ignoring_case(last).to_vec();
            if near.is_empty() {
                // No definition of that name: the word may still be in the code (a local,
                // a field, a key). The lexical lane scores its terms; it is named as
                // missing only if no line holds it verbatim. Past the probes' cap it is
                // not probed, so it is not named missing either: nothing was checked.
                if question.literals.len() + named.unnamed.len() < question::MAX_LITERALS {
                    named.unnamed.push(ident.clone());
                }
            }
            near.retain(&keep);
            if near.len() <= MAX_NAME_HITS {
                named.loose.extend(near);
            }
            continue;
        }
        hits.retain(&keep);
        if hits.len() <= MAX_NAME_HITS {
            named.exact.extend(hits);
        }
    }
    if let Some(area) = &question.area {
        named.files.extend(files_in_area(index, area));
    }
    named
}

/// Files the question names: an exact root-relative path, a path suffix (`args.rs`,
/// `src/args.rs`) or a directory prefix.
fn files_named(index: &Index, ident: &str) -> Vec<u32> {
    let name = ident.trim_start_matches("./");
    if !name.contains('/') && !name.contains('.') {
        return Vec::new();
    }
    let dir = format!("{}/", name.trim_end_matches('/'));
    let suffix = format!("/{name}");
    index
        .files()
        .iter()
        .enumerate()
        .filter(|(_, f)| f.path == name || f.path.ends_with(&suffix) || f.path.starts_with(&dir))
        .map(|(i, _)| i as u32)
        .take(MAX_NAME_HITS)
        .collect()
}

/// Files in an area the question's `area:` prefix names: a directory or file stem of
/// that name anywhere in the path.
fn files_in_area(index: &Index, area: &str) -> Vec<u32> {
    index
        .files()
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.path.split('/').any(|segment| {
                let stem = segment.split('.').next().unwrap_or(segment);
                stem.eq_ignore_ascii_case(area)
            })
        })
        .map(|(i, _)| i as u32)
        .collect()
}
