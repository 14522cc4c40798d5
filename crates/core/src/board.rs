//! `Board`: the candidates of all 81 squares, Norvig's `values` dict as 81 bitsets.

use crate::grid::write_boxed;
use crate::{Candidates, Grid, Square};
use core::fmt;

/// The 81 squares' candidate sets. `Display` is Norvig's `display(values)`: every
/// square's remaining digits, columns as wide as the longest set plus one.
///
/// ```
/// use bitdoku_core::{Board, Grid};
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let board = Board::from_grid(&grid);
/// assert_eq!(board.to_grid(), grid);
/// assert!(board.to_string().starts_with("    4     123456789"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board(pub [Candidates; 81]);

impl Board {
    /// Every square has all nine candidates.
    pub const FULL: Board = Board([Candidates::ALL; 81]);

    /// Givens become single candidates, empty squares get all nine (no propagation).
    pub fn from_grid(grid: &Grid) -> Board {
        let mut board = Board::FULL;
        for square in Square::all() {
            if let Some(d) = grid.get(square) {
                board.0[square.index()] = Candidates::from(d);
            }
        }
        board
    }

    /// The candidates of `square`.
    #[inline]
    pub fn get(&self, square: Square) -> Candidates {
        self.0[square.index()]
    }

    /// Replaces the candidates of `square`.
    #[inline]
    pub fn set(&mut self, square: Square, candidates: Candidates) {
        self.0[square.index()] = candidates;
    }

    /// True if every square has exactly one candidate.
    pub fn is_solved(&self) -> bool {
        self.0.iter().all(|c| c.single().is_some())
    }

    /// The squares with one candidate as digits; the others empty.
    pub fn to_grid(&self) -> Grid {
        let mut grid = Grid::EMPTY;
        for square in Square::all() {
            grid.set(square, self.get(square).single());
        }
        grid
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = 1 + self.0.iter().map(|c| c.len()).max().unwrap_or(0);
        write_boxed(f, width, |s| self.get(s).to_string())
    }
}
