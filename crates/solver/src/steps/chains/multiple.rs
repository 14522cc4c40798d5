//! Forcing chains from several assumptions: Sudoku Explainer's Nishio, multiple and
//! dynamic producers (and, with techniques inside, their nested levels).
//!
//! For each unsolved square (in order) with more than two candidates, or more than
//! one for the dynamic and Nishio producers, and each of its digits (in order):
//!
//! - the digit on and the digit off are propagated ([`super::propagate`]); one that
//!   ends in a contradiction proves the other (contradiction forcing chains; Nishio
//!   and dynamic only);
//! - (dynamic, squares of three candidates or more) a node both imply holds (double
//!   forcing chains);
//! - (not Nishio) in each unit of the square (box, row, column) where the digit has
//!   two places, or more, and this square is its first: every place on implies the
//!   same node (region forcing chains);
//!
//! then (not Nishio) every candidate of the square on implies the same node (cell
//! forcing chains). A propagation from a candidate on is made once per search and
//! shared by its square's chains and its units' chains.

use super::hint::{Kind, Offer, Sink};
use super::node::{digit_of, is_on, node, square_of, units_of, Node, NodeSet};
use super::propagate::{run, Prop};
use super::store::Arena;
use super::unary::{new_links, reach as reached, Links, Static};
use super::{Ctx, Producer};
use crate::steps::marks::Marks;
use bitdoku_core::UNIT_SQUARES;

/// Sort keys: double forcing 1, cell 5, region 6, contradiction 7.
const DOUBLE: u8 = 1;
const CELL: u8 = 5;
const REGION: u8 = 6;
const CONTRADICTION: u8 = 7;

/// The propagations from candidates on, made once each.
struct Cache {
    index: [u32; 729],
    /// Boxed: a propagation is large, and the vector grows and is emptied into
    /// the pool.
    #[allow(clippy::vec_box)]
    props: Vec<Box<Prop>>,
}

impl Cache {
    fn new() -> Cache {
        Cache {
            index: [u32::MAX; 729],
            props: Vec::new(),
        }
    }

    /// The propagation of digit `d + 1` on in square `s`.
    #[allow(clippy::too_many_arguments)]
    fn get(
        &mut self,
        grid: &Marks,
        s: usize,
        d: usize,
        producer: Producer,
        ctx: &mut Ctx,
        limit: u32,
    ) -> usize {
        let c = d * 81 + s;
        if self.index[c] == u32::MAX {
            let mut prop = ctx.take_prop(grid);
            run(&mut prop, grid, node(s, d, true), producer, ctx, limit);
            self.index[c] = self.props.len() as u32;
            self.props.push(prop);
        }
        self.index[c] as usize
    }
}

/// How far propagations need to go: the complexity the sink can still use. At
/// levels 1 and up, the techniques inside chains add nodes out of order of depth, so
/// propagations go to the end.
fn reach(producer: Producer, sink: &mut dyn Sink) -> u32 {
    if producer.level > 0 {
        u32::MAX
    } else {
        sink.limit(producer.base(), DOUBLE)
    }
}

/// Removals and a placement.
type Conclusion = ([u128; 9], Option<(u8, u8)>);

/// What removing or placing `n` does: an "on" node removes its square's other
/// candidates (and places the digit), an "off" node removes itself. `None` if that
/// removes nothing.
fn conclusion(grid: &Marks, n: Node) -> Option<Conclusion> {
    let (s, d) = (square_of(n), digit_of(n));
    let mut removes = [0u128; 9];
    if is_on(n) {
        let mut others = grid.candidates(s) & !(1 << d);
        if others == 0 {
            return None;
        }
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            removes[e] = 1 << s;
        }
        Some((removes, Some((s as u8, d as u8))))
    } else {
        removes[d] = 1 << s;
        Some((removes, None))
    }
}

/// What a chain nested in a chain can use that the outer grid had not: its grid
/// `old`, and the nodes reached from the new strong links' "on" ends (see
/// [`super::unary::new_links`]). A static propagation from `on(s)` uses such a link
/// only if `off(s)` is among them; a cell or region chain whose branches use none,
/// on a square or unit the outer chain has not touched, was there in the outer grid.
pub(super) struct Since<'a> {
    old: &'a Marks,
    reach: NodeSet,
}

