//! Counts: how many times digits appear among marked cells.
//!
//! - **each**: every digit appears exactly `k` times among the cells (Double Sudoku's
//!   rows of 2N cells, `k` = 2; the cells are then not a house).
//! - **counts**: each listed digit appears exactly its listed number of times.
//! - **counting circles**: a digit in the circles appears in exactly as many circles as
//!   its value (a 3 in three of them, or in none).
//!
//! Read from the sudoku-puzzle rule `{"type": "count", "cells": [...]}` with one of
//! `"each": k`, `"counts": [[digit, times], ...]` or `"kind": "circles"`, and written
//! back to it; f-puzzles has no such key.
//!
//! Propagation: for each counted digit, the cells that hold it and the cells that can.
//! More holding it than its count, or fewer able to, is a contradiction; as many able
//! as its count places it in all of them, and as many holding it removes it from the
//! rest. A circle digit that too few cells can hold leaves them all.

use super::{Cells, Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// What a count rule counts; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CountKind {
    /// Every digit appears exactly this many times.
    Each(u8),
    /// Each listed digit appears exactly its number of times: (digit, times).
    Digits(Vec<(u8, u8)>),
    /// A digit in the circles appears in as many of them as its value, or in none.
    Circles,
}

/// A count rule; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Count {
    /// What it counts.
    pub kind: CountKind,
    /// The marked cells.
    pub cells: Vec<Cell>,
}

impl Count {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        let n = puzzle.size();
        let len = self.cells.len();
        let refuse = |why: String| Err(ModelError::new(at, format!("a count: {why}")));
        let impossible =
            |why: String| Err(ModelError::unsatisfiable(at, format!("a count: {why}")));
        match &self.kind {
            CountKind::Each(k) if usize::from(*k) * n != len => impossible(format!(
                "{len} cells cannot hold each digit 1-{n} exactly {k} times"
            )),
            CountKind::Digits(counts) => {
                let mut seen = 0u32;
                for &(d, _) in counts {
                    if !(1..=n).contains(&usize::from(d)) || seen >> (d - 1) & 1 != 0 {
                        return refuse(format!("digit {d} is not a digit 1-{n} listed once"));
                    }
                    seen |= 1 << (d - 1);
                }
                let total: usize = counts.iter().map(|&(_, k)| usize::from(k)).sum();
                if total > len {
                    return impossible(format!("{total} digits counted in {len} cells"));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The brute-force definition on a full grid (row-major digits).
    pub fn holds(&self, values: &[u8]) -> bool {
        let times = |d: u8| self.cells.iter().filter(|&&c| values[c] == d).count();
        match &self.kind {
            CountKind::Each(k) => self
                .cells
                .iter()
                .all(|&c| times(values[c]) == usize::from(*k)),
            CountKind::Digits(counts) => counts.iter().all(|&(d, k)| times(d) == usize::from(k)),
            CountKind::Circles => self
                .cells
                .iter()
                .all(|&c| times(values[c]) == usize::from(values[c])),
        }
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        let all = (1..=size as u8).map(|d| (d, 0));
        let (need, circles): (Vec<(u8, u8)>, bool) = match &self.kind {
            CountKind::Each(k) => (all.map(|(d, _)| (d, *k)).collect(), false),
            CountKind::Digits(counts) => (counts.clone(), false),
            CountKind::Circles => (all.map(|(d, _)| (d, d)).collect(), true),
        };
        out.props.push(Prop::Tally(Tally {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            need: need.iter().map(|&(d, k)| (1 << (d - 1), k)).collect(),
            circles,
        }));
    }

    /// From a sudoku-puzzle `count` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Count, Error> {
        let cells = read_cells(&rule.need("cells")?, size)?;
        let modes = ["kind", "each", "counts"].map(|k| rule.get(k));
        let kind = match modes {
            [Some(kind), None, None] => match kind.str()? {
                "circles" => CountKind::Circles,
                other => return Err(kind.error(format!("unknown count kind {other:?}"))),
            },
            [None, Some(each), None] => CountKind::Each(each.int_in(1, 255)? as u8),
            [None, None, Some(counts)] => {
                let mut out = Vec::new();
                for pair in counts.items()? {
                    let dk = pair.items()?;
                    if dk.len() != 2 {
                        return Err(pair.error("a count is [digit, times]"));
                    }
                    out.push((
                        dk[0].int_in(1, size as i64)? as u8,
                        dk[1].int_in(0, 255)? as u8,
                    ));
                }
                CountKind::Digits(out)
            }
            _ => {
                return Err(
                    rule.error("a count takes exactly one of \"kind\", \"each\", \"counts\"")
                )
            }
        };
        Ok(Count { kind, cells })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "count", "cells": super::names(puzzle, &self.cells)});
        match &self.kind {
            CountKind::Each(k) => r["each"] = json!(k),
            CountKind::Digits(counts) => {
                r["counts"] = json!(counts.iter().map(|&(d, k)| [d, k]).collect::<Vec<_>>())
            }
            CountKind::Circles => r["kind"] = json!("circles"),
        }
        r
    }
}

