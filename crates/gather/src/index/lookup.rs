//! Finding definitions by name: plain or qualified lookups, the one definition a request
//! names, and the near misses an unknown name is answered with.

use super::{Index, SymbolId, SymbolRef};
use crate::error::{Error, ErrorCode, Result};
use crate::lines::{Line, NamedRange};
use crate::record::Symbol;
use crate::workspace::Scope;

/// The longest part of a name a request may give (between `.` or `::`), in bytes: far past
/// any real identifier, and short enough that comparing it with every name in the index
/// stays cheap.
pub const MAX_NAME_PART_BYTES: usize = 1024;

/// The most parts a qualified name may have: past any nesting the parsers keep.
pub const MAX_NAME_PARTS: usize = 256;

/// `invalid_request` for a name with a part past [`MAX_NAME_PART_BYTES`] or more than
/// [`MAX_NAME_PARTS`] parts (the name itself is not echoed).
pub fn check_name(name: &str) -> Result<()> {
    let (mut parts, mut longest) = (0usize, 0usize);
    for part in segments(name) {
        parts += 1;
        longest = longest.max(part.len());
    }
    if longest > MAX_NAME_PART_BYTES || parts > MAX_NAME_PARTS {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!(
                "a name is at most {MAX_NAME_PARTS} parts (joined by . or ::) of at most {MAX_NAME_PART_BYTES} bytes each; this one has {parts} parts, the longest {longest} bytes: send a definition's name"
            ),
        ));
    }
    Ok(())
}

impl Index {
    /// Every definition matching `name`, in (path, line) order. A plain name matches
    /// symbol names; a qualified name (`Client.send`, `mod::f`) matches symbols whose
    /// qualified name ends with the same segments, whatever the separator.
    pub fn find(&self, name: &str) -> Vec<SymbolRef<'_>> {
        if check_name(name).is_err() {
            return Vec::new();
        }
        self.find_checked(name)
    }

    /// [`Index::find`] for a name [`check_name`] has passed.
    fn find_checked(&self, name: &str) -> Vec<SymbolRef<'_>> {
        let segments = split_qualified(name);
        let Some(last) = segments.last() else {
            return Vec::new();
        };
        let Some(ids) = self.by_name.get(*last) else {
            return Vec::new();
        };
        let mut out: Vec<SymbolRef> = ids
            .iter()
            .map(|&id| self.symbol(id))
            .filter(|s| {
                segments.len() == 1 || ends_with_segments(&s.symbol.qualified_name, &segments)
            })
            .collect();
        out.sort_by(|a, b| {
            (&a.file.path, a.symbol.range.start).cmp(&(&b.file.path, b.symbol.range.start))
        });
        out
    }

    /// Ids of every definition whose plain name is `name`, in (path, line) order.
    pub fn ids_named(&self, name: &str) -> &[SymbolId] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// Index of a root-relative path in [`Index::files`].
    pub fn file_idx(&self, path: &str) -> Option<u32> {
        self.by_path.get(path).copied()
    }

    /// The one definition a request names: `name` (plain or qualified) in `path` when given,
    /// `line` (any line of the definition) choosing among same-named ones. A name that is
    /// not there is `not_found` with the nearest candidates; an ambiguous one without a path
    /// is `invalid_request` listing them.
    pub fn locate(&self, name: &str, path: Option<&str>, line: Option<Line>) -> Result<SymbolId> {
        check_name(name)?;
        let all = self.find_checked(name);
        let Some(path) = path else {
            return match all.len() {
                0 => Err(Error::new(
                    ErrorCode::NotFound,
                    format!("no definition named {name}{}", similar_hint(self, name)),
                )),
                1 => Ok(all[0].id),
                _ => Err(Error::new(
                    ErrorCode::InvalidRequest,
                    format!(
                        "{name} is defined {} times; add a path: {}",
                        all.len(),
                        list_places(&all)
                    ),
                )),
            };
        };
        let in_file: Vec<&SymbolRef> = all.iter().filter(|s| s.file.path == path).collect();
        if in_file.is_empty() {
            let elsewhere = if all.is_empty() {
                String::new()
            } else {
                format!("; defined in {}", list_places(&all))
            };
            return Err(Error::new(
                ErrorCode::NotFound,
                format!(
                    "no definition named {name} in {path}{elsewhere}{}",
                    similar_hint_in(self, name, path)
                ),
            ));
        }
        let chosen = match line {
            Some(line) => in_file
                .iter()
                .min_by_key(|s| {
                    let r = s.symbol.full_range();
                    (r.distance_to(line), r.len())
                })
                .expect("not empty"),
            None => in_file[0],
        };
        Ok(chosen.id)
    }

    /// Every definition in a root-relative path, in line order.
    pub fn find_in_file(&self, path: &str) -> Vec<SymbolRef<'_>> {
        let Some(&file_idx) = self.by_path.get(path) else {
            return Vec::new();
        };
        let file = &self.files[file_idx as usize];
        (0..file.symbols.len())
            .map(|idx| {
                self.symbol(SymbolId {
                    file: file_idx,
                    idx: idx as u32,
                })
            })
            .collect()
    }
}

