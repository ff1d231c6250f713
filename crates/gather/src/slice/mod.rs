//! Explicit slices: `{path, symbol?, line_hint?, lines?, head_lines?}` requests turned into
//! the exact text of the lines they name. Files are read fresh from disk (once per
//! request) and parsed only when a symbol or a line must be found in them, so slicing
//! never needs a whole-workspace index. A request that cannot be met
//! still yields a slice with `found: false` and a reason; only a path outside the root
//! fails the whole call. `spec` reads a slice from its spelling (`path:START-END`, a
//! front end's flags), `fit` keeps slices to a budget.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::sync::Arc;

use crate::confined::Root;
use crate::error::{Error, ErrorCode, Result};
use crate::index::texts::{Text, Texts};
use crate::index::{similar_names, split_line_suffix, split_qualified, Symbol, SymbolKind};
use crate::lines::{Line, LineRange};
use crate::{parse, workspace};

pub mod fit;
pub mod spec;

pub use fit::{fit_slices, BudgetReport, Fitted};

/// The most slices one call may ask for.
pub const MAX_SLICES: usize = 256;

/// The most text, in bytes, the slices of one call may hold together, and the most its
/// files may hold: far past any budget, so a call that asks for many large files, or one
/// large file many times, cannot grow without bound.
pub const MAX_TOTAL_BYTES: usize = 32 << 20;

/// One explicit request.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SliceRequest {
    /// File, relative to the root (or absolute inside it).
    pub path: String,
    /// A symbol in the file: a name or a qualified name.
    pub symbol: Option<String>,
    /// A line: picks among same-named symbols, or alone, the symbol containing it.
    pub line_hint: Option<Line>,
    /// An explicit line range.
    pub lines: Option<LineRange>,
    /// Lines shown from the top for a bare path or a fallback (default 40).
    pub head_lines: Option<u32>,
}

/// One resulting slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slice {
    /// Root-relative path.
    pub file: String,
    /// The symbol shown (qualified name), if the slice is a definition.
    pub symbol: Option<String>,
    /// The symbol's kind.
    pub kind: Option<SymbolKind>,
    /// First line shown (0 when nothing is shown).
    pub line_start: Line,
    /// Last line shown (0 when nothing is shown).
    pub line_end: Line,
    /// The exact text of those lines.
    pub content: String,
    /// Whether the request was met as asked.
    pub found: bool,
    /// Why not, when `found` is false.
    pub reason: Option<String>,
    /// Something the reader should know (other definitions of the same name).
    pub note: Option<String>,
    /// The request as a spec (`path`, `path:symbol`, `path:symbol@LINE`, `path:LINE` or
    /// `path:START-END`), which names a slice that shows nothing.
    pub request: String,
}

/// `requests` without repeats (the first of equal requests keeps its place): the same
/// slice asked twice is shown once.
pub fn dedup(requests: Vec<SliceRequest>) -> Vec<SliceRequest> {
    let mut seen = std::collections::HashSet::new();
    requests
        .into_iter()
        .filter(|r| seen.insert(r.clone()))
        .collect()
}

/// Cuts every request out of the workspace at `root`, in request order. Files are read
/// through `root` (no link followed, special files refused, at most its size limit).
pub fn assemble(root: &Root, requests: &[SliceRequest]) -> Result<Vec<Slice>> {
    assemble_from(&Texts::new(root), requests)
}

/// [`assemble`] with the files read through `texts`, the store the rest of a request
/// reads from. A line range needs no parse of its file; a symbol or a line in a file the
/// index holds unchanged is looked up in the index's definitions.
pub fn assemble_from(texts: &Texts, requests: &[SliceRequest]) -> Result<Vec<Slice>> {
    let resolved = checked(texts.root(), requests)?;
    let mut files: HashMap<String, std::result::Result<Loaded, String>> = HashMap::new();
    let mut out = Vec::with_capacity(requests.len());
    let mut total_bytes = 0usize;
    let mut read_bytes = 0usize;
    for (request, resolved) in requests.iter().zip(resolved) {
        let loaded = files.entry(resolved.rel.clone()).or_insert_with(|| {
            if read_bytes >= MAX_TOTAL_BYTES {
                return Err(format!(
                    "the files before it already hold {read_bytes} bytes and one call reads at most {MAX_TOTAL_BYTES}: ask for fewer files"
                ));
            }
            let loaded = texts.read(&resolved.rel).map(|text| Loaded {
                text,
                symbols: OnceCell::new(),
            });
            if let Ok(loaded) = &loaded {
                read_bytes += loaded.text.text().len();
            }
            loaded
        });
        let slice = match loaded {
            Ok(loaded) => {
                let symbols = || loaded.symbols(texts, &resolved.rel);
                let mut slice = cut(request, &resolved.rel, &loaded.text, symbols);
                if total_bytes + slice.content.len() <= MAX_TOTAL_BYTES {
                    total_bytes += slice.content.len();
                } else {
                    slice.content = String::new();
                    slice.line_start = 0;
                    slice.line_end = 0;
                    slice.found = false;
                    slice.reason = Some(format!(
                        "the slices before it already hold {total_bytes} bytes and one call holds at most {MAX_TOTAL_BYTES}: ask for fewer lines"
                    ));
                }
                slice
            }
            Err(reason) => unreadable(request, &resolved.rel, reason),
        };
        out.push(Slice {
            request: spelled(&slice.file, request),
            ..slice
        });
    }
    Ok(out)
}

