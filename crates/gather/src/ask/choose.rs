//! Picking seeds from the fused ranking: how many a budget buys, identical copies collapse
//! into one, containers give way to their best-ranked members, what the pack can show whole
//! is preferred, and a budget past the seed cap buys the best of more files.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::lexical;
use crate::index::{Index, SymbolId, SymbolKind};

/// How many seeds a question gets: `seeds` in rank order, then up to `more_files` more,
/// each from a file none of the others is in (see `broaden`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedLimit {
    /// Seeds in rank order.
    pub seeds: usize,
    /// Seeds past those, one from each next file.
    pub more_files: usize,
}

impl SeedLimit {
    /// For a budget of `lines` (a token counts as a tenth of a line): about one seed per 10
    /// lines (at most `MAX_SEEDS`). Past the first two, a seed starts as its signature and
    /// first lines; leftover room grows them again. A budget past that cap buys breadth
    /// instead, up to `MAX_MORE_FILES` seeds from files the others are not in: at 8,192
    /// tokens on whole issues, every file the fix changed gets a body in 0.922 of the tasks
    /// instead of 0.898, with as many edited lines shown.
    pub fn for_lines(lines: usize) -> SeedLimit {
        SeedLimit {
            seeds: (lines / 10).clamp(3, MAX_SEEDS),
            more_files: (lines / 10).saturating_sub(MAX_SEEDS).min(MAX_MORE_FILES),
        }
    }
}

const MAX_SEEDS: usize = 40;
const MAX_MORE_FILES: usize = 8;

/// Collapses identical copies of one definition (a mirrored, vendored or generated tree)
/// into one entry at the group's best rank, held by the copy a reader should see: in a
/// file the question names, then outside peripheral paths, then the shallowest and
/// shortest path. Returns the copies dropped, each with the one kept.
pub(super) fn collapse_copies(
    index: &Index,
    ranked: &mut Vec<(SymbolId, f32)>,
    named_files: &[u32],
) -> Vec<(SymbolId, SymbolId)> {
    let mut first: HashMap<u64, usize> = HashMap::default();
    let mut groups: Vec<(usize, Vec<SymbolId>)> = Vec::new();
    let mut kept: Vec<(SymbolId, f32)> = Vec::with_capacity(ranked.len());
    for &(id, score) in ranked.iter() {
        let hash = index.symbol(id).symbol.text_hash;
        if hash == 0 {
            kept.push((id, score));
            continue;
        }
        match first.get(&hash) {
            Some(&group) => groups[group].1.push(id),
            None => {
                first.insert(hash, groups.len());
                groups.push((kept.len(), vec![id]));
                kept.push((id, score));
            }
        }
    }
    let preference = |id: &SymbolId| {
        let path = &index.symbol(*id).file.path;
        (
            !named_files.contains(&id.file),
            lexical::is_peripheral(path),
            path.matches('/').count(),
            path.len(),
            path.as_str(),
        )
    };
    let mut copies = Vec::new();
    for (at, members) in groups {
        if members.len() < 2 {
            continue;
        }
        let best = *members
            .iter()
            .min_by_key(|id| preference(id))
            .unwrap_or(&members[0]);
        kept[at].0 = best;
        copies.extend(
            members
                .into_iter()
                .filter(|m| *m != best)
                .map(|m| (m, best)),
        );
    }
    *ranked = kept;
    copies
}

/// Definitions up to this many lines are shown whole, so a definition inside one adds
/// nothing.
const SMALL_DEFINITION: u32 = 40;
/// How many of a large container's best-ranked members stand in for it.
const MEMBERS_FOR_CONTAINER: usize = 2;

