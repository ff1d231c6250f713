//! Fits a pack to its budget. The budget covers everything emitted: the header line,
//! item headers, fences, bodies, elision lines, the beyond-budget list and the omitted
//! line. Costs come from the pieces the pack is printed in (`pack::layout`), and the
//! final `used` is measured on the rendered text. Items are placed in rank order (past
//! the leading seeds, seeds short enough to show whole go first), each in the largest form
//! that still leaves room to name every later item as a stub; smaller later items backfill.
//! A seed's share of the budget follows the ranking's confidence in it for the leading
//! seeds and, past them, what its lines are worth per unit of cost.

use rayon::prelude::*;
use std::collections::HashSet;

use crate::budget::Budget;
use crate::pack::layout as piece;
use crate::pack::sources::Sources;
use crate::pack::trailer::trailer;
use crate::pack::zoom::Frontend;
use crate::pack::{evidence, Pack, PackItem, Rendered, Role};

/// Past this many leading seeds, a seed leaves a long doc comment out (see `pack::item_for`).
pub(crate) const LEAD_SEEDS: usize = 2;
/// The first seed's share of the budget; a seed whose score is a fraction `w` of the
/// first's gets `w^DEPTH_POWER` of that share (never less than a glimpse).
const LEAD_SEED_PERCENT: usize = 25;
const DEPTH_POWER: f32 = 2.0;
const OTHER_SEED_PERCENT: usize = 3;
/// ...but never less than this, so a small budget still shows a seed's start.
const MIN_SEED_SHARE: usize = 12;
/// Past this many seeds, shares follow the worth of each line instead (see
/// [`seed_shares`]). A hook's pack shows few seeds in few thousand characters: each of
/// them takes its share by the ranking's confidence (docs/tuning.md, "The prompt hook's
/// pack").
const DEPTH_SEEDS: usize = 10;
/// The part of the budget the seeds' shares divide between them: the rest pays for
/// headers, heads and the names of what is cut, and pass 3 grows into what is left.
const SHARED_PERCENT: usize = 85;
/// Past the leading seeds, a seed of weight `w` counts as `w^SHARPNESS` for its share.
const SHARPNESS: f32 = 2.0;
/// What showing a part `f` of a seed is worth: `f^SHOWN_POWER`; below 1, as the first
/// lines shown (the signature and the lines of evidence) are worth the most.
const SHOWN_POWER: f32 = 0.5;
/// The lines of a seed's first step of share, and of each later step.
const FIRST_STEP_LINES: usize = 8;
const STEP_LINES: usize = 4;

/// Past this many leading items, a seed short enough to show whole in a fraction of a
/// glimpse's room is placed before the longer seeds ranked above it (see
/// [`placement_order`]).
const LEAD_ITEMS: usize = 5;
const SHORT_PERCENT: usize = 60;

/// Lines of body an elided neighbour keeps after its signature.
const NEIGHBOUR_ELIDED_LINES: usize = 8;
/// Lines an elided head (a seed's type) keeps after its signature.
const HEAD_ELIDED_LINES: usize = 4;

/// Chooses each item's form so the rendered pack fits `pack.budget`, pricing items with
/// the texts of `sources`.
pub fn fit(pack: &mut Pack, sources: &Sources) {
    let mut placer = Placer::new(pack, sources);
    // Every item starts as a stub; placing one frees its stub line.
    for item in &mut pack.items {
        item.rendered = Rendered::Stub;
        item.elide_keep = 0;
    }
    // Pass 1, in rank order (past the leading seeds, short seeds first): whole bodies
    // where they fit; seeds and pinned slices degrade at once (they are the point of the
    // pack). Smaller later items backfill the room a cut one leaves. Pass 2: what did not
    // fit whole degrades (elided, then signature) into what is left.
    let order = placement_order(pack, &placer);
    let deferred = placer.place(pack, order, false);
    placer.place(pack, deferred, true);
    placer.grow(pack);
    placer.list_stubs(pack);
}

