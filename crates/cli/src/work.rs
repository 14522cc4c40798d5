//! One record's work: solve, count or rate it within the budgets, and say what became
//! of it as a [`Status`]. Runs on the solving threads: no IO, and no allocation for a
//! classic record (a general one is compiled into its engine's tables first).

use crate::input::{General, Item};
use crate::signals;
use crate::status::Status;
use bitdoku_core::{Grid, ParseError, Puzzle, Record};
use bitdoku_solver::rate::{rate_with, Rating, Unrated};
use bitdoku_solver::{search_observed, Deadline, Observer, Options, Stats, TIME_CHECK_GUESSES};
use bitdoku_variants::{CandidatesSummary, Control, Reuse};
use std::time::{Duration, Instant};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Find the first solution.
    Solve,
    /// Count solutions up to a limit.
    Count(usize),
    /// Rate: ER, EP and ED on Sudoku Explainer's scale, and whether it is unique.
    Rate,
    /// True candidates: the digits each cell holds in some solution, deciding at most
    /// this many witness solutions.
    Candidates(usize),
}

/// How each puzzle is worked on.
pub struct Job {
    /// Solve, count or rate.
    pub task: Task,
    /// The search's limits and back-end (guess budget, wall-clock budget).
    pub options: Options,
    /// CPU-time budget per puzzle (the solving thread's own CPU time).
    pub cpu_timeout: Option<Duration>,
    /// Time each puzzle.
    pub timed: bool,
    /// The string solver, when it was chosen instead of the bitset one.
    pub norvig: Option<bitdoku_norvig::Norvig>,
}

impl Job {
    /// True when the records are read without the repeated-digit check (the search
    /// finds a repeated given's puzzle unsolvable, and [`work`] then names the
    /// repeat), so that valid puzzles skip the check.
    pub fn unchecked(&self) -> bool {
        self.task != Task::Rate
    }

    /// True when each puzzle takes milliseconds (a rating, Norvig's string solver):
    /// then puzzles go to the threads one at a time, so that a short file of hard
    /// puzzles runs on every thread.
    pub fn slow(&self) -> bool {
        matches!(self.task, Task::Rate | Task::Candidates(_)) || self.norvig.is_some()
    }
}

/// What became of one record.
#[derive(Clone, Debug)]
pub struct Done {
    /// The status.
    pub status: Status,
    /// The solution (solve), the one solution (count, when unique; rate), or the first
    /// of several (rate, not unique).
    pub solution: Option<Grid>,
    /// Count: solutions found (at most the limit).
    pub solutions: usize,
    /// Rate: the rating.
    pub rating: Option<Rating>,
    /// Invalid: why.
    pub error: Option<ParseError>,
    /// The solver's effort.
    pub stats: Stats,
    /// Seconds spent on this puzzle (with [`Job::timed`]).
    pub secs: f64,
    /// What a general record's work gave beyond the above.
    pub general: Option<Box<GeneralDone>>,
}

/// What the work on a general record gave.
#[derive(Clone, Debug, Default)]
pub struct GeneralDone {
    /// The solution, row-major digits (solve; count when unique; candidates when
    /// unique).
    pub solution: Option<Vec<u8>>,
    /// True candidates.
    pub candidates: Option<CandidatesSummary>,
    /// Invalid: why (after the JSON path of the error, when it is in JSON).
    pub error: Option<String>,
    /// The column of the error in its line (0 when it has none), for the message's
    /// position.
    pub column: usize,
    /// Unsolvable because a rule no digits satisfy: which and why
    /// ([`bitdoku_variants::Puzzle::no_solution`]).
    pub no_solution: Option<String>,
}

impl Done {
    fn new(status: Status) -> Done {
        Done {
            status,
            solution: None,
            solutions: 0,
            rating: None,
            error: None,
            stats: Stats::default(),
            secs: 0.0,
            general: None,
        }
    }

    /// A done general record.
    fn general(status: Status, general: GeneralDone) -> Done {
        Done {
            general: Some(Box::new(general)),
            ..Done::new(status)
        }
    }
}

/// The solving thread's CPU time in nanoseconds (0 where the clock cannot be read).
pub fn thread_cpu_nanos() -> u128 {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or(0, |t| {
        let secs = u128::try_from(t.tv_sec()).unwrap_or(0);
        let nanos = u128::try_from(t.tv_nsec()).unwrap_or(0);
        secs * 1_000_000_000 + nanos
    })
}

