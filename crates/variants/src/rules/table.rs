//! Tables: the digits of some cells, read in order, are one of a list of allowed
//! tuples. The general rule behind [`vudoku`](super::vudoku),
//! [`corner`](super::corner) battenburgs and [`rossini`](super::rossini)'s negative:
//! each of those builds its tuples and compiles into the propagator here.
//!
//! Read from the sudoku-puzzle rule `{"type": "table", "cells": ["r1c1", "r1c2"],
//! "allowed": [[1, 2], [2, 1]]}`, or with `"where": [[0, 0], [0, 1]]` (offsets, rows
//! and columns, from a cell) instead of `cells`: then the table holds at every cell
//! whose offset cells are all on the board. Written back the same way; f-puzzles has
//! no such key.
//!
//! Propagation: generalized arc consistency. A tuple is alive while each of its digits
//! is a candidate of its cell; each cell keeps the digits that some live tuple has at
//! its place. The tuples are built once per rule and shared by every placement of it;
//! a pass allocates nothing (at most [`MAX_WIDTH`] cells).

use super::{Cells, Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle, MAX_SIZE};
use crate::state::Step;
use serde_json::{json, Value};
use std::sync::Arc;

/// The most cells a table may have.
pub const MAX_WIDTH: usize = 8;

/// Where a table holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Placement {
    /// On these cells, in the order of the tuples' digits.
    Cells(Vec<Cell>),
    /// At every cell (row-major) whose cells at these (row, column) offsets are all
    /// on the board of side `size`, in the order of the offsets.
    Where {
        /// The offsets.
        offsets: Vec<[i32; 2]>,
        /// The board's side, N (checked against the puzzle's).
        size: usize,
    },
}

/// A table; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Table {
    /// Where it holds.
    pub placement: Placement,
    /// The allowed tuples of digits, one digit per cell.
    pub allowed: Vec<Vec<u8>>,
}

impl Table {
    /// How many cells each placement has.
    pub fn width(&self) -> usize {
        match &self.placement {
            Placement::Cells(cells) => cells.len(),
            Placement::Where { offsets, .. } => offsets.len(),
        }
    }

    /// The cells of each placement.
    pub fn placements(&self) -> Vec<Vec<Cell>> {
        match &self.placement {
            Placement::Cells(cells) => vec![cells.clone()],
            Placement::Where { offsets, size } => {
                let n = *size as i64;
                let mut out = Vec::new();
                for cell in 0..n * n {
                    let (r, c) = (cell / n, cell % n);
                    let at: Option<Vec<Cell>> = offsets
                        .iter()
                        .map(|&[dr, dc]| {
                            let (r, c) = (r + i64::from(dr), c + i64::from(dc));
                            ((0..n).contains(&r) && (0..n).contains(&c))
                                .then_some((r * n + c) as Cell)
                        })
                        .collect();
                    out.extend(at);
                }
                out
            }
        }
    }

    /// The cells it reads.
    pub fn cells(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.placements().into_iter().flatten().collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let width = self.width();
        match &self.placement {
            Placement::Cells(cells) => super::check_cells(cells, puzzle, at)?,
            Placement::Where { offsets, size } => {
                super::check_size("a table", *size, puzzle, at)?;
                if offsets.is_empty() {
                    return Err(ModelError::new(at, "a table without offsets"));
                }
                if self.placements().is_empty() {
                    return Err(ModelError::new(
                        at,
                        format!("a table whose offsets fit nowhere on a {size}x{size} board"),
                    ));
                }
                for (i, o) in offsets.iter().enumerate() {
                    if offsets[..i].contains(o) {
                        return Err(ModelError::new(at, format!("offset {o:?} is listed twice")));
                    }
                }
            }
        }
        check_width(width, at)?;
        let n = puzzle.size();
        for row in &self.allowed {
            if row.len() != width {
                return Err(ModelError::new(
                    at,
                    format!(
                        "an allowed tuple of {} digits in a table of {width} cells",
                        row.len()
                    ),
                ));
            }
            if let Some(d) = row.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                return Err(ModelError::new(
                    at,
                    format!("digit {d} is not a digit of a {n}x{n} board"),
                ));
            }
        }
        Ok(())
    }

    /// The brute-force definition: at each placement, the digits are an allowed tuple.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.placements().iter().all(|cells| {
            self.allowed
                .iter()
                .any(|row| row.iter().zip(cells).all(|(&d, &c)| values[c] == d))
        })
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        let rows = Arc::new(Rows::new(
            self.width(),
            self.allowed.iter().map(Vec::as_slice),
        ));
        for cells in self.placements() {
            out.props.push(Prop::Table(Tuples::new(&cells, &rows)));
        }
    }

    /// From a sudoku-puzzle `table` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Table, Error> {
        let placement = match (rule.get("cells"), rule.get("where")) {
            (Some(cells), None) => Placement::Cells(read_cells(&cells, size)?),
            (None, Some(w)) => {
                let mut offsets = Vec::new();
                for o in w.items()? {
                    let pair = o.items()?;
                    if pair.len() != 2 {
                        return Err(o.error("an offset is [rows, columns]"));
                    }
                    let far = MAX_SIZE as i64;
                    offsets.push([
                        pair[0].int_in(-far, far)? as i32,
                        pair[1].int_in(-far, far)? as i32,
                    ]);
                }
                Placement::Where { offsets, size }
            }
            _ => return Err(rule.error("a table takes exactly one of cells and where")),
        };
        let width = match &placement {
            Placement::Cells(c) => c.len(),
            Placement::Where { offsets, .. } => offsets.len(),
        };
        let mut allowed = Vec::new();
        for row in rule.need("allowed")?.items()? {
            let digits = row.items()?;
            if digits.len() != width {
                return Err(row.error(format!(
                    "{} digits in a table of {width} cells",
                    digits.len()
                )));
            }
            allowed.push(
                digits
                    .iter()
                    .map(|d| d.int_in(1, size as i64).map(|d| d as u8))
                    .collect::<Result<Vec<u8>, Error>>()?,
            );
        }
        Ok(Table { placement, allowed })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "table"});
        match &self.placement {
            Placement::Cells(cells) => r["cells"] = json!(super::names(puzzle, cells)),
            Placement::Where { offsets, .. } => r["where"] = json!(offsets),
        }
        r["allowed"] = json!(self.allowed);
        r
    }
}

