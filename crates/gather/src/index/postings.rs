//! Postings for lexical search: every definition is a document with four fields, and each
//! term maps to the documents that hold it with a count per field. Built on first use from
//! the files on disk (question mode is the only reader), in parallel, and kept with the
//! index.
//!
//! Fields, from most to least telling:
//! - `name`: the sub-words of the definition's own name;
//! - `scope`: the sub-words of its parents' names and of its file's path;
//! - `doc`: its leading doc comment;
//! - `body`: every word on the lines it owns (identifiers, string literals, comments).
//!   A line belongs to the innermost definition that contains it, so a class owns its
//!   header and fields and each method owns its own lines.

use rustc_hash::FxHashMap as HashMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::texts::Texts;
use super::words::{self, FileWords};
use super::{FileRecord, Index, SymbolId};
use crate::lines::{LineRange, LineTable};
use crate::terms;

/// Number of fields.
pub(crate) const N_FIELDS: usize = 4;

/// The fields of a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    /// The definition's own name.
    Name = 0,
    /// Its parents' names and its file's path.
    Scope = 1,
    /// Its leading doc comment.
    Doc = 2,
    /// The lines it owns.
    Body = 3,
}

/// One document holding a term: the document and the term's count in each field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Posting {
    /// Document number (see [`Postings::doc`]).
    pub doc: u32,
    /// Occurrences per field.
    pub tf: [u16; N_FIELDS],
}

/// The lexical postings of an index.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Postings {
    pub(super) docs: Vec<SymbolId>,
    pub(super) lens: Vec<[u32; N_FIELDS]>,
    pub(super) avg_len: [f32; N_FIELDS],
    pub(super) terms: HashMap<String, Vec<Posting>>,
    /// Lower-cased definition names, for case-insensitive identifier lookup.
    pub(super) lower_names: HashMap<String, Vec<SymbolId>>,
    /// Which files hold which words, all lines of every indexed file (see [`FileWords`]).
    pub(super) file_words: FileWords,
    /// Some file read for these postings was not the text the index holds (it changed on
    /// disk since, or could not be read): good enough for this answer, never stored.
    #[serde(skip)]
    pub(super) read_changed: bool,
}

impl Postings {
    /// Whether a file's text on disk differed from the index while these were built, so
    /// they must not be stored under the index's content hash.
    pub fn read_changed(&self) -> bool {
        self.read_changed
    }

    /// Number of documents.
    pub fn n_docs(&self) -> usize {
        self.docs.len()
    }

    /// The definition document `doc` stands for.
    pub fn doc(&self, doc: u32) -> SymbolId {
        self.docs[doc as usize]
    }

    /// The document standing for `id`, if it has one (documents are stored in
    /// definition order, so a binary search finds it).
    pub fn doc_of(&self, id: SymbolId) -> Option<u32> {
        self.docs.binary_search(&id).ok().map(|d| d as u32)
    }

    /// Field lengths (in terms) of document `doc`.
    pub fn lens(&self, doc: u32) -> [u32; N_FIELDS] {
        self.lens[doc as usize]
    }

    /// Average field lengths over all documents.
    pub(crate) fn avg_len(&self) -> [f32; N_FIELDS] {
        self.avg_len
    }

    /// The documents holding `term` (a stemmed sub-word), by document number.
    pub fn get(&self, term: &str) -> &[Posting] {
        self.terms.get(term).map_or(&[], Vec::as_slice)
    }

    /// Which files may hold a piece of text.
    pub fn file_words(&self) -> &FileWords {
        &self.file_words
    }

    /// Whether every document names a definition of `index` (a check on postings read
    /// back from disk before they are trusted).
    pub fn fits(&self, index: &Index) -> bool {
        self.lens.len() == self.docs.len()
            && self.file_words.fits(index.files().len())
            && self
                .docs
                .iter()
                .chain(self.lower_names.values().flatten())
                .all(|id| {
                    index
                        .files()
                        .get(id.file as usize)
                        .is_some_and(|f| (id.idx as usize) < f.symbols.len())
                })
            && self
                .terms
                .values()
                .flatten()
                .all(|p| (p.doc as usize) < self.docs.len())
    }

