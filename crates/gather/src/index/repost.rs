//! The postings of a refreshed index made from those of the index before it: the documents
//! and words of every file whose contents did not change are moved over and renumbered,
//! and only the changed and new files are read. The result equals a fresh
//! [`build`](super::postings::build) of the same files, field for field, so an answer is
//! the same whichever way its postings were made; an edit between two questions costs
//! the edited files, not the workspace.

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use super::postings::{self, FileTerms, Posting, Postings, N_FIELDS};
use super::texts::Texts;
use super::words::Words;
use super::{FileRecord, Index, SymbolId};

/// Per file of an index: its path, content hash and whether it was indexed; what the
/// postings built from it depend on.
pub(crate) type BuiltFrom = Vec<(String, u64, bool)>;

/// What postings built from `files` depend on.
pub(crate) fn built_from(files: &[FileRecord]) -> BuiltFrom {
    files
        .iter()
        .map(|f| (f.path.clone(), f.hash, f.status.is_indexed()))
        .collect()
}

/// Postings built for an earlier state of the files, with what each of those files was.
#[derive(Debug)]
pub(crate) struct Earlier {
    postings: Postings,
    files: BuiltFrom,
    /// Whether the postings come from this process's memory, not from disk: only what
    /// was read back is checked against its files before it is patched.
    in_memory: bool,
}

impl Earlier {
    /// `postings`, built from `files`.
    pub(crate) fn new(postings: Postings, files: &[FileRecord]) -> Earlier {
        Earlier {
            postings,
            files: built_from(files),
            in_memory: true,
        }
    }

    /// `postings`, built from files as `files` describes them (as stored beside them).
    pub(crate) fn stored(postings: Postings, files: BuiltFrom) -> Earlier {
        Earlier {
            postings,
            files,
            in_memory: false,
        }
    }

    /// The postings as they are, for an index with the same contents.
    pub(crate) fn into_postings(self) -> Postings {
        self.postings
    }
}

/// The postings of `index` from `earlier`, reading the files whose contents changed from
/// `texts`; a fresh build when `earlier` does not fit (damaged, or read from changing files).
pub(crate) fn patch(earlier: Earlier, index: &Index, texts: &Texts) -> Postings {
    let Earlier {
        postings: old,
        files: old_files,
        in_memory,
    } = earlier;
    if old.read_changed || !(in_memory || fits(&old, &old_files, index)) {
        return postings::build(index, texts);
    }
    let (now_of, then_of) = moved(&old_files, index);
    let fresh: Vec<Option<FileTerms>> = index
        .files()
        .par_iter()
        .zip(&then_of)
        .map(|(file, then)| then.is_none().then(|| postings::file_terms(texts, file)))
        .collect();
    let Documents {
        mut out,
        renumbered,
        added,
        words,
    } = documents(&old, &then_of, fresh);
    // Renumbered in place: files and documents keep their order, so every list stays
    // sorted, and no term or name is hashed again.
    out.lower_names = old.lower_names;
    out.lower_names.retain(|_, ids| {
        ids.retain_mut(|id| match now_of[id.file as usize] {
            Some(file) => {
                id.file = file;
                true
            }
            None => false,
        });
        !ids.is_empty()
    });
    out.terms = old.terms;
    out.terms.retain(|_, list| {
        list.retain_mut(|p| {
            p.doc = renumbered[p.doc as usize];
            p.doc != u32::MAX
        });
        !list.is_empty()
    });
    add_terms(&mut out, added, index);
    out.file_words = old.file_words.patched(&now_of, &words);
    out
}

/// Per earlier file, where it stands now, and per file now, where it stood, for the files
/// whose contents (so whose documents and words) are the same.
fn moved(old_files: &BuiltFrom, index: &Index) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
    let mut now_of: Vec<Option<u32>> = vec![None; old_files.len()];
    let mut then_of: Vec<Option<u32>> = vec![None; index.files().len()];
    for (then, (path, hash, indexed)) in old_files.iter().enumerate() {
        let Some(&now) = index.by_path.get(path.as_str()) else {
            continue;
        };
        let record = &index.files()[now as usize];
        if *indexed && record.status.is_indexed() && record.hash == *hash {
            now_of[then] = Some(now);
            then_of[now as usize] = Some(then as u32);
        }
    }
    (now_of, then_of)
}

