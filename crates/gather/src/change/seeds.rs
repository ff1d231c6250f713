//! A diff's changed lines → the definitions that hold them. Each hunk is first checked
//! against the workspace (its context and added lines must be the file's lines where the
//! hunk puts them); a hunk that does not match is named, not guessed at. The lines a
//! matching hunk touches on the new side (added lines, and the lines around a removal) are
//! lifted to their innermost definition; removed lines that held a definition the file no
//! longer has name a deleted definition, found by parsing the hunk's old side.

use crate::change::diff::{Diff, FileDiff, Hunk, LineKind};
use crate::change::notes::{ChangeNotes, Rename, StaleHunk};
use crate::error::Result;
use crate::index::texts::{Text, Texts};
use crate::index::{Index, SymbolId};
use crate::lines::{FileRange, Line, LineRange, NamedRange};
use crate::record::{FileRecord, FileStatus};

/// What a diff touches in the workspace.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// The definitions holding changed lines: files in diff order, innermost first within
    /// a file, then by line.
    pub seeds: Vec<SymbolId>,
    /// The new-side lines the diff touches, per path, ascending: its added lines, and the
    /// lines on either side of a removal inside a definition.
    pub changed: Vec<(String, Vec<Line>)>,
    /// Runs of added lines outside every definition (imports, top-level statements).
    pub outside: Vec<FileRange>,
    /// What the diff names that shows no code.
    pub notes: ChangeNotes,
}

/// Maps `diff` onto `index` (the workspace as it is now, read through `texts`). A path
/// outside the root is `outside_root`, checked for every file before any is read.
pub fn seeds(index: &Index, texts: &Texts, diff: &Diff) -> Result<Found> {
    let confined = (diff.files.iter())
        .map(|file| confine(index, file))
        .collect::<Result<Vec<_>>>()?;
    let mut found = Found::default();
    for (file, (old, new)) in diff.files.iter().zip(confined) {
        if file.is_binary {
            let path = new.or(old).unwrap_or_default();
            found.notes.binary.push(path);
            continue;
        }
        match new {
            None => deleted_file(file, old.unwrap_or_default(), &mut found.notes),
            Some(new) => changed_file(index, texts, file, old, new, &mut found),
        }
    }
    let mut seen = std::collections::HashSet::new();
    found.seeds.retain(|id| seen.insert(*id));
    let notes = &mut found.notes;
    notes.no_code =
        found.seeds.is_empty() && found.outside.is_empty() && !notes.not_code.is_empty();
    Ok(found)
}

/// The file's two paths, root-relative, each checked against the root.
fn confine(index: &Index, file: &FileDiff) -> Result<(Option<String>, Option<String>)> {
    let rel = |path: &Option<String>| {
        (path.as_deref())
            .map(|p| crate::workspace::resolve(index.root(), p).map(|r| r.rel))
            .transpose()
    };
    Ok((rel(&file.old_path)?, rel(&file.new_path)?))
}

/// Whether a file of this status holds definitions (or could: code without any).
fn is_code(status: &FileStatus) -> bool {
    matches!(
        status,
        FileStatus::Parsed | FileStatus::ParsedWithErrors | FileStatus::Heuristic
    )
}

/// A deleted file: every definition its old side held is deleted.
fn deleted_file(file: &FileDiff, old: String, notes: &mut ChangeNotes) {
    let mut is_code = false;
    for hunk in &file.hunks {
        is_code |= deleted_in(&old, hunk, None, notes);
    }
    if is_code {
        notes.deleted_files.push(old);
    } else {
        notes.not_code.push(old);
    }
}

