//! bitdoku-norvig: Peter Norvig's *Solving Every Sudoku Puzzle*, ported to Rust as he
//! wrote it, to be the reference point the bitset solvers are measured against.
//!
//! Squares are names (`"A1"`..`"I9"`); `units` and `peers` are maps from a square's
//! name to lists and sets of names; `values` maps each square to a `String` of the
//! digits it may still hold. `assign` and `eliminate` apply his two rules recursively,
//! `search` copies `values` on each branch and tries the square with the fewest digits
//! first. Idiomatic Rust, but no bitsets and no cleverness: where Python returns `False`
//! these return `false` or `None`.
//!
//! His program is size-agnostic: `digits`, `rows` and `cols` are data, and `squares`,
//! `unitlist`, `units` and `peers` follow from them. [`Norvig::new`] is his classic 9×9;
//! [`Norvig::with_boxes`] builds the same tables for an N×N board (N up to 25) with boxes
//! of any rectangle that tiles it (2×2 on 4×4, 2×3 on 6×6, 4×4 on 16×16, 5×5 on 25×25):
//!
//! - `digits`: the first N of `123456789ABCDEFGHIJKLMNOP`, as the N×N line writes them
//!   (`.` or `0` empty, letters in either case).
//! - `rows`: the letters `A`, `B`, ... (one per row, `A`-`Y` at most); `cols`: the
//!   numbers `1`..`N`. A square's name is its row's letter then its column's number:
//!   `A1`..`I9` on 9×9 as in his article, `A1`..`P16` on 16×16. One letter then digits,
//!   so every name reads one way only.
//!
//! ```
//! use bitdoku_norvig::Norvig;
//! let norvig = Norvig::new();
//! let values = norvig
//!     .solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
//!     .unwrap();
//! assert!(norvig.solved(&values));
//! assert!(norvig.display(&values).starts_with("4 1 7 |3 6 9 |8 2 5 \n"));
//!
//! // A 4×4 board with 2×2 boxes: the same functions on other tables.
//! let tiny = Norvig::with_boxes(4, 2, 2).unwrap();
//! assert_eq!(tiny.peers["B2"].len(), 7);
//! let values = tiny.solve("4....2....43...1").unwrap();
//! assert_eq!(tiny.to_line(&values), "4312123421433421");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use bitdoku_core::{Grid, Puzzle};
use std::collections::{HashMap, HashSet};

/// `values`: square name to the digits still possible there.
pub type Values = HashMap<String, String>;

/// The largest board: 25×25 (25 digits, 25 row letters).
pub const MAX_SIZE: usize = 25;

/// The characters of the digits 1 to 25, as the N×N line writes them; `digits` is the
/// first N.
const DIGIT_CHARS: &str = "123456789ABCDEFGHIJKLMNOP";

/// The row letters, one per row; `rows` is the first N.
const ROW_LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXY";

/// `cross(A, B)`: each row letter of `a` followed by each column name of `b`.
fn cross(a: &str, b: &[String]) -> Vec<String> {
    a.chars()
        .flat_map(|x| b.iter().map(move |y| format!("{x}{y}")))
        .collect()
}

/// Norvig's program: his globals as fields (`digits`, `rows`, `cols`, `squares`,
/// `unitlist`, `units`, `peers`), his functions as methods.
#[derive(Clone, Debug)]
pub struct Norvig {
    /// The digits, one character each: `123456789` on 9×9.
    pub digits: String,
    /// The row letters: `ABCDEFGHI` on 9×9.
    pub rows: String,
    /// The column names, the numbers 1 to N: `1`..`9` on 9×9.
    pub cols: Vec<String>,
    /// The box shape, rows × columns: 3×3 on 9×9, where his program spells the boxes
    /// `('ABC','DEF','GHI')` by `('123','456','789')`.
    pub boxes: (usize, usize),
    /// The N² square names, row by row.
    pub squares: Vec<String>,
    /// The 3N units as lists of names: the columns, the rows, then the boxes.
    pub unitlist: Vec<Vec<String>>,
    /// Each square's three units.
    pub units: HashMap<String, Vec<Vec<String>>>,
    /// Each square's peers (20 on 9×9).
    pub peers: HashMap<String, HashSet<String>>,
}

impl Default for Norvig {
    fn default() -> Self {
        Norvig::new()
    }
}

impl Norvig {
    /// Builds `squares`, `unitlist`, `units` and `peers` as his module does at import:
    /// the classic 9×9 board.
    pub fn new() -> Norvig {
        Norvig::build(9, (3, 3))
    }