/// Stops a search or a rating once the thread's CPU-time budget is spent. The clock
/// costs a few hundred nanoseconds to read, so a search reads it every
/// [`TIME_CHECK_GUESSES`] guesses, as the library reads the wall clock for
/// [`Options::time_limit`]; a rating, which asks a few times per step, at every
/// question.
struct CpuDeadline {
    at: u128,
    every: u64,
    asked: u64,
    passed: bool,
}

impl CpuDeadline {
    /// A deadline `budget` of this thread's CPU time from now, its clock read every
    /// `every` questions.
    fn after(budget: Duration, every: u64) -> CpuDeadline {
        CpuDeadline {
            at: thread_cpu_nanos() + budget.as_nanos(),
            every,
            asked: 0,
            passed: false,
        }
    }
}

impl Observer for CpuDeadline {
    #[inline]
    fn keep_going(&mut self) -> bool {
        self.asked += 1;
        if self.asked.is_multiple_of(self.every) {
            self.passed |= thread_cpu_nanos() >= self.at;
        }
        !self.passed
    }
}

/// The general engine asks the same question.
impl Control for CpuDeadline {
    #[inline]
    fn keep_going(&mut self) -> bool {
        Observer::keep_going(self)
    }
}

/// What a search of the general engine may spend: `--cpu-timeout` if given (the wall
/// `--timeout` is the library's, in `Options`), and no more guesses once a signal came.
/// A classic record's search ends in milliseconds and the run stops after it; a hard
/// variant puzzle, or its true candidates, can search for minutes, so the signal stops
/// the search itself and the record is dropped as interrupted.
struct Stop {
    cpu: Option<CpuDeadline>,
}

impl Stop {
    fn new(job: &Job) -> Stop {
        Stop {
            cpu: job
                .cpu_timeout
                .map(|t| CpuDeadline::after(t, TIME_CHECK_GUESSES)),
        }
    }

    /// True if the CPU-time budget ran out.
    fn cpu_passed(&self) -> bool {
        self.cpu.as_ref().is_some_and(|c| c.passed)
    }
}

impl Control for Stop {
    #[inline]
    fn keep_going(&mut self) -> bool {
        !signals::interrupted() && self.cpu.as_mut().is_none_or(Observer::keep_going)
    }
}

/// What a rating, a hint or an explanation may spend: `--timeout`, `--cpu-timeout`,
/// and no more once a signal came. The observer of `rate_with` and
/// `Path::next_within`, asked before each step and, in the chains, square by square.
pub struct Allowance {
    wall: Deadline,
    cpu: Option<CpuDeadline>,
}

impl Allowance {
    /// The budgets of one puzzle, from now.
    pub fn new(timeout: Option<Duration>, cpu_timeout: Option<Duration>) -> Allowance {
        Allowance {
            wall: Deadline::after(timeout),
            cpu: cpu_timeout.map(|t| CpuDeadline::after(t, 1)),
        }
    }
}

impl Observer for Allowance {
    fn keep_going(&mut self) -> bool {
        !signals::interrupted()
            && self.wall.keep_going()
            && self.cpu.as_mut().is_none_or(Observer::keep_going)
    }
}

/// The status of a rating stopped or not, from the library's word: `interrupted` when
/// a signal stopped it (the record is then dropped).
pub fn rating_status(rating: &Rating) -> Status {
    if !rating.complete() && signals::interrupted() {
        return Status::Interrupted;
    }
    Status::from_word(rating.status()).unwrap_or(Status::Invalid)
}

/// Works on one record. Solving and counting read the inputs without the
/// repeated-digit check (it would cost every puzzle; see [`Job::unchecked`]), so a
/// puzzle that has no solution is checked here, and one that repeats a given is
/// reported as invalid, exactly as a checking reader would have.
pub fn work(item: &Item, job: &Job) -> Done {
    if signals::interrupted() {
        // The run is ending: the record will not be written.
        return Done::new(Status::Interrupted);
    }
    let start = job.timed.then(Instant::now);
    let mut done = match item {
        Item::Classic(record) => classic(record, job),
        Item::General(g) => general(g, job),
    };
    done.secs = start.map_or(0.0, |s| s.elapsed().as_secs_f64());
    done
}

