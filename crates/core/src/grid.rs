//! `Grid`: 81 squares, each a digit or empty; a puzzle or a solution.

use crate::{Digit, ParseError, ParseErrorKind, Position, Square, Unit, PEER_BITS, UNITS};
use core::fmt;
use core::str::FromStr;
use smallvec::SmallVec;

/// 81 squares in row-major order, each a given digit or empty. Plain data and `Copy`.
///
/// `Display` writes the 81-character line (`.` for empty); the alternate form `{:#}`
/// writes Norvig's boxed grid.
///
/// ```
/// use bitdoku_core::Grid;
/// let grid1: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// assert_eq!(grid1.givens(), 17);
/// assert!(format!("{grid1:#}").starts_with("4 . . |. . . |8 . 5 \n. 3 . |"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid([u8; 81]);

/// Two equal digits in one unit.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The unit holding it twice.
    pub unit: Unit,
    /// The first square (in row-major order) holding it.
    pub first: Square,
    /// The next square holding it.
    pub second: Square,
}

impl Conflict {
    /// The conflict as a [`ParseErrorKind`].
    pub const fn kind(&self) -> ParseErrorKind {
        ParseErrorKind::Conflict {
            digit: self.digit,
            unit: self.unit,
            first: self.first,
            second: self.second,
        }
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl Grid {
    /// The grid with no givens.
    pub const EMPTY: Grid = Grid([0; 81]);

    /// A grid from 81 values, 0 for empty and 1 to 9 for digits; values above 9 are
    /// read as empty.
    pub const fn from_values(mut values: [u8; 81]) -> Grid {
        let mut i = 0;
        while i < 81 {
            // No branch (the compiler vectorizes it): a mask of 0 above 9.
            values[i] &= 0u8.wrapping_sub((values[i] <= 9) as u8);
            i += 1;
        }
        Grid(values)
    }

    /// The 81 values, 0 for empty.
    #[inline]
    pub const fn values(&self) -> &[u8; 81] {
        &self.0
    }

    /// The digit in `square`, if any.
    #[inline]
    pub const fn get(&self, square: Square) -> Option<Digit> {
        Digit::new(self.0[square.index()])
    }

    /// Puts `digit` in `square`, or empties it with `None`.
    #[inline]
    pub fn set(&mut self, square: Square, digit: Option<Digit>) {
        self.0[square.index()] = digit.map_or(0, Digit::get);
    }

    /// How many squares hold a digit.
    pub fn givens(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// How many distinct digits appear.
    pub fn distinct_digits(&self) -> usize {
        let seen = self.0.iter().fold(0u16, |m, &v| m | (1 << v));
        (seen >> 1).count_ones() as usize
    }

    /// True if every square holds a digit.
    pub fn is_complete(&self) -> bool {
        self.0.iter().all(|&v| v != 0)
    }

    /// Every pair of equal digits in a unit, in unit order; empty for a valid grid.
    /// Few grids have more than four, so this does not allocate in practice.
    pub fn conflicts(&self) -> SmallVec<[Conflict; 4]> {
        let mut found = SmallVec::new();
        if !self.has_conflict() {
            return found;
        }
        for unit in Unit::all() {
            let mut seen: [Option<Square>; 10] = [None; 10];
            for &square in unit.squares() {
                let v = self.0[square.index()] as usize;
                if v == 0 {
                    continue;
                }
                match seen[v] {
                    Some(first) => found.push(Conflict {
                        digit: Digit::new(v as u8).unwrap_or(Digit::ALL[0]),
                        unit,
                        first,
                        second: square,
                    }),
                    None => seen[v] = Some(square),
                }
            }
        }
        found
    }

    /// True if some unit holds a digit twice (the fast check behind [`Grid::conflicts`]).
    pub fn has_conflict(&self) -> bool {
        // One pass over the givens, keeping each digit's squares as an 81-bit set: a
        // given conflicts when its digit already sits on one of its peers.
        // The givens are found first without a branch per square, then visited.
        let (low, high) = self.0.split_at(64);
        let mut givens = 0u128;
        for (s, &v) in low.iter().enumerate() {
            givens |= u128::from(u64::from(v != 0) << s);
        }
        for (s, &v) in high.iter().enumerate() {
            givens |= u128::from(u64::from(v != 0) << s) << 64;
        }
        let mut placed = [0u128; 10];
        let mut clash = 0u128;
        while givens != 0 {
            let s = givens.trailing_zeros() as usize;
            givens &= givens - 1;
            let board = &mut placed[usize::from(self.0[s % 81]) % 10];
            clash |= *board & PEER_BITS[s % 81];
            *board |= 1 << s;
        }
        clash != 0
    }

    /// True if the grid is complete and every unit holds the nine digits.
    pub fn is_solved(&self) -> bool {
        self.is_complete()
            && UNITS
                .iter()
                .all(|unit| unit.iter().fold(0u16, |m, s| m | 1 << self.0[s.index()]) == 0x3FE)
    }

    /// True if `self` is a solved grid that keeps every given of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_solved()
            && puzzle
                .0
                .iter()
                .zip(&self.0)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The 81-byte line: digits `1`-`9`, `.` for empty.
    #[inline]
    pub fn to_line(&self) -> [u8; 81] {
        let mut line = [0u8; 81];
        for (b, &v) in line.iter_mut().zip(&self.0) {
            *b = if v == 0 { b'.' } else { b'0' + v };
        }
        line
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write_boxed(f, 2, |s| {
                let v = self.0[s.index()];
                let c = if v == 0 { b'.' } else { b'0' + v };
                (c as char).to_string()
            })
        } else {
            let line = self.to_line();
            // The line holds only ASCII.
            f.write_str(core::str::from_utf8(&line).unwrap_or_default())
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

/// Norvig's `display` on the classic grid (see [`write_boxed_board`]).
pub(crate) fn write_boxed(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    text: impl Fn(Square) -> String,
) -> fmt::Result {
    write_boxed_board(f, 9, (3, 3), width, |i| {
        Square::new(i).map(&text).unwrap_or_default()
    })
}

/// Norvig's `display` for a board of any size: each cell's text (row-major index)
/// centred in `width` columns (as Python's `str.center` does), `|` between boxes of
/// `boxes` (rows, columns), and a `------+------+------` line between bands of boxes.
///
/// ```
/// struct Mini;
/// impl std::fmt::Display for Mini {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         bitdoku_core::write_boxed_board(f, 4, (2, 2), 2, |i| (i % 4 + 1).to_string())
///     }
/// }
/// assert_eq!(Mini.to_string(), "1 2 |3 4 \n1 2 |3 4 \n----+----\n1 2 |3 4 \n1 2 |3 4 \n");
/// ```
pub fn write_boxed_board(
    f: &mut impl fmt::Write,
    size: usize,
    boxes: (usize, usize),
    width: usize,
    text: impl Fn(usize) -> String,
) -> fmt::Result {
    let (box_rows, box_cols) = (boxes.0.max(1), boxes.1.max(1));
    let dashes = "-".repeat(width * box_cols);
    let rule = vec![dashes.as_str(); size.div_ceil(box_cols)].join("+");
    for row in 0..size {
        for column in 0..size {
            let t = text(row * size + column);
            let margin = width.saturating_sub(t.len());
            let left = margin / 2 + (margin & width & 1);
            write!(f, "{:left$}{t}{:right$}", "", "", right = margin - left)?;
            if (column + 1) % box_cols == 0 && column + 1 < size {
                f.write_str("|")?;
            }
        }
        f.write_str("\n")?;
        if (row + 1) % box_rows == 0 && row + 1 < size {
            writeln!(f, "{rule}")?;
        }
    }
    Ok(())
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle of givens, on one line or as a boxed grid over several.
    /// A pencilmark line is refused ([`ParseErrorKind::Pencilmarks`]): its candidates
    /// would be lost in a grid; read it as a [`crate::Puzzle`].
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        match s.parse::<crate::Puzzle>()? {
            crate::Puzzle::Givens(grid) => Ok(grid),
            crate::Puzzle::Candidates(_) => Err(ParseError {
                kind: ParseErrorKind::Pencilmarks,
                position: Position { line: 1, column: 1 },
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLVED1: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn boxed_display_matches_norvig() {
        let grid: Grid = GRID1.parse().unwrap();
        let expected = "\
4 . . |. . . |8 . 5 
. 3 . |. . . |. . . 
. . . |7 . . |. . . 
------+------+------
. 2 . |. . . |. 6 . 
. . . |. 8 . |4 . . 
. . . |. 1 . |. . . 
------+------+------
. . . |6 . 3 |. 7 . 
5 . . |2 . . |. . . 
1 . 4 |. . . |. . . 
";
        assert_eq!(format!("{grid:#}"), expected);
        assert_eq!(expected.parse::<Grid>(), Ok(grid));
        assert_eq!(grid.to_string(), GRID1);
    }

    #[test]
    fn solution_checks() {
        let puzzle: Grid = GRID1.parse().unwrap();
        let solution: Grid = SOLVED1.parse().unwrap();
        assert!(solution.is_solved());
        assert!(solution.solves(&puzzle));
        assert!(!puzzle.is_solved());
        let mut wrong = solution;
        let a1 = Square::new(0).unwrap();
        wrong.set(a1, Digit::new(9));
        assert!(!wrong.is_solved());
        assert!(!wrong.conflicts().is_empty());
        assert_eq!(puzzle.distinct_digits(), 8);
    }

    /// The fast check agrees with the full list: every pair of squares holding the same
    /// digit, in every relation (same row, column, box, or none of them).
    #[test]
    fn has_conflict_agrees_with_conflicts() {
        for a in 0..81 {
            for b in (a + 1)..81 {
                let mut values = [0u8; 81];
                values[a] = 7;
                values[b] = 7;
                let grid = Grid::from_values(values);
                assert_eq!(
                    grid.has_conflict(),
                    !grid.conflicts_slow().is_empty(),
                    "{a} {b}"
                );
                values[b] = 3;
                assert!(!Grid::from_values(values).has_conflict());
            }
        }
        let solution: Grid = SOLVED1.parse().unwrap();
        assert!(!solution.has_conflict());
    }

    impl Grid {
        /// The conflicts by unit scans alone, without the fast check in front.
        fn conflicts_slow(&self) -> Vec<(usize, usize)> {
            let mut found = Vec::new();
            for unit in UNITS.iter() {
                for (i, x) in unit.iter().enumerate() {
                    for y in &unit[i + 1..] {
                        let (vx, vy) = (self.0[x.index()], self.0[y.index()]);
                        if vx != 0 && vx == vy {
                            found.push((x.index(), y.index()));
                        }
                    }
                }
            }
            found
        }
    }

    #[test]
    fn from_str_wants_one_puzzle() {
        assert!("".parse::<Grid>().is_err());
        let two = format!("{GRID1}\n{GRID1}");
        let err = two.parse::<Grid>().unwrap_err();
        assert_eq!(err.position.line, 2);
        let zeros = GRID1.replace('.', "0");
        assert_eq!(zeros.parse::<Grid>(), GRID1.parse::<Grid>());
    }
}
