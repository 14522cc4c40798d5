//! The batch loop behind `solve` and `count`: read a batch of records, solve it, write
//! the results in input order.
//!
//! ```text
//!   one thread:    read batch i -> solve batch i -> write batch i -> read batch i+1 ...
//!
//!   N threads:     one pool thread: write batch i-1, read batch i+1 | write batch i ...
//!                  the others:      solve batch i                   | solve batch i+1
//!                  (rayon::join: the IO thread joins the solving when it is done)
//! ```
//!
//! With more than one thread, reading, parsing and writing overlap the solving, so they
//! cost almost no wall time, and no thread waits for another while work is left. At
//! most three batches are alive at once, so memory stays flat however long the input.

use crate::args::Format;
use crate::input::Source;
use crate::progress::Progress;
use bitdoku_core::{Grid, ParseError, Record};
use bitdoku_solver::{search, search_observed, Observer, Options, Stats};
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

/// Records read, solved and written per batch: big enough to keep every thread busy
/// and amortise the hand-off, small enough to keep memory flat.
const BATCH: usize = 4096;
/// The first batch of each file is this small, and each next one twice as big up to
/// [`BATCH`], so that the pipeline fills at once (the first read and the last write
/// are not overlapped with solving).
const FIRST_BATCH: usize = 256;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Find the first solution.
    Solve,
    /// Count solutions up to a limit.
    Count(usize),
}

/// Settings of one run over all inputs.
pub struct Settings {
    /// Solve or count.
    pub task: Task,
    /// Output format.
    pub format: Format,
    /// Threads; 1 runs on the calling thread.
    pub threads: usize,
    /// Guess budget per puzzle.
    pub max_guesses: Option<u64>,
    /// Time budget per puzzle.
    pub timeout: Option<std::time::Duration>,
    /// The bitset solver's back-end.
    pub backend: bitdoku_solver::Backend,
    /// Time each puzzle and print the summary.
    pub stats: bool,
    /// No progress bar, no per-puzzle messages.
    pub quiet: bool,
    /// The string solver, when it was chosen instead of the bitset one.
    pub norvig: Option<bitdoku_norvig::Norvig>,
}

/// The answer for one puzzle.
enum Verdict {
    Solved(Grid),
    Counted {
        solutions: usize,
        first: Option<Grid>,
    },
    NoSolution,
    GaveUp {
        solutions: usize,
    },
    TimedOut {
        solutions: usize,
    },
    Invalid(ParseError),
}

/// Stops a search once its deadline has passed. Reading the clock costs tens of
/// nanoseconds, so it is read every 64 guesses; events stay off.
struct Deadline {
    at: Instant,
    guesses: u32,
    passed: bool,
}

impl Observer for Deadline {
    #[inline]
    fn keep_going(&mut self) -> bool {
        self.guesses = self.guesses.wrapping_add(1);
        if self.guesses.is_multiple_of(64) && Instant::now() >= self.at {
            self.passed = true;
        }
        !self.passed
    }
}

struct Done {
    verdict: Verdict,
    stats: Stats,
    secs: f64,
}

/// Totals over a run, for the summary and the exit status.
#[derive(Default)]
pub struct Totals {
    /// Puzzles read (valid or not).
    pub puzzles: u64,
    /// Puzzles solved (solve) or with exactly one solution (count).
    pub good: u64,
    /// Count: puzzles with two or more solutions.
    pub multiple: u64,
    /// Puzzles with no solution.
    pub none: u64,
    /// Puzzles that could not be read.
    pub invalid: u64,
    /// Puzzles given up on (guess budget or timeout).
    pub gave_up: u64,
    /// Sum of the per-puzzle times.
    pub secs: f64,
    /// The longest per-puzzle time.
    pub max_secs: f64,
    /// Guesses over all puzzles.
    pub guesses: u64,
    /// Inputs that could not be read.
    pub unreadable: u64,
    /// Inputs that held no puzzle.
    pub empty: u64,
}

/// Solves or counts one record. The inputs are read without the repeated-digit check
/// (it would cost every puzzle; see `RecordReader::without_conflict_check`), so a grid
/// that has no solution is checked here, and one that repeats a digit is reported as
/// invalid, exactly as a checking reader would have.
fn work(record: &Record, settings: &Settings) -> Done {
    let mut done = solve_record(record, settings);
    if matches!(done.verdict, Verdict::NoSolution) {
        if let Some(e) = record.conflict() {
            done.verdict = Verdict::Invalid(e);
        }
    }
    done
}

