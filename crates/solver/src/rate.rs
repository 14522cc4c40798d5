//! `rate`: a puzzle's difficulty on Sudoku Explainer's scale, from its human solve path
//! ([`Path`]): each step is the first step of the first technique of the ladder that
//! finds one.
//!
//! - **ER**, the rating: the hardest step of the path.
//! - **EP**, the pearl: the hardest step up to the first placement.
//! - **ED**, the diamond: the first step's difficulty.
//!
//! A path that stalls (no technique finds a step) rates 20.0, as in Sudoku Explainer.
//! A grid with nothing left to do (every square solved) is `solved`, ER 0.0: it has
//! no step to rate. The levels 1 to 6 are coarse labels derived from ER.
//!
//! [`rate_with`] rates within a budget, an [`Observer`] whose
//! [`keep_going`](Observer::keep_going) is asked before each step and, in the chains,
//! square by square: once it says no, the rating stops within milliseconds and says how
//! far it got (status `timed-out`; ER, EP and ED are then lower bounds, from the steps
//! taken). [`Deadline`](crate::Deadline) is the wall-clock budget.
//!
//! | level | label | ER | needs |
//! |---|---|---|---|
//! | 1 | easy | up to 1.5 | full houses and hidden singles |
//! | 2 | medium | up to 2.5 | naked singles, direct intersections and hidden pairs |
//! | 3 | hard | up to 4.4 | intersections, subsets, X-wings, swordfish, short wings |
//! | 4 | expert | up to 6.5 | quads, jellyfish, uniqueness, BUG, long wings, cycles |
//! | 5 | fiendish | up to 9.0 | forcing chains, Nishio, dynamic forcing chains |
//! | 6 | extreme | above 9.0 | nested forcing chains |
//!
//! ```
//! use bitdoku_core::Grid;
//! use bitdoku_solver::rate::rate;
//! let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let rating = rate(&easy).unwrap();
//! assert_eq!((rating.er.to_string(), rating.ep.to_string(), rating.ed.to_string()),
//!     ("1.2".to_string(), "1.2".to_string(), "1.2".to_string()));
//! assert_eq!((rating.level(), rating.label()), (1, "easy"));
//! ```

pub use crate::steps::{Difficulty, Technique, Unrated};
use crate::steps::{Path, Step};
use crate::Observer;
use bitdoku_core::{Grid, Puzzle};
use core::ops::ControlFlow;

/// A puzzle's rating; see the [module docs](self).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rating {
    /// The hardest step of the solve path (20.0 if the path stalls; the hardest so
    /// far, a lower bound, if the rating was stopped).
    pub er: Difficulty,
    /// The hardest step up to the first placement (0.0 if there is none; a rating
    /// stopped before the first placement gives ER so far, a lower bound).
    pub ep: Difficulty,
    /// The first step's difficulty (0.0 if there is none).
    pub ed: Difficulty,
    /// The technique of the hardest step, `None` if there is none (the path stalls, or
    /// has no step).
    pub hardest: Option<Named>,
    /// The technique behind EP.
    pub ep_technique: Option<Named>,
    /// The technique behind ED.
    pub ed_technique: Option<Named>,
    /// The steps of the path (taken so far, if the rating was stopped).
    pub steps: u32,
    /// The puzzle's one solution.
    pub solution: Grid,
    /// How the path ended.
    pub ending: Ending,
}

/// How a rating's solve path ended.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The grid is solved (at once, for a grid with nothing left to do).
    Solved,
    /// No technique of the ladder finds a step (ER 20.0).
    Stalled,
    /// The observer stopped the rating: the numbers are those of the steps taken.
    Stopped,
}

/// A technique with the extra words of its name, as a step carries them.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Named {
    /// The technique.
    pub technique: Technique,
    /// The rest of its name (a strong-link pattern's code, say).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub variant: Option<&'static str>,
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Named {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Named, D::Error> {
        Ok(Named {
            technique: Technique::deserialize(d)?,
            variant: None,
        })
    }
}

impl core::fmt::Display for Named {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.technique.write_name(self.variant, f)
    }
}

impl Named {
    fn of(step: &Step) -> Named {
        Named {
            technique: step.technique(),
            variant: step.variant,
        }
    }
}

/// The rating of a path that stalls (20.0), the top of the scale: no rating is higher.
pub const STALLED: Difficulty = Difficulty(200);

