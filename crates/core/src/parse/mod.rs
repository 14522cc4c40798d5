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
//! [`RecordReader`] turns lines into records; its docs give the rules.

mod error;
mod reader;
mod record;
mod scan;

pub use error::{ParseError, ParseErrorKind, Position};
pub use reader::RecordReader;
pub use record::Record;
use record::Tag;
