//! `bitdoku bench`: the bitset solvers and the string solver timed side by side on the
//! same puzzles, with the speed-ups.
//!
//! Classic 9×9 puzzles are timed on Norvig's strings (`norvig`), the fast engine
//! (`bitset`) and the general engine of `bitdoku-variants` (`general`). Other puzzles
//! (an input whose first puzzle is an N×N line of another size, sudoku-puzzle or
//! f-puzzles JSON, or a link: see [`general_text`]) are timed on Norvig's strings at
//! their size (boards of rows, columns and boxes) and on the general engine. `--solver
//! bitset` times the engine `solve` would use: the fast one when every puzzle of the
//! input is classic 9×9, the general one otherwise; `--solver all` times them all.
//!
//! Puzzles are loaded first and the tables built once per board (Norvig's per size and
//! box shape, the general engine's per layout), so reading and building are not timed:
//! a puzzle's time covers taking its givens and solving. The bitset solvers get a
//! warm-up pass and `--runs` timed passes (the median pass is reported); the string
//! solver, which can take seconds per puzzle (a minute at 25×25), gets one pass bounded
//! by `--budget` seconds per file. Each speed-up compares a bitset solver with the
//! string solver on exactly the puzzles the string solver reached.

use crate::args::{with_json, Bench, BenchSolvers, TextFormat};
use crate::input::Inputs;
use crate::messages::{self, Totals};
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::{Grid, Puzzle};
use bitdoku_norvig::{Norvig, Values};
use bitdoku_solver::{Bitset, Solver};
use bitdoku_variants::format::{self as general_format, Alphabet, Settings, Where};
use bitdoku_variants::{Engine, ModelError, Options};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

/// A puzzle of the general engine (any size, regions, rules).
type General = bitdoku_variants::Puzzle;

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
    /// Bitset rows: the string solver's time over this solver's time on the puzzles
    /// both solved. `None` without a string-solver row.
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

