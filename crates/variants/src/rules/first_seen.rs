//! First seen: a clue outside the grid names which of some digits is met first from
//! its side (in "1-2-3" puzzles, the first of 1, 2 and 3 in the row or column).
//!
//! Read from the sudoku-puzzle rule `{"type": "first_seen", "side": "left", "cells":
//! [...], "digits": [1, 2, 3], "value": 2}` and written back to it; f-puzzles has no
//! such key.
//!
//! Propagation: the clue's digit cannot sit before the first cell that may hold it, so
//! none of the digits may either (the first of them met would be another); and when
//! that cell can only hold one of the digits, it is the first met: it holds the clue's.

use super::outside::{self, Side};
use super::{Cells, Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// A first-seen clue; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FirstSeen {
    /// The side its clue sits on.
    pub side: Side,
    /// The cells it looks along, from the clue inwards.
    pub cells: Vec<Cell>,
    /// The digits watched for, in the order written.
    pub digits: Vec<u8>,
    /// The digit met first among them.
    pub value: u8,
}

impl FirstSeen {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        outside::check_line(
            puzzle,
            self.side,
            &self.cells,
            false,
            at,
            "a first-seen clue",
        )?;
        let n = puzzle.size();
        if self
            .digits
            .iter()
            .any(|&d| !(1..=n).contains(&usize::from(d)))
            || !self.digits.contains(&self.value)
        {
            return Err(ModelError::new(
                at,
                format!(
                    "a first-seen clue of {} among {:?}: digits 1-{n}, the clue's among them",
                    self.value, self.digits
                ),
            ));
        }
        Ok(())
    }

    fn mask(&self) -> u32 {
        self.digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    /// The brute-force definition: the first cell from the clue holding one of the
    /// digits holds the clue's.
    pub fn holds(&self, values: &[u8]) -> bool {
        let mask = self.mask();
        self.cells
            .iter()
            .map(|&c| values[c])
            .find(|&v| mask >> (v - 1) & 1 != 0)
            == Some(self.value)
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        out.props.push(Prop::FirstSeen(Before {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            digits: self.mask(),
            value: 1 << (self.value - 1),
        }));
    }

    /// From a sudoku-puzzle `first_seen` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<FirstSeen, Error> {
        let digits = rule
            .need("digits")?
            .items()?
            .iter()
            .map(|d| Ok(d.int_in(1, size as i64)? as u8))
            .collect::<Result<_, Error>>()?;
        Ok(FirstSeen {
            side: Side::read(&rule.need("side")?)?,
            cells: read_cells(&rule.need("cells")?, size)?,
            digits,
            value: rule.need("value")?.int_in(1, size as i64)? as u8,
        })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({"type": "first_seen", "side": self.side.name(),
               "cells": super::names(puzzle, &self.cells),
               "digits": self.digits, "value": self.value})
    }
}

/// A first-seen clue, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Before {
    cells: Box<[u16]>,
    digits: u32,
    value: u32,
}

impl Before {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        for &c in self.cells.iter() {
            let c = usize::from(c);
            let m = cells.get(c);
            if m & self.value != 0 {
                if m & !self.digits == 0 {
                    cells.restrict(c, self.value)?;
                }
                return Ok(());
            }
            cells.restrict(c, !self.digits)?;
        }
        Err(Contradiction)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{m, Marks};
    use crate::rules::Rule;

    fn clue() -> FirstSeen {
        FirstSeen {
            side: Side::Left,
            cells: vec![0, 1, 2, 3],
            digits: vec![1, 2],
            value: 2,
        }
    }

    fn compiled(f: &FirstSeen) -> Before {
        let mut out = Compiled::default();
        f.compile(&mut out);
        match out.props.pop() {
            Some(Prop::FirstSeen(p)) => p,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_first_of_the_digits_is_the_clue() {
        let f = clue();
        assert!(f.holds(&[3, 2, 1, 4]));
        assert!(f.holds(&[2, 4, 3, 1]));
        assert!(!f.holds(&[3, 1, 2, 4]));
        assert!(!f.holds(&[3, 4, 3, 4]));
        let p = compiled(&f);
        // Cells before the first that may hold 2 hold neither 1 nor 2; that cell, able
        // to hold only 1 or 2, holds 2.
        let mut g = Marks(vec![m(&[1, 3, 4]), m(&[1, 2]), m(&[1, 2, 3]), 15]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[..2], [m(&[3, 4]), m(&[2])]);
        let mut g = Marks(vec![m(&[1]), m(&[2]), 15, 15]);
        assert!(p.propagate(&mut g).is_err());
        let mut g = Marks(vec![m(&[1, 3]), m(&[1, 4]), m(&[3]), m(&[4])]);
        assert!(p.propagate(&mut g).is_err());
    }

    #[test]
    fn sudoku_puzzle_round_trips_and_bad_clues_are_refused() {
        let mut p = Puzzle::classic(4).unwrap();
        p.add_rule(Rule::FirstSeen(clue())).unwrap();
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(fpuzzles::write(&p, None, None).is_err());
        let mut bad = clue();
        bad.value = 3;
        assert!(bad.check(&p, At::Rule(0)).is_err());
        let mut bad = clue();
        bad.side = Side::Top;
        assert!(bad.check(&p, At::Rule(0)).is_err());
    }
}
