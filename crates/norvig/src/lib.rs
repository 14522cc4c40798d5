//! bitdoku-norvig: Peter Norvig's *Solving Every Sudoku Puzzle*, ported to Rust as he
//! wrote it, to be the reference point the bitset solver is measured against.
//!
//! Squares are the strings `"A1"`..`"I9"`; `units` and `peers` are maps from a square's
//! name to lists and sets of names; `values` maps each square to a `String` of the
//! digits it may still hold. `assign` and `eliminate` apply his two rules recursively,
//! `search` copies `values` on each branch and tries the square with the fewest digits
//! first. Idiomatic Rust, but no bitsets and no cleverness: where Python returns `False`
//! these return `false` or `None`.
//!
//! ```
//! use bitdoku_norvig::Norvig;
//! let norvig = Norvig::new();
//! let values = norvig
//!     .solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
//!     .unwrap();
//! assert!(norvig.solved(&values));
//! assert!(norvig.display(&values).starts_with("4 1 7 |3 6 9 |8 2 5 \n"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use bitdoku_core::{Grid, Puzzle};
use std::collections::{HashMap, HashSet};

/// `values`: square name to the digits still possible there.
pub type Values = HashMap<String, String>;

const DIGITS: &str = "123456789";
const ROWS: &str = "ABCDEFGHI";
const COLS: &str = DIGITS;

fn cross(a: &str, b: &str) -> Vec<String> {
    a.chars()
        .flat_map(|x| b.chars().map(move |y| format!("{x}{y}")))
        .collect()
}

/// Norvig's program: the squares, units and peers, and his functions as methods.
#[derive(Clone, Debug)]
pub struct Norvig {
    /// The 81 square names, row by row.
    pub squares: Vec<String>,
    /// The 27 units as lists of names.
    pub unitlist: Vec<Vec<String>>,
    /// Each square's three units.
    pub units: HashMap<String, Vec<Vec<String>>>,
    /// Each square's 20 peers.
    pub peers: HashMap<String, HashSet<String>>,
}

impl Default for Norvig {
    fn default() -> Self {
        Norvig::new()
    }
}

impl Norvig {
    /// Builds `squares`, `unitlist`, `units` and `peers` as his module does at import.
    pub fn new() -> Norvig {
        let squares = cross(ROWS, COLS);
        let mut unitlist: Vec<Vec<String>> = Vec::new();
        for c in COLS.chars() {
            unitlist.push(cross(ROWS, &c.to_string()));
        }
        for r in ROWS.chars() {
            unitlist.push(cross(&r.to_string(), COLS));
        }
        for rs in ["ABC", "DEF", "GHI"] {
            for cs in ["123", "456", "789"] {
                unitlist.push(cross(rs, cs));
            }
        }
        let units: HashMap<String, Vec<Vec<String>>> = squares
            .iter()
            .map(|s| {
                let us = unitlist.iter().filter(|u| u.contains(s)).cloned().collect();
                (s.clone(), us)
            })
            .collect();
        let peers = squares
            .iter()
            .map(|s| {
                let set: HashSet<String> = units[s]
                    .iter()
                    .flatten()
                    .filter(|t| *t != s)
                    .cloned()
                    .collect();
                (s.clone(), set)
            })
            .collect();
        Norvig {
            squares,
            unitlist,
            units,
            peers,
        }
    }

    /// `grid_values`: the grid as a map from square to `char` (`0` or `.` for empty),
    /// or `None` unless it has exactly 81 squares. Other characters are ignored.
    pub fn grid_values(&self, grid: &str) -> Option<HashMap<String, char>> {
        let chars: Vec<char> = grid
            .chars()
            .filter(|c| DIGITS.contains(*c) || "0.".contains(*c))
            .collect();
        if chars.len() != 81 {
            return None;
        }
        Some(self.squares.iter().cloned().zip(chars).collect())
    }

