//! True candidates: for each cell, the digits it holds in at least one solution — what
//! setters check after every clue they place.
//!
//! First, one search enumerates the solutions, up to [`ENUMERATED`], on the fastest
//! engine that takes the puzzle (the fast 9×9 engine, the 16×16 band engine, or the
//! general one). A puzzle with fewer (a unique one, one a setter is finishing) is then
//! decided: its true candidates are the union of its solutions, and no candidate needs
//! a search of its own. A puzzle with more (one under construction can have millions)
//! goes on candidate by candidate: after propagation, every candidate not yet seen in
//! a solution is assumed, and a search for one solution (on the general engine, or the
//! band engine for a classic 16×16) either finds one (then every digit of that
//! solution is a true candidate: one witness decides many candidates at once) or
//! proves the candidate impossible. So the work is bounded by the number of
//! candidates, not of solutions.
//!
//! [`Options::solution_limit`] caps the number of witness solutions, and the guess and
//! time budgets bound the whole; a run stopped by either says so
//! ([`TrueCandidates::complete`]) and keeps the candidates it could not decide apart.
//!
//! ```
//! use bitdoku_variants::{Engine, Puzzle};
//! use bitdoku_solver::Options;
//! let mut p = Puzzle::classic(4)?;
//! p.set_givens(&[1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
//! let tc = Engine::new(&p)?.true_candidates(&Options::default().with_limit(usize::MAX));
//! assert!(tc.complete);
//! assert_eq!(tc.candidates[2], 0b1100); // r1c3 holds 3 or 4
//! assert_eq!(tc.candidates[4], 0b1100); // r2c1 too: 1 and 2 sit in its box
//! # Ok::<(), bitdoku_variants::ModelError>(())
//! ```

use crate::search::{self, Control, Outcome};
use crate::state::{State, Work};
use crate::tables::Tables;
use bitdoku_solver::{Options, Stats, TIME_CHECK_GUESSES};
use std::time::Instant;

/// The true candidates of a puzzle; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct TrueCandidates {
    /// For each cell (row-major), the digits seen in a solution: bit `d - 1` for `d`.
    pub candidates: Vec<u32>,
    /// For each cell, the digits neither seen in a solution nor ruled out (only when
    /// the run stopped early).
    pub undecided: Vec<u32>,
    /// The witness solutions found (at most the solution limit).
    pub solutions: usize,
    /// True if every candidate was decided.
    pub complete: bool,
    /// True if the time limit stopped the run.
    pub timed_out: bool,
    /// The work done, over every search.
    pub stats: Stats,
}

impl TrueCandidates {
    /// True if the puzzle has no solution (and the run was complete).
    pub fn no_solution(&self) -> bool {
        self.complete && self.solutions == 0
    }

    /// The cells with one true candidate: their digit is the same in every solution.
    pub fn fixed(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.candidates.len()).filter(|&c| {
            let m = self.candidates[c];
            m != 0 && m & (m - 1) == 0 && self.undecided[c] == 0
        })
    }
}

impl TrueCandidates {
    /// The status word, as every front end says it: `unique` (one solution: each cell
    /// has one true candidate), `multiple`, `unsolvable`, or, when the run stopped
    /// early, `timed-out` (the time limit) or `gave-up` (the guess budget or the
    /// solution limit).
    pub fn status(&self) -> &'static str {
        if !self.complete {
            if self.timed_out {
                "timed-out"
            } else {
                "gave-up"
            }
        } else if self.solutions == 0 {
            "unsolvable"
        } else if self.candidates.iter().all(|m| m.count_ones() == 1) {
            "unique"
        } else {
            "multiple"
        }
    }

    /// The one shape of the result for every front end (the CLI's JSON, Python's dict,
    /// JavaScript's object).
    pub fn summary(&self) -> Summary {
        let digits = |m: &u32| -> String {
            (1..=32u8)
                .filter(|d| m >> (d - 1) & 1 != 0)
                .map(crate::digit_char)
                .collect()
        };
        Summary {
            status: self.status(),
            candidates: self.candidates.iter().map(digits).collect(),
            fixed: self.fixed().count(),
            solutions: self.solutions,
            undecided: (!self.complete).then(|| self.undecided.iter().map(digits).collect()),
        }
    }
}

/// True candidates as every front end reports them; see [`TrueCandidates::summary`].
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Summary {
    /// [`TrueCandidates::status`].
    pub status: &'static str,
    /// Each cell's true candidates, row-major, as digit characters (`1`-`9`, then
    /// `A`-`P`) in increasing order: `""` for none.
    pub candidates: Vec<String>,
    /// How many cells have one true candidate: the same digit in every solution.
    pub fixed: usize,
    /// The witness solutions found.
    pub solutions: usize,
    /// Each cell's undecided candidates, when the run stopped early.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided: Option<Vec<String>>,
}

