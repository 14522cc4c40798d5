//! Sandwich sums: a clue outside the grid gives the sum of the digits between the 1
//! and the N (the largest digit) in its row or column. Its cells hold exactly one 1 and
//! one N (a whole row or column always does).
//!
//! Read from the sudoku-puzzle rule `{"type": "sandwich", "side": "left", "cells":
//! ["r1c1", ..., "r1c9"], "sum": 15}` and the f-puzzles key `sandwichsum` (`{"cell":
//! "R1C0", "value": "15"}`: the clue's place beside the row or column; an entry without
//! a value is no clue); written back to both.
//!
//! Propagation, by the places of the 1 and the N: for each pair of places that can
//! hold them, the cells between (the bread's filling, `g` of them) must make the sum
//! with digits other than 1 and N: precomputed once per clue, the digits that some
//! filling of `g` cells uses (distinct digits when the cells share a house, else any).
//! A pair survives if its ends can hold the 1 and the N, every other cell a digit
//! other than 1 and N, and the filling cells, kept to those digits, can make the sum
//! (`totals`' sets of reachable sums); each cell keeps the digits its
//! surviving pairs give it.

use super::cage::combination_digits;
use super::outside::{self, Clue, Side};
use super::totals::sum_support;
use super::{Cells, Compiled, Prop};
use crate::format::json::Node;
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::Value;

/// A sandwich clue; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Sandwich {
    /// The side its clue sits on.
    pub side: Side,
    /// The cells it looks along, from the clue inwards.
    pub cells: Vec<Cell>,
    /// The sum of the digits between the 1 and the N.
    pub sum: u32,
}

impl Sandwich {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        outside::check_line(puzzle, self.side, &self.cells, false, at, "a sandwich")?;
        let n = puzzle.size() as u32;
        if n < 2 || self.cells.len() < 2 {
            return Err(ModelError::new(
                at,
                "a sandwich needs two cells and two digits (1 and N)",
            ));
        }
        // The filling: no cell (0), or cells of 2 to N - 1.
        let most = (self.cells.len() as u32 - 2) * n.saturating_sub(1);
        if self.sum == 1 || self.sum > most || (n == 2 && self.sum != 0) {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "no digits between a 1 and a {n} in {} cells add up to {}",
                    self.cells.len(),
                    self.sum
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: one 1, one N, and the digits between them add up
    /// to the sum (N is the side of the square board `values` fills).
    pub fn holds(&self, values: &[u8]) -> bool {
        let size = values.len().isqrt();
        let find = |d: usize| {
            let mut at = self
                .cells
                .iter()
                .enumerate()
                .filter(|(_, &c)| usize::from(values[c]) == d);
            match (at.next(), at.next()) {
                (Some((i, _)), None) => Some(i),
                _ => None,
            }
        };
        let (Some(a), Some(b)) = (find(1), find(size)) else {
            return false;
        };
        let (a, b) = (a.min(b), a.max(b));
        self.cells[a + 1..b]
            .iter()
            .map(|&c| u32::from(values[c]))
            .sum::<u32>()
            == self.sum
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let distinct = puzzle
            .houses()
            .iter()
            .any(|h| self.cells.iter().all(|c| h.cells.contains(c)));
        out.props.push(Prop::Sandwich(Filling::new(
            puzzle.size(),
            &self.cells,
            self.sum,
            distinct,
        )));
    }

    /// From a sudoku-puzzle `sandwich` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Sandwich, Error> {
        let Clue { side, cells, value } = Clue::read_sudoku_puzzle(rule, size, "sum", 100_000)?;
        Ok(Sandwich {
            side,
            cells,
            sum: value,
        })
    }

    /// From one entry of f-puzzles' `sandwichsum`; `None` for an entry without a value.
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Option<Sandwich>, Error> {
        Ok(
            Clue::read_fpuzzles(entry, size, "a sandwich")?.map(|Clue { side, cells, value }| {
                Sandwich {
                    side,
                    cells,
                    sum: value,
                }
            }),
        )
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        outside::write_sudoku_puzzle(puzzle, "sandwich", "sum", self.side, &self.cells, self.sum)
    }

    /// As an f-puzzles `sandwichsum` entry: a clue on a whole row or column.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Value, Error> {
        outside::write_fpuzzles(puzzle, "a sandwich", self.side, &self.cells, self.sum)
    }
}

/// A sandwich, compiled: its cells and, for each filling length, the digits a filling
/// uses.
#[derive(Clone, Debug)]
pub(crate) struct Filling {
    cells: Box<[u16]>,
    /// Digits 1 and N.
    one: u32,
    high: u32,
    /// `fillings[g]`: the digits of the fillings of `g` cells (0: none).
    fillings: Box<[u32]>,
    /// Bit `g`: a filling of `g` cells exists.
    lengths: u32,
    sum: u32,
}