/// The requests' paths resolved under `root`, or the error that refuses the whole call
/// before anything is read: too many slices, a malformed name, a path outside the root.
fn checked(root: &Root, requests: &[SliceRequest]) -> Result<Vec<workspace::Resolved>> {
    if requests.len() > MAX_SLICES {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!(
                "{} slices asked for; one call takes at most {MAX_SLICES}: split the request",
                requests.len()
            ),
        ));
    }
    for name in requests.iter().filter_map(|r| r.symbol.as_deref()) {
        crate::index::check_name(name)?;
    }
    // Paths are checked against the root's path: it must still name the open root.
    root.check_in_place()?;
    requests
        .iter()
        .map(|r| workspace::resolve(root.path(), &r.path))
        .collect()
}

/// The slice of a file that could not be read, saying why.
fn unreadable(request: &SliceRequest, rel: &str, reason: &str) -> Slice {
    Slice {
        // The root itself has no relative path.
        file: if rel.is_empty() {
            ".".to_string()
        } else {
            rel.to_string()
        },
        symbol: request.symbol.clone(),
        kind: None,
        line_start: 0,
        line_end: 0,
        content: String::new(),
        found: false,
        reason: Some(reason.to_string()),
        note: None,
        request: String::new(),
    }
}

/// `request` spelled as a spec of the file `rel`.
fn spelled(rel: &str, request: &SliceRequest) -> String {
    match (&request.symbol, request.lines, request.line_hint) {
        (Some(symbol), _, Some(hint)) if !symbol.contains('@') => format!("{rel}:{symbol}@{hint}"),
        (Some(symbol), _, _) => format!("{rel}:{symbol}"),
        (None, Some(lines), _) => format!("{rel}:{lines}"),
        (None, None, Some(hint)) => format!("{rel}:{hint}"),
        (None, None, None) => rel.to_string(),
    }
}

/// One file's text, and its definitions once a request needs them.
struct Loaded<'t> {
    text: Arc<Text>,
    symbols: OnceCell<Cow<'t, [Symbol]>>,
}

impl<'t> Loaded<'t> {
    /// The file's definitions: the index's when it holds this very text, else parsed.
    fn symbols(&self, texts: &Texts<'t>, rel: &str) -> &[Symbol] {
        self.symbols.get_or_init(|| {
            let indexed = (texts.index().and_then(|index| index.file(rel)))
                .filter(|f| f.status.is_indexed() && f.hash == self.text.hash());
            match indexed {
                Some(record) => Cow::Borrowed(&record.symbols[..]),
                None => Cow::Owned(parse::file(rel, self.text.text()).symbols),
            }
        })
    }
}

/// One file's text, for cutting one request out of it.
struct Cutter<'t> {
    rel: &'t str,
    text: &'t Text,
    n_lines: Line,
    /// Lines shown around a line hint outside every definition (half on each side).
    head_lines: u32,
    /// The file's first lines: what a bare path or a fallback shows.
    head: LineRange,
}

impl Cutter<'_> {
    /// Shows `range` (clamped to the file) in `slice`.
    fn show(&self, slice: &mut Slice, range: LineRange) {
        let n_lines = self.n_lines;
        if n_lines == 0 {
            return;
        }
        let range = LineRange::new(range.start.clamp(1, n_lines), range.end.clamp(1, n_lines));
        slice.line_start = range.start;
        slice.line_end = range.end;
        slice.content = self.text.slice(range).to_string();
    }
}

fn cut<'s>(
    request: &SliceRequest,
    rel: &str,
    text: &Text,
    symbols: impl FnOnce() -> &'s [Symbol],
) -> Slice {
    let n_lines = text.n_lines();
    let head_lines = request
        .head_lines
        .unwrap_or(crate::defaults::Defaults::HEAD_LINES)
        .max(1);
    let head = LineRange::new(1, head_lines.min(n_lines.max(1)));
    let cutter = Cutter {
        rel,
        text,
        n_lines,
        head_lines,
        head,
    };
    let mut slice = Slice {
        file: rel.to_string(),
        symbol: None,
        kind: None,
        line_start: 0,
        line_end: 0,
        content: String::new(),
        found: true,
        reason: None,
        note: None,
        request: String::new(),
    };
    if let Some(full_name) = &request.symbol {
        by_symbol(&cutter, request, full_name, symbols(), &mut slice);
    } else if let Some(range) = request.lines {
        by_lines(&cutter, range, &mut slice);
    } else if let Some(hint) = request.line_hint {
        by_line(&cutter, hint, symbols(), &mut slice);
    } else {
        cutter.show(&mut slice, head);
    }
    slice
}

