//! bitdoku-variants: Norvig's units and peers as data, so that the same two rules and
//! the same search solve every Sudoku: any size from 1×1 to 25×25, boxes of any
//! rectangle, jigsaw regions, diagonals, windows, disjoint groups, any listed set of
//! cells, neighbour rules (anti-knight, anti-king, non-consecutive) and given
//! candidates.
//!
//! - [`Puzzle`] is the model: a board, its houses as data, its rules and givens,
//!   checked as it is built ([`ModelError`] says where a puzzle cannot be valid).
//! - [`Engine`] compiles a puzzle once into Norvig's tables (each cell's houses and
//!   peers) and searches it: Norvig's two rules over every house, locked candidates on
//!   the crossings of houses, the rules' propagators, and a fewest-candidates-first
//!   search over copies of a fixed array of `u32` candidate masks. A classic 9×9
//!   puzzle goes to the fast band engine of `bitdoku-solver`, a classic 16×16 to a
//!   digit-major band engine of this crate. [`Reuse`] keeps an
//!   engine for the next puzzle of the same layout, which only changes the givens.
//! - Operations: [`Engine::solve`], [`Engine::count`], [`Engine::is_unique`],
//!   [`Engine::enumerate`], [`Engine::true_candidates`] ([`candidates`]),
//!   [`minimize`](minimize::minimize) and [`generate`](generate::generate).
//! - [`format`](mod@format) reads and writes the N×N line, pencilmark's sudoku-puzzle JSON, and
//!   f-puzzles JSON and links (and SudokuPad links that carry f-puzzles data).
//!
//! ```
//! use bitdoku_variants::{format, Engine};
//! let puzzle = format::read_line("4....2....43...1").unwrap(); // a 4×4 line
//! let engine = Engine::new(&puzzle)?;
//! assert!(engine.is_unique());
//! let solution = engine.solve().unwrap();
//! assert_eq!(format::line(&solution), "4312123421433421");
//! # Ok::<(), bitdoku_variants::ModelError>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod band16;
pub mod bits;
pub mod candidates;
mod conflicts;
mod engine;
pub mod format;
pub mod generate;
pub mod minimize;
pub mod puzzle;
pub mod rules;
mod search;
mod state;
mod tables;

pub use bitdoku_solver::{Options, Stats};
pub use candidates::{Summary as CandidatesSummary, TrueCandidates};
pub use engine::{Engine, Reuse};
pub use puzzle::{
    cell_name, default_box, digit_char, At, Cell, House, HouseKind, ModelError, Puzzle, MAX_SIZE,
};
pub use rules::{DigitPairs, NeighbourKind, Neighbours, Place, Relation, Rule, Scope};
pub use search::{Control, Outcome};

/// The first solution of `puzzle` (digits row-major), if any.
pub fn solve(puzzle: &Puzzle) -> Result<Option<Vec<u8>>, ModelError> {
    Ok(Engine::new(puzzle)?.solve())
}

/// The number of solutions of `puzzle`, counting up to `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> Result<usize, ModelError> {
    Ok(Engine::new(puzzle)?.count(limit))
}

/// True if `puzzle` has exactly one solution.
pub fn is_unique(puzzle: &Puzzle) -> Result<bool, ModelError> {
    Ok(Engine::new(puzzle)?.is_unique())
}

/// The crate README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
