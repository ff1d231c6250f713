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

/// Looks every code-shaped word of the question up, then the files its `area:` prefix
/// names; `keep` says which definitions may be seeds.
pub(super) fn lookup(
    index: &Index,
    question: &Question,
    keep: impl Fn(&SymbolId) -> bool,
) -> Named {
    let room = question::MAX_LITERALS.saturating_sub(question.literals.len());
    let mut named = lookup_names(index, &question.identifiers, room, keep);
    if let Some(area) = &question.area {
        named.files.extend(files_in_area(index, area));
    }
    named
}

/// Looks each of `identifiers` up; at most `probe_room` of those no definition is named
/// after are kept for the grep lane to probe.
pub(super) fn lookup_names(
    index: &Index,
    identifiers: &[String],
    probe_room: usize,
    keep: impl Fn(&SymbolId) -> bool,
) -> Named {
    let postings = index.postings();
    let mut named = Named::default();
    for ident in identifiers {
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
                if named.unnamed.len() < probe_room {
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

/// The workspace definitions stack frames name, innermost frame first, each with the
/// file and line the frame points at (shown as evidence). A frame counts only when its
/// file is in the workspace: the longest tail of its path that a workspace file ends
/// with, of at least two components, or of one when the frame printed no directory or
/// the file sits at the workspace's root, and the frame's function is defined in it (a
/// library's `json/decoder.py` is not the workspace's `shop/decoder.py`). Then the function of that
/// name nearest the line, or without a name the innermost definition holding the line.
pub(super) fn frame_targets(
    index: &Index,
    frames: &[super::frames::Frame],
    keep: impl Fn(&SymbolId) -> bool,
) -> Vec<(SymbolId, Option<crate::lines::Line>)> {
    if frames.is_empty() {
        return Vec::new();
    }
    let mut by_name: rustc_hash::FxHashMap<&str, Vec<u32>> = Default::default();
    for (i, file) in index.files().iter().enumerate() {
        let name = file.path.rsplit('/').next().unwrap_or(&file.path);
        by_name.entry(name).or_default().push(i as u32);
    }
    let mut out: Vec<(SymbolId, Option<crate::lines::Line>)> = Vec::new();
    for frame in frames {
        let components: Vec<&str> = frame
            .path
            .split('/')
            .filter(|c| !c.is_empty() && *c != "." && *c != "~")
            .collect();
        let Some(name) = components.last() else {
            continue;
        };
        let Some(candidates) = by_name.get(name) else {
            continue;
        };
        // How many trailing components each candidate shares with the frame's path.
        let shared = |file: u32| {
            let path: Vec<&str> = index.files()[file as usize].path.split('/').collect();
            path.iter()
                .rev()
                .zip(components.iter().rev())
                .take_while(|(a, b)| a == b)
                .count()
        };
        let shares: Vec<(u32, usize)> = candidates.iter().map(|&f| (f, shared(f))).collect();
        let best = shares.iter().map(|&(_, n)| n).max().unwrap_or(0);
        let files: Vec<u32> = (shares.iter())
            .filter(|&&(_, n)| n == best)
            .map(|&(f, _)| f)
            .collect();
        if files.len() > 1 && best < 2 {
            continue;
        }
        for file in files {
            // One shared component is the file's name alone: enough when the frame
            // printed no directory, or the workspace file sits at the root (and defines
            // the frame's function); not when the directories differ.
            let root_level = !index.files()[file as usize].path.contains('/');
            if best < 2 && components.len() > 1 && !root_level {
                continue;
            }
            if let Some(id) = frame_definition(index, file, frame, best >= 2) {
                if keep(&id) && !out.iter().any(|(o, _)| *o == id) {
                    out.push((id, frame.line));
                }
            }
        }
    }
    out
}

/// The definition of `file` a frame points at: its function nearest the line, or (when
/// `by_line` allows it and no function is named) the innermost definition holding it.
fn frame_definition(
    index: &Index,
    file: u32,
    frame: &super::frames::Frame,
    by_line: bool,
) -> Option<SymbolId> {
    let record = &index.files()[file as usize];
    let id = |idx: usize| SymbolId {
        file,
        idx: idx as u32,
    };
    let line = frame.line.unwrap_or(0);
    let distance = |r: crate::lines::LineRange| {
        if r.contains(line) {
            0
        } else {
            r.start.abs_diff(line).min(r.end.abs_diff(line))
        }
    };
    if let Some(function) = &frame.function {
        let named = (record.symbols.iter().enumerate())
            .filter(|(_, s)| s.name == *function)
            .min_by_key(|(_, s)| (distance(s.range), s.range.len()));
        if let Some((idx, _)) = named {
            return Some(id(idx));
        }
        if !by_line {
            return None;
        }
    }
    frame.line?;
    (record.symbols.iter().enumerate())
        .filter(|(_, s)| s.range.contains(line) && s.kind != crate::index::SymbolKind::Module)
        .min_by_key(|(_, s)| s.range.len())
        .map(|(idx, _)| id(idx))
}