/// The levels' upper bounds in tenths of ER, and their labels.
pub const LEVELS: [(u16, &str); 6] = [
    (15, "easy"),
    (25, "medium"),
    (44, "hard"),
    (65, "expert"),
    (90, "fiendish"),
    (STALLED.0, "extreme"),
];

/// A rating as every front end reports it, in one shape: the fields of `bitdoku rate
/// --format json`, of JavaScript's `rate` and of Python's `rate()` dict, in that order
/// (serialized, with the `serde` feature, as they name them). The status beside it is
/// [`Rating::status`].
///
/// ```
/// use bitdoku_core::Grid;
/// use bitdoku_solver::rate::rate;
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let rating = rate(&easy).unwrap();
/// let summary = rating.summary();
/// assert_eq!((rating.status(), summary.er, summary.label), ("rated", 1.2, "easy"));
/// assert_eq!(summary.technique.to_string(), "Hidden Single");
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Summary {
    /// ER, with one decimal.
    pub er: f64,
    /// EP.
    pub ep: f64,
    /// ED.
    pub ed: f64,
    /// The technique behind ER.
    pub technique: TechniqueName,
    /// The technique behind EP.
    pub ep_technique: TechniqueName,
    /// The technique behind ED.
    pub ed_technique: TechniqueName,
    /// The level, 1 to 6.
    pub level: u8,
    /// The level's label.
    pub label: &'static str,
    /// The steps of the path (taken, if the rating was stopped).
    pub steps: u32,
}

/// A rated technique's name as the front ends write it: its name or, where there is
/// no step to name, the rating's status word (`stalled` where the path found no step
/// to go on, `solved` for a grid with nothing left to do, `timed-out` for a rating
/// stopped before its first step).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TechniqueName {
    /// The technique, if there is a step.
    pub technique: Option<Named>,
    /// What is written without one: the rating's status.
    pub otherwise: &'static str,
}

impl core::fmt::Display for TechniqueName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.technique {
            Some(named) => named.fmt(f),
            None => f.write_str(self.otherwise),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for TechniqueName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Rating {
    /// True if the path stalls: no technique of the ladder finds a step (ER 20.0, as
    /// Sudoku Explainer puts it).
    pub fn stalled(&self) -> bool {
        self.ending == Ending::Stalled
    }

    /// True unless the observer stopped the rating (then ER, EP and ED are lower
    /// bounds: those of the steps taken).
    pub fn complete(&self) -> bool {
        self.ending != Ending::Stopped
    }

    /// The status word of a rating, the one every front end gives: `rated`; `solved`
    /// for a grid with nothing left to do (no step, ER 0.0); `stalled` if no technique
    /// finds a step (ER 20.0); `timed-out` if the observer stopped it (a budget ran
    /// out: the numbers are lower bounds).
    pub fn status(&self) -> &'static str {
        match self.ending {
            Ending::Stopped => "timed-out",
            Ending::Stalled => "stalled",
            Ending::Solved if self.steps == 0 => "solved",
            Ending::Solved => "rated",
        }
    }

    /// The rating in the front ends' shape.
    pub fn summary(&self) -> Summary {
        let name = |technique| TechniqueName {
            technique,
            otherwise: self.status(),
        };
        Summary {
            er: self.er.value(),
            ep: self.ep.value(),
            ed: self.ed.value(),
            technique: name(self.hardest),
            ep_technique: name(self.ep_technique),
            ed_technique: name(self.ed_technique),
            level: self.level(),
            label: self.label(),
            steps: self.steps,
        }
    }

    /// The level, 1 (easy) to 6 (extreme), from ER.
    pub fn level(&self) -> u8 {
        level_of(self.er)
    }

    /// The level's label.
    pub fn label(&self) -> &'static str {
        LEVELS[usize::from(self.level() - 1)].1
    }
}

/// The level of a rating of `er`.
pub fn level_of(er: Difficulty) -> u8 {
    LEVELS.iter().position(|&(top, _)| er.0 <= top).unwrap_or(5) as u8 + 1
}

/// The ER range of a level, in tenths (lowest, highest).
pub fn level_range(level: u8) -> (Difficulty, Difficulty) {
    let i = usize::from(level.clamp(1, 6) - 1);
    let low = if i == 0 { 0 } else { LEVELS[i - 1].0 + 1 };
    (Difficulty(low), Difficulty(LEVELS[i].0))
}

