//! Chain nodes: a candidate (square, digit) that a chain turns on or off, numbered
//! `on * 729 + digit * 81 + square`, so that the nodes of one polarity and one digit
//! are one bit range and a set of nodes is two `[u128; 9]` bitboards (on, off), the
//! shape of [`Marks`](crate::steps::Marks)' `places`.
//!
//! `bitvec` was tried for these sets: a `BitArray<[u64; 23]>` over the 1458 nodes
//! against the two `[u128; 9]`, on the propagation's pattern (2M membership tests and
//! inserts of single nodes, and one digit's 81-square row read, masked with a grid
//! bitboard and written back every eighth operation): 28.8 ms against 10.6 ms (best
//! of 15 rounds, AMD EPYC, machine shared). The rows of a dense bit array straddle
//! words, so they cost a load and a store through `bitvec`'s bit-field access where
//! the plain arrays have one `u128` per row; the plain arrays stay.

use bitdoku_core::{PEER_BITS, UNIT_SQUARES};

/// A node: `on * 729 + d * 81 + s`.
pub(super) type Node = u16;

/// How many nodes there are.
pub(super) const NODES: usize = 1458;

/// The node of digit `d + 1` in square `s`, on or off.
#[inline]
pub(super) const fn node(s: usize, d: usize, on: bool) -> Node {
    ((on as usize) * 729 + d * 81 + s) as Node
}

/// The square and digit of every node (a division by 81 costs more than a look-up).
/// (2048 entries, so that a mask keeps the index in bounds).
const DECODE: [(u8, u8); 2048] = {
    let mut table = [(0u8, 0u8); 2048];
    let mut n = 0;
    while n < NODES {
        table[n] = (((n % 729) % 81) as u8, ((n % 729) / 81) as u8);
        n += 1;
    }
    table
};

/// The square of a node.
#[inline]
pub(super) const fn square_of(n: Node) -> usize {
    DECODE[n as usize & 2047].0 as usize
}

/// The digit (0-based) of a node.
#[inline]
pub(super) const fn digit_of(n: Node) -> usize {
    DECODE[n as usize & 2047].1 as usize
}

/// True if the node turns its candidate on.
#[inline]
pub(super) const fn is_on(n: Node) -> bool {
    n as usize >= 729
}

/// The same candidate with the other polarity.
#[inline]
pub(super) const fn conjugate(n: Node) -> Node {
    if is_on(n) {
        n - 729
    } else {
        n + 729
    }
}

/// Why a chain turns a node on or off: Sudoku Explainer's causes. A node turned off
/// by an "on" node of the same square is `Cell`, one of the same digit in a unit is
/// that unit's kind; a node turned on because its square has one candidate left is
/// `Cell`, because its digit has one place left in a unit is that unit's kind.
/// `Advanced` is a deduction of another technique inside a chain; `Start` is the
/// assumption a chain starts from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cause {
    Start,
    Cell,
    Box,
    Row,
    Column,
    Advanced,
}

impl Cause {
    /// The unit of this kind that holds square `s` (for the unit kinds).
    #[allow(dead_code)] // the techniques inside chains (stage 3)
    #[inline]
    pub(super) fn unit(self, s: usize) -> Option<usize> {
        match self {
            Cause::Box => Some(box_of(s)),
            Cause::Row => Some(row_of(s)),
            Cause::Column => Some(column_of(s)),
            _ => None,
        }
    }

    /// The cause that names unit `u`'s kind.
    #[inline]
    pub(super) fn of_unit(u: usize) -> Cause {
        match u {
            0..9 => Cause::Row,
            9..18 => Cause::Column,
            _ => Cause::Box,
        }
    }
}

/// The units of each square: row, column, box (128 entries, so that a mask keeps an
/// index in bounds).
const UNITS_OF: [[u8; 3]; 128] = {
    let mut table = [[0u8; 3]; 128];
    let mut s = 0;
    while s < 81 {
        table[s] = [
            (s / 9) as u8,
            (9 + s % 9) as u8,
            (18 + s / 27 * 3 + s % 9 / 3) as u8,
        ];
        s += 1;
    }
    table
};