    /// `parse_grid`: every square may be any digit, then each given is assigned.
    /// `None` on a contradiction.
    pub fn parse_grid(&self, grid: &str) -> Option<Values> {
        let mut values: Values = self
            .squares
            .iter()
            .map(|s| (s.clone(), DIGITS.to_string()))
            .collect();
        for (s, d) in self.grid_values(grid)? {
            if DIGITS.contains(d) && !self.assign(&mut values, &s, d) {
                return None;
            }
        }
        Some(values)
    }

    /// [`Norvig::parse_grid`] for any [`Puzzle`]: a pencilmark puzzle's missing
    /// candidates are eliminated one by one (his `eliminate`, which propagates), as
    /// a given's other digits are by `assign`. `None` on a contradiction.
    pub fn parse_puzzle(&self, puzzle: &Puzzle) -> Option<Values> {
        let board = match puzzle {
            Puzzle::Givens(grid) => return self.parse_grid(&grid.to_string()),
            Puzzle::Candidates(board) => board,
        };
        let mut values: Values = self
            .squares
            .iter()
            .map(|s| (s.clone(), DIGITS.to_string()))
            .collect();
        for (s, candidates) in self.squares.iter().zip(board.0) {
            for (k, d) in DIGITS.chars().enumerate() {
                if candidates.bits() >> k & 1 == 0 && !self.eliminate(&mut values, s, d) {
                    return None;
                }
            }
        }
        Some(values)
    }

    /// `assign`: eliminate every other digit from `values[s]`.
    pub fn assign(&self, values: &mut Values, s: &str, d: char) -> bool {
        let other_values: String = values[s].chars().filter(|&c| c != d).collect();
        other_values.chars().all(|d2| self.eliminate(values, s, d2))
    }

    /// `eliminate`: remove `d` from `values[s]`, and propagate when a square is left
    /// with one value (rule 1) or a unit with one place for `d` (rule 2).
    pub fn eliminate(&self, values: &mut Values, s: &str, d: char) -> bool {
        if !values[s].contains(d) {
            return true; // already eliminated
        }
        let v = values[s].replace(d, "");
        values.insert(s.to_string(), v.clone());
        // (1) If a square s is reduced to one value d2, then eliminate d2 from the peers.
        if v.is_empty() {
            return false; // contradiction: removed last value
        } else if v.len() == 1 {
            let d2 = v.chars().next().unwrap_or('0');
            if !self.peers[s]
                .iter()
                .all(|s2| self.eliminate(values, s2, d2))
            {
                return false;
            }
        }
        // (2) If a unit u is reduced to only one place for a value d, then put it there.
        for u in &self.units[s] {
            let dplaces: Vec<&String> = u.iter().filter(|s| values[*s].contains(d)).collect();
            if dplaces.is_empty() {
                return false; // contradiction: no place for this value
            } else if dplaces.len() == 1 {
                // d can only be in one place in unit; assign it there
                let place = dplaces[0].clone();
                if !self.assign(values, &place, d) {
                    return false;
                }
            }
        }
        true
    }

    /// `search`: depth-first, the square with the fewest possibilities first.
    pub fn search(&self, values: Option<Values>) -> Option<Values> {
        let values = values?;
        if self.solved_lengths(&values) {
            return Some(values); // solved
        }
        let s = self.fewest(&values);
        values[&s].chars().find_map(|d| {
            let mut copy = values.clone();
            if self.assign(&mut copy, &s, d) {
                self.search(Some(copy))
            } else {
                None
            }
        })
    }

    /// The same search, counting solutions up to `limit` (Norvig's program has no
    /// counter; this is `search` with `some` replaced by a sum).
    pub fn count(&self, values: Option<Values>, limit: usize) -> usize {
        let Some(values) = values else { return 0 };
        if self.solved_lengths(&values) {
            return 1;
        }
        let s = self.fewest(&values);
        let mut found = 0;
        for d in values[&s].chars() {
            let mut copy = values.clone();
            if self.assign(&mut copy, &s, d) {
                found += self.count(Some(copy), limit - found);
                if found >= limit {
                    break;
                }
            }
        }
        found
    }