/// The caller's control, with the guess and time budgets of the whole run.
struct Budget<'a, K> {
    control: &'a mut K,
    guesses: u64,
    max_guesses: u64,
    deadline: Option<(Instant, std::time::Duration)>,
    timed_out: bool,
}

impl<K: Control> Control for Budget<'_, K> {
    fn keep_going(&mut self) -> bool {
        self.guesses += 1;
        if self.guesses > self.max_guesses || !self.control.keep_going() {
            return false;
        }
        if let Some((t0, limit)) = self.deadline {
            if self.guesses.is_multiple_of(TIME_CHECK_GUESSES) && t0.elapsed() >= limit {
                self.timed_out = true;
                return false;
            }
        }
        true
    }
}

/// The first search's control: the budget's, each solution's digits added to the true
/// candidates.
pub(crate) struct Witnesses<'a, 'b, K> {
    budget: &'a mut Budget<'b, K>,
    candidates: &'a mut [u32],
}

impl<K: Control> Control for Witnesses<'_, '_, K> {
    fn keep_going(&mut self) -> bool {
        self.budget.keep_going()
    }

    fn solution(&mut self, values: &[u8]) {
        witness(self.candidates, values);
    }
}

/// Adds the digits of a solution (row-major) to each cell's true candidates.
fn witness(candidates: &mut [u32], values: &[u8]) {
    for (m, &d) in candidates.iter_mut().zip(values) {
        *m |= 1 << (d - 1);
    }
}

/// How many solutions the first search enumerates: a puzzle with fewer (a unique one,
/// one being finished) is decided by that one search. Past a few dozen, the solutions
/// one depth-first search finds in a row differ in a few cells, and decide little
/// more than the first did (docs/performance.md, session 26, has the measurements).
pub const ENUMERATED: usize = 64;

/// The true candidates of the puzzle of `t`. `enumerate` is the engine's search (the
/// fast engines' where they take the puzzle), run first with the options it is given.
/// `band16`: the puzzle is a classic 16×16, whose searches one candidate at a time
/// run on the band engine too, from the general engine's propagated state.
pub(crate) fn true_candidates<const W: usize, const C: usize, K: Control>(
    t: &Tables,
    options: &Options,
    control: &mut K,
    enumerate: impl FnOnce(&Options, &mut Witnesses<'_, '_, K>) -> Outcome,
    band16: bool,
) -> TrueCandidates {
    let cells = t.cells;
    let mut out = TrueCandidates {
        candidates: vec![0; cells],
        undecided: vec![0; cells],
        solutions: 0,
        complete: true,
        timed_out: false,
        stats: Stats::default(),
    };
    let mut w = Work::new(t);
    let Ok(mut root) = State::<W, C>::start(t, &mut w) else {
        return out;
    };
    if !search::settle(t, &mut w, &mut root, None, options.backend) {
        return out;
    }
    let mut budget = Budget {
        control,
        guesses: 0,
        max_guesses: options.max_guesses.unwrap_or(u64::MAX),
        deadline: options.time_limit.map(|l| (Instant::now(), l)),
        timed_out: false,
    };
    let cap = options.solution_limit.max(1);
    // Every solution up to ENUMERATED (or the cap), in one search: when there are
    // fewer, they are all, and decide every candidate.
    let limit = cap.min(ENUMERATED);
    let one = Options::default().with_backend(options.backend);
    let found = enumerate(
        &one.with_limit(limit),
        &mut Witnesses {
            budget: &mut budget,
            candidates: &mut out.candidates,
        },
    );
    add(&mut out.stats, &found.stats);
    out.solutions = found.solutions;
    // Stopped by the budget, or at the cap with candidates left to decide.
    let mut stopped = !found.complete || (found.solutions >= cap && !all_decided(&root, &out, 0));
    // Every solution found: nothing is left to decide one candidate at a time.
    let exhausted = found.complete && found.solutions < limit;
    let to_decide = if exhausted { 0 } else { cells };
    for cell in 0..to_decide {
        let mut todo = root.cand[cell] & !out.candidates[cell];
        while todo != 0 {
            let bit = todo & todo.wrapping_neg();
            todo &= !bit;
            if out.candidates[cell] & bit != 0 {
                continue;
            }
            if stopped {
                out.undecided[cell] |= bit;
                continue;
            }
            let mut child = root;
            if !search::settle(t, &mut w, &mut child, Some((cell, bit)), options.backend) {
                continue;
            }
            let found = if band16 {
                crate::band16::search(&child.cand[..cells], &one, &mut budget)
            } else {
                search::search(t, &mut w, Some(child), &one, &mut budget)
            };
            add(&mut out.stats, &found.stats);
            if let Some(values) = found.solution {
                out.solutions += 1;
                witness(&mut out.candidates, &values);
                stopped = out.solutions >= cap && !all_decided(&root, &out, cell);
            } else if !found.complete {
                out.undecided[cell] |= bit;
                stopped = true;
            }
        }
    }
    out.timed_out = budget.timed_out;
    out.complete = !stopped && out.undecided.iter().all(|&m| m == 0);
    out
}

