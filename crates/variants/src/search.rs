//! The depth-first search: Norvig's, on copies of the state. Propagate; if a cell is
//! open, branch on one with the fewest candidates (which one: `State::branch`),
//! trying its digits in increasing order, each on a copy of the state. The
//! copies live on an explicit stack allocated once per search (at most one frame per
//! cell), so a 25×25 search needs no deep call stack and allocates nothing per node.

use crate::state::{State, Work};
use crate::tables::Tables;
use bitdoku_solver::{Options, Stats, TIME_CHECK_GUESSES};
use std::time::Instant;

/// What the caller sees of a search as it runs: each solution, and a chance to stop.
pub trait Control {
    /// Called once per guess; `false` stops the search (it ends incomplete).
    fn keep_going(&mut self) -> bool {
        true
    }
    /// The next digit to try at a branch point, as a bit of `untried` (never 0): the
    /// lowest by default, so the first solution is the same on every run; the
    /// generator picks at random here.
    fn pick(&mut self, untried: u32) -> u32 {
        untried & untried.wrapping_neg()
    }
    /// Called with each solution, row-major digits (the search stops at
    /// [`Options::solution_limit`]).
    fn solution(&mut self, values: &[u8]) {
        let _ = values;
    }
}

impl Control for () {}

/// A search's result: as [`bitdoku_solver::Outcome`], with the solution as row-major
/// digits of any board.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Outcome {
    /// The first solution found, row-major, if any.
    pub solution: Option<Vec<u8>>,
    /// How many solutions were found (at most the limit).
    pub solutions: usize,
    /// True if the search ended by itself or at the solution limit; false if the guess
    /// budget or the time ran out, or [`Control::keep_going`] stopped it.
    pub complete: bool,
    /// True if [`Options::time_limit`] stopped the search.
    pub timed_out: bool,
    /// The work done.
    pub stats: Stats,
}

/// One branch point on the stack: the state before the guess, the cell, the digits
/// not yet tried.
#[derive(Clone, Copy)]
struct Frame<const W: usize, const C: usize> {
    state: State<W, C>,
    cell: u16,
    rest: u32,
}

/// The digits of a solved state, row-major.
pub(crate) fn values_of<const W: usize, const C: usize>(t: &Tables, s: &State<W, C>) -> Vec<u8> {
    s.cand[..t.cells]
        .iter()
        .map(|m| m.trailing_zeros() as u8 + 1)
        .collect()
}

/// Searches from `root` (not yet propagated; `None` if it has a contradiction at
/// once) within `options`, reporting to `control`.
pub(crate) fn search<const W: usize, const C: usize>(
    t: &Tables,
    w: &mut Work,
    root: Option<State<W, C>>,
    options: &Options,
    control: &mut impl Control,
) -> Outcome {
    let started = options.time_limit.map(|_| Instant::now());
    let limit = options.solution_limit.max(1);
    let max_guesses = options.max_guesses.unwrap_or(u64::MAX);
    let mut out = Outcome {
        solution: None,
        solutions: 0,
        complete: true,
        timed_out: false,
        stats: Stats::default(),
    };
    let Some(mut current) = root else {
        return out;
    };
    if current.propagate(t, w).is_err() {
        return out;
    }
    // Room for the usual depth at once, rather than growing a stack of large frames
    // by doubling (a few per cent of a short search: most classic puzzles need a
    // guess or two).
    let mut stack: Vec<Frame<W, C>> = Vec::with_capacity(16);
    'nodes: loop {
        // `current` is propagated and consistent.
        match current.branch(t) {
            None => {
                let values = values_of(t, &current);
                out.solutions += 1;
                control.solution(&values);
                if out.solution.is_none() {
                    out.solution = Some(values);
                }
                if out.solutions >= limit {
                    break 'nodes;
                }
            }
            Some(cell) => {
                stack.push(Frame {
                    state: current,
                    cell: cell as u16,
                    rest: current.cand[cell],
                });
                out.stats.max_depth = out.stats.max_depth.max(stack.len() as u32);
            }
        }
        // Next guess: the lowest untried digit of the deepest frame with one left.
        loop {
            let Some(frame) = stack.last_mut() else {
                break 'nodes;
            };
            if frame.rest == 0 {
                stack.pop();
                continue;
            }
            let pick = control.pick(frame.rest) & frame.rest;
            let bit = if pick.is_power_of_two() {
                pick
            } else {
                frame.rest & frame.rest.wrapping_neg()
            };
            frame.rest &= !bit;
            let cell = usize::from(frame.cell);
            let mut child = frame.state;
            if frame.rest == 0 {
                stack.pop();
            }
            out.stats.guesses += 1;
            if out.stats.guesses > max_guesses || !control.keep_going() {
                out.complete = false;
                break 'nodes;
            }
            if let (Some(t0), Some(limit)) = (started, options.time_limit) {
                if out.stats.guesses.is_multiple_of(TIME_CHECK_GUESSES) && t0.elapsed() >= limit {
                    out.complete = false;
                    out.timed_out = true;
                    break 'nodes;
                }
            }
            if child.assign(t, w, cell, bit).is_ok() {
                current = child;
                continue 'nodes;
            }
            out.stats.backtracks += 1;
        }
    }
    out
}
