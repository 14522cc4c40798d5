//! The techniques Sudoku Explainer uses inside dynamic chains of level 1 and up
//! ("non-trivial implications"), with its default settings: when a propagation has
//! nothing left in its queues, the first of these that finds something in the grid
//! the assumption has left gives its removals as new "off" nodes:
//!
//! 1. pointing and claiming, 2. hidden pairs, 3. naked pairs, 4. X-wings (levels 1
//!    and up);
//! 5. the level-0 cycles and forcing chains (levels 2 and 3);
//! 6. the static multiple forcing chains (level 3);
//! 7. dynamic forcing chains of the nesting level (level 4).
//!
//! A deduction counts only if it rests on candidates the chain has taken out (its
//! "parents", which become the new nodes' parents): for a subset or fish, the
//! candidates whose absence makes the pattern; for a nested chain, the candidates
//! taken out of each square or unit where it turns a node on. A nested chain's own
//! complexity adds to the complexity of the chains that use it.
//!
//! A technique's removals come in the order Sudoku Explainer iterates its hint's
//! removal map (a Java `HashMap` keyed by square index: buckets of the index modulo
//! the table size, then insertion order), since the first to reach a node gives it
//! its parents.

use super::hint::{complexity, difficulty, Kind, Offer, Rank, Sink};
use super::node::{
    box_of, column_of, conjugate, digit_of, is_on, node, row_of, square_of, Cause, Node,
};
use super::propagate::Prop;
use super::store::Arena;
use super::{multiple, unary, Ctx, NestedInfo, Producer};
use crate::masks::ALL;
use crate::steps::marks::Marks;
use bitdoku_core::UNIT_SQUARES;

/// New "off" nodes: each with its parents (nodes) and nested chain.
#[derive(Default, Clone)]
pub(super) struct Results {
    items: Vec<(Node, u32, u32, u32)>,
    parents: Vec<Node>,
}

impl Results {
    fn clear(&mut self) {
        self.items.clear();
        self.parents.clear();
    }

    /// The items with their parents (for tests).
    #[cfg(test)]
    pub(super) fn items_for_test(&self) -> Vec<(Node, u32, Vec<Node>)> {
        self.items
            .iter()
            .map(|&(n, nested, a, b)| (n, nested, self.parents[a as usize..b as usize].to_vec()))
            .collect()
    }

    /// Appends `other`'s removals.
    fn append(&mut self, other: &Results) {
        let offset = self.parents.len() as u32;
        self.parents.extend_from_slice(&other.parents);
        self.items.extend(
            other
                .items
                .iter()
                .map(|&(n, nested, a, b)| (n, nested, a + offset, b + offset)),
        );
    }

    /// True if there is nothing to add.
    pub(super) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Adds the removals of a deduction whose parents are `parents`: `cells` in
    /// insertion order, each with its digits.
    pub(super) fn push(&mut self, cells: &[(usize, u16)], parents: &[Node], nested: u32) {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        let end = self.parents.len() as u32;
        let n = table_size(cells.len());
        // Buckets in order, each in insertion order.
        let mut left = cells.len();
        let mut bucket = 0;
        while left > 0 && bucket < n {
            for &(s, digits) in cells {
                if s & (n - 1) != bucket {
                    continue;
                }
                left -= 1;
                let mut ds = digits;
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    self.items.push((node(s, d, false), nested, start, end));
                }
            }
            bucket += 1;
        }
    }
}

/// The table size of a Java `HashMap` holding `len` entries (from 16, doubled each
/// time the entries pass three quarters of it): a square index's bucket is the index
/// modulo the size, and the map iterates buckets in order, each in insertion order.
fn table_size(len: usize) -> usize {
    match len {
        0..=12 => 16,
        13..=24 => 32,
        25..=48 => 64,
        _ => 128,
    }
}

/// Looks at the grid `prop` has left (all its queues empty) with the techniques of
/// `producer`'s level; adds what they remove to `prop`. True if anything was added.
pub(super) fn implications(
    prop: &mut Prop,
    source: &Marks,
    producer: Producer,
    ctx: &mut Ctx,
) -> bool {
    let mut results = core::mem::take(&mut ctx.results);
    results.clear();
    let grid = prop.grid;
    super::simple::simple(&grid, source, &ctx.placed, &mut results);
    if results.is_empty() && producer.level < 4 {
        if producer.level >= 2 {
            nested(&grid, source, Producer::UNARY, ctx, &mut results);
        }
        if results.is_empty() && producer.level >= 3 {
            nested(&grid, source, Producer::MULTIPLE, ctx, &mut results);
        }
    } else if results.is_empty() {
        nested(
            &grid,
            source,
            Producer::dynamic(producer.nesting, 0),
            ctx,
            &mut results,
        );
    }
    let mut added = false;
    let mut entries = Vec::new();
    for &(n, nested, start, end) in &results.items {
        if prop.set.contains(n) {
            continue;
        }
        entries.clear();
        for &p in &results.parents[start as usize..end as usize] {
            entries.push(prop.entry(p));
        }
        prop.add_advanced(n, &entries, nested);
        added = true;
    }
    ctx.results = results;
    added
}