    /// Definitions whose name equals `name` ignoring ASCII case.
    pub(crate) fn named_ignoring_case(&self, name: &str) -> &[SymbolId] {
        self.lower_names
            .get(&name.to_ascii_lowercase())
            .map_or(&[], Vec::as_slice)
    }
}

/// Term counts of one document.
pub(super) type Counts = HashMap<String, [u16; N_FIELDS]>;

/// The terms of each distinct word met so far in a file: identifiers repeat, and splitting
/// and stemming each occurrence again would dominate the build.
type WordTerms = HashMap<String, Vec<String>>;

fn add(counts: &mut Counts, words: &mut WordTerms, field: Field, text: &str) -> u32 {
    let mut n = 0;
    terms::words(text, |word| {
        if !words.contains_key(word) {
            let mut split = Vec::new();
            terms::word_terms_and_whole(word, |t| split.push(t));
            words.insert(word.to_string(), split);
        }
        for t in &words[word] {
            let tf = match counts.get_mut(t.as_str()) {
                Some(tf) => tf,
                None => counts.entry(t.clone()).or_insert([0; N_FIELDS]),
            };
            tf[field as usize] = tf[field as usize].saturating_add(1);
            // A field's length counts its sub-words only: the whole-identifier terms
            // repeat them.
            if !terms::is_compound(t) {
                n += 1;
            }
        }
    });
    n
}

/// The documents of one file: (symbol index, field lengths, term counts).
pub(super) type FileDocs = Vec<(u32, [u32; N_FIELDS], Counts)>;

/// What one file gives the postings: its documents, its distinct words, and whether its
/// text on disk is the one the index holds.
pub(super) struct FileTerms {
    pub(super) docs: FileDocs,
    pub(super) words: words::Words,
    pub(super) same: bool,
}

pub(super) fn file_terms(texts: &Texts, file: &FileRecord) -> FileTerms {
    if !file.status.is_indexed() {
        return FileTerms {
            docs: Vec::new(),
            words: words::Words::default(),
            same: true,
        };
    }
    let text = texts.get(&file.path);
    let same = text.as_ref().is_some_and(|t| !t.is_stale());
    FileTerms {
        docs: file_docs(text.as_deref().map_or("", |t| t.text()), file),
        words: text.map_or_else(words::Words::default, |t| words::words_of(t.text())),
        same,
    }
}

/// The documents of one file of text `text`.
fn file_docs(text: &str, file: &FileRecord) -> FileDocs {
    if file.symbols.is_empty() {
        return Vec::new();
    }
    let table = LineTable::new(text);
    let n_lines = table.n_lines();
    // Each line's innermost owner: symbols come parents first, so children overwrite.
    let mut owner: Vec<Option<u32>> = vec![None; n_lines as usize + 1];
    for (idx, symbol) in file.symbols.iter().enumerate() {
        let range = symbol.range;
        for line in range.start.max(1)..=range.end.min(n_lines) {
            owner[line as usize] = Some(idx as u32);
        }
    }
    let path_text = file.path.replace(['/', '.', '-'], " ");
    let method_words = file
        .language
        .as_deref()
        .and_then(gather_languages::by_id)
        .map_or(&[][..], |spec| spec.method_words);
    let mut words = WordTerms::default();
    file.symbols
        .iter()
        .enumerate()
        .map(|(idx, symbol)| {
            let mut counts = Counts::default();
            let mut lens = [0; N_FIELDS];
            lens[Field::Name as usize] = add(&mut counts, &mut words, Field::Name, &symbol.name);
            // `__eq__` is also named by what it does: "equality comparison".
            if let Some((_, said)) = method_words.iter().find(|(name, _)| *name == symbol.name) {
                lens[Field::Name as usize] += add(&mut counts, &mut words, Field::Name, said);
            }
            let parents = symbol
                .qualified_name
                .strip_suffix(symbol.name.as_str())
                .unwrap_or("");
            lens[Field::Scope as usize] = add(&mut counts, &mut words, Field::Scope, parents)
                + add(&mut counts, &mut words, Field::Scope, &path_text);
            let doc = symbol.doc.unwrap_or(LineRange::new(0, 0));
            if doc.start > 0 && n_lines > 0 {
                lens[Field::Doc as usize] =
                    add(&mut counts, &mut words, Field::Doc, table.slice(doc));
            }
            let mut body = 0;
            for line in symbol.range.start.max(1)..=symbol.range.end.min(n_lines) {
                if owner[line as usize] == Some(idx as u32) && !doc.contains(line) {
                    body += add(&mut counts, &mut words, Field::Body, table.line(line));
                }
            }
            lens[Field::Body as usize] = body;
            (idx as u32, lens, counts)
        })
        .collect()
}

