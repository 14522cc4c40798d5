//! Indexer cells: a marked cell's digit says where in its row (or column) its own
//! column (or row) number goes.
//!
//! - A **column indexer** in row `r`, column `c` holding `x`: the cell in row `r`,
//!   column `x` holds `c` (the 1-5-9 rule: a 7 in column 1 puts the 1 of its row in
//!   column 7).
//! - A **row indexer** in row `r`, column `c` holding `x`: the cell in row `x`, column
//!   `c` holds `r`.
//!
//! Read from the f-puzzles keys `columnindexer` and `rowindexer` (`[{"cells":
//! ["R1C1"]}, ...]`) and written back to them. The sudoku-puzzle format has no such
//! rule: there each indexer is written as what it means, a two-cell `table` with each
//! cell of its row (column). f-puzzles' `boxindexer` is refused by name: tools read it
//! differently (the indexed digit is the box's number in one, the cell's place in its
//! box in another).
//!
//! Propagation: each indexer and each other cell of its row (column) are a pair whose
//! allowed digits say "if the indexer points here, this cell holds the index", kept
//! arc-consistent. The row's (column's) own rule, each digit once, does the rest.

use super::relation::Pair;
use super::{Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// Which way an indexer points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IndexerKind {
    /// Its digit is a column of its row.
    Column,
    /// Its digit is a row of its column.
    Row,
}

impl IndexerKind {
    /// Its f-puzzles key.
    pub fn name(self) -> &'static str {
        match self {
            IndexerKind::Column => "columnindexer",
            IndexerKind::Row => "rowindexer",
        }
    }
}

/// Indexer cells of one kind; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Indexer {
    /// Column or row indexers.
    pub kind: IndexerKind,
    /// The marked cells.
    pub cells: Vec<Cell>,
    /// The board's side, N: the cells an indexer points at depend on it (checked
    /// against the puzzle's).
    pub size: usize,
}

