//! `Marks`: the grid as a human solver sees it, solved squares and the candidates of
//! the others, on which every technique looks for its pattern.
//!
//! ```text
//!   values:  [u8; 81]    the digit of a solved square, 0 for an unsolved one
//!   cells:   [u16; 81]   the candidates of an unsolved square (bit d-1: digit d);
//!                        0 for a solved one (it has a value, no candidates)
//!   places:  [u128; 9]   bit s of places[d-1]: unsolved square s still has digit d
//!                        (the same candidates by digit, kept in step)
//!   solved:  u128        the solved squares
//! ```
//!
//! As in Sudoku Explainer, placing a digit removes it from the candidates of its 20
//! peers at once; a square left with one candidate is not solved until a technique
//! (a naked single) places it. A puzzle of givens starts with the givens placed; a
//! pencilmark puzzle starts with every square unsolved and the candidates it lists.

use crate::masks::{ALL, ALL_SQUARES};
use bitdoku_core::{Board, Candidates, Grid, Puzzle, Square, PEER_BITS, UNIT_SQUARES};

/// The solved squares and the candidates of the others. As in Sudoku Explainer,
/// placing a digit removes it from its 20 peers at once, and a square left with one
/// candidate stays unsolved until a naked single places it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Marks {
    values: [u8; 81],
    cells: [u16; 81],
    places: [u128; 9],
    solved: u128,
}

impl Marks {
    /// The start of a puzzle: givens placed (each taken from its peers), or a
    /// pencilmark puzzle's candidates (a square with one candidate that no peer has is
    /// solved, as Sudoku Explainer reads them). `None` if a given repeats in a unit.
    pub fn new(puzzle: &Puzzle) -> Option<Marks> {
        let mut marks = Marks {
            values: [0; 81],
            cells: [ALL; 81],
            places: [ALL_SQUARES; 9],
            solved: 0,
        };
        match puzzle {
            Puzzle::Givens(grid) => {
                for (s, &v) in grid.values().iter().enumerate() {
                    if v != 0 {
                        let d = usize::from(v - 1);
                        if marks.cells[s] >> d & 1 == 0 {
                            return None;
                        }
                        marks.place(s, d);
                    }
                }
            }
            Puzzle::Candidates(board) => {
                for (s, c) in board.0.iter().enumerate() {
                    let gone = ALL & !c.bits();
                    for d in 0..9 {
                        if gone >> d & 1 != 0 {
                            marks.eliminate(s, d);
                        }
                    }
                }
                // As Sudoku Explainer reads pencilmarks: a square with one candidate
                // that no peer still has is a solved square, in one pass in square
                // order.
                for (s, &peers) in PEER_BITS.iter().enumerate() {
                    let c = marks.cells[s];
                    if c != 0 && c & (c - 1) == 0 {
                        let d = c.trailing_zeros() as usize;
                        if marks.places[d] & peers == 0 {
                            marks.place(s, d);
                        }
                    }
                }
            }
        }
        Some(marks)
    }

    /// The candidates of square `s` (0 if it is solved).
    #[inline]
    pub fn candidates(&self, s: usize) -> u16 {
        self.cells[s]
    }

    /// The digit of square `s`, 0 if it is unsolved.
    #[inline]
    pub fn value(&self, s: usize) -> u8 {
        self.values[s]
    }

    /// The unsolved squares that still have digit `d + 1`.
    #[inline]
    pub fn places(&self, d: usize) -> u128 {
        self.places[d]
    }

    /// The solved squares.
    #[inline]
    pub fn solved(&self) -> u128 {
        self.solved
    }

    /// The unsolved squares.
    #[inline]
    pub fn unsolved(&self) -> u128 {
        ALL_SQUARES & !self.solved
    }

