//! Which files may hold a piece of text: every indexed file's distinct words (runs of ASCII
//! letters, digits and `_`, lower-cased), inverted. Built with the postings, from the same
//! texts, and stored with them; the grep lane reads only the files that can hold one of its
//! needles instead of every file of the workspace.
//!
//! The test is a necessary condition, never a sufficient one: a file it names is still
//! searched, and a file it rules out cannot hold the needle whatever its case. A run of
//! word characters inside a needle, with a non-word character on both sides, must be a
//! whole word of the file; a run at the needle's start or end need only be part of one.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// Longer runs (hashes, encoded blobs) are not recorded, and a needle's run as long says
/// nothing about a file.
const MAX_WORD: usize = 64;
/// A run at a needle's edge shorter than this is part of a word in nearly every file: it
/// is not looked up.
const MIN_PART: usize = 3;

/// The words of every indexed file, inverted: word → the files holding it.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FileWords {
    /// Every distinct word, sorted, each followed by a newline, so one scan finds every
    /// word holding a part.
    vocab: String,
    /// Where each word starts in `vocab`.
    starts: Vec<u32>,
    /// Word `w`'s files are `files[ends[w - 1]..ends[w]]` (from 0 for the first), ascending.
    ends: Vec<u32>,
    files: Vec<u32>,
}

/// The distinct words of `files` (file number → its words), sorted, each with the files
/// holding it in the order they come: sorting each distinct word once costs far less than
/// sorting every (word, file) pair.
fn inverted<'w>(files: impl Iterator<Item = (u32, &'w Words)>) -> Vec<(&'w [u8], Vec<u32>)> {
    let mut ids: FxHashMap<&[u8], usize> = FxHashMap::default();
    let mut lists: Vec<(&[u8], Vec<u32>)> = Vec::new();
    for (file, words) in files {
        for word in words.iter() {
            let id = *ids.entry(word).or_insert_with(|| {
                lists.push((word, Vec::new()));
                lists.len() - 1
            });
            lists[id].1.push(file);
        }
    }
    lists.sort_unstable_by(|a, b| a.0.cmp(b.0));
    lists
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// One file's distinct recorded words, lower-cased, in no order: one buffer, not one
/// allocation a word.
#[derive(Debug, Default)]
pub(crate) struct Words {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl Words {
    fn iter(&self) -> impl Iterator<Item = &[u8]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(from, &to)| &self.bytes[from as usize..to as usize])
    }
}

/// The distinct recorded words of one file's text.
pub(crate) fn words_of(text: &str) -> Words {
    let lower = text.as_bytes().to_ascii_lowercase();
    let mut seen: rustc_hash::FxHashSet<&[u8]> = Default::default();
    for run in lower.split(|&b| !is_word_byte(b)) {
        if !run.is_empty() && run.len() <= MAX_WORD {
            seen.insert(run);
        }
    }
    let mut words = Words::default();
    for word in seen {
        words.bytes.extend_from_slice(word);
        words.ends.push(words.bytes.len() as u32);
    }
    words
}

impl FileWords {
    /// The inverted table of `per_file` (file index → its words).
    pub(crate) fn from_files(per_file: &[Words]) -> FileWords {
        let mut out = FileWords::default();
        let files = (per_file.iter().enumerate()).map(|(file, words)| (file as u32, words));
        for (word, mut list) in inverted(files) {
            out.push_word(word, &mut list);
        }
        out
    }

    /// The table of a tree where some files changed, without reading the others: each
    /// earlier file's entries move to its number now (`now_of`; `None`: gone or changed),
    /// and `fresh` adds the words of the files read again (file number now → its words).
    /// One merge of two sorted streams, equal to [`FileWords::from_files`] over every
    /// file's words.
    pub(crate) fn patched(&self, now_of: &[Option<u32>], fresh: &[(u32, Words)]) -> FileWords {
        let fresh = fresh.iter().map(|(file, words)| (*file, words));
        let mut added = inverted(fresh).into_iter().peekable();
        let mut earlier = (self.starts.iter().enumerate())
            .map(|(word, &start)| (self.word_at(start as usize), word))
            .peekable();
        let mut out = FileWords::default();
        let mut list: Vec<u32> = Vec::new();
        // Each step takes the smaller of the two streams' next words, from both where both
        // hold it.
        while let Some(word) = match (earlier.peek(), added.peek()) {
            (Some(&(a, _)), Some(&(b, _))) => Some(a.min(b)),
            (Some(&(a, _)), None) | (None, Some(&(a, _))) => Some(a),
            (None, None) => None,
        } {
            if let Some((_, at)) = earlier.next_if(|(w, _)| *w == word) {
                let moved = self.files_of(at).iter();
                list.extend(moved.filter_map(|&file| now_of.get(file as usize).copied().flatten()));
            }
            if let Some((_, files)) = added.next_if(|(w, _)| *w == word) {
                list.extend(files);
            }
            out.push_word(word, &mut list);
        }
        out
    }

    /// Whether every file number is below `n_files` and the tables agree (a check on a
    /// table read back from disk before it is trusted).
    pub(crate) fn fits(&self, n_files: usize) -> bool {
        self.starts.len() == self.ends.len()
            && self.starts.iter().all(|&s| (s as usize) < self.vocab.len())
            && self.starts.windows(2).all(|w| w[0] < w[1])
            && self.ends.windows(2).all(|w| w[0] <= w[1])
            && self
                .ends
                .last()
                .map_or(self.files.is_empty(), |&e| e as usize == self.files.len())
            && self.files.iter().all(|&f| (f as usize) < n_files)
    }

