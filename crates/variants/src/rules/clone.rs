//! Clones: regions of the same shape whose corresponding cells hold the same digits.
//!
//! Read from the sudoku-puzzle rule `{"type": "clone", "regions": [["r1c1", "r1c2"],
//! ["r5c5", "r5c6"]]}` (two regions or more, of equal sizes, cells corresponding in
//! order) and from the f-puzzles key `clone` (`[{"cells": [...], "cloneCells": [...]}]`,
//! one rule of two regions per entry); written back to both (a clone of three regions
//! or more as one f-puzzles entry per copy of the first).
//!
//! Propagation: each cell of a copy and the corresponding cell of the first region are
//! a [`Relation::Equal`] pair, kept arc-consistent (each keeps the candidates they
//! share).

use super::relation::Relation;
use super::Compiled;
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// Regions whose corresponding cells hold the same digits; see the
/// [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Clones {
    /// The regions, two or more, of equal sizes: the `i`-th cells of all of them hold
    /// the same digit.
    pub regions: Vec<Vec<Cell>>,
}

impl Clones {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        if self.regions.len() < 2 {
            return Err(ModelError::new(at, "a clone needs two regions or more"));
        }
        let len = self.regions[0].len();
        for region in &self.regions {
            super::check_cells(region, puzzle, at)?;
            if region.len() != len || len == 0 {
                return Err(ModelError::new(
                    at,
                    "a clone's regions have the same number of cells, one or more",
                ));
            }
        }
        Ok(())
    }

    /// The cells the rule reads.
    pub fn cells(&self) -> Vec<Cell> {
        self.regions.iter().flatten().copied().collect()
    }

    /// Each cell of a copy with the corresponding cell of the first region.
    fn pairs(&self) -> Vec<[Cell; 2]> {
        let first = &self.regions[0];
        self.regions[1..]
            .iter()
            .flat_map(|copy| first.iter().zip(copy).map(|(&a, &b)| [a, b]))
            .filter(|[a, b]| a != b)
            .collect()
    }

    /// The brute-force definition: corresponding cells hold the same digit.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.pairs()
            .iter()
            .all(|&[a, b]| Relation::Equal.holds(values[a], values[b]))
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        out.relation(size, Relation::Equal, &self.pairs());
    }

    /// From a sudoku-puzzle `clone` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Clones, Error> {
        let regions = rule
            .need("regions")?
            .items()?
            .iter()
            .map(|r| read_cells(r, size))
            .collect::<Result<_, _>>()?;
        Ok(Clones { regions })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let regions: Vec<Vec<String>> = self
            .regions
            .iter()
            .map(|r| super::names(puzzle, r))
            .collect();
        json!({"type": "clone", "regions": regions})
    }

    /// From one entry of f-puzzles' `clone` list.
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Clones, Error> {
        entry.only(&["cells", "cloneCells"])?;
        let cells = read_cells(&entry.need("cells")?, size)?;
        let copy = read_cells(&entry.need("cloneCells")?, size)?;
        Ok(Clones {
            regions: vec![cells, copy],
        })
    }

    /// As f-puzzles `clone` entries: one per copy of the first region.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Vec<Value> {
        let first = super::fnames(puzzle, &self.regions[0]);
        self.regions[1..]
            .iter()
            .map(|copy| json!({"cells": first, "cloneCells": super::fnames(puzzle, copy)}))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::Rule;
    use crate::{Engine, Options};

    fn clone(regions: &[&[Cell]]) -> Clones {
        Clones {
            regions: regions.iter().map(|r| r.to_vec()).collect(),
        }
    }

    #[test]
    fn corresponding_cells_hold_the_same_digit() {
        let c = clone(&[&[0, 1], &[2, 3], &[4, 5]]);
        assert!(c.holds(&[1, 2, 1, 2, 1, 2]));
        assert!(!c.holds(&[1, 2, 2, 1, 1, 2]));
        assert!(!c.holds(&[1, 2, 1, 2, 1, 3]));
    }

    #[test]
    fn a_clone_fixes_digits_through_its_copy() {
        // A 4×4 with r1c1 given 1 and r1c1-r1c2 cloned to r3c3-r3c4: r3c3 is 1.
        let mut p = Puzzle::classic(4).unwrap();
        p.set_given(0, 1).unwrap();
        p.add_rule(Rule::Clone(clone(&[&[0, 1], &[10, 11]])))
            .unwrap();
        let engine = Engine::new(&p).unwrap();
        let cands = engine.true_candidates(&Options::default());
        assert_eq!(cands.candidates[10], 1);
    }

    #[test]
    fn both_formats_round_trip_and_bad_clones_are_refused() {
        let mut p = Puzzle::classic(9).unwrap();
        p.add_rule(Rule::Clone(clone(&[&[0, 1, 9], &[40, 41, 49]])))
            .unwrap();
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        // Three regions: two f-puzzles entries, each from the first region.
        let mut q = Puzzle::classic(9).unwrap();
        q.add_rule(Rule::Clone(clone(&[&[0], &[40], &[80]])))
            .unwrap();
        let doc = fpuzzles::write(&q, None, None).unwrap();
        assert_eq!(
            doc["clone"],
            json!([{"cells": ["R1C1"], "cloneCells": ["R5C5"]},
                   {"cells": ["R1C1"], "cloneCells": ["R9C9"]}])
        );
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&q, None, None)).unwrap();
        assert_eq!(back.puzzle, q);
        for bad in [
            clone(&[&[0, 1]]),
            clone(&[&[0, 1], &[2]]),
            clone(&[&[], &[]]),
        ] {
            assert!(bad.check(&q, At::Rule(0)).is_err(), "{bad:?}");
        }
        let row = json!([{}, {}, {}, {}]);
        let f = json!({"size": 4, "grid": [row, row, row, row],
                       "clone": [{"cells": ["R1C1"], "cloneCells": ["R3C3", "R3C4"]}]});
        let e = fpuzzles::read(&f).unwrap_err().to_string();
        assert!(e.starts_with("clone[0]"), "{e}");
    }
}