    /// True when every square is solved.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.solved == ALL_SQUARES
    }

    /// The places of digit `d + 1` in unit `u`, as bits of the unit's positions (bit
    /// `i`: the unit's `i`-th square, in [`UNITS`](bitdoku_core::UNITS) order).
    #[inline]
    pub fn positions(&self, u: usize, d: usize) -> u16 {
        let places = self.places[d];
        // Shifts for the unit's layout: a row is 9 bits in a row, a column one bit in
        // every 9, a box three runs of 3 bits 9 apart.
        let out = match u {
            0..9 => places >> (9 * u),
            9..18 => {
                let c = u - 9;
                let mut out = 0;
                for i in 0..9 {
                    out |= (places >> (9 * i + c) & 1) << i;
                }
                out
            }
            _ => {
                let b = u - 18;
                let first = b / 3 * 27 + b % 3 * 3;
                (places >> first & 7)
                    | (places >> (first + 9) & 7) << 3
                    | (places >> (first + 18) & 7) << 6
            }
        };
        (out & 0x1FF) as u16
    }

    /// How many squares of unit `u` are unsolved.
    #[inline]
    pub fn open_in(&self, u: usize) -> u32 {
        (UNIT_SQUARES[u] & !self.solved).count_ones()
    }

    /// The squares where digit `d + 1` is placed.
    pub fn placed(&self, d: usize) -> u128 {
        let mut out = 0;
        let mut left = self.solved;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            out |= u128::from(usize::from(self.values[s]) == d + 1) << s;
        }
        out
    }

    /// Places digit `d + 1` in square `s` (which must hold it): `s` is solved and loses
    /// its candidates, and the digit leaves its peers' candidates.
    pub fn place(&mut self, s: usize, d: usize) {
        let bit = 1u128 << s;
        let mut gone = self.cells[s];
        while gone != 0 {
            let e = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            self.places[e] &= !bit;
        }
        self.cells[s] = 0;
        self.values[s] = d as u8 + 1;
        self.solved |= bit;
        let mut peers = self.places[d] & PEER_BITS[s];
        self.places[d] &= !peers;
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            self.cells[p] &= !(1 << d);
        }
    }

    /// Removes digit `d + 1` from the candidates of square `s` (nothing if it has not
    /// got it).
    #[inline]
    pub fn eliminate(&mut self, s: usize, d: usize) {
        self.cells[s] &= !(1 << d);
        self.places[d] &= !(1u128 << s);
    }

    /// The solved squares as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.values)
    }

    /// Every square's candidates, a solved square's being its digit (the grid Norvig
    /// prints).
    pub fn board(&self) -> Board {
        let mut board = Board::FULL;
        for (s, c) in board.0.iter_mut().enumerate() {
            *c = Candidates::from_bits(match self.values[s] {
                0 => self.cells[s],
                v => 1 << (v - 1),
            });
        }
        board
    }

    /// True if `places` agrees with `cells` and the solved squares (for debug
    /// assertions and tests).
    pub(crate) fn consistent(&self) -> bool {
        (0..81).all(|s| {
            let solved = self.solved >> s & 1 == 1;
            solved == (self.values[s] != 0)
                && (!solved || self.cells[s] == 0)
                && (0..9).all(|d| (self.cells[s] >> d & 1 == 1) == (self.places[d] >> s & 1 == 1))
        })
    }
}

/// The number of members of a 9-bit set, from a table: without the `popcnt`
/// instruction (not in the baseline x86-64), `count_ones` is a dozen operations.
#[inline]
pub(crate) fn count9(set: u16) -> u32 {
    u32::from(COUNT9[usize::from(set) & 511])
}

const COUNT9: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// True if `set` has exactly one member (cheaper than a `count_ones` without
/// `popcnt`).
#[inline]
pub(crate) fn is_single(set: u128) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// True if `set` has `m` members or more.
#[inline]
pub(crate) fn at_least(mut set: u128, m: usize) -> bool {
    if m == 0 {
        return true;
    }
    for _ in 1..m {
        set &= set.wrapping_sub(1);
    }
    set != 0
}

