//! The depth-first search: Norvig's, on copies of the state. Propagate; if a cell is
//! open, branch on one with the fewest candidates (which one: `State::branch`),
//! trying its digits in increasing order, each on a copy of the state. The
//! copies live on an explicit stack allocated once per search (at most one frame per
//! cell), so a 25×25 search needs no deep call stack and allocates nothing per node.
//!
//! The general engine's propagation and branching rule run in the instructions of
//! `bitdoku_solver::with_scalar_isa` (AVX2's on x86-64 with AVX2, for their POPCNT
//! and BMI): each in an `Isa::enter` of its own per node (`General::settle`,
//! `General::branch`), everything in it inlined, so that each is compiled once per
//! width and instruction set whatever the caller.

use crate::state::{State, Work};
use crate::tables::Tables;
use bitdoku_solver::{with_scalar_isa, Backend, Isa, Options, Stats, WithIsa, TIME_CHECK_GUESSES};
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

/// What the depth-first search needs of an engine: its state (copied at each guess),
/// the cell to branch on, a guess, and the digits of a solved state. The general
/// engine ([`General`]) and the 16×16 band engine (`crate::band16`) are searched by
/// the same loop, [`run`].
pub(crate) trait Searcher {
    /// The search state: propagated, and copied for each guess.
    type Node: Copy;
    /// The cell to branch on and its candidates (bit d-1: digit d), or `None` when
    /// every cell of `node` is solved.
    fn branch(&self, node: &Self::Node) -> Option<(usize, u32)>;
    /// Places the digit `bit` in `cell` and propagates; false on a contradiction.
    fn assign(&mut self, node: &mut Self::Node, cell: usize, bit: u32) -> bool;
    /// The digits of a solved `node`, row-major.
    fn values(&self, node: &Self::Node) -> Vec<u8>;
}

/// The general engine as a [`Searcher`]: its tables, its propagation's scratch, and
/// the instructions it runs in (`I`, from `with_scalar_isa`).
pub(crate) struct General<'a, const W: usize, const C: usize, I> {
    t: &'a Tables,
    w: &'a mut Work,
    isa: I,
}

impl<const W: usize, const C: usize, I: Isa> General<'_, W, C, I> {
    /// Places `guess` (a cell and a digit's bit), if any, in `node` and propagates,
    /// in `I`'s instructions; false on a contradiction. Every propagation of a search
    /// goes through here, so that it is compiled once for each width and `I` (one
    /// closure type, inlined into one `Isa::enter`).
    #[inline]
    fn settle(&mut self, node: &mut State<W, C>, guess: Option<(usize, u32)>) -> bool {
        let (t, w) = (self.t, &mut *self.w);
        self.isa.enter(
            #[inline(always)]
            || {
                if let Some((cell, bit)) = guess {
                    w.clear();
                    if node.restrict(t, w, cell, bit).is_err() {
                        return false;
                    }
                }
                node.propagate(t, w).is_ok()
            },
        )
    }
}

impl<const W: usize, const C: usize, I: Isa> Searcher for General<'_, W, C, I> {
    type Node = State<W, C>;

    #[inline]
    fn branch(&self, node: &State<W, C>) -> Option<(usize, u32)> {
        let (t, w) = (self.t, &*self.w);
        self.isa.enter(
            #[inline(always)]
            || node.branch(t, w).map(|c| (c, node.cand[c])),
        )
    }

    #[inline]
    fn assign(&mut self, node: &mut State<W, C>, cell: usize, bit: u32) -> bool {
        self.settle(node, Some((cell, bit)))
    }

    fn values(&self, node: &State<W, C>) -> Vec<u8> {
        values_of(self.t, node)
    }
}