fn solve_record(record: &Record, settings: &Settings) -> Done {
    let start = settings.stats.then(Instant::now);
    let grid = match &record.grid {
        Ok(g) => g,
        Err(e) => {
            return Done {
                verdict: Verdict::Invalid(*e),
                stats: Stats::default(),
                secs: 0.0,
            }
        }
    };
    let limit = match settings.task {
        Task::Solve => 1,
        Task::Count(n) => n,
    };
    if let Some(norvig) = &settings.norvig {
        return norvig_work(norvig, grid, settings, start);
    }
    let options = Options {
        solution_limit: limit,
        max_guesses: settings.max_guesses,
        backend: settings.backend,
    };
    let mut timed_out = false;
    let outcome = match settings.timeout {
        None => search(grid, &options),
        Some(timeout) => {
            let mut deadline = Deadline {
                at: Instant::now() + timeout,
                guesses: 0,
                passed: false,
            };
            let outcome = search_observed(grid, &options, &mut deadline);
            timed_out = deadline.passed;
            outcome
        }
    };
    let verdict = match (settings.task, outcome.solution) {
        _ if timed_out && !outcome.complete => Verdict::TimedOut {
            solutions: outcome.solutions,
        },
        _ if !outcome.complete => Verdict::GaveUp {
            solutions: outcome.solutions,
        },
        (Task::Solve, Some(g)) => Verdict::Solved(g),
        (Task::Count(_), first) if outcome.solutions > 0 => Verdict::Counted {
            solutions: outcome.solutions,
            first,
        },
        _ => Verdict::NoSolution,
    };
    Done {
        verdict,
        stats: outcome.stats,
        secs: start.map_or(0.0, |s| s.elapsed().as_secs_f64()),
    }
}

/// The string solver has no statistics and no guess budget.
fn norvig_work(
    norvig: &bitdoku_norvig::Norvig,
    grid: &Grid,
    settings: &Settings,
    start: Option<Instant>,
) -> Done {
    use bitdoku_solver::Solver;
    let verdict = match settings.task {
        Task::Solve => Solver::solve(norvig, grid).map_or(Verdict::NoSolution, Verdict::Solved),
        Task::Count(limit) => match Solver::count(norvig, grid, limit) {
            0 => Verdict::NoSolution,
            solutions => Verdict::Counted {
                solutions,
                first: None,
            },
        },
    };
    Done {
        verdict,
        stats: Stats::default(),
        secs: start.map_or(0.0, |s| s.elapsed().as_secs_f64()),
    }
}

/// One batch: the file it came from, its records and, once solved, their answers.
#[derive(Default)]
struct Batch {
    file: usize,
    records: Vec<Record>,
    results: Vec<Done>,
}

impl Batch {
    /// Solves the batch on this thread.
    fn solve_sequential(&mut self, settings: &Settings) {
        self.results.clear();
        self.results
            .extend(self.records.iter().map(|r| work(r, settings)));
    }

    /// Solves the batch on the rayon pool the caller runs in.
    fn solve_parallel(&mut self, settings: &Settings) {
        self.records
            .par_iter()
            .with_min_len(32)
            .map(|r| work(r, settings))
            .collect_into_vec(&mut self.results)
    }
}

/// The inputs, opened one after the other and read in batches.
struct Inputs<'a> {
    paths: &'a [String],
    next: usize,
    current: Option<Source>,
    /// Names for messages, by file index.
    names: Vec<String>,
    /// Bytes consumed in files already finished.
    finished_bytes: u64,
    /// The size of the next batch.
    batch_size: usize,
}

impl Inputs<'_> {
    /// Fills `batch` with the next records (never mixing two files); false at the end.
    fn next_batch(&mut self, batch: &mut Batch, totals: &mut Totals) -> bool {
        batch.records.clear();
        loop {
            let source = match &mut self.current {
                Some(s) => s,
                None => {
                    let Some(path) = self.paths.get(self.next) else {
                        return false;
                    };
                    self.next += 1;
                    match Source::open(path).map(Source::without_conflict_check) {
                        Ok(s) => {
                            self.names.push(s.name.clone());
                            self.current.insert(s)
                        }
                        Err(e) => {
                            // Unreadable inputs are reported even with --quiet: they
                            // are not records, so no output line says so.
                            eprintln!("bitdoku: {path}: {e}");
                            totals.unreadable += 1;
                            continue;
                        }
                    }
                }
            };
            let read = source.read_records(&mut batch.records, self.batch_size);
            self.batch_size = (self.batch_size * 2).min(BATCH);
            if let Err(e) = &read {
                eprintln!("bitdoku: {}: {e}", source.name);
                totals.unreadable += 1;
            }
            batch.file = self.names.len() - 1;
            if read.is_err() || batch.records.is_empty() {
                if let Some(why) = source.why_empty() {
                    eprintln!("bitdoku: {}: {why}", source.name);
                    totals.empty += 1;
                }
                self.finished_bytes += source.consumed;
                self.current = None;
            }
            if !batch.records.is_empty() {
                return true;
            }
        }
    }

    /// Bytes consumed over all inputs so far.
    fn consumed(&self) -> u64 {
        self.finished_bytes + self.current.as_ref().map_or(0, |s| s.consumed)
    }
}