/// Rates `puzzle`, or says why it cannot be rated (no solution, or several).
pub fn rate(puzzle: impl Into<Puzzle>) -> Result<Rating, Unrated> {
    rate_with(puzzle, ())
}

/// [`rate`] within a budget: `observer`'s [`keep_going`](Observer::keep_going) is
/// asked before each step and, in the chains, square by square. Once it says no the
/// rating stops (within milliseconds) with [`Ending::Stopped`], status `timed-out`:
/// ER, EP, ED and the level are then lower bounds, those of the steps taken.
///
/// ```
/// use bitdoku_core::Grid;
/// use bitdoku_solver::rate::rate_with;
/// use bitdoku_solver::Observer;
///
/// /// Allows `n` questions.
/// struct Steps(u32);
/// impl Observer for Steps {
///     fn keep_going(&mut self) -> bool {
///         self.0 = self.0.saturating_sub(1);
///         self.0 > 0
///     }
/// }
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let rating = rate_with(&easy, Steps(3))?;
/// assert_eq!((rating.status(), rating.steps, rating.er.to_string().as_str()), ("timed-out", 2, "1.2"));
/// assert_eq!(rate_with(&easy, ())?.status(), "rated");
/// # Ok::<(), bitdoku_solver::rate::Unrated>(())
/// ```
pub fn rate_with(puzzle: impl Into<Puzzle>, observer: impl Observer) -> Result<Rating, Unrated> {
    let path = Path::new(&puzzle.into())?;
    Ok(walk(path, STALLED, observer, |_| ControlFlow::Continue(())).0)
}

/// [`rate`], stopping as soon as a step is harder than `ceiling`: `Ok(None)` then. For
/// generators, which only want puzzles up to a difficulty.
pub fn rate_below(
    puzzle: impl Into<Puzzle>,
    ceiling: Difficulty,
) -> Result<Option<Rating>, Unrated> {
    rate_until(puzzle, ceiling, |_| ControlFlow::Continue(()))
}

/// [`rate_below`], asking `each` after every step whether to go on, with the rating so
/// far: where it breaks, the rating so far (the ER is at least that). For the
/// generator, which needs no more of a path than what puts it in the range it aims at.
pub(crate) fn rate_until(
    puzzle: impl Into<Puzzle>,
    ceiling: Difficulty,
    each: impl FnMut(&Rating) -> ControlFlow<()>,
) -> Result<Option<Rating>, Unrated> {
    let path = Path::new(&puzzle.into())?;
    let (rating, within) = walk(path, ceiling, (), each);
    Ok(within.then_some(rating))
}

