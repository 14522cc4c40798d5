//! Killer cages: the digits of a cage don't repeat and, when it has a sum, add up to
//! it. A cage without a sum is a region without repeats.
//!
//! Read from the sudoku-puzzle rule `{"type": "cage", "cells": [...], "sum": 14}` and
//! the f-puzzles key `killercage` (`{"cells": ["R1C1", ...], "value": "14"}`); written
//! back to both.
//!
//! Propagation: the cage's cells are peers (no repeat; a cage of N cells is a house),
//! and the sum is kept by the combinations of distinct digits that make it,
//! precomputed once per cage: a combination survives while every cell has a candidate
//! in it and its digits all have a cell; each cell keeps the digits of the surviving
//! combinations, and a digit in every surviving combination with one place left goes
//! there. Where there are too many combinations (a large cage on a 16×16 or 25×25),
//! each cell is kept within the bounds that the other cells' smallest and largest
//! digits leave.

use super::{Cells, Compiled, Prop};
use crate::format::json::Value as Json;
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// A killer cage.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cage {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// What they add up to, if the cage has a sum.
    pub sum: Option<u32>,
}

/// Past this many combinations a sum is kept by bounds only.
const MAX_COMBINATIONS: usize = 4096;

impl Cage {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let n = puzzle.size();
        super::check_cells(&self.cells, puzzle, at)?;
        if self.cells.len() > n {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "a cage of {} cells on a board of digits 1-{n}: its digits cannot all differ",
                    self.cells.len()
                ),
            ));
        }
        if let Some(sum) = self.sum {
            let k = self.cells.len() as u32;
            let (lo, hi) = (k * (k + 1) / 2, k * (2 * n as u32 + 1 - k) / 2);
            if !(lo..=hi).contains(&sum) {
                return Err(ModelError::unsatisfiable(
                    at,
                    format!("a cage of {k} cells cannot add up to {sum} (only {lo} to {hi})"),
                ));
            }
        }
        Ok(())
    }

    /// The brute-force definition: distinct digits, adding up to the sum.
    pub fn holds(&self, values: &[u8]) -> bool {
        let mut seen = 0u32;
        let mut total = 0;
        for &c in &self.cells {
            let bit = 1u32 << (values[c] - 1);
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
            total += u32::from(values[c]);
        }
        self.sum.is_none_or(|s| s == total)
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                out.different.push([a, b]);
            }
        }
        if self.cells.len() == size {
            out.houses.push(self.cells.clone());
        }
        if let Some(sum) = self.sum {
            out.props.push(Prop::Sum(Sum::new(size, &self.cells, sum)));
        }
    }

    /// From a sudoku-puzzle `cage` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Cage, Error> {
        let cells = read_cells(&rule.need("cells")?, size)?;
        let sum = rule.get("sum").map(|s| s.int_in(0, 1_000)).transpose()?;
        Ok(Cage {
            cells,
            sum: sum.map(|s| s as u32),
        })
    }

    /// From one entry of f-puzzles' `killercage`.
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Cage, Error> {
        let cells = read_cells(&entry.need("cells")?, size)?;
        let sum =
            match entry.get("value") {
                None => None,
                Some(v) => match v.value {
                    Json::Number(_) => Some(v.int_in(0, 1_000)? as u32),
                    Json::Str(s) if s.trim().is_empty() => None,
                    Json::Str(s) => Some(s.trim().parse().map_err(|_| {
                        v.error(format!("a killer cage's value {s:?} is not a sum"))
                    })?),
                    _ => return Err(v.error("a killer cage's value is a number")),
                },
            };
        Ok(Cage { cells, sum })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "cage", "cells": super::names(puzzle, &self.cells)});
        if let Some(s) = self.sum {
            r["sum"] = json!(s);
        }
        r
    }

    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"cells": super::fnames(puzzle, &self.cells)});
        if let Some(s) = self.sum {
            r["value"] = json!(s.to_string());
        }
        r
    }
}

/// A sum over distinct digits, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Sum {
    cells: Box<[u16]>,
    sum: u32,
    /// The sets of distinct digits of the cage's size that add up to the sum (empty
    /// when there are too many: then bounds only).
    combinations: Box<[u32]>,
}