/// Times `solve` on each item in order, stopping after `budget` seconds; per-item
/// times, and how many answers `valid` accepts. `valid` and the progress bar (advanced
/// every 256 items) run outside the timed region.
fn timed<T, A>(
    items: &[T],
    budget: f64,
    bar: &ProgressBar,
    mut solve: impl FnMut(&T) -> A,
    valid: impl Fn(&T, A) -> bool,
) -> (Vec<f64>, usize) {
    let start = Instant::now();
    let mut times = Vec::with_capacity(items.len());
    let mut solved = 0;
    for item in items {
        let t = Instant::now();
        let answer = solve(item);
        times.push(t.elapsed().as_secs_f64());
        solved += usize::from(valid(item, answer));
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

/// The string solver's row: one pass within `budget` (the puzzles it did not reach
/// are reported as skipped), and its per-puzzle times for the speed-ups.
fn norvig_row<T, A>(
    path: &str,
    items: &[T],
    budget: f64,
    solve: impl FnMut(&T) -> A,
    valid: impl Fn(&T, A) -> bool,
) -> (Row, Vec<f64>) {
    let n = items.len();
    let bar = progress(&format!("norvig {path}"), n);
    let (times, solved) = timed(items, budget, &bar, solve, valid);
    bar.finish_and_clear();
    if times.len() < n {
        messages::input(
            path,
            format_args!(
                "norvig reached {} of {n} puzzles in the {budget} s budget; {} skipped",
                times.len(),
                n - times.len()
            ),
        );
    }
    (row("norvig", path, n, &times, solved), times)
}

/// A bitset solver's row: a warm-up pass (at most 1000 items), then `runs` timed
/// passes, the median one reported, with the speed-up over the string solver's `slow`
/// times on the items it reached.
fn bitset_row<T, A>(
    solver: &'static str,
    path: &str,
    items: &[T],
    runs: u32,
    slow: Option<&[f64]>,
    mut solve: impl FnMut(&T) -> A,
    valid: impl Fn(&T, A) -> bool,
) -> Row {
    let n = items.len();
    let hidden = ProgressBar::hidden();
    timed(
        &items[..n.min(1000)],
        f64::INFINITY,
        &hidden,
        &mut solve,
        &valid,
    );
    let bar = progress(&format!("{solver} {path} x{runs}"), n);
    let mut passes: Vec<(f64, Vec<f64>, usize)> = (0..runs)
        .map(|_| {
            let (times, solved) = timed(items, f64::INFINITY, &bar, &mut solve, &valid);
            (times.iter().sum(), times, solved)
        })
        .collect();
    bar.finish_and_clear();
    passes.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (_, times, solved) = &passes[passes.len() / 2];
    let mut r = row(solver, path, n, times, *solved);
    if let Some(slow) = slow {
        let fast: f64 = times[..slow.len()].iter().sum();
        let slow: f64 = slow.iter().sum();
        r.speedup = (fast > 0.0).then(|| slow / fast);
    }
    r
}

/// At most `sample` of `items`, evenly spaced (0: all).
fn sampled<T: Clone>(items: Vec<T>, sample: usize) -> Vec<T> {
    if sample == 0 || items.len() <= sample {
        return items;
    }
    let step = items.len() as f64 / sample as f64;
    (0..sample)
        .map(|i| items[(i as f64 * step) as usize].clone())
        .collect()
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
    Some((name?, sampled(puzzles, sample)))
}

/// The text of `arg` when it holds puzzles for the general engine rather than classic
/// ones: its first line that is not blank or a `#` comment is one by the front ends'
/// rule (`bitdoku_variants::format::is_general`: JSON, a link, an N×N line of another
/// size than 9). `arg` is a file, or puzzle text itself; stdin is always read as
/// classic puzzles.
fn general_text(arg: &str) -> Option<String> {
    let meaningful = |l: &&str| !l.trim().is_empty() && !l.trim_start().starts_with('#');
    let first = if arg == "-" {
        return None;
    } else if Path::new(arg).is_file() {
        let file = std::io::BufReader::new(std::fs::File::open(arg).ok()?);
        file.lines()
            .map_while(Result::ok)
            .find(|l| meaningful(&l.as_str()))?
    } else {
        arg.lines().find(meaningful)?.to_string()
    };
    if !general_format::is_general(&first, &Settings::default()) {
        return None;
    }
    if Path::new(arg).is_file() {
        std::fs::read_to_string(arg).ok()
    } else {
        Some(arg.to_string())
    }
}

/// The puzzles of a general input, one a line (blank lines and `#` comments skipped),
/// each read by `bitdoku-variants`: every puzzle counted in `totals`, a line that is
/// not one reported and counted, and left out; at most `sample`, evenly spaced.
fn load_general(name: &str, text: &str, sample: usize, totals: &mut Totals) -> Vec<General> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        match general_format::read(line, &Settings::default()) {
            Ok(read) => {
                puzzles.push(read.puzzle);
                totals.add(Status::Done, 0, 0.0);
            }
            Err(e) => {
                match e.at {
                    Where::Column(c) => messages::record(name, i + 1, c, &e.message),
                    Where::Path(_) => messages::record(name, i + 1, 0, &e),
                }
                totals.add(Status::Invalid, 0, 0.0);
            }
        }
    }
    sampled(puzzles, sample)
}

/// The board of a puzzle Norvig's program takes (rows, columns and boxes, givens
/// only): its size and box shape.
fn norvig_board(p: &General) -> Option<(usize, usize, usize)> {
    let plain = p.houses().len() == 3 * p.size()
        && p.neighbours().is_empty()
        && p.rules().is_empty()
        && !p.has_given_candidates();
    let (rows, cols) = p.box_shape().filter(|_| plain)?;
    Some((p.size(), rows, cols))
}

