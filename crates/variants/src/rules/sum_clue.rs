//! Sum clues: the digits of some cells add up to a clue, repeating where no house
//! forbids it. The sudoku-puzzle rule `sum` in four kinds: a little killer (a clue
//! outside the grid, the cells along a diagonal from it), a frame sum (a clue outside
//! the grid, the first cells of the row or column from it), a group and a corner sum
//! (any cells; a corner's are a 2×2 block).
//!
//! Read from the sudoku-puzzle rule `{"type": "sum", "kind": "little_killer", "side":
//! "top", "cells": ["r1c2", "r2c3", ...], "sum": 14}` and the f-puzzles key
//! `littlekillersum` (`{"cell": "R0C1", "direction": "DR", "cells": [...], "value":
//! "14"}`; an entry without a value is a drawn arrow, not a clue); written back to both
//! (f-puzzles has little killers only).
//!
//! Propagation: cells that share a house hold distinct digits, and the sum is then a
//! killer cage's ([`cage`]: combinations of distinct digits); otherwise it
//! is one segment of `totals` with the clue as its total: each cell
//! keeps the digits of some way the others can complete the sum.

use super::cage;
use super::outside::{self, Side};
use super::totals::Totals;
use super::{Compiled, Prop};
use crate::format::json::Value as Json;
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// Which sum clue.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SumKind {
    /// Along a diagonal from a clue outside the grid.
    LittleKiller,
    /// The first cells of a row or column from a clue outside the grid.
    Frame,
    /// Any cells.
    Group,
    /// A 2×2 block, written top left, top right, bottom left, bottom right.
    Corner,
}

impl SumKind {
    /// Its name in the sudoku-puzzle format's `sum` kinds.
    pub fn name(self) -> &'static str {
        match self {
            SumKind::LittleKiller => "little_killer",
            SumKind::Frame => "frame",
            SumKind::Group => "group",
            SumKind::Corner => "corner",
        }
    }

    fn from_name(name: &str) -> Option<SumKind> {
        Some(match name {
            "little_killer" => SumKind::LittleKiller,
            "frame" => SumKind::Frame,
            "group" => SumKind::Group,
            "corner" => SumKind::Corner,
            _ => return None,
        })
    }

    /// True for the kinds whose clue sits outside the grid, on a side.
    fn outside(self) -> bool {
        matches!(self, SumKind::LittleKiller | SumKind::Frame)
    }
}

/// A sum clue; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SumClue {
    /// Which clue.
    pub kind: SumKind,
    /// The side its clue sits on (little killers and frames).
    pub side: Option<Side>,
    /// Its cells (from the clue inwards, for a clue outside the grid).
    pub cells: Vec<Cell>,
    /// What their digits add up to.
    pub sum: u32,
}

impl SumClue {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        let what = format!("a {} sum", self.kind.name());
        match (self.kind.outside(), self.side) {
            (true, Some(side)) => outside::check_line(
                puzzle,
                side,
                &self.cells,
                self.kind == SumKind::LittleKiller,
                at,
                &what,
            )?,
            (true, None) => return Err(ModelError::new(at, format!("{what} needs its side"))),
            (false, Some(_)) => return Err(ModelError::new(at, format!("{what} has no side"))),
            (false, None) => {}
        }
        let n = puzzle.size();
        if self.kind == SumKind::Corner {
            let c = self.cells[0];
            let block = [c, c + 1, c + n, c + n + 1];
            if self.cells != block || c % n + 1 >= n {
                return Err(ModelError::new(
                    at,
                    "a corner sum's cells are a 2x2 block: top left, top right, bottom left, bottom right",
                ));
            }
        }
        let k = self.cells.len() as u32;
        let (lo, hi) = (k, k * n as u32);
        if !(lo..=hi).contains(&self.sum) {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "{k} digits 1-{n} cannot add up to {} (only {lo} to {hi})",
                    self.sum
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: the digits add up to the sum.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.cells
            .iter()
            .map(|&c| u32::from(values[c]))
            .sum::<u32>()
            == self.sum
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let size = puzzle.size();
        let distinct = puzzle
            .houses()
            .iter()
            .any(|h| self.cells.iter().all(|c| h.cells.contains(c)));
        out.props.push(if distinct {
            Prop::Sum(cage::Sum::new(size, &self.cells, self.sum))
        } else {
            Prop::Totals(Totals::new(size, &[(&self.cells, false)], Some(self.sum)))
        });
    }

