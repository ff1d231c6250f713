//! The grep lane: quoted text from the question (an error message, a log line, a rare
//! literal) found verbatim, ignoring ASCII case, in the indexed files. Each line hit is
//! lifted to the innermost definition that contains it; a hit outside every definition
//! stays a `path:line` hit so it can be shown rather than dropped.

use aho_corasick::AhoCorasick;
use rayon::prelude::*;

use crate::index::texts::Texts;
use crate::index::words::FileWords;
use crate::index::{Index, SymbolId};
use crate::lines::Line;

/// Hits kept per literal, so a literal found everywhere cannot flood the seeds.
const MAX_HITS_PER_LITERAL: usize = 20;
/// The automaton holds each needle's first bytes only, and a hit on a longer needle is
/// confirmed whole: its size grows with every byte of the needles, and a pasted literal can
/// be megabytes long.
const SEARCHED_PREFIX: usize = 64;

/// Where a literal was found.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hit {
    /// Inside a definition.
    Symbol(SymbolId),
    /// Outside every definition: the file and line.
    Line(String, Line),
}

/// Finds each of `literals` in the indexed files; hits in file order, then line order,
/// each literal's hits capped. Test code is skipped unless `include_tests`. Also returns
/// which of `literals` and then `probes` (by position in the two lists
/// joined) occur nowhere, test code included. Probes are only looked for: they give no
/// hits. With `words`, only the files that may hold a needle are read.
pub(crate) fn search_noting_missing(
    index: &Index,
    texts: &Texts,
    words: Option<&FileWords>,
    literals: &[String],
    probes: &[String],
    include_tests: bool,
) -> (Vec<Hit>, Vec<usize>) {
    if literals.is_empty() && probes.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let needles: Vec<&str> = literals.iter().chain(probes).map(String::as_str).collect();
    let Some(needles) = Needles::new(&needles) else {
        return (Vec::new(), Vec::new());
    };
    let may_hold = words.and_then(|words| may_hold_any(words, &needles.whole, index));
    // Per file: (literal, line) pairs.
    let per_file: Vec<Vec<(usize, Line)>> = index
        .files()
        .par_iter()
        .enumerate()
        .map(|(file_idx, file)| {
            if !file.status.is_indexed() || may_hold.as_ref().is_some_and(|m| !m[file_idx]) {
                return Vec::new();
            }
            match texts.get(&file.path) {
                Some(text) => needles.find_in(text.text().as_bytes(), literals.len()),
                None => Vec::new(),
            }
        })
        .collect();
    let mut per_literal: Vec<Vec<Hit>> = vec![Vec::new(); literals.len()];
    let mut anywhere = vec![false; needles.whole.len()];
    for (file_idx, found) in per_file.into_iter().enumerate() {
        for (n, line) in found {
            anywhere[n] = true;
            if n >= literals.len() || per_literal[n].len() >= MAX_HITS_PER_LITERAL {
                continue;
            }
            if let Some(hit) = lift(index, file_idx, line, include_tests) {
                if !per_literal[n].contains(&hit) {
                    per_literal[n].push(hit);
                }
            }
        }
    }
    let missing = (0..needles.whole.len()).filter(|&n| !anywhere[n]).collect();
    (interleave(&per_literal), missing)
}

/// The files that may hold one of `needles`; `None` when every file may.
fn may_hold_any(words: &FileWords, needles: &[Vec<u8>], index: &Index) -> Option<Vec<bool>> {
    let n_files = index.files().len();
    let mut any = vec![false; n_files];
    for needle in needles {
        let this = words.may_hold(std::str::from_utf8(needle).ok()?, n_files)?;
        for (a, b) in any.iter_mut().zip(this) {
            *a |= b;
        }
    }
    Some(any)
}

/// What the lane looks for: every needle at once, ignoring ASCII case.
struct Needles {
    /// Each needle's first [`SEARCHED_PREFIX`] bytes.
    searcher: AhoCorasick,
    whole: Vec<Vec<u8>>,
}

impl Needles {
    /// `None` only if the automaton cannot be built, which the prefix cap rules out.
    fn new(needles: &[&str]) -> Option<Needles> {
        let prefixes = needles
            .iter()
            .map(|n| &n.as_bytes()[..n.len().min(SEARCHED_PREFIX)]);
        let searcher = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(prefixes)
            .ok()?;
        let whole = needles.iter().map(|n| n.as_bytes().to_vec()).collect();
        Some(Needles { searcher, whole })
    }

