//! Corner marks: a clue on the point where four cells meet, about that 2×2 block
//! (written top left, top right, bottom left, bottom right).
//!
//! - exclude: the digit is in none of the four cells.
//! - mathrax: `+`, `-`, `x` or `/` and a value: each diagonal pair (top left with
//!   bottom right, top right with bottom left) adds up to, differs by, multiplies to,
//!   or divides to the value; `even` or `odd`: the four cells are all even (odd).
//! - battenburg: the block's parities form a checkerboard (each cell's parity differs
//!   from its orthogonal neighbours' in the block). With a negative of battenburg
//!   ([`NegativeBattenburg`]), every other 2×2 block of its area is not a checkerboard
//!   (and, as pencilmark defines it, its orthogonal neighbours differ).
//!
//! Read from the sudoku-puzzle rules `{"type": "corner", "kind": "mathrax", "op": "+",
//! "value": 10, "cells": [...]}` (kinds `battenburg`, `mathrax` with `op` and, but for
//! `even` and `odd`, `value`, `exclude` with `value`) and `{"type": "negative", "of":
//! "battenburg"}` (an optional `area`); written back to them. f-puzzles has no such
//! keys.
//!
//! Propagation: exclude, even and odd limit the cells once (see [`cell`](super::cell));
//! the arithmetic kinds are a [`relation`](super::relation) on each diagonal;
//! battenburgs, and the blocks of a negative, a [`table`](super::table) of the four
//! digits, built once and shared.

use super::cell::{CellKind, Within};
use super::table::{Rows, Tuples};
use super::{Compiled, Prop, Relation, Rule};
use crate::format::json::{cell as read_cell, cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};
use std::sync::Arc;

/// What a mathrax clue says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mathrax {
    /// The four cells are even.
    Even,
    /// The four cells are odd.
    Odd,
    /// The relation holds on each diagonal: [`Relation::Sum`] (`+`),
    /// [`Relation::Difference`] (`-`), [`Relation::Product`] (`x`) or
    /// [`Relation::Ratio`] (`/`).
    Pair(Relation),
}

/// A corner mark's kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CornerKind {
    /// The block's parities form a checkerboard.
    Battenburg,
    /// A mathrax clue.
    Mathrax(Mathrax),
    /// The digit is in none of the cells.
    Exclude(u8),
}

/// A corner mark; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Corner {
    /// What it says.
    pub kind: CornerKind,
    /// The 2×2 block: top left, top right, bottom left, bottom right.
    pub cells: [Cell; 4],
}

/// True if `t` (top left, top right, bottom left, bottom right) is a checkerboard of
/// parities.
pub fn checkerboard(t: &[u8]) -> bool {
    let p: Vec<u8> = t.iter().map(|d| d % 2).collect();
    p.len() == 4 && p[0] == p[3] && p[1] == p[2] && p[0] != p[1]
}

/// The digits a battenburg block (`marked`) or a block of a negative of battenburg
/// (not `marked`) allows: a checkerboard or not, orthogonal neighbours different
/// (pencilmark's tables).
pub fn battenburg_allows(marked: bool, t: &[u8]) -> bool {
    t.len() == 4
        && t[0] != t[1]
        && t[0] != t[2]
        && t[1] != t[3]
        && t[2] != t[3]
        && checkerboard(t) == marked
}

/// Every 2×2 block of a board of side `n`, row-major by its top left cell.
pub(crate) fn blocks(n: usize) -> impl Iterator<Item = [Cell; 4]> {
    (0..n.saturating_sub(1))
        .flat_map(move |r| (0..n - 1).map(move |c| r * n + c))
        .map(move |c| [c, c + 1, c + n, c + n + 1])
}

/// A mathrax operator's relation of a value, if the value fits it.
type MakeRelation = fn(u16) -> Option<Relation>;

const OPS: [(&str, MakeRelation); 4] = [
    ("+", |v| u8::try_from(v).ok().map(Relation::Sum)),
    ("-", |v| u8::try_from(v).ok().map(Relation::Difference)),
    ("x", |v| Some(Relation::Product(v))),
    ("/", |v| u8::try_from(v).ok().map(Relation::Ratio)),
];