/// True if `set` has exactly two members.
#[inline]
pub(crate) fn is_pair(set: u128) -> bool {
    is_single(set & set.wrapping_sub(1))
}

/// The digits whose places differ between `marks` and `old`, when `marks` is `old`
/// with candidates removed (a grid later on the same path); all nine otherwise, or
/// without `old`. For the techniques that look at one digit's places at a time and
/// remember the last grid where they found nothing: only these digits can have a
/// pattern now.
pub(crate) fn changed_digits(marks: &Marks, old: Option<&Marks>) -> u16 {
    let Some(old) = old else {
        return ALL;
    };
    let mut changed = 0;
    for d in 0..9 {
        let (now, then) = (marks.places(d), old.places(d));
        if now & !then != 0 {
            return ALL;
        }
        changed |= u16::from(now != then) << d;
    }
    changed
}

/// The squares of a set, in order.
pub(crate) fn squares(mut set: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            s
        })
    })
}

/// The square of index `s` (0..81; the index is taken modulo 81, so no bound check can
/// fail).
#[inline]
pub(crate) fn square(s: usize) -> Square {
    Square::ALL[s % 81]
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn givens_are_placed_and_leave_their_peers() {
        let grid: Grid = GRID1.parse().unwrap();
        let marks = Marks::new(&grid.into()).unwrap();
        assert!(marks.consistent());
        assert_eq!(marks.grid(), grid);
        assert_eq!(marks.solved().count_ones(), 17);
        // A2 sees 4 (A1), 8 and 5 (row A), 3 (B2), 2 (D2): 1, 6, 7 and 9 are left.
        assert_eq!(marks.candidates(1), 0b1_0110_0001);
        assert_eq!(marks.positions(0, 3), 0, "4 is placed in row A");
        let mut values = *grid.values();
        values[1] = 4; // a second 4 in row A
        let repeated = Grid::from_values(values);
        assert!(Marks::new(&repeated.into()).is_none());
    }

    #[test]
    fn a_pencilmark_puzzle_starts_unsolved() {
        let board = Board::from_grid(&GRID1.parse().unwrap());
        let marks = Marks::new(&board.into()).unwrap();
        assert!(marks.consistent());
        // The givens' digits are still candidates of their peers: none is solved.
        assert_eq!(marks.solved(), 0);
        assert_eq!(marks.candidates(0), 1 << 3);
        assert_eq!(marks.board(), board);
        // Propagated, the givens no peer shares are solved.
        let propagated = crate::propagate(board).unwrap();
        let marks = Marks::new(&propagated.into()).unwrap();
        assert!(marks.consistent());
        assert_eq!(marks.value(0), 4);
    }

    #[test]
    fn positions_follow_unit_order() {
        let marks = Marks::new(&Puzzle::Givens(Grid::EMPTY)).unwrap();
        for u in 0..27 {
            assert_eq!(marks.positions(u, 4), 0x1FF);
            assert_eq!(marks.open_in(u), 9);
        }
        let mut one = marks;
        one.eliminate(10, 2); // B2
        assert_eq!(one.positions(1, 2), 0x1FF & !(1 << 1)); // row B, position 2
        assert_eq!(one.positions(10, 2), 0x1FF & !(1 << 1)); // column 2, position B
        assert_eq!(one.positions(18, 2), 0x1FF & !(1 << 4)); // box 1, centre

        // Every unit and digit of a puzzle, against the squares of UNITS one by one.
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let marks = Marks::new(&Puzzle::Givens(grid)).unwrap();
        for (u, unit) in bitdoku_core::UNITS.iter().enumerate() {
            for d in 0..9 {
                let slow = unit.iter().enumerate().fold(0u16, |m, (i, sq)| {
                    m | u16::from(marks.places(d) >> sq.index() & 1 == 1) << i
                });
                assert_eq!(marks.positions(u, d), slow, "unit {u}, digit {d}");
            }
        }
    }
}