/// Builds the postings of `index` from the files of `texts`.
pub fn build(index: &Index, texts: &Texts) -> Postings {
    let per_file: Vec<FileTerms> = index
        .files()
        .par_iter()
        .map(|file| file_terms(texts, file))
        .collect();
    let mut postings = Postings::default();
    let mut totals = [0f64; N_FIELDS];
    let mut file_words = Vec::with_capacity(per_file.len());
    for (file_idx, FileTerms { docs, words, same }) in per_file.into_iter().enumerate() {
        postings.read_changed |= !same;
        file_words.push(words);
        for (idx, lens, counts) in docs {
            let doc = postings.docs.len() as u32;
            let id = SymbolId {
                file: file_idx as u32,
                idx,
            };
            postings.docs.push(id);
            postings.lens.push(lens);
            for (total, len) in totals.iter_mut().zip(lens) {
                *total += len as f64;
            }
            // Sorted so the posting lists, and every score summed over them, come out
            // the same on every run.
            let mut counts: Vec<(String, [u16; N_FIELDS])> = counts.into_iter().collect();
            counts.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            for (term, tf) in counts {
                postings
                    .terms
                    .entry(term)
                    .or_default()
                    .push(Posting { doc, tf });
            }
            let name = &index.symbol(id).symbol.name;
            postings
                .lower_names
                .entry(name.to_ascii_lowercase())
                .or_default()
                .push(id);
        }
    }
    postings.file_words = FileWords::from_files(&file_words);
    postings.set_avg_len(totals);
    postings
}

impl Postings {
    /// The average field lengths from `totals`, the lengths of every document summed in
    /// document order.
    pub(super) fn set_avg_len(&mut self, totals: [f64; N_FIELDS]) {
        let n = self.docs.len().max(1) as f64;
        for (avg, total) in self.avg_len.iter_mut().zip(totals) {
            *avg = ((total / n) as f32).max(1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_belong_to_the_innermost_definition_and_fields_are_counted_apart() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("retry.py"),
            "class RetryPolicy:\n    limit = 3\n\n    def backoff_delay(self, attempt):\n        \"\"\"Delay before the next attempt.\"\"\"\n        return jitter(attempt) * 2\n",
        )
        .unwrap();
        let index = crate::index::build(dir.path()).unwrap();
        let postings = build(&index, &Texts::of(&index));
        assert_eq!(postings.n_docs(), 2);
        let class = postings.get(&terms::stem("policy"));
        assert_eq!(class.len(), 2, "the class by name, the method by scope");
        let jitter = postings.get(&terms::stem("jitter"));
        assert_eq!(jitter.len(), 1);
        let method = index.symbol(postings.doc(jitter[0].doc)).symbol;
        assert_eq!(method.name, "backoff_delay");
        assert_eq!(jitter[0].tf, [0, 0, 0, 1]);
        let limit = postings.get(&terms::stem("limit"));
        let owner = index.symbol(postings.doc(limit[0].doc)).symbol;
        assert_eq!(
            owner.name, "RetryPolicy",
            "class lines outside methods are the class's"
        );
        let delay = postings.get(&terms::stem("delay"));
        assert_eq!(delay.len(), 1);
        assert!(delay[0].tf[Field::Name as usize] == 1);
        assert_eq!(postings.named_ignoring_case("retrypolicy").len(), 1);
    }
}