/// A file on the new side: its hunks checked, their lines lifted to definitions.
fn changed_file(
    index: &Index,
    texts: &Texts,
    file: &FileDiff,
    old: Option<String>,
    new: String,
    found: &mut Found,
) {
    if file.hunks.is_empty() {
        if let (true, Some(old)) = (file.is_rename, old) {
            found.notes.renamed.push(Rename { from: old, to: new });
        }
        return;
    }
    let text = match texts.read(&new) {
        Ok(text) => text,
        Err(reason) => {
            let reason = format!("the file cannot be read ({reason})");
            found
                .notes
                .stale_hunks
                .push(StaleHunk { hunk: new, reason });
            return;
        }
    };
    let (Some(record), Some(file_idx)) = (index.file(&new), index.file_idx(&new)) else {
        found.notes.not_code.push(new);
        return;
    };
    if !is_code(&record.status) {
        found.notes.not_code.push(new);
        return;
    }
    let old_path = old.as_deref().unwrap_or(&new);
    let mut touched = Touched::default();
    for hunk in &file.hunks {
        if let Some(reason) = mismatch(hunk, &text) {
            let label = format!("{new}{}", hunk.label());
            found.notes.stale_hunks.push(StaleHunk {
                hunk: label,
                reason: reason.to_string(),
            });
            continue;
        }
        let before = found.notes.deleted.len();
        deleted_in(old_path, hunk, Some(record), &mut found.notes);
        touched.add(hunk, &found.notes.deleted[before..], text.n_lines());
    }
    touched.lift(record, &text, file_idx, &new, found);
}

/// Why `hunk`'s new side is not the file's text where it puts it, if it is not.
fn mismatch(hunk: &Hunk, text: &Text) -> Option<&'static str> {
    for (_, new, line) in hunk.numbered() {
        let Some(new) = new else { continue };
        if new > text.n_lines() {
            return Some("past the end of the file");
        }
        if text.line(new).trim_end_matches('\r') != line.text.trim_end_matches('\r') {
            return Some(match line.kind {
                LineKind::Context => "context does not match",
                _ => "added lines do not match",
            });
        }
    }
    None
}

/// Names the definitions whose name line `hunk` removes and that `record` (the new side;
/// none for a deleted file) no longer defines; returns whether the old side is code.
fn deleted_in(
    old_path: &str,
    hunk: &Hunk,
    record: Option<&FileRecord>,
    notes: &mut ChangeNotes,
) -> bool {
    if !hunk.lines.iter().any(|l| l.kind == LineKind::Removed) {
        return true;
    }
    // The hunk's old side is a piece of the old file, numbered from its first line.
    let old_lines: Vec<(Line, LineKind, &str)> = (hunk.numbered())
        .filter_map(|(old, _, line)| Some((old?, line.kind, line.text.as_str())))
        .collect();
    let Some(&(first, _, _)) = old_lines.first() else {
        return true;
    };
    let mut fragment = String::new();
    for (_, _, text) in &old_lines {
        fragment.push_str(text);
        fragment.push('\n');
    }
    let parsed = crate::parse::file(old_path, &fragment);
    let still_defined =
        |name: &str| record.is_some_and(|r| r.symbols.iter().any(|s| s.name == name));
    let mut deleted: Vec<bool> = Vec::with_capacity(parsed.symbols.len());
    for symbol in &parsed.symbols {
        let removed = old_lines
            .get(symbol.name_line.saturating_sub(1) as usize)
            .is_some_and(|&(_, kind, _)| kind == LineKind::Removed);
        let is_deleted = removed && !still_defined(&symbol.name);
        // A deleted type is named once, not with each of its members.
        let parent_deleted = symbol
            .parent
            .is_some_and(|p| deleted.get(p as usize) == Some(&true));
        deleted.push(is_deleted);
        if is_deleted && !parent_deleted {
            let range = symbol.full_range();
            let at = |l: Line| first + l.saturating_sub(1);
            let old_range = LineRange::new(at(range.start), at(range.end));
            notes.deleted.push(NamedRange {
                path: old_path.to_string(),
                name: symbol.qualified_name.clone(),
                range: old_range,
            });
        }
    }
    is_code(&parsed.status)
}

/// The new-side lines one file's hunks touch.
#[derive(Default)]
struct Touched {
    /// Added lines.
    added: Vec<Line>,
    /// Removals inside the file: the new-side lines before and after each.
    removals: Vec<(Line, Line)>,
}

