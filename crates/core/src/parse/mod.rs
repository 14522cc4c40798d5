//! Reading puzzles from text: one-line puzzles, Norvig's boxed grids, files of both.
//!
//! A square is written as a digit `1`-`9` (a given) or as one of [`EMPTY_MARKS`]: `0`,
//! `.`, `_` or `*` (empty). Spaces, tabs and the box-drawing characters `|`, `+` and `-`
//! are layout and are skipped, so all of these are the same puzzle:
//!
//! ```text
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//!
//! 4 . . |. . . |8 . 5
//! . 3 . |. . . |. . .
//! . . . |7 . . |. . .
//! ------+------+------
//! ...
//!
//! 4_____8_5
//! _3_______
//! ...
//! ```
//!
//! [`RecordReader`] turns lines into records; its docs give the rules.

mod error;
mod reader;
mod record;
mod scan;

pub use error::{ParseError, ParseErrorKind, Position};
pub use reader::RecordReader;
pub use record::Record;
use record::Tag;

use core::fmt;

/// The characters read as an empty square, wherever a square is read (one-line
/// puzzles, boxed grids, nine lines of nine, [`Grid`](crate::Grid)'s `FromStr`): `0`
/// and `.`, the usual two; `_`, as in the `sudoku` crate's nine-line blocks
/// (`__3_2_6__`); and `*`, as puzzle sites and books write them. In a pencilmark line
/// each of them, and `-`, stands for a digit that is not a candidate
/// ([`parse_pencilmarks`](crate::parse_pencilmarks)).
///
/// ```
/// use bitdoku_core::{Grid, EMPTY_MARKS};
/// let dots: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// for mark in EMPTY_MARKS {
///     let line = dots.to_string().replace('.', &char::from(mark).to_string());
///     assert_eq!(line.parse::<Grid>(), Ok(dots));
/// }
/// ```
pub const EMPTY_MARKS: [u8; 4] = *b"0._*";

/// True for one of [`EMPTY_MARKS`]. No branch, so a loop over bytes calling it can be
/// vectorized.
#[inline]
pub(crate) fn is_empty_mark(b: u8) -> bool {
    EMPTY_MARKS
        .iter()
        .fold(false, |any, &mark| any | (b == mark))
}

/// [`EMPTY_MARKS`] in words, for messages: `0, ., _ or *`.
///
/// ```
/// assert_eq!(bitdoku_core::empty_marks_in_words().to_string(), "0, ., _ or *");
/// ```
pub fn empty_marks_in_words() -> impl fmt::Display {
    struct Words;
    impl fmt::Display for Words {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let last = EMPTY_MARKS.len() - 1;
            for (i, &mark) in EMPTY_MARKS.iter().enumerate() {
                let before = match i {
                    0 => "",
                    _ if i == last => " or ",
                    _ => ", ",
                };
                write!(f, "{before}{}", char::from(mark))?;
            }
            Ok(())
        }
    }
    Words
}