impl Since<'_> {
    fn cell(&self, grid: &Marks, s: usize) -> bool {
        let c = grid.candidates(s);
        c != self.old.candidates(s)
            || (0..9).any(|d| c >> d & 1 == 1 && self.reach.off[d] >> s & 1 == 1)
    }

    fn region(&self, grid: &Marks, unit: u128, d: usize) -> bool {
        let places = grid.places(d) & unit;
        places != self.old.places(d) & unit || places & self.reach.off[d] != 0
    }
}

/// Every step of `producer` on `grid`, offered to `sink` in Sudoku Explainer's order
/// of discovery; with `since` (static producers), only those that can rest on what
/// `grid` lost since `since`. Nishio looks only at the chains of `digits` (the
/// others ignore it).
pub(super) fn search(
    grid: &Marks,
    producer: Producer,
    since: Option<&Marks>,
    digits: u16,
    ctx: &mut Ctx,
    sink: &mut dyn Sink,
) {
    let since = since.map(|old| {
        let g = Static::new(grid);
        let links = Links::new(&g);
        let mut pairs = Vec::new();
        new_links(&g, old, &mut pairs);
        let mut ends = [0u128; 9];
        for &(a, b) in &pairs {
            for n in [a, b] {
                ends[digit_of(n)] |= 1 << square_of(n);
            }
        }
        Since {
            old,
            reach: if pairs.is_empty() {
                NodeSet::EMPTY
            } else {
                reached(&g, &links, ends, true, true)
            },
        }
    });
    let mut cache = Cache::new();
    let mut off = ctx.take_prop(grid);
    for s in 0..81 {
        if grid.value(s) != 0 {
            continue;
        }
        if !sink.keep_going() {
            break;
        }
        let card = grid.candidates(s).count_ones();
        if card > 2 || (card > 1 && producer.dynamic) {
            square(
                grid,
                producer,
                since.as_ref(),
                digits,
                ctx,
                sink,
                &mut cache,
                &mut off,
                s,
            );
        }
    }
    ctx.give_prop(off);
    for prop in cache.props {
        ctx.give_prop(prop);
    }
}

/// The chains from square `s`.
#[allow(clippy::too_many_arguments)]
fn square(
    grid: &Marks,
    producer: Producer,
    since: Option<&Since>,
    digits: u16,
    ctx: &mut Ctx,
    sink: &mut dyn Sink,
    cache: &mut Cache,
    off: &mut Prop,
    s: usize,
) {
    let base = producer.base();
    let cell = grid.candidates(s);
    let card = cell.count_ones();
    let double = card >= 3 && !producer.nishio && producer.dynamic;
    let contradiction = producer.dynamic || producer.nishio;
    let want_cell = since.is_none_or(|f| f.cell(grid, s));
    let mut common = NodeSet::EMPTY;
    let mut branches = [usize::MAX; 9];
    let mut first = usize::MAX;
    let mut ds = if producer.nishio { cell & digits } else { cell };
    while ds != 0 {
        let d = ds.trailing_zeros() as usize;
        ds &= ds - 1;
        if !want_cell
            && !units_of(s)
                .into_iter()
                .any(|u| since.is_none_or(|f| f.region(grid, UNIT_SQUARES[u], d)))
        {
            continue;
        }
        let limit = reach(producer, sink);
        let on = cache.get(grid, s, d, producer, ctx, limit);
        if contradiction {
            if let Some((a, b)) = cache.props[on].conflict {
                let arena = &cache.props[on].arena;
                let mut removes = [0u128; 9];
                removes[d] = 1 << s;
                let targets = [(arena, a), (arena, b)];
                offer(
                    ctx,
                    sink,
                    Kind::Contradiction,
                    base,
                    CONTRADICTION,
                    &targets,
                    removes,
                    None,
                    1 << s,
                );
            }
        }
        // The propagation from the candidate off serves only contradictions and
        // double chains (the static producer has neither).
        if contradiction || double {
            let limit = reach(producer, sink);
            run(off, grid, node(s, d, false), producer, ctx, limit);
        }
        if contradiction {
            if let Some((a, b)) = off.conflict {
                if let Some((removes, place)) = conclusion(grid, node(s, d, true)) {
                    let targets = [(&off.arena, a), (&off.arena, b)];
                    offer(
                        ctx,
                        sink,
                        Kind::Contradiction,
                        base,
                        CONTRADICTION,
                        &targets,
                        removes,
                        place,
                        1 << s,
                    );
                }
            }
        }
        if double {
            let from_on = &cache.props[on];
            for order in [&from_on.order_on, &from_on.order_off] {
                for &e in order.iter() {
                    let n = from_on.arena.get(e).node;
                    if !off.set.contains(n) {
                        continue;
                    }
                    let Some((removes, place)) = conclusion(grid, n) else {
                        continue;
                    };
                    let targets = [(&from_on.arena, e), (&off.arena, off.entry(n))];
                    offer(
                        ctx,
                        sink,
                        Kind::Double,
                        base,
                        DOUBLE,
                        &targets,
                        removes,
                        place,
                        1 << s | 1 << square_of(n),
                    );
                }
            }
        }
        if !producer.nishio {
            regions(grid, producer, since, ctx, sink, cache, s, d, on);
            if !want_cell {
                continue;
            }
            if first == usize::MAX {
                first = on;
                common = cache.props[on].set;
            } else {
                common.retain(&cache.props[on].set);
            }
            branches[d] = on;
        }
    }
    if producer.nishio || first == usize::MAX || common.is_empty() {
        return;
    }
    let props = &cache.props;
    let lead = &props[first];
    for order in [&lead.order_on, &lead.order_off] {
        for &e in order.iter() {
            let n = lead.arena.get(e).node;
            if !common.contains(n) {
                continue;
            }
            let Some((removes, place)) = conclusion(grid, n) else {
                continue;
            };
            let mut targets: [(&Arena, u32); 9] = [(&lead.arena, 0); 9];
            let mut k = 0;
            for &b in branches.iter().filter(|&&b| b != usize::MAX) {
                targets[k] = (&props[b].arena, props[b].entry(n));
                k += 1;
            }
            offer(
                ctx,
                sink,
                Kind::Cell,
                base,
                CELL,
                &targets[..k],
                removes,
                place,
                1 << s | 1 << square_of(n),
            );
        }
    }
}

