//! Global entropy: every 2×2 block of the board holds a low, a middle and a high digit
//! (the digits cut in thirds: 1-3, 4-6 and 7-9 on a 9×9), so the board's digits must
//! be divisible by 3.
//!
//! Read from the sudoku-puzzle rule `{"type": "global_entropy"}` and written back to
//! it; f-puzzles has no such key.
//!
//! Propagation: in each block, each third needs a cell: a third that no cell can hold
//! is a contradiction, and a third that one cell alone can hold goes there (the
//! propagator of [`contains`](super::contains), on classes of digits).
//! That is as strong as the rule's table of four digits, and much cheaper than
//! scanning it.

use super::contains::Need;
use super::corner::blocks;
use super::{line, Compiled, Prop};
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// Global entropy; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GlobalEntropy {
    /// The board's side, N (checked against the puzzle's).
    pub size: usize,
}

impl GlobalEntropy {
    /// True if four digits of a block hold a digit of each third (the
    /// [`thirds`](line::thirds) of 1 to `size`).
    pub fn allows(size: usize, t: &[u8]) -> bool {
        let digits = t
            .iter()
            .filter(|&&d| (1..=32).contains(&d))
            .fold(0u32, |m, &d| m | 1 << (d - 1));
        line::thirds(size).is_some_and(|thirds| thirds.iter().all(|&third| third & digits != 0))
    }

    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_size("global entropy", self.size, puzzle, at)?;
        if !self.size.is_multiple_of(3) {
            return Err(ModelError::new(
                at,
                format!(
                    "global entropy needs digits divisible by 3, not 1-{}",
                    self.size
                ),
            ));
        }
        Ok(())
    }

    /// The cells it reads: the whole board.
    pub fn cells(&self) -> Vec<Cell> {
        (0..self.size * self.size).collect()
    }

    /// The brute-force definition.
    pub fn holds(&self, values: &[u8]) -> bool {
        blocks(self.size).all(|b| Self::allows(self.size, &b.map(|c| values[c])))
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        let Some(thirds) = line::thirds(self.size) else {
            return;
        };
        for b in blocks(self.size) {
            out.props.push(Prop::Contains(Need::classes(&b, &thirds)));
        }
    }

    pub(crate) fn write_sudoku_puzzle(&self) -> Value {
        json!({"type": "global_entropy"})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::Rule;

    fn sp(n: usize, rules: Value) -> Value {
        json!({"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": n, "cols": n},
               "digits": n, "givens": vec![0; n * n], "rules": rules})
    }

    #[test]
    fn thirds_and_blocks() {
        assert!(GlobalEntropy::allows(6, &[1, 3, 5, 2]));
        assert!(!GlobalEntropy::allows(6, &[1, 2, 3, 4]));
        assert!(GlobalEntropy::allows(9, &[1, 4, 7, 2]));
        assert!(!GlobalEntropy::allows(9, &[1, 4, 5, 2]));
        assert_eq!(
            super::super::table::Rows::from_fn(9, 4, |t| GlobalEntropy::allows(9, t)).len(),
            2916
        );
    }

    #[test]
    fn read_written_back_solved_and_refused() {
        let doc = sp(
            6,
            json!([{"type": "box_grid", "box": [2, 3], "origin": "r1c1"},
                               {"type": "global_entropy"}]),
        );
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        assert_eq!(p.rules(), [Rule::GlobalEntropy(GlobalEntropy { size: 6 })]);
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express global entropy"
        );
        let engine = crate::Engine::new(&p).unwrap();
        let mut found = None;
        engine.enumerate(1, |s| found = Some(s.to_vec()));
        let s = found.expect("a 6x6 global entropy has solutions");
        assert!(p.is_solved_by(&s));
        let e = sudoku_puzzle::read(&sp(4, json!([{"type": "global_entropy"}]))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "rules[0]: global entropy needs digits divisible by 3, not 1-4"
        );
        let e = sudoku_puzzle::read(&sp(6, json!([{"type": "global_entropy", "cells": []}])))
            .unwrap_err();
        assert_eq!(e.to_string(), "rules[0].cells: unknown key \"cells\"");
    }
}