impl Corner {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        let n = puzzle.size();
        let c = self.cells[0];
        if c % n + 1 >= n || self.cells != [c, c + 1, c + n, c + n + 1] {
            return Err(ModelError::new(
                at,
                "a corner's cells are a 2x2 block: top left, top right, bottom left, bottom right",
            ));
        }
        match self.kind {
            CornerKind::Battenburg => Ok(()),
            CornerKind::Exclude(d) if d == 0 || usize::from(d) > n => Err(ModelError::new(
                at,
                format!("digit {d} is not a digit of a {n}x{n} board"),
            )),
            CornerKind::Exclude(_) => Ok(()),
            CornerKind::Mathrax(Mathrax::Even | Mathrax::Odd) => Ok(()),
            CornerKind::Mathrax(Mathrax::Pair(r)) => {
                if op(r).is_none() {
                    return Err(ModelError::new(
                        at,
                        format!("a mathrax clue of relation {}", r.name()),
                    ));
                }
                r.check(n, at)
            }
        }
    }

    /// The brute-force definition.
    pub fn holds(&self, values: &[u8]) -> bool {
        let t = self.cells.map(|c| values[c]);
        match self.kind {
            CornerKind::Battenburg => battenburg_allows(true, &t),
            CornerKind::Exclude(d) => !t.contains(&d),
            CornerKind::Mathrax(Mathrax::Even) => t.iter().all(|&d| CellKind::Even.allows(d)),
            CornerKind::Mathrax(Mathrax::Odd) => t.iter().all(|&d| CellKind::Odd.allows(d)),
            CornerKind::Mathrax(Mathrax::Pair(r)) => r.holds(t[0], t[3]) && r.holds(t[1], t[2]),
        }
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        let all = (1u32 << size) - 1;
        let within = |keep| Prop::Within(Within::new(&self.cells, keep));
        let [tl, tr, bl, br] = self.cells;
        match self.kind {
            CornerKind::Battenburg => {
                let rows = Arc::new(Rows::from_fn(size, 4, |t| battenburg_allows(true, t)));
                out.props.push(Prop::Table(Tuples::new(&self.cells, &rows)));
            }
            CornerKind::Exclude(d) => out.props.push(within(all & !(1 << (d - 1)))),
            CornerKind::Mathrax(Mathrax::Even) => {
                out.props.push(within(CellKind::Even.digits(size)))
            }
            CornerKind::Mathrax(Mathrax::Odd) => out.props.push(within(CellKind::Odd.digits(size))),
            CornerKind::Mathrax(Mathrax::Pair(r)) => out.relation(size, r, &[[tl, br], [tr, bl]]),
        }
    }

    /// From a sudoku-puzzle `corner` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Corner, Error> {
        let node = rule.need("cells")?;
        let cells: [Cell; 4] = read_cells(&node, size)?
            .try_into()
            .map_err(|_| node.error("a corner is a 2x2 block of four cells"))?;
        let kind_node = rule.need("kind")?;
        let name = kind_node.str()?;
        let no = |key: &str| match rule.get(key) {
            Some(extra) => Err(extra.error(format!("a {name} corner takes no {key:?}"))),
            None => Ok(()),
        };
        let kind = match name {
            "battenburg" => {
                no("op")?;
                no("value")?;
                CornerKind::Battenburg
            }
            "exclude" => {
                no("op")?;
                CornerKind::Exclude(rule.need("value")?.int_in(1, size as i64)? as u8)
            }
            "mathrax" => {
                let op_node = rule.need("op")?;
                match op_node.str()? {
                    "even" | "odd" => {
                        if let Some(v) = rule.get("value") {
                            return Err(v.error("a mathrax even or odd clue takes no value"));
                        }
                        CornerKind::Mathrax(if op_node.str()? == "even" {
                            Mathrax::Even
                        } else {
                            Mathrax::Odd
                        })
                    }
                    o => {
                        let Some(&(_, make)) = OPS.iter().find(|(name, _)| *name == o) else {
                            return Err(
                                op_node.error(format!("mathrax op {o:?}: one of + - x / even odd"))
                            );
                        };
                        let v = rule.need("value")?;
                        let value = v.int_in(0, i64::from(u16::MAX))? as u16;
                        let r = make(value).ok_or_else(|| {
                            v.error(format!("{value} is out of range for a mathrax {o}"))
                        })?;
                        CornerKind::Mathrax(Mathrax::Pair(r))
                    }
                }
            }
            other => {
                return Err(kind_node.error(format!(
                    "unknown corner kind {other:?}: battenburg, mathrax or exclude"
                )))
            }
        };
        Ok(Corner { kind, cells })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "corner"});
        match self.kind {
            CornerKind::Battenburg => r["kind"] = json!("battenburg"),
            CornerKind::Exclude(d) => {
                r["kind"] = json!("exclude");
                r["value"] = json!(d);
            }
            CornerKind::Mathrax(m) => {
                r["kind"] = json!("mathrax");
                match m {
                    Mathrax::Even => r["op"] = json!("even"),
                    Mathrax::Odd => r["op"] = json!("odd"),
                    Mathrax::Pair(rel) => {
                        r["op"] = json!(op(rel).unwrap_or("?"));
                        r["value"] = json!(rel.param());
                    }
                }
            }
        }
        r["cells"] = json!(super::names(puzzle, &self.cells));
        r
    }
}