/// The order pass 1 places items in: the leading items in rank order, then the seeds
/// short enough to show whole in `SHORT_PERCENT` of a glimpse's room, then the rest in
/// rank order. Past the first few seeds the ranking's confidence changes little from one
/// seed to the next, so a short definition shown whole (every line, the one a change
/// would touch among them) is worth more per line than a glimpse of a long one ranked a
/// little higher, which keeps what room is left.
fn placement_order(pack: &Pack, placer: &Placer) -> Vec<usize> {
    let n = pack.items.len();
    let short = placer.small_share * SHORT_PERCENT / 100;
    let (mut first, mut rest): (Vec<usize>, Vec<usize>) = (LEAD_ITEMS.min(n)..n)
        .partition(|&i| pack.items[i].role == Role::Seed && placer.body_costs[i] <= short);
    let mut order: Vec<usize> = (0..LEAD_ITEMS.min(n)).collect();
    order.append(&mut first);
    order.append(&mut rest);
    order
}

/// Each seed's share of the budget (0 for every other item, and for every item when there
/// is one seed). The leading [`DEPTH_SEEDS`] take their share by the ranking's confidence
/// (`w^DEPTH_POWER` of the first's, at least `least`); what is left of the shared part of the
/// budget goes to the later seeds a step at a time, each step to the seed where it is
/// worth the most per unit of cost: the seed's weight times what the step adds to the
/// worth of the part shown. Past the first few seeds the ranking's confidence changes
/// little from one seed to the next, so a short seed is soon shown whole (a change to it
/// is then in view) while each further step into a long one buys less; a seed left
/// without a step is still glimpsed if room remains. Ties go to the better-ranked seed.
fn seed_shares(
    pack: &Pack,
    body_costs: &[usize],
    limit: usize,
    most: usize,
    least: usize,
) -> Vec<usize> {
    let mut shares = vec![0; pack.items.len()];
    if pack.n_seeds <= 1 {
        return shares;
    }
    struct Seed {
        idx: usize,
        weight: f32,
        cost: usize,
        per_line: f32,
    }
    let depth = match pack.frontend {
        Frontend::Context => usize::MAX,
        Frontend::Cli | Frontend::Mcp => DEPTH_SEEDS,
    };
    let mut left = limit.saturating_mul(SHARED_PERCENT) / 100;
    let mut seeds: Vec<Seed> = Vec::new();
    for (rank, (idx, item)) in (pack.items.iter().enumerate())
        .filter(|(_, item)| item.role == Role::Seed)
        .enumerate()
    {
        if rank < depth {
            let by_value = most as f32 * item.weight.powf(DEPTH_POWER);
            shares[idx] = (by_value as usize).max(least);
            left = left.saturating_sub(shares[idx].min(body_costs[idx]));
            continue;
        }
        let lines = shown_and_least_lines(item).0.max(1);
        seeds.push(Seed {
            idx,
            weight: item.weight.max(0.0).powf(SHARPNESS),
            // No seed's share outgrows the first's most.
            cost: body_costs[idx].min(most).max(1),
            per_line: body_costs[idx].max(1) as f32 / lines as f32,
        });
    }
    let worth = |part: f32| part.clamp(0.0, 1.0).powf(SHOWN_POWER);
    // The next step of `s` when `given` is spent on it: its cost and worth per unit.
    let step = |s: &Seed, given: usize| -> Option<(usize, f32)> {
        if given >= s.cost {
            return None;
        }
        let lines = if given == 0 {
            FIRST_STEP_LINES
        } else {
            STEP_LINES
        };
        let size = ((lines as f32 * s.per_line).ceil() as usize)
            .max(1)
            .min(s.cost - given);
        let whole = body_costs[s.idx].max(1) as f32;
        let gain = worth((given + size) as f32 / whole) - worth(given as f32 / whole);
        Some((size, s.weight * gain / size as f32))
    };
    let mut given = vec![0usize; seeds.len()];
    while left > 0 {
        let mut best: Option<(usize, usize, f32)> = None;
        for (at, s) in seeds.iter().enumerate() {
            if let Some((size, value)) = step(s, given[at]) {
                if value > 0.0 && best.is_none_or(|(_, _, v)| value > v) {
                    best = Some((at, size, value));
                }
            }
        }
        let Some((at, size, _)) = best else { break };
        let size = size.min(left);
        given[at] += size;
        left -= size;
    }
    for (s, g) in seeds.iter().zip(given) {
        shares[s.idx] = g;
    }
    shares
}

