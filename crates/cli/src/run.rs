//! The batch loop behind `solve` and `count`: read a batch of records, solve it (on a
//! rayon pool when there is more than one thread), write the results in input order.

use crate::args::Format;
use crate::input::Source;
use bitdoku_core::{Grid, ParseError, Record};
use bitdoku_solver::{search, Options, Stats};
use rayon::prelude::*;
use std::io::{self, Write};
use std::time::Instant;

/// Records read, solved and written per batch: big enough to keep every thread busy
/// and amortise the hand-off, small enough to keep memory flat.
const BATCH: usize = 4096;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
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
    /// Time each puzzle and print the summary.
    pub stats: bool,
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
    Invalid(ParseError),
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
    /// Sum of the per-puzzle times.
    pub secs: f64,
    /// The longest per-puzzle time.
    pub max_secs: f64,
    /// Guesses over all puzzles.
    pub guesses: u64,
    /// Inputs that could not be read.
    pub unreadable: u64,
}

fn work(record: &Record, settings: &Settings) -> Done {
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
    let outcome = search(
        grid,
        &Options {
            solution_limit: limit,
            max_guesses: settings.max_guesses,
        },
    );
    let verdict = match (settings.task, outcome.solution) {
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

/// Runs `settings.task` over every input, writing to `out` and messages to stderr.
pub fn run(inputs: &[String], settings: &Settings, out: &mut dyn Write) -> io::Result<Totals> {
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
    let mut totals = Totals::default();
    let mut records = Vec::with_capacity(BATCH);
    let mut results: Vec<Done> = Vec::with_capacity(BATCH);
    for path in inputs {
        let mut source = match Source::open(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("bitdoku: {path}: {e}");
                totals.unreadable += 1;
                continue;
            }
        };
        loop {
            records.clear();
            let read = source.read_records(&mut records, BATCH);
            if let Err(e) = &read {
                eprintln!("bitdoku: {}: {e}", source.name);
                totals.unreadable += 1;
            }
            if records.is_empty() {
                break;
            }
            match &pool {
                None => {
                    results.clear();
                    results.extend(records.iter().map(|r| work(r, settings)));
                }
                Some(pool) => pool.install(|| {
                    records
                        .par_iter()
                        .with_min_len(64)
                        .map(|r| work(r, settings))
                        .collect_into_vec(&mut results)
                }),
            }
            for (record, done) in records.iter().zip(&results) {
                report(out, &source.name, record, done, settings, &mut totals)?;
            }
            if read.is_err() {
                break;
            }
        }
    }
    out.flush()?;
    Ok(totals)
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
    let line = record.line;
    match &done.verdict {
        Verdict::Solved(grid) => {
            totals.good += 1;
            write_grid(out, grid, settings.format)?;
        }
        Verdict::Counted { solutions, first } => {
            if *solutions == 1 {
                totals.good += 1;
            }
            match (settings.format, first) {
                (Format::Grid, Some(g)) => {
                    writeln!(out, "{solutions}")?;
                    write_grid(out, g, Format::Grid)?;
                }
                _ => writeln!(out, "{solutions}")?,
            }
        }
        Verdict::NoSolution => {
            eprintln!("bitdoku: {name}:{line}: no solution");
            match settings.task {
                Task::Solve => out.write_all(b"unsolvable\n")?,
                Task::Count(_) => out.write_all(b"0\n")?,
            }
        }
        Verdict::GaveUp { solutions } => {
            eprintln!(
                "bitdoku: {name}:{line}: gave up after {} guesses",
                done.stats.guesses
            );
            match settings.task {
                Task::Solve => out.write_all(b"gave-up\n")?,
                Task::Count(_) => writeln!(out, "{solutions}+")?,
            }
        }
        Verdict::Invalid(e) => {
            eprintln!(
                "bitdoku: {name}:{}:{}: {}",
                e.position.line, e.position.column, e.kind
            );
            out.write_all(b"invalid\n")?;
        }
    }
    Ok(())
}

fn write_grid(out: &mut dyn Write, grid: &Grid, format: Format) -> io::Result<()> {
    match format {
        Format::Line => {
            let mut line = [b'\n'; 82];
            line[..81].copy_from_slice(&grid.to_line());
            out.write_all(&line)
        }
        Format::Grid => writeln!(out, "{grid:#}"),
    }
}
