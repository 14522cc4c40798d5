//! Cell marks: the digit of each marked cell is in a set — odd or even (a grey circle
//! or square), low or high (at most, or more than, a split), one of listed digits, or
//! none of them.
//!
//! Read from the sudoku-puzzle rule `{"type": "cell", "kind": "odd", "cells": [...]}`
//! (kinds `odd`, `even`, `low` and `high` with `split`, `set` and `exclude` with
//! `values`) and the f-puzzles keys `odd` and `even` (`[{"cell": "R1C1"}, ...]`);
//! written back to both (f-puzzles has odd and even only).
//!
//! A negative constraint of a kind (odd, even, low or high: every such cell is
//! marked) says that the cells without a mark of that kind, in its area (the whole
//! board by default), are of the opposite kind: even, odd, high, low. It is read from
//! `{"type": "negative", "of": "cell", "kind": "odd"}` (low and high with `split`; an
//! optional `area`) and written back to it; f-puzzles has no such negative. The marks
//! are read from the puzzle when the rule is compiled, so that a mark added later is
//! spared.
//!
//! Propagation: the marked cells (and a negative's unmarked ones) keep the digits of
//! the set, once, at the start of the search (the propagator watches no cell: nothing
//! can undo it).

use super::{Cells, Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::Step;
use serde_json::{json, Value};

/// Which digits a marked cell may hold.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CellKind {
    /// An odd digit.
    Odd,
    /// An even digit.
    Even,
    /// A digit at most `split`.
    Low {
        /// The largest low digit.
        split: u8,
    },
    /// A digit more than `split`.
    High {
        /// The largest digit that is not high.
        split: u8,
    },
    /// One of these digits (bit `d - 1` for digit `d`).
    Set(u32),
    /// None of these digits (bit `d - 1` for digit `d`).
    Exclude(u32),
}

impl CellKind {
    /// Its name in the sudoku-puzzle format.
    pub fn name(self) -> &'static str {
        match self {
            CellKind::Odd => "odd",
            CellKind::Even => "even",
            CellKind::Low { .. } => "low",
            CellKind::High { .. } => "high",
            CellKind::Set(_) => "set",
            CellKind::Exclude(_) => "exclude",
        }
    }

    /// True if a marked cell may hold `digit`.
    pub fn allows(self, digit: u8) -> bool {
        let bit = 1u32.checked_shl(u32::from(digit) - 1).unwrap_or(0);
        match self {
            CellKind::Odd => digit % 2 == 1,
            CellKind::Even => digit.is_multiple_of(2),
            CellKind::Low { split } => digit <= split,
            CellKind::High { split } => digit > split,
            CellKind::Set(m) => m & bit != 0,
            CellKind::Exclude(m) => m & bit == 0,
        }
    }

    /// The digits 1 to `size` it allows, as a mask.
    pub fn digits(self, size: usize) -> u32 {
        (1..=size as u8)
            .filter(|&d| self.allows(d))
            .fold(0, |m, d| m | 1 << (d - 1))
    }
}

/// Cells whose digits are limited to a set.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellMark {
    /// Which digits.
    pub kind: CellKind,
    /// The marked cells.
    pub cells: Vec<Cell>,
}

