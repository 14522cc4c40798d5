//! `Unit`: a row, a column or a box, and the compile-time tables of units and peers.
//!
//! Units are numbered 0..27: rows `A`..`I` are 0..9, columns `1`..`9` are 9..18, boxes
//! are 18..27 (left to right, top to bottom). Every table here is a `const`, built by
//! `const fn` at compile time, so the solver indexes plain arrays.

use crate::Square;
use core::fmt;

/// A row, column or box: nine squares that must hold the nine digits.
///
/// ```
/// use bitdoku_core::{Square, Unit};
/// let c2: Square = "C2".parse().unwrap();
/// let names: Vec<String> = Unit::of(c2).iter().map(|u| u.to_string()).collect();
/// assert_eq!(names, ["row C", "column 2", "box 1"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Unit(u8);

/// What kind of unit a [`Unit`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnitKind {
    /// A row, `A` to `I`.
    Row,
    /// A column, `1` to `9`.
    Column,
    /// A 3x3 box.
    Box,
}

impl Unit {
    /// The unit with index `i` (0..27), or `None`.
    #[inline]
    pub const fn new(i: usize) -> Option<Unit> {
        if i < 27 {
            Some(Unit(i as u8))
        } else {
            None
        }
    }

    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> + Clone {
        (0..27u8).map(Unit)
    }

    /// Index 0..27.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, column or box.
    #[inline]
    pub const fn kind(self) -> UnitKind {
        match self.0 / 9 {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }

    /// The nine squares of the unit, in row-major order.
    #[inline]
    pub const fn squares(self) -> &'static [Square; 9] {
        &UNITS[self.0 as usize]
    }

    /// The three units of a square: its row, its column and its box.
    #[inline]
    pub const fn of(square: Square) -> [Unit; 3] {
        [
            Unit(square.row() as u8),
            Unit(9 + square.column() as u8),
            Unit(18 + square.box_index() as u8),
        ]
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.0 % 9;
        match self.kind() {
            UnitKind::Row => write!(f, "row {}", (b'A' + i) as char),
            UnitKind::Column => write!(f, "column {}", i + 1),
            UnitKind::Box => write!(f, "box {}", i + 1),
        }
    }
}

/// The 27 units as squares: rows, columns, boxes.
pub const UNITS: [[Square; 9]; 27] = build_units();

/// The 20 peers of each square: the other squares of its row, column and box.
pub const PEERS: [[Square; 20]; 81] = build_peers();

/// The 20 peers of each square as bits of a `u128` (bit `s` for square `s`).
pub const PEER_BITS: [u128; 81] = build_peer_bits();

/// For each square, a 27-bit set of its three units (bit `u` for unit `u`).
pub const UNIT_BITS: [u32; 81] = build_unit_bits();

/// The 9 squares of each unit as bits of a `u128` (bit `s` for square `s`).
pub const UNIT_SQUARES: [u128; 27] = build_unit_squares();

const fn build_unit_squares() -> [u128; 27] {
    let mut bits = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        while k < 9 {
            bits[u] |= 1 << UNITS[u][k].index();
            k += 1;
        }
        u += 1;
    }
    bits
}

const fn build_units() -> [[Square; 9]; 27] {
    let mut units = [[Square::from_index(0); 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = Square::from_index(i * 9 + j);
            units[9 + i][j] = Square::from_index(j * 9 + i);
            let (br, bc) = (i / 3 * 3, i % 3 * 3);
            units[18 + i][j] = Square::from_index((br + j / 3) * 9 + bc + j % 3);
            j += 1;
        }
        i += 1;
    }
    units
}

const fn build_peers() -> [[Square; 20]; 81] {
    let mut peers = [[Square::from_index(0); 20]; 81];
    let mut s = 0;
    while s < 81 {
        let (r, c) = (s / 9, s % 9);
        let mut n = 0;
        let mut t = 0;
        while t < 81 {
            let (tr, tc) = (t / 9, t % 9);
            let same_box = r / 3 == tr / 3 && c / 3 == tc / 3;
            if t != s && (r == tr || c == tc || same_box) {
                peers[s][n] = Square::from_index(t);
                n += 1;
            }
            t += 1;
        }
        assert!(n == 20);
        s += 1;
    }
    peers
}

const fn build_peer_bits() -> [u128; 81] {
    let mut bits = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let mut k = 0;
        while k < 20 {
            bits[s] |= 1 << PEERS[s][k].index();
            k += 1;
        }
        s += 1;
    }
    bits
}

const fn build_unit_bits() -> [u32; 81] {
    let mut bits = [0u32; 81];
    let mut s = 0;
    while s < 81 {
        let sq = Square::from_index(s);
        bits[s] = 1 << sq.row() | 1 << (9 + sq.column()) | 1 << (18 + sq.box_index());
        s += 1;
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|s| s.to_string()).collect()
    }

    /// Norvig's `test()`: 81 squares, 27 units, 3 units and 20 peers each, and the exact
    /// units and peers of C2.
    #[test]
    fn norvig_unit_test() {
        assert_eq!(Square::all().count(), 81);
        assert_eq!(UNITS.len(), 27);
        for s in Square::all() {
            let units = Unit::of(s);
            assert_eq!(units.len(), 3);
            for u in units {
                assert!(u.squares().contains(&s));
            }
            assert_eq!(PEERS[s.index()].len(), 20);
            let mut from_units: Vec<Square> = units
                .iter()
                .flat_map(|u| u.squares().iter().copied())
                .filter(|&t| t != s)
                .collect();
            from_units.sort();
            from_units.dedup();
            assert_eq!(from_units, PEERS[s.index()].to_vec());
        }
        let c2 = sq("C2");
        let units: Vec<Vec<String>> = Unit::of(c2).iter().map(|u| names(u.squares())).collect();
        assert_eq!(
            units,
            [
                vec!["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"],
                vec!["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"],
                vec!["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"],
            ]
        );
        let mut peers = names(&PEERS[c2.index()]);
        peers.sort();
        let mut expected = vec![
            "A2", "B2", "D2", "E2", "F2", "G2", "H2", "I2", "C1", "C3", "C4", "C5", "C6", "C7",
            "C8", "C9", "A1", "A3", "B1", "B3",
        ];
        expected.sort();
        assert_eq!(peers, expected);
    }

    #[test]
    fn unit_bits_match_units() {
        for s in Square::all() {
            let expected = Unit::of(s).iter().fold(0, |m, u| m | 1 << u.index());
            assert_eq!(UNIT_BITS[s.index()], expected);
            for u in Unit::all() {
                let inside = UNIT_SQUARES[u.index()] >> s.index() & 1 == 1;
                assert_eq!(inside, u.squares().contains(&s));
            }
        }
    }
}
