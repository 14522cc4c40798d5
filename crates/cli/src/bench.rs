//! `bitdoku bench`: the bitset solver and the string solver timed side by side on the
//! same puzzles, with the speed-up.
//!
//! Puzzles are loaded first, so reading is not timed. The bitset solver gets a warm-up
//! pass and `--runs` timed passes (the median pass is reported); the string solver,
//! which can take seconds per puzzle, gets one pass bounded by `--budget` seconds per
//! file. The speed-up compares the two on exactly the puzzles the string solver reached.

use crate::args::{with_json, Bench, BenchSolvers, TextFormat};
use crate::input::Inputs;
use crate::messages::{self, Totals};
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::Puzzle;
use bitdoku_solver::{Bitset, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

/// One row of the table.
#[derive(Serialize, Debug)]
struct Row {
    solver: &'static str,
    file: String,
    puzzles: usize,
    solved: usize,
    skipped: usize,
    mean_secs: f64,
    max_secs: f64,
    puzzles_per_sec: f64,
    /// Bitset rows: the string solver's time over the bitset solver's time on the
    /// puzzles both solved. `None` without a string-solver row.
    speedup: Option<f64>,
}

/// A progress bar on stderr, only when stderr is a terminal (hidden otherwise).
fn progress(label: &str, len: usize) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg:<40} {bar:30} {pos}/{len} {per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(label.to_string());
    bar
}

/// Times each solver on `puzzles`, stopping after `budget` seconds; per-puzzle times.
/// The progress bar is advanced every 256 puzzles, outside the timed region.
fn timed_pass(solver: &dyn Solver, puzzles: &[Puzzle], budget: f64) -> (Vec<f64>, usize) {
    timed_pass_with(solver, puzzles, budget, &ProgressBar::hidden())
}

fn timed_pass_with(
    solver: &dyn Solver,
    puzzles: &[Puzzle],
    budget: f64,
    bar: &ProgressBar,
) -> (Vec<f64>, usize) {
    let start = Instant::now();
    let mut times = Vec::with_capacity(puzzles.len());
    let mut solved = 0;
    for p in puzzles {
        let t = Instant::now();
        let s = solver.solve(p);
        times.push(t.elapsed().as_secs_f64());
        solved += usize::from(s.is_some_and(|s| p.is_solved_by(&s)));
        if times.len() % 256 == 0 {
            bar.set_position(times.len() as u64);
        }
        if start.elapsed().as_secs_f64() > budget {
            break;
        }
    }
    (times, solved)
}

fn row(solver: &'static str, file: &str, n: usize, times: &[f64], solved: usize) -> Row {
    let total: f64 = times.iter().sum();
    let mean = total / times.len().max(1) as f64;
    Row {
        solver,
        file: file.to_string(),
        puzzles: n,
        solved,
        skipped: n - times.len(),
        mean_secs: mean,
        max_secs: times.iter().copied().fold(0.0, f64::max),
        puzzles_per_sec: if total > 0.0 {
            times.len() as f64 / total
        } else {
            0.0
        },
        speedup: None,
    }
}

/// The puzzles of one input (every puzzle counted in `totals`; a record that is not one
/// is reported and counted, and left out), at most `sample` of them evenly spaced (0:
/// all); with the input's name. `None` if the input cannot be read.
fn load(path: &str, sample: usize, totals: &mut Totals) -> Option<(String, Vec<Puzzle>)> {
    let paths = [path.to_string()];
    let mut inputs = Inputs::new(&paths, 1 << 16, 1 << 16);
    let (mut records, mut puzzles) = (Vec::new(), Vec::new());
    let mut name = None;
    while let Some(file) = inputs.next_batch(&mut records, totals) {
        let input = inputs.name(file).to_string();
        for item in &records {
            let crate::input::Item::Classic(r) = item else {
                messages::record(
                    &input,
                    item.line(),
                    0,
                    bitdoku_core::ParseErrorKind::NotClassic,
                );
                totals.add(Status::Invalid, 0, 0.0);
                continue;
            };
            match r.puzzle {
                Ok(p) => {
                    puzzles.push(p);
                    totals.add(Status::Done, 0, 0.0);
                }
                Err(e) => {
                    messages::record(&input, e.position.line, e.position.column, e.kind);
                    totals.add(Status::Invalid, 0, 0.0);
                }
            }
        }
        name = Some(input);
    }
    let name = name?;
    if sample == 0 || puzzles.len() <= sample {
        return Some((name, puzzles));
    }
    let step = puzzles.len() as f64 / sample as f64;
    let sampled = (0..sample)
        .map(|i| puzzles[(i as f64 * step) as usize])
        .collect();
    Some((name, sampled))
}

