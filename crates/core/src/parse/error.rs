//! What was wrong with a puzzle's text, and where.

use crate::{Digit, Square, Unit};
use core::fmt;

/// Where in the input something is: 1-based line and column (in characters).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Position {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What was wrong with a puzzle's text.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The puzzle ended with fewer than 81 squares.
    TooFewSquares {
        /// How many squares were found.
        found: usize,
    },
    /// More than 81 squares where one puzzle was expected.
    TooManySquares {
        /// How many squares were found.
        found: usize,
    },
    /// A character that is neither a square nor layout.
    UnexpectedChar {
        /// The character.
        ch: char,
    },
    /// A byte that is not part of any UTF-8 character.
    InvalidUtf8 {
        /// The byte.
        byte: u8,
    },
    /// A line longer than any puzzle could be; the reader's caller decides the limit.
    LineTooLong {
        /// The limit in bytes that the line passed.
        limit: usize,
    },
    /// A line inside a boxed grid that is not a row of 9 squares.
    RowSquares {
        /// How many squares the line has (up to 81).
        found: usize,
    },
    /// A separator line in a boxed grid after a band that is not 3 rows.
    BandRows {
        /// How many rows the band has.
        found: usize,
    },
    /// A line of layout inside a boxed grid with a different number of `|` and `+`
    /// than its rows have `|`.
    StraySeparator,
    /// A boxed grid of 9 rows, without separators, right after a grid that ended
    /// broken: where it starts is unsure, so it is not read.
    UnsureStart {
        /// The line the broken grid before it starts on.
        after: usize,
    },
    /// In a pencilmark line, a character that is neither the digit of its place (the
    /// k-th character of a square is digit k) nor a placeholder.
    MisplacedCandidate {
        /// The character found.
        found: char,
        /// The digit whose place it is in.
        expected: u8,
    },
    /// A pencilmark puzzle where a grid of givens was asked for (it would lose the
    /// candidates of its squares with several): read it as a [`crate::Puzzle`].
    Pencilmarks,
    /// A puzzle in a format of the general engine (an N×N line, JSON, a link) where a
    /// classic 9×9 puzzle was asked for (see [`crate::Record::not_classic`]).
    NotClassic,
    /// Two equal givens in one unit: the puzzle cannot have a solution.
    Conflict {
        /// The digit given twice.
        digit: Digit,
        /// The row, column or box that holds both.
        unit: Unit,
        /// The first square holding it.
        first: Square,
        /// The second square holding it.
        second: Square,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::TooFewSquares { found } => {
                write!(f, "too few squares: found {found}, a puzzle has 81")
            }
            ParseErrorKind::TooManySquares { found } => {
                write!(f, "too many squares: found {found}, a puzzle has 81")
            }
            ParseErrorKind::UnexpectedChar { ch } => {
                write!(
                    f,
                    "unexpected character {ch:?} (squares are 1-9, with {} for empty)",
                    super::empty_marks_in_words()
                )
            }
            ParseErrorKind::InvalidUtf8 { byte } => {
                write!(f, "invalid UTF-8 byte 0x{byte:02X}")
            }
            ParseErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than {limit} bytes, not read further")
            }
            ParseErrorKind::RowSquares { found } => {
                write!(f, "a row of {found} squares in a boxed grid (a row has 9)")
            }
            ParseErrorKind::BandRows { found } => write!(
                f,
                "a separator after {found} rows of a boxed grid (a band has 3)"
            ),
            ParseErrorKind::StraySeparator => write!(
                f,
                "a separator line that does not fit the rows of its boxed grid"
            ),
            ParseErrorKind::UnsureStart { after } => write!(
                f,
                "a boxed grid right after the broken one of line {after}: where it starts \
                 is unsure, so it is not read (a blank line between grids avoids this)"
            ),
            ParseErrorKind::MisplacedCandidate { found, expected } => write!(
                f,
                "{found:?} in a pencilmark line where only {expected} or a placeholder fits \
                 (the k-th character of each square is digit k)"
            ),
            ParseErrorKind::NotClassic => write!(
                f,
                "a puzzle for the general engine (an N x N line, JSON or a link): this takes \
                 classic 9x9 puzzles"
            ),
            ParseErrorKind::Pencilmarks => write!(
                f,
                "a pencilmark puzzle where a grid of givens was expected (read it as a \
                 Puzzle to keep its candidates)"
            ),
            ParseErrorKind::Conflict {
                digit,
                unit,
                first,
                second,
            } => write!(
                f,
                "digit {digit} is given twice in {unit} ({first} and {second})"
            ),
        }
    }
}

/// A puzzle that could not be read, and where.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// What was wrong.
    pub kind: ParseErrorKind,
    /// Where: the offending character or line, or the start of the puzzle for errors
    /// about the whole puzzle (square counts, conflicts).
    pub position: Position,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)
    }
}

impl std::error::Error for ParseError {}
