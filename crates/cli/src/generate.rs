//! `bitdoku generate`: puzzles from the library's [`Generator`], in parallel, written
//! in order: puzzle `i` of seed `s` is the generator's puzzle `i`, so the output does
//! not depend on the thread count, and is what Python and JavaScript give.

use crate::args::{Format, Generate, PuzzleFormat};
use crate::messages::{self, EXIT_FAILED, EXIT_OK};
use crate::output::write_grid;
use crate::progress::Progress;
use crate::signals;
use bitdoku_core::Grid;
use bitdoku_solver::generate::{Generator, Settings, Symmetry};
use bitdoku_solver::rate::{level_range, Difficulty};
use rayon::prelude::*;
use std::io::{self, Write};

/// Puzzles made per round between writes (a round is made in parallel, written in
/// order; a signal stops the run between rounds).
const ROUND: u64 = 256;

/// Writes `args.count` puzzles to `out`; the exit code.
pub fn run(args: &Generate, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        messages::note(format_args!("generate --seed {seed}"));
        seed
    });
    if args.board.is_general() {
        return crate::generate_general::run(args, seed, threads, out);
    }
    if let Some(k) = args.clues.filter(|k| !(17..=81).contains(k)) {
        messages::error(format_args!(
            "--clues {k}: a classic 9x9 puzzle has 17 to 81 givens"
        ));
        return Ok(crate::messages::EXIT_USAGE);
    }
    let settings = Settings {
        clues: args.clues.map(|k| k as usize),
        symmetry: match &args.symmetry {
            Some(name) => Symmetry::from_name(name).unwrap_or_default(),
            None if args.symmetric => Symmetry::Rotate180,
            None => Symmetry::None,
        },
        minimal: args.minimal,
        er: match (args.er, args.level) {
            (Some((low, high)), _) => Some((Difficulty(low), Difficulty(high))),
            (None, Some(level)) => Some(level_range(level)),
            (None, None) => None,
        },
        attempts: args.attempts,
    };
    let generator = Generator::new(seed, settings);
    let pool = crate::threads::pool(threads)?;
    signals::watch(false);
    if args.norvig_random && args.format != PuzzleFormat::Json {
        writeln!(
            out,
            "# Norvig's random_puzzle experiment (seed {seed}): these puzzles may have no \
             solution or several"
        )?;
    }
    let one = |index: u64| {
        if args.norvig_random {
            Ok(generator.norvig_random(index, args.clues.map_or(17, |k| k as usize)))
        } else {
            generator.puzzle(index)
        }
    };
    let mut progress = Progress::new(messages::quiet());
    let mut done = 0;
    let mut batch = Vec::with_capacity(ROUND as usize);
    while done < args.count {
        if signals::interrupted() {
            break;
        }
        let n = ROUND.min(args.count - done);
        pool.install(|| {
            (0..n as usize)
                .into_par_iter()
                .map(|k| one(done + k as u64))
                .collect_into_vec(&mut batch)
        });
        for puzzle in &batch {
            let puzzle = match puzzle {
                Ok(puzzle) => puzzle,
                Err(gave_up) => {
                    progress.finish();
                    messages::error(format_args!(
                        "{gave_up}; try a larger --attempts or an easier target"
                    ));
                    out.flush()?;
                    return Ok(EXIT_FAILED);
                }
            };
            write_puzzle(out, puzzle, args)?;
        }
        done += n;
        signals::written(n, "generate", done as usize);
        progress.update_count(done, args.count);
    }
    progress.finish();
    out.flush()?;
    Ok(signals::interrupted_exit().unwrap_or(EXIT_OK))
}

fn write_puzzle(out: &mut dyn Write, puzzle: &Grid, args: &Generate) -> io::Result<()> {
    // Norvig's experiment makes puzzles with any number of solutions: each is counted
    // (up to 2) and labelled; a generated puzzle is unique by construction.
    let solutions = args
        .norvig_random
        .then(|| bitdoku_solver::count_solutions(puzzle, 2));
    let label = match solutions {
        Some(0) => "  norvig-random: unsolvable",
        Some(1) => "  norvig-random: unique",
        Some(_) => "  norvig-random: multiple",
        None => "",
    };
    match args.format {
        PuzzleFormat::Json => {
            let json = serde_json::json!({
                "puzzle": puzzle.to_string(),
                "givens": puzzle.givens(),
                "solutions": solutions.unwrap_or(1),
                "unique": solutions.is_none_or(|n| n == 1),
            });
            serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        PuzzleFormat::Grid => {
            if !label.is_empty() {
                writeln!(out, "#{label}")?;
            }
            write_grid(out, puzzle, Format::Grid)
        }
        PuzzleFormat::Line => {
            out.write_all(&puzzle.to_line())?;
            out.write_all(label.as_bytes())?;
            out.write_all(b"\n")
        }
    }
}