/// The peers of each square in its box, in its row outside the box, in its column
/// outside the box.
const PEERS_BY_KIND: [[u128; 3]; 128] = {
    let mut table = [[0u128; 3]; 128];
    let mut s = 0;
    while s < 81 {
        let [r, c, b] = UNITS_OF[s];
        let (r, c, b) = (
            UNIT_SQUARES[r as usize],
            UNIT_SQUARES[c as usize],
            UNIT_SQUARES[b as usize],
        );
        table[s] = [b & !(1u128 << s), r & !b, c & !b];
        s += 1;
    }
    table
};

/// The row (unit 0..9) of square `s`.
#[inline]
pub(super) const fn row_of(s: usize) -> usize {
    UNITS_OF[s & 127][0] as usize
}

/// The column (unit 9..18) of square `s`.
#[inline]
pub(super) const fn column_of(s: usize) -> usize {
    UNITS_OF[s & 127][1] as usize
}

/// The box (unit 18..27) of square `s`.
#[inline]
pub(super) const fn box_of(s: usize) -> usize {
    UNITS_OF[s & 127][2] as usize
}

/// The units of square `s` in Sudoku Explainer's order for chains: box, row, column.
#[inline]
pub(super) const fn units_of(s: usize) -> [usize; 3] {
    let [r, c, b] = UNITS_OF[s & 127];
    [b as usize, r as usize, c as usize]
}

/// The peers of `s` in its box.
#[inline]
pub(super) fn box_peers(s: usize) -> u128 {
    PEERS_BY_KIND[s & 127][0]
}

/// The peers of `s` in its row, outside its box.
#[inline]
pub(super) fn row_peers(s: usize) -> u128 {
    PEERS_BY_KIND[s & 127][1]
}

/// The peers of `s` in its column, outside its box.
#[inline]
pub(super) fn column_peers(s: usize) -> u128 {
    PEERS_BY_KIND[s & 127][2]
}

/// All peers of `s`.
#[inline]
pub(super) fn peers(s: usize) -> u128 {
    PEER_BITS[s]
}

/// A set of nodes: on and off bitboards by digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct NodeSet {
    pub(super) on: [u128; 9],
    pub(super) off: [u128; 9],
}

impl NodeSet {
    /// The empty set.
    pub(super) const EMPTY: NodeSet = NodeSet {
        on: [0; 9],
        off: [0; 9],
    };

    /// True if `n` is in the set.
    #[inline]
    pub(super) fn contains(&self, n: Node) -> bool {
        let (s, d) = (square_of(n), digit_of(n));
        let set = if is_on(n) { &self.on } else { &self.off };
        set[d] >> s & 1 == 1
    }

    /// Adds `n`.
    #[inline]
    pub(super) fn insert(&mut self, n: Node) {
        let (s, d) = (square_of(n), digit_of(n));
        let set = if is_on(n) {
            &mut self.on
        } else {
            &mut self.off
        };
        set[d] |= 1 << s;
    }

    /// Keeps only the nodes also in `other`.
    #[inline]
    pub(super) fn retain(&mut self, other: &NodeSet) {
        for d in 0..9 {
            self.on[d] &= other.on[d];
            self.off[d] &= other.off[d];
        }
    }

    /// True if the set is empty.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.on.iter().chain(&self.off).all(|&b| b == 0)
    }
}

/// A bitset over all nodes, for visits.
#[derive(Clone)]
pub(super) struct Visited([u64; 23]);

impl Visited {
    pub(super) const fn new() -> Visited {
        Visited([0; 23])
    }

    #[inline]
    pub(super) fn clear(&mut self) {
        self.0 = [0; 23];
    }

    /// Marks `n`; true if it was not marked.
    #[inline]
    pub(super) fn mark(&mut self, n: Node) -> bool {
        let (w, b) = (n as usize / 64, n as usize % 64);
        let was = self.0[w] >> b & 1;
        self.0[w] |= 1 << b;
        was == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_round_trip() {
        for s in 0..81 {
            for d in 0..9 {
                for on in [false, true] {
                    let n = node(s, d, on);
                    assert_eq!((square_of(n), digit_of(n), is_on(n)), (s, d, on));
                    assert_eq!(conjugate(conjugate(n)), n);
                    assert_eq!(is_on(conjugate(n)), !on);
                }
            }
        }
        assert_eq!(box_of(40), 22);
        assert_eq!(box_of(80), 26);
        assert_eq!(box_peers(0) | row_peers(0) | column_peers(0), peers(0));
    }
}
