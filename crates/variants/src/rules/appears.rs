//! Appears: the digit of a source cell appears in at least one of some other cells.
//!
//! Read from the sudoku-puzzle rule `{"type": "appears", "source": "r1c1", "cells":
//! [...]}` and written back to it; f-puzzles has no such key.
//!
//! Propagation: the source keeps the digits some other cell can still hold; once the
//! source's digit is known and one cell is left that can hold it, that cell does.

use super::{Cells, Compiled, Prop};
use crate::format::json::{cell as read_cell, cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// An appears rule; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Appears {
    /// The cell whose digit must appear.
    pub source: Cell,
    /// The cells it must appear among.
    pub cells: Vec<Cell>,
}

impl Appears {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let mut all = vec![self.source];
        all.extend(&self.cells);
        super::check_cells(&all, puzzle, at)?;
        if self.cells.is_empty() {
            return Err(ModelError::new(
                at,
                "an appears rule needs cells besides its source",
            ));
        }
        Ok(())
    }

    /// The cells the rule reads.
    pub fn cells_read(&self) -> Vec<Cell> {
        let mut all = vec![self.source];
        all.extend(&self.cells);
        all
    }

    /// The brute-force definition: some cell holds the source's digit.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.cells.iter().any(|&c| values[c] == values[self.source])
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        out.props.push(Prop::Appears(Seen {
            source: self.source as u16,
            cells: self.cells.iter().map(|&c| c as u16).collect(),
        }));
    }

    /// From a sudoku-puzzle `appears` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Appears, Error> {
        Ok(Appears {
            source: read_cell(&rule.need("source")?, size)?,
            cells: read_cells(&rule.need("cells")?, size)?,
        })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({"type": "appears", "source": puzzle.cell_name(self.source),
               "cells": super::names(puzzle, &self.cells)})
    }
}

/// An appears rule, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Seen {
    source: u16,
    cells: Box<[u16]>,
}

impl Seen {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        let mut out = vec![usize::from(self.source)];
        out.extend(self.cells.iter().map(|&c| usize::from(c)));
        out
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let source = usize::from(self.source);
        let union = self
            .cells
            .iter()
            .fold(0, |m, &c| m | cells.get(usize::from(c)));
        cells.restrict(source, union)?;
        let digit = cells.get(source);
        if digit.is_power_of_two() {
            let mut places = self
                .cells
                .iter()
                .filter(|&&c| cells.get(usize::from(c)) & digit != 0);
            match (places.next(), places.next()) {
                (Some(&c), None) => cells.restrict(usize::from(c), digit)?,
                (None, _) => return Err(Contradiction),
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{m, Marks};
    use crate::rules::Rule;

    #[test]
    fn the_source_digit_appears() {
        let a = Appears {
            source: 0,
            cells: vec![1, 2],
        };
        assert!(a.holds(&[3, 1, 3]));
        assert!(!a.holds(&[3, 1, 2]));
        let mut out = Compiled::default();
        a.compile(&mut out);
        let Some(Prop::Appears(p)) = out.props.pop() else {
            panic!()
        };
        let mut g = Marks(vec![m(&[1, 2, 4]), m(&[1, 3]), m(&[3, 4])]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[0], m(&[1, 4]));
        let mut g = Marks(vec![m(&[4]), m(&[1, 3]), m(&[3, 4])]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[4]));
        let mut g = Marks(vec![m(&[2]), m(&[1, 3]), m(&[3, 4])]);
        assert!(p.propagate(&mut g).is_err());
    }

    #[test]
    fn sudoku_puzzle_round_trips() {
        let mut p = Puzzle::classic(4).unwrap();
        p.add_rule(Rule::Appears(Appears {
            source: 0,
            cells: vec![6, 11],
        }))
        .unwrap();
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(fpuzzles::write(&p, None, None).is_err());
        let bad = Appears {
            source: 0,
            cells: vec![0, 1],
        };
        assert!(bad.check(&p, At::Rule(0)).is_err());
    }
}
