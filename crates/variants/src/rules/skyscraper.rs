//! Skyscrapers: a clue outside the grid counts the digits visible from that side in its
//! row or column, a digit being a building of its height that hides the lower ones
//! behind it (the digits larger than every digit before them).
//!
//! Read from the sudoku-puzzle rule `{"type": "skyscraper", "side": "left", "cells":
//! ["r1c1", ..., "r1c9"], "value": 3}` and the f-puzzles key `skyscraper` (`{"cell":
//! "R1C0", "value": "3"}`: the clue's place beside the row or column; an entry without
//! a value is no clue); written back to both.
//!
//! Propagation: walking the cells from the clue, the states (the tallest so far, how
//! many seen) that the cells so far can reach, and walking back, the counts that the
//! rest can still turn into the clue from each tallest; a cell keeps each digit that
//! leads from a reachable state to one that can still end at the clue. Exact for the
//! clue alone (its digits free to repeat).

use super::outside::{self, Clue, Side};
use super::{Cells, Compiled, Prop};
use crate::format::json::Node;
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle, MAX_SIZE};
use crate::state::{Contradiction, Step};
use serde_json::Value;

/// A skyscraper clue; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Skyscraper {
    /// The side its clue sits on.
    pub side: Side,
    /// The cells it looks along, from the clue inwards.
    pub cells: Vec<Cell>,
    /// How many digits are visible.
    pub visible: u32,
}

impl Skyscraper {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        outside::check_line(puzzle, self.side, &self.cells, false, at, "a skyscraper")?;
        let most = self.cells.len().min(puzzle.size()) as u32;
        if !(1..=most).contains(&self.visible) {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "{} skyscrapers visible along {} cells of digits 1-{}: 1 to {most}",
                    self.visible,
                    self.cells.len(),
                    puzzle.size()
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: the digits larger than every one before them are
    /// as many as the clue says.
    pub fn holds(&self, values: &[u8]) -> bool {
        let mut tallest = 0;
        let mut seen = 0;
        for &c in &self.cells {
            if values[c] > tallest {
                tallest = values[c];
                seen += 1;
            }
        }
        seen == self.visible
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        out.props.push(Prop::Skyscraper(Visible {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            visible: self.visible,
            size: puzzle.size() as u8,
        }));
    }

    /// From a sudoku-puzzle `skyscraper` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Skyscraper, Error> {
        let Clue { side, cells, value } = Clue::read_sudoku_puzzle(rule, size, "value", 1_000)?;
        Ok(Skyscraper {
            side,
            cells,
            visible: value,
        })
    }

    /// From one entry of f-puzzles' `skyscraper`; `None` for an entry without a value.
    pub(crate) fn read_fpuzzles(
        entry: &Node<'_>,
        size: usize,
    ) -> Result<Option<Skyscraper>, Error> {
        Ok(
            Clue::read_fpuzzles(entry, size, "a skyscraper")?.map(|Clue { side, cells, value }| {
                Skyscraper {
                    side,
                    cells,
                    visible: value,
                }
            }),
        )
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        outside::write_sudoku_puzzle(
            puzzle,
            "skyscraper",
            "value",
            self.side,
            &self.cells,
            self.visible,
        )
    }

    /// As an f-puzzles `skyscraper` entry: a clue on a whole row or column.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Value, Error> {
        outside::write_fpuzzles(puzzle, "a skyscraper", self.side, &self.cells, self.visible)
    }
}

/// A skyscraper clue, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Visible {
    cells: Box<[u16]>,
    visible: u32,
    size: u8,
}

/// Tallest-so-far values: 0 (nothing yet) to N.
const HEIGHTS: usize = MAX_SIZE + 1;