/// Runs `settings.task` over every input, writing to `out` and messages to stderr.
pub fn run(
    inputs: &[String],
    settings: &Settings,
    out: &mut (dyn Write + Send),
) -> io::Result<Totals> {
    let pool = if settings.threads > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(settings.threads)
                .build()
                .map_err(io::Error::other)?,
        )
    } else {
        None
    };
    let total_bytes = inputs
        .iter()
        .map(|p| Source::size_of(p))
        .sum::<Option<u64>>();
    let mut progress = Progress::new(total_bytes, settings.quiet);
    let mut totals = Totals::default();
    let mut inputs = Inputs {
        paths: inputs,
        next: 0,
        current: None,
        names: Vec::new(),
        finished_bytes: 0,
        batch_size: FIRST_BATCH,
    };
    let mut current = Batch::default();
    match &pool {
        None => {
            while inputs.next_batch(&mut current, &mut totals) {
                current.solve_sequential(settings);
                write_batch(out, &current, &inputs.names, settings, &mut totals)?;
                progress.update(inputs.consumed(), totals.puzzles);
            }
        }
        Some(pool) => {
            // Three batches in flight: `previous` is written and `next` read while the
            // pool solves `current`.
            let mut previous = Batch::default();
            let mut next = Batch::default();
            let mut have_current = inputs.next_batch(&mut current, &mut totals);
            let mut have_previous = false;
            while have_current || have_previous {
                // `join` runs the IO on one pool thread and offers the solving to the
                // others; whichever side finishes first helps with the rest, so N
                // threads are N busy threads, not N solvers and an IO thread fighting
                // over N cores.
                let (written, have_next) = pool.install(|| {
                    rayon::join(
                        || {
                            let written = if have_previous {
                                write_batch(out, &previous, &inputs.names, settings, &mut totals)
                            } else {
                                Ok(())
                            };
                            let have_next = written.is_ok()
                                && have_current
                                && inputs.next_batch(&mut next, &mut totals);
                            (written, have_next)
                        },
                        || {
                            if have_current {
                                current.solve_parallel(settings)
                            }
                        },
                    )
                    .0
                });
                written?;
                progress.update(inputs.consumed(), totals.puzzles);
                // previous <- current <- next <- (the old previous, to be refilled).
                std::mem::swap(&mut previous, &mut current);
                std::mem::swap(&mut current, &mut next);
                have_previous = have_current;
                have_current = have_next;
            }
        }
    }
    progress.finish();
    out.flush()?;
    Ok(totals)
}

fn write_batch(
    out: &mut dyn Write,
    batch: &Batch,
    names: &[String],
    settings: &Settings,
    totals: &mut Totals,
) -> io::Result<()> {
    let name = names.get(batch.file).map_or("", String::as_str);
    for (record, done) in batch.records.iter().zip(&batch.results) {
        report(out, name, record, done, settings, totals)?;
    }
    Ok(())
}

/// One JSON Lines record.
#[derive(Serialize)]
struct JsonRecord<'a> {
    file: &'a str,
    line: usize,
    /// The puzzle as 81 characters (`.` for empty), or null if it could not be read.
    puzzle: Option<&'a str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'a str>,
    /// Count: solutions found.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<usize>,
    /// Count: true when counting stopped at the limit (or the guess budget), so there
    /// may be more.
    #[serde(skip_serializing_if = "Option::is_none")]
    at_least: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    backtracks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// What a record says, whatever the format.
struct Answer {
    /// `solved`, `unsolvable`, `invalid`, `gave-up`, `timed-out`; count: `unique`, `multiple`,
    /// `none`, `solvable` (limit 1).
    status: &'static str,
    grid: Option<Grid>,
    solutions: Option<usize>,
    at_least: bool,
    error: Option<String>,
}

