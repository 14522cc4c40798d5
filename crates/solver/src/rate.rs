//! `rate`: how much reasoning a puzzle needs, from the step-by-step solver's events.
//!
//! The rating has two parts:
//! - the hardest technique propagation used before the first guess, in the order the
//!   solver tries them (naked singles, then hidden singles when those stall, then
//!   locked candidates when both stall, then naked pairs, hidden pairs, naked triples,
//!   hidden triples, one at a time, going back to the simpler rules after each), so
//!   "used" means "needed by this solver";
//! - the search effort: guesses and backtracks to the first solution. These measure
//!   this solver's work (MRV, digits in increasing order), not how hard a human would
//!   find the puzzle.
//!
//! | level | label | meaning |
//! |---|---|---|
//! | 1 | easy | naked singles (Norvig's rule 1) solve it |
//! | 2 | medium | hidden singles (rule 2) are needed |
//! | 3 | hard | locked candidates (pointing, claiming) are needed |
//! | 4 | expert | naked or hidden pairs or triples are needed |
//! | 5 | search | propagation stalls; 1 to 10 guesses |
//! | 6 | deep search | more than 10 guesses |
//!
//! ```
//! use bitdoku_core::Grid;
//! use bitdoku_solver::rate::{rate, Technique};
//! let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let rating = rate(&easy).unwrap();
//! assert_eq!(rating.technique, Technique::NakedSingle);
//! assert_eq!((rating.level(), rating.label()), (1, "easy"));
//! ```

use crate::observe::{Event, Observer};
use crate::{search_observed, Options, Outcome};
use bitdoku_core::Puzzle;
use core::fmt;

/// A deduction technique, from the simplest.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum Technique {
    /// Nothing was needed: the puzzle was already full.
    None,
    /// Rule 1: a square with one candidate left.
    NakedSingle,
    /// Rule 2: a digit with one place left in a unit.
    HiddenSingle,
    /// Pointing and claiming.
    LockedCandidates,
    /// Two squares of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// Three squares of a unit with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a unit.
    HiddenTriple,
    /// Propagation stalled and the search had to guess.
    Search,
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Technique::None => "none",
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::LockedCandidates => "locked-candidates",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::Search => "search",
        })
    }
}

/// A puzzle's rating; see the [module docs](self).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rating {
    /// The hardest technique needed (`Search` if propagation alone did not solve it).
    pub technique: Technique,
    /// Guesses to the first solution.
    pub guesses: u64,
    /// Guesses that led to an immediate contradiction.
    pub backtracks: u64,
    /// The deepest stack of guesses.
    pub max_depth: u32,
}

/// The names of levels 1 to 6.
pub const LABELS: [&str; 6] = ["easy", "medium", "hard", "expert", "search", "deep search"];

/// Guesses above this make level 6.
pub const DEEP_SEARCH: u64 = 10;

impl Rating {
    /// The level, 1 (easy) to 6 (deep search).
    pub fn level(&self) -> u8 {
        match self.technique {
            Technique::None | Technique::NakedSingle => 1,
            Technique::HiddenSingle => 2,
            Technique::LockedCandidates => 3,
            Technique::NakedPair
            | Technique::HiddenPair
            | Technique::NakedTriple
            | Technique::HiddenTriple => 4,
            Technique::Search if self.guesses <= DEEP_SEARCH => 5,
            Technique::Search => 6,
        }
    }

    /// The level's name.
    pub fn label(&self) -> &'static str {
        LABELS[usize::from(self.level() - 1)]
    }
}

/// Follows the events: the hardest technique seen before the first guess.
struct Rater {
    hardest: Technique,
    guessed: bool,
}

impl Observer for Rater {
    const ENABLED: bool = true;
    fn event(&mut self, event: &Event) {
        let used = match event {
            Event::Guess { .. } => {
                self.guessed = true;
                Technique::Search
            }
            _ if self.guessed => return,
            Event::NakedSingle { .. } => Technique::NakedSingle,
            Event::HiddenSingle { .. } => Technique::HiddenSingle,
            Event::Locked { .. } => Technique::LockedCandidates,
            Event::Subset { hidden, digits, .. } => match (digits.len(), hidden) {
                (2, false) => Technique::NakedPair,
                (2, true) => Technique::HiddenPair,
                (_, false) => Technique::NakedTriple,
                (_, true) => Technique::HiddenTriple,
            },
            _ => return,
        };
        self.hardest = self.hardest.max(used);
    }
}

/// Rates `puzzle`, or `None` if it has no solution (or `max_guesses` ran out first).
pub fn rate(puzzle: impl Into<Puzzle>) -> Option<Rating> {
    rate_with(puzzle, None)
}

/// [`rate`] with a guess budget.
pub fn rate_with(puzzle: impl Into<Puzzle>, max_guesses: Option<u64>) -> Option<Rating> {
    let puzzle = puzzle.into();
    rate_by(
        |rater, options| search_observed(puzzle, options, rater),
        max_guesses,
    )
}

fn rate_by(
    search: impl FnOnce(&mut Rater, &Options) -> Outcome,
    max_guesses: Option<u64>,
) -> Option<Rating> {
    let mut rater = Rater {
        hardest: Technique::None,
        guessed: false,
    };
    let outcome = search(
        &mut rater,
        &Options {
            solution_limit: 1,
            max_guesses,
            ..Options::default()
        },
    );
    outcome.solution?;
    Some(Rating {
        technique: rater.hardest,
        guesses: outcome.stats.guesses,
        backtracks: outcome.stats.backtracks,
        max_depth: outcome.stats.max_depth,
    })
}
