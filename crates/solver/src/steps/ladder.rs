//! The ladder: Sudoku Explainer's techniques in the order it tries them (its default
//! settings, `serate`'s defaults). A solve path takes, at each step, the first step of
//! the first technique that finds one, and the rating of a puzzle is the hardest step
//! of that path (see [`crate::rate`]).
//!
//! The order is Sudoku Explainer's, not the order of difficulty: a direct hidden pair
//! (2.0) is tried before a naked single (2.3), and the chains come in batches whose
//! own order is easiest first.

use super::marks::Marks;
use super::step::Step;
use super::{
    aligned, bug, chains, fish, intersections, singles, strong_links, subsets, uniqueness, wings,
};
use core::ops::ControlFlow;

/// Where a technique hands each step it finds, and asks whether to go on.
pub(crate) type Found<'a> = &'a mut dyn Finds;

/// What a technique hands its steps to. A closure `FnMut(Step) -> ControlFlow<()>` is
/// one that never asks the search to stop.
pub(crate) trait Finds {
    /// A step found: `Break` to stop looking.
    fn step(&mut self, step: Step) -> ControlFlow<()>;

    /// False once the search should stop, its step unfound (a budget ran out, a signal
    /// came). Only the long searches (the chains) ask, as they go.
    fn keep_going(&mut self) -> bool {
        true
    }
}

impl<F: FnMut(Step) -> ControlFlow<()>> Finds for F {
    fn step(&mut self, step: Step) -> ControlFlow<()> {
        self(step)
    }
}

/// The observer stopped the ladder before it found the next step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stopped;

/// Keeps a rung's first step, and asks `keep_going` for the rung (remembering a no).
struct Within<'a> {
    step: Option<Step>,
    keep_going: &'a mut dyn FnMut() -> bool,
    stopped: bool,
}

impl Finds for Within<'_> {
    fn step(&mut self, step: Step) -> ControlFlow<()> {
        self.step = Some(step);
        ControlFlow::Break(())
    }

    fn keep_going(&mut self) -> bool {
        self.stopped = self.stopped || !(self.keep_going)();
        !self.stopped
    }
}

/// A technique's search: calls `found` with each step it finds, in Sudoku Explainer's
/// order, until `found` breaks.
pub(crate) type Finder = fn(&Marks, Found) -> ControlFlow<()>;

/// One rung: a technique (or a family of them searched together) and its search.
pub(crate) struct Rung {
    /// What the rung looks for, for tests and profiles.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) name: &'static str,
    /// The search.
    pub(crate) find: Finder,
    /// True if its deductions assume the puzzle has one solution.
    pub(crate) assumes_uniqueness: bool,
}

const fn rung(name: &'static str, find: Finder) -> Rung {
    Rung {
        name,
        find,
        assumes_uniqueness: false,
    }
}

/// A rung whose deductions hold only if the puzzle has one solution.
const fn unique_rung(name: &'static str, find: Finder) -> Rung {
    Rung {
        name,
        find,
        assumes_uniqueness: true,
    }
}

