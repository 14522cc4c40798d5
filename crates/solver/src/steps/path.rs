//! `Path`: the human solve path of a puzzle, one [`Step`] at a time, from the ladder.

use super::ladder::{next_step_within, Stopped};
use super::marks::Marks;
use super::step::Step;
use crate::Observer;
use bitdoku_core::{Grid, Puzzle};
use core::fmt;

/// Why a puzzle has no solve path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unrated {
    /// It has no solution (or repeats a given).
    NoSolution,
    /// It has more than one solution: the techniques would assume a uniqueness it has
    /// not got. `first` is its first solution (as [`crate::solve`] gives it).
    NotUnique {
        /// The first solution.
        first: Grid,
    },
}

impl fmt::Display for Unrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unrated::NoSolution => f.write_str("the puzzle has no solution"),
            Unrated::NotUnique { .. } => f.write_str("the puzzle has more than one solution"),
        }
    }
}

impl std::error::Error for Unrated {}

/// The solve path of a puzzle with one solution: each [`Step`] is the first step of
/// the first technique of the [ladder](super::ladder) that finds one, applied before
/// the next is looked for. It ends when the grid is solved, or when no technique
/// finds anything ([`Path::is_solved`] then says false).
///
/// ```
/// use bitdoku_core::Grid;
/// use bitdoku_solver::steps::Path;
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let mut path = Path::new(&easy.into())?;
/// let first = path.next().unwrap();
/// assert_eq!(first.to_string(), "Hidden Single (1.2): B2 = 6");
/// assert!(path.by_ref().count() > 40);
/// assert!(path.is_solved());
/// # Ok::<(), bitdoku_solver::steps::Unrated>(())
/// ```
#[derive(Clone, Debug)]
pub struct Path {
    marks: Marks,
    solution: Grid,
}

impl Path {
    /// The path of `puzzle`, or why it has none.
    pub fn new(puzzle: &Puzzle) -> Result<Path, Unrated> {
        let outcome = crate::search(puzzle, &crate::Options::default().with_limit(2));
        let solution = match (outcome.solutions, outcome.solution) {
            (1, Some(solution)) => solution,
            (0, _) | (_, None) => return Err(Unrated::NoSolution),
            (_, Some(first)) => return Err(Unrated::NotUnique { first }),
        };
        let marks = Marks::new(puzzle).ok_or(Unrated::NoSolution)?;
        Ok(Path { marks, solution })
    }

    /// The grid as the path has left it.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The puzzle's one solution.
    pub fn solution(&self) -> Grid {
        self.solution
    }

    /// True once every square is solved.
    pub fn is_solved(&self) -> bool {
        self.marks.is_solved()
    }

    /// The next step, as [`Iterator::next`] gives it, within a budget: `observer`'s
    /// [`Observer::keep_going`] is asked before the step and as the long searches (the
    /// chains) go, square by square, so that a step of seconds stops within
    /// milliseconds. `Err(Stopped)` once it says no: the path stays where it was, and
    /// can go on with another call.
    ///
    /// ```
    /// use bitdoku_core::Grid;
    /// use bitdoku_solver::steps::{Path, Stopped};
    /// use bitdoku_solver::Observer;
    ///
    /// /// Says no at once.
    /// struct No;
    /// impl Observer for No {
    ///     fn keep_going(&mut self) -> bool {
    ///         false
    ///     }
    /// }
    /// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// let mut path = Path::new(&easy.into())?;
    /// assert_eq!(path.next_within(No), Err(Stopped));
    /// assert_eq!(path.next_within(()).unwrap().unwrap().to_string(), "Hidden Single (1.2): B2 = 6");
    /// # Ok::<(), bitdoku_solver::steps::Unrated>(())
    /// ```
    pub fn next_within<O: Observer>(&mut self, mut observer: O) -> Result<Option<Step>, Stopped> {
        if self.marks.is_solved() {
            return Ok(None);
        }
        if !observer.keep_going() {
            return Err(Stopped);
        }
        let step = next_step_within(&self.marks, true, &mut || observer.keep_going())?;
        if let Some(step) = &step {
            step.apply(&mut self.marks);
            debug_assert!(self.marks.consistent());
        }
        Ok(step)
    }
}

impl Iterator for Path {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.next_within(()).unwrap_or(None)
    }
}