/// One branch point on the stack: the state before the guess, the cell, the digits
/// not yet tried.
#[derive(Clone, Copy)]
struct Frame<N> {
    state: N,
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

/// Searches the general engine from `root` (not yet propagated; `None` if it has a
/// contradiction at once) within `options`, reporting to `control`.
pub(crate) fn search<const W: usize, const C: usize>(
    t: &Tables,
    w: &mut Work,
    root: Option<State<W, C>>,
    options: &Options,
    control: &mut impl Control,
) -> Outcome {
    struct Search<'a, 'c, const W: usize, const C: usize, K> {
        t: &'a Tables,
        w: &'a mut Work,
        root: Option<State<W, C>>,
        options: &'a Options,
        control: &'c mut K,
    }
    impl<const W: usize, const C: usize, K: Control> WithIsa for Search<'_, '_, W, C, K> {
        type Output = Outcome;
        fn call<I: Isa>(self, isa: I) -> Outcome {
            let mut general = General {
                t: self.t,
                w: self.w,
                isa,
            };
            let root = self
                .root
                .and_then(|mut r| general.settle(&mut r, None).then_some(r));
            run(&mut general, root, self.options, self.control)
        }
    }
    with_scalar_isa(
        options.backend,
        Search {
            t,
            w,
            root,
            options,
            control,
        },
    )
}

/// Places `guess` (a cell and a digit's bit), if any, in `node` and propagates, as
/// the search does (in `with_scalar_isa`'s instructions for `backend`); false on a
/// contradiction.
pub(crate) fn settle<const W: usize, const C: usize>(
    t: &Tables,
    w: &mut Work,
    node: &mut State<W, C>,
    guess: Option<(usize, u32)>,
    backend: Backend,
) -> bool {
    struct Settle<'a, const W: usize, const C: usize> {
        t: &'a Tables,
        w: &'a mut Work,
        node: &'a mut State<W, C>,
        guess: Option<(usize, u32)>,
    }
    impl<const W: usize, const C: usize> WithIsa for Settle<'_, W, C> {
        type Output = bool;
        fn call<I: Isa>(self, isa: I) -> bool {
            let mut general = General {
                t: self.t,
                w: self.w,
                isa,
            };
            general.settle(self.node, self.guess)
        }
    }
    with_scalar_isa(backend, Settle { t, w, node, guess })
}

/// The depth-first search from `root` (propagated and consistent; `None` if it has
/// no solution) within `options`, reporting to `control`.
#[inline(always)]
pub(crate) fn run<S: Searcher>(
    searcher: &mut S,
    root: Option<S::Node>,
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
    // Room for the usual depth at once, rather than growing a stack of large frames
    // by doubling (a few per cent of a short search: most classic puzzles need a
    // guess or two).
    let mut stack: Vec<Frame<S::Node>> = Vec::with_capacity(16);
    'nodes: loop {
        // `current` is propagated and consistent.
        match searcher.branch(&current) {
            None => {
                let values = searcher.values(&current);
                out.solutions += 1;
                control.solution(&values);
                if out.solution.is_none() {
                    out.solution = Some(values);
                }
                if out.solutions >= limit {
                    break 'nodes;
                }
            }
            Some((cell, rest)) => {
                stack.push(Frame {
                    state: current,
                    cell: cell as u16,
                    rest,
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
            if searcher.assign(&mut child, cell, bit) {
                current = child;
                continue 'nodes;
            }
            out.stats.backtracks += 1;
        }
    }
    out
}

/// For tests: `search` finds on every back-end this CPU has (and on `Auto`) what it
/// finds on the portable one: the same outcome, guesses and all.
#[cfg(test)]
pub(crate) fn as_portable_on_every_back_end(
    search: impl Fn(Backend) -> Outcome,
) -> Result<(), proptest::test_runner::TestCaseError> {
    let portable = search(Backend::Portable);
    for backend in [Backend::Auto].into_iter().chain(Backend::available()) {
        proptest::prop_assert_eq!(&search(backend), &portable, "{}", backend);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::as_portable_on_every_back_end;
    use crate::engine::Engine;
    use crate::generate::nearly_full;
    use crate::puzzle::Puzzle;
    use bitdoku_solver::Options;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// The general engine's search in the instructions of every back-end this CPU
        /// has (`with_scalar_isa`) finds what the portable one finds, guess for guess:
        /// on classic 9×9 (searched by the general engine, not the fast one) and on
        /// 12×12 of 3×4 boxes with diagonals.
        #[test]
        fn every_back_end_searches_the_portable_tree(seed in any::<u64>(), shown in 0.2f64..0.45) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut nine = Puzzle::classic(9).unwrap();
            nearly_full(&mut rng, &mut nine, shown, 4, 5);
            let mut twelve = Puzzle::classic(12).unwrap();
            twelve.add_diagonals().unwrap();
            nearly_full(&mut rng, &mut twelve, shown + 0.2, 4, 5);
            for p in [nine, twelve] {
                let engine = Engine::new(&p).unwrap();
                let search = |backend| {
                    let options = Options::default()
                        .with_limit(3)
                        .with_max_guesses(Some(5_000))
                        .with_backend(backend);
                    engine.general_search(&options, &mut ())
                };
                as_portable_on_every_back_end(search)?;
            }
        }
    }
}