impl Index {
    /// The definition a `symbol [path] [line]` request names (the name may end in `@LINE`);
    /// the path is checked against the root first. With a path and no line, a name defined
    /// several times in that file is answered with its first definition and the others are
    /// returned, to be named in the pack (the command line and MCP answer alike). With a
    /// scope and no path, the name is looked for under the scope alone; `None` when the
    /// definition lies outside the scope.
    pub fn locate_request(
        &self,
        (name, path, line): (&str, Option<&str>, Option<Line>),
        scope: Option<&Scope>,
    ) -> Result<Option<(SymbolId, Vec<NamedRange>)>> {
        let (name, suffix) = split_line_suffix(name);
        let line = match (line, suffix) {
            (Some(a), Some(b)) if a != b => {
                return Err(Error::new(
                    ErrorCode::InvalidRequest,
                    format!("the symbol names line {b} and line names {a}: send one of them"),
                ))
            }
            (a, b) => a.or(b),
        };
        let mut path = path.map(str::to_string);
        if let (Some(scope), None) = (scope, &path) {
            match file_under(self, name, scope)? {
                Under::Nowhere => {}
                Under::OutsideOnly => return Ok(None),
                Under::File(file) => path = Some(file),
            }
        }
        let (chosen, path) = self.locate_path(name, path.as_deref(), line)?;
        if scope.is_some_and(|scope| !scope.contains(&self.symbol(chosen).file.path)) {
            return Ok(None);
        }
        let mut others = Vec::new();
        if let (Some(path), None) = (&path, line) {
            for other in self.find(name) {
                if other.id != chosen && &other.file.path == path {
                    others.push(NamedRange {
                        path: path.clone(),
                        name: other.symbol.qualified_name.clone(),
                        range: other.symbol.full_range(),
                    });
                }
            }
        }
        Ok(Some((chosen, others)))
    }

    /// The definition `name` (plain or qualified) names, choosing by `line` among
    /// same-named ones; `path`, as the caller wrote it, is checked against the root first
    /// and returned root-relative.
    pub fn locate_path(
        &self,
        name: &str,
        path: Option<&str>,
        line: Option<Line>,
    ) -> Result<(SymbolId, Option<String>)> {
        let path = match path {
            Some(p) => Some(crate::workspace::resolve(self.root(), p)?.rel),
            None => None,
        };
        Ok((self.locate(name, path.as_deref(), line)?, path))
    }
}

/// Where the definitions of `name` lie with respect to a scope.
enum Under {
    /// No definition anywhere: the lookup names it not found.
    Nowhere,
    /// Definitions, none under the scope.
    OutsideOnly,
    /// The one file under the scope that defines it.
    File(String),
}