impl Visible {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let len = self.cells.len();
        let n = usize::from(self.size);
        let mut masks = [0u32; MAX_SIZE];
        for (i, &c) in self.cells.iter().enumerate() {
            masks[i] = cells.get(usize::from(c));
        }
        // reach[j][m]: bit k if the first j cells can have tallest m and k visible.
        let mut reach = [[0u32; HEIGHTS]; MAX_SIZE + 1];
        reach[0][0] = 1;
        for j in 0..len {
            for m in 0..=n {
                let here = reach[j][m];
                if here == 0 {
                    continue;
                }
                let mut ds = masks[j];
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize + 1;
                    ds &= ds - 1;
                    if d > m {
                        reach[j + 1][d] |= here << 1;
                    } else {
                        reach[j + 1][m] |= here;
                    }
                }
            }
        }
        // ends[m]: bit k if, with tallest m and k visible after cell j, the rest can
        // end at the clue; walked back from the end.
        let mut ends = [1u32 << self.visible; HEIGHTS];
        let mut keep = [0u32; MAX_SIZE];
        for j in (0..len).rev() {
            let mut before = [0u32; HEIGHTS];
            for m in 0..=n {
                let mut ds = masks[j];
                while ds != 0 {
                    let bit = ds & ds.wrapping_neg();
                    ds &= ds - 1;
                    let d = bit.trailing_zeros() as usize + 1;
                    let next = if d > m { ends[d] >> 1 } else { ends[m] };
                    before[m] |= next;
                    if reach[j][m] & next != 0 {
                        keep[j] |= bit;
                    }
                }
            }
            ends = before;
        }
        for (j, &c) in self.cells.iter().enumerate() {
            if keep[j] == 0 {
                return Err(Contradiction);
            }
            cells.restrict(usize::from(c), keep[j])?;
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
    fn more_skyscrapers_than_cells_has_no_solution() {
        assert_eq!(
            crate::rules::testing::unsatisfiable(
                serde_json::json!({"type": "skyscraper", "side": "left", "value": 5, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]})
            ),
            "5 skyscrapers visible along 4 cells of digits 1-4: 1 to 4"
        );
    }

    fn visible(size: u8, len: u16, visible: u32) -> Visible {
        Visible {
            cells: (0..len).collect(),
            visible,
            size,
        }
    }

    #[test]
    fn what_can_be_seen() {
        let all = 0x1FF;
        // The propagator sees the clue alone, its digits free to repeat (the houses
        // keep them apart). One visible with a 9 second: the 9 first; with a 5
        // second: 5 to 9 first, and a later 9 only after a 9.
        let mut g = Marks(vec![all, 1 << 8, all, all]);
        visible(9, 4, 1).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 1 << 8);
        let mut g = Marks(vec![all, 1 << 4, all, all]);
        visible(9, 4, 1).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 0b1_1111_0000);
        assert_eq!(g.0[2], all);
        // Nine: 1 to 9 in order (nine cells and nine visible can only climb).
        let mut g = Marks(vec![0x1FF; 9]);
        visible(9, 9, 9).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 1);
        assert_eq!(g.0[8], 1 << 8);
        // Two visible on 4 cells of 1-4, a 4 second: the first is anything but 4.
        let mut g = Marks(vec![0xF, 1 << 3, 0xF, 0xF]);
        visible(4, 4, 2).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 0b111);
        let mut g = Marks(vec![0xF, 1 << 3, 0xF, 0xF]);
        assert!(visible(4, 4, 3).propagate(&mut g).is_err());
    }

    #[test]
    fn the_definition_and_both_formats() {
        let s = Skyscraper {
            side: Side::Top,
            cells: vec![0, 4, 8, 12],
            visible: 2,
        };
        let mut v = vec![1u8; 16];
        (v[0], v[4], v[8], v[12]) = (2, 1, 4, 3);
        assert!(s.holds(&v));
        v[4] = 3;
        assert!(!s.holds(&v));
        let mut p = Puzzle::classic(4).unwrap();
        p.add_rule(Rule::Skyscraper(s)).unwrap();
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(Skyscraper {
            side: Side::Top,
            cells: vec![0, 4],
            visible: 3
        }
        .check(&p, At::Rule(0))
        .is_err());
    }
}
