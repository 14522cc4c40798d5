//! Rossini: an arrow outside the grid, beside a row or column, pointing in or out:
//! the first three digits from that side increase in the arrow's direction. With a
//! negative of rossini ([`NegativeRossini`]), all the arrows are given: the first
//! three digits from every other side of a row or column are not monotone (neither
//! increasing nor decreasing; as pencilmark defines it, also all different).
//!
//! Read from the sudoku-puzzle rules `{"type": "rossini", "side": "left", "cells":
//! ["r1c1", "r1c2", "r1c3"], "arrow": "in"}` and `{"type": "negative", "of":
//! "rossini"}`, and written back to them; f-puzzles has no such keys.
//!
//! Propagation: an arrow is a [`Relation::Less`] on each step; each place without
//! one, under a negative, a [`table`](super::table) of the three digits, built once and
//! shared.

use super::outside::{self, Side};
use super::table::{Rows, Tuples};
use super::{Compiled, Prop, Relation, Rule};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};
use std::sync::Arc;

/// Where a rossini arrow points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Towards {
    /// Into the grid: the digits increase from the side inwards.
    In,
    /// Out of it: they decrease from the side inwards.
    Out,
}

/// A rossini arrow; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rossini {
    /// The side it sits on.
    pub side: Side,
    /// The first three cells from that side, inwards.
    pub cells: [Cell; 3],
    /// Where it points.
    pub arrow: Towards,
}

/// True if three digits increase or decrease.
pub fn monotone(t: &[u8]) -> bool {
    t.len() == 3 && (t[0] < t[1] && t[1] < t[2] || t[0] > t[1] && t[1] > t[2])
}

/// The digits the first three cells of a place without an arrow may hold, under a
/// negative of rossini.
pub fn unmarked_allows(t: &[u8]) -> bool {
    t.len() == 3 && t[0] != t[1] && t[0] != t[2] && t[1] != t[2] && !monotone(t)
}

impl Rossini {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        outside::check_line(puzzle, self.side, &self.cells, false, at, "a rossini arrow")
    }

    /// The (smaller, larger) pairs: the steps of the increase.
    fn pairs(&self) -> [[Cell; 2]; 2] {
        let [a, b, c] = self.cells;
        match self.arrow {
            Towards::In => [[a, b], [b, c]],
            Towards::Out => [[b, a], [c, b]],
        }
    }

    /// The brute-force definition.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.pairs().iter().all(|&[a, b]| values[a] < values[b])
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        out.relation(size, Relation::Less, &self.pairs());
    }

    /// From a sudoku-puzzle `rossini` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Rossini, Error> {
        let side = Side::read(&rule.need("side")?)?;
        let node = rule.need("cells")?;
        let cells: [Cell; 3] = read_cells(&node, size)?
            .try_into()
            .map_err(|_| node.error("a rossini arrow looks along three cells"))?;
        let a = rule.need("arrow")?;
        let arrow = match a.str()? {
            "in" => Towards::In,
            "out" => Towards::Out,
            other => return Err(a.error(format!("arrow {other:?}: \"in\" or \"out\""))),
        };
        Ok(Rossini { side, cells, arrow })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({"type": "rossini", "side": self.side.name(),
               "cells": super::names(puzzle, &self.cells),
               "arrow": if self.arrow == Towards::In { "in" } else { "out" }})
    }
}

/// A negative of rossini: the first three cells from each side of each row and column
/// without an arrow are not monotone. Where the arrows are is read from the puzzle's
/// [`Rossini`] rules when compiled or checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NegativeRossini {
    /// The board's side, N (checked against the puzzle's).
    pub size: usize,
}