    fn solved_lengths(&self, values: &Values) -> bool {
        self.squares.iter().all(|s| values[s].len() == 1)
    }

    /// `min((len(values[s]), s) for s in squares if len(values[s]) > 1)`.
    fn fewest(&self, values: &Values) -> String {
        self.squares
            .iter()
            .filter(|s| values[*s].len() > 1)
            .min_by_key(|s| (values[*s].len(), (*s).clone()))
            .cloned()
            .unwrap_or_default()
    }

    /// `solve(grid) = search(parse_grid(grid))`.
    pub fn solve(&self, grid: &str) -> Option<Values> {
        self.search(self.parse_grid(grid))
    }

    /// `solved`: every unit holds the nine digits.
    pub fn solved(&self, values: &Values) -> bool {
        let unitsolved = |unit: &Vec<String>| {
            let mut got: Vec<&str> = unit.iter().map(|s| values[s].as_str()).collect();
            got.sort();
            got == ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        };
        self.unitlist.iter().all(unitsolved)
    }

    /// `display`: the values as a 2-D grid.
    pub fn display(&self, values: &Values) -> String {
        let width = 1 + self
            .squares
            .iter()
            .map(|s| values[s].len())
            .max()
            .unwrap_or(0);
        let line = vec!["-".repeat(width * 3); 3].join("+");
        let mut out = String::new();
        for r in ROWS.chars() {
            for c in COLS.chars() {
                let v = &values[&format!("{r}{c}")];
                let margin = width - v.len();
                let left = margin / 2 + (margin & width & 1);
                out += &format!("{}{v}{}", " ".repeat(left), " ".repeat(margin - left));
                if c == '3' || c == '6' {
                    out.push('|');
                }
            }
            out.push('\n');
            if r == 'C' || r == 'F' {
                out += &line;
                out.push('\n');
            }
        }
        out
    }

    /// `values` as a [`Grid`] (squares with several digits come out empty).
    pub fn to_grid(&self, values: &Values) -> Grid {
        let text: String = self
            .squares
            .iter()
            .map(|s| {
                if values[s].len() == 1 {
                    values[s].as_str()
                } else {
                    "."
                }
            })
            .collect();
        text.parse().unwrap_or(Grid::EMPTY)
    }
}

impl bitdoku_solver::Solver for Norvig {
    fn name(&self) -> &'static str {
        "norvig"
    }

    fn solve(&self, puzzle: &Puzzle) -> Option<Grid> {
        Norvig::search(self, self.parse_puzzle(puzzle)).map(|v| self.to_grid(&v))
    }

    fn count(&self, puzzle: &Puzzle, limit: usize) -> usize {
        Norvig::count(self, self.parse_puzzle(puzzle), limit.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Norvig's `test()`.
    #[test]
    fn norvig_test() {
        let n = Norvig::new();
        assert_eq!(n.squares.len(), 81);
        assert_eq!(n.unitlist.len(), 27);
        assert!(n.squares.iter().all(|s| n.units[s].len() == 3));
        assert!(n.squares.iter().all(|s| n.peers[s].len() == 20));
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            n.units["C2"],
            vec![
                names(&["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"]),
                names(&["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]),
                names(&["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]),
            ]
        );
        let expected: HashSet<String> = [
            "A2", "B2", "D2", "E2", "F2", "G2", "H2", "I2", "C1", "C3", "C4", "C5", "C6", "C7",
            "C8", "C9", "A1", "A3", "B1", "B3",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(n.peers["C2"], expected);
    }

    #[test]
    fn parse_grid_leaves_grid2_unsolved_and_solves_the_easy_one() {
        let n = Norvig::new();
        let grid2 = n
            .parse_grid(
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            )
            .unwrap();
        assert_eq!(grid2["A2"], "1679");
        assert!(n
            .display(&grid2)
            .starts_with("   4      1679   12679  |  139 "));
        let easy = n
            .parse_grid(
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            )
            .unwrap();
        assert!(n.solved(&easy));
    }
}

/// The crate README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
