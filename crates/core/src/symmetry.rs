//! `Transform`: one of the 3,359,232 × 9! symmetries of Sudoku, which map every valid
//! grid to a valid grid.
//!
//! ```text
//!   result[r][c] = digits[ source[rows[r]][cols[c]] ]
//!   source       = the grid, or its transpose
//!   rows         = a permutation of the rows that keeps bands together
//!                  (bands permuted, rows permuted within each band): 6^4 = 1,296
//!   cols         = the same for columns and stacks:                    6^4 = 1,296
//!   digits       = a relabelling of 1..9:                                  9!
//! ```
//!
//! 2 × 1,296 × 1,296 = 3,359,232 square arrangements, numbered by
//! [`Transform::arrangement`] so that a test can visit them all.
//!
//! ```
//! use bitdoku_core::{Grid, Transform};
//! let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()?;
//! let t = Transform::new(true, [2, 1, 0, 3, 4, 5, 6, 7, 8], [0, 1, 2, 6, 7, 8, 3, 4, 5],
//!     [0, 9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
//! let image = t.apply(&grid);
//! assert_eq!(image.givens(), grid.givens());
//! assert!(!image.has_conflict());
//! // A permutation that splits a band is not a symmetry.
//! assert!(Transform::new(false, [3, 1, 2, 0, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8],
//!     [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
//! # Ok::<(), bitdoku_core::ParseError>(())
//! ```

use crate::Grid;

/// The six permutations of three things.
pub(crate) const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// How many square arrangements there are: 2 × 6^8.
pub const ARRANGEMENTS: u32 = 2 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6;

/// A symmetry of Sudoku: transpose or not, permute the rows within bands and the
/// bands, the columns within stacks and the stacks, and relabel the digits:
/// `result[r][c] = digits[source[rows[r]][cols[c]]]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Transform {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    digits: [u8; 10],
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

/// True if `lines` is a permutation of 0..9 that keeps the three groups of three
/// together.
fn keeps_groups(lines: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for (i, &l) in lines.iter().enumerate() {
        if l > 8 || lines[i / 3 * 3] / 3 != l / 3 {
            return false;
        }
        seen |= 1 << l;
    }
    seen == 0x1FF
}

impl Transform {
    /// The symmetry that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// The symmetry that transposes (if `transpose`), then puts source row `rows[r]` at
    /// row `r` and source column `cols[c]` at column `c`, and writes digit `d` as
    /// `digits[d]` (`digits[0]` is 0, the empty square). `None` unless `rows` and
    /// `cols` keep bands and stacks together and `digits` permutes 1..9.
    pub fn new(transpose: bool, rows: [u8; 9], cols: [u8; 9], digits: [u8; 10]) -> Option<Self> {
        let mut seen = 0u16;
        for &d in &digits[1..] {
            seen |= 1u16.checked_shl(u32::from(d)).unwrap_or(1);
        }
        (keeps_groups(&rows) && keeps_groups(&cols) && digits[0] == 0 && seen == 0x3FE).then_some(
            Transform {
                transpose,
                rows,
                cols,
                digits,
            },
        )
    }

    /// The square arrangement number `n` (below [`ARRANGEMENTS`]), with digits kept;
    /// `None` for larger `n`. Every arrangement has exactly one number.
    pub fn arrangement(n: u32) -> Option<Self> {
        if n >= ARRANGEMENTS {
            return None;
        }
        let transpose = n % 2 == 1;
        let mut n = n / 2;
        let mut next = || {
            let p = PERMS3[(n % 6) as usize];
            n /= 6;
            p
        };
        let mut lines = || {
            let outer = next();
            let inner = [next(), next(), next()];
            core::array::from_fn(|i| outer[i / 3] * 3 + inner[i / 3][i % 3])
        };
        let rows = lines();
        let cols = lines();
        Some(Transform {
            transpose,
            rows,
            cols,
            digits: Transform::IDENTITY.digits,
        })
    }

    /// The same arrangement of squares with `digits` as the relabelling (see
    /// [`Transform::new`]); `None` unless `digits` permutes 1..9.
    pub fn with_digits(self, digits: [u8; 10]) -> Option<Self> {
        Transform::new(self.transpose, self.rows, self.cols, digits)
    }

    /// Whether the grid is transposed first.
    pub const fn transposes(&self) -> bool {
        self.transpose
    }

    /// The source row of each row.
    pub const fn rows(&self) -> &[u8; 9] {
        &self.rows
    }

    /// The source column of each column.
    pub const fn cols(&self) -> &[u8; 9] {
        &self.cols
    }

    /// The new name of each digit (index 0 is the empty square, always 0).
    pub const fn digits(&self) -> &[u8; 10] {
        &self.digits
    }

    /// The source square (index 0..81) of square `index` of the result.
    #[inline]
    pub fn source(&self, index: usize) -> usize {
        let (r, c) = (
            usize::from(self.rows[index / 9 % 9]),
            usize::from(self.cols[index % 9]),
        );
        if self.transpose {
            c * 9 + r
        } else {
            r * 9 + c
        }
    }

    /// The image of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let values = grid.values();
        Grid::from_values(core::array::from_fn(|i| {
            self.digits[usize::from(values[self.source(i)] % 10)]
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_are_distinct_symmetries() {
        // Square i holds i's own code, so that distinct arrangements give distinct
        // images; a sample of numbers spread over the whole range.
        let mut seen = std::collections::HashSet::new();
        for n in (0..ARRANGEMENTS).step_by(997).chain([ARRANGEMENTS - 1]) {
            let t = Transform::arrangement(n).unwrap();
            assert!(Transform::new(t.transpose, t.rows, t.cols, t.digits).is_some());
            let image: Vec<usize> = (0..81).map(|i| t.source(i)).collect();
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..81).collect::<Vec<_>>());
            assert!(seen.insert(image), "{n}");
        }
        assert!(Transform::arrangement(ARRANGEMENTS).is_none());
    }

    #[test]
    fn solved_grids_stay_solved() {
        let solved: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        for n in (0..ARRANGEMENTS).step_by(7919) {
            let t = Transform::arrangement(n)
                .unwrap()
                .with_digits([0, 3, 1, 2, 9, 8, 7, 4, 5, 6])
                .unwrap();
            assert!(t.apply(&solved).is_solved(), "{n}");
        }
    }

    #[test]
    fn bad_parts_are_refused() {
        let id = Transform::IDENTITY;
        assert!(id.with_digits([0, 1, 1, 3, 4, 5, 6, 7, 8, 9]).is_none());
        assert!(id.with_digits([1, 0, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
        assert!(id.with_digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 200]).is_none());
        assert!(Transform::new(false, [0, 1, 2, 3, 4, 5, 6, 7, 9], id.cols, id.digits).is_none());
        assert!(Transform::new(false, [0, 1, 2, 3, 4, 5, 6, 8, 8], id.cols, id.digits).is_none());
        assert!(Transform::new(false, id.rows, [0, 1, 3, 2, 4, 5, 6, 7, 8], id.digits).is_none());
    }
}
