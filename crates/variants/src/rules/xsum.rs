//! X-sums: a clue outside the grid gives the sum of the first X digits from that side
//! in its row or column, X being the first of them.
//!
//! Read from the sudoku-puzzle rule `{"type": "xsum", "side": "top", "cells": ["r1c1",
//! ..., "r9c1"], "sum": 15}` and the f-puzzles key `xsum` (`{"cell": "R0C1", "value":
//! "15"}`: the clue's place beside the row or column; an entry without a value is no
//! clue); written back to both.
//!
//! Propagation, by the first digit X: for each candidate X of the first cell (at most
//! the number of cells), the next X - 1 cells must make the sum less X: when the cells
//! share a house, with the digits that some X - 1 distinct digits other than X adding
//! up to it use (precomputed per clue, [`cage`](super::cage)'s combinations), and as a
//! sum of those digits (`totals`' exact support). The first cell keeps
//! the X that can; the others keep the digits the surviving X give them (any digit
//! past the first X cells).

use super::cage::combination_digits;
use super::outside::{self, Clue, Side};
use super::totals::sum_support;
use super::{Cells, Compiled, Prop};
use crate::format::json::Node;
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::Value;

/// An X-sum clue; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct XSum {
    /// The side its clue sits on.
    pub side: Side,
    /// The cells it looks along, from the clue inwards.
    pub cells: Vec<Cell>,
    /// The sum of the first X digits, X being the first.
    pub sum: u32,
}

impl XSum {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        outside::check_line(puzzle, self.side, &self.cells, false, at, "an X-sum")?;
        // X first, then X - 1 digits of 1 to N.
        let n = puzzle.size() as u32;
        let possible = (1..=n.min(self.cells.len() as u32))
            .any(|x| (2 * x - 1..=x + (x - 1) * n).contains(&self.sum));
        if !possible {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "no first X digits of {} cells add up to {}",
                    self.cells.len(),
                    self.sum
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: the first X digits add up to the sum, X the first.
    pub fn holds(&self, values: &[u8]) -> bool {
        let x = usize::from(values[self.cells[0]]);
        x <= self.cells.len()
            && self.cells[..x]
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
        let all = puzzle.all_digits();
        let others = (0..=self.cells.len().min(puzzle.size()))
            .map(|x| match x {
                0 => 0,
                _ if !distinct => all,
                _ if self.sum < x as u32 => 0,
                _ => combination_digits(all & !(1 << (x - 1)), x - 1, self.sum - x as u32),
            })
            .collect();
        out.props.push(Prop::XSum(Prefix {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            sum: self.sum,
            others,
        }));
    }

    /// From a sudoku-puzzle `xsum` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<XSum, Error> {
        let Clue { side, cells, value } = Clue::read_sudoku_puzzle(rule, size, "sum", 100_000)?;
        Ok(XSum {
            side,
            cells,
            sum: value,
        })
    }

    /// From one entry of f-puzzles' `xsum`; `None` for an entry without a value.
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Option<XSum>, Error> {
        Ok(
            Clue::read_fpuzzles(entry, size, "an X-sum")?.map(|Clue { side, cells, value }| XSum {
                side,
                cells,
                sum: value,
            }),
        )
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        outside::write_sudoku_puzzle(puzzle, "xsum", "sum", self.side, &self.cells, self.sum)
    }

    /// As an f-puzzles `xsum` entry: a clue on a whole row or column.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Value, Error> {
        outside::write_fpuzzles(puzzle, "an X-sum", self.side, &self.cells, self.sum)
    }
}

/// An X-sum, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Prefix {
    cells: Box<[u16]>,
    sum: u32,
    /// `others[x]`: the digits the X - 1 cells after a first digit X may hold (all
    /// digits, or those of the distinct combinations when the cells share a house).
    others: Box<[u32]>,
}

impl Prefix {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let len = self.cells.len();
        let mut masks = [0u32; 32];
        for (i, &c) in self.cells.iter().enumerate() {
            masks[i] = cells.get(usize::from(c));
        }
        let mut keep = [0u32; 32];
        let mut firsts = masks[0];
        while firsts != 0 {
            let bit = firsts & firsts.wrapping_neg();
            firsts &= firsts - 1;
            let x = bit.trailing_zeros() as usize + 1;
            if x >= self.others.len() || (x as u32) > self.sum {
                continue;
            }
            // Cells 1 to x - 1 make the sum less x.
            let mut rest = [0u32; 32];
            for i in 1..x {
                rest[i - 1] = masks[i] & self.others[x];
            }
            let mut held = [0u32; 32];
            if rest[..x - 1].contains(&0)
                || !sum_support(&rest[..x - 1], self.sum - x as u32, &mut held)
            {
                continue;
            }
            keep[0] |= bit;
            for i in 1..x {
                keep[i] |= held[i - 1];
            }
            for i in x..len {
                keep[i] |= masks[i];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::Marks;
    use crate::rules::Rule;

    /// Found by a sweep: this was refused as invalid; pencilmark reads it, and the
    /// puzzle has no solution.
    #[test]
    fn an_x_sum_no_digits_reach_has_no_solution() {
        assert_eq!(
            crate::rules::testing::unsatisfiable(
                serde_json::json!({"type": "xsum", "side": "left", "sum": 0, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]})
            ),
            "no first X digits of 4 cells add up to 0"
        );
    }

    const ALL: u32 = 0x1FF;

    fn prefix(sum: u32) -> Prefix {
        let p = Puzzle::classic(9).unwrap();
        let mut out = Compiled::default();
        XSum {
            side: Side::Left,
            cells: (0..9).collect(),
            sum,
        }
        .compile(&p, &mut out);
        match out.props.pop() {
            Some(Prop::XSum(x)) => x,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_first_digit_counts_the_cells() {
        // 1: the first digit is 1. 45: 9 (all nine cells).
        let mut g = Marks(vec![ALL; 9]);
        prefix(1).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 1);
        let mut g = Marks(vec![ALL; 9]);
        prefix(45).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 1 << 8);
        assert_eq!(g.0[1], ALL & !(1 << 8));
        // 6: 2 + 4 (X = 2), or 3 + 1 + 2 (X = 3); not 4 + ... (at least 4 + 1 + 2 + 3).
        let mut g = Marks(vec![ALL; 9]);
        prefix(6).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 0b110);
        assert_eq!(g.0[1], 0b1011); // 4 after a 2; 1 or 2 after a 3
        assert_eq!(g.0[3], ALL);
    }

    #[test]
    fn the_definition_and_the_checks() {
        let x = XSum {
            side: Side::Left,
            cells: vec![0, 1, 2],
            sum: 6,
        };
        assert!(x.holds(&[3, 2, 1, 9]));
        assert!(x.holds(&[2, 4, 7, 9]));
        assert!(!x.holds(&[4, 1, 1, 0]));
        let p = Puzzle::classic(9).unwrap();
        let check = |sum| {
            XSum {
                side: Side::Left,
                cells: (0..9).collect(),
                sum,
            }
            .check(&p, At::Rule(0))
        };
        assert!(check(1).is_ok());
        assert!(check(2).is_err()); // 1 alone makes 1; 2 + ... at least 3
        assert!(check(81).is_ok());
        assert!(check(82).is_err());
    }

    #[test]
    fn both_formats_round_trip() {
        let mut p = Puzzle::classic(9).unwrap();
        p.add_rule(Rule::XSum(XSum {
            side: Side::Right,
            cells: (9..18).rev().collect(),
            sum: 20,
        }))
        .unwrap();
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
    }
}