/// A count rule, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Tally {
    cells: Box<[u16]>,
    /// Each counted digit (a bit) and its count.
    need: Box<[(u32, u8)]>,
    /// Counting circles: a digit may also appear in none of the cells.
    circles: bool,
}

impl Tally {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        for &(bit, k) in self.need.iter() {
            let (mut holding, mut able) = (0, 0);
            for &c in self.cells.iter() {
                let m = cells.get(usize::from(c));
                holding += usize::from(m == bit);
                able += usize::from(m & bit != 0);
            }
            let k = usize::from(k);
            if self.circles && (able < k || holding == 0) {
                if able < k {
                    // Too few places for its count: the digit is in no circle.
                    for &c in self.cells.iter() {
                        cells.restrict(usize::from(c), !bit)?;
                    }
                }
                continue;
            }
            if holding > k || able < k {
                return Err(Contradiction);
            }
            if able == k || holding == k {
                let keep = if able == k { bit } else { !bit };
                for &c in self.cells.iter() {
                    let m = cells.get(usize::from(c));
                    if m & bit != 0 && m != bit {
                        cells.restrict(usize::from(c), keep)?;
                    }
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

    fn tally(c: &Count, size: usize) -> Tally {
        let mut out = Compiled::default();
        c.compile(size, &mut out);
        match out.props.pop() {
            Some(Prop::Tally(t)) => t,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn definitions() {
        let cells = vec![0, 1, 2, 3];
        let each = Count {
            kind: CountKind::Each(2),
            cells: cells.clone(),
        };
        assert!(each.holds(&[1, 2, 2, 1]));
        assert!(!each.holds(&[1, 1, 1, 2]));
        let digits = Count {
            kind: CountKind::Digits(vec![(3, 2), (4, 0)]),
            cells: cells.clone(),
        };
        assert!(digits.holds(&[3, 1, 3, 2]));
        assert!(!digits.holds(&[3, 4, 3, 2]));
        let circles = Count {
            kind: CountKind::Circles,
            cells,
        };
        assert!(circles.holds(&[3, 1, 3, 3]));
        assert!(!circles.holds(&[2, 1, 3, 3]));
    }

    #[test]
    fn places_and_removes_counted_digits() {
        let c = Count {
            kind: CountKind::Digits(vec![(1, 2)]),
            cells: vec![0, 1, 2],
        };
        // Two cells can hold 1: both do.
        let mut g = Marks(vec![m(&[1, 2]), m(&[1, 3]), m(&[2, 3])]);
        tally(&c, 3).propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1]), m(&[1]), m(&[2, 3])]);
        // Two hold 1: the third cannot.
        let mut g = Marks(vec![m(&[1]), m(&[1]), m(&[1, 3])]);
        tally(&c, 3).propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[3]));
        // Three hold 1: a contradiction.
        let mut g = Marks(vec![m(&[1]); 3]);
        assert!(tally(&c, 3).propagate(&mut g).is_err());
        // Circles: a 3 with two places left is in no circle; a 2 held once needs one more.
        let circles = Count {
            kind: CountKind::Circles,
            cells: vec![0, 1, 2],
        };
        let mut g = Marks(vec![m(&[2]), m(&[2, 3]), m(&[1, 2])]);
        let t = tally(&circles, 3);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[2]), m(&[2]), m(&[1, 2])]);
        // Run again (as the engine does when a cell changes): two 2s hold, so r1c3 is 1.
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[2]), m(&[2]), m(&[1])]);
    }

    #[test]
    fn sudoku_puzzle_round_trips_and_f_puzzles_refuses() {
        let mut p = Puzzle::classic(4).unwrap();
        for kind in [CountKind::Circles, CountKind::Digits(vec![(2, 1), (3, 0)])] {
            p.add_rule(Rule::Count(Count {
                kind,
                cells: vec![0, 5, 10],
            }))
            .unwrap();
        }
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(fpuzzles::write(&p, None, None).is_err());
        let mut q = Puzzle::new(4).unwrap();
        q.add_rule(Rule::Count(Count {
            kind: CountKind::Each(2),
            cells: (0..8).collect(),
        }))
        .unwrap();
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&q, None, None)).unwrap();
        assert_eq!(back.puzzle, q);
        let bad = Count {
            kind: CountKind::Each(2),
            cells: vec![0, 1, 2],
        };
        assert!(bad.check(&q, At::Rule(0)).is_err());
    }
}
