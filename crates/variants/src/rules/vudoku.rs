//! Vudoku: a V of three cells, its vertex and two arms; the vertex's digit is the sum
//! or the difference of the arms' digits.
//!
//! Read from the sudoku-puzzle rule `{"type": "vudoku", "cells": [vertex, arm,
//! arm]}` and written back to it; f-puzzles has no such key.
//!
//! Propagation: a [`table`](super::table) of the digit triples that keep the rule.

use super::table::{Rows, Tuples};
use super::{Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};
use std::sync::Arc;

/// A V; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Vudoku {
    /// The vertex, then the two arms.
    pub cells: [Cell; 3],
}

/// True if a vertex may hold `v` between arms of `a` and `b`.
pub fn allows(v: u8, a: u8, b: u8) -> bool {
    v != 0 && (u16::from(v) == u16::from(a) + u16::from(b) || v == a.abs_diff(b))
}

impl Vudoku {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)
    }

    /// The brute-force definition.
    pub fn holds(&self, values: &[u8]) -> bool {
        let [v, a, b] = self.cells.map(|c| values[c]);
        allows(v, a, b)
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        let rows = Arc::new(Rows::from_fn(size, 3, |t| allows(t[0], t[1], t[2])));
        out.props.push(Prop::Table(Tuples::new(&self.cells, &rows)));
    }

    /// From a sudoku-puzzle `vudoku` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Vudoku, Error> {
        let node = rule.need("cells")?;
        let cells: [Cell; 3] = read_cells(&node, size)?
            .try_into()
            .map_err(|_| node.error("a vudoku is three cells: the vertex and two arms"))?;
        Ok(Vudoku { cells })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({"type": "vudoku", "cells": super::names(puzzle, &self.cells)})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::four_by_four;
    use crate::rules::testing::{m, Marks};
    use crate::rules::Rule;

    #[test]
    fn the_vertex_is_the_sum_or_the_difference() {
        assert!(allows(5, 2, 3) && allows(1, 2, 3) && allows(4, 2, 2));
        assert!(!allows(2, 2, 3) && !allows(0, 2, 2) && !allows(3, 2, 2));
        let v = Vudoku { cells: [0, 1, 2] };
        let mut out = Compiled::default();
        v.compile(4, &mut out);
        let Some(Prop::Table(t)) = out.props.pop() else {
            panic!()
        };
        // Arms 1 and 2: the vertex is 1 or 3.
        let mut g = Marks(vec![m(&[1, 2, 3, 4]), m(&[1]), m(&[2])]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0[0], m(&[1, 3]));
        // Vertex 4 with an arm of 3: the other is 1.
        let mut g = Marks(vec![m(&[4]), m(&[3]), m(&[1, 2, 3, 4])]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[1]));
    }

    #[test]
    fn read_written_back_and_refused() {
        let doc = four_by_four(json!([{"type": "vudoku", "cells": ["r2c2", "r1c1", "r1c3"]}]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        assert_eq!(p.rules(), [Rule::Vudoku(Vudoku { cells: [5, 0, 2] })]);
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express a vudoku"
        );
        let e = sudoku_puzzle::read(&four_by_four(
            json!([{"type": "vudoku", "cells": ["r2c2", "r1c1"]}]),
        ))
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "rules[1].cells: a vudoku is three cells: the vertex and two arms"
        );
    }
}