/// The techniques in Sudoku Explainer's order.
pub(crate) const LADDER: &[Rung] = &[
    rung("hidden singles", singles::hidden),
    rung("direct intersections", intersections::direct),
    rung("direct hidden pairs", subsets::direct_hidden_pairs),
    rung("naked singles", singles::naked),
    rung("direct hidden triplets", subsets::direct_hidden_triplets),
    rung("intersections", intersections::locked),
    rung("naked pairs", subsets::naked_pairs),
    rung("x-wings", fish::x_wings),
    rung("hidden pairs", subsets::hidden_pairs),
    rung("naked triplets", subsets::naked_triplets),
    rung("swordfish", fish::swordfish),
    rung("hidden triplets", subsets::hidden_triplets),
    rung("strong links (2)", strong_links::two_strong_links),
    rung("xy-wings", wings::xy_wings),
    rung("xyz-wings", wings::xyz_wings),
    unique_rung("unique rectangles and loops", uniqueness::unique_loops),
    rung("naked quads", subsets::naked_quads),
    rung("jellyfish", fish::jellyfish),
    rung("hidden quads", subsets::hidden_quads),
    rung("strong links (3)", strong_links::three_strong_links),
    rung("wxyz-wings", wings::wxyz_wings),
    unique_rung("bug", bug::bug),
    rung("strong links (4)", strong_links::four_strong_links),
    rung("vwxyz-wings", wings::vwxyz_wings),
    rung("aligned pair exclusion", aligned::aligned_pairs),
    rung("uvwxyz-wings", wings::uvwxyz_wings),
    rung(
        "cycles and forcing chains",
        chains::cycles_and_forcing_chains,
    ),
    rung("tuvwxyz-wings", wings::tuvwxyz_wings),
    rung("aligned triplet exclusion", aligned::aligned_triplets),
    rung("nishio forcing chains", chains::nishio),
    rung("multiple forcing chains", chains::multiple),
    rung("dynamic forcing chains", chains::dynamic),
    rung("dynamic forcing chains (+)", chains::dynamic_plus),
    rung("nested forcing chains", chains::nested_forcing),
    rung("nested multiple forcing chains", chains::nested_multiple),
    rung("nested dynamic forcing chains 0", chains::nested_dynamic_0),
    rung("nested dynamic forcing chains 1", chains::nested_dynamic_1),
    rung("nested dynamic forcing chains 2", chains::nested_dynamic_2),
    rung("nested dynamic forcing chains 3", chains::nested_dynamic_3),
];

/// The first step of one technique, if it finds any.
#[cfg(test)]
pub(crate) fn first(find: Finder, marks: &Marks) -> Option<Step> {
    let mut out = None;
    let _ = find(marks, &mut |step| {
        out = Some(step);
        ControlFlow::Break(())
    });
    out
}

/// A position as a pencilmark line (the candidates of each square, `.` for the ones
/// it has not), for the techniques' tests.
#[cfg(test)]
pub(crate) fn position(line: &str) -> Marks {
    let board = bitdoku_core::parse_pencilmarks(line.as_bytes()).unwrap();
    Marks::new(&bitdoku_core::Puzzle::Candidates(board)).unwrap()
}

/// The first step of `find` in the position `line`, as text (`none` if it finds
/// nothing), for the techniques' tests.
#[cfg(test)]
pub(crate) fn first_step(find: Finder, line: &str) -> String {
    first(find, &position(line)).map_or("none".into(), |s| s.to_string())
}

/// The next step of the solve path from `marks`: the first step of the first
/// technique that finds one. With `unique` false the techniques that assume one
/// solution are skipped. `None` when no technique finds anything (or the grid is
/// solved).
pub fn next_step(marks: &Marks, unique: bool) -> Option<Step> {
    next_step_within(marks, unique, &mut || true).unwrap_or(None)
}

/// [`next_step`], asking `keep_going` as the long searches go (the chains, square by
/// square): `Err(Stopped)` once it says no, whatever the rung had found so far (it
/// might not be the rung's first step).
pub fn next_step_within(
    marks: &Marks,
    unique: bool,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<Option<Step>, Stopped> {
    for rung in LADDER.iter().filter(|r| unique || !r.assumes_uniqueness) {
        let mut within = Within {
            step: None,
            keep_going: &mut *keep_going,
            stopped: false,
        };
        let _ = (rung.find)(marks, &mut within);
        if within.stopped {
            return Err(Stopped);
        }
        if within.step.is_some() {
            return Ok(within.step);
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_core::{Grid, Puzzle};

    #[test]
    fn no_rung_finds_anything_in_a_solved_grid() {
        let solved: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        let marks = Marks::new(&Puzzle::Givens(solved)).unwrap();
        for rung in LADDER {
            assert!(first(rung.find, &marks).is_none(), "{}", rung.name);
        }
        assert!(next_step(&marks, true).is_none());
    }

    #[test]
    fn only_the_uniqueness_rungs_assume_one_solution() {
        let flagged: Vec<_> = LADDER
            .iter()
            .filter(|r| r.assumes_uniqueness)
            .map(|r| r.name)
            .collect();
        assert_eq!(flagged, ["unique rectangles and loops", "bug"]);
    }
}
