//! Contains (a quadruple): the listed digits all appear among the marked cells, a digit
//! listed k times in k of them. f-puzzles draws it as a circle on the corner of the
//! four cells around it (a quadruple); the sudoku-puzzle format takes any cells.
//!
//! Read from the sudoku-puzzle rule `{"type": "contains", "digits": [1, 2], "cells":
//! [...]}` and the f-puzzles key `quadruple` (`{"cells": ["R1C1", "R1C2", "R2C1",
//! "R2C2"], "values": [1, 2]}`, the values numbers or their text; an entry without
//! values marks nothing); written back to both (f-puzzles takes a 2×2 block only).
//!
//! Propagation: a digit listed k times with exactly k cells left that may hold it is
//! placed in them, fewer is a contradiction; when the listed digits are as many as the
//! cells, each cell keeps only listed digits. With every cell solved, the first rule
//! is the definition.

use super::{Cells, Compiled, Prop};
use crate::format::json::Value as Json;
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// Digits that appear among some cells; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Contains {
    /// The digits, a digit listed k times appearing in k cells.
    pub digits: Vec<u8>,
    /// The cells.
    pub cells: Vec<Cell>,
}

impl Contains {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        let n = puzzle.size();
        if self.digits.is_empty() {
            return Err(ModelError::new(at, "a contains rule without digits"));
        }
        if let Some(d) = self.digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
            return Err(ModelError::new(
                at,
                format!("digit {d} is not a digit of a {n}x{n} board"),
            ));
        }
        if self.digits.len() > self.cells.len() {
            return Err(ModelError::unsatisfiable(
                at,
                format!(
                    "{} digits cannot all appear in {} cells",
                    self.digits.len(),
                    self.cells.len()
                ),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: each listed digit appears among the cells at least
    /// as often as it is listed.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.digits.iter().all(|&d| {
            let listed = self.digits.iter().filter(|&&x| x == d).count();
            self.cells.iter().filter(|&&c| values[c] == d).count() >= listed
        })
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        let mut need: Vec<(u32, u8)> = Vec::new();
        for &d in &self.digits {
            let bit = 1 << (d - 1);
            match need.iter_mut().find(|(b, _)| *b == bit) {
                Some((_, k)) => *k += 1,
                None => need.push((bit, 1)),
            }
        }
        let listed = need.iter().fold(0, |m, &(bit, _)| m | bit);
        out.props.push(Prop::Contains(Need {
            cells: self.cells.iter().map(|&c| c as u16).collect(),
            need: need.into(),
            only: (self.digits.len() == self.cells.len()).then_some(listed),
        }));
    }

    /// From a sudoku-puzzle `contains` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Contains, Error> {
        let mut digits = Vec::new();
        for d in rule.need("digits")?.items()? {
            digits.push(d.int_in(1, size as i64)? as u8);
        }
        Ok(Contains {
            digits,
            cells: read_cells(&rule.need("cells")?, size)?,
        })
    }

    /// From one entry of f-puzzles' `quadruple`; `None` for an entry without values.
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Option<Contains>, Error> {
        entry.only(&["cells", "values"])?;
        let mut digits = Vec::new();
        if let Some(values) = entry.get("values") {
            for v in values.items()? {
                let d = match v.value {
                    Json::Str(s) => s.trim().parse::<i64>().map_err(|_| {
                        v.error(format!("a quadruple's value {s:?} is not a digit"))
                    })?,
                    _ => v.int()?,
                };
                if !(1..=size as i64).contains(&d) {
                    return Err(v.error(format!("{d} is not a digit of a {size}x{size} board")));
                }
                digits.push(d as u8);
            }
        }
        if digits.is_empty() {
            return Ok(None);
        }
        Ok(Some(Contains {
            digits,
            cells: read_cells(&entry.need("cells")?, size)?,
        }))
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({"type": "contains", "digits": self.digits,
               "cells": super::names(puzzle, &self.cells)})
    }

    /// As an f-puzzles `quadruple` entry: the four cells of a 2×2 block only.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Value, Error> {
        let n = puzzle.size();
        let mut cells = self.cells.clone();
        cells.sort_unstable();
        let block = cells.len() == 4 && {
            let c = cells[0];
            c % n + 1 < n && cells == [c, c + 1, c + n, c + n + 1]
        };
        if !block {
            return Err(Error::path(
                "",
                "f-puzzles cannot express digits that appear in other cells than a 2x2 block",
            ));
        }
        Ok(json!({"cells": super::fnames(puzzle, &cells), "values": self.digits}))
    }
}