/// The candidates `source` has and `grid` has not among `squares`, digit `d + 1`.
fn gone(source: &Marks, grid: &Marks, d: usize, squares: u128) -> u128 {
    source.places(d) & !grid.places(d) & squares
}

/// One hint of a nested producer, as the chain using it needs it.
struct Nested {
    rank: Rank,
    removes: [u128; 9],
    /// Its removals in insertion order.
    cells: Vec<(usize, u16)>,
    parents: Vec<Node>,
    info: NestedInfo,
}

/// Collects every hint of a nested producer.
struct Collect<'a> {
    source: &'a Marks,
    grid: &'a Marks,
    hints: Vec<Nested>,
}

impl Sink for Collect<'_> {
    fn limit(&mut self, _base: f64, _key: u8) -> u32 {
        u32::MAX
    }

    fn offer(&mut self, ctx: &mut Ctx, offer: &Offer) {
        let flat_targets: &[(&Arena, u32)] = offer.targets;
        let cx = complexity(ctx, flat_targets);
        let rank = (difficulty(offer.base, cx), cx, offer.sort_key);
        let mut parents = Vec::new();
        let mut keys = Vec::new();
        let mut cells = Vec::new();
        match offer.kind {
            Kind::Cycle { .. } => {
                cycle_parts(ctx, self, offer, &mut parents, &mut keys, &mut cells)
            }
            _ => {
                let root_cause = match offer.kind {
                    Kind::Cell => Some(Cause::Cell),
                    Kind::Region { unit, .. } => Some(Cause::of_unit(usize::from(unit))),
                    _ => None,
                };
                for &(arena, e) in offer.targets {
                    let mut order = Vec::new();
                    ctx.walk.breadth_first(arena, e, |x| order.push(x));
                    keys.push(u16::MAX);
                    for &x in &order {
                        let entry = arena.get(x);
                        keys.push(entry.node);
                        let cause = match entry.cause {
                            Cause::Start => root_cause,
                            c => Some(c),
                        };
                        if let Some(cause) = cause {
                            rule_parents(self.source, self.grid, entry.node, cause, &mut parents);
                        }
                    }
                }
                // A conclusion on one square.
                let all = offer.removes.iter().fold(0u128, |m, &r| m | r);
                let mut set = all;
                while set != 0 {
                    let s = set.trailing_zeros() as usize;
                    set &= set - 1;
                    let digits =
                        (0..9).fold(0u16, |m, d| m | (((offer.removes[d] >> s & 1) as u16) << d));
                    cells.push((s, digits));
                }
            }
        }
        self.hints.push(Nested {
            rank,
            removes: offer.removes,
            cells,
            parents,
            info: NestedInfo {
                fingerprint: fingerprint(&keys),
                complexity: cx,
            },
        });
    }
}

/// Appends, without repeats, the parents an "on" node of a nested chain with
/// `cause` needs: the candidates `source` has and `grid` has not in its square
/// (`Cell`) or of its digit in its unit.
fn rule_parents(source: &Marks, grid: &Marks, n: Node, cause: Cause, out: &mut Vec<Node>) {
    if !is_on(n) {
        return;
    }
    let (s, d) = (square_of(n), digit_of(n));
    let mut add = |m: Node| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    match cause {
        Cause::Cell => {
            let mut ds = source.candidates(s) & !grid.candidates(s);
            while ds != 0 {
                let e = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                add(node(s, e, false));
            }
        }
        Cause::Box | Cause::Row | Cause::Column => {
            let u = match cause {
                Cause::Box => box_of(s),
                Cause::Row => row_of(s),
                _ => column_of(s),
            };
            let mut set = gone(source, grid, d, UNIT_SQUARES[u]);
            while set != 0 {
                let t = set.trailing_zeros() as usize;
                set &= set - 1;
                add(node(t, d, false));
            }
        }
        _ => {}
    }
}