impl NegativeRossini {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_size("a negative of rossini", self.size, puzzle, at)?;
        if self.size < 3 {
            return Err(ModelError::new(
                at,
                "a negative of rossini needs three cells from each side",
            ));
        }
        Ok(())
    }

    /// The first three cells from every side of every row and column.
    fn places(&self) -> Vec<[Cell; 3]> {
        let n = self.size;
        let mut out = Vec::new();
        for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
            for i in 0..n {
                if let [a, b, c, ..] = outside::line(n, side, i)[..] {
                    out.push([a, b, c]);
                }
            }
        }
        out
    }

    /// The cells it reads.
    pub fn cells(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.places().into_iter().flatten().collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The places it holds for: the first three cells from a side without an arrow.
    pub fn unmarked(&self, puzzle: &Puzzle) -> Vec<[Cell; 3]> {
        // A place is known by its three cells (a corner cell starts two places).
        let marked = |p: &[Cell; 3]| {
            puzzle
                .rules()
                .iter()
                .any(|r| matches!(r, Rule::Rossini(r) if r.cells == *p))
        };
        self.places().into_iter().filter(|p| !marked(p)).collect()
    }

    /// The brute-force definition.
    pub fn holds(&self, puzzle: &Puzzle, values: &[u8]) -> bool {
        self.unmarked(puzzle)
            .iter()
            .all(|p| unmarked_allows(&p.map(|c| values[c])))
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let rows = Arc::new(Rows::from_fn(puzzle.size(), 3, unmarked_allows));
        for p in self.unmarked(puzzle) {
            out.props.push(Prop::Table(Tuples::new(&p, &rows)));
        }
    }

    /// From a sudoku-puzzle `negative` rule of `rossini`.
    pub(crate) fn read_sudoku_puzzle(
        rule: &Node<'_>,
        puzzle: &Puzzle,
    ) -> Result<NegativeRossini, Error> {
        rule.only(&["type", "id", "label", "style", "of"])?;
        Ok(NegativeRossini {
            size: puzzle.size(),
        })
    }

    pub(crate) fn write_sudoku_puzzle(&self) -> Value {
        json!({"type": "negative", "of": "rossini"})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{four_by_four, refusal};

    const SOLUTION: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    #[test]
    fn the_definitions() {
        assert!(monotone(&[1, 2, 4]) && monotone(&[4, 3, 1]) && !monotone(&[1, 3, 2]));
        assert!(unmarked_allows(&[2, 4, 1]) && !unmarked_allows(&[2, 4, 2]));
        let arrow = |arrow| Rossini {
            side: Side::Left,
            cells: [0, 1, 2],
            arrow,
        };
        assert!(arrow(Towards::In).holds(&SOLUTION));
        assert!(!arrow(Towards::Out).holds(&SOLUTION));
        let right = Rossini {
            side: Side::Right,
            cells: [3, 2, 1],
            arrow: Towards::Out,
        };
        assert!(right.holds(&SOLUTION));
    }

    #[test]
    fn the_negative_spares_the_arrows() {
        let doc = four_by_four(json!([
            {"type": "rossini", "side": "left", "cells": ["r1c1", "r1c2", "r1c3"], "arrow": "in"},
            {"type": "rossini", "side": "bottom", "cells": ["r4c2", "r3c2", "r2c2"], "arrow": "out"},
            {"type": "negative", "of": "rossini"}
        ]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        let Rule::NegativeRossini(neg) = &p.rules()[2] else {
            panic!()
        };
        assert_eq!(neg.unmarked(&p).len(), 14);
        assert_eq!(neg.cells().len(), 16);
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express a rossini arrow"
        );
        // SOLUTION's row 2 from the left is 3 4 1: not monotone; row 1 from the right
        // 4 3 2: monotone, so SOLUTION breaks the negative.
        assert!(!neg.holds(&p, &SOLUTION));
    }

    #[test]
    fn refused_with_their_path() {
        assert_eq!(
            refusal(
                json!({"type": "rossini", "side": "left", "cells": ["r1c2", "r1c3", "r1c4"], "arrow": "in"})
            ),
            "rules[1]: a rossini arrow: r1c2 is not at the left of the board"
        );
        assert_eq!(
            refusal(
                json!({"type": "rossini", "side": "left", "cells": ["r1c1", "r1c2"], "arrow": "in"})
            ),
            "rules[1].cells: a rossini arrow looks along three cells"
        );
        assert_eq!(
            refusal(
                json!({"type": "rossini", "side": "left", "cells": ["r1c1", "r1c2", "r1c3"], "arrow": "up"})
            ),
            "rules[1].arrow: arrow \"up\": \"in\" or \"out\""
        );
        assert_eq!(
            refusal(json!({"type": "negative", "of": "rossini", "area": ["r1c1"]})),
            "rules[1].area: unknown key \"area\""
        );
    }
}
