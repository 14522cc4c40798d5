//! Arrows: the digits along each shaft of an arrow add up to the number in its circle.
//! A circle of several cells (a pill) reads as a number, its cells as decimal digits
//! in order (r1c1 = 1, r1c2 = 4 read 14). Digits on a shaft may repeat unless a house
//! forbids it.
//!
//! Read from the sudoku-puzzle rule `{"type": "arrow", "bulb": ["r1c1"], "lines":
//! [["r1c2", "r1c3"]]}` (the bulb's cells in reading order of the number) and the
//! f-puzzles key `arrow` (`{"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"]]}`:
//! each line starts in the circle, whose cells f-puzzles reads top to bottom, left to
//! right); written back to both.
//!
//! Propagation: the circle (as a number) and every shaft (as a sum) are segments of
//! equal value (`totals`): each cell keeps the digits of some shaft
//! sum that the circle can show and every other shaft can make, and the circle keeps
//! the values that every shaft can make.

use super::totals::Totals;
use super::{Compiled, Prop};
use crate::format::json::{cell as read_cell, cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// An arrow: a circle of one or more cells and one or more shafts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrow {
    /// The circle's cells, in the order its number reads (most significant first).
    pub circle: Vec<Cell>,
    /// The shafts, each from the circle outwards (the circle's cells not included).
    pub shafts: Vec<Vec<Cell>>,
}

/// `cells`' digits as a decimal number, in order.
fn number(values: &[u8], cells: &[Cell]) -> u64 {
    cells
        .iter()
        .fold(0u64, |n, &c| n.saturating_mul(10) + u64::from(values[c]))
}