impl Filling {
    fn new(size: usize, cells: &[Cell], sum: u32, distinct: bool) -> Filling {
        let fillings = fillings(size as u32, cells.len().saturating_sub(2), sum, distinct);
        let lengths = (0..fillings.len())
            .filter(|&g| fillings[g] != 0 || (g == 0 && sum == 0))
            .fold(0u32, |m, g| m | 1 << g);
        Filling {
            cells: cells.iter().map(|&c| c as u16).collect(),
            one: 1,
            high: 1 << (size - 1),
            fillings: fillings.into(),
            lengths,
            sum,
        }
    }

    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let len = self.cells.len();
        let ends = self.one | self.high;
        let mut masks = [0u32; 32];
        for (i, &c) in self.cells.iter().enumerate() {
            masks[i] = cells.get(usize::from(c));
        }
        // `free_before[i]`: the cells before i can all hold a digit other than 1 and N;
        // `free_after[i]`: the cells from i on can.
        let mut free_before = [true; 33];
        let mut free_after = [true; 33];
        for i in 0..len {
            free_before[i + 1] = free_before[i] && masks[i] & !ends != 0;
        }
        for i in (0..len).rev() {
            free_after[i] = free_after[i + 1] && masks[i] & !ends != 0;
        }
        let mut keep = [0u32; 32];
        for a in 0..len {
            if masks[a] & ends == 0 || !free_before[a] {
                continue;
            }
            for b in a + 1..len {
                let g = b - a - 1;
                if g > 0 && masks[b - 1] & !ends == 0 {
                    // This cell holds the 1 or the N: no longer filling holds it.
                    break;
                }
                if self.lengths >> g & 1 == 0 || masks[b] & ends == 0 || !free_after[b + 1] {
                    continue;
                }
                // The 1 at a and the N at b, or the other way round.
                let (first, last) = (masks[a], masks[b]);
                let mut at_a = 0;
                let mut at_b = 0;
                if first & self.one != 0 && last & self.high != 0 {
                    at_a |= self.one;
                    at_b |= self.high;
                }
                if first & self.high != 0 && last & self.one != 0 {
                    at_a |= self.high;
                    at_b |= self.one;
                }
                if at_a == 0 {
                    continue;
                }
                let filling = self.fillings[g];
                let mut gap = [0u32; 32];
                for i in a + 1..b {
                    gap[i - a - 1] = masks[i] & filling;
                }
                let mut held = [0u32; 32];
                if gap[..g].contains(&0) || !sum_support(&gap[..g], self.sum, &mut held) {
                    continue;
                }
                keep[a] |= at_a;
                keep[b] |= at_b;
                for i in a + 1..b {
                    keep[i] |= held[i - a - 1];
                }
                for i in (0..a).chain(b + 1..len) {
                    keep[i] |= masks[i] & !ends;
                }
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if keep[i] == 0 {
                return Err(Contradiction);
            }
            cells.restrict(usize::from(c), keep[i])?;
        }
        Ok(())
    }
}

