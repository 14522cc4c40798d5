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
use crate::steps::marks::Marks;
use crate::steps::step::{Step, Technique};
use crate::steps::{fish, intersections, subsets};
use bitdoku_core::UNIT_SQUARES;
use core::ops::ControlFlow;

/// New "off" nodes: each with its parents (nodes) and nested chain.
#[derive(Default)]
pub(super) struct Results {
    items: Vec<(Node, u32, u32, u32)>,
    parents: Vec<Node>,
}

impl Results {
    fn clear(&mut self) {
        self.items.clear();
        self.parents.clear();
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Adds the removals of a deduction whose parents are `parents`: `cells` in
    /// insertion order, each with its digits.
    fn push(&mut self, cells: &[(usize, u16)], parents: &[Node], nested: u32) {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        let end = self.parents.len() as u32;
        for (s, digits) in java_map_order(cells) {
            let mut ds = digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                self.items.push((node(s, d, false), nested, start, end));
            }
        }
    }
}

/// The order in which a Java `HashMap` keyed by square index (its hash) iterates
/// `cells`, given in insertion order: by bucket (index modulo the table size, 16
/// growing to 128 as entries pass three quarters of it), then insertion order.
fn java_map_order(cells: &[(usize, u16)]) -> Vec<(usize, u16)> {
    let n = match cells.len() {
        0..=12 => 16,
        13..=24 => 32,
        25..=48 => 64,
        _ => 128,
    };
    let mut out = cells.to_vec();
    out.sort_by_key(|&(s, _)| s & (n - 1));
    out
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
    simple(&grid, source, &mut results);
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

/// Appends the nodes of a set of squares, digit `d + 1`, "off", in square order.
fn push_nodes(out: &mut Vec<Node>, mut set: u128, d: usize) {
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        out.push(node(s, d, false));
    }
}

/// The cells of a digit's removals in square order.
fn cells_of(set: u128, d: usize, out: &mut Vec<(usize, u16)>) {
    let mut set = set;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        out.push((s, 1 << d));
    }
}

/// Pointing and claiming, hidden pairs, naked pairs, X-wings: the first of them
/// that finds a deduction resting on the chain.
fn simple(grid: &Marks, source: &Marks, results: &mut Results) {
    type Rule = fn(&Marks, crate::steps::ladder::Found) -> ControlFlow<()>;
    let rules: [Rule; 4] = [
        intersections::locked,
        subsets::hidden_pairs,
        subsets::naked_pairs,
        fish::x_wings,
    ];
    let mut parents = Vec::new();
    let mut cells = Vec::new();
    for rule in rules {
        let _ = rule(grid, &mut |step| {
            parents.clear();
            cells.clear();
            simple_parents(grid, source, &step, &mut parents, &mut cells);
            if !parents.is_empty() {
                results.push(&cells, &parents, super::store::NO_NESTED);
            }
            ControlFlow::Continue(())
        });
        if !results.is_empty() {
            return;
        }
    }
}

/// The parents of a simple technique's step and its removals in insertion order.
fn simple_parents(
    grid: &Marks,
    source: &Marks,
    step: &Step,
    parents: &mut Vec<Node>,
    cells: &mut Vec<(usize, u16)>,
) {
    let units: Vec<usize> = (0..27).filter(|u| step.units >> u & 1 == 1).collect();
    match step.technique {
        Technique::Pointing | Technique::Claiming => {
            let d = step.digits.trailing_zeros() as usize;
            let (line, bx) = (units[0], units[1]);
            let (confined, other) = if step.technique == Technique::Pointing {
                (bx, line)
            } else {
                (line, bx)
            };
            let set = gone(
                source,
                grid,
                d,
                UNIT_SQUARES[confined] & !UNIT_SQUARES[other],
            );
            push_nodes(parents, set, d);
            cells_of(step.removes[d], d, cells);
        }
        Technique::XWing => {
            let d = step.digits.trailing_zeros() as usize;
            let rows: Vec<usize> = units.iter().copied().filter(|&u| u < 9).collect();
            let columns: Vec<usize> = units.iter().copied().filter(|&u| u >= 9).collect();
            let over = |ls: &[usize]| ls.iter().fold(0u128, |m, &u| m | UNIT_SQUARES[u]);
            let (base, cover) = if step.removes[d] & !over(&rows) == 0 {
                (columns, rows)
            } else {
                (rows, columns)
            };
            let cover_squares = over(&cover);
            for &u in &base {
                push_nodes(
                    parents,
                    gone(source, grid, d, UNIT_SQUARES[u] & !cover_squares),
                    d,
                );
            }
            for &u in &cover {
                for sq in bitdoku_core::UNITS[u] {
                    let s = sq.index();
                    if step.removes[d] >> s & 1 == 1 {
                        cells.push((s, 1 << d));
                    }
                }
            }
        }
        Technique::HiddenPair => {
            let u = units[0];
            let digits = step.digits;
            let mut mine = 0u128;
            for d in 0..9 {
                if digits >> d & 1 == 1 {
                    mine |= grid.places(d) & UNIT_SQUARES[u];
                }
            }
            let mut rest = UNIT_SQUARES[u] & !mine;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut ds = digits & source.candidates(s);
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    parents.push(node(s, d, false));
                }
            }
            removal_cells(step, cells);
        }
        Technique::NakedPair => {
            let mut set = step.cells;
            while set != 0 {
                let s = set.trailing_zeros() as usize;
                set &= set - 1;
                let mut ds = source.candidates(s) & !step.digits;
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    parents.push(node(s, d, false));
                }
            }
            removal_cells(step, cells);
        }
        _ => {}
    }
}

/// A step's removals by square, in square order.
fn removal_cells(step: &Step, cells: &mut Vec<(usize, u16)>) {
    let all = step.removes.iter().fold(0u128, |m, &r| m | r);
    let mut set = all;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        let digits = (0..9).fold(0u16, |m, d| m | (((step.removes[d] >> s & 1) as u16) << d));
        cells.push((s, digits));
    }
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
fn nested(grid: &Marks, source: &Marks, producer: Producer, ctx: &mut Ctx, results: &mut Results) {
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
        multiple::search(grid, producer, since.as_ref(), ctx, &mut collect);
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
