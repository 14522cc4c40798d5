//! `Observer`: a hook that sees every step the solver takes, for `explain`, `rate` and
//! time limits; [`Deadline`] is a wall-clock budget for ratings.
//!
//! The search is generic over its observer. An observer with `ENABLED` true gets the
//! step-by-step engine, which applies Norvig's rules and locked candidates one
//! deduction at a time and reports each; its call sites are guarded by
//! `if O::ENABLED`, a constant. An observer with `ENABLED` false (the no-op `()` that
//! [`crate::solve`] and friends use, or one that only answers
//! [`Observer::keep_going`], as time limits do) gets the fast band engine, which has no
//! hooks at all. Both engines reach the same fixed point at every node and branch by
//! the same rule (`branch.rs`), so they search the same tree: the same guesses,
//! backtracks and first solution.
//!
//! ```
//! use bitdoku_core::Grid;
//! use bitdoku_solver::{search_observed, Event, Observer, Options};
//!
//! /// Counts hidden singles.
//! struct Hidden(usize);
//! impl Observer for Hidden {
//!     const ENABLED: bool = true;
//!     fn event(&mut self, event: &Event) {
//!         if let Event::HiddenSingle { .. } = event {
//!             self.0 += 1;
//!         }
//!     }
//! }
//!
//! let grid1: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse().unwrap();
//! let mut hidden = Hidden(0);
//! let outcome = search_observed(&grid1, &Options::default(), &mut hidden);
//! assert!(outcome.solution.is_some());
//! assert!(hidden.0 > 0);
//! ```

use bitdoku_core::{Candidates, Digit, Grid, Square, Unit};
use core::fmt;

/// One step of the solver, in Norvig's terms. `Display` writes it as a sentence.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Event {
    /// Rule 1: `square` has one candidate left, so `digit` is removed from its peers.
    NakedSingle {
        /// The square.
        square: Square,
        /// Its last candidate.
        digit: Digit,
    },
    /// Rule 2: in `unit`, `digit` fits only in `square`, so it goes there.
    HiddenSingle {
        /// The row, column or box.
        unit: Unit,
        /// The digit.
        digit: Digit,
        /// The only square of `unit` that can hold it.
        square: Square,
    },
    /// Locked candidates: within `within`, `digits` lie only where it crosses `line`,
    /// so they are removed from the rest of `line` (pointing when `within` is a box,
    /// claiming when it is a row or column).
    Locked {
        /// The unit where the digits are confined to the intersection.
        within: Unit,
        /// The unit they are removed from, outside the intersection.
        line: Unit,
        /// The digits.
        digits: Candidates,
    },
    /// A contradiction: the current line of reasoning cannot hold.
    Contradiction(Contradiction),
    /// A branch point: `square` has `candidates`; the search tries `digit`.
    Guess {
        /// The square with the fewest candidates.
        square: Square,
        /// All its candidates at this point.
        candidates: Candidates,
        /// The one being tried.
        digit: Digit,
        /// How many guesses are stacked, counting this one (1 = the first).
        depth: u32,
    },
    /// The search leaves the guess `square` = `digit` (it failed, or the search goes on
    /// counting) and goes back to depth `depth - 1`.
    Backtrack {
        /// The square of the guess.
        square: Square,
        /// The digit that was tried.
        digit: Digit,
        /// The depth of the guess left.
        depth: u32,
    },
    /// Every square is filled: a solution.
    Solution(Grid),
}

/// Why a state has no solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Contradiction {
    /// A square has no candidate left.
    NoCandidates(Square),
    /// A digit has no place left in a unit.
    NoPlace {
        /// The row, column or box.
        unit: Unit,
        /// The digit.
        digit: Digit,
    },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::NoCandidates(s) => write!(f, "{s} has no candidates left"),
            Contradiction::NoPlace { unit, digit } => {
                write!(f, "{digit} has no place left in {unit}")
            }
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::NakedSingle { square, digit } => {
                write!(
                    f,
                    "{square} has only {digit} left: remove {digit} from its peers"
                )
            }
            Event::HiddenSingle {
                unit,
                digit,
                square,
            } => write!(f, "in {unit}, {digit} fits only in {square}"),
            Event::Locked {
                within,
                line,
                digits,
            } => {
                let (verb, n) = if digits.len() == 1 {
                    ("lies", "it")
                } else {
                    ("lie", "them")
                };
                write!(
                    f,
                    "in {within}, {} {verb} only in {line}: remove {n} from the rest of {line}",
                    DigitList(*digits)
                )
            }
            Event::Contradiction(c) => write!(f, "contradiction: {c}"),
            Event::Guess {
                square,
                candidates,
                digit,
                ..
            } => write!(
                f,
                "{square} has {} candidates {{{}}}: try {digit}",
                candidates.len(),
                DigitList(*candidates)
            ),
            Event::Backtrack { square, digit, .. } => {
                write!(f, "back up: {square} = {digit} does not lead on")
            }
            Event::Solution(_) => write!(f, "every square is filled: solved"),
        }
    }
}

