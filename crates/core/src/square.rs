//! `Square`: one of the 81 cells, named `A1`..`I9` as in Norvig's article.
//!
//! ```text
//!     1 2 3   4 5 6   7 8 9        square index = 9 * row + column
//!   A . . . | . . . | . . .        A1 = 0, A9 = 8, B1 = 9, ..., I9 = 80
//!   B . . . | . . . | . . .
//!   C . . . | . . . | . . .        boxes are numbered 0..9 left to right,
//!   ------+-------+------          top to bottom: A1 is in box 0, E5 in
//!   D . . . | . . . | . . .        box 4, I9 in box 8
//!   ...
//! ```

use core::fmt;
use core::str::FromStr;

/// One of the 81 squares; rows `A`..`I`, columns `1`..`9`.
///
/// ```
/// use bitdoku_core::Square;
/// let c2: Square = "C2".parse().unwrap();
/// assert_eq!(c2.index(), 19);
/// assert_eq!((c2.row(), c2.column(), c2.box_index()), (2, 1, 0));
/// assert_eq!(c2.to_string(), "C2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with index `i` (row-major, 0..81), or `None`.
    #[inline]
    pub const fn new(i: usize) -> Option<Square> {
        if i < 81 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The square at zero-based `row` and `column`, or `None` if either is 9 or more.
    #[inline]
    pub const fn at(row: usize, column: usize) -> Option<Square> {
        if row < 9 && column < 9 {
            Some(Square((row * 9 + column) as u8))
        } else {
            None
        }
    }

    /// `Square::new` for indices known to be in range, usable in `const` tables.
    pub(crate) const fn from_index(i: usize) -> Square {
        assert!(i < 81);
        Square(i as u8)
    }

    /// The 81 squares in row-major order: `Square::ALL[i]` is the square of index `i`.
    pub const ALL: [Square; 81] = {
        let mut all = [Square(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// All 81 squares, in row-major order.
    #[inline]
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..81u8).map(Square)
    }

    /// Row-major index 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row 0..9 (row `A` is 0).
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column 0..9 (column `1` is 0).
    #[inline]
    pub const fn column(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box 0..9, left to right, top to bottom.
    #[inline]
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.column() / 3
    }

    /// The two characters of the square's name, e.g. `*b"C2"`.
    #[inline]
    pub const fn name(self) -> [u8; 2] {
        [b'A' + self.row() as u8, b'1' + self.column() as u8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, c] = self.name();
        write!(f, "{}{}", r as char, c as char)
    }
}

/// The error of parsing a square name that is not `A1`..`I9`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BadSquareName;

impl fmt::Display for BadSquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is named by a row A-I and a column 1-9, like C2")
    }
}

impl std::error::Error for BadSquareName {}

impl FromStr for Square {
    type Err = BadSquareName;

    fn from_str(s: &str) -> Result<Square, BadSquareName> {
        match s.as_bytes() {
            [r, c] => {
                let row = r.to_ascii_uppercase().wrapping_sub(b'A') as usize;
                let column = c.wrapping_sub(b'1') as usize;
                Square::at(row, column).ok_or(BadSquareName)
            }
            _ => Err(BadSquareName),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
            assert_eq!(Square::at(s.row(), s.column()), Some(s));
        }
        assert_eq!("A1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("i9".parse::<Square>().unwrap().index(), 80);
        assert!("J1".parse::<Square>().is_err());
        assert!("A0".parse::<Square>().is_err());
        assert!("A10".parse::<Square>().is_err());
        assert_eq!(Square::new(81), None);
    }
}
