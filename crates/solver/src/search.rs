//! `search`: depth-first search over copies of the state, branching on a square chosen
//! by the rule of [`crate::branch`] and trying its digits in increasing order. One
//! routine serves solve, count and uniqueness: it stops after `solution_limit`
//! solutions or when the guess budget runs out.

use crate::arch::{self, Backend, Kernel, WithKernel};
use crate::fast::Bands;
use crate::masks::grid_of;
use crate::observe::{Event, Observer};
use crate::steps::state::State;
use bitdoku_core::{Candidates, Digit, Grid, ParseError, Puzzle, Record, Square};
use std::time::{Duration, Instant};

/// What a search should do. Build one from [`Options::default`] and the `with_`
/// methods (the struct is `#[non_exhaustive]`, so that fields can be added):
///
/// ```
/// use bitdoku_solver::Options;
/// use std::time::Duration;
/// let options = Options::default()
///     .with_limit(2)
///     .with_max_guesses(Some(10_000))
///     .with_time_limit(Some(Duration::from_millis(50)));
/// assert_eq!(options.solution_limit, 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Options {
    /// Stop after this many solutions: 1 to solve, 2 to check uniqueness. 0 is read as 1.
    pub solution_limit: usize,
    /// Give up after this many guesses (`None`: never). A puzzle that hits the limit
    /// ends with [`Outcome::complete`] false.
    pub max_guesses: Option<u64>,
    /// Give up once this much time has passed since the search started (`None`:
    /// never). The clock is read every [`TIME_CHECK_GUESSES`] guesses, so a search
    /// may run that many guesses past the limit; propagation before the first guess
    /// is not interrupted. A search that runs out of time ends with
    /// [`Outcome::complete`] false and [`Outcome::timed_out`] true.
    pub time_limit: Option<Duration>,
    /// The machine code the fast engine runs on: [`Backend::Auto`] (the default) picks
    /// the fastest this CPU has; one it lacks runs as `Auto`. All give the same answers
    /// and statistics; only the speed differs. (An observed search runs the
    /// step-by-step engine, which has one back-end.)
    pub backend: Backend,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            solution_limit: 1,
            max_guesses: None,
            time_limit: None,
            backend: Backend::Auto,
        }
    }
}

impl Options {
    /// These options with [`Options::solution_limit`] set: 1 to solve, 2 to check
    /// uniqueness, more to count.
    #[must_use]
    pub const fn with_limit(mut self, solution_limit: usize) -> Options {
        self.solution_limit = solution_limit;
        self
    }

    /// These options with [`Options::max_guesses`] set.
    #[must_use]
    pub const fn with_max_guesses(mut self, max_guesses: Option<u64>) -> Options {
        self.max_guesses = max_guesses;
        self
    }

    /// These options with [`Options::time_limit`] set.
    #[must_use]
    pub const fn with_time_limit(mut self, time_limit: Option<Duration>) -> Options {
        self.time_limit = time_limit;
        self
    }

    /// These options with [`Options::backend`] set.
    #[must_use]
    pub const fn with_backend(mut self, backend: Backend) -> Options {
        self.backend = backend;
        self
    }
}

/// With [`Options::time_limit`], the clock is read once per this many guesses (reading
/// it costs tens of nanoseconds; a guess costs about as much).
pub const TIME_CHECK_GUESSES: u64 = 64;

/// How much work a search did.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Guesses: digits tried at a branch point (each is one copy of the state).
    pub guesses: u64,
    /// Guesses that led to a contradiction at once.
    pub backtracks: u64,
    /// The deepest stack of guesses.
    pub max_depth: u32,
}

/// What a search found.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// How many solutions were found (at most the limit).
    pub solutions: usize,
    /// True if the search ended by itself or at the solution limit; false if the guess
    /// budget ran out or the observer stopped it first (then `solutions` is a lower
    /// bound).
    pub complete: bool,
    /// True if [`Options::time_limit`] stopped the search (then `complete` is false).
    pub timed_out: bool,
    /// The work done.
    pub stats: Stats,
}

/// A search state: the cell masks plus whatever propagation keeps beside them.
/// [`Bands`] is the fast path; [`State`] runs the same rules one step at a time and
/// reports each step to the observer, so an observed search uses it.
trait Engine: Copy {
    /// The candidates of `square`.
    fn candidates(&self, square: usize) -> u16;
    /// The grid of the solved squares.
    fn grid(&self) -> Grid;
    /// The square to branch on (the rule of [`crate::branch`]), or `None` if every
    /// square is solved.
    fn most_constrained(&self) -> Option<usize>;
    /// Places `bit` in `square` and propagates; false on a contradiction.
    fn assign<O: Observer>(&mut self, square: usize, bit: u16, obs: &mut O) -> bool;
    /// A copy of this state to try a guess on.
    fn child(&self) -> Self {
        *self
    }
    /// Runs `f` compiled for the engine's machine code (see [`Kernel::enter`]).
    fn enter<R>(&self, f: impl FnOnce() -> R) -> R;
}

