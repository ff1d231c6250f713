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

/// Term counts of one document: each term's number in its file's [`FileTable`] and its
/// count per field, in the order the document first met them.
pub(super) type Counts = Vec<(u32, [u16; N_FIELDS])>;

/// The terms of one file, each numbered once: documents count terms by number, so a term
/// met in many definitions of a file is one string, not one per definition.
#[derive(Default)]
struct FileTable {
    /// Each term's number.
    ids: HashMap<String, u32>,
    /// The terms, by number.
    names: Vec<String>,
    /// Whether each term is a whole-identifier term (see [`terms::compound`]).
    compound: Vec<bool>,
    /// The term numbers of each distinct word met so far: identifiers repeat, and
    /// splitting and stemming each occurrence again would dominate the build.
    words: HashMap<String, Vec<u32>>,
}

impl FileTable {
    /// Numbers the terms of `word` (split and stemmed) the first time it is met.
    fn learn(&mut self, word: &str) {
        if !self.words.contains_key(word) {
            let mut ids = Vec::new();
            terms::word_terms_and_whole(word, |t| {
                let next = self.names.len() as u32;
                let id = *self.ids.entry(t).or_insert_with_key(|t| {
                    self.names.push(t.clone());
                    self.compound.push(terms::is_compound(t));
                    next
                });
                ids.push(id);
            });
            self.words.insert(word.to_string(), ids);
        }
    }
}

/// One document's counts while it is read: a count per term number, and the numbers met.
#[derive(Default)]
struct Tally {
    tf: Vec<[u16; N_FIELDS]>,
    met: Vec<u32>,
}

impl Tally {
    /// The counts so far, in the order the terms were met; the tally starts over.
    fn take(&mut self) -> Counts {
        let counts = (self.met.iter())
            .map(|&id| (id, std::mem::take(&mut self.tf[id as usize])))
            .collect();
        self.met.clear();
        counts
    }
}

fn add(known: &mut FileTable, tally: &mut Tally, field: Field, text: &str) -> u32 {
    let mut n = 0;
    terms::words(text, |word| {
        known.learn(word);
        for &id in &known.words[word] {
            let at = id as usize;
            if tally.tf.len() <= at {
                tally.tf.resize(at + 1, [0; N_FIELDS]);
            }
            let tf = &mut tally.tf[at];
            if *tf == [0; N_FIELDS] {
                tally.met.push(id);
            }
            tf[field as usize] = tf[field as usize].saturating_add(1);
            // A field's length counts its sub-words only: the whole-identifier terms
            // repeat them.
            if !known.compound[at] {
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
    /// The terms the documents' counts number.
    pub(super) terms: Vec<String>,
    pub(super) words: words::Words,
    pub(super) same: bool,
}

pub(super) fn file_terms(texts: &Texts, file: &FileRecord) -> FileTerms {
    if !file.status.is_indexed() {
        return FileTerms {
            docs: Vec::new(),
            terms: Vec::new(),
            words: words::Words::default(),
            same: true,
        };
    }
    let text = texts.get(&file.path);
    let same = text.as_ref().is_some_and(|t| !t.is_stale());
    let (docs, terms) = file_docs(text.as_deref().map_or("", |t| t.text()), file);
    FileTerms {
        docs,
        terms,
        words: text.map_or_else(words::Words::default, |t| words::words_of(t.text())),
        same,
    }
}

/// The documents of one file of text `text`, and the terms their counts number.
fn file_docs(text: &str, file: &FileRecord) -> (FileDocs, Vec<String>) {
    if file.symbols.is_empty() {
        return (Vec::new(), Vec::new());
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
    let mut known = FileTable::default();
    let mut tally = Tally::default();
    let docs = (file.symbols.iter().enumerate())
        .map(|(idx, symbol)| {
            let mut lens = [0; N_FIELDS];
            lens[Field::Name as usize] = add(&mut known, &mut tally, Field::Name, &symbol.name);
            // `__eq__` is also named by what it does: "equality comparison".
            if let Some((_, said)) = method_words.iter().find(|(name, _)| *name == symbol.name) {
                lens[Field::Name as usize] += add(&mut known, &mut tally, Field::Name, said);
            }
            let parents = symbol
                .qualified_name
                .strip_suffix(symbol.name.as_str())
                .unwrap_or("");
            lens[Field::Scope as usize] = add(&mut known, &mut tally, Field::Scope, parents)
                + add(&mut known, &mut tally, Field::Scope, &path_text);
            let doc = symbol.doc.unwrap_or(LineRange::new(0, 0));
            if doc.start > 0 && n_lines > 0 {
                lens[Field::Doc as usize] =
                    add(&mut known, &mut tally, Field::Doc, table.slice(doc));
            }
            let mut body = 0;
            for line in symbol.range.start.max(1)..=symbol.range.end.min(n_lines) {
                if owner[line as usize] == Some(idx as u32) && !doc.contains(line) {
                    body += add(&mut known, &mut tally, Field::Body, table.line(line));
                }
            }
            lens[Field::Body as usize] = body;
            (idx as u32, lens, tally.take())
        })
        .collect();
    (docs, known.names)
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
    for (file_idx, file) in per_file.into_iter().enumerate() {
        let FileTerms {
            docs,
            terms,
            words,
            same,
        } = file;
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
            add_counts(&mut postings.terms, doc, &counts, &terms);
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

/// Adds one document's `counts` (terms numbered in `names`) to the posting lists; each
/// list grows in document order, whatever order a document's terms come in.
fn add_counts(
    lists: &mut HashMap<String, Vec<Posting>>,
    doc: u32,
    counts: &Counts,
    names: &[String],
) {
    for &(id, tf) in counts {
        let term = &names[id as usize];
        match lists.get_mut(term) {
            Some(list) => list.push(Posting { doc, tf }),
            None => {
                lists.insert(term.clone(), vec![Posting { doc, tf }]);
            }
        }
    }
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

    /// The index and postings of a workspace holding one file, `name`, of `text`.
    fn postings_of(name: &str, text: &str) -> (Index, Postings) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(name), text).unwrap();
        let index = crate::index::build(dir.path()).unwrap();
        let postings = build(&index, &Texts::of(&index));
        (index, postings)
    }

    #[test]
    fn lines_belong_to_the_innermost_definition_and_fields_are_counted_apart() {
        let (index, postings) = postings_of(
            "retry.py",
            "class RetryPolicy:\n    limit = 3\n\n    def backoff_delay(self, attempt):\n        \"\"\"Delay before the next attempt.\"\"\"\n        return jitter(attempt) * 2\n",
        );
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

    #[test]
    fn each_definition_counts_only_its_own_terms() {
        let (index, postings) = postings_of(
            "sum.py",
            "def twice(amount):\n    return amount + amount\n\n\ndef once(amount):\n    return amount\n\n\ndef other():\n    return 0\n",
        );
        let body = |name: &str| -> Vec<(String, u16)> {
            let list = postings.get(&terms::stem(name));
            (list.iter())
                .map(|p| {
                    let doc = index.symbol(postings.doc(p.doc)).symbol;
                    (doc.name.clone(), p.tf[Field::Body as usize])
                })
                .collect()
        };
        // Three on `twice`'s lines (its parameter and two uses), two on `once`'s; `other`
        // holds none, though it is read after both.
        assert_eq!(
            body("amount"),
            [("twice".to_string(), 3), ("once".to_string(), 2)]
        );
        // `def`, `other`, `return`, `0`: nothing of the definitions read before it.
        assert_eq!(postings.lens(2)[Field::Body as usize], 4);
    }
}
