//! Minimum and maximum cells: a marked cell's digit is smaller (larger) than the digit
//! of each of its orthogonal neighbours.
//!
//! Read from the f-puzzles keys `minimum` and `maximum` (`[{"cell": "R1C1"}, ...]`)
//! and written back to them. The sudoku-puzzle format has no such rule: there the
//! marks are written as what they mean, a `relation` `less` on each pair of a marked
//! cell and a neighbour (which reads back as that relation).
//!
//! Propagation: each pair is a [`Relation::Less`], kept arc-consistent.

use super::relation::Relation;
use super::Compiled;
use crate::format::json::Node;
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::Value;

/// Which extreme a marked cell is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ExtremumKind {
    /// Smaller than each orthogonal neighbour.
    Minimum,
    /// Larger than each orthogonal neighbour.
    Maximum,
}

impl ExtremumKind {
    /// Its f-puzzles key.
    pub fn name(self) -> &'static str {
        match self {
            ExtremumKind::Minimum => "minimum",
            ExtremumKind::Maximum => "maximum",
        }
    }
}

/// Cells smaller (or larger) than their orthogonal neighbours; see the
/// [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Extremum {
    /// Minimum or maximum.
    pub kind: ExtremumKind,
    /// The marked cells.
    pub cells: Vec<Cell>,
    /// The board's side, N: a cell's neighbours depend on it (checked against the
    /// puzzle's).
    pub size: usize,
}

impl Extremum {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        super::check_size(
            &format!("a {} rule", self.kind.name()),
            self.size,
            puzzle,
            at,
        )
    }

    /// The cells it reads: the marked cells and their neighbours.
    pub fn cells_read(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.pairs().into_iter().flatten().collect();
        out.extend(&self.cells);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The (smaller, larger) pairs of a marked cell and each of its neighbours.
    pub(crate) fn pairs(&self) -> Vec<[Cell; 2]> {
        let size = self.size;
        let mut out = Vec::new();
        for &c in &self.cells {
            let (r, col) = (c / size, c % size);
            let steps = [
                (r > 0).then(|| c - size),
                (r + 1 < size).then(|| c + size),
                (col > 0).then(|| c - 1),
                (col + 1 < size).then(|| c + 1),
            ];
            for nb in steps.into_iter().flatten() {
                out.push(match self.kind {
                    ExtremumKind::Minimum => [c, nb],
                    ExtremumKind::Maximum => [nb, c],
                });
            }
        }
        out
    }

    /// The brute-force definition: each marked cell's digit is smaller (larger) than
    /// each neighbour's (`values` a full grid).
    pub fn holds(&self, values: &[u8]) -> bool {
        self.pairs()
            .iter()
            .all(|&[a, b]| Relation::Less.holds(values[a], values[b]))
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        out.relation(self.size, Relation::Less, &self.pairs());
    }

    /// From f-puzzles' `minimum` or `maximum` list: one rule for all its cells.
    pub(crate) fn read_fpuzzles(
        kind: ExtremumKind,
        list: &Node<'_>,
        size: usize,
    ) -> Result<Extremum, Error> {
        let cells = super::read_fpuzzles_cells(list, size)?;
        Ok(Extremum { kind, cells, size })
    }

    /// As f-puzzles entries under its key.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Vec<Value> {
        super::write_fpuzzles_cells(puzzle, &self.cells)
    }

    /// As the sudoku-puzzle rule of what it means: `relation` `less` on its pairs.
    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        super::relation::write_sudoku_puzzle(puzzle, Relation::Less, &self.pairs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::Rule;

    #[test]
    fn the_definition_and_the_pairs() {
        let min = Extremum {
            kind: ExtremumKind::Minimum,
            cells: vec![0, 5],
            size: 4,
        };
        // Cell 0 (a corner) has two neighbours, cell 5 four; it reads all of them.
        assert_eq!(min.pairs().len(), 6);
        assert_eq!(min.cells_read(), [0, 1, 4, 5, 6, 9]);
        let grid = [1, 3, 2, 4, 3, 2, 4, 1, 4, 4, 1, 3, 2, 1, 3, 4];
        assert!(min.holds(&grid));
        let max = Extremum {
            kind: ExtremumKind::Maximum,
            cells: vec![3],
            size: 4,
        };
        assert!(max.holds(&grid));
        assert!(!Extremum {
            kind: ExtremumKind::Maximum,
            cells: vec![0],
            size: 4,
        }
        .holds(&grid));
    }

    #[test]
    fn f_puzzles_round_trips_and_sudoku_puzzle_gets_the_relations() {
        let mut p = Puzzle::classic(4).unwrap();
        for (kind, cells) in [
            (ExtremumKind::Minimum, vec![0, 10]),
            (ExtremumKind::Maximum, vec![3]),
        ] {
            p.add_rule(Rule::Extremum(Extremum {
                kind,
                cells,
                size: 4,
            }))
            .unwrap();
        }
        let doc = fpuzzles::write(&p, None, None).unwrap();
        assert_eq!(
            doc["minimum"],
            serde_json::json!([{"cell": "R1C1"}, {"cell": "R3C3"}])
        );
        assert_eq!(fpuzzles::read(&doc).unwrap().puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        let pairs = |r: &Rule| match r {
            Rule::Relation {
                relation: Relation::Less,
                pairs,
            } => pairs.len(),
            other => panic!("{other:?}"),
        };
        let counted: Vec<usize> = back.puzzle.rules().iter().map(pairs).collect();
        assert_eq!(counted, [6, 2]);
    }
}