/// A contains rule, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Need {
    cells: Box<[u16]>,
    /// Each listed digit (a bit) and how many times it is listed.
    need: Box<[(u32, u8)]>,
    /// The listed digits, when they are as many as the cells.
    only: Option<u32>,
}

impl Need {
    /// Each class of digits (a mask) appears at least once among `cells` (a global
    /// entropy block: a low, a middle and a high digit).
    pub(crate) fn classes(cells: &[Cell], classes: &[u32]) -> Need {
        Need {
            cells: cells.iter().map(|&c| c as u16).collect(),
            need: classes.iter().map(|&class| (class, 1)).collect(),
            only: None,
        }
    }

    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.cells.iter().map(|&c| usize::from(c)).collect()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        if let Some(listed) = self.only {
            for &c in self.cells.iter() {
                cells.restrict(usize::from(c), listed)?;
            }
        }
        for &(bit, k) in self.need.iter() {
            let places = self
                .cells
                .iter()
                .filter(|&&c| cells.get(usize::from(c)) & bit != 0)
                .count();
            if places < usize::from(k) {
                return Err(Contradiction);
            }
            if places == usize::from(k) {
                for &c in self.cells.iter() {
                    if cells.get(usize::from(c)) & bit != 0 {
                        cells.restrict(usize::from(c), bit)?;
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

    fn compiled(c: &Contains) -> Need {
        let mut out = Compiled::default();
        c.compile(&mut out);
        match out.props.pop() {
            Some(Prop::Contains(need)) => need,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_definition_counts_repeated_digits() {
        let c = Contains {
            digits: vec![1, 1, 3],
            cells: vec![0, 1, 2, 3],
        };
        assert!(c.holds(&[1, 3, 1, 4]));
        assert!(!c.holds(&[1, 3, 2, 4]));
        assert!(!c.holds(&[1, 1, 2, 4]));
    }

    #[test]
    fn a_digit_with_as_many_places_as_listings_goes_there() {
        let c = Contains {
            digits: vec![2, 5],
            cells: vec![0, 1, 2, 3],
        };
        let need = compiled(&c);
        // 5 can only be in cell 2: placed; 2 has two places: left.
        let mut g = Marks(vec![m(&[1, 2]), m(&[2, 3]), m(&[4, 5]), m(&[6, 7])]);
        need.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1, 2]), m(&[2, 3]), m(&[5]), m(&[6, 7])]);
        // No place for 5: a contradiction.
        let mut g = Marks(vec![m(&[1, 2]), m(&[2, 3]), m(&[4]), m(&[6])]);
        assert!(need.propagate(&mut g).is_err());
        // As many digits as cells: only the listed digits stay.
        let full = Contains {
            digits: vec![1, 2, 3, 3],
            cells: vec![0, 1, 2, 3],
        };
        let mut g = Marks(vec![0x1FF; 4]);
        compiled(&full).propagate(&mut g).unwrap();
        assert!(g.0.iter().all(|&x| x == m(&[1, 2, 3])));
    }

    #[test]
    fn both_formats_round_trip_and_bad_rules_are_refused() {
        let mut p = Puzzle::classic(9).unwrap();
        p.add_rule(Rule::Contains(Contains {
            digits: vec![1, 1, 9],
            cells: vec![10, 11, 19, 20],
        }))
        .unwrap();
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        // f-puzzles' values may be text; cells that are no 2×2 block are not written.
        let doc: Value = serde_json::from_str(
            r#"{"size": 4, "grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
                "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": ["4", 2]},
                              {"cells": ["R3C3", "R3C4", "R4C3", "R4C4"], "values": []}]}"#,
        )
        .unwrap();
        let read = fpuzzles::read(&doc).unwrap();
        assert_eq!(
            read.puzzle.rules(),
            [Rule::Contains(Contains {
                digits: vec![4, 2],
                cells: vec![0, 1, 4, 5]
            })]
        );
        let mut q = Puzzle::classic(4).unwrap();
        q.add_rule(Rule::Contains(Contains {
            digits: vec![1],
            cells: vec![0, 5],
        }))
        .unwrap();
        assert!(fpuzzles::write(&q, None, None).is_err());
        for bad in [
            Contains {
                digits: vec![],
                cells: vec![0],
            },
            Contains {
                digits: vec![5],
                cells: vec![0],
            },
            Contains {
                digits: vec![1, 2],
                cells: vec![0],
            },
        ] {
            assert!(bad.check(&q, At::Rule(0)).is_err(), "{bad:?}");
        }
    }
}