/// A mathrax operator's name for a relation.
fn op(r: Relation) -> Option<&'static str> {
    match r {
        Relation::Sum(_) => Some("+"),
        Relation::Difference(_) => Some("-"),
        Relation::Product(_) => Some("x"),
        Relation::Ratio(_) => Some("/"),
        _ => None,
    }
}

/// A negative of battenburg: every 2×2 block of the area that carries no battenburg
/// mark is not a checkerboard. Which blocks are marked is read from the puzzle's
/// [`Corner`] rules when compiled or checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NegativeBattenburg {
    /// The cells whose blocks it holds for (every cell for the whole board).
    pub area: Vec<Cell>,
}

impl NegativeBattenburg {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.area, puzzle, at)
    }

    /// The blocks it holds for: within the area, without a battenburg mark.
    pub fn blocks(&self, puzzle: &Puzzle) -> Vec<[Cell; 4]> {
        let mut inside = vec![false; puzzle.cells()];
        for &c in &self.area {
            inside[c] = true;
        }
        let marked: Vec<[Cell; 4]> = puzzle
            .rules()
            .iter()
            .filter_map(|r| match r {
                Rule::Corner(c) if c.kind == CornerKind::Battenburg => Some(c.cells),
                _ => None,
            })
            .collect();
        blocks(puzzle.size())
            .filter(|b| b.iter().all(|&c| inside[c]) && !marked.contains(b))
            .collect()
    }

    /// The brute-force definition: no block of it is a checkerboard.
    pub fn holds(&self, puzzle: &Puzzle, values: &[u8]) -> bool {
        self.blocks(puzzle)
            .iter()
            .all(|b| battenburg_allows(false, &b.map(|c| values[c])))
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let rows = Arc::new(Rows::from_fn(puzzle.size(), 4, |t| {
            battenburg_allows(false, t)
        }));
        for b in self.blocks(puzzle) {
            out.props.push(Prop::Table(Tuples::new(&b, &rows)));
        }
    }

    /// From a sudoku-puzzle `negative` rule of `battenburg`.
    pub(crate) fn read_sudoku_puzzle(
        rule: &Node<'_>,
        puzzle: &Puzzle,
    ) -> Result<NegativeBattenburg, Error> {
        let n = puzzle.size();
        rule.only(&["type", "id", "label", "style", "of", "area"])?;
        let area = match rule.get("area") {
            None => (0..puzzle.cells()).collect(),
            Some(a) if a.value.is_string() => {
                if read_cell(&a, n)? != 0 {
                    return Err(a.error("an area named by origin is the grid at r1c1"));
                }
                (0..puzzle.cells()).collect()
            }
            Some(a) => read_cells(&a, n)?,
        };
        Ok(NegativeBattenburg { area })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "negative", "of": "battenburg"});
        let mut sorted = self.area.clone();
        sorted.sort_unstable();
        if sorted != (0..puzzle.cells()).collect::<Vec<_>>() {
            r["area"] = json!(super::names(puzzle, &self.area));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{four_by_four, refusal, unsatisfiable};
    use crate::rules::testing::{m, Marks};

    const SOLUTION: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    #[test]
    fn the_definitions() {
        assert!(checkerboard(&[1, 2, 4, 3]) && !checkerboard(&[1, 3, 2, 4]));
        assert!(battenburg_allows(true, &[1, 2, 4, 3]));
        assert!(battenburg_allows(false, &[1, 3, 2, 4]));
        assert!(!battenburg_allows(false, &[1, 1, 2, 4]));
        let corner = |kind| Corner {
            kind,
            cells: [0, 1, 4, 5],
        };
        // The block of SOLUTION at r1c1: 1 2 / 3 4.
        assert!(!corner(CornerKind::Battenburg).holds(&SOLUTION));
        assert!(corner(CornerKind::Mathrax(Mathrax::Pair(Relation::Sum(5)))).holds(&SOLUTION));
        let pair = |r| corner(CornerKind::Mathrax(Mathrax::Pair(r)));
        assert!(!pair(Relation::Difference(3)).holds(&SOLUTION));
        assert!(!pair(Relation::Product(4)).holds(&SOLUTION));
        assert!(pair(Relation::Product(6)).holds(&[1, 6, 0, 0, 1, 6]));
        assert!(!corner(CornerKind::Exclude(4)).holds(&SOLUTION));
        assert!(corner(CornerKind::Exclude(2)).holds(&[1, 3, 0, 0, 3, 1]));
        let even = corner(CornerKind::Mathrax(Mathrax::Even));
        assert!(even.holds(&[2, 4, 0, 0, 4, 2]) && !even.holds(&SOLUTION));
        assert_eq!(
            blocks(3).collect::<Vec<_>>(),
            [[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]]
        );
        assert_eq!(blocks(1).count(), 0);
    }

    #[test]
    fn a_battenburg_keeps_a_checkerboard() {
        let mut out = Compiled::default();
        Corner {
            kind: CornerKind::Battenburg,
            cells: [0, 1, 4, 5],
        }
        .compile(4, &mut out);
        let Some(Prop::Table(t)) = out.props.pop() else {
            panic!()
        };
        let mut g = Marks(vec![
            m(&[1]),
            m(&[1, 2, 3, 4]),
            0,
            0,
            m(&[1, 2, 3, 4]),
            m(&[1, 2, 3, 4]),
        ]);
        t.propagate(&mut g).unwrap();
        assert_eq!(
            (g.0[1], g.0[4], g.0[5]),
            (m(&[2, 4]), m(&[2, 4]), m(&[1, 3]))
        );
    }

    #[test]
    fn read_written_back_and_refused() {
        let doc = four_by_four(json!([
            {"type": "corner", "kind": "battenburg", "cells": ["r1c1", "r1c2", "r2c1", "r2c2"]},
            {"type": "corner", "kind": "mathrax", "op": "x", "value": 12, "cells": ["r1c2", "r1c3", "r2c2", "r2c3"]},
            {"type": "corner", "kind": "mathrax", "op": "odd", "cells": ["r3c1", "r3c2", "r4c1", "r4c2"]},
            {"type": "corner", "kind": "exclude", "value": 3, "cells": ["r3c3", "r3c4", "r4c3", "r4c4"]},
            {"type": "negative", "of": "battenburg", "area": ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3"]}
        ]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        assert_eq!(p.rules().len(), 5);
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        match &p.rules()[4] {
            Rule::NegativeBattenburg(neg) => assert_eq!(neg.blocks(&p), [[1, 2, 5, 6]]),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express a corner mark"
        );
        let whole = four_by_four(json!([{"type": "negative", "of": "battenburg"}]));
        let q = sudoku_puzzle::read(&whole).unwrap().puzzle;
        assert_eq!(
            sudoku_puzzle::write(&q, None, None)["rules"],
            whole["rules"]
        );
        match &q.rules()[0] {
            Rule::NegativeBattenburg(neg) => assert_eq!(neg.blocks(&q).len(), 9),
            other => panic!("{other:?}"),
        }

        let block = json!(["r1c1", "r1c2", "r2c1", "r2c2"]);
        assert_eq!(
            refusal(json!({"type": "corner", "kind": "battenburg", "cells": ["r1c1", "r1c2", "r2c2", "r2c1"]})),
            "rules[1]: a corner's cells are a 2x2 block: top left, top right, bottom left, bottom right"
        );
        assert_eq!(
            refusal(json!({"type": "corner", "kind": "battenburg", "value": 1, "cells": block})),
            "rules[1].value: a battenburg corner takes no \"value\""
        );
        assert_eq!(
            refusal(
                json!({"type": "corner", "kind": "mathrax", "op": "%", "value": 1, "cells": block})
            ),
            "rules[1].op: mathrax op \"%\": one of + - x / even odd"
        );
        assert_eq!(
            refusal(
                json!({"type": "corner", "kind": "mathrax", "op": "even", "value": 1, "cells": block})
            ),
            "rules[1].value: a mathrax even or odd clue takes no value"
        );
        assert_eq!(
            refusal(
                json!({"type": "corner", "kind": "mathrax", "op": "+", "value": 300, "cells": block})
            ),
            "rules[1].value: 300 is out of range for a mathrax +"
        );
        assert_eq!(
            unsatisfiable(
                json!({"type": "corner", "kind": "mathrax", "op": "+", "value": 20, "cells": block})
            ),
            "no two digits 1-4 are sum"
        );
        assert_eq!(
            refusal(json!({"type": "corner", "kind": "exclude", "value": 5, "cells": block})),
            "rules[1].value: 5 is out of range: 1 to 4"
        );
        assert_eq!(
            refusal(json!({"type": "corner", "kind": "round", "cells": block})),
            "rules[1].kind: unknown corner kind \"round\": battenburg, mathrax or exclude"
        );
        assert_eq!(
            refusal(json!({"type": "negative", "of": "battenburg", "value": 1})),
            "rules[1].value: unknown key \"value\""
        );
    }
}