impl Indexer {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        super::check_size(&format!("a {}", self.kind.name()), self.size, puzzle, at)
    }

    /// The cells it reads: the indexers and the rows (columns) they point into.
    pub fn cells_read(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.cells.clone();
        for &c in &self.cells {
            out.extend((0..self.size).map(|x| self.target(c, x)));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cell indexer `cell` points at when it holds digit `x + 1`.
    fn target(&self, cell: Cell, x: usize) -> Cell {
        let n = self.size;
        match self.kind {
            IndexerKind::Column => cell / n * n + x,
            IndexerKind::Row => x * n + cell % n,
        }
    }

    /// The digit an indexer at `cell` puts where it points: its column (row) number.
    fn index(&self, cell: Cell) -> u8 {
        let n = self.size;
        (match self.kind {
            IndexerKind::Column => cell % n,
            IndexerKind::Row => cell / n,
        } + 1) as u8
    }

    /// For each indexer and each other cell of its row (column): the pair, and the
    /// digit of the indexer that points at that cell.
    fn pointed(&self) -> impl Iterator<Item = ([Cell; 2], u8)> + '_ {
        self.cells.iter().flat_map(move |&c| {
            (0..self.size)
                .map(move |x| ([c, self.target(c, x)], (x + 1) as u8))
                .filter(|([a, b], _)| a != b)
        })
    }

    /// True if digits `a` of an indexer and `b` of the cell its digit `x` points at
    /// agree: the indexer points elsewhere, or the cell holds the index.
    fn allows(a: u8, b: u8, x: u8, index: u8) -> bool {
        a != x || b == index
    }

    /// The brute-force definition: the cell each indexer points at holds its index.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.cells.iter().all(|&c| {
            let x = usize::from(values[c]);
            (1..=self.size).contains(&x) && values[self.target(c, x - 1)] == self.index(c)
        })
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        for ([a, b], x) in self.pointed() {
            let index = self.index(a);
            out.props
                .push(Prop::Pair(Pair::allowing(self.size, [a, b], |u, v| {
                    Indexer::allows(u, v, x, index)
                })));
        }
    }

    /// From an f-puzzles `columnindexer` or `rowindexer` list.
    pub(crate) fn read_fpuzzles(
        kind: IndexerKind,
        list: &Node<'_>,
        size: usize,
    ) -> Result<Indexer, Error> {
        let mut cells = Vec::new();
        for entry in list.items()? {
            entry.only(&["cells"])?;
            cells.extend(read_cells(&entry.need("cells")?, size)?);
        }
        Ok(Indexer { kind, cells, size })
    }

    /// As f-puzzles entries under its key, one per cell.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Vec<Value> {
        super::fnames(puzzle, &self.cells)
            .into_iter()
            .map(|cell| json!({ "cells": [cell] }))
            .collect()
    }

    /// As sudoku-puzzle `table` rules: each indexer with each other cell of its row
    /// (column), and the pairs of digits they may hold.
    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Vec<Value> {
        let n = self.size as u8;
        self.pointed()
            .map(|([a, b], x)| {
                let index = self.index(a);
                let allowed: Vec<[u8; 2]> = (1..=n)
                    .flat_map(|u| (1..=n).map(move |v| [u, v]))
                    .filter(|&[u, v]| Indexer::allows(u, v, x, index))
                    .collect();
                json!({"type": "table", "cells": super::names(puzzle, &[a, b]), "allowed": allowed})
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{m, Marks};
    use crate::rules::Rule;
    use crate::{Engine, Options};

    #[test]
    fn an_indexer_puts_its_index_where_it_points() {
        // 4×4, r1c1 a column indexer: r1c1 = 3 means r1c3 = 1.
        let col = Indexer {
            kind: IndexerKind::Column,
            cells: vec![0],
            size: 4,
        };
        let mut v = vec![0u8; 16];
        v[..4].copy_from_slice(&[3, 2, 1, 4]);
        assert!(col.holds(&v));
        v[..4].copy_from_slice(&[3, 1, 2, 4]);
        assert!(!col.holds(&v));
        // r2c3 a row indexer: r2c3 = 4 means r4c3 = 2.
        let row = Indexer {
            kind: IndexerKind::Row,
            cells: vec![6],
            size: 4,
        };
        let mut v = vec![0u8; 16];
        v[6] = 4;
        v[14] = 2;
        assert!(row.holds(&v));
        v[14] = 3;
        assert!(!row.holds(&v));
        // An indexer pointing at itself holds its own index.
        v[6] = 2;
        assert!(row.holds(&v));
    }

    #[test]
    fn propagation_follows_the_pointer_both_ways() {
        let col = Indexer {
            kind: IndexerKind::Column,
            cells: vec![0],
            size: 4,
        };
        let mut out = Compiled::default();
        col.compile(&mut out);
        assert_eq!(out.props.len(), 3);
        // r1c1 = 3: r1c3 is 1.
        let mut g = Marks(vec![m(&[3]), 15, 15, 15]);
        g.0.resize(16, 15);
        for p in &out.props {
            p.propagate(&mut g).unwrap();
        }
        assert_eq!(g.0[2], m(&[1]));
        // r1c3 cannot be 1: r1c1 is not 3.
        let mut g = Marks(vec![15, 15, m(&[2, 4]), 15]);
        g.0.resize(16, 15);
        for p in &out.props {
            p.propagate(&mut g).unwrap();
        }
        assert_eq!(g.0[0], m(&[1, 2, 4]));
    }

    #[test]
    fn f_puzzles_round_trips_and_the_engine_agrees() {
        let mut p = Puzzle::classic(4).unwrap();
        p.add_rule(Rule::Indexer(Indexer {
            kind: IndexerKind::Column,
            cells: vec![0, 4],
            size: 4,
        }))
        .unwrap();
        p.add_rule(Rule::Indexer(Indexer {
            kind: IndexerKind::Row,
            cells: vec![15],
            size: 4,
        }))
        .unwrap();
        let doc = fpuzzles::write(&p, None, None).unwrap();
        assert_eq!(
            doc["columnindexer"],
            json!([{"cells": ["R1C1"]}, {"cells": ["R2C1"]}])
        );
        assert_eq!(fpuzzles::read(&doc).unwrap().puzzle, p);
        // Every solution the engine finds keeps the rules.
        let engine = Engine::new(&p).unwrap();
        let mut seen = 0;
        engine.enumerate_within(&Options::default(), |s| {
            seen += 1;
            assert!(p.rules().iter().all(|r| r.holds(&p, s)));
        });
        assert!(seen > 0);
        // Written to sudoku-puzzle as tables: the same solutions read back.
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None))
            .unwrap()
            .puzzle;
        assert!(back.rules().iter().all(|r| matches!(r, Rule::Table(_))));
        let solutions = |q: &Puzzle| {
            let mut all = Vec::new();
            Engine::new(q)
                .unwrap()
                .enumerate_within(&Options::default(), |s| all.push(s.to_vec()));
            all
        };
        assert_eq!(solutions(&back), solutions(&p));
    }
}