/// The region chains of digit `d + 1` from square `s`, whose propagation on is
/// `on`.
#[allow(clippy::too_many_arguments)]
fn regions(
    grid: &Marks,
    producer: Producer,
    since: Option<&Since>,
    ctx: &mut Ctx,
    sink: &mut dyn Sink,
    cache: &mut Cache,
    s: usize,
    d: usize,
    on: usize,
) {
    let base = producer.base();
    for u in units_of(s) {
        let places = grid.places(d) & UNIT_SQUARES[u];
        let count = places.count_ones();
        if !(count == 2 || (producer.multiple && count > 2))
            || places.trailing_zeros() as usize != s
            || since.is_some_and(|f| !f.region(grid, UNIT_SQUARES[u], d))
        {
            continue;
        }
        let mut branches = [usize::MAX; 9];
        let mut k = 0;
        let mut common = cache.props[on].set;
        let mut rest = places;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let b = if t == s {
                on
            } else {
                let limit = reach(producer, sink);
                let b = cache.get(grid, t, d, producer, ctx, limit);
                common.retain(&cache.props[b].set);
                b
            };
            branches[k] = b;
            k += 1;
        }
        if common.is_empty() {
            continue;
        }
        let props = &cache.props;
        let lead = &props[on];
        for order in [&lead.order_on, &lead.order_off] {
            for &e in order.iter() {
                let n = lead.arena.get(e).node;
                if !common.contains(n) {
                    continue;
                }
                let Some((removes, place)) = conclusion(grid, n) else {
                    continue;
                };
                let mut targets: [(&Arena, u32); 9] = [(&lead.arena, 0); 9];
                for (i, &b) in branches[..k].iter().enumerate() {
                    targets[i] = (&props[b].arena, props[b].entry(n));
                }
                let kind = Kind::Region {
                    unit: u as u8,
                    digit: d as u8,
                };
                offer(
                    ctx,
                    sink,
                    kind,
                    base,
                    REGION,
                    &targets[..k],
                    removes,
                    place,
                    1 << square_of(n),
                );
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn offer(
    ctx: &mut Ctx,
    sink: &mut dyn Sink,
    kind: Kind,
    base: f64,
    sort_key: u8,
    targets: &[(&Arena, u32)],
    removes: [u128; 9],
    place: Option<(u8, u8)>,
    cells: u128,
) {
    sink.offer(
        ctx,
        &Offer {
            kind,
            base,
            sort_key,
            targets,
            removes,
            place,
            cells,
        },
    );
}