    /// Each needle's hits in one file's bytes, as (needle, line) pairs in needle order,
    /// then line order. A needle at or past `probes_from` is a probe, found once. One pass
    /// over the file for every needle, without a lowered copy of it.
    fn find_in(&self, bytes: &[u8], probes_from: usize) -> Vec<(usize, Line)> {
        // Most files hold no needle: a search that stops at the first match uses the
        // automaton's prefilter and skips them fast; only the rest are read for every match.
        if !self.searcher.is_match(bytes) {
            return Vec::new();
        }
        // Every occurrence of every needle, overlaps included, by where it starts.
        let mut at: Vec<(usize, usize)> = Vec::new();
        let mut probed = vec![false; self.whole.len()];
        for found in self.searcher.find_overlapping_iter(bytes) {
            let n = found.pattern().as_usize();
            let needle = &self.whole[n];
            let is_whole = needle.len() <= SEARCHED_PREFIX
                || (bytes.get(found.start()..found.start() + needle.len()))
                    .is_some_and(|text| text.eq_ignore_ascii_case(needle));
            if !is_whole || (n >= probes_from && std::mem::replace(&mut probed[n], true)) {
                continue;
            }
            at.push((found.start(), n));
        }
        at.sort_unstable();
        // Lines are counted as the offsets rise, so many hits in one big file cost one pass.
        let (mut counted_to, mut line) = (0, 1);
        let mut found: Vec<(usize, Line)> = Vec::with_capacity(at.len());
        for (offset, n) in at {
            line += memchr::memchr_iter(b'\n', &bytes[counted_to..offset]).count();
            counted_to = offset;
            found.push((n, line as Line));
        }
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// A hit at `line` of the file at `file_idx`, lifted to the innermost definition holding
/// it; `None` when it is in test code and tests are left out.
fn lift(index: &Index, file_idx: usize, line: Line, include_tests: bool) -> Option<Hit> {
    let file = &index.files()[file_idx];
    let innermost = file
        .symbols
        .iter()
        .enumerate()
        .filter(|(_, s)| s.full_range().contains(line))
        .min_by_key(|(_, s)| s.range.len());
    match innermost {
        Some((idx, symbol)) => {
            (include_tests || !symbol.is_test).then_some(Hit::Symbol(SymbolId {
                file: file_idx as u32,
                idx: idx as u32,
            }))
        }
        None => (include_tests || !crate::parse::is_test_path(&file.path))
            .then(|| Hit::Line(file.path.clone(), line)),
    }
}

/// The literals' hits interleaved, so each one's best hits come early; a hit two
/// literals share is listed once.
fn interleave(per_literal: &[Vec<Hit>]) -> Vec<Hit> {
    let mut out: Vec<Hit> = Vec::new();
    let longest = per_literal.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..longest {
        for hits in per_literal {
            if let Some(hit) = hits.get(i) {
                if !out.contains(hit) {
                    out.push(hit.clone());
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(index: &Index, literals: &[String], include_tests: bool) -> Vec<Hit> {
        search_noting_missing(index, &Texts::of(index), None, literals, &[], include_tests).0
    }

    #[test]
    fn hits_lift_to_the_innermost_definition_or_stay_a_line() {
        let (_dir, index) = crate::index::index_of(&[(
            "app.py",
            "print('Connection Reset by peer')\n\nclass Client:\n    def send(self):\n        raise Error('connection reset by peer')\n",
        )]);
        let hits = search(&index, &["connection reset by peer".to_string()], false);
        assert_eq!(hits.len(), 2);
        assert_eq!(hits[0], Hit::Line("app.py".into(), 1));
        let Hit::Symbol(id) = hits[1] else {
            panic!("second hit should be in a definition: {hits:?}")
        };
        assert_eq!(index.symbol(id).symbol.qualified_name, "Client.send");
    }

    #[test]
    fn each_needle_is_found_on_its_lines_whatever_its_case_and_overlaps() {
        let text = b"Reset the Connection\nconnection RESET by peer\nreset\n";
        let needles = Needles::new(&["connection reset", "reset"]).unwrap();
        // "reset" inside "connection RESET" counts for both needles.
        assert_eq!(needles.find_in(text, 2), [(0, 2), (1, 1), (1, 2), (1, 3)]);
        assert_eq!(
            needles.find_in(text, 1),
            [(0, 2), (1, 1)],
            "a probe is found once"
        );
    }

    #[test]
    fn a_needle_longer_than_the_searched_prefix_is_found_only_whole() {
        let long = format!("{} tail", "x".repeat(SEARCHED_PREFIX));
        let text = format!(
            "{} other\n{}\n",
            "X".repeat(SEARCHED_PREFIX),
            long.to_uppercase()
        );
        let needles = Needles::new(&[long.as_str()]).unwrap();
        assert_eq!(needles.find_in(text.as_bytes(), 1), [(0, 2)]);
    }

    #[test]
    fn the_files_words_rule_out_files_without_changing_what_is_found() {
        let (_dir, index) = crate::index::index_of(&[
            (
                "a.py",
                "def connect():\n    raise IOError('Connection reset by peer')\n",
            ),
            ("b.py", "def reset():\n    return 'reset connections'\n"),
            ("c.txt", "The connection was reset.\n"),
            ("d.py", "def other():\n    return 1\n"),
        ]);
        let postings = index.postings();
        let literals = ["connection RESET by".to_string(), "-m".to_string()];
        let probes = ["onnectio".to_string(), "absent_name".to_string()];
        // d.py holds none of the words; "-m" names no word, so every file is read for it.
        for (literals, probes, read) in [
            (&literals[..1], &probes[..], 3),
            (&literals[..], &probes[..], 4),
            (&[][..], &probes[1..], 0),
        ] {
            let all = Texts::of(&index);
            let some = Texts::of(&index);
            let without = search_noting_missing(&index, &all, None, literals, probes, true);
            let with = search_noting_missing(
                &index,
                &some,
                Some(postings.file_words()),
                literals,
                probes,
                true,
            );
            assert_eq!(with, without, "{literals:?} {probes:?}");
            assert_eq!((some.reads(), all.reads()), (read, 4));
        }
    }

    #[test]
    fn test_files_are_skipped_unless_asked_for() {
        let (_dir, index) = crate::index::index_of(&[("tests/test_a.py", "X = 'boom here'\n")]);
        assert!(search(&index, &["boom here".to_string()], false).is_empty());
        assert_eq!(search(&index, &["boom here".to_string()], true).len(), 1);
    }
}