impl Engine for State {
    #[inline(always)]
    fn candidates(&self, square: usize) -> u16 {
        self.cells[square]
    }
    #[inline(always)]
    fn grid(&self) -> Grid {
        grid_of(&self.cells)
    }
    #[inline(always)]
    fn most_constrained(&self) -> Option<usize> {
        State::most_constrained(self)
    }
    #[inline(always)]
    fn assign<O: Observer>(&mut self, square: usize, bit: u16, obs: &mut O) -> bool {
        State::assign(self, square, bit, true, obs)
    }
    #[inline(always)]
    fn enter<R>(&self, f: impl FnOnce() -> R) -> R {
        f()
    }
}

impl<K: Kernel> Engine for Bands<K> {
    #[inline(always)]
    fn child(&self) -> Self {
        Bands::child(self)
    }
    #[inline(always)]
    fn candidates(&self, square: usize) -> u16 {
        self.cells.get(square)
    }
    #[inline(always)]
    fn grid(&self) -> Grid {
        Bands::grid(self)
    }
    #[inline(always)]
    fn most_constrained(&self) -> Option<usize> {
        Bands::most_constrained(self)
    }
    #[inline(always)]
    fn assign<O: Observer>(&mut self, square: usize, bit: u16, _: &mut O) -> bool {
        Bands::assign(self, square, bit)
    }
    #[inline(always)]
    fn enter<R>(&self, f: impl FnOnce() -> R) -> R {
        self.kernel().enter(f)
    }
}

struct Search<O> {
    observer: O,
    limit: usize,
    /// The guess count at which [`Search::out_of_guesses`] is asked: the guess budget,
    /// or the next clock reading when there is a deadline.
    budget: u64,
    /// [`Options::max_guesses`], or `u64::MAX`.
    max_guesses: u64,
    /// When the time limit runs out.
    deadline: Option<Instant>,
    timed_out: bool,
    solutions: usize,
    first: Option<Grid>,
    stats: Stats,
    out_of_budget: bool,
}

impl<O: Observer> Search<O> {
    /// Explores `state` (already propagated); true when the search must stop. Each
    /// node runs inside the engine's machine-code context, so the recursion stays in
    /// one `#[target_feature]` function per back-end.
    #[inline(always)]
    fn explore<E: Engine>(&mut self, state: &E, depth: u32) -> bool {
        state.enter(
            #[inline(always)]
            || self.explore_here(state, depth),
        )
    }

    /// The body of [`Search::explore`].
    #[inline(always)]
    fn explore_here<E: Engine>(&mut self, state: &E, depth: u32) -> bool {
        let Some(square) = state.most_constrained() else {
            if O::ENABLED {
                self.observer.event(&Event::Solution(state.grid()));
            }
            if O::SOLUTIONS {
                self.observer.solution(&state.grid());
            }
            if self.solutions == 0 {
                self.first = Some(state.grid());
            }
            self.solutions += 1;
            return self.solutions >= self.limit;
        };
        let depth = depth + 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        let mut candidates = state.candidates(square);
        while candidates != 0 {
            if (self.stats.guesses >= self.budget && self.out_of_guesses())
                || !self.observer.keep_going()
            {
                self.out_of_budget = true;
                return true;
            }
            self.stats.guesses += 1;
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            if O::ENABLED {
                self.guess_event(state.candidates(square), square, bit, depth);
            }
            let mut child = state.child();
            if !child.assign(square, bit, &mut self.observer) {
                self.stats.backtracks += 1;
                if O::ENABLED {
                    self.backtrack_event(square, bit, depth);
                }
                continue;
            }
            if self.explore(&child, depth) {
                return true;
            }
            if O::ENABLED {
                self.backtrack_event(square, bit, depth);
            }
        }
        false
    }