/// True if no candidate of `cell` or of a cell after it is left to decide.
fn all_decided<const W: usize, const C: usize>(
    root: &State<W, C>,
    out: &TrueCandidates,
    cell: usize,
) -> bool {
    (cell..out.candidates.len()).all(|c| root.cand[c] & !out.candidates[c] == 0)
}

fn add(total: &mut Stats, one: &Stats) {
    total.guesses += one.guesses;
    total.backtracks += one.backtracks;
    total.max_depth = total.max_depth.max(one.max_depth);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::nearly_full;
    use crate::{Engine, Puzzle};

    /// Every solution's digits, cell by cell, on the general engine.
    fn union(engine: &Engine) -> Vec<u32> {
        let mut union = vec![0u32; engine.tables.cells];
        let all = Options::default().with_limit(usize::MAX);
        let o = engine.general_search(&all, &mut Witness(&mut union));
        assert!(o.complete);
        union
    }

    struct Witness<'a>(&'a mut Vec<u32>);

    impl Control for Witness<'_> {
        fn solution(&mut self, values: &[u8]) {
            witness(self.0, values);
        }
    }

    /// A puzzle with fewer solutions than [`ENUMERATED`] is decided by the first search
    /// alone: its guesses are the whole run's.
    #[test]
    fn fewer_solutions_than_enumerated_take_one_search() {
        let mut p = Puzzle::classic(4).unwrap();
        p.set_givens(&[4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap();
        let engine = Engine::new(&p).unwrap();
        let tc = engine.true_candidates(&Options::default().with_limit(usize::MAX));
        let first = engine.search(&Options::default().with_limit(ENUMERATED));
        assert_eq!(first.solutions, 24);
        assert_eq!(
            (tc.complete, tc.solutions, tc.stats.guesses),
            (true, 24, first.stats.guesses)
        );
        assert_eq!(tc.candidates, union(&engine));
    }

    /// Past [`ENUMERATED`] solutions, the candidates the first search left are decided
    /// one by one; a cap at the first search's solutions stops the run there.
    #[test]
    fn more_solutions_than_enumerated_are_decided_one_by_one() {
        let engine = Engine::new(&Puzzle::classic(6).unwrap()).unwrap();
        let tc = engine.true_candidates(&Options::default().with_limit(usize::MAX));
        assert!(tc.complete && tc.solutions > ENUMERATED, "{tc:?}");
        assert!(tc.candidates.iter().all(|&m| m == 0b11_1111));
        let capped = engine.true_candidates(&Options::default().with_limit(ENUMERATED));
        assert_eq!((capped.status(), capped.solutions), ("gave-up", ENUMERATED));
        for (c, (&m, &u)) in capped.candidates.iter().zip(&capped.undecided).enumerate() {
            assert_eq!(m | u, 0b11_1111, "cell {c}");
            assert_eq!(m & u, 0, "cell {c}");
        }
    }

    /// On a classic 16×16 the first search is the band engine's: the candidates are the
    /// general engine's solutions all the same, with fewer solutions than
    /// [`ENUMERATED`] and with more.
    #[test]
    fn the_band_engine_s_first_search_gives_the_general_engine_s_candidates() {
        let (mut few, mut many) = (0, 0);
        for seed in 0.. {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = Puzzle::classic(16).unwrap();
            let shown = rng.f64() * 0.15 + 0.3;
            nearly_full(&mut rng, &mut p, shown, 255, 5);
            let engine = Engine::new(&p).unwrap();
            assert!(engine.band16);
            let options = Options::default()
                .with_limit(4 * ENUMERATED)
                .with_max_guesses(Some(50_000));
            let counted = engine.general_search(&options, &mut ());
            let n = counted.solutions;
            if !counted.complete || !(2..4 * ENUMERATED).contains(&n) {
                continue;
            }
            let tc = engine.true_candidates(&Options::default().with_limit(usize::MAX));
            assert!(tc.complete, "seed {seed}");
            assert_eq!(tc.candidates, union(&engine), "seed {seed}");
            if n < ENUMERATED {
                few += 1;
            } else {
                many += 1;
            }
            if few >= 3 && many >= 3 {
                break;
            }
        }
    }
}