/// The general engine compiled once per layout (a puzzle less its givens), as Norvig's
/// tables are built once per board; and the layout of each puzzle.
fn compile(puzzles: &[General]) -> Result<(Vec<Engine>, Vec<usize>), ModelError> {
    let mut layouts: Vec<General> = Vec::new();
    let mut engines = Vec::new();
    let mut of = Vec::with_capacity(puzzles.len());
    for p in puzzles {
        let mut layout = p.clone();
        layout.set_givens(&vec![0; p.cells()])?;
        let k = match layouts.iter().position(|l| *l == layout) {
            Some(k) => k,
            None => {
                engines.push(Engine::new(&layout)?);
                layouts.push(layout);
                layouts.len() - 1
            }
        };
        of.push(k);
    }
    Ok((engines, of))
}

/// The general engine's first solution of `givens` on `engine`'s layout.
fn general_solve(engine: &mut Engine, givens: &[u8]) -> Option<Vec<u8>> {
    engine.set_givens(givens);
    engine.general_search(&Options::default(), &mut ()).solution
}

/// True if `solution` solves the classic puzzle `p`.
fn solves(p: &Puzzle, solution: Option<Grid>) -> bool {
    solution.is_some_and(|s| p.is_solved_by(&s))
}

/// The rows of an input of classic puzzles: strings, fast engine, and with `--solver
/// all` the general engine.
fn bench_classic(args: &Bench, path: &str, puzzles: &[Puzzle], rows: &mut Vec<Row>) {
    let mut slow = None;
    if args.solver != BenchSolvers::Bitset {
        let norvig = Norvig::new();
        let solve = |p: &Puzzle| Solver::solve(&norvig, p);
        let (r, times) = norvig_row(path, puzzles, args.budget, solve, solves);
        rows.push(r);
        slow = Some(times);
    }
    let slow = slow.as_deref();
    if args.solver != BenchSolvers::Norvig {
        let solve = |p: &Puzzle| Bitset.solve(p);
        rows.push(bitset_row(
            "bitset", path, puzzles, args.runs, slow, solve, solves,
        ));
    }
    if args.solver == BenchSolvers::All {
        let givens: Option<Vec<&[u8; 81]>> = puzzles
            .iter()
            .map(|p| match p {
                Puzzle::Givens(g) => Some(g.values()),
                Puzzle::Candidates(_) => None,
            })
            .collect();
        let Some(givens) = givens else {
            messages::input(
                path,
                "general engine: pencilmark puzzles are not timed here",
            );
            return;
        };
        let Ok(mut engine) = General::classic(9).and_then(|p| Engine::new(&p)) else {
            return;
        };
        let items: Vec<(&Puzzle, &[u8; 81])> = puzzles.iter().zip(givens).collect();
        let solve = |&(_, g): &(&Puzzle, &[u8; 81])| general_solve(&mut engine, g);
        let valid = |&(p, _): &(&Puzzle, &[u8; 81]), s: Option<Vec<u8>>| {
            let grid = s
                .and_then(|s| <[u8; 81]>::try_from(s).ok())
                .map(Grid::from_values);
            solves(p, grid)
        };
        rows.push(bitset_row(
            "general", path, &items, args.runs, slow, solve, valid,
        ));
    }
}

