//! bitdoku-core: the vocabulary of Sudoku as plain, `Copy` data.
//!
//! - [`Square`]: one of 81 squares, `A1`..`I9`; [`Digit`]: 1 to 9; [`Unit`]: a row,
//!   column or box.
//! - [`Candidates`]: the digits left in a square, a 9-bit mask in a `u16`.
//! - [`Grid`]: a puzzle or a solution, 81 digits or empties; [`Board`]: 81 candidate
//!   sets, Norvig's `values`; [`Puzzle`]: what the solvers take, givens (a `Grid`) or
//!   candidates (a `Board`, a pencilmark puzzle).
//! - [`UNITS`], [`PEERS`], [`UNIT_BITS`]: the tables every solver indexes, built at
//!   compile time.
//! - [`parse_pencilmarks`]: a 729-character pencilmark line as a [`Board`].
//! - [`Transform`]: a symmetry of Sudoku; [`canonical`]: one representative of each
//!   class of isomorphic puzzles.
//! - [`RecordReader`]: puzzles from text, one-line or boxed, with typed
//!   [`ParseError`]s that say what and where.
//!
//! No IO, no allocation on the parsing path, no panics on any input. With the `serde`
//! feature, the types are `Serialize` and `Deserialize` (see `serde_impls`).
//!
//! ```
//! use bitdoku_core::{Grid, Square, Unit, PEERS};
//!
//! let grid: Grid = "
//!     4 . . |. . . |8 . 5
//!     . 3 . |. . . |. . .
//!     . . . |7 . . |. . .
//!     ------+------+------
//!     . 2 . |. . . |. 6 .
//!     . . . |. 8 . |4 . .
//!     . . . |. 1 . |. . .
//!     ------+------+------
//!     . . . |6 . 3 |. 7 .
//!     5 . . |2 . . |. . .
//!     1 . 4 |. . . |. . .".parse()?;
//! assert_eq!(grid.to_string(),
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
//!
//! let c2: Square = "C2".parse()?;
//! assert_eq!(Unit::of(c2).len(), 3);
//! assert_eq!(PEERS[c2.index()].len(), 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
mod candidates;
mod canon;
mod digit;
mod grid;
mod parse;
mod pencil;
mod puzzle;
#[cfg(feature = "serde")]
pub mod serde_impls;
mod square;
mod symmetry;
mod unit;

pub use board::Board;
pub use candidates::{Candidates, Iter as CandidatesIter};
pub use canon::{canonical, canonical_transform};
pub use digit::Digit;
pub use grid::{write_boxed_board, Conflict, Grid};
pub use parse::{
    empty_marks_in_words, ParseError, ParseErrorKind, Position, Record, RecordReader, EMPTY_MARKS,
};
pub use pencil::{is_pencilmark_line, parse_pencilmarks, PencilError, PENCILMARK_LEN};
pub use puzzle::Puzzle;
pub use square::{BadSquareName, Square};
pub use symmetry::{Transform, ARRANGEMENTS};
pub use unit::{Unit, UnitKind, PEERS, PEER_BITS, UNITS, UNIT_BITS, UNIT_SQUARES};

/// The crate README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
