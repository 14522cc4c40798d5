//! Everything one assumption implies: Sudoku Explainer's propagation for its Nishio,
//! multiple and dynamic chains.
//!
//! Two queues, "on" nodes first: an "on" node turns off the square's other
//! candidates (not in Nishio) and the digit's other places in its box, row and
//! column; an "off" node turns on its square's last other candidate and its digit's
//! last other place in a unit. A dynamic propagation takes each "off" node out of its
//! own copy of the grid once it has used it, so later implications see the grid as
//! the assumption leaves it, and names the candidates taken out of a square or unit
//! as further parents of an "on" node it implies. A node implied on and off is a
//! contradiction: the search stops there. At levels 1 and up, whenever both queues
//! are empty, other techniques look at the grid the assumption left
//! ([`super::advanced`]) and their removals go on.
//!
//! A search may be given a complexity limit: a node whose children could only be in
//! chains longer than that is not followed. The queue of "off" nodes is in order of
//! depth, so what the search does before the cut is exactly what the full search
//! does, and a step it finds within the limit is the full search's.

use super::advanced;
use super::node::{
    box_peers, column_peers, conjugate, digit_of, is_on, node, row_peers, square_of, units_of,
    Cause, Node, NodeSet, NODES,
};
use super::store::{Arena, NO_NESTED};
use super::{Ctx, Producer};
use crate::steps::marks::{count9, is_single, Marks};
use bitdoku_core::UNIT_SQUARES;

/// One propagation: the nodes implied (`set`, and their entries in `arena` through
/// `slot`), in the order they were implied, and the contradiction if any.
pub(super) struct Prop {
    pub(super) set: NodeSet,
    slot: Vec<u32>,
    pub(super) arena: Arena,
    /// "On" entries in order (the queue of "on" nodes).
    pub(super) order_on: Vec<u32>,
    /// "Off" entries in order.
    pub(super) order_off: Vec<u32>,
    /// A node implied on and off: its "on" entry and its "off" entry.
    pub(super) conflict: Option<(u32, u32)>,
    /// The grid as the assumption leaves it (dynamic) or the grid (static).
    pub(super) grid: Marks,
    parents: Vec<u32>,
}

impl Prop {
    pub(super) fn new(grid: &Marks) -> Prop {
        Prop {
            set: NodeSet::EMPTY,
            slot: vec![0; NODES],
            arena: Arena::default(),
            order_on: Vec::new(),
            order_off: Vec::new(),
            conflict: None,
            grid: *grid,
            parents: Vec::new(),
        }
    }

    /// The entry of node `n`, which must be in the set.
    #[inline]
    pub(super) fn entry(&self, n: Node) -> u32 {
        self.slot[n as usize]
    }

    /// Adds a new node and its entry.
    #[inline]
    fn add(&mut self, n: Node, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let e = self.arena.push(n, cause, parents, nested);
        self.set.insert(n);
        self.slot[n as usize] = e;
        if is_on(n) {
            self.order_on.push(e);
        } else {
            self.order_off.push(e);
        }
        e
    }

    /// Adds "off" node of digit `d + 1` in square `s`, implied by entry `parent` alone.
    #[inline]
    fn add_off(&mut self, s: usize, d: usize, cause: Cause, parent: u32) {
        let n = node(s, d, false);
        let e = self.arena.push_one(n, cause, parent);
        self.set.off[d] |= 1 << s;
        self.slot[n as usize] = e;
        self.order_off.push(e);
    }

    /// Adds `n` implied by `parents` (entries) if it is new: for the techniques inside
    /// chains, which never check for contradictions.
    pub(super) fn add_advanced(&mut self, n: Node, parents: &[u32], nested: u32) {
        if !self.set.contains(n) {
            self.add(n, Cause::Advanced, parents, nested);
        }
    }

    /// The entry of a node implied by `parents` that is not added to the set (a
    /// contradiction's new half).
    #[inline]
    fn loose(&mut self, n: Node, cause: Cause, parents: &[u32]) -> u32 {
        self.arena.push(n, cause, parents, NO_NESTED)
    }
}

/// Runs the propagation of `start` on `source` into `prop`, following only nodes
/// that can still end within `limit` (complexity).
pub(super) fn run(
    prop: &mut Prop,
    source: &Marks,
    start: Node,
    producer: Producer,
    ctx: &mut Ctx,
    limit: u32,
) {
    prop.set = NodeSet::EMPTY;
    prop.arena.clear();
    prop.arena.reserve(NODES, 2 * NODES);
    prop.order_on.reserve(729);
    prop.order_off.reserve(729);
    prop.order_on.clear();
    prop.order_off.clear();
    prop.conflict = None;
    prop.grid = *source;
    let y = !producer.nishio;
    let dynamic = producer.dynamic;
    prop.add(start, Cause::Start, &[], NO_NESTED);
    let (mut hon, mut hoff) = (0, 0);
    loop {
        if hon < prop.order_on.len() {
            let p = prop.order_on[hon];
            hon += 1;
            let useful = u32::from(prop.arena.get(p).depth) + 2 <= limit;
            if on_to_off(prop, p, y, useful) {
                return;
            }
            continue;
        }
        if hoff < prop.order_off.len() {
            let p = prop.order_off[hoff];
            hoff += 1;
            if u32::from(prop.arena.get(p).depth) + 2 > limit {
                // Every later node is as deep: nothing more can be worth having.
                return;
            }
            if off_to_on(prop, source, p, y, dynamic) {
                return;
            }
            continue;
        }
        if producer.level > 0 && advanced::implications(prop, source, producer, ctx) {
            continue;
        }
        return;
    }
}