/// The documents of one file read now: their numbers now and term counts, and the terms
/// the counts number (every one of them met by some document of the file).
struct Added {
    docs: Vec<(u32, postings::Counts)>,
    terms: Vec<String>,
}

/// The documents in their order now, before their terms are added.
struct Documents {
    /// The documents, their lengths and the average lengths; no terms yet.
    out: Postings,
    /// Earlier document → its number now (`u32::MAX`: gone).
    renumbered: Vec<u32>,
    /// The documents read now, file by file, with their term counts.
    added: Vec<Added>,
    /// The words of the files read now, by their number now.
    words: Vec<(u32, Words)>,
}

/// Numbers every document in file order: the moved ones from `old`, the others from their
/// `fresh` terms.
fn documents(
    old: &Postings,
    then_of: &[Option<u32>],
    mut fresh: Vec<Option<FileTerms>>,
) -> Documents {
    let mut docs = Documents {
        out: Postings::default(),
        renumbered: vec![u32::MAX; old.docs.len()],
        added: Vec::new(),
        words: Vec::new(),
    };
    let mut totals = [0f64; N_FIELDS];
    for (now, then) in then_of.iter().enumerate() {
        let out = &mut docs.out;
        let mut push = |idx: u32, lens: [u32; N_FIELDS]| {
            for (total, len) in totals.iter_mut().zip(lens) {
                *total += len as f64;
            }
            out.docs.push(SymbolId {
                file: now as u32,
                idx,
            });
            out.lens.push(lens);
            out.docs.len() as u32 - 1
        };
        match then {
            Some(then) => {
                for doc in docs_of_file(&old.docs, *then) {
                    docs.renumbered[doc] = push(old.docs[doc].idx, old.lens[doc]);
                }
            }
            None => {
                let Some(terms) = fresh[now].take() else {
                    continue;
                };
                let counted = (terms.docs.into_iter())
                    .map(|(idx, lens, counts)| (push(idx, lens), counts))
                    .collect();
                docs.added.push(Added {
                    docs: counted,
                    terms: terms.terms,
                });
                out.read_changed |= !terms.same;
                docs.words.push((now as u32, terms.words));
            }
        }
    }
    docs.out.set_avg_len(totals);
    docs
}

/// Adds the new documents' terms and names to the renumbered earlier lists, every list
/// in document order.
fn add_terms(out: &mut Postings, added: Vec<Added>, index: &Index) {
    let mut touched: FxHashSet<String> = FxHashSet::default();
    let mut names: FxHashSet<String> = FxHashSet::default();
    for file in added {
        let mut lists: Vec<Vec<Posting>> = vec![Vec::new(); file.terms.len()];
        for (doc, counts) in &file.docs {
            let id = out.docs[*doc as usize];
            let name = index.symbol(id).symbol.name.to_ascii_lowercase();
            out.lower_names.entry(name.clone()).or_default().push(id);
            names.insert(name);
            for &(term, tf) in counts {
                lists[term as usize].push(Posting { doc: *doc, tf });
            }
        }
        // One look-up for each term of the file, not for each term of each document.
        for (term, list) in file.terms.into_iter().zip(lists) {
            if list.is_empty() {
                continue;
            }
            match out.terms.get_mut(&term) {
                Some(earlier) => {
                    earlier.extend(list);
                    touched.insert(term);
                }
                None => {
                    out.terms.insert(term, list);
                }
            }
        }
    }
    // New documents were pushed after the moved ones, in document order: put each earlier
    // list they joined back in order. Each is two ascending runs, which a stable sort
    // merges in one pass.
    for term in touched {
        if let Some(list) = out.terms.get_mut(&term) {
            list.sort_by_key(|p| p.doc);
        }
    }
    for name in names {
        if let Some(ids) = out.lower_names.get_mut(&name) {
            ids.sort();
        }
    }
}

/// The documents of file `file` (documents are in file order).
fn docs_of_file(docs: &[SymbolId], file: u32) -> std::ops::Range<usize> {
    docs.partition_point(|id| id.file < file)..docs.partition_point(|id| id.file <= file)
}

