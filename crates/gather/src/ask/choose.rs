//! Picking seeds from the fused ranking: identical copies collapse into one, containers
//! give way to their best-ranked members, and what the pack can show whole is preferred.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::lexical;
use crate::index::{Index, SymbolId, SymbolKind};

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
