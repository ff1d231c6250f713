//! Families of look-alike definitions: the verb wrappers of an HTTP client (`get`, `head`,
//! `post`, … all passing the same twenty parameters on), generated accessors, parallel
//! overloads. A question that matches one matches them all, and they would fill the pack
//! with one answer told twenty times. Past the first two of a family (a sync and an async
//! twin are often changed together), later members give their place to other answers.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::index::{Index, SymbolId};
use crate::lines::LineTable;

/// Two definitions whose distinct words overlap this much (Jaccard) look alike.
const SIMILAR: f32 = 0.6;
/// How many look-alikes of one another keep their rank.
const KEEP: usize = 2;
/// Definitions shorter than this many words are too small to compare.
const MIN_WORDS: usize = 8;

/// Moves, within the first `depth` entries of `ranked`, every definition that looks like
/// [`KEEP`] or more definitions ranked above it to just past `depth`, in order. Returns
/// how many moved.
pub fn demote_look_alikes(index: &Index, ranked: &mut Vec<(SymbolId, f32)>, depth: usize) -> usize {
    let depth = depth.min(ranked.len());
    let mut texts: HashMap<u32, Option<String>> = HashMap::default();
    let mut words: Vec<HashSet<String>> = Vec::with_capacity(depth);
    for (id, _) in &ranked[..depth] {
        let text = texts.entry(id.file).or_insert_with(|| {
            let path = &index.symbol(*id).file.path;
            index.root_dir().read_text(path)
        });
        let mut set = HashSet::default();
        if let Some(text) = text {
            let table = LineTable::new(text);
            let range = index.symbol(*id).symbol.range;
            for line in range.start.max(1)..=range.end.min(table.n_lines()) {
                crate::terms::terms(table.line(line), |t| {
                    set.insert(t);
                });
            }
        }
        words.push(set);
    }
    let similar = |a: &HashSet<String>, b: &HashSet<String>| {
        if a.len() < MIN_WORDS || b.len() < MIN_WORDS {
            return false;
        }
        let shared = a.intersection(b).count() as f32;
        shared / (a.len() + b.len()) as f32 * 2.0 >= SIMILAR * 2.0 / (1.0 + SIMILAR)
    };
    let mut kept: Vec<usize> = Vec::new();
    let mut moved: Vec<usize> = Vec::new();
    for i in 0..depth {
        let alike = kept
            .iter()
            .filter(|&&k| similar(&words[k], &words[i]))
            .count();
        if alike >= KEEP {
            moved.push(i);
        } else {
            kept.push(i);
        }
    }
    if moved.is_empty() {
        return 0;
    }
    let n = moved.len();
    let head: Vec<(SymbolId, f32)> = kept.iter().map(|&i| ranked[i]).collect();
    let tail: Vec<(SymbolId, f32)> = moved.iter().map(|&i| ranked[i]).collect();
    let rest = ranked.split_off(depth);
    *ranked = head;
    ranked.extend(tail);
    ranked.extend(rest);
    n
}