    /// From a sudoku-puzzle `sum` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<SumClue, Error> {
        let k = rule.need("kind")?;
        let name = k.str()?;
        let kind = SumKind::from_name(name)
            .ok_or_else(|| k.error(format!("unknown sum kind {name:?}")))?;
        let side = rule.get("side").map(|s| Side::read(&s)).transpose()?;
        Ok(SumClue {
            kind,
            side,
            cells: read_cells(&rule.need("cells")?, size)?,
            sum: rule.need("sum")?.int_in(0, 100_000)? as u32,
        })
    }

    /// From one entry of f-puzzles' `littlekillersum`; `None` for an entry without a
    /// value (a drawn arrow, no clue).
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Option<SumClue>, Error> {
        let Some(sum) = fpuzzles_value(entry, "a little killer")? else {
            return Ok(None);
        };
        let (side, cells) = outside::read_fpuzzles_diagonal(entry, size)?;
        Ok(Some(SumClue {
            kind: SumKind::LittleKiller,
            side: Some(side),
            cells,
            sum,
        }))
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "sum", "kind": self.kind.name()});
        if let Some(side) = self.side {
            r["side"] = json!(side.name());
        }
        r["cells"] = json!(super::names(puzzle, &self.cells));
        r["sum"] = json!(self.sum);
        r
    }

    /// As an f-puzzles `littlekillersum` entry: a little killer along a whole
    /// diagonal; other sums cannot be written.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Value, Error> {
        let diagonal = match (self.kind, self.side) {
            (SumKind::LittleKiller, Some(side)) => {
                outside::fpuzzles_diagonal(puzzle.size(), side, &self.cells)
            }
            _ => None,
        };
        let (cell, direction) = diagonal.ok_or_else(|| {
            Error::path(
                "",
                format!(
                    "f-puzzles cannot express a {} sum{}",
                    self.kind.name(),
                    if self.kind == SumKind::LittleKiller {
                        " that stops short of the board's edge"
                    } else {
                        ""
                    }
                ),
            )
        })?;
        Ok(json!({
            "cell": cell,
            "direction": direction,
            "cells": super::fnames(puzzle, &self.cells),
            "value": self.sum.to_string(),
        }))
    }
}

/// An f-puzzles clue's `value`: a number or its text; `None` when missing or blank.
pub(crate) fn fpuzzles_value(entry: &Node<'_>, what: &str) -> Result<Option<u32>, Error> {
    let Some(v) = entry.get("value") else {
        return Ok(None);
    };
    match v.value {
        Json::Number(_) => Ok(Some(v.int_in(0, 100_000)? as u32)),
        Json::Str(s) if s.trim().is_empty() => Ok(None),
        Json::Str(s) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| v.error(format!("{what}'s value {s:?} is not a number"))),
        _ => Err(v.error(format!("{what}'s value is a number"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::Rule;

    fn clue(kind: SumKind, side: Option<Side>, cells: Vec<Cell>, sum: u32) -> SumClue {
        SumClue {
            kind,
            side,
            cells,
            sum,
        }
    }

    #[test]
    fn refuses_what_cannot_be_valid() {
        let p = Puzzle::classic(9).unwrap();
        let check = |c: SumClue| c.check(&p, At::Rule(0)).map_err(|e| e.message);
        let lk = SumKind::LittleKiller;
        assert!(check(clue(lk, Some(Side::Top), vec![1, 11, 21], 12)).is_ok());
        assert!(check(clue(lk, None, vec![1, 11, 21], 12))
            .unwrap_err()
            .contains("side"));
        assert!(check(clue(lk, Some(Side::Top), vec![1, 11, 21], 28))
            .unwrap_err()
            .contains("only 3 to 27"));
        assert!(check(clue(lk, Some(Side::Left), vec![1, 11, 21], 12)).is_err());
        assert!(check(clue(SumKind::Frame, Some(Side::Top), vec![1, 10, 19], 12)).is_ok());
        assert!(check(clue(SumKind::Frame, Some(Side::Top), vec![1, 11], 12)).is_err());
        assert!(check(clue(SumKind::Group, Some(Side::Top), vec![1], 1)).is_err());
        assert!(check(clue(SumKind::Corner, None, vec![0, 1, 9, 10], 12)).is_ok());
        assert!(check(clue(SumKind::Corner, None, vec![0, 1, 10, 9], 12)).is_err());
        assert!(check(clue(SumKind::Corner, None, vec![8, 9, 17, 18], 12)).is_err());
    }

    #[test]
    fn a_clue_in_one_house_sums_distinct_digits() {
        let p = Puzzle::classic(9).unwrap();
        let mut out = Compiled::default();
        // r1c1, r2c2, r3c3 share a box; r1c2 .. r4c5 do not.
        clue(SumKind::LittleKiller, Some(Side::Top), vec![0, 10, 20], 6).compile(&p, &mut out);
        clue(
            SumKind::LittleKiller,
            Some(Side::Top),
            vec![1, 11, 21, 31],
            6,
        )
        .compile(&p, &mut out);
        assert!(matches!(out.props[..], [Prop::Sum(_), Prop::Totals(_)]));
    }

    #[test]
    fn both_formats_round_trip() {
        let mut p = Puzzle::classic(9).unwrap();
        for (kind, side, cells, sum) in [
            (
                SumKind::LittleKiller,
                Some(Side::Top),
                vec![1, 11, 21, 31, 41, 51, 61, 71],
                40,
            ),
            (SumKind::LittleKiller, Some(Side::Right), vec![8], 5),
        ] {
            p.add_rule(Rule::SumClue(clue(kind, side, cells, sum)))
                .unwrap();
        }
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        p.add_rule(Rule::SumClue(clue(
            SumKind::Frame,
            Some(Side::Left),
            vec![9, 10, 11],
            6,
        )))
        .unwrap();
        p.add_rule(Rule::SumClue(clue(
            SumKind::Group,
            None,
            vec![0, 40, 80],
            6,
        )))
        .unwrap();
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        let e = fpuzzles::write(&p, None, None).unwrap_err();
        assert!(e.to_string().contains("frame"), "{e}");
    }
}