/// The rows of an input of general puzzles: strings (on boards of boxes), the fast
/// engine (when every puzzle is classic 9×9), and the general engine unless
/// `--solver bitset` had the fast one.
fn bench_general(args: &Bench, path: &str, puzzles: &[General], rows: &mut Vec<Row>) {
    let solved_by = |p: &General, s: Option<Vec<u8>>| s.is_some_and(|s| p.is_solved_by(&s));
    let mut slow = None;
    if args.solver != BenchSolvers::Bitset {
        // Norvig's tables, built once per board; each puzzle as his line.
        let mut tables: Vec<((usize, usize, usize), Norvig)> = Vec::new();
        let items: Option<Vec<(usize, String, &General)>> = puzzles
            .iter()
            .map(|p| {
                let board = norvig_board(p)?;
                let k = match tables.iter().position(|(b, _)| *b == board) {
                    Some(k) => k,
                    None => {
                        let (size, r, c) = board;
                        tables.push((board, Norvig::with_boxes(size, r, c)?));
                        tables.len() - 1
                    }
                };
                Some((k, general_format::line(p.givens()), p))
            })
            .collect();
        match items {
            None => messages::input(
                path,
                "norvig takes boards of rows, columns and boxes only: not timed",
            ),
            Some(items) => {
                let solve = |(k, line, _): &(usize, String, &General)| tables[*k].1.solve(line);
                let valid = |(k, _, p): &(usize, String, &General), v: Option<Values>| {
                    let cells = v.and_then(|v| {
                        let line = tables[*k].1.to_line(&v);
                        general_format::line::read_cells(&line, Alphabet::Standard)
                            .ok()
                            .map(|c| c.givens)
                    });
                    solved_by(p, cells)
                };
                let (r, times) = norvig_row(path, &items, args.budget, solve, valid);
                rows.push(r);
                slow = Some(times);
            }
        }
    }
    let slow = slow.as_deref();
    if args.solver == BenchSolvers::Norvig {
        return;
    }
    let classic: Option<Vec<Puzzle>> = puzzles.iter().map(General::as_classic).collect();
    if let Some(classic) = &classic {
        let solve = |p: &Puzzle| Bitset.solve(p);
        rows.push(bitset_row(
            "bitset", path, classic, args.runs, slow, solve, solves,
        ));
        if args.solver == BenchSolvers::Bitset {
            return;
        }
    }
    let (mut engines, of) = match compile(puzzles) {
        Ok(compiled) => compiled,
        Err(e) => return messages::input(path, format_args!("general engine: {e}")),
    };
    let items: Vec<(usize, &General)> = of.into_iter().zip(puzzles).collect();
    let solve = |&(k, p): &(usize, &General)| general_solve(&mut engines[k], p.givens());
    let valid = |&(_, p): &(usize, &General), s| solved_by(p, s);
    rows.push(bitset_row(
        "general", path, &items, args.runs, slow, solve, valid,
    ));
}

/// Puzzles per second in the table: whole numbers, with three significant digits
/// below 100 (a 25×25 board takes the string solver about a minute).
fn rate(per_sec: f64) -> String {
    match per_sec {
        r if r >= 100.0 => format!("{r:.0}"),
        r if r >= 10.0 => format!("{r:.1}"),
        r if r >= 1.0 => format!("{r:.2}"),
        r => format!("{r:.3}"),
    }
}

/// Runs `bitdoku bench`: a row per input and solver; the exit code (an invalid record
/// is reported, counted and left out of the timing).
pub fn run(args: &Bench, out: &mut dyn Write) -> io::Result<u8> {
    let mut rows = Vec::new();
    let mut totals = Totals::default();
    for path in or_stdin(&args.puzzles.puzzles) {
        if let Some(text) = general_text(&path) {
            let name = if Path::new(&path).is_file() {
                path.clone()
            } else {
                "<argument>".to_string()
            };
            let puzzles = load_general(&name, &text, args.sample, &mut totals);
            if !puzzles.is_empty() {
                bench_general(args, &name, &puzzles, &mut rows);
            }
            continue;
        }
        let Some((name, puzzles)) = load(&path, args.sample, &mut totals) else {
            continue;
        };
        if !puzzles.is_empty() {
            bench_classic(args, &name, &puzzles, &mut rows);
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
                "{:<7} {:<32} {:>8} {:>8} {:>8} {:>11.4} {:>11.4} {:>12} {:>9}",
                r.solver,
                file,
                r.puzzles,
                r.solved,
                r.skipped,
                r.mean_secs * 1e3,
                r.max_secs * 1e3,
                rate(r.puzzles_per_sec),
                r.speedup.map_or(String::from("-"), |s| format!("{s:.0}x")),
            )?;
        }
    }
    Ok(messages::exit_code(&totals, false))
}
