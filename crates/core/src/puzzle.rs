//! `Puzzle`: what every solver takes, the givens of a grid or the candidates of a
//! pencilmark puzzle.
//!
//! A pencilmark puzzle (a 729-character line, see [`crate::parse_pencilmarks`]) says
//! more than its squares with one candidate: the other squares may have lost
//! candidates too. Keeping the two kinds in one type means no caller can search the
//! givens of a pencilmark puzzle by mistake (and find a "solution" that breaks its
//! pencilmarks): every search, count, rating and front end takes a `Puzzle`.

use crate::{Board, Conflict, Grid, ParseError, ParseErrorKind, Position, RecordReader};
use core::fmt;
use core::str::FromStr;
use smallvec::SmallVec;

/// A puzzle: givens, or candidates.
///
/// ```
/// use bitdoku_core::{Board, Grid, Puzzle};
/// let grid1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let puzzle: Puzzle = grid1.parse()?;
/// assert_eq!(puzzle, Puzzle::Givens(grid1.parse()?));
///
/// // The same puzzle as a pencilmark line reads as candidates.
/// let line = Board::from_grid(&grid1.parse()?).to_pencilmarks();
/// let pencilmarks: Puzzle = std::str::from_utf8(&line).unwrap().parse()?;
/// assert!(matches!(pencilmarks, Puzzle::Candidates(_)));
/// assert_eq!(pencilmarks.grid().to_string(), grid1);
/// assert_eq!(pencilmarks.to_string().len(), 729);
/// # Ok::<(), bitdoku_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Puzzle {
    /// Digits in some squares, the others empty: the usual puzzle.
    Givens(Grid),
    /// Each square's candidates (a pencilmark puzzle): a square may hold only the
    /// digits it lists.
    Candidates(Board),
}

impl Puzzle {
    /// The squares known at the start: the givens, or the squares with one candidate.
    pub fn grid(&self) -> Grid {
        match self {
            Puzzle::Givens(grid) => *grid,
            Puzzle::Candidates(board) => board.to_grid(),
        }
    }

    /// The candidates at the start, before any propagation: all nine in an empty
    /// square, the given digit in a given one.
    pub fn candidates(&self) -> Board {
        match self {
            Puzzle::Givens(grid) => Board::from_grid(grid),
            Puzzle::Candidates(board) => *board,
        }
    }

    /// True if `solution` is a solved grid that keeps every given, or every square's
    /// digit among its candidates.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        match self {
            Puzzle::Givens(grid) => solution.solves(grid),
            Puzzle::Candidates(board) => {
                solution.is_solved()
                    && crate::Square::all()
                        .all(|s| solution.get(s).is_some_and(|d| board.get(s).contains(d)))
            }
        }
    }

    /// Every pair of equal givens in a unit (see [`Grid::conflicts`]); a pencilmark
    /// puzzle has none (a single candidate is not a given: two of them in one unit
    /// only leave the puzzle without a solution).
    pub fn conflicts(&self) -> SmallVec<[Conflict; 4]> {
        match self {
            Puzzle::Givens(grid) => grid.conflicts(),
            Puzzle::Candidates(_) => SmallVec::new(),
        }
    }
}

impl From<Grid> for Puzzle {
    fn from(grid: Grid) -> Puzzle {
        Puzzle::Givens(grid)
    }
}

impl From<&Grid> for Puzzle {
    fn from(grid: &Grid) -> Puzzle {
        Puzzle::Givens(*grid)
    }
}

impl From<Board> for Puzzle {
    fn from(board: Board) -> Puzzle {
        Puzzle::Candidates(board)
    }
}

impl From<&Board> for Puzzle {
    fn from(board: &Board) -> Puzzle {
        Puzzle::Candidates(*board)
    }
}

impl From<&Puzzle> for Puzzle {
    fn from(puzzle: &Puzzle) -> Puzzle {
        *puzzle
    }
}

impl fmt::Display for Puzzle {
    /// The givens as the 81-character line (`{:#}`: Norvig's boxed grid), the
    /// candidates as the 729-character pencilmark line (`{:#}`: Norvig's candidate
    /// grid).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Puzzle::Givens(grid) => fmt::Display::fmt(grid, f),
            Puzzle::Candidates(board) if f.alternate() => fmt::Display::fmt(board, f),
            Puzzle::Candidates(board) => {
                let line = board.to_pencilmarks();
                // The line holds only ASCII.
                f.write_str(core::str::from_utf8(&line).unwrap_or_default())
            }
        }
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Reads exactly one puzzle: a line of 81 squares, a boxed grid over several lines,
    /// or a 729-character pencilmark line.
    fn from_str(s: &str) -> Result<Puzzle, ParseError> {
        let mut reader = RecordReader::new();
        let mut first: Option<Result<Puzzle, ParseError>> = None;
        let mut extra: Option<Position> = None;
        let mut take = |r: crate::Record| match first {
            None => first = Some(r.puzzle),
            Some(_) => {
                if extra.is_none() {
                    extra = Some(Position {
                        line: r.line,
                        column: 1,
                    });
                }
            }
        };
        for line in s.split('\n') {
            reader.push_line(line.as_bytes(), &mut take);
        }
        reader.finish(&mut take);
        match (first, extra) {
            (None, _) => Err(ParseError {
                kind: ParseErrorKind::TooFewSquares { found: 0 },
                position: Position { line: 1, column: 1 },
            }),
            (Some(Err(e)), _) => Err(e),
            (Some(Ok(_)), Some(position)) => Err(ParseError {
                kind: ParseErrorKind::TooManySquares { found: 82 },
                position,
            }),
            (Some(Ok(puzzle)), None) => Ok(puzzle),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Candidates, Square};

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_pencilmark_line_keeps_its_candidates() {
        let mut board = Board::from_grid(&GRID1.parse().unwrap());
        let a2 = Square::new(1).unwrap();
        board.set(a2, Candidates::from_bits(0b1_1111_1100));
        let line = board.to_pencilmarks();
        let puzzle: Puzzle = std::str::from_utf8(&line).unwrap().parse().unwrap();
        assert_eq!(puzzle, Puzzle::Candidates(board));
        assert_eq!(puzzle.candidates(), board);
        assert_eq!(puzzle.grid().to_string(), GRID1);
        assert_eq!(puzzle.to_string().as_bytes(), &line[..]);
        assert!(puzzle.conflicts().is_empty());
        // grid1's solution has 1 in A2, which this puzzle does not allow.
        let solved: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        assert!(Puzzle::from(GRID1.parse::<Grid>().unwrap()).is_solved_by(&solved));
        assert!(!puzzle.is_solved_by(&solved));
    }

    #[test]
    fn givens_are_candidates_of_one_digit() {
        let grid: Grid = GRID1.parse().unwrap();
        let puzzle = Puzzle::from(&grid);
        assert_eq!(puzzle.candidates(), Board::from_grid(&grid));
        assert_eq!(puzzle.to_string(), GRID1);
        assert_eq!(format!("{puzzle:#}"), format!("{grid:#}"));
    }

    #[test]
    fn a_grid_is_not_read_from_pencilmarks() {
        let line = Board::FULL.to_pencilmarks();
        let text = std::str::from_utf8(&line).unwrap();
        let err = text.parse::<Grid>().unwrap_err();
        assert_eq!(err.kind, ParseErrorKind::Pencilmarks);
        assert!(err.to_string().contains("Puzzle"), "{err}");
    }
}