/// A cycle's parents, chain keys and removal order: its two chains are the cycle
/// from the start on and the same nodes reversed, each node with the polarity
/// flipped and the cause of the node it reverses.
fn cycle_parts(
    ctx: &mut Ctx,
    collect: &Collect,
    offer: &Offer,
    parents: &mut Vec<Node>,
    keys: &mut Vec<Node>,
    cells: &mut Vec<(usize, u16)>,
) {
    let (arena, dst) = offer.targets[0];
    // The path from dst back to the start.
    let mut path = vec![dst];
    while let Some(p) = arena.first_parent(*path.last().unwrap_or(&dst)) {
        path.push(p);
    }
    let _ = ctx;
    // First chain: dst and its ancestors (the start repeats dst's node: skipped).
    keys.push(u16::MAX);
    let mut seen = Vec::new();
    for &x in &path {
        let entry = arena.get(x);
        if seen.contains(&entry.node) {
            continue;
        }
        seen.push(entry.node);
        keys.push(entry.node);
        rule_parents(
            collect.source,
            collect.grid,
            entry.node,
            entry.cause,
            parents,
        );
    }
    // Second chain: from the reversed start towards the reversed dst.
    keys.push(u16::MAX);
    seen.clear();
    for &x in path.iter().rev() {
        let entry = arena.get(x);
        let n = conjugate(entry.node);
        if seen.contains(&n) {
            continue;
        }
        seen.push(n);
        keys.push(n);
        rule_parents(collect.source, collect.grid, n, entry.cause, parents);
    }
    // Removals: first seen from an "on" node walking from dst, peers in order.
    for &x in &path[..path.len() - 1] {
        let n = arena.get(x).node;
        if !is_on(n) {
            continue;
        }
        let d = digit_of(n);
        let mut set = bitdoku_core::PEER_BITS[square_of(n)] & offer.removes[d];
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            match cells.iter_mut().find(|(c, _)| *c == s) {
                Some((_, ds)) => *ds |= 1 << d,
                None => cells.push((s, 1 << d)),
            }
        }
    }
}

/// A 64-bit hash of a chain's node sequence.
fn fingerprint(keys: &[Node]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &k in keys {
        h ^= u64::from(k);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// Runs a nested producer on `grid` and turns its hints, in Sudoku Explainer's order
/// without repeated conclusions, into removals.
///
/// The same producer on the same grid from the same outer grid finds the same: the
/// removals are kept for the rest of the rung's search, by grid.
fn nested(grid: &Marks, source: &Marks, producer: Producer, ctx: &mut Ctx, results: &mut Results) {
    let places: [u128; 9] = core::array::from_fn(|d| grid.places(d));
    let outer: [u128; 9] = core::array::from_fn(|d| source.places(d));
    let key = memo_key(producer, &places, &outer);
    if let Some(entries) = ctx.memo.get(&key) {
        if let Some(found) = entries
            .iter()
            .find(|m| m.producer == producer && m.places == places && m.outer == outer)
        {
            results.append(&found.results);
            return;
        }
    }
    let mut fresh = Results::default();
    nested_search(grid, source, producer, ctx, &mut fresh);
    results.append(&fresh);
    ctx.memo.entry(key).or_default().push(Memo {
        producer,
        places,
        outer,
        results: fresh,
    });
}

/// A nested producer's removals on one grid.
pub(super) struct Memo {
    producer: Producer,
    places: [u128; 9],
    outer: [u128; 9],
    results: Results,
}

/// A hash of a nested search's inputs.
fn memo_key(producer: Producer, places: &[u128; 9], outer: &[u128; 9]) -> u64 {
    let mut h: u64 = u64::from(producer.level) << 3
        | u64::from(producer.nesting) << 1
        | u64::from(producer.dynamic);
    for &w in places.iter().chain(outer) {
        for half in [w as u64, (w >> 64) as u64] {
            h = (h.rotate_left(5) ^ half).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    h
}

/// Runs a nested producer on `grid` and turns its hints, in Sudoku Explainer's order
/// without repeated conclusions, into removals.
fn nested_search(
    grid: &Marks,
    source: &Marks,
    producer: Producer,
    ctx: &mut Ctx,
    results: &mut Results,
) {
    let mut collect = Collect {
        source,
        grid,
        hints: Vec::new(),
    };
    if producer == Producer::UNARY {
        let since = ctx.top.filter(|top| top == source);
        unary::search(grid, since.as_ref(), ctx, &mut collect);
    } else {
        let since = ctx.top.filter(|top| top == source && !producer.dynamic);
        multiple::search(grid, producer, since.as_ref(), ALL, ctx, &mut collect);
    }
    let mut hints = collect.hints;
    // A stable sort: ties keep the order of discovery.
    hints.sort_by(|a, b| {
        use core::cmp::Ordering;
        if super::hint::before(a.rank, b.rank) {
            Ordering::Less
        } else if super::hint::before(b.rank, a.rank) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    });
    let mut kept: Vec<[u128; 9]> = Vec::new();
    for hint in &hints {
        if kept.contains(&hint.removes) {
            continue;
        }
        kept.push(hint.removes);
        if hint.parents.is_empty() {
            continue;
        }
        let id = ctx.nested.len() as u32;
        ctx.nested.push(hint.info);
        results.push(&hint.cells, &hint.parents, id);
    }
}