/// The nodes "on" entry `p` turns off; true on a contradiction. When not `useful`
/// only the contradiction is looked for. In Sudoku Explainer's order: the square's
/// other candidates, then the digit's places in the box, the row (outside the box),
/// the column (outside the box); worked out on bitboards.
#[inline]
fn on_to_off(prop: &mut Prop, p: u32, y: bool, useful: bool) -> bool {
    let n = prop.arena.get(p).node;
    let (s, d) = (square_of(n), digit_of(n));
    let others = if y {
        prop.grid.candidates(s) & !(1 << d)
    } else {
        0
    };
    let places = prop.grid.places(d);
    let units = [
        (places & box_peers(s), Cause::Box),
        (places & row_peers(s), Cause::Row),
        (places & column_peers(s), Cause::Column),
    ];
    // A contradiction: the first implied node whose opposite is on. The nodes
    // implied before it in order are added first, as Sudoku Explainer does.
    let mut ds = others;
    while ds != 0 {
        let e = ds.trailing_zeros() as usize;
        ds &= ds - 1;
        if prop.set.on[e] >> s & 1 == 1 {
            return clash(prop, p, node(s, e, false), Cause::Cell);
        }
        if useful && prop.set.off[e] >> s & 1 == 0 {
            prop.add_off(s, e, Cause::Cell, p);
        }
    }
    let on = prop.set.on[d];
    for &(set, cause) in &units {
        let hit = set & on;
        let before = if hit == 0 {
            set
        } else {
            set & ((hit & hit.wrapping_neg()) - 1)
        };
        if useful {
            let mut fresh = before & !prop.set.off[d];
            while fresh != 0 {
                let t = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                prop.add_off(t, d, cause, p);
            }
        }
        if hit != 0 {
            return clash(
                prop,
                p,
                node(hit.trailing_zeros() as usize, d, false),
                cause,
            );
        }
    }
    false
}

/// Records the contradiction of "off" node `off`, implied by `p`, whose opposite is
/// on; true.
#[inline]
fn clash(prop: &mut Prop, p: u32, off: Node, cause: Cause) -> bool {
    let stored = prop.entry(conjugate(off));
    let e = prop.loose(off, cause, &[p]);
    prop.conflict = Some((stored, e));
    true
}

/// The nodes "off" entry `p` turns on (and, dynamic, `p` leaves the grid); true on a
/// contradiction.
#[inline]
fn off_to_on(prop: &mut Prop, source: &Marks, p: u32, y: bool, dynamic: bool) -> bool {
    let n = prop.arena.get(p).node;
    let (s, d) = (square_of(n), digit_of(n));
    // The implied nodes: (node, cause, unit for a unit's last place).
    let mut implied = [(0 as Node, Cause::Start, 0usize); 4];
    let mut len = 0;
    let cell = prop.grid.candidates(s);
    if y && count9(cell) == 2 {
        let other = (cell & !(1 << d)).trailing_zeros() as usize;
        implied[0] = (node(s, other, true), Cause::Cell, 0);
        len = 1;
    }
    let places = prop.grid.places(d);
    for u in units_of(s) {
        let others = places & UNIT_SQUARES[u] & !(1u128 << s);
        if is_single(others) {
            let on = node(others.trailing_zeros() as usize, d, true);
            if !implied[..len].iter().any(|&(m, _, _)| m == on) {
                implied[len] = (on, Cause::of_unit(u), u);
                len += 1;
            }
        }
    }
    if dynamic {
        prop.grid.eliminate(s, d);
    }
    for &(on, cause, u) in &implied[..len] {
        let off = conjugate(on);
        let known = prop.set.contains(on);
        if !known || prop.set.contains(off) {
            // The parents: `p`, then (dynamic) what the grid has lost in the square
            // or unit, in order.
            let mut parents = core::mem::take(&mut prop.parents);
            parents.clear();
            parents.push(p);
            if dynamic {
                let t = square_of(on);
                if cause == Cause::Cell {
                    let mut gone = source.candidates(t) & !prop.grid.candidates(t) & !(1 << d);
                    while gone != 0 {
                        let e = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        parents.push(prop.entry(node(t, e, false)));
                    }
                } else {
                    let mut gone =
                        source.places(d) & UNIT_SQUARES[u] & !prop.grid.places(d) & !(1u128 << s);
                    while gone != 0 {
                        let q = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        parents.push(prop.entry(node(q, d, false)));
                    }
                }
            }
            if prop.set.contains(off) {
                let stored = prop.entry(off);
                let e = prop.loose(on, cause, &parents);
                prop.conflict = Some((e, stored));
                prop.parents = parents;
                return true;
            }
            prop.add(on, cause, &parents, NO_NESTED);
            prop.parents = parents;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_core::{Board, Candidates, Puzzle};

    #[test]
    fn a_bivalue_square_and_a_conjugate_pair_imply_on() {
        // Square A1 has candidates 1 and 2 only; digit 1 in row A only at A1, A5.
        let mut board = Board::FULL;
        board.0[0] = Candidates::from_bits(0b11);
        for c in 1..9 {
            if c != 4 {
                board.0[c] = Candidates::from_bits(0x1FE);
            }
        }
        let marks = Marks::new(&Puzzle::Candidates(board)).unwrap();
        let mut ctx = Ctx::default();
        let mut prop = Prop::new(&marks);
        run(
            &mut prop,
            &marks,
            node(0, 0, false),
            Producer::dynamic(0, 0),
            &mut ctx,
            u32::MAX,
        );
        assert!(prop.set.contains(node(0, 1, true)), "A1 = 2");
        assert!(prop.set.contains(node(4, 0, true)), "A5 = 1");
        assert!(prop.set.contains(node(14, 0, false)), "B6 <> 1");
        let e = prop.entry(node(4, 0, true));
        assert_eq!(prop.arena.get(e).depth, 1);
    }
}
