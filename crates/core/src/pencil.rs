//! Pencilmark puzzles: a 729-character line, nine characters per square in row-major
//! order, where the k-th character of a square is the digit k (a candidate) or a
//! placeholder (not a candidate): one of the [empty marks](crate::EMPTY_MARKS) (`0`,
//! `.`, `_`, `*`) or `-`. The format of SukakuExplainer and the `sudoku` crate.
//!
//! ```text
//!   A1: 1........   A2: .2.4.....   A3: 123456789   ...   (9 x 81 = 729 characters)
//! ```
//!
//! The set of 729 candidates is a [`Board`]: 81 nine-bit masks, the layout every
//! solver here indexes, so no separate bit vector is needed.
//!
//! ```
//! use bitdoku_core::{parse_pencilmarks, Board, Grid};
//! let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse().unwrap();
//! let board = Board::from_grid(&grid);
//! let line = board.to_pencilmarks();
//! assert_eq!(&line[..18], b"...4.....123456789"); // A1 is 4, A2 is open
//! assert_eq!(parse_pencilmarks(&line), Ok(board));
//! ```

use crate::{Board, Candidates};
use core::fmt;

/// The length of a pencilmark line.
pub const PENCILMARK_LEN: usize = 729;

/// Why a line is not a pencilmark puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PencilError {
    /// The line does not have 729 characters (trailing spaces and tabs aside).
    Length {
        /// How many it has.
        found: usize,
    },
    /// A character that is neither the digit of its place nor a placeholder.
    Character {
        /// The 1-based column in the line.
        column: usize,
        /// The byte found.
        found: u8,
        /// The digit this place stands for.
        expected: u8,
    },
}

impl fmt::Display for PencilError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PencilError::Length { found } => write!(
                f,
                "a pencilmark line has {PENCILMARK_LEN} characters, this one {found}"
            ),
            PencilError::Character {
                column,
                found,
                expected,
            } => write!(
                f,
                "column {column}: expected '{expected}' or '.', found {:?}",
                char::from(found)
            ),
        }
    }
}

impl std::error::Error for PencilError {}

/// True if `line` (trailing spaces, tabs and CR aside) has the length of a pencilmark
/// line: the cheap test a reader can use before [`parse_pencilmarks`].
pub fn is_pencilmark_line(line: &[u8]) -> bool {
    trim_end(line).len() == PENCILMARK_LEN
}

fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..end]
}

/// True for a placeholder of a pencilmark line: a character that says "not a
/// candidate".
fn is_placeholder(b: u8) -> bool {
    b == b'-' || crate::parse::is_empty_mark(b)
}

/// True for a character a pencilmark line can hold: a digit or a placeholder.
pub(crate) fn is_mark(b: u8) -> bool {
    b.is_ascii_digit() || is_placeholder(b)
}

/// Reads a pencilmark line: 729 characters, nine per square in row-major order, the
/// k-th of a square being the digit k (a candidate) or a placeholder (not one): one of
/// the [empty marks](crate::EMPTY_MARKS) (`0`, `.`, `_`, `*`) or `-`, which is no
/// layout here (the line has none); trailing spaces, tabs and CR are ignored. A square
/// with no candidates is read as it is (the puzzle then has no solution).
pub fn parse_pencilmarks(line: &[u8]) -> Result<Board, PencilError> {
    let line = trim_end(line);
    if line.len() != PENCILMARK_LEN {
        return Err(PencilError::Length { found: line.len() });
    }
    let mut board = Board([Candidates::NONE; 81]);
    for (square, chunk) in line.chunks_exact(9).enumerate() {
        let mut bits = 0u16;
        for (k, &b) in chunk.iter().enumerate() {
            let digit = b'1' + k as u8;
            if b == digit {
                bits |= 1 << k;
            } else if !is_placeholder(b) {
                return Err(PencilError::Character {
                    column: square * 9 + k + 1,
                    found: b,
                    expected: digit - b'0',
                });
            }
        }
        board.0[square] = Candidates::from_bits(bits);
    }
    Ok(board)
}