/// Refuses a table of no cells or more than [`MAX_WIDTH`].
pub(crate) fn check_width(width: usize, at: At) -> Result<(), ModelError> {
    if !(1..=MAX_WIDTH).contains(&width) {
        return Err(ModelError::new(
            at,
            format!("a table of {width} cells: tables have 1 to {MAX_WIDTH}"),
        ));
    }
    Ok(())
}

/// Allowed tuples, compiled: digits − 1, sorted, each tuple once, indexed by the
/// first digit.
#[derive(Debug)]
pub(crate) struct Rows {
    width: usize,
    digits: Box<[u8]>,
    /// The tuples whose first digit is `d + 1` are `starts[d]..starts[d + 1]`.
    starts: [u32; 33],
}

impl Rows {
    /// From tuples of `width` digits (1 and up, each below 33).
    pub(crate) fn new<'r>(width: usize, rows: impl Iterator<Item = &'r [u8]>) -> Rows {
        let mut sorted: Vec<&[u8]> = rows.filter(|r| r.len() == width).collect();
        sorted.sort_unstable();
        sorted.dedup();
        let mut starts = [0u32; 33];
        for row in &sorted {
            if let Some(&d) = row.first() {
                starts[usize::from(d)] += 1;
            }
        }
        for d in 1..33 {
            starts[d] += starts[d - 1];
        }
        let digits = sorted
            .iter()
            .flat_map(|r| r.iter().map(|&d| d - 1))
            .collect();
        Rows {
            width,
            digits,
            starts,
        }
    }

    /// The tuples of `width` digits 1 to `size` that `allowed` accepts.
    pub(crate) fn from_fn(size: usize, width: usize, allowed: impl Fn(&[u8]) -> bool) -> Rows {
        let mut all: Vec<Vec<u8>> = Vec::new();
        let mut t = vec![1u8; width];
        loop {
            if allowed(&t) {
                all.push(t.clone());
            }
            let Some(i) = t.iter().rposition(|&d| usize::from(d) < size) else {
                break;
            };
            t[i] += 1;
            t[i + 1..].fill(1);
        }
        Rows::new(width, all.iter().map(Vec::as_slice))
    }

    /// How many tuples.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.digits.len() / self.width.max(1)
    }
}

/// One placement of a table, compiled: its cells and the shared tuples.
#[derive(Clone, Debug)]
pub(crate) struct Tuples {
    cells: [u16; MAX_WIDTH],
    rows: Arc<Rows>,
}