/// A definition by name (`Type.method@LINE` is the exact form re-requests use); nothing
/// is shown when the file has none of that name.
fn by_symbol(
    cutter: &Cutter,
    request: &SliceRequest,
    full_name: &str,
    symbols: &[Symbol],
    slice: &mut Slice,
) {
    let rel = cutter.rel;
    let (name, suffix) = split_line_suffix(full_name);
    let line_hint = request.line_hint.or(suffix);
    let name = &name.to_string();
    let matches = matching(symbols, name);
    if matches.is_empty() {
        slice.found = false;
        slice.symbol = Some(name.clone());
        let mut similar = similar_names(symbols, name);
        similar.sort();
        similar.dedup();
        similar.truncate(5);
        // Nothing is shown: the file's first lines under the symbol's name would pass
        // for its definition.
        slice.reason = Some(if similar.is_empty() {
            format!("symbol {name} not found in {rel}")
        } else {
            format!(
                "symbol {name} not found in {rel} (similar: {})",
                similar.join(", ")
            )
        });
        return;
    }
    // The nearest definition to the line, the innermost when several contain it (as
    // `Index::locate` chooses).
    let chosen = match line_hint {
        Some(hint) => *matches
            .iter()
            .min_by_key(|s| (s.full_range().distance_to(hint), s.full_range().len()))
            .expect("not empty"),
        None => matches[0],
    };
    let others: Vec<String> = matches
        .iter()
        .filter(|s| !std::ptr::eq(**s, chosen))
        .map(|s| s.full_range().to_string())
        .collect();
    // A line chose among them: the others are not what was asked about.
    if !others.is_empty() && line_hint.is_none() {
        slice.note = Some(format!(
            "{name} is also defined at lines {}; name one as {name}@LINE with its first line",
            others.join(", ")
        ));
    }
    slice.symbol = Some(chosen.qualified_name.clone());
    slice.kind = Some(chosen.kind);
    cutter.show(slice, chosen.full_range());
}

/// An explicit range; one past the end shows the file's first lines instead.
fn by_lines(cutter: &Cutter, range: LineRange, slice: &mut Slice) {
    let (rel, n_lines, head) = (cutter.rel, cutter.n_lines, cutter.head);
    if range.start > n_lines {
        slice.found = false;
        slice.reason = Some(format!(
            "lines {range} are past the end of {rel} ({n_lines} lines); showing the first {} lines",
            head.len()
        ));
        cutter.show(slice, head);
    } else {
        if range.end > n_lines {
            slice.note = Some(format!("{rel} has {n_lines} lines; range cut at the end"));
        }
        cutter.show(slice, range);
    }
}

/// The innermost definition holding line `hint`, or the lines around it.
fn by_line(cutter: &Cutter, hint: Line, symbols: &[Symbol], slice: &mut Slice) {
    let (rel, n_lines, head) = (cutter.rel, cutter.n_lines, cutter.head);
    if hint == 0 || hint > n_lines {
        slice.found = false;
        slice.reason = Some(format!(
            "line {hint} is outside {rel} ({n_lines} lines); showing the first {} lines",
            head.len()
        ));
        cutter.show(slice, head);
        return;
    }
    let innermost = symbols
        .iter()
        .filter(|s| s.full_range().contains(hint))
        .min_by_key(|s| s.full_range().len());
    match innermost {
        Some(symbol) => {
            slice.symbol = Some(symbol.qualified_name.clone());
            slice.kind = Some(symbol.kind);
            cutter.show(slice, symbol.full_range());
        }
        None => {
            let half = cutter.head_lines / 2;
            cutter.show(
                slice,
                LineRange::new(hint.saturating_sub(half).max(1), hint + half),
            );
        }
    }
}

/// Symbols named `name`, or whose qualified name ends with its segments.
fn matching<'s>(symbols: &'s [Symbol], name: &str) -> Vec<&'s Symbol> {
    let segments = split_qualified(name);
    symbols
        .iter()
        .filter(|s| {
            if segments.len() <= 1 {
                return s.name == name.trim();
            }
            let have = split_qualified(&s.qualified_name);
            have.len() >= segments.len() && have[have.len() - segments.len()..] == *segments
        })
        .collect()
}