/// The file under `scope` that defines `name`; several such files is `invalid_request`
/// naming them, as an ambiguous name without a scope is.
fn file_under(index: &Index, name: &str, scope: &Scope) -> Result<Under> {
    let all = index.find(name);
    let under: Vec<_> = (all.iter())
        .filter(|s| scope.contains(&s.file.path))
        .copied()
        .collect();
    let mut files: Vec<&str> = under.iter().map(|s| s.file.path.as_str()).collect();
    files.sort_unstable();
    files.dedup();
    match files.as_slice() {
        [] if all.is_empty() => Ok(Under::Nowhere),
        [] => Ok(Under::OutsideOnly),
        [file] => Ok(Under::File(file.to_string())),
        _ => Err(Error::new(
            ErrorCode::InvalidRequest,
            format!(
                "{name} is defined {} times under the scope {}; add a path: {}",
                under.len(),
                scope.shown(),
                list_places(&under)
            ),
        )),
    }
}

pub(crate) fn list_places(hits: &[SymbolRef]) -> String {
    let mut places: Vec<String> = hits
        .iter()
        .take(8)
        .map(|h| {
            format!(
                "{}:{} ({})",
                h.file.path, h.symbol.range, h.symbol.qualified_name
            )
        })
        .collect();
    if hits.len() > 8 {
        places.push(format!("and {} more", hits.len() - 8));
    }
    places.join(", ")
}

fn similar_hint(index: &Index, name: &str) -> String {
    let wanted = split_qualified(name)
        .last()
        .map(|s| s.to_lowercase())
        .unwrap_or_default();
    let mut similar: Vec<&str> = index
        .by_name
        .keys()
        .filter(|k| {
            let k = k.to_lowercase();
            wanted.len() >= 3 && (k.contains(&wanted) || wanted.contains(&k) && k.len() >= 3)
        })
        .map(String::as_str)
        .collect();
    similar.sort_unstable();
    hint("similar names", similar)
}

fn similar_hint_in(index: &Index, name: &str, path: &str) -> String {
    let symbols: Vec<&Symbol> = index.find_in_file(path).iter().map(|s| s.symbol).collect();
    let mut similar = similar_names(symbols, name);
    similar.dedup();
    hint(&format!("similar in {path}"), similar)
}

/// `; LABEL: a, b, …` naming the first six of `names`; nothing when there are none.
fn hint<S: AsRef<str>>(label: &str, mut names: Vec<S>) -> String {
    names.truncate(6);
    if names.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
        format!("; {label}: {}", names.join(", "))
    }
}

/// Qualified names of `symbols` whose name contains the last segment of `name`, or is
/// contained in it (three letters at least), in the order given; case is ignored.
pub(crate) fn similar_names<'s>(
    symbols: impl IntoIterator<Item = &'s Symbol>,
    name: &str,
) -> Vec<String> {
    let wanted = split_qualified(name)
        .last()
        .map(|s| s.to_lowercase())
        .unwrap_or_default();
    symbols
        .into_iter()
        .filter(|s| {
            let have = s.name.to_lowercase();
            !wanted.is_empty()
                && (have.contains(&wanted) || wanted.contains(&have) && have.len() >= 3)
        })
        .map(|s| s.qualified_name.clone())
        .collect()
}

/// `name@LINE` → (`name`, `LINE`): a definition named with the line its range starts at,
/// the exact form re-requests use (unique among overloads and same-named methods). A name
/// without that suffix comes back whole.
pub(crate) fn split_line_suffix(name: &str) -> (&str, Option<Line>) {
    let trimmed = name.trim();
    if let Some((head, tail)) = trimmed.rsplit_once('@') {
        let digits = !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit());
        if digits && !head.trim().is_empty() {
            if let Ok(line) = tail.parse::<Line>() {
                return (head.trim(), Some(line));
            }
        }
    }
    (name, None)
}

/// Splits `a.b::c` into its segments: `a`, `b` and `c`.
pub(crate) fn split_qualified(name: &str) -> Vec<&str> {
    segments(name).collect()
}

/// The segments of `a.b::c`, without collecting them (a name may be megabytes long).
fn segments(name: &str) -> impl Iterator<Item = &str> {
    name.split("::")
        .flat_map(|part| part.split('.'))
        .filter(|s| !s.is_empty())
}

fn ends_with_segments(qualified: &str, segments: &[&str]) -> bool {
    let have = split_qualified(qualified);
    have.len() >= segments.len() && have[have.len() - segments.len()..] == *segments
}