impl Arrow {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let n = puzzle.size() as u64;
        super::check_cells(&self.circle, puzzle, at)?;
        if self.shafts.is_empty() {
            return Err(ModelError::new(at, "an arrow without a shaft"));
        }
        // The circle's least and largest numbers: 1…1 and N…N.
        let k = self.circle.len() as u32;
        let repunit = (0..k).fold(0u64, |r, _| r.saturating_mul(10) + 1);
        let (least, most) = (repunit, repunit.saturating_mul(n));
        for shaft in &self.shafts {
            super::check_cells(shaft, puzzle, at)?;
            if let Some(&c) = shaft.iter().find(|c| self.circle.contains(c)) {
                return Err(ModelError::new(
                    at,
                    format!(
                        "{} is both in an arrow's circle and on its shaft",
                        puzzle.cell_name(c)
                    ),
                ));
            }
            // Well formed, but no digits satisfy it: the puzzle has no solution.
            let len = shaft.len() as u64;
            if len * n < least || len > most {
                return Err(ModelError::unsatisfiable(
                    at,
                    format!(
                        "an arrow's shaft of {len} cells adds up to {len} to {}: its circle of {k} cells shows {least} to {most}",
                        len * n
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The brute-force definition: each shaft adds up to the circle's number.
    pub fn holds(&self, values: &[u8]) -> bool {
        let target = number(values, &self.circle);
        self.shafts
            .iter()
            .all(|s| s.iter().map(|&c| u64::from(values[c])).sum::<u64>() == target)
    }

    /// The cells the rule reads.
    pub fn cells(&self) -> Vec<Cell> {
        self.circle
            .iter()
            .chain(self.shafts.iter().flatten())
            .copied()
            .collect()
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let mut segments: Vec<(&[Cell], bool)> = vec![(&self.circle, true)];
        segments.extend(self.shafts.iter().map(|s| (s.as_slice(), false)));
        out.props
            .push(Prop::Totals(Totals::new(puzzle.size(), &segments, None)));
    }

    /// From a sudoku-puzzle `arrow` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Arrow, Error> {
        let circle = read_cells(&rule.need("bulb")?, size)?;
        let shafts = rule
            .need("lines")?
            .items()?
            .iter()
            .map(|l| read_cells(l, size))
            .collect::<Result<_, _>>()?;
        Ok(Arrow { circle, shafts })
    }

    /// From one entry of f-puzzles' `arrow`: the circle's cells read in reading order,
    /// each line less the circle's cells.
    pub(crate) fn read_fpuzzles(entry: &Node<'_>, size: usize) -> Result<Arrow, Error> {
        let mut circle = read_cells(&entry.need("cells")?, size)?;
        circle.sort_unstable();
        let lines = entry.need("lines")?;
        let mut shafts = Vec::new();
        for line in lines.items()? {
            let mut shaft = Vec::new();
            for c in line.items()? {
                let c = read_cell(&c, size)?;
                if !circle.contains(&c) {
                    shaft.push(c);
                }
            }
            if shaft.is_empty() {
                return Err(line.error("an arrow's line without cells outside its circle"));
            }
            shafts.push(shaft);
        }
        Ok(Arrow { circle, shafts })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        json!({
            "type": "arrow",
            "bulb": super::names(puzzle, &self.circle),
            "lines": self.shafts.iter().map(|s| super::names(puzzle, s)).collect::<Vec<_>>(),
        })
    }

    /// As f-puzzles writes it: each line from the circle's cell next to the shaft. A
    /// circle whose number does not read in reading order cannot be written.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Value, Error> {
        if self.circle.windows(2).any(|w| w[0] > w[1]) {
            return Err(Error::path(
                "",
                "f-puzzles cannot express an arrow whose circle reads out of reading order",
            ));
        }
        let n = puzzle.size();
        let lines: Vec<Vec<String>> = self
            .shafts
            .iter()
            .map(|s| {
                let from = self
                    .circle
                    .iter()
                    .copied()
                    .find(|&c| super::touching(n, c, s[0]))
                    .unwrap_or(self.circle[self.circle.len() - 1]);
                let mut line = vec![from];
                line.extend_from_slice(s);
                super::fnames(puzzle, &line)
            })
            .collect();
        Ok(json!({"cells": super::fnames(puzzle, &self.circle), "lines": lines}))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::json;

    use crate::rules::testing::Marks;

    fn arrow(size: usize, circle: &[Cell], shafts: &[&[Cell]]) -> Totals {
        let mut segments: Vec<(&[Cell], bool)> = vec![(circle, true)];
        segments.extend(shafts.iter().map(|s| (*s, false)));
        Totals::new(size, &segments, None)
    }

    const ALL: u32 = 0x1FF;

    #[test]
    fn a_circle_is_at_least_its_shaft() {
        // Circle 0, shaft 1, 2: the circle is 2 to 9, each shaft cell 1 to 8.
        let mut g = Marks(vec![ALL, ALL, ALL]);
        arrow(9, &[0], &[&[1, 2]]).propagate(&mut g).unwrap();
        assert_eq!(g.0, [ALL & !1, ALL >> 1, ALL >> 1]);
        // A shaft cell of 7 and a circle of at most 8: the other cell is 1.
        let mut g = Marks(vec![0xFF, 1 << 6, ALL]);
        arrow(9, &[0], &[&[1, 2]]).propagate(&mut g).unwrap();
        assert_eq!(g.0, [1 << 7, 1 << 6, 1]);
        // Two shafts: 5 + x and 1 + 1 + y.
        let mut g = Marks(vec![ALL, 1 << 4, ALL, 1, 1, ALL]);
        arrow(9, &[0], &[&[1, 2], &[3, 4, 5]])
            .propagate(&mut g)
            .unwrap();
        assert_eq!(g.0[0], ALL & !0b1_1111); // 6 to 9
        assert_eq!(g.0[5], 0b111_1000); // 4 to 7 (the circle less 2)
    }

    #[test]
    fn a_pill_reads_as_a_number() {
        // Circle 0, 1 (a two-digit number), a shaft of 3 cells: at most 27, so the
        // first digit is 1 or 2, and 10 to 27 needs the shaft's cells at least 1.
        let mut g = Marks(vec![ALL, ALL, ALL, ALL, ALL]);
        arrow(9, &[0, 1], &[&[2, 3, 4]]).propagate(&mut g).unwrap();
        assert_eq!(g.0[0], 0b11);
        // 2 and a shaft of 9 + 9 + 9: 27.
        let mut g = Marks(vec![0b10, ALL, 1 << 8, 1 << 8, 1 << 8]);
        arrow(9, &[0, 1], &[&[2, 3, 4]]).propagate(&mut g).unwrap();
        assert_eq!(g.0[1], 1 << 6);
        let mut g = Marks(vec![0b10, 1 << 8, 1 << 8, 1 << 8, 1 << 8]);
        assert!(arrow(9, &[0, 1], &[&[2, 3, 4]]).propagate(&mut g).is_err());
        let a = Arrow {
            circle: vec![0, 1],
            shafts: vec![vec![2, 3, 4]],
        };
        assert!(a.holds(&[2, 7, 9, 9, 9]));
        assert!(!a.holds(&[7, 2, 9, 9, 9]));
    }

    /// A shaft whose sums the circle cannot show is read, and the puzzle has no
    /// solution (it was refused as malformed: pencilmark reads it).
    #[test]
    fn an_arrow_no_digits_satisfy_leaves_no_solution() {
        use crate::rules::testing::unsatisfiable;
        let pill = serde_json::json!({"type": "arrow", "bulb": ["r1c1", "r1c2"],
                                      "lines": [["r2c1"]]});
        assert_eq!(
            unsatisfiable(pill),
            "an arrow's shaft of 1 cells adds up to 1 to 4: its circle of 2 cells shows 11 to 44"
        );
        let long = serde_json::json!({"type": "arrow", "bulb": ["r1c1"],
                                      "lines": [["r2c1", "r2c2", "r3c1", "r3c2", "r4c1"]]});
        assert!(unsatisfiable(long).contains("adds up to 5 to 20"));
    }

    #[test]
    fn long_arrows_on_large_boards_keep_bounds() {
        // A 25×25 board: a shaft of 12 cells makes up to 300 (past 256 values): bounds.
        let shaft: Vec<Cell> = (2..14).collect();
        let t = arrow(25, &[0, 1], &[&shaft]);
        assert_eq!(t.propagate(&mut Marks(vec![(1 << 25) - 1; 14])), Ok(()));
        let mut g = Marks(vec![(1 << 25) - 1; 14]);
        g.0[0] = 1 << 1; // 2x: 21 to 45 (x up to 25)
        for c in 2..13 {
            g.0[c] = 1 << 24; // 11 × 25 = 275 already
        }
        assert!(t.propagate(&mut g).is_err());
    }

    #[test]
    fn refuses_what_cannot_be_valid() {
        let p = Puzzle::classic(9).unwrap();
        let check = |circle: Vec<Cell>, shafts: Vec<Vec<Cell>>| {
            Arrow { circle, shafts }
                .check(&p, At::Rule(0))
                .map_err(|e| e.message)
        };
        assert!(check(vec![0], vec![vec![1, 2]]).is_ok());
        assert!(check(vec![0], vec![])
            .unwrap_err()
            .contains("without a shaft"));
        assert!(check(vec![0, 1, 2], vec![vec![3, 4]])
            .unwrap_err()
            .contains("111"));
        assert!(check(vec![0], vec![vec![1; 1], vec![0]])
            .unwrap_err()
            .contains("both"));
        assert!(check(vec![0], (1..11).map(|c| vec![c]).collect()).is_ok());
        assert!(check(vec![0], vec![(1..11).collect()])
            .unwrap_err()
            .contains("10 cells"));
    }

    #[test]
    fn both_formats_round_trip() {
        use crate::format::{fpuzzles, sudoku_puzzle};
        use crate::rules::Rule;
        let mut p = Puzzle::classic(9).unwrap();
        for arrow in [
            Arrow {
                circle: vec![0, 1],
                shafts: vec![vec![10, 19, 28], vec![2, 3, 4]],
            },
            Arrow {
                circle: vec![40],
                shafts: vec![vec![41, 42]],
            },
        ] {
            p.add_rule(Rule::Arrow(arrow)).unwrap();
        }
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        let back = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(back.puzzle, p);
        // A circle read right to left is not f-puzzles'.
        let mut q = Puzzle::classic(9).unwrap();
        q.add_rule(Rule::Arrow(Arrow {
            circle: vec![1, 0],
            shafts: vec![vec![10, 19]],
        }))
        .unwrap();
        assert!(fpuzzles::write(&q, None, None).is_err());
    }

    #[test]
    fn f_puzzles_lines_start_in_the_circle() {
        let p = Puzzle::classic(9).unwrap();
        let entry = json!({"cells": ["R1C2", "R1C1"], "lines": [["R1C2", "R2C3", "R3C3"]]});
        let a = Arrow::read_fpuzzles(&Node::root(&json::borrow(&entry)), 9).unwrap();
        assert_eq!(a.circle, [0, 1]);
        assert_eq!(a.shafts, [vec![11, 20]]);
        assert_eq!(
            a.write_fpuzzles(&p).unwrap(),
            json!({"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C3", "R3C3"]]})
        );
        let bare = json!({"cells": ["R1C1"], "lines": [["R1C1"]]});
        let e = Arrow::read_fpuzzles(&Node::root(&json::borrow(&bare)), 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "lines[0]: an arrow's line without cells outside its circle"
        );
    }
}