impl CellMark {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        if self.kind.digits(puzzle.size()) == 0 {
            return Err(ModelError::new(
                at,
                format!(
                    "no digit 1-{} is {} ({:?})",
                    puzzle.size(),
                    self.kind.name(),
                    self.kind
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: each marked cell's digit is in the set.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.cells.iter().all(|&c| self.kind.allows(values[c]))
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        out.props.push(Prop::Within(Within {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            keep: self.kind.digits(size),
        }));
    }

    /// From a sudoku-puzzle `cell` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<CellMark, Error> {
        let kind = rule.need("kind")?;
        let name = kind.str()?;
        let (wants_split, wants_values) = match name {
            "odd" | "even" => (false, false),
            "low" | "high" => (true, false),
            "set" | "exclude" => (false, true),
            other => return Err(kind.error(format!("unknown cell kind {other:?}"))),
        };
        for (key, wanted) in [("split", wants_split), ("values", wants_values)] {
            if let Some(extra) = rule.get(key).filter(|_| !wanted) {
                return Err(extra.error(format!("a cell rule of kind {name:?} takes no {key:?}")));
            }
        }
        let split = || -> Result<u8, Error> { Ok(rule.need("split")?.int_in(1, 255)? as u8) };
        let values = || -> Result<u32, Error> {
            let list = rule.need("values")?;
            let mut mask = 0;
            for v in list.items()? {
                mask |= 1 << (v.int_in(1, size as i64)? - 1);
            }
            if mask == 0 {
                return Err(list.error("no values"));
            }
            Ok(mask)
        };
        let kind = match name {
            "odd" => CellKind::Odd,
            "even" => CellKind::Even,
            "low" => CellKind::Low { split: split()? },
            "high" => CellKind::High { split: split()? },
            "set" => CellKind::Set(values()?),
            _ => CellKind::Exclude(values()?),
        };
        Ok(CellMark {
            kind,
            cells: read_cells(&rule.need("cells")?, size)?,
        })
    }

    /// From f-puzzles' `odd` or `even` list (`key`): one mark for all its cells.
    pub(crate) fn read_fpuzzles(
        key: &str,
        list: &Node<'_>,
        size: usize,
    ) -> Result<CellMark, Error> {
        let cells = super::read_fpuzzles_cells(list, size)?;
        let kind = if key == "odd" {
            CellKind::Odd
        } else {
            CellKind::Even
        };
        Ok(CellMark { kind, cells })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "cell", "kind": self.kind.name()});
        let list = |m: u32| -> Vec<u32> { (1..=32).filter(|d| m >> (d - 1) & 1 != 0).collect() };
        match self.kind {
            CellKind::Odd | CellKind::Even => {}
            CellKind::Low { split } | CellKind::High { split } => r["split"] = json!(split),
            CellKind::Set(m) | CellKind::Exclude(m) => r["values"] = json!(list(m)),
        }
        r["cells"] = json!(super::names(puzzle, &self.cells));
        r
    }

    /// The f-puzzles key and entries, or `None` for a kind f-puzzles has no key for.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Option<(&'static str, Vec<Value>)> {
        let key = match self.kind {
            CellKind::Odd => "odd",
            CellKind::Even => "even",
            _ => return None,
        };
        Some((key, super::write_fpuzzles_cells(puzzle, &self.cells)))
    }
}

/// A negative constraint of a kind of cell mark: the unmarked cells of its area are of
/// the opposite kind; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellNegative {
    /// The kind every such cell is marked with: odd, even, low or high.
    pub kind: CellKind,
    /// Its cells (every cell of the board for the whole board).
    pub area: Vec<Cell>,
}

impl CellNegative {
    /// The kind of the cells left unmarked, if the kind has an opposite.
    fn opposite(self: &CellNegative) -> Option<CellKind> {
        Some(match self.kind {
            CellKind::Odd => CellKind::Even,
            CellKind::Even => CellKind::Odd,
            CellKind::Low { split } => CellKind::High { split },
            CellKind::High { split } => CellKind::Low { split },
            CellKind::Set(_) | CellKind::Exclude(_) => return None,
        })
    }

    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.area, puzzle, at)?;
        match self.opposite() {
            Some(other) if other.digits(puzzle.size()) != 0 => Ok(()),
            _ => Err(ModelError::new(
                at,
                format!(
                    "a negative of {} cells on digits 1-{}: odd, even, low or high, with digits on both sides",
                    self.kind.name(),
                    puzzle.size()
                ),
            )),
        }
    }

    /// The cells of its area without a mark of its kind.
    pub fn unmarked(&self, puzzle: &Puzzle) -> Vec<Cell> {
        let mut marked = vec![false; puzzle.cells()];
        for rule in puzzle.rules() {
            if let super::Rule::Cell(mark) = rule {
                if mark.kind == self.kind {
                    for &c in &mark.cells {
                        marked[c] = true;
                    }
                }
            }
        }
        self.area.iter().copied().filter(|&c| !marked[c]).collect()
    }

    /// The brute-force definition: every unmarked cell of its area is of the opposite
    /// kind.
    pub fn holds(&self, puzzle: &Puzzle, values: &[u8]) -> bool {
        let other = self.opposite();
        self.unmarked(puzzle)
            .iter()
            .all(|&c| other.is_some_and(|k| k.allows(values[c])))
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        if let Some(other) = self.opposite() {
            CellMark {
                kind: other,
                cells: self.unmarked(puzzle),
            }
            .compile(puzzle.size(), out);
        }
    }

    /// From a sudoku-puzzle `negative` rule of `cell` (its keys already checked).
    pub(crate) fn read_sudoku_puzzle(
        rule: &Node<'_>,
        puzzle: &Puzzle,
    ) -> Result<CellNegative, Error> {
        let kind = rule.need("kind")?;
        let split = || -> Result<u8, Error> { Ok(rule.need("split")?.int_in(1, 255)? as u8) };
        let name = kind.str()?;
        let kind = match name {
            "odd" => CellKind::Odd,
            "even" => CellKind::Even,
            "low" => CellKind::Low { split: split()? },
            "high" => CellKind::High { split: split()? },
            other => {
                return Err(kind.error(format!(
                    "a negative of cells of kind {other:?}: odd, even, low or high"
                )))
            }
        };
        if let Some(extra) = rule.get("split").filter(|_| matches!(name, "odd" | "even")) {
            return Err(extra.error(format!("a negative of {name} cells takes no \"split\"")));
        }
        for key in super::edge::SELECTORS {
            if let Some(extra) = rule.get(key) {
                return Err(extra.error(format!("a negative of cells takes no {key:?}")));
            }
        }
        let area = super::negative::read_area(rule, puzzle)?;
        Ok(CellNegative { kind, area })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "negative", "of": "cell", "kind": self.kind.name()});
        if let CellKind::Low { split } | CellKind::High { split } = self.kind {
            r["split"] = json!(split);
        }
        if self.area.len() != puzzle.cells() {
            r["area"] = json!(super::names(puzzle, &self.area));
        }
        r
    }
}

