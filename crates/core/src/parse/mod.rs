//! Reading puzzles from text: one-line puzzles, Norvig's boxed grids, files of both.
//!
//! A square is written as a digit `1`-`9` (a given) or as `0` or `.` (empty). Spaces,
//! tabs and the box-drawing characters `|`, `+` and `-` are layout and are skipped, so
//! both of these are the same puzzle:
//!
//! ```text
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//!
//! 4 . . |. . . |8 . 5
//! . 3 . |. . . |. . .
//! . . . |7 . . |. . .
//! ------+------+------
//! ...
//! ```
//!
//! [`RecordReader`] turns lines into records. It does no IO: the caller feeds it lines
//! (as bytes, so that non-UTF-8 input is reported, not lost) and it hands back one
//! [`Record`] per puzzle, valid or not:
//! - blank lines end a grid; lines starting with `#` are skipped anywhere;
//! - a line with 81 squares is one puzzle; after the 81st square, a separator
//!   (whitespace, `,`, `:`, `;` or `|`) starts its tag ([`Record::tag`]), the rest of the
//!   line kept as text; more squares after the 81st are an error (and a separator
//!   followed only by squares is one too, in a puzzle with layout between squares);
//! - a CSV header line (`quizzes,solutions`: letters and `_` between `,`, `;` or tabs)
//!   is skipped;
//! - a boxed grid is framed by its structure: rows of 9 squares of one *shape* (the
//!   same layout between squares), with or without lines of layout only between bands
//!   of 3 rows (such as `------+------+------`; they must have as many `|` and `+` as
//!   the rows have `|`, or none) and as borders; so grids may follow each other with
//!   no blank line. A grid ends after its 9th row (its third band), at a blank line, a
//!   whole puzzle, a row of another shape, or the end of input;
//! - a bad line costs at most the record it is in: a stray line between grids (too
//!   few or too many squares, or text) is a record of its own; inside a grid it is a
//!   bad row of that grid and the error points at it; a separator after a band that is
//!   not 3 rows is an error at the separator; rows of 9 squares before a grid's first
//!   band are split off there. Squares are never joined across a blank line, a whole
//!   puzzle or a grid's end;
//! - after a broken grid, where the next starts is unsure (the broken one may have
//!   ended early or run on): the next grid is read only once a separator after its
//!   3rd row, a blank line after a sound grid's last row, or a whole puzzle shows where
//!   grids start; until then a grid is reported ([`ParseErrorKind::UnsureStart`]),
//!   never guessed at, so no valid record is a puzzle that was not in the input;
//! - lines end at `\n`, `\r\n` or `\r\r\n`; a line with lone `\r`s in it is split there
//!   if one part is a line on its own (blank, comment, separator, row, whole puzzle),
//!   as in a file with old Mac line endings; otherwise `\r` is an unexpected character;
//! - a UTF-8 byte-order mark at the start of a line is skipped;
//! - any other character is an error naming it and its line and column; the reader
//!   counts it as a square (it is usually a typo) so that the rest of the line does not
//!   become a puzzle of its own: every input puzzle yields exactly one record.

mod error;
mod reader;
mod record;
mod scan;

pub use error::{ParseError, ParseErrorKind, Position};
pub use reader::RecordReader;
pub use record::Record;
use record::Tag;
