//! Distinct counts: the marked cells hold exactly `value` different digits (Count
//! Different: a clue outside the grid counts the different digits along its line).
//!
//! Read from the sudoku-puzzle rule `{"type": "distinct_count", "value": 3, "cells":
//! [...]}` (with a `side` when the clue sits outside the grid, its cells then running
//! from that side, straight or along a diagonal) and written back to it; f-puzzles has
//! no such key.
//!
//! Propagation: the digits placed and the digits still possible among the cells. More
//! placed than the count, or fewer possible, is a contradiction; as many placed as the
//! count keeps every cell to them; as many possible as the count needs each of them,
//! so a digit with one place left goes there.

use super::outside::{self, Side};
use super::{Cells, Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// A distinct count; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DistinctCount {
    /// The side of its clue outside the grid, if it has one.
    pub side: Option<Side>,
    /// The cells (from the clue inwards, for a clue outside).
    pub cells: Vec<Cell>,
    /// How many different digits they hold.
    pub value: u8,
}

impl DistinctCount {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        if let Some(side) = self.side {
            outside::check_line(puzzle, side, &self.cells, true, at, "a distinct count")?;
        }
        let most = self.cells.len().min(puzzle.size());
        if !(1..=most).contains(&usize::from(self.value)) {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "{} different digits in {} cells of digits 1-{}: 1 to {most}",
                    self.value,
                    self.cells.len(),
                    puzzle.size()
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: the cells' digits, without repeats, are as many as
    /// the value.
    pub fn holds(&self, values: &[u8]) -> bool {
        let seen = self
            .cells
            .iter()
            .fold(0u32, |m, &c| m | 1 << (values[c] - 1));
        seen.count_ones() == u32::from(self.value)
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        out.props.push(Prop::Distinct(Distinct {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            value: u32::from(self.value),
        }));
    }

    /// From a sudoku-puzzle `distinct_count` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<DistinctCount, Error> {
        Ok(DistinctCount {
            side: rule.get("side").map(|s| Side::read(&s)).transpose()?,
            cells: read_cells(&rule.need("cells")?, size)?,
            value: rule.need("value")?.int_in(0, 255)? as u8,
        })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "distinct_count", "value": self.value,
                           "cells": super::names(puzzle, &self.cells)});
        if let Some(side) = self.side {
            r["side"] = json!(side.name());
        }
        r
    }
}

/// A distinct count, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Distinct {
    cells: Box<[u16]>,
    value: u32,
}

impl Distinct {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let (mut placed, mut possible) = (0u32, 0u32);
        for &c in self.cells.iter() {
            let m = cells.get(usize::from(c));
            possible |= m;
            if m.is_power_of_two() {
                placed |= m;
            }
        }
        if placed.count_ones() > self.value || possible.count_ones() < self.value {
            return Err(Contradiction);
        }
        if placed.count_ones() == self.value {
            for &c in self.cells.iter() {
                cells.restrict(usize::from(c), placed)?;
            }
        } else if possible.count_ones() == self.value {
            let mut rest = possible & !placed;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let mut places = self
                    .cells
                    .iter()
                    .filter(|&&c| cells.get(usize::from(c)) & bit != 0);
                match (places.next(), places.next()) {
                    (Some(&c), None) => cells.restrict(usize::from(c), bit)?,
                    (None, _) => return Err(Contradiction),
                    _ => {}
                }
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

    /// Found by a sweep: this was refused as invalid; pencilmark reads it, and the
    /// puzzle has no solution.
    #[test]
    fn more_different_digits_than_cells_has_no_solution() {
        assert_eq!(
            crate::rules::testing::unsatisfiable(
                serde_json::json!({"type": "distinct_count", "value": 3, "cells": ["r1c1", "r2c3"]})
            ),
            "3 different digits in 2 cells of digits 1-4: 1 to 2"
        );
    }

    fn compiled(d: &DistinctCount) -> Distinct {
        let mut out = Compiled::default();
        d.compile(&mut out);
        match out.props.pop() {
            Some(Prop::Distinct(p)) => p,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn counts_different_digits() {
        let d = DistinctCount {
            side: None,
            cells: vec![0, 1, 2],
            value: 2,
        };
        assert!(d.holds(&[1, 3, 1]));
        assert!(!d.holds(&[1, 2, 3]));
        assert!(!d.holds(&[4, 4, 4]));
        let p = compiled(&d);
        // Two digits placed: the third cell repeats one of them.
        let mut g = Marks(vec![m(&[1]), m(&[3]), m(&[1, 2, 4])]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[1]));
        // Two digits possible, 2 placed: 4 has one place left.
        let mut g = Marks(vec![m(&[2]), m(&[2, 4]), m(&[2])]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[1], m(&[4]));
        let mut g = Marks(vec![m(&[1]), m(&[2]), m(&[3])]);
        assert!(p.propagate(&mut g).is_err());
    }

    #[test]
    fn sudoku_puzzle_round_trips_and_bad_clues_are_refused() {
        let mut p = Puzzle::classic(4).unwrap();
        p.add_rule(Rule::DistinctCount(DistinctCount {
            side: Some(Side::Top),
            cells: vec![1, 6, 11],
            value: 3,
        }))
        .unwrap();
        p.add_rule(Rule::DistinctCount(DistinctCount {
            side: None,
            cells: vec![0, 5],
            value: 1,
        }))
        .unwrap();
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(fpuzzles::write(&p, None, None).is_err());
        for bad in [
            DistinctCount {
                side: Some(Side::Left),
                cells: vec![1, 6, 11],
                value: 3,
            },
            DistinctCount {
                side: None,
                cells: vec![0, 1],
                value: 3,
            },
        ] {
            assert!(bad.check(&p, At::Rule(0)).is_err(), "{bad:?}");
        }
    }
}