/// Cells limited to a set of digits, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Within {
    cells: Box<[u16]>,
    keep: u32,
}

impl Within {
    /// `cells` kept to the digits of `keep`.
    pub(crate) fn new(cells: &[Cell], keep: u32) -> Within {
        Within {
            cells: cells.iter().map(|&c| c as u16).collect(),
            keep,
        }
    }

    /// None: it runs once, at the start.
    pub(crate) fn watches(&self) -> Vec<Cell> {
        Vec::new()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        for &c in self.cells.iter() {
            cells.restrict(usize::from(c), self.keep)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{four_by_four, refusal};
    use crate::{Engine, Rule};

    #[test]
    fn the_digits_of_each_kind() {
        let digits = |k: CellKind, n| {
            (1..=n)
                .filter(|d| k.digits(n) >> (d - 1) & 1 != 0)
                .collect::<Vec<_>>()
        };
        assert_eq!(digits(CellKind::Odd, 9), [1, 3, 5, 7, 9]);
        assert_eq!(digits(CellKind::Even, 6), [2, 4, 6]);
        assert_eq!(digits(CellKind::Low { split: 4 }, 9), [1, 2, 3, 4]);
        assert_eq!(digits(CellKind::High { split: 4 }, 9), [5, 6, 7, 8, 9]);
        assert!(digits(CellKind::High { split: 9 }, 9).is_empty());
        assert_eq!(digits(CellKind::Set(0b1010), 9), [2, 4]);
        assert_eq!(digits(CellKind::Exclude(0b1010), 4), [1, 3]);
        assert_eq!(digits(CellKind::Even, 16).len(), 8);
    }

    #[test]
    fn read_and_written_in_both_formats() {
        let doc = four_by_four(json!([
            {"type": "cell", "kind": "odd", "cells": ["r1c1", "r2c3"]},
            {"type": "cell", "kind": "even", "cells": ["r4c4"]},
            {"type": "cell", "kind": "low", "split": 2, "cells": ["r3c1"]},
            {"type": "cell", "kind": "high", "split": 2, "cells": ["r3c2"]},
            {"type": "cell", "kind": "set", "values": [1, 4], "cells": ["r1c2"]},
            {"type": "cell", "kind": "exclude", "values": [3], "cells": ["r1c3"]}
        ]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        let kinds: Vec<(CellKind, Vec<Cell>)> = p
            .rules()
            .iter()
            .filter_map(|r| match r {
                Rule::Cell(m) => Some((m.kind, m.cells.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (CellKind::Odd, vec![0, 6]),
                (CellKind::Even, vec![15]),
                (CellKind::Low { split: 2 }, vec![8]),
                (CellKind::High { split: 2 }, vec![9]),
                (CellKind::Set(0b1001), vec![1]),
                (CellKind::Exclude(0b100), vec![2]),
            ]
        );
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express a cell rule of kind \"low\""
        );

        let row = json!([{}, {}, {}, {}]);
        let doc = json!({"size": 4, "grid": [row, row, row, row],
                         "odd": [{"cell": "R1C1"}, {"cell": "R2C3"}], "even": [{"cell": "R4C4"}]});
        let p = fpuzzles::read(&doc).unwrap().puzzle;
        assert_eq!(p.rules().len(), 2);
        let back = fpuzzles::write(&p, None, None).unwrap();
        assert_eq!((&back["odd"], &back["even"]), (&doc["odd"], &doc["even"]));
        let across = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(across.puzzle, p);
    }

    /// Found by fuzzing: a cell two rules mark odd was written to f-puzzles twice,
    /// which its reader refuses. It is written once.
    #[test]
    fn a_cell_two_rules_mark_alike_is_written_once() {
        let mark = |kind, cell| json!({"type": "cell", "kind": kind, "cells": [cell]});
        let doc = json!({"format": "sudoku-puzzle", "format_version": 1,
                         "board": {"rows": 4, "cols": 4}, "digits": 4, "givens": vec![0; 16],
                         "rules": [{"type": "box_grid", "box": [2, 2], "origin": "r1c1"},
                                   mark("odd", "r1c1"), mark("even", "r2c2"),
                                   mark("odd", "r1c1"), mark("odd", "r3c3")]});
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        let written = fpuzzles::write(&p, None, None).unwrap();
        assert_eq!(written["odd"], json!([{"cell": "R1C1"}, {"cell": "R3C3"}]));
        let back = fpuzzles::read(&written).unwrap().puzzle;
        assert_eq!(
            Engine::new(&back).unwrap().count(1000),
            Engine::new(&p).unwrap().count(1000)
        );
    }

    #[test]
    fn refused_with_their_path() {
        assert_eq!(
            refusal(json!({"type": "cell", "kind": "odd", "split": 2, "cells": ["r1c1"]})),
            "rules[1].split: a cell rule of kind \"odd\" takes no \"split\""
        );
        assert_eq!(
            refusal(json!({"type": "cell", "kind": "set", "values": [5], "cells": ["r1c1"]})),
            "rules[1].values[0]: 5 is out of range: 1 to 4"
        );
        assert_eq!(
            refusal(json!({"type": "cell", "kind": "high", "split": 4, "cells": ["r1c1"]})),
            "rules[1]: no digit 1-4 is high (High { split: 4 })"
        );
        assert_eq!(
            refusal(json!({"type": "cell", "kind": "prime", "cells": ["r1c1"]})),
            "rules[1].kind: unknown cell kind \"prime\""
        );
        let row = json!([{}, {}, {}, {}]);
        let doc = json!({"size": 4, "grid": [row, row, row, row], "odd": [{"cell": "R5C1"}]});
        assert_eq!(
            fpuzzles::read(&doc).unwrap_err().to_string(),
            "odd[0].cell: \"R5C1\" is not a cell of a 4x4 board (r1c1 to r4c4)"
        );
    }

    #[test]
    fn a_negative_makes_the_unmarked_cells_the_opposite_kind() {
        let doc = four_by_four(json!([
            {"type": "cell", "kind": "high", "split": 2, "cells": ["r1c1", "r1c2"]},
            {"type": "negative", "of": "cell", "kind": "high", "split": 2,
             "area": ["r1c1", "r1c2", "r1c3", "r1c4"]},
            {"type": "negative", "of": "cell", "kind": "odd"}
        ]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        let Rule::CellNegative(high) = &p.rules()[1] else {
            panic!("{:?}", p.rules())
        };
        assert_eq!(high.unmarked(&p), [2, 3]);
        // Row 1: 3 4 | 1 2 is high, high, low, low. No cell is marked odd, so every
        // cell is even: 3 and 1 break it.
        let mut v = vec![2u8; 16];
        v[..4].copy_from_slice(&[3, 4, 1, 2]);
        assert!(p.rules()[1].holds(&p, &v));
        assert!(!p.rules()[2].holds(&p, &v));
        v[2] = 3;
        assert!(!p.rules()[1].holds(&p, &v));
        assert!(p.rules()[2].holds(&p, &[4; 16]));
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(fpuzzles::write(&p, None, None).is_err());
        let bad =
            four_by_four(json!([{"type": "negative", "of": "cell", "kind": "odd", "split": 2}]));
        assert_eq!(
            sudoku_puzzle::read(&bad).unwrap_err().to_string(),
            "rules[1].split: a negative of odd cells takes no \"split\""
        );
    }
}