    /// Called when the guess count reaches `budget`: true if the guess budget or the
    /// time limit has run out; otherwise moves `budget` to the next clock reading.
    #[cold]
    fn out_of_guesses(&mut self) -> bool {
        if self.stats.guesses >= self.max_guesses {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        if Instant::now() >= deadline {
            self.timed_out = true;
            return true;
        }
        self.budget = self
            .max_guesses
            .min(self.stats.guesses.saturating_add(TIME_CHECK_GUESSES));
        false
    }

    #[cold]
    fn guess_event(&mut self, cells: u16, square: usize, bit: u16, depth: u32) {
        if let (Some(square), Some(digit)) = (Square::new(square), Digit::from_lowest_bit(bit)) {
            self.observer.event(&Event::Guess {
                square,
                candidates: Candidates::from_bits(cells),
                digit,
                depth,
            });
        }
    }

    #[cold]
    fn backtrack_event(&mut self, square: usize, bit: u16, depth: u32) {
        if let (Some(square), Some(digit)) = (Square::new(square), Digit::from_lowest_bit(bit)) {
            self.observer.event(&Event::Backtrack {
                square,
                digit,
                depth,
            });
        }
    }
}

/// Searches the puzzle of a record read without the repeated-digit check
/// ([`RecordReader::without_conflict_check`](bitdoku_core::RecordReader::without_conflict_check)):
/// the record's [`ParseError`] if it could not be read, else the [`search`] outcome;
/// but when the search finds no solution (a grid that repeats a given has none), the
/// repeated given's error if there is one. The result is what a checking reader's
/// record would give, and the puzzles that solve never pay for the check.
/// [`crate::Batch::search_records`] and the C API go through here; the CLI, which
/// also rates and runs Norvig's solver, applies [`Record::conflict`] to its own
/// statuses the same way.
///
/// ```
/// use bitdoku_core::RecordReader;
/// use bitdoku_solver::{search_record, Options};
/// let mut records = Vec::new();
/// let mut reader = RecordReader::without_conflict_check();
/// let repeated = format!("11{}", ".".repeat(79));
/// reader.push_line(repeated.as_bytes(), |r| records.push(r));
/// let error = search_record(&records[0], &Options::default()).unwrap_err();
/// assert_eq!((error.position.line, error.position.column), (1, 2));
/// ```
pub fn search_record(record: &Record, options: &Options) -> Result<Outcome, ParseError> {
    let outcome = search(record.puzzle?, options);
    if outcome.complete && outcome.solutions == 0 {
        if let Some(conflict) = record.conflict() {
            return Err(conflict);
        }
    }
    Ok(outcome)
}

/// Searches `puzzle` (a [`Grid`] of givens, a pencilmark [`Board`](bitdoku_core::Board)
/// of candidates, or a [`Puzzle`] that is either) with `options`: the one routine
/// behind [`crate::solve`], [`crate::count_solutions`] and [`crate::is_unique`].
///
/// ```
/// use bitdoku_core::{Board, Candidates, Grid, Square};
/// use bitdoku_solver::{search, Options};
/// let two: Grid = "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8"
///     .parse().unwrap();
/// let outcome = search(&two, &Options::default().with_limit(10));
/// assert_eq!(outcome.solutions, 2);
/// assert!(outcome.complete);
///
/// // From candidates: only 9 in A1.
/// let mut board = Board::FULL;
/// let a1 = Square::new(0).unwrap();
/// board.set(a1, Candidates::from_bits(0b1_0000_0000));
/// let outcome = search(&board, &Options::default());
/// assert_eq!(outcome.solution.unwrap().get(a1).unwrap().get(), 9);
/// ```
pub fn search(puzzle: impl Into<Puzzle>, options: &Options) -> Outcome {
    search_observed(puzzle, options, ())
}

/// [`search`] with an [`Observer`] that sees every step (see [`crate::observe`]) and
/// can stop the search.
pub fn search_observed<O: Observer>(
    puzzle: impl Into<Puzzle>,
    options: &Options,
    observer: O,
) -> Outcome {
    let puzzle = puzzle.into();
    let mut search = Search::new(options, observer);
    search.start(&puzzle, options.backend);
    search.outcome()
}

impl<O: Observer> Search<O> {
    /// Propagates the puzzle and explores it: the one place an engine is chosen. An
    /// observer that wants events gets the step engine, every other search the fast
    /// engine on the back-end `backend` resolves to.
    fn start(&mut self, puzzle: &Puzzle, backend: Backend) {
        if O::ENABLED {
            let state = match puzzle {
                Puzzle::Givens(grid) => State::start(grid, true, &mut self.observer),
                Puzzle::Candidates(board) => State::from_board(board, true, &mut self.observer),
            };
            if let Some(state) = state {
                self.explore(&state, 0);
            }
        } else {
            arch::dispatch(
                backend,
                Fast {
                    puzzle,
                    search: self,
                },
            );
        }
    }
}

impl<O: Observer> Search<O> {
    fn new(options: &Options, observer: O) -> Self {
        let max_guesses = options.max_guesses.unwrap_or(u64::MAX);
        // A limit too far to represent is no limit.
        let deadline = options
            .time_limit
            .and_then(|t| Instant::now().checked_add(t));
        Search {
            observer,
            limit: options.solution_limit.max(1),
            // With a time limit, the first clock reading is at the first guess.
            budget: if deadline.is_some() { 0 } else { max_guesses },
            max_guesses,
            deadline,
            timed_out: false,
            solutions: 0,
            first: None,
            stats: Stats::default(),
            out_of_budget: false,
        }
    }

    fn outcome(self) -> Outcome {
        Outcome {
            solution: self.first,
            solutions: self.solutions,
            complete: !self.out_of_budget,
            timed_out: self.timed_out,
            stats: self.stats,
        }
    }
}

/// A search on the band engine, started with the kernel [`arch::dispatch`] chose.
struct Fast<'a, O> {
    puzzle: &'a Puzzle,
    search: &'a mut Search<O>,
}

impl<O: Observer> WithKernel for Fast<'_, O> {
    type Output = ();

    #[inline(always)]
    fn call<K: Kernel>(self, kernel: K) {
        let Fast { puzzle, search } = self;
        kernel.enter(
            #[inline(always)]
            || {
                let state = match puzzle {
                    Puzzle::Givens(grid) => Bands::start(kernel, grid),
                    Puzzle::Candidates(board) => Bands::from_board(kernel, board),
                };
                if let Some(state) = state {
                    search.explore(&state, 0);
                }
            },
        );
    }
}