/// Digits as `4,9`.
struct DigitList(Candidates);

impl fmt::Display for DigitList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Sees the solver's steps. Implement [`Observer::event`], set `ENABLED` to true, and
/// pass it to [`crate::search_observed`].
pub trait Observer {
    /// False (the default) turns every hook off at compile time.
    const ENABLED: bool = false;

    /// Called for each step, in the order the solver takes them.
    #[inline(always)]
    fn event(&mut self, event: &Event) {
        let _ = event;
    }

    /// Asked before each guess; false stops the search (the outcome is then not
    /// complete). For time limits and signals. A rating, a hint or an explanation
    /// ([`rate_with`](crate::rate::rate_with),
    /// [`Path::next_within`](crate::steps::Path::next_within)) asks it before each step
    /// and, in the chains, square by square.
    #[inline(always)]
    fn keep_going(&mut self) -> bool {
        true
    }

    /// True to have [`Observer::solution`] called on each solution found, by either
    /// engine (unlike [`Event::Solution`], which needs `ENABLED` and so the step
    /// engine). For enumerating solutions at full speed.
    const SOLUTIONS: bool = false;

    /// Called with each solution when `SOLUTIONS` is true.
    #[inline(always)]
    fn solution(&mut self, grid: &Grid) {
        let _ = grid;
    }
}

/// The no-op observer: costs nothing.
impl Observer for () {}

/// A time budget of `secs` seconds (decimals allowed) as every front end reads one
/// (`--timeout`, Python's and JavaScript's `timeout`): a positive, finite number of
/// seconds below a billion; `None` for anything else.
///
/// ```
/// use bitdoku_solver::observe::seconds_budget;
/// use std::time::Duration;
/// assert_eq!(seconds_budget(0.25), Some(Duration::from_millis(250)));
/// assert_eq!(seconds_budget(0.0), None);
/// assert_eq!(seconds_budget(f64::NAN), None);
/// ```
pub fn seconds_budget(secs: f64) -> Option<std::time::Duration> {
    (secs.is_finite() && secs > 0.0 && secs < 1e9).then(|| std::time::Duration::from_secs_f64(secs))
}

/// A wall-clock budget: says no to [`Observer::keep_going`] once `limit` has passed
/// since it was made. For ratings, hints and explanations
/// ([`rate_with`](crate::rate::rate_with), [`Path::next_within`](crate::steps::Path::next_within)),
/// which ask a few times per step; it reads the clock at every question, so a search,
/// which asks before every guess, takes its wall-clock budget from
/// [`Options::time_limit`](crate::Options::time_limit) instead (read every
/// [`TIME_CHECK_GUESSES`](crate::TIME_CHECK_GUESSES) guesses). Not on WebAssembly
/// without WASI, which has no clock (`std::time::Instant` panics there): the
/// JavaScript package passes its own.
///
/// ```
/// use bitdoku_core::Grid;
/// use bitdoku_solver::{rate::rate_with, Deadline};
/// use std::time::Duration;
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let mut deadline = Deadline::after(Some(Duration::from_secs(60)));
/// assert_eq!(rate_with(easy, &mut deadline)?.status(), "rated");
/// assert!(!deadline.passed());
/// # Ok::<(), bitdoku_solver::rate::Unrated>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Option<std::time::Instant>,
    passed: bool,
}

impl Deadline {
    /// A deadline `limit` from now; `None` never passes (and never reads the clock).
    pub fn after(limit: Option<std::time::Duration>) -> Deadline {
        Deadline {
            at: limit.and_then(|l| std::time::Instant::now().checked_add(l)),
            passed: false,
        }
    }

    /// True once a question found the deadline passed.
    pub fn passed(&self) -> bool {
        self.passed
    }
}

impl Observer for Deadline {
    #[inline]
    fn keep_going(&mut self) -> bool {
        if let Some(at) = self.at {
            self.passed = self.passed || std::time::Instant::now() >= at;
        }
        !self.passed
    }
}

impl<O: Observer> Observer for &mut O {
    const ENABLED: bool = O::ENABLED;
    #[inline(always)]
    fn event(&mut self, event: &Event) {
        (**self).event(event)
    }
    #[inline(always)]
    fn keep_going(&mut self) -> bool {
        (**self).keep_going()
    }
    const SOLUTIONS: bool = O::SOLUTIONS;
    #[inline(always)]
    fn solution(&mut self, grid: &Grid) {
        (**self).solution(grid)
    }
}
