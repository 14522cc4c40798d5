//! bitdoku-solver: Norvig's constraint propagation and MRV search, on cell bitsets.
//!
//! Each square's candidates are a 9-bit mask; the search state is 81 of them, plain
//! `Copy` data copied on each guess. Propagation runs Norvig's two rules and locked
//! candidates to a fixed point, the search branches on a square with the fewest
//! candidates (the rule is in `branch.rs`, one for both engines). Beside the masks
//! the fast path keeps each digit's places as three 27-bit band words, so that rule 2
//! and locked candidates take a few table lookups per band. Propagation runs on the
//! fastest [`Backend`] the CPU has, found at run time: on x86-64 with AVX2 or AVX-512
//! the masks sit in vector registers and the whole search is compiled for those
//! instructions (NEON on aarch64 when asked for); elsewhere a portable kernel runs.
//! [`Options::backend`] chooses, with the same answers. No IO, no panics on input,
//! and solving and counting allocate nothing. The only `unsafe` code is the
//! back-ends' intrinsics, in one module.
//!
//! Beyond solving: [`observe`] lets an [`Observer`] see every step of the step-by-step
//! search (compiled away when unused); [`steps`] has the human techniques of Sudoku
//! Explainer's ladder, from which [`rate`] rates puzzles on its scale (ER, EP, ED);
//! [`generate`] makes puzzles with one solution, deterministic for a seed,
//! [`minimize`] removes givens a puzzle does not need, and [`enumerate`] hands each
//! solution to a callback. Every entry point takes a [`Puzzle`]: givens (a [`Grid`])
//! or candidates (a pencilmark [`Board`]). [`Batch`] searches many puzzles at once, in
//! input order, in parallel with the `rayon` feature.
//!
//! ```
//! use bitdoku_core::Grid;
//! use bitdoku_solver::{count_solutions, is_unique, solve};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let solution = solve(&puzzle).expect("grid1 has a solution");
//! assert!(solution.solves(&puzzle));
//! assert_eq!(
//!     solution.to_string(),
//!     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
//! );
//! assert!(is_unique(&puzzle));
//! assert_eq!(count_solutions(&bitdoku_core::Grid::EMPTY, 5), 5);
//! # Ok::<(), bitdoku_core::ParseError>(())
//! ```
#![deny(missing_docs)]
#![deny(unsafe_code)]

#[allow(unsafe_code)]
mod arch;
mod batch;
mod branch;
pub mod enumerate;
mod fast;
pub mod generate;
mod masks;
pub mod minimize;
pub mod observe;
pub mod rate;
mod search;
pub mod steps;

pub use arch::{with_isa, with_scalar_isa, Backend, Isa, UnknownBackend, WithIsa};
pub use batch::{available_threads, count_many, solve_many, Batch, ThreadPoolError};
pub use bitdoku_core::Puzzle;
pub use observe::{Contradiction, Deadline, Event, Observer};
pub use search::{
    search, search_observed, search_record, Options, Outcome, Stats, TIME_CHECK_GUESSES,
};

use bitdoku_core::{Board, Grid};

/// The first solution of `puzzle` (digits tried in increasing order), or `None` if it
/// has none. A grid with conflicting givens has none.
pub fn solve(puzzle: impl Into<Puzzle>) -> Option<Grid> {
    search(puzzle, &Options::default()).solution
}

/// The first solution and the work it took.
pub fn solve_with_stats(puzzle: impl Into<Puzzle>) -> (Option<Grid>, Stats) {
    let outcome = search(puzzle, &Options::default());
    (outcome.solution, outcome.stats)
}

/// How many solutions `puzzle` has, counting no further than `limit` (0 is read as
/// 1, as [`Options::solution_limit`] reads it).
pub fn count_solutions(puzzle: impl Into<Puzzle>, limit: usize) -> usize {
    search(puzzle, &Options::default().with_limit(limit)).solutions
}

/// True if `puzzle` has exactly one solution.
pub fn is_unique(puzzle: impl Into<Puzzle>) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// The candidates left by Norvig's two rules alone, without guessing (his
/// `parse_grid`; from a pencilmark puzzle's candidates, his two rules on them), or
/// `None` if propagation finds a contradiction (or a square has no candidate).
///
/// ```
/// use bitdoku_core::Grid;
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let board = bitdoku_solver::propagate(&easy).unwrap();
/// assert!(board.is_solved(), "the easy puzzle needs no search");
/// ```
pub fn propagate(puzzle: impl Into<Puzzle>) -> Option<Board> {
    use steps::state::State;
    match puzzle.into() {
        Puzzle::Givens(grid) => State::start(&grid, false, &mut ()),
        Puzzle::Candidates(board) => State::from_board(&board, false, &mut ()),
    }
    .map(|s| s.board())
}

/// A Sudoku solver: the bitset one here, the string one in `bitdoku-norvig`, so that
/// the CLI, tests and benches can treat both alike.
pub trait Solver: Sync {
    /// A short name, like `bitset` or `norvig`.
    fn name(&self) -> &'static str;
    /// The first solution, or `None`.
    fn solve(&self, puzzle: &Puzzle) -> Option<Grid>;
    /// The number of solutions, up to `limit`.
    fn count(&self, puzzle: &Puzzle, limit: usize) -> usize;
}

/// The bitset solver of this crate as a [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitset;

impl Solver for Bitset {
    fn name(&self) -> &'static str {
        "bitset"
    }
    fn solve(&self, puzzle: &Puzzle) -> Option<Grid> {
        solve(puzzle)
    }
    fn count(&self, puzzle: &Puzzle, limit: usize) -> usize {
        count_solutions(puzzle, limit)
    }
}

/// The crate README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