    /// The same tables for an N×N board (`size` up to [`MAX_SIZE`]) with boxes of
    /// `box_rows` × `box_cols` squares; `None` unless such boxes tile the board
    /// (`box_rows * box_cols == size`). `with_boxes(9, 3, 3)` is [`Norvig::new`].
    ///
    /// ```
    /// use bitdoku_norvig::Norvig;
    /// let n = Norvig::with_boxes(16, 4, 4).unwrap();
    /// assert_eq!((n.squares.len(), n.unitlist.len()), (256, 48));
    /// assert_eq!(n.digits, "123456789ABCDEFG");
    /// assert_eq!(n.squares.last().unwrap(), "P16");
    /// assert!(Norvig::with_boxes(9, 2, 3).is_none());
    /// ```
    pub fn with_boxes(size: usize, box_rows: usize, box_cols: usize) -> Option<Norvig> {
        let fits = (1..=MAX_SIZE).contains(&size) && box_rows * box_cols == size;
        fits.then(|| Norvig::build(size, (box_rows, box_cols)))
    }

    /// The tables of a board whose boxes were checked to tile it.
    fn build(size: usize, boxes: (usize, usize)) -> Norvig {
        let digits: String = DIGIT_CHARS.chars().take(size).collect();
        let rows: String = ROW_LETTERS.chars().take(size).collect();
        let cols: Vec<String> = (1..=size).map(|c| c.to_string()).collect();
        let squares = cross(&rows, &cols);
        let mut unitlist: Vec<Vec<String>> = Vec::new();
        for c in &cols {
            unitlist.push(cross(&rows, std::slice::from_ref(c)));
        }
        for r in rows.chars() {
            unitlist.push(cross(&r.to_string(), &cols));
        }
        let row_letters: Vec<char> = rows.chars().collect();
        for rs in row_letters.chunks(boxes.0) {
            for cs in cols.chunks(boxes.1) {
                unitlist.push(cross(&rs.iter().collect::<String>(), cs));
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
            digits,
            rows,
            cols,
            boxes,
            squares,
            unitlist,
            units,
            peers,
        }
    }

    /// `grid_values`: the grid as a map from square to `char` (`0` or `.` for empty),
    /// or `None` unless it has exactly one character per square (81 on 9×9). Other
    /// characters are ignored; the letters of digits past 9 may be lower case.
    pub fn grid_values(&self, grid: &str) -> Option<HashMap<String, char>> {
        let chars: Vec<char> = grid
            .chars()
            .map(|c| c.to_ascii_uppercase())
            .filter(|c| self.digits.contains(*c) || "0.".contains(*c))
            .collect();
        if chars.len() != self.squares.len() {
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
            .map(|s| (s.clone(), self.digits.clone()))
            .collect();
        for (s, d) in self.grid_values(grid)? {
            if self.digits.contains(d) && !self.assign(&mut values, &s, d) {
                return None;
            }
        }
        Some(values)
    }

    /// [`Norvig::parse_grid`] for any classic [`Puzzle`]: a pencilmark puzzle's missing
    /// candidates are eliminated one by one (his `eliminate`, which propagates), as
    /// a given's other digits are by `assign`. `None` on a contradiction, and on a
    /// board other than 9×9 (a [`Puzzle`] is a classic one).
    pub fn parse_puzzle(&self, puzzle: &Puzzle) -> Option<Values> {
        if self.squares.len() != 81 {
            return None;
        }
        let board = match puzzle {
            Puzzle::Givens(grid) => return self.parse_grid(&grid.to_string()),
            Puzzle::Candidates(board) => board,
        };
        let mut values: Values = self
            .squares
            .iter()
            .map(|s| (s.clone(), self.digits.clone()))
            .collect();
        for (s, candidates) in self.squares.iter().zip(board.0) {
            for (k, d) in self.digits.chars().enumerate() {
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

    /// `min((len(values[s]), s) for s in squares if len(values[s]) > 1)`: ties go to
    /// the least name as strings compare, so past 9×9 `A10` comes before `A2`.
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

    /// `solved`: every unit holds every digit (the nine on 9×9).
    pub fn solved(&self, values: &Values) -> bool {
        let digits: Vec<String> = self.digits.chars().map(String::from).collect();
        let unitsolved = |unit: &Vec<String>| {
            let mut got: Vec<&str> = unit.iter().map(|s| values[s].as_str()).collect();
            got.sort();
            got == digits
        };
        self.unitlist.iter().all(unitsolved)
    }

    /// `display`: the values as a 2-D grid, `|` between boxes and a `------+------`
    /// line between bands of boxes.
    pub fn display(&self, values: &Values) -> String {
        let width = 1 + self
            .squares
            .iter()
            .map(|s| values[s].len())
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ =
            bitdoku_core::write_boxed_board(&mut out, self.cols.len(), self.boxes, width, |i| {
                values[&self.squares[i]].clone()
            });
        out
    }

    /// `values` as an N×N line, row by row: each square's digit, `.` where several
    /// remain. Read back by [`Norvig::parse_grid`] and by the N×N line readers.
    pub fn to_line(&self, values: &Values) -> String {
        self.squares
            .iter()
            .map(|s| {
                if values[s].len() == 1 {
                    values[s].as_str()
                } else {
                    "."
                }
            })
            .collect()
    }

    /// `values` as a [`Grid`] (squares with several digits come out empty). A [`Grid`]
    /// is 9×9: values of another size give [`Grid::EMPTY`]; see [`Norvig::to_line`].
    pub fn to_grid(&self, values: &Values) -> Grid {
        self.to_line(values).parse().unwrap_or(Grid::EMPTY)
    }
}

/// The classic puzzles of `bitdoku-core` ([`Puzzle`] is 9×9), on [`Norvig::new`]; a
/// `Norvig` of another size finds no solution to them (its N×N puzzles go through
/// [`Norvig::solve`] as lines).
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

    /// His `test()` on other boards: N² squares, 3N units, three units a square, and
    /// the peers of a row, a column and a box less the overlaps.
    #[test]
    fn the_tables_of_every_box_shape() {
        for (n, r, c) in [
            (1, 1, 1),
            (4, 2, 2),
            (6, 2, 3),
            (6, 3, 2),
            (16, 4, 4),
            (25, 5, 5),
        ] {
            let t = Norvig::with_boxes(n, r, c).unwrap();
            assert_eq!(t.squares.len(), n * n);
            assert_eq!(t.unitlist.len(), 3 * n);
            assert!(t.unitlist.iter().all(|u| u.len() == n));
            assert!(t.squares.iter().all(|s| t.units[s].len() == 3));
            let peers = 3 * (n - 1) - (r - 1) - (c - 1);
            assert!(t.squares.iter().all(|s| t.peers[s].len() == peers), "{n}");
        }
        let t = Norvig::with_boxes(6, 2, 3).unwrap();
        assert_eq!((t.digits.as_str(), t.rows.as_str()), ("123456", "ABCDEF"));
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            t.units["B5"][2],
            names(&["A4", "A5", "A6", "B4", "B5", "B6"])
        );
        let t = Norvig::with_boxes(16, 4, 4).unwrap();
        assert_eq!(t.units["P16"][0].first().unwrap(), "A16");
        assert_eq!(t.cols[9], "10");
        for (n, r, c) in [(0, 1, 0), (9, 2, 3), (6, 2, 2), (26, 2, 13), (36, 6, 6)] {
            assert!(Norvig::with_boxes(n, r, c).is_none(), "{n} {r}x{c}");
        }
    }

    #[test]
    fn sixteen_by_sixteen_lines_in_either_case() {
        let t = Norvig::with_boxes(16, 4, 4).unwrap();
        let mut line = ".".repeat(256);
        line.replace_range(0..2, "g1");
        let values = t.grid_values(&line).unwrap();
        assert_eq!((values["A1"], values["A2"], values["A3"]), ('G', '1', '.'));
        assert!(t.grid_values(&line[1..]).is_none());
        let parsed = t.parse_grid(&line).unwrap();
        assert_eq!(parsed["A1"], "G");
        assert!(!parsed["A3"].contains('G') && !parsed["B1"].contains('G'));
        assert_eq!(parsed["P16"], t.digits);
        // A Puzzle is 9×9: another board takes none.
        assert!(t.parse_puzzle(&Puzzle::Givens(Grid::EMPTY)).is_none());
        assert!(Norvig::new()
            .parse_puzzle(&Puzzle::Givens(Grid::EMPTY))
            .is_some());
    }

    #[test]
    fn a_4x4_display_and_line() {
        let t = Norvig::with_boxes(4, 2, 2).unwrap();
        let solved = t.solve("4....2....43...1").unwrap();
        assert!(t.solved(&solved));
        assert_eq!(t.to_line(&solved), "4312123421433421");
        assert_eq!(
            t.display(&solved),
            "4 3 |1 2 \n1 2 |3 4 \n----+----\n2 1 |4 3 \n3 4 |2 1 \n"
        );
        let mut wrong = solved.clone();
        wrong.insert("A1".to_string(), "3".to_string());
        assert!(!t.solved(&wrong));
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