impl Sum {
    pub(crate) fn new(size: usize, cells: &[Cell], sum: u32) -> Sum {
        let k = cells.len();
        let mut combinations = Vec::new();
        let mut too_many = false;
        // Digit sets in increasing order of their bits, pruned by the sum.
        fn walk(
            from: u32,
            size: u32,
            left: usize,
            sum: i64,
            set: u32,
            out: &mut Vec<u32>,
            stop: &mut bool,
        ) {
            if *stop {
                return;
            }
            if left == 0 {
                if sum == 0 {
                    out.push(set);
                    *stop = out.len() > MAX_COMBINATIONS;
                }
                return;
            }
            for d in from..=size {
                if i64::from(d) > sum {
                    break;
                }
                walk(
                    d + 1,
                    size,
                    left - 1,
                    sum - i64::from(d),
                    set | 1 << (d - 1),
                    out,
                    stop,
                );
            }
        }
        walk(
            1,
            size as u32,
            k,
            i64::from(sum),
            0,
            &mut combinations,
            &mut too_many,
        );
        if too_many {
            combinations.clear();
        }
        Sum {
            cells: cells.iter().map(|&c| c as u16).collect(),
            sum,
            combinations: combinations.into(),
        }
    }

    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        if self.combinations.is_empty() {
            return self.bounds(cells);
        }
        let mut masks = [0u32; 32];
        let mut union = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            masks[i] = cells.get(usize::from(c));
            union |= masks[i];
        }
        let masks = &masks[..self.cells.len()];
        let (mut allowed, mut required) = (0u32, u32::MAX);
        for &combo in self.combinations.iter() {
            if combo & !union != 0 {
                continue;
            }
            let mut covered = 0;
            let mut ok = true;
            for &m in masks {
                let x = m & combo;
                if x == 0 {
                    ok = false;
                    break;
                }
                covered |= x;
            }
            if ok && covered == combo {
                allowed |= combo;
                required &= combo;
            }
        }
        super::within_sets(cells, &self.cells, allowed, required)
    }

    /// Each cell within what the others' smallest and largest digits leave.
    fn bounds(&self, cells: &mut impl Cells) -> Step {
        let (mut lo, mut hi) = (0u32, 0u32);
        for &c in self.cells.iter() {
            let m = cells.get(usize::from(c));
            lo += m.trailing_zeros() + 1;
            hi += 32 - m.leading_zeros();
        }
        if self.sum < lo || self.sum > hi {
            return Err(Contradiction);
        }
        for &c in self.cells.iter() {
            let m = cells.get(usize::from(c));
            let (min, max) = (m.trailing_zeros() + 1, 32 - m.leading_zeros());
            // This cell's digit d: sum - (hi - max) <= d <= sum - (lo - min).
            let least = self.sum.saturating_sub(hi - max).max(1);
            let most = self.sum - (lo - min);
            let keep = if most >= 32 {
                u32::MAX
            } else {
                (1u32 << most) - 1
            } & !((1u32 << (least - 1)) - 1);
            cells.restrict(usize::from(c), keep)?;
        }
        Ok(())
    }
}