fn classic(record: &Record, job: &Job) -> Done {
    let mut done = match &record.puzzle {
        Ok(puzzle) => match job.task {
            Task::Rate => rate(puzzle, job),
            Task::Candidates(limit) => {
                let g = General {
                    line: record.line,
                    tag: None,
                    read: Ok(bitdoku_variants::format::Read {
                        puzzle: bitdoku_variants::Puzzle::from_classic(puzzle),
                        source: bitdoku_variants::format::Source::Line,
                        solution: None,
                        title: None,
                        meta: None,
                    }),
                };
                return candidates(&g, job, limit);
            }
            _ => solve(puzzle, job),
        },
        Err(e) => Done {
            error: Some(*e),
            ..Done::new(Status::Invalid)
        },
    };
    if done.status == Status::Unsolvable {
        if let Some(e) = record.conflict() {
            done = Done {
                error: Some(e),
                ..Done::new(Status::Invalid)
            };
        }
    }
    done
}

/// A general record: N×N, JSON or a link, on the general engine (which sends a classic
/// puzzle to the fast one).
fn general(g: &General, job: &Job) -> Done {
    let read = match &g.read {
        Ok(read) => read,
        Err(e) => {
            // The column goes into the message's position; a JSON path stays in its text.
            let (error, column) = match e.column() {
                Some(c) => (e.message.clone(), c),
                None => (e.to_string(), 0),
            };
            return Done::general(
                Status::Invalid,
                GeneralDone {
                    error: Some(error),
                    column,
                    ..GeneralDone::default()
                },
            );
        }
    };
    let invalid = |message: String| {
        Done::general(
            Status::Invalid,
            GeneralDone {
                error: Some(message),
                ..GeneralDone::default()
            },
        )
    };
    if job.norvig.is_some() {
        return invalid("Norvig's string solver takes classic 9x9 puzzles".into());
    }
    let limit = match job.task {
        Task::Rate => return invalid("rating takes classic 9x9 puzzles".into()),
        Task::Candidates(limit) => return candidates(g, job, limit),
        Task::Count(n) => n.max(1),
        Task::Solve => 1,
    };
    let options = job.options.with_limit(limit);
    let mut stop = Stop::new(job);
    let outcome = Reuse::with_engine(&read.puzzle, |engine| {
        engine.search_with(&options, &mut stop)
    });
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => return invalid(e.to_string()),
    };
    let timed_out = outcome.timed_out || stop.cpu_passed();
    let status = match job.task {
        _ if !outcome.complete && signals::interrupted() => Status::Interrupted,
        _ if !outcome.complete && timed_out => Status::TimedOut,
        _ if !outcome.complete => Status::GaveUp,
        Task::Count(_) => count_status(outcome.solutions, limit),
        _ if outcome.solution.is_some() => Status::Solved,
        _ => Status::Unsolvable,
    };
    if status == Status::Unsolvable || (outcome.solutions == 0 && outcome.complete) {
        if let Some(e) = read.puzzle.repeated_given() {
            return invalid(e.to_string());
        }
    }
    Done {
        solutions: outcome.solutions,
        stats: outcome.stats,
        ..Done::general(
            status,
            GeneralDone {
                solution: match status {
                    Status::Solved | Status::Unique => outcome.solution,
                    _ => None,
                },
                no_solution: read.puzzle.no_solution().map(|e| e.message.clone()),
                ..GeneralDone::default()
            },
        )
    }
}

/// True candidates of a general record (or a classic one, as a 9×9 general puzzle).
fn candidates(g: &General, job: &Job, limit: usize) -> Done {
    let Ok(read) = &g.read else {
        return general(g, job);
    };
    let options = job.options.with_limit(limit);
    let mut stop = Stop::new(job);
    let tc = Reuse::with_engine(&read.puzzle, |engine| {
        engine.true_candidates_with(&options, &mut stop)
    });
    let tc = match tc {
        Ok(tc) => tc,
        Err(e) => {
            return Done::general(
                Status::Invalid,
                GeneralDone {
                    error: Some(e.to_string()),
                    ..GeneralDone::default()
                },
            )
        }
    };
    let summary = tc.summary();
    let mut status = Status::from_word(summary.status).unwrap_or(Status::Invalid);
    if !tc.complete && signals::interrupted() {
        status = Status::Interrupted;
    } else if !tc.complete && stop.cpu_passed() {
        status = Status::TimedOut;
    }
    if status == Status::Unsolvable {
        if let Some(e) = read.puzzle.repeated_given() {
            return Done::general(
                Status::Invalid,
                GeneralDone {
                    error: Some(e.to_string()),
                    ..GeneralDone::default()
                },
            );
        }
    }
    let solution = (status == Status::Unique).then(|| {
        tc.candidates
            .iter()
            .map(|m| m.trailing_zeros() as u8 + 1)
            .collect()
    });
    Done {
        solutions: tc.solutions,
        stats: tc.stats,
        ..Done::general(
            status,
            GeneralDone {
                solution,
                candidates: Some(summary),
                no_solution: read.puzzle.no_solution().map(|e| e.message.clone()),
                ..GeneralDone::default()
            },
        )
    }
}