impl Tuples {
    /// The table `rows` on `cells` (as many as the rows are wide, at most
    /// [`MAX_WIDTH`]).
    pub(crate) fn new(cells: &[Cell], rows: &Arc<Rows>) -> Tuples {
        let mut at = [0u16; MAX_WIDTH];
        for (a, &c) in at.iter_mut().zip(cells) {
            *a = c as u16;
        }
        Tuples {
            cells: at,
            rows: Arc::clone(rows),
        }
    }

    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells[..self.rows.width]
            .iter()
            .map(|&c| usize::from(c))
            .collect()
    }

    /// Keeps each cell's digits that a live tuple has at its place.
    #[inline]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let rows = &*self.rows;
        let w = rows.width;
        let mut cand = [0u32; MAX_WIDTH];
        for (m, &c) in cand.iter_mut().zip(&self.cells[..w]) {
            *m = cells.get(usize::from(c));
        }
        let mut support = [0u32; MAX_WIDTH];
        let mut firsts = cand[0];
        'firsts: while firsts != 0 {
            let d = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            let (lo, hi) = (rows.starts[d] as usize, rows.starts[d + 1] as usize);
            for row in rows.digits[lo * w..hi * w].chunks_exact(w) {
                let alive = row.iter().zip(&cand).all(|(&x, &m)| m >> (x & 31) & 1 != 0);
                if alive {
                    let mut grew = false;
                    for (s, &x) in support.iter_mut().zip(row) {
                        grew |= *s & 1 << (x & 31) == 0;
                        *s |= 1 << (x & 31);
                    }
                    if grew && support[..w] == cand[..w] {
                        break 'firsts;
                    }
                }
            }
        }
        for (&c, &keep) in self.cells[..w].iter().zip(&support) {
            cells.restrict(usize::from(c), keep)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{four_by_four, refusal};
    use crate::rules::testing::{m, Marks};
    use crate::rules::Rule;

    #[test]
    fn rows_are_sorted_deduplicated_and_indexed_by_their_first_digit() {
        let rows = Rows::new(2, [[3u8, 1], [1, 2], [3, 1], [1, 4]].iter().map(|r| &r[..]));
        assert_eq!(rows.len(), 3);
        assert_eq!(&rows.digits[..], [0, 1, 0, 3, 2, 0]);
        assert_eq!(&rows.starts[..5], [0, 2, 2, 3, 3]);
        let all = Rows::from_fn(3, 2, |t| t[0] < t[1]);
        assert_eq!(all.len(), 3);
    }

    #[test]
    fn a_cell_keeps_the_digits_of_live_tuples() {
        let rows = Arc::new(Rows::new(
            3,
            [[1u8, 2, 3], [2, 3, 1], [3, 1, 2], [1, 1, 1]]
                .iter()
                .map(|r| &r[..]),
        ));
        let t = Tuples::new(&[0, 1, 2], &rows);
        assert_eq!(t.watches(), [0, 1, 2]);
        // 1 gone from the second cell: (1, 1, 1) and (3, 1, 2) die.
        let mut g = Marks(vec![m(&[1, 2, 3]), m(&[2, 3]), m(&[1, 2, 3])]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1, 2]), m(&[2, 3]), m(&[1, 3])]);
        // No live tuple: a contradiction.
        let mut g = Marks(vec![m(&[1]), m(&[3]), m(&[1, 2, 3])]);
        assert!(t.propagate(&mut g).is_err());
        // Everything supported: nothing removed.
        let mut g = Marks(vec![m(&[1, 2, 3]); 3]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1, 2, 3]); 3]);
    }

    #[test]
    fn read_written_back_and_refused_with_their_path() {
        let doc = four_by_four(json!([
            {"type": "table", "cells": ["r1c1", "r2c2"], "allowed": [[1, 4], [4, 1]]},
            {"type": "table", "where": [[0, 0], [1, -1]], "allowed": [[2, 3], [3, 2], [1, 4]]}
        ]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        match &p.rules()[1] {
            Rule::Table(t) => {
                assert_eq!(t.placements().len(), 9);
                assert_eq!(t.placements()[0], [1, 4]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express a table"
        );
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(p.rules()[0].holds(&p, &solution));
        // r1c3 and r2c2 hold 3 and 4.
        assert!(!p.rules()[1].holds(&p, &solution));
        assert_eq!(
            refusal(json!({"type": "table", "cells": ["r1c1"], "allowed": [[1, 2]]})),
            "rules[1].allowed[0]: 2 digits in a table of 1 cells"
        );
        assert_eq!(
            refusal(json!({"type": "table", "cells": ["r1c1"], "allowed": [[5]]})),
            "rules[1].allowed[0][0]: 5 is out of range: 1 to 4"
        );
        assert_eq!(
            refusal(json!({"type": "table", "allowed": [[1]]})),
            "rules[1]: a table takes exactly one of cells and where"
        );
        assert_eq!(
            refusal(json!({"type": "table", "where": [[0, 0, 1]], "allowed": []})),
            "rules[1].where[0]: an offset is [rows, columns]"
        );
        assert_eq!(
            refusal(json!({"type": "table", "where": [[0, 0], [4, 0]], "allowed": []})),
            "rules[1]: a table whose offsets fit nowhere on a 4x4 board"
        );
        assert_eq!(
            refusal(json!({"type": "table", "where": [[0, 0], [0, 0]], "allowed": []})),
            "rules[1]: offset [0, 0] is listed twice"
        );
        let wide: Vec<String> = (1..=9).map(|c| format!("r1c{c}")).collect();
        let mut nine = four_by_four(json!([{"type": "table", "cells": wide, "allowed": []}]));
        nine["board"] = json!({"rows": 9, "cols": 9});
        nine["digits"] = json!(9);
        nine["givens"] = json!(vec![0; 81]);
        nine["rules"][0] = json!({"type": "grid", "origin": "r1c1"});
        assert_eq!(
            sudoku_puzzle::read(&nine).unwrap_err().to_string(),
            "rules[1]: a table of 9 cells: tables have 1 to 8"
        );
    }

    #[test]
    fn an_empty_table_has_no_solution() {
        let p = sudoku_puzzle::read(&four_by_four(
            json!([{"type": "table", "cells": ["r1c1", "r1c2"], "allowed": []}]),
        ))
        .unwrap()
        .puzzle;
        assert_eq!(crate::Engine::new(&p).unwrap().count(2), 0);
    }
}