/// `out[g]` for `g` in `0..=most`: the digits 2 to N - 1 that some `g` of them (distinct,
/// or repeating at will) adding up to `sum` use.
fn fillings(n: u32, most: usize, sum: u32, distinct: bool) -> Vec<u32> {
    let mut out = vec![0u32; most + 1];
    let inner = 2..n;
    if !distinct {
        // g - 1 digits of 2 to N - 1 make any sum from 2 (g - 1) to (N - 1) (g - 1).
        for (g, digits) in out.iter_mut().enumerate().skip(1) {
            let rest = g as u32 - 1;
            for d in inner.clone().filter(|&d| d <= sum) {
                if (2 * rest..=(n - 1) * rest).contains(&(sum - d)) {
                    *digits |= 1 << (d - 1);
                }
            }
        }
        return out;
    }
    let pool = inner.fold(0u32, |m, d| m | 1 << (d - 1));
    for (g, digits) in out.iter_mut().enumerate().skip(1) {
        *digits = combination_digits(pool, g, sum);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::Marks;
    use crate::rules::Rule;

    /// Found by a sweep: this was refused as invalid; pencilmark reads it, and the
    /// puzzle has no solution.
    #[test]
    fn a_sandwich_no_digits_reach_has_no_solution() {
        assert_eq!(
            crate::rules::testing::unsatisfiable(
                serde_json::json!({"type": "sandwich", "side": "left", "sum": 1, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]})
            ),
            "no digits between a 1 and a 4 in 4 cells add up to 1"
        );
    }

    const ALL: u32 = 0x1FF;

    #[test]
    fn fillings_of_a_sum() {
        let row: Vec<Cell> = (0..9).collect();
        // 5 in one cell: 5; in two: 2 + 3 (distinct), or also 2 + 3 with repeats
        // (2.5 + 2.5 is no digit).
        let f = Filling::new(9, &row, 5, true);
        assert_eq!(f.fillings[1], 1 << 4);
        assert_eq!(f.fillings[2], 0b110);
        assert_eq!(f.lengths, 0b110);
        // 4 in two cells: none with distinct digits, 2 + 2 with repeats.
        assert_eq!(Filling::new(9, &row, 4, true).fillings[2], 0);
        assert_eq!(Filling::new(9, &row, 4, false).fillings[2], 0b10);
        // 35 = 2 + ... + 8: seven distinct cells; 0: the 1 and the 9 side by side.
        assert_eq!(Filling::new(9, &row, 35, true).lengths, 1 << 7);
        assert_eq!(Filling::new(9, &row, 0, true).lengths, 1);
    }

    #[test]
    fn the_ends_and_the_filling() {
        let row: Vec<Cell> = (0..9).collect();
        // 35: the 1 and 9 at the ends of the row, 2 to 8 between.
        let mut g = Marks(vec![ALL; 9]);
        Filling::new(9, &row, 35, true).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 1 | 1 << 8);
        assert_eq!(g.0[4], 0b0_1111_1110);
        // 0: the 1 and the 9 side by side; with a 1 in the middle, the 9 is beside it.
        let mut g = Marks(vec![ALL; 9]);
        g.0[4] = 1;
        Filling::new(9, &row, 0, true).propagate(&mut g).unwrap();
        assert_eq!((g.0[3], g.0[5]), (ALL & !1, ALL & !1));
        assert_eq!(g.0[0], ALL & !1 & !(1 << 8));
        // Two cells between make 7 (2 + 5, 3 + 4): not 4 + 5.
        let mut g = Marks(vec![ALL; 9]);
        (g.0[0], g.0[1], g.0[2], g.0[3]) = (1, 1 << 3, 1 << 4, 1 << 8);
        assert!(Filling::new(9, &row, 7, true).propagate(&mut g).is_err());
        // A 1 and a 9 five cells apart make at least 2 + 3 + 4 + 5 + 6 = 20.
        let mut g = Marks(vec![ALL; 9]);
        g.0[0] = 1;
        g.0[6] = 1 << 8;
        assert!(Filling::new(9, &row, 19, true).propagate(&mut g).is_err());
    }

    #[test]
    fn the_definition() {
        let s = Sandwich {
            side: Side::Left,
            cells: (0..4).collect(),
            sum: 2,
        };
        let grid = |row: [u8; 4]| {
            let mut v = [1u8; 16].to_vec();
            v[..4].copy_from_slice(&row);
            v
        };
        assert!(s.holds(&grid([3, 1, 2, 4])));
        assert!(s.holds(&grid([1, 2, 4, 3])));
        assert!(!s.holds(&grid([1, 2, 3, 4])));
        assert!(!s.holds(&grid([1, 2, 4, 1]))); // two 1s
        assert!(!s.holds(&grid([2, 2, 2, 3]))); // no 1
    }

    #[test]
    fn refuses_what_cannot_be_valid() {
        let p = Puzzle::classic(9).unwrap();
        let check = |cells: Vec<Cell>, sum| {
            Sandwich {
                side: Side::Top,
                cells,
                sum,
            }
            .check(&p, At::Rule(0))
        };
        assert!(check((0..9).map(|r| r * 9).collect(), 35).is_ok());
        assert!(check((0..9).map(|r| r * 9).collect(), 1).is_err());
        assert!(check((0..9).map(|r| r * 9).collect(), 57).is_err());
        assert!(check(vec![0, 1], 0).is_err()); // not a column from the top
    }

    #[test]
    fn both_formats_round_trip() {
        let mut p = Puzzle::classic(9).unwrap();
        for (side, cells, sum) in [
            (Side::Left, (9..18).collect::<Vec<_>>(), 12),
            (Side::Bottom, (0..9).rev().map(|r| r * 9 + 4).collect(), 0),
        ] {
            p.add_rule(Rule::Sandwich(Sandwich { side, cells, sum }))
                .unwrap();
        }
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        let mut q = Puzzle::classic(9).unwrap();
        q.add_rule(Rule::Sandwich(Sandwich {
            side: Side::Left,
            cells: vec![9, 10, 11],
            sum: 2,
        }))
        .unwrap();
        assert!(fpuzzles::write(&q, None, None).is_err());
    }
}