/// The digits of `pool` (bit `d - 1` for digit `d`) that some set of `count` distinct
/// digits of `pool` adding up to `sum` uses. For the rules that know a count and a sum
/// of distinct digits only as they compile (a sandwich's filling, an X-sum's first
/// cells).
pub(crate) fn combination_digits(pool: u32, count: usize, sum: u32) -> u32 {
    let top = sum as usize;
    let digits = || (0..32).filter(move |b| pool >> b & 1 != 0).map(|b| b + 1);
    if count == 0 {
        return 0;
    }
    // ways[k][s]: the sets of k digits of the pool adding up to s.
    let mut ways = vec![vec![0u64; top + 1]; count + 1];
    ways[0][0] = 1;
    for d in digits() {
        for k in (1..=count).rev() {
            for s in (d..=top).rev() {
                ways[k][s] += ways[k - 1][s - d];
            }
        }
    }
    // The sets without d, k by k: all of them less those with d.
    let mut without = vec![vec![0u64; top + 1]; count];
    let mut out = 0;
    for d in digits().filter(|&d| d <= top) {
        for k in 0..count {
            for s in 0..=top {
                let with = if k > 0 && s >= d {
                    without[k - 1][s - d]
                } else {
                    0
                };
                without[k][s] = ways[k][s] - with;
            }
        }
        if without[count - 1][top - d] > 0 {
            out |= 1 << (d - 1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::testing::Marks;

    /// A cage no digits satisfy is kept through both formats, and the puzzle, read
    /// again, still has no solution and says why.
    #[test]
    fn a_cage_no_digits_satisfy_is_written_back() {
        use crate::format::{fpuzzles, sudoku_puzzle};
        use crate::rules::testing::unsatisfiable;
        let cage = serde_json::json!({"type": "cage", "cells": ["r1c1", "r1c2"], "sum": 8});
        assert_eq!(
            unsatisfiable(cage.clone()),
            "a cage of 2 cells cannot add up to 8 (only 3 to 7)"
        );
        let doc = crate::rules::testing::four_by_four(serde_json::json!([cage]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        let again = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(again.puzzle, p);
        let across = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(across.puzzle, p);
        assert!(across.puzzle.no_solution().is_some());
        // New givens keep the puzzle without a solution.
        let mut engine = crate::Engine::new(&p).unwrap();
        engine.set_givens(&[1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(engine.count(2), 0);
    }

    #[test]
    fn combinations_of_a_sum() {
        // 3 in two cells: {1, 2}; 17 in two: {8, 9}; 6 in three: {1, 2, 3}.
        assert_eq!(&*Sum::new(9, &[0, 1], 3).combinations, &[0b11]);
        assert_eq!(&*Sum::new(9, &[0, 1], 17).combinations, &[0b1_1000_0000]);
        assert_eq!(Sum::new(9, &[0, 1, 2], 15).combinations.len(), 8);
    }

    #[test]
    fn a_sum_keeps_the_digits_of_its_combinations() {
        let mut g = Marks(vec![0x1FF, 0x1FF]);
        Sum::new(9, &[0, 1], 4).propagate(&mut g).unwrap();
        assert_eq!(g.0, [0b101, 0b101]); // 1 + 3
                                         // 8 in three cells: {1, 2, 5} or {1, 3, 4}; a 3 in the first leaves {1, 3, 4}.
        let mut g = Marks(vec![0b100, 0x1FF, 0x1FF]);
        Sum::new(9, &[0, 1, 2], 8).propagate(&mut g).unwrap();
        assert_eq!(g.0[1], 0b1101);
        // 7 in three cells is {1, 2, 4} only: a 3 cannot be.
        let mut g = Marks(vec![0b100, 0x1FF, 0x1FF]);
        assert!(Sum::new(9, &[0, 1, 2], 7).propagate(&mut g).is_err());
        // A digit every combination needs, with one place, goes there.
        let mut g = Marks(vec![0b011, 0b011, 0b1_0000_0111]);
        Sum::new(9, &[0, 1, 2], 12).propagate(&mut g).unwrap(); // {1, 2, 9}
        assert_eq!(g.0[2], 1 << 8);
    }

    #[test]
    fn digits_of_combinations() {
        // 10 in three of 1 to 9: 1 2 7, 1 3 6, 1 4 5, 2 3 5; never 8 or 9.
        assert_eq!(combination_digits(0x1FF, 3, 10), 0b111_1111);
        // 7 in two of 2 to 8: 2 5, 3 4.
        assert_eq!(combination_digits(0b1111_1110, 2, 7), 0b1_1110);
        assert_eq!(combination_digits(0x1FF, 2, 18), 0);
        assert_eq!(combination_digits(0x1FF, 0, 0), 0);
        // Every digit of a 25×25 board in 12 of them adding up to 150.
        assert_eq!(combination_digits((1 << 25) - 1, 12, 150), (1 << 25) - 1);
    }

    #[test]
    fn bounds_on_large_boards() {
        let cells: Vec<usize> = (0..12).collect();
        assert!(Sum::new(25, &cells, 150).combinations.is_empty());
        let bounded = Sum {
            cells: Box::new([0, 1]),
            sum: 30,
            combinations: Box::new([]),
        };
        let mut g = Marks(vec![(1 << 25) - 1, 0b11111]);
        bounded.propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 1 << 24); // 30 - 5 at least: 25
    }
}