/// Picks up to `limit` seeds from the fused ranking, preferring what the pack can show
/// whole:
/// - a module or namespace with definitions inside is never a seed;
/// - a large type (class, struct, interface, trait, impl, enum) gives way to its
///   best-ranked members, since the pack would show only its first lines; with no ranked
///   member it stays;
/// - a definition inside a chosen small one adds nothing; one inside a chosen large one
///   takes its place; a container of a chosen seed is skipped.
pub(super) fn choose(index: &Index, ranked: &[(SymbolId, f32)], limit: usize) -> Vec<SymbolId> {
    let range = |id: SymbolId| index.symbol(id).symbol.full_range();
    let add = |seeds: &mut Vec<SymbolId>, id: SymbolId| {
        let r = range(id);
        if seeds
            .iter()
            .any(|s| s.file == id.file && r.covers(&range(*s)) && r != range(*s))
        {
            return;
        }
        match seeds
            .iter()
            .position(|s| s.file == id.file && range(*s).covers(&r))
        {
            Some(at) if range(seeds[at]).len() > SMALL_DEFINITION => seeds[at] = id,
            Some(_) => {}
            None => seeds.push(id),
        }
    };
    let mut seeds: Vec<SymbolId> = Vec::new();
    for &(id, _) in ranked {
        if seeds.len() >= limit {
            break;
        }
        let members = members(index, id);
        if members.is_empty() {
            add(&mut seeds, id);
            continue;
        }
        let kind = index.symbol(id).symbol.kind;
        if kind == SymbolKind::Module {
            continue;
        }
        // A function's nested definitions are part of its work, not alternatives to it.
        if !kind.holds_methods() || range(id).len() <= SMALL_DEFINITION {
            add(&mut seeds, id);
            continue;
        }
        // The ranking is best first, so its first members are the best-ranked ones.
        let best: Vec<SymbolId> = ranked
            .iter()
            .map(|(member, _)| *member)
            .filter(|member| member.file == id.file && members.contains(&member.idx))
            .take(MEMBERS_FOR_CONTAINER)
            .collect();
        if best.is_empty() {
            add(&mut seeds, id);
            continue;
        }
        for member in best {
            if seeds.len() < limit {
                add(&mut seeds, member);
            }
        }
    }
    seeds
}

/// The seeds `limit` allows from `ranked`: [`choose`]'s, then [`broaden`]'s, with how many
/// of them [`choose`] took (the rest were added for breadth).
pub(super) fn seeds(
    index: &Index,
    ranked: &[(SymbolId, f32)],
    limit: SeedLimit,
) -> (Vec<SymbolId>, usize) {
    let mut seeds = choose(index, ranked, limit.seeds);
    let chosen = seeds.len();
    broaden(index, ranked, &mut seeds, limit.more_files);
    (seeds, chosen)
}

/// Adds up to `more` seeds after `seeds`, one from each file no seed is in yet, in the
/// order the ranking reaches those files: each file's best-ranked choice, as [`choose`]
/// makes it among that file's definitions. A larger budget buys breadth this way: the
/// file a change belongs in is often ranked below several definitions of another.
pub(super) fn broaden(
    index: &Index,
    ranked: &[(SymbolId, f32)],
    seeds: &mut Vec<SymbolId>,
    more: usize,
) {
    if more == 0 {
        return;
    }
    let mut files: HashSet<u32> = seeds.iter().map(|id| id.file).collect();
    let elsewhere: Vec<(SymbolId, f32)> = ranked
        .iter()
        .filter(|(id, _)| !files.contains(&id.file))
        .copied()
        .collect();
    // A file's choice can take several seeds (a large type's members); the first is its
    // best-ranked, and a few files' worth of choices reach `more` files.
    let chosen = choose(index, &elsewhere, more.saturating_mul(BROADEN_REACH));
    let mut added = 0;
    for id in chosen {
        if added == more {
            break;
        }
        if files.insert(id.file) {
            seeds.push(id);
            added += 1;
        }
    }
}

/// How many choices per wanted file [`broaden`] makes before it picks one from each file.
const BROADEN_REACH: usize = 4;

/// The positions (in its file's symbols) of the definitions nested inside `id`, at any
/// depth: a file's symbols are stored parent first, so they follow it directly.
fn members(index: &Index, id: SymbolId) -> std::ops::Range<u32> {
    let found = index.symbol(id);
    let outer = found.symbol.full_range();
    let n = found.file.symbols[id.idx as usize + 1..]
        .iter()
        .take_while(|symbol| outer.covers(&symbol.full_range()))
        .count();
    id.idx + 1..id.idx + 1 + n as u32
}

#[cfg(test)]
mod tests {
    use super::super::tests::{id, names};
    use super::*;
    use crate::index::index_of;