/// The running account of a fit: what is spent, and what the stubs still reserve.
struct Placer<'s> {
    sources: &'s Sources,
    budget: Budget,
    limit: usize,
    beyond_header: usize,
    summary: usize,
    stub_costs: Vec<usize>,
    /// What each item costs printed whole, rendered once.
    body_costs: Vec<usize>,
    /// When even naming every item would not fit, cut items are named while room lasts
    /// and the rest fold into one line; placement then reserves only that line.
    compact: bool,
    stubs_cost: usize,
    n_cut: usize,
    used: usize,
    /// Items of one file share its block: the first shown item of a file pays for it.
    open_files: HashSet<String>,
    /// The least share of any seed.
    small_share: usize,
    /// Each seed's share of the budget (see [`seed_shares`]).
    shares: Vec<usize>,
}

impl<'s> Placer<'s> {
    fn new(pack: &Pack, sources: &'s Sources) -> Placer<'s> {
        let budget = pack.budget;
        let limit = budget.limit();
        let Frame {
            fixed,
            beyond_header,
            summary,
        } = frame(pack, &sources.stale);
        let stub_costs: Vec<usize> = pack
            .items
            .iter()
            .map(|item| {
                budget.cost(&piece::stub_line(
                    item,
                    pack.frontend,
                    pack.call_root.as_deref(),
                ))
            })
            .collect();
        let stubs_cost: usize = stub_costs.iter().sum();
        // Every item's whole text, priced once; the items are independent, so they are
        // spread over the threads (in order).
        let body_costs: Vec<usize> = pack
            .items
            .par_iter()
            .map(|item| budget.cost(&piece::item_text(item, Rendered::Body, 0, sources)))
            .collect();
        let seed_share = (limit.saturating_mul(LEAD_SEED_PERCENT) / 100).max(MIN_SEED_SHARE);
        let small_share = (limit.saturating_mul(OTHER_SEED_PERCENT) / 100).max(MIN_SEED_SHARE);
        let shares = seed_shares(pack, &body_costs, limit, seed_share, small_share);
        Placer {
            sources,
            budget,
            limit,
            beyond_header,
            summary,
            compact: fixed + beyond_header + stubs_cost > limit,
            stub_costs,
            body_costs,
            stubs_cost,
            n_cut: pack.items.len(),
            used: fixed,
            open_files: HashSet::new(),
            small_share,
            shares,
        }
    }

    fn cost(&self, text: &str) -> usize {
        self.budget.cost(text)
    }

    /// Room for item `idx` (a stub now) if every other stub keeps its line.
    fn avail_for(&self, idx: usize) -> usize {
        let reserve = self.reserve(
            self.stubs_cost - self.stub_costs[idx],
            self.n_cut.saturating_sub(1),
        );
        self.limit.saturating_sub(self.used + reserve)
    }

    /// What the beyond-budget list needs kept free while `cut` items costing `stubs` stay
    /// cut: their stub lines and the list's header, or in compact mode the header and the
    /// one summary line.
    fn reserve(&self, stubs: usize, cut: usize) -> usize {
        if self.compact {
            self.beyond_header + self.summary
        } else if cut > 0 {
            stubs + self.beyond_header
        } else {
            stubs
        }
    }

    /// Places the items of `order` (pass 1, or pass 2 when `degrade`); returns those that
    /// wait for pass 2.
    fn place(&mut self, pack: &mut Pack, order: Vec<usize>, degrade: bool) -> Vec<usize> {
        let mut deferred = Vec::new();
        for idx in order {
            let item = &pack.items[idx];
            let block = if self.open_files.contains(&item.path) {
                0
            } else {
                self.cost(&piece::file_open(&item.path, self.sources))
                    + self.cost(&piece::file_close(&item.path, self.sources))
            };
            let avail = self.avail_for(idx).saturating_sub(block);
            let body = self.body_costs[idx];
            let share = self.shares[idx];
            let Some((form, keep, spent)) =
                self.form_for(item, body, pack.n_seeds, share, avail, degrade)
            else {
                deferred.push(idx);
                continue;
            };
            if form != Rendered::Stub {
                let item = &mut pack.items[idx];
                item.rendered = form;
                item.elide_keep = keep;
                self.stubs_cost -= self.stub_costs[idx];
                self.n_cut -= 1;
                self.used += spent + block;
                self.open_files.insert(item.path.clone());
            }
        }
        deferred
    }

    /// The form `item` takes in `avail`, its kept line count and its cost; `None` when a
    /// neighbour does not fit whole in pass 1 and waits.
    fn form_for(
        &self,
        item: &PackItem,
        body: usize,
        n_seeds: usize,
        share: usize,
        avail: usize,
        degrade: bool,
    ) -> Option<(Rendered, usize, usize)> {
        let sources = self.sources;
        if item.role == Role::Pinned {
            // A pinned slice is shown whole or not at all (`pack::build` then refuses
            // the request): it is what was asked for.
            return Some(if body <= avail {
                (Rendered::Body, 0, body)
            } else {
                (Rendered::Stub, 0, 0)
            });
        }
        if let Role::ParentOf(_) = item.role {
            // A head is read with its member, placed beside it at once, and kept to a
            // glimpse: the type's signature and its lines of evidence.
            return Some(choose(
                item,
                body,
                sources,
                avail.min(self.small_share),
                self.budget,
            ));
        }
        if degrade || matches!(item.role, Role::Seed | Role::LineHit | Role::Changed) {
            // With several seeds (question mode) none may take more than its share
            // while later seeds wait; a lone seed takes what room there is.
            let avail = match item.role {
                Role::Seed if !degrade && n_seeds > 1 => {
                    // Depth by value: a leading seed's share follows the ranking's
                    // confidence in it, so a sure answer is shown whole and a doubtful one
                    // as a glimpse; a later seed's share is what its lines are worth.
                    // A seed whose signature alone outgrows the share still gets its
                    // smallest form past the signature: the share paces seeds, it does
                    // not cut them.
                    avail.min(share.max(smallest_elided(item, sources, self.budget)))
                }
                _ => avail,
            };
            return Some(choose(item, body, sources, avail, self.budget));
        }
        (body <= avail).then_some((Rendered::Body, 0, body))
    }

    /// Pass 3: room left over grows the items that were cut short, in rank order.
    fn grow(&mut self, pack: &mut Pack) {
        for idx in 0..pack.items.len() {
            let item = &pack.items[idx];
            if !matches!(item.rendered, Rendered::Elided | Rendered::Signature) {
                continue;
            }
            let current = self.cost(&piece::item_text(
                item,
                item.rendered,
                item.elide_keep,
                self.sources,
            ));
            let reserve = self.reserve(self.stubs_cost, self.n_cut);
            let avail = self.limit.saturating_sub(self.used - current + reserve);
            let body = self.body_costs[idx];
            let (form, keep, spent) = choose(item, body, self.sources, avail, self.budget);
            if form != Rendered::Stub && spent > current {
                let item = &mut pack.items[idx];
                item.rendered = form;
                item.elide_keep = keep;
                self.used = self.used - current + spent;
            }
        }
    }

    /// In a compact pack, how many cut items the room left names one by one.
    fn list_stubs(&self, pack: &mut Pack) {
        pack.listed_stubs = None;
        if !self.compact || self.n_cut == 0 {
            return;
        }
        let mut room = self
            .limit
            .saturating_sub(self.used + self.beyond_header + self.summary);
        let mut listed = 0;
        for (idx, item) in pack.items.iter().enumerate() {
            if item.rendered != Rendered::Stub {
                continue;
            }
            if self.stub_costs[idx] > room {
                break;
            }
            room -= self.stub_costs[idx];
            listed += 1;
        }
        if listed < self.n_cut {
            pack.listed_stubs = Some(listed);
        }
    }
}

/// What a pack costs whatever its items: the header and omitted lines, and for cut items
/// the beyond-budget header and the line that counts those not named.
struct Frame {
    fixed: usize,
    beyond_header: usize,
    summary: usize,
}

fn frame(pack: &Pack, stale: &[String]) -> Frame {
    let cost = |text: &str| pack.budget.cost(text);
    Frame {
        fixed: cost(&piece::header_placeholder(pack, stale))
            + trailer(&pack.omitted, pack.frontend, pack.call_root.as_deref())
                .map_or(0, |t| cost(&t)),
        beyond_header: cost(piece::BEYOND_HEADER),
        summary: cost(&piece::more_line(
            pack.items.len(),
            pack.items.len() * 1000,
            pack.frontend,
            pack.call_root.as_deref(),
        )),
    }
}

/// The smallest budget `pack` fits in: its frame (naming the `stale` files), with every
/// item cut and counted.
pub fn minimum(pack: &Pack, stale: &[String]) -> usize {
    let Frame {
        fixed,
        beyond_header,
        summary,
    } = frame(pack, stale);
    fixed
        + if pack.items.is_empty() {
            0
        } else {
            beyond_header + summary
        }
}

/// What the smallest form of `item` that shows more than its signature costs: its
/// signature, literal hits and one more line (with elision lines), or whole when it is
/// too short to elide.
fn smallest_elided(item: &PackItem, sources: &Sources, budget: Budget) -> usize {
    let (total, least) = shown_and_least_lines(item);
    let (form, keep) = if least + 1 > total.saturating_sub(2) {
        (Rendered::Body, 0)
    } else {
        (Rendered::Elided, least + 1)
    };
    budget.cost(&piece::item_text(item, form, keep, sources))
}

/// How many lines `item` shows whole, and how many every cut-down form keeps (its
/// signature and literal hits).
fn shown_and_least_lines(item: &PackItem) -> (usize, usize) {
    let total = item.shown.iter().map(|r| r.len() as usize).sum();
    (total, evidence::min_keep(item))
}

/// The largest form of `item` (which costs `body_cost` printed whole) that costs at most
/// `avail`, its kept line count (elided forms) and its cost.
fn choose(
    item: &PackItem,
    body_cost: usize,
    sources: &Sources,
    avail: usize,
    budget: Budget,
) -> (Rendered, usize, usize) {
    let cost = |text: &str| budget.cost(text);
    if body_cost <= avail {
        return (Rendered::Body, 0, body_cost);
    }
    let (total, signature_len) = shown_and_least_lines(item);
    // Elided: the signature and `keep - signature` lines of evidence, with elision lines
    // between. Search the largest `keep` that fits; costs grow with `keep` (give or take an
    // elision line), so a binary search finds it or one close to it.
    // Seeds and pinned slices take what room there is; a neighbour keeps its signature and
    // a few lines, leaving room for later neighbours to fit whole.
    let cap = match item.role {
        Role::Seed | Role::Pinned | Role::LineHit | Role::Changed => total.saturating_sub(2),
        Role::ParentOf(_) => (signature_len + HEAD_ELIDED_LINES).min(total.saturating_sub(2)),
        _ => (signature_len + NEIGHBOUR_ELIDED_LINES).min(total.saturating_sub(2)),
    };
    let (mut lo, mut hi) = (signature_len + 1, cap);
    let mut best = None;
    while lo <= hi {
        let mid = (lo + hi) / 2;
        let text = piece::item_text(item, Rendered::Elided, mid, sources);
        let c = cost(&text);
        if c <= avail {
            best = Some((mid, c));
            lo = mid + 1;
        } else {
            if mid == 0 {
                break;
            }
            hi = mid - 1;
        }
    }
    if let Some((keep, c)) = best {
        return (Rendered::Elided, keep, c);
    }
    let signature = piece::item_text(item, Rendered::Signature, signature_len, sources);
    let signature_cost = cost(&signature);
    if signature_cost <= avail && signature_len < total {
        return (Rendered::Signature, signature_len, signature_cost);
    }
    (Rendered::Stub, 0, 0)
}