fn answer(done: &Done, settings: &Settings) -> Answer {
    let limit = match settings.task {
        Task::Solve => 1,
        Task::Count(n) => n,
    };
    let mut a = Answer {
        status: "",
        grid: None,
        solutions: None,
        at_least: false,
        error: None,
    };
    match &done.verdict {
        Verdict::Solved(grid) => {
            a.status = "solved";
            a.grid = Some(*grid);
        }
        Verdict::Counted { solutions, first } => {
            a.solutions = Some(*solutions);
            a.at_least = *solutions >= limit;
            a.status = match *solutions {
                1 if limit == 1 => "solvable",
                1 => "unique",
                _ => "multiple",
            };
            a.grid = if *solutions == 1 { *first } else { None };
        }
        Verdict::NoSolution => {
            a.status = match settings.task {
                Task::Solve => "unsolvable",
                Task::Count(_) => "none",
            };
            if settings.task != Task::Solve {
                a.solutions = Some(0);
            }
            a.error = Some("no solution".to_string());
        }
        Verdict::GaveUp { solutions } => {
            a.status = "gave-up";
            if settings.task != Task::Solve {
                a.solutions = Some(*solutions);
                a.at_least = true;
            }
            a.error = Some(format!("gave up after {} guesses", done.stats.guesses));
        }
        Verdict::TimedOut { solutions } => {
            a.status = "timed-out";
            if settings.task != Task::Solve {
                a.solutions = Some(*solutions);
                a.at_least = true;
            }
            a.error = Some(format!(
                "timed out after {} guesses ({:.3} s)",
                done.stats.guesses,
                settings.timeout.map_or(0.0, |t| t.as_secs_f64())
            ));
        }
        Verdict::Invalid(e) => {
            a.status = "invalid";
            a.error = Some(e.to_string());
        }
    }
    a
}

fn report(
    out: &mut dyn Write,
    name: &str,
    record: &Record,
    done: &Done,
    settings: &Settings,
    totals: &mut Totals,
) -> io::Result<()> {
    totals.puzzles += 1;
    totals.secs += done.secs;
    totals.max_secs = totals.max_secs.max(done.secs);
    totals.guesses += done.stats.guesses;
    let a = answer(done, settings);
    match a.status {
        "solved" | "unique" => totals.good += 1,
        "multiple" | "solvable" => totals.multiple += 1,
        "unsolvable" | "none" => totals.none += 1,
        "gave-up" | "timed-out" => totals.gave_up += 1,
        _ => totals.invalid += 1,
    }
    if !settings.quiet {
        match &done.verdict {
            Verdict::Invalid(e) => eprintln!(
                "bitdoku: {name}:{}:{}: {}",
                e.position.line, e.position.column, e.kind
            ),
            Verdict::NoSolution | Verdict::GaveUp { .. } | Verdict::TimedOut { .. } => {
                if let Some(e) = &a.error {
                    eprintln!("bitdoku: {name}:{}: {e}", record.line)
                }
            }
            _ => {}
        }
    }
    match settings.format {
        Format::Json => {
            // An invalid record has no puzzle to echo, also when its repeated digit was
            // found after the solve (see `work`).
            let valid = !matches!(done.verdict, Verdict::Invalid(_));
            let puzzle = record
                .grid
                .as_ref()
                .ok()
                .filter(|_| valid)
                .map(Grid::to_line);
            let solution = a.grid.as_ref().map(Grid::to_line);
            let text = |b: &Option<[u8; 81]>| -> Option<String> {
                b.as_ref().map(|b| String::from_utf8_lossy(b).into_owned())
            };
            let (puzzle, solution) = (text(&puzzle), text(&solution));
            let json = JsonRecord {
                file: name,
                line: record.line,
                puzzle: puzzle.as_deref(),
                status: a.status,
                solution: solution.as_deref(),
                solutions: a.solutions,
                at_least: a.solutions.map(|_| a.at_least),
                error: a.error,
                guesses: (settings.stats && settings.norvig.is_none())
                    .then_some(done.stats.guesses),
                backtracks: (settings.stats && settings.norvig.is_none())
                    .then_some(done.stats.backtracks),
                micros: settings.stats.then_some((done.secs * 1e7).round() / 10.0),
            };
            serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        Format::Line | Format::Grid => {
            if settings.task == Task::Solve {
                return match a.grid {
                    Some(grid) => write_grid(out, &grid, settings.format),
                    None => writeln!(out, "{}", a.status),
                };
            }
            match a.solutions {
                Some(n) => writeln!(out, "{n}{} {}", if a.at_least { "+" } else { "" }, a.status)?,
                None => writeln!(out, "{}", a.status)?,
            }
            match (settings.format, a.grid) {
                (Format::Grid, Some(g)) => write_grid(out, &g, Format::Grid),
                _ => Ok(()),
            }
        }
    }
}

fn write_grid(out: &mut dyn Write, grid: &Grid, format: Format) -> io::Result<()> {
    match format {
        Format::Grid => writeln!(out, "{grid:#}"),
        Format::Line | Format::Json => {
            let mut line = [b'\n'; 82];
            line[..81].copy_from_slice(&grid.to_line());
            out.write_all(&line)
        }
    }
}