impl Board {
    /// The 729-character pencilmark line of these candidates (`.` where a digit is not
    /// a candidate).
    pub fn to_pencilmarks(&self) -> [u8; PENCILMARK_LEN] {
        let mut line = [b'.'; PENCILMARK_LEN];
        for (square, c) in self.0.iter().enumerate() {
            for k in 0..9 {
                if c.bits() >> k & 1 != 0 {
                    line[square * 9 + k] = b'1' + k as u8;
                }
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn round_trips(masks in proptest::collection::vec(0u16..512, 81)) {
            let mut board = Board::FULL;
            for (i, &m) in masks.iter().enumerate() {
                board.0[i] = Candidates::from_bits(m);
            }
            let line = board.to_pencilmarks();
            prop_assert_eq!(parse_pencilmarks(&line), Ok(board));
            for placeholder in crate::EMPTY_MARKS.into_iter().chain([b'-']) {
                let other: Vec<u8> =
                    line.iter().map(|&b| if b == b'.' { placeholder } else { b }).collect();
                prop_assert_eq!(parse_pencilmarks(&other), Ok(board));
            }
        }
    }

    #[test]
    fn the_reader_reads_pencilmark_lines_as_records_of_their_own() {
        let grid1 =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut board = Board::FULL;
        board.0[0] = Candidates::from_bits(0b1000);
        board.0[80] = Candidates::from_bits(0b11);
        let line = board.to_pencilmarks();
        let mut reader = crate::RecordReader::new();
        let mut records = Vec::new();
        // A boxed puzzle in progress ends at the pencilmark line.
        reader.push_line(&grid1.as_bytes()[..27], |r| records.push(r));
        reader.push_line(&line, |r| records.push(r));
        reader.push_line(grid1.as_bytes(), |r| records.push(r));
        let mut bad = line;
        bad[5] = b'x';
        reader.push_line(&bad, |r| records.push(r));
        reader.finish(|r| records.push(r));
        assert_eq!(records.len(), 4);
        assert!(records[0].puzzle.is_err());
        assert_eq!(records[1].puzzle, Ok(crate::Puzzle::Candidates(board)));
        assert_eq!(records[1].line, 2);
        assert_eq!(records[1].puzzle.unwrap().grid().givens(), 1);
        assert!(matches!(records[2].puzzle, Ok(crate::Puzzle::Givens(_))));
        assert!(
            records[3].puzzle.is_err(),
            "a bad pencilmark line is an error"
        );
    }

    #[test]
    fn a_pencilmark_line_takes_a_tag_and_says_where_a_digit_is_misplaced() {
        let line = Board::FULL.to_pencilmarks();
        let text = std::str::from_utf8(&line).unwrap();
        let mut reader = crate::RecordReader::new();
        let mut records = Vec::new();
        reader.push_line(format!("{text} 3/1.2/1.2 kite").as_bytes(), |r| {
            records.push(r)
        });
        reader.push_line(format!("  {text},id-7\t").as_bytes(), |r| records.push(r));
        let mut bad = line;
        bad[13] = b'4'; // the 5th place of A2 holds 4
        reader.push_line(&bad, |r| records.push(r));
        reader.finish(|r| records.push(r));
        assert_eq!(records.len(), 3);
        assert_eq!(
            records[0].puzzle,
            Ok(crate::Puzzle::Candidates(Board::FULL))
        );
        assert_eq!(records[0].tag(), Some("3/1.2/1.2 kite"));
        assert_eq!((records[1].column, records[1].tag()), (3, Some("id-7")));
        let err = records[2].puzzle.unwrap_err();
        assert_eq!(
            err.kind,
            crate::ParseErrorKind::MisplacedCandidate {
                found: '4',
                expected: 5
            }
        );
        assert_eq!((err.position.line, err.position.column), (3, 14));
        assert!(err.to_string().contains("only 5 or a placeholder"), "{err}");
    }

    #[test]
    fn errors_say_where() {
        let mut line = Board::FULL.to_pencilmarks().to_vec();
        assert_eq!(parse_pencilmarks(&line), Ok(Board::FULL));
        line.extend_from_slice(b"  \r");
        assert_eq!(parse_pencilmarks(&line), Ok(Board::FULL));
        line[13] = b'x';
        assert_eq!(
            parse_pencilmarks(&line),
            Err(PencilError::Character {
                column: 14,
                found: b'x',
                expected: 5
            })
        );
        line[13] = b'4'; // a digit out of its place
        assert!(parse_pencilmarks(&line).is_err());
        assert_eq!(
            parse_pencilmarks(&line[..728]),
            Err(PencilError::Length { found: 728 })
        );
        assert!(!is_pencilmark_line(&line[..81]));
    }
}
