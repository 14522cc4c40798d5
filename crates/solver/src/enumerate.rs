//! `enumerate`: every solution of a puzzle, up to a limit, handed to a callback as the
//! search finds them (in the search's order: digits in increasing order at each
//! branch). It is the counting search with an [`Observer`] that sees each solution, so
//! it runs at counting speed and allocates nothing.
//!
//! ```
//! use bitdoku_core::Grid;
//! use bitdoku_solver::enumerate::enumerate;
//! let two: Grid = "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8"
//!     .parse().unwrap();
//! let mut found = Vec::new();
//! let outcome = enumerate(&two, 10, |s| found.push(*s));
//! assert_eq!((outcome.solutions, found.len()), (2, 2));
//! assert!(found.iter().all(|s| s.solves(&two)) && found[0] != found[1]);
//! ```

use crate::{search_observed, Observer, Options, Outcome};
use bitdoku_core::{Grid, Puzzle};
use core::ops::ControlFlow;

/// Hands each solution to the closure, until it breaks.
struct Each<F> {
    each: F,
    stopped: bool,
}

impl<F: FnMut(&Grid) -> ControlFlow<()>> Observer for Each<F> {
    const SOLUTIONS: bool = true;
    #[inline]
    fn solution(&mut self, grid: &Grid) {
        if !self.stopped {
            self.stopped = (self.each)(grid).is_break();
        }
    }
    #[inline]
    fn keep_going(&mut self) -> bool {
        !self.stopped
    }
}

/// Calls `each` on every solution of `puzzle`, stopping after `limit` (0 is read as
/// 1). The outcome counts them: fewer than `limit` means that was all of them.
pub fn enumerate<F: FnMut(&Grid)>(puzzle: impl Into<Puzzle>, limit: usize, mut each: F) -> Outcome {
    enumerate_until(puzzle, limit, |grid| {
        each(grid);
        ControlFlow::Continue(())
    })
}

/// [`enumerate`] with a callback that can stop the search (`ControlFlow::Break`): no
/// solution is handed after that, and the outcome is not complete (its count may
/// include a solution found before the search stopped). For writers that stream
/// solutions and stop on an error or a signal.
pub fn enumerate_until<F: FnMut(&Grid) -> ControlFlow<()>>(
    puzzle: impl Into<Puzzle>,
    limit: usize,
    each: F,
) -> Outcome {
    search_observed(
        puzzle,
        &Options::default().with_limit(limit),
        Each {
            each,
            stopped: false,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count_solutions;
    use bitdoku_core::Board;
    use std::collections::HashSet;

    #[test]
    fn distinct_valid_solutions_up_to_the_limit() {
        let sparse: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3............1.4......"
                .parse()
                .unwrap();
        for limit in [1, 7, 100, 1000] {
            let mut found = Vec::new();
            let outcome = enumerate(sparse, limit, |s| found.push(*s));
            assert_eq!(found.len(), limit);
            assert_eq!(outcome.solutions, limit);
            assert!(found.iter().all(|s| s.solves(&sparse)));
            assert_eq!(found.iter().collect::<HashSet<_>>().len(), limit);
            assert_eq!(outcome.solution, Some(found[0]));
        }
    }

    #[test]
    fn all_solutions_when_fewer_than_the_limit() {
        // grid1 with five givens removed: a few dozen solutions.
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5........1.4......"
                .parse()
                .unwrap();
        let expected = count_solutions(puzzle, 100_000);
        assert!(expected > 1 && expected < 100_000);
        let mut found = HashSet::new();
        let outcome = enumerate(puzzle, 100_000, |s| {
            assert!(s.solves(&puzzle));
            found.insert(*s);
        });
        assert_eq!((outcome.solutions, found.len()), (expected, expected));
        assert!(outcome.complete);
    }

    #[test]
    fn pencilmarks_of_a_puzzle_have_its_solutions() {
        let grid1: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let propagated = crate::propagate(grid1).unwrap();
        for board in [Board::from_grid(&grid1), propagated] {
            let line = board.to_pencilmarks();
            let read = bitdoku_core::parse_pencilmarks(&line).unwrap();
            let mut found = Vec::new();
            enumerate(read, 2, |s| found.push(*s));
            assert_eq!(found, vec![crate::solve(grid1).unwrap()]);
        }
    }

    #[test]
    fn pencilmarks_restrict_the_solutions() {
        let board = Board::from_grid(&Grid::EMPTY);
        let mut n = 0;
        enumerate(board, 5, |s| {
            assert!(s.is_solved());
            n += 1;
        });
        assert_eq!(n, 5);
        let mut none = board;
        none.0[40] = bitdoku_core::Candidates::NONE;
        assert_eq!(enumerate(none, 5, |_| ()).solutions, 0);
    }
}