/// Walks the path: the rating, and false if it stopped early at a step harder than
/// `ceiling`, or where `each`, asked after each step, breaks.
fn walk(
    mut path: Path,
    ceiling: Difficulty,
    mut observer: impl Observer,
    mut each: impl FnMut(&Rating) -> ControlFlow<()>,
) -> (Rating, bool) {
    let mut rating = Rating {
        er: Difficulty(0),
        ep: Difficulty(0),
        ed: Difficulty(0),
        hardest: None,
        ep_technique: None,
        ed_technique: None,
        steps: 0,
        solution: path.solution(),
        ending: Ending::Solved,
    };
    let (mut first, mut placed) = (true, false);
    while !path.is_solved() {
        let step = match path.next_within(&mut observer) {
            Ok(Some(step)) => step,
            Ok(None) => {
                // Stalled: beyond the ladder.
                rating.er = STALLED;
                rating.hardest = None;
                rating.ending = Ending::Stalled;
                break;
            }
            Err(_) => {
                // Stopped: the steps so far bound the rating from below, EP too when
                // no placement came yet (every step so far comes before it).
                if !placed {
                    rating.ep = rating.er;
                    rating.ep_technique = rating.hardest;
                }
                rating.ending = Ending::Stopped;
                break;
            }
        };
        rating.steps += 1;
        if step.difficulty() > rating.er {
            rating.er = step.difficulty();
            rating.hardest = Some(Named::of(&step));
        }
        if first {
            rating.ed = rating.er;
            rating.ed_technique = rating.hardest;
            first = false;
        }
        if !placed && step.place.is_some() {
            rating.ep = rating.er;
            rating.ep_technique = rating.hardest;
            placed = true;
        }
        if rating.er > ceiling {
            return (rating, false);
        }
        if each(&rating).is_break() {
            break;
        }
    }
    let within = rating.er <= ceiling;
    (rating, within)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stalled_path_says_so_in_every_front_ends_shape() {
        // Regression: the JavaScript package once answered `rated` for a path that
        // stalls, where the CLI and Python said `stalled`; they now all read these.
        let solution: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        let stalled = Rating {
            er: STALLED,
            ep: Difficulty(0),
            ed: STALLED,
            hardest: None,
            ep_technique: None,
            ed_technique: None,
            steps: 3,
            solution,
            ending: Ending::Stalled,
        };
        assert!(stalled.stalled());
        assert_eq!(stalled.status(), "stalled");
        let summary = stalled.summary();
        assert_eq!(summary.technique.to_string(), "stalled");
        assert_eq!(
            (summary.er, summary.level, summary.label),
            (20.0, 6, "extreme")
        );
        let rated = Rating {
            hardest: Some(Named {
                technique: Technique::HiddenSingle,
                variant: None,
            }),
            ending: Ending::Solved,
            ..stalled
        };
        assert_eq!(rated.status(), "rated");
        assert_eq!(rated.summary().technique.to_string(), "Hidden Single");
    }

    /// Issue 36, 4: a solved grid was rated `0.0/0.0/0.0 1 easy stalled` (and failed the
    /// run), while `hint` said solved. It has no step to rate: `solved`, ER 0.0, in
    /// every front end's shape.
    #[test]
    fn a_solved_grid_is_solved_not_stalled() {
        let solved: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        let rating = rate(solved).unwrap();
        assert!(!rating.stalled() && rating.complete());
        assert_eq!((rating.status(), rating.steps), ("solved", 0));
        let summary = rating.summary();
        assert_eq!(
            (summary.er, summary.ep, summary.ed, summary.level),
            (0.0, 0.0, 0.0, 1)
        );
        assert_eq!(summary.technique.to_string(), "solved");
        assert_eq!(rating.solution, solved);
    }

    /// Counts the questions, and says no at the `stop`th.
    struct Budget {
        asked: u32,
        stop: u32,
    }

    impl Observer for Budget {
        fn keep_going(&mut self) -> bool {
            self.asked += 1;
            self.asked < self.stop
        }
    }

    /// Issue 36, 2: a rating within a budget. The chains ask as they go (more questions
    /// than steps); a rating stopped at any question is `timed-out` with a lower bound,
    /// and leaves nothing behind that changes the next rating of the same grid (the
    /// chains remember, per thread, grids where they found nothing: not grids they
    /// were stopped on).
    #[test]
    fn a_stopped_rating_is_a_lower_bound_and_changes_nothing() {
        // The 11th of Norvig's top95, 8.5 (region forcing chains): its path runs the
        // Nishio and static chain rungs, which remember grids where they find nothing.
        let puzzle: Grid =
            "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
                .parse()
                .unwrap();
        let full = rate(puzzle).unwrap();
        let mut counted = Budget {
            asked: 0,
            stop: u32::MAX,
        };
        assert_eq!(rate_with(puzzle, &mut counted).unwrap(), full);
        let asked = counted.asked;
        assert!(
            asked > full.steps + 10,
            "{asked} questions, {} steps",
            full.steps
        );
        let stride = (asked / 60).max(1);
        for stop in (1..=asked).step_by(stride as usize) {
            let partial = rate_with(puzzle, Budget { asked: 0, stop }).unwrap();
            assert_eq!(partial.status(), "timed-out", "stopped at {stop}");
            assert!(!partial.complete());
            assert!(partial.steps < full.steps || (partial.steps == full.steps && stop == asked));
            assert!(partial.er <= full.er && partial.ep <= full.ep.max(partial.er));
            if partial.steps > 0 {
                assert_eq!(partial.ed, full.ed);
            }
            assert_eq!(rate(puzzle).unwrap(), full, "after a stop at {stop}");
        }
        let none = rate_with(puzzle, Budget { asked: 0, stop: 1 }).unwrap();
        assert_eq!(
            (none.steps, none.er, none.ed),
            (0, Difficulty(0), Difficulty(0))
        );
        assert_eq!(none.summary().technique.to_string(), "timed-out");
    }
}