fn solve(puzzle: &Puzzle, job: &Job) -> Done {
    let limit = match job.task {
        Task::Count(n) => n.max(1),
        Task::Solve | Task::Rate | Task::Candidates(_) => 1,
    };
    if let Some(norvig) = &job.norvig {
        return norvig_work(norvig, puzzle, job.task, limit);
    }
    let options = job.options.with_limit(limit);
    let mut cpu = job
        .cpu_timeout
        .map(|t| CpuDeadline::after(t, TIME_CHECK_GUESSES));
    let outcome = match &mut cpu {
        None => search_observed(puzzle, &options, ()),
        Some(deadline) => search_observed(puzzle, &options, deadline),
    };
    let timed_out = outcome.timed_out || cpu.is_some_and(|c| c.passed);
    let status = match job.task {
        _ if !outcome.complete && timed_out => Status::TimedOut,
        _ if !outcome.complete => Status::GaveUp,
        Task::Solve | Task::Rate | Task::Candidates(_) if outcome.solution.is_some() => {
            Status::Solved
        }
        Task::Solve | Task::Rate | Task::Candidates(_) => Status::Unsolvable,
        Task::Count(_) => count_status(outcome.solutions, limit),
    };
    Done {
        status,
        solution: match status {
            Status::Solved | Status::Unique => outcome.solution,
            _ => None,
        },
        solutions: outcome.solutions,
        stats: outcome.stats,
        ..Done::new(status)
    }
}

fn count_status(solutions: usize, limit: usize) -> Status {
    match solutions {
        0 => Status::Unsolvable,
        1 if limit == 1 => Status::Solvable,
        1 => Status::Unique,
        _ => Status::Multiple,
    }
}

/// Rates a puzzle on Sudoku Explainer's scale (see `bitdoku_solver::rate`) within the
/// budgets; a puzzle with several solutions is not rated, and its first solution is
/// given instead.
fn rate(puzzle: &Puzzle, job: &Job) -> Done {
    let allowance = Allowance::new(job.options.time_limit, job.cpu_timeout);
    match rate_with(puzzle, allowance) {
        Ok(rating) => Done {
            rating: Some(rating),
            solution: Some(rating.solution),
            ..Done::new(rating_status(&rating))
        },
        Err(Unrated::NotUnique { first }) => Done {
            solution: Some(first),
            ..Done::new(Status::NotUnique)
        },
        Err(Unrated::NoSolution) => Done::new(Status::Unsolvable),
    }
}

/// The string solver has no statistics and no budgets (they are refused for it when the
/// arguments are read).
fn norvig_work(norvig: &bitdoku_norvig::Norvig, puzzle: &Puzzle, task: Task, limit: usize) -> Done {
    use bitdoku_solver::Solver;
    match task {
        Task::Solve | Task::Rate | Task::Candidates(_) => match Solver::solve(norvig, puzzle) {
            Some(solution) => Done {
                solution: Some(solution),
                ..Done::new(Status::Solved)
            },
            None => Done::new(Status::Unsolvable),
        },
        Task::Count(_) => {
            let solutions = Solver::count(norvig, puzzle, limit);
            Done {
                solutions,
                ..Done::new(count_status(solutions, limit))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_cpu_time_moves_forward() {
        let before = thread_cpu_nanos();
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_nanos() > before);
    }

    /// Every status word of a rating is one of the CLI's statuses (issue 36, 4: a
    /// solved grid is `solved`, a good record).
    #[test]
    fn rating_words_are_statuses() {
        let solved: Grid =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                .parse()
                .unwrap();
        let rating = bitdoku_solver::rate::rate(solved).unwrap();
        assert_eq!(rating_status(&rating), Status::Solved);
        assert!(Status::Solved.is_good());
        for word in ["rated", "solved", "stalled", "timed-out"] {
            assert!(Status::from_word(word).is_some(), "{word}");
        }
    }

    #[test]
    fn count_statuses() {
        assert_eq!(count_status(1, 1), Status::Solvable);
        assert_eq!(count_status(1, 2), Status::Unique);
        assert_eq!(count_status(2, 2), Status::Multiple);
        assert_eq!(count_status(0, 2), Status::Unsolvable);
    }
}
