//! Rules beyond houses, each one a propagator: it removes the candidates it forbids
//! and is woken only when a cell it watches changes.
//!
//! - [`neighbours`]: anti-knight, anti-king and non-consecutive, over the whole board
//!   or a part of it. The first two are generalized peers (the same digit may not sit
//!   a knight's or king's move away), so they join each cell's peers and rule 1 does
//!   their work; non-consecutive is a [`relation`] between orthogonal neighbours.
//! - [`relation`]: a relation between the digits of two cells (different, not
//!   consecutive, ...), kept arc-consistent: each cell keeps only the digits that some
//!   digit of the other still allows.
//!
//! A [`Rule`] is what a puzzle states; the engine compiles it into propagators
//! ([`crate::tables`]) once per puzzle.

pub mod neighbours;
pub mod relation;

pub use neighbours::{NeighbourKind, Neighbours, Scope};
pub use relation::Relation;

use crate::puzzle::{At, Cell, ModelError, Puzzle};

/// A variant rule of a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Rule {
    /// `relation` holds between the digits of each pair of cells (first, second).
    Relation {
        /// The relation.
        relation: Relation,
        /// The pairs of cells it holds for.
        pairs: Vec<[Cell; 2]>,
    },
}

impl Rule {
    /// True if the rule holds on a full grid (row-major digits): its brute-force
    /// definition.
    pub fn holds(&self, values: &[u8]) -> bool {
        match self {
            Rule::Relation { relation, pairs } => pairs
                .iter()
                .all(|&[a, b]| relation.holds(values[a], values[b])),
        }
    }

    /// Refuses a rule that names cells off the board, or a relation that no digits
    /// of this board can satisfy in principle (a sum of 40 on a 9×9, say).
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        match self {
            Rule::Relation { relation, pairs } => {
                for &[a, b] in pairs {
                    for c in [a, b] {
                        if c >= puzzle.cells() {
                            return Err(ModelError::new(at, format!("cell {c} is off the board")));
                        }
                    }
                    if a == b {
                        return Err(ModelError::new(
                            at,
                            format!("a pair of {} with itself", puzzle.cell_name(a)),
                        ));
                    }
                }
                relation.check(puzzle.size(), at)
            }
        }
    }
}