    /// Appends `word` with the files in `list` (emptied, sorted first), unless there are
    /// none. A list is one or two ascending runs, which a stable sort merges in one pass.
    fn push_word(&mut self, word: &[u8], list: &mut Vec<u32>) {
        if list.is_empty() {
            return;
        }
        list.sort();
        self.starts.push(self.vocab.len() as u32);
        // Words are ASCII: every byte is a letter, a digit or `_`.
        self.vocab.extend(word.iter().map(|&b| b as char));
        self.vocab.push('\n');
        self.files.append(list);
        self.ends.push(self.files.len() as u32);
    }

    fn files_of(&self, word: usize) -> &[u32] {
        let from = if word == 0 { 0 } else { self.ends[word - 1] };
        &self.files[from as usize..self.ends[word] as usize]
    }

    /// The word equal to `word`, if recorded.
    fn find(&self, word: &[u8]) -> Option<usize> {
        let at = self.starts.partition_point(|&s| {
            let stored = self.word_at(s as usize);
            stored < word
        });
        (at < self.starts.len() && self.word_at(self.starts[at] as usize) == word).then_some(at)
    }

    fn word_at(&self, start: usize) -> &[u8] {
        let rest = &self.vocab.as_bytes()[start..];
        let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        &rest[..end]
    }

    /// Marks in `into` the files holding a word that contains `part`.
    fn mark_containing(&self, part: &[u8], into: &mut [bool]) {
        let mut last = usize::MAX;
        for at in memchr::memmem::find_iter(self.vocab.as_bytes(), part) {
            let word = self.starts.partition_point(|&s| s as usize <= at) - 1;
            if word != last {
                last = word;
                for &f in self.files_of(word) {
                    into[f as usize] = true;
                }
            }
        }
    }

    /// The files (of `n_files`) that may hold `needle` ignoring ASCII case; `None` when
    /// its words rule out none.
    pub fn may_hold(&self, needle: &str, n_files: usize) -> Option<Vec<bool>> {
        let lower = needle.as_bytes().to_ascii_lowercase();
        let mut result: Option<Vec<bool>> = None;
        let mut from = 0;
        while from < lower.len() {
            if !is_word_byte(lower[from]) {
                from += 1;
                continue;
            }
            let end = lower[from..]
                .iter()
                .position(|&b| !is_word_byte(b))
                .map_or(lower.len(), |n| from + n);
            let run = &lower[from..end];
            let whole = from > 0 && end < lower.len();
            from = end;
            if run.len() > MAX_WORD || (!whole && run.len() < MIN_PART) {
                continue;
            }
            let mut here = vec![false; n_files];
            if whole {
                if let Some(word) = self.find(run) {
                    for &f in self.files_of(word) {
                        here[f as usize] = true;
                    }
                }
            } else {
                self.mark_containing(run, &mut here);
            }
            result = Some(match result {
                None => here,
                Some(mut so_far) => {
                    for (a, b) in so_far.iter_mut().zip(&here) {
                        *a &= *b;
                    }
                    so_far
                }
            });
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(texts: &[&str]) -> FileWords {
        FileWords::from_files(&texts.iter().map(|t| words_of(t)).collect::<Vec<_>>())
    }

    fn holders(words: &FileWords, needle: &str) -> Option<Vec<usize>> {
        words.may_hold(needle, 3).map(|set| {
            set.iter()
                .enumerate()
                .filter(|(_, &on)| on)
                .map(|(i, _)| i)
                .collect()
        })
    }

    #[test]
    fn a_patched_table_equals_one_built_from_every_file() {
        let before = [
            "alpha beta",
            "beta gamma",
            "zeta only here",
            "mid words",
            "omega",
        ];
        // File 1 changed, file 2 is gone, a new file sorts first and brings words that
        // sort before, between and after the earlier ones.
        let after = [
            "aardvark new",
            "alpha beta",
            "beta delta",
            "mid words",
            "omega",
            "zz",
        ];
        let now_of = [Some(1), None, None, Some(3), Some(4)];
        let fresh: Vec<(u32, Words)> = [0usize, 2, 5]
            .iter()
            .map(|&f| (f as u32, words_of(after[f])))
            .collect();
        let patched = table(&before).patched(&now_of, &fresh);
        assert_eq!(patched, table(&after));
        assert!(patched.fits(after.len()));
        assert_eq!(holders(&patched, "zeta"), Some(vec![]));
        assert_eq!(holders(&patched, "beta"), Some(vec![1, 2]));
    }

    #[test]
    fn inner_words_must_be_whole_and_edge_words_only_part_of_one() {
        let words = table(&[
            "raise ValueError('Invalid literal for int()')",
            "x = invalidated_literal_for",
            "for item in literals: pass",
        ]);
        assert!(words.fits(3));
        // "literal" sits between spaces: whole in file 0 only ("literals" is another word).
        assert_eq!(holders(&words, "invalid literal for"), Some(vec![0]));
        // At the edges a part will do: "alid" is inside "invalid" and "invalidated".
        assert_eq!(holders(&words, "alid"), Some(vec![0, 1]));
        assert_eq!(holders(&words, "ITEM IN"), Some(vec![2]));
        // Nothing to look up: every file may hold it.
        assert_eq!(holders(&words, "-m"), None);
        assert_eq!(holders(&words, "()"), None);
        assert_eq!(holders(&words, "absent_word"), Some(vec![]));
    }

    #[test]
    fn a_table_that_does_not_fit_the_files_is_refused() {
        let words = table(&["a b", "b c"]);
        assert!(words.fits(2));
        assert!(!words.fits(1));
    }
}
