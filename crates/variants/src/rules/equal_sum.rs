//! Equal sums: segments of cells whose digits add up to the same sum (each segment's
//! digits repeating where no house forbids it).
//!
//! Read from the sudoku-puzzle rule `{"type": "equal_sum", "segments": [["r1c1",
//! "r1c2"], ["r2c1"]]}` and written back to it; f-puzzles has no such key.
//!
//! Propagation: the segments are `totals` without a given total: the
//! sums that every segment can make are kept, and each cell keeps the digits of some
//! way its segment makes one of them.

use super::totals::Totals;
use super::{Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// Segments of equal sums; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EqualSum {
    /// The segments, two or more.
    pub segments: Vec<Vec<Cell>>,
}

impl EqualSum {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        if self.segments.len() < 2 {
            return Err(ModelError::new(at, "equal sums need two segments or more"));
        }
        let n = puzzle.size();
        let (mut lo, mut hi) = (0, usize::MAX);
        for s in &self.segments {
            super::check_cells(s, puzzle, at)?;
            lo = lo.max(s.len());
            hi = hi.min(s.len() * n);
        }
        if lo > hi {
            return Err(ModelError::unsatisfiable(
                at,
                format!("segments of digits 1-{n} cannot add up to the same sum: one makes {hi} at most, another {lo} at least"),
            ));
        }
        Ok(())
    }

    /// The brute-force definition: every segment adds up to the first one's sum.
    pub fn holds(&self, values: &[u8]) -> bool {
        let sum = |s: &Vec<Cell>| s.iter().map(|&c| u32::from(values[c])).sum::<u32>();
        let first = sum(&self.segments[0]);
        self.segments.iter().all(|s| sum(s) == first)
    }

    /// The cells the rule reads.
    pub fn cells(&self) -> Vec<Cell> {
        self.segments.iter().flatten().copied().collect()
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let segments: Vec<(&[Cell], bool)> = self
            .segments
            .iter()
            .map(|s| (s.as_slice(), false))
            .collect();
        out.props
            .push(Prop::Totals(Totals::new(puzzle.size(), &segments, None)));
    }

    /// From a sudoku-puzzle `equal_sum` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<EqualSum, Error> {
        let segments = rule
            .need("segments")?
            .items()?
            .iter()
            .map(|s| read_cells(s, size))
            .collect::<Result<_, _>>()?;
        Ok(EqualSum { segments })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({
            "type": "equal_sum",
            "segments": self.segments.iter().map(|s| super::names(puzzle, s)).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sudoku_puzzle;
    use crate::rules::Rule;

    use crate::rules::testing::Marks;

    #[test]
    fn segments_meet_on_a_sum() {
        // r1c1 + r1c2 = r2c1 + r2c2 + r2c3; an 8 and a 7 on the right make 16 to
        // 18 with the left's 2 to 18: the third is 1 to 3, the left's digits 7 to 9.
        let mut p = Puzzle::new(9).unwrap();
        p.add_rule(Rule::EqualSum(EqualSum {
            segments: vec![vec![0, 1], vec![9, 10, 11]],
        }))
        .unwrap();
        let mut out = Compiled::default();
        p.rules()[0].compile(&p, &mut out);
        let mut g = Marks(vec![0x1FF; 12]);
        (g.0[9], g.0[10]) = (1 << 7, 1 << 6);
        out.props[0].propagate(&mut g).unwrap();
        assert_eq!(
            (g.0[0], g.0[1], g.0[11]),
            (0b1_1100_0000, 0b1_1100_0000, 0b111)
        );
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(
            &Puzzle::latin(9)
                .map(|mut q| {
                    q.add_rule(p.rules()[0].clone()).unwrap();
                    q
                })
                .unwrap(),
            None,
            None,
        ))
        .unwrap();
        assert_eq!(back.puzzle.rules(), p.rules());
        let e = EqualSum {
            segments: vec![vec![0]],
        }
        .check(&p, At::Rule(0))
        .unwrap_err();
        assert!(e.message.contains("two segments"));
        let e = EqualSum {
            segments: vec![vec![0], vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
        }
        .check(&p, At::Rule(0))
        .unwrap_err();
        assert!(e.message.contains("9 at most"), "{e}");
    }
}