    /// A class of `n` methods, each `body` lines long.
    fn class_source(n: usize, body: usize) -> String {
        let mut text = String::from("class Store:\n");
        for m in 0..n {
            text.push_str(&format!("    def method_{m}(self):\n"));
            for line in 0..body {
                text.push_str(&format!("        self.value_{line} = {line}\n"));
            }
        }
        text
    }

    #[test]
    fn a_large_class_gives_way_to_its_best_ranked_members() {
        let (_dir, index) = index_of(&[("store.py", &class_source(5, 10))]);
        let ranked = [
            (id(&index, "Store"), 1.0),
            (id(&index, "method_3"), 0.5),
            (id(&index, "method_1"), 0.4),
            (id(&index, "method_4"), 0.3),
        ];
        let seeds = choose(&index, &ranked, 10);
        assert_eq!(names(&index, &seeds), ["method_3", "method_1", "method_4"]);
        let seeds = choose(&index, &ranked[..1], 10);
        assert_eq!(
            names(&index, &seeds),
            ["Store"],
            "no ranked member: it stays"
        );
    }

    #[test]
    fn a_container_of_a_chosen_member_adds_nothing() {
        let (_dir, index) = index_of(&[("store.py", &class_source(2, 3))]);
        let ranked = [(id(&index, "method_1"), 1.0), (id(&index, "Store"), 0.5)];
        assert_eq!(names(&index, &choose(&index, &ranked, 10)), ["method_1"]);
    }

    #[test]
    fn a_large_function_keeps_its_nested_definitions_inside() {
        let mut text = String::from("def outer():\n    def inner():\n        return 1\n");
        for line in 0..45 {
            text.push_str(&format!("    step_{line} = inner()\n"));
        }
        let (_dir, index) = index_of(&[("work.py", &text)]);
        let ranked = [(id(&index, "outer"), 1.0), (id(&index, "inner"), 0.5)];
        assert_eq!(names(&index, &choose(&index, &ranked, 1)), ["outer"]);
        let (_dir, index) = index_of(&[("store.py", &class_source(5, 10))]);
        let ranked = [(id(&index, "Store"), 1.0), (id(&index, "method_2"), 0.5)];
        assert_eq!(
            names(&index, &choose(&index, &ranked, 1)),
            ["method_2"],
            "a class, unlike a function, gives way"
        );
    }

    #[test]
    fn breadth_takes_the_best_ranked_definition_of_each_next_file() {
        let (_dir, index) = index_of(&[
            (
                "a.py",
                "def a_1():\n    pass\n\ndef a_2():\n    pass\n\ndef a_3():\n    pass\n",
            ),
            ("b.py", "def b_1():\n    pass\n\ndef b_2():\n    pass\n"),
            ("c.py", "def c_1():\n    pass\n"),
            ("d.py", "def d_1():\n    pass\n"),
        ]);
        let ranked: Vec<(SymbolId, f32)> = ["a_1", "a_2", "b_2", "a_3", "b_1", "c_1", "d_1"]
            .iter()
            .enumerate()
            .map(|(rank, name)| (id(&index, name), 1.0 / (1 + rank) as f32))
            .collect();
        let mut seeds = choose(&index, &ranked, 2);
        broaden(&index, &ranked, &mut seeds, 2);
        assert_eq!(
            names(&index, &seeds),
            ["a_1", "a_2", "b_2", "c_1"],
            "one seed a new file, in the order the ranking reaches them"
        );
        let mut seeds = choose(&index, &ranked, 2);
        broaden(&index, &ranked, &mut seeds, 0);
        assert_eq!(names(&index, &seeds), ["a_1", "a_2"]);
    }

    #[test]
    fn only_a_budget_past_the_seed_cap_buys_seeds_from_more_files() {
        let limit = |lines| {
            let SeedLimit { seeds, more_files } = SeedLimit::for_lines(lines);
            (seeds, more_files)
        };
        assert_eq!(limit(100), (10, 0));
        assert_eq!(limit(400), (40, 0), "the pack at 400 lines as before");
        assert_eq!(limit(430), (40, 3));
        assert_eq!(limit(8192 / 10), (40, MAX_MORE_FILES), "8,192 tokens");
    }
}