impl Touched {
    /// Adds `hunk`'s lines; a removal that deleted one of `deleted` is that deletion,
    /// not a change of the definitions around it.
    fn add(&mut self, hunk: &Hunk, deleted: &[NamedRange], n_lines: Line) {
        let mut removed_run: Option<LineRange> = None;
        let mut next_new = if hunk.new_len == 0 {
            hunk.new_start + 1
        } else {
            hunk.new_start
        };
        let close_run = |run: &mut Option<LineRange>, next_new: Line, removals: &mut Vec<_>| {
            if let Some(run) = run.take() {
                let is_deletion = deleted
                    .iter()
                    .any(|d| d.range.start >= run.start && d.range.start <= run.end);
                if !is_deletion {
                    removals.push((next_new.saturating_sub(1), next_new.min(n_lines.max(1))));
                }
            }
        };
        for (old, new, line) in hunk.numbered() {
            match (line.kind, old, new) {
                (LineKind::Removed, Some(old), _) => {
                    let run = removed_run.get_or_insert(LineRange::new(old, old));
                    run.end = old;
                }
                // Removed lines replaced by added ones are that change: the added lines
                // stand for them.
                (LineKind::Added, _, Some(new)) => {
                    removed_run = None;
                    self.added.push(new);
                    next_new = new + 1;
                }
                (_, _, Some(new)) => {
                    close_run(&mut removed_run, new, &mut self.removals);
                    next_new = new + 1;
                }
                _ => {}
            }
        }
        close_run(&mut removed_run, next_new, &mut self.removals);
    }

    /// Lifts the touched lines to `record`'s innermost definitions (file `file_idx`).
    fn lift(self, record: &FileRecord, text: &Text, file_idx: u32, path: &str, found: &mut Found) {
        let mut lines: Vec<Line> = Vec::new();
        // (depth, first line, symbol index) of each definition touched.
        let mut touched: Vec<(usize, Line, u32)> = Vec::new();
        let mut touch = |idx: u32, line: Line, lines: &mut Vec<Line>| {
            lines.push(line);
            if !touched.iter().any(|t| t.2 == idx) {
                touched.push((depth(record, idx), line, idx));
            }
        };
        let mut outside: Vec<Line> = Vec::new();
        for &line in &self.added {
            match innermost(record, line) {
                Some(idx) => touch(idx, line, &mut lines),
                // A blank line between definitions is no change worth a reader's line.
                None if text.line(line).trim().is_empty() => {}
                None => {
                    lines.push(line);
                    outside.push(line);
                }
            }
        }
        for &(before, after) in &self.removals {
            // A removal belongs to the definition it was inside: the one holding the line
            // above it, else the one holding the line below.
            let owner = (before >= 1).then(|| innermost(record, before)).flatten();
            let owner = owner.or_else(|| innermost(record, after));
            if let Some(idx) = owner {
                let range = record.symbols[idx as usize].full_range();
                for line in [before, after].into_iter().filter(|&l| range.contains(l)) {
                    touch(idx, line, &mut lines);
                }
            }
        }
        touched.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        found
            .seeds
            .extend(touched.iter().map(|&(_, _, idx)| SymbolId {
                file: file_idx,
                idx,
            }));
        outside.sort_unstable();
        outside.dedup();
        for line in outside {
            match found.outside.last_mut() {
                Some(run) if run.path == path && run.range.end + 1 == line => run.range.end = line,
                _ => found.outside.push(FileRange {
                    path: path.to_string(),
                    range: LineRange::new(line, line),
                }),
            }
        }
        lines.sort_unstable();
        lines.dedup();
        if !lines.is_empty() {
            found.changed.push((path.to_string(), lines));
        }
    }
}

/// The smallest definition of `record` holding `line` (its doc comment counts).
fn innermost(record: &FileRecord, line: Line) -> Option<u32> {
    let mut best: Option<(u32, u32)> = None;
    for (idx, symbol) in record.symbols.iter().enumerate() {
        let range = symbol.full_range();
        // Ties go to the later (inner) definition: parents come first.
        if range.contains(line) && best.is_none_or(|(_, len)| range.len() <= len) {
            best = Some((idx as u32, range.len()));
        }
    }
    best.map(|(idx, _)| idx)
}

/// How many definitions enclose definition `idx`.
fn depth(record: &FileRecord, idx: u32) -> usize {
    let mut depth = 0;
    let mut at = record.symbols[idx as usize].parent;
    while let Some(parent) = at {
        depth += 1;
        at = record.symbols.get(parent as usize).and_then(|s| s.parent);
        if depth > record.symbols.len() {
            break;
        }
    }
    depth
}