/// Runs `bitdoku bench`: a row per input and solver; the exit code (an invalid record
/// is reported, counted and left out of the timing).
pub fn run(args: &Bench, out: &mut dyn Write) -> io::Result<u8> {
    let norvig = bitdoku_norvig::Norvig::new();
    let mut rows = Vec::new();
    let mut totals = Totals::default();
    for path in or_stdin(&args.puzzles.puzzles) {
        let Some((name, puzzles)) = load(&path, args.sample, &mut totals) else {
            continue;
        };
        let path = &name;
        let n = puzzles.len();
        if n == 0 {
            continue;
        }
        let mut slow: Option<Vec<f64>> = None;
        if args.solver != BenchSolvers::Bitset {
            let bar = progress(&format!("norvig {path}"), n);
            let (times, solved) = timed_pass_with(&norvig, &puzzles, args.budget, &bar);
            bar.finish_and_clear();
            if times.len() < n {
                crate::messages::input(
                    path,
                    format_args!(
                        "norvig reached {} of {n} puzzles in the {} s budget; {} skipped",
                        times.len(),
                        args.budget,
                        n - times.len()
                    ),
                );
            }
            rows.push(row("norvig", path, n, &times, solved));
            slow = Some(times);
        }
        if args.solver != BenchSolvers::Norvig {
            timed_pass(&Bitset, &puzzles[..n.min(1000)], f64::INFINITY); // warm-up
            let bar = progress(&format!("bitset {path} x{}", args.runs), n);
            let mut passes: Vec<(f64, Vec<f64>, usize)> = (0..args.runs)
                .map(|_| {
                    let (times, solved) = timed_pass_with(&Bitset, &puzzles, f64::INFINITY, &bar);
                    (times.iter().sum(), times, solved)
                })
                .collect();
            bar.finish_and_clear();
            passes.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (_, times, solved) = &passes[passes.len() / 2];
            let mut r = row("bitset", path, n, times, *solved);
            if let Some(slow) = &slow {
                let reached = slow.len();
                let fast: f64 = times[..reached].iter().sum();
                let slow: f64 = slow.iter().sum();
                r.speedup = (fast > 0.0).then(|| slow / fast);
            }
            rows.push(r);
        }
    }
    if with_json(args.format, args.json) == TextFormat::Json {
        for r in &rows {
            serde_json::to_writer(&mut *out, r).map_err(io::Error::other)?;
            writeln!(out)?;
        }
    } else if !rows.is_empty() {
        writeln!(
            out,
            "{:<7} {:<32} {:>8} {:>8} {:>8} {:>11} {:>11} {:>12} {:>9}",
            "solver",
            "file",
            "puzzles",
            "solved",
            "skipped",
            "mean (ms)",
            "max (ms)",
            "puzzles/s",
            "speed-up"
        )?;
        for r in &rows {
            let file = std::path::Path::new(&r.file)
                .file_name()
                .map_or(r.file.clone(), |f| f.to_string_lossy().into_owned());
            writeln!(
                out,
                "{:<7} {:<32} {:>8} {:>8} {:>8} {:>11.4} {:>11.4} {:>12.0} {:>9}",
                r.solver,
                file,
                r.puzzles,
                r.solved,
                r.skipped,
                r.mean_secs * 1e3,
                r.max_secs * 1e3,
                r.puzzles_per_sec,
                r.speedup.map_or(String::from("-"), |s| format!("{s:.0}x")),
            )?;
        }
    }
    Ok(messages::exit_code(&totals, false))
}