/// Whether `old` names only files of `old_files`, and every file kept as it was has the
/// definitions its documents name (a check on postings read back from disk).
fn fits(old: &Postings, old_files: &BuiltFrom, index: &Index) -> bool {
    let n = old_files.len();
    old.lens.len() == old.docs.len()
        && old.file_words.fits(n)
        && old.docs.is_sorted()
        && old
            .terms
            .values()
            .flatten()
            .all(|p| (p.doc as usize) < old.docs.len())
        && old
            .docs
            .iter()
            .chain(old.lower_names.values().flatten())
            .all(|id| {
                old_files
                    .get(id.file as usize)
                    .is_some_and(|(path, hash, _)| {
                        index.file(path).is_none_or(|record| {
                            record.hash != *hash || (id.idx as usize) < record.symbols.len()
                        })
                    })
            })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::changed::ChangedPaths;
    use crate::index::{refresh, refresh_changed, IndexOptions};

    const FILES: &[(&str, &str)] = &[
        (
            "a.py",
            "class Alpha:\n    def run(self):\n        return beta()\n",
        ),
        ("b.py", "def beta():\n    '''Beta value.'''\n    return 2\n"),
        ("c/d.py", "def delta(x):\n    return x.run()\n"),
        ("notes.md", "Alpha runs beta then delta.\n"),
        ("z.py", "def zeta():\n    return 'last'\n"),
    ];

    /// The patched postings of `index` (and how many files they read), and a fresh build.
    fn both(index: &Index) -> (&Postings, usize, Postings) {
        let texts = Texts::of(index);
        let patched = index.postings_reading(&texts);
        (
            patched,
            texts.reads(),
            postings::build(index, &Texts::of(index)),
        )
    }

    #[test]
    fn patched_postings_equal_a_fresh_build_after_every_kind_of_change() {
        let (ws, index) = crate::index::index_of(FILES);
        assert!(index.postings().n_docs() >= 5);
        let root = ws.path();
        // An edit, a new file before the others, a deletion, a rename and an edited text.
        std::fs::write(
            root.join("b.py"),
            "def beta():\n    return gamma(3)\n\ndef gamma(n):\n    return n\n",
        )
        .unwrap();
        std::fs::write(
            root.join("0.py"),
            "def first():\n    return Alpha().run()\n",
        )
        .unwrap();
        std::fs::remove_file(root.join("z.py")).unwrap();
        std::fs::rename(root.join("c/d.py"), root.join("c/e.py")).unwrap();
        std::fs::write(root.join("notes.md"), "Gamma too.\n").unwrap();
        let index = refresh(index, &IndexOptions::default()).unwrap();
        assert!(!index.has_postings());
        let (patched, reads, fresh) = both(&index);
        assert_eq!(*patched, fresh);
        assert_eq!(
            reads, 4,
            "the edited, new and renamed files and the text, not a.py"
        );
        assert!(!patched.get(&crate::terms::stem("gamma")).is_empty());
        assert!(patched.get(&crate::terms::stem("zeta")).is_empty());

        // Told by a watcher, twice before a question: the second refresh hands on what the
        // first kept to patch from.
        let mut changed = ChangedPaths::none();
        changed.add("a.py");
        std::fs::write(
            root.join("a.py"),
            "class Alpha:\n    def walk(self):\n        pass\n",
        )
        .unwrap();
        let index = refresh_changed(index, &IndexOptions::default(), &changed).unwrap();
        let mut changed = ChangedPaths::none();
        changed.add("0.py");
        std::fs::remove_file(root.join("0.py")).unwrap();
        let index = refresh_changed(index, &IndexOptions::default(), &changed).unwrap();
        let (patched, reads, fresh) = both(&index);
        assert_eq!(*patched, fresh);
        assert_eq!(reads, 1, "a.py only");
    }

    #[test]
    fn postings_that_do_not_fit_their_files_are_built_afresh() {
        let (_ws, index) = crate::index::index_of(FILES);
        let mut broken = postings::build(&index, &Texts::of(&index));
        broken.docs.push(SymbolId { file: 99, idx: 0 });
        broken.lens.push([0; N_FIELDS]);
        let earlier = Earlier::stored(broken, built_from(index.files()));
        let texts = Texts::of(&index);
        let patched = patch(earlier, &index, &texts);
        assert_eq!(patched, postings::build(&index, &Texts::of(&index)));
        assert_eq!(texts.reads(), index.files().len());
    }
}
