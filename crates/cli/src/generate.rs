//! `bitdoku generate`: puzzles from the library's generator, in parallel, in a
//! reproducible order: puzzle `i` of seed `s` is made from its own generator seeded
//! with a mix of `s` and `i`, so the output does not depend on the thread count.

use crate::args::{Format, Generate};
use crate::messages::{self, EXIT_FAILED, EXIT_OK};
use crate::output::write_grid;
use crate::progress::Progress;
use bitdoku_core::Grid;
use bitdoku_solver::generate::{generate, norvig_random_puzzle, puzzle_seed, Settings, Symmetry};
use rayon::prelude::*;
use std::io::{self, Write};

/// Puzzles made per batch between writes.
const BATCH: u64 = 256;

/// Writes `args.count` puzzles to `out`; the exit code.
pub fn run(args: &Generate, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        messages::note(format_args!("generate --seed {seed}"));
        seed
    });
    let settings = Settings {
        clues: args.clues.map(|k| k as usize),
        symmetry: match &args.symmetry {
            Some(name) => Symmetry::from_name(name).unwrap_or_default(),
            None if args.symmetric => Symmetry::Rotate180,
            None => Symmetry::None,
        },
        minimal: args.minimal,
        level: args.level,
        attempts: args.attempts,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(io::Error::other)?;
    if args.norvig_random && args.format != Format::Json {
        writeln!(
            out,
            "# Norvig's random_puzzle experiment (seed {seed}): these puzzles may have no \
             solution or several"
        )?;
    }
    let one = |index: u64| {
        let mut rng = fastrand::Rng::with_seed(puzzle_seed(seed, index));
        if args.norvig_random {
            Some(norvig_random_puzzle(
                &mut rng,
                args.clues.map_or(17, |k| k as usize),
            ))
        } else {
            generate(&mut rng, &settings)
        }
    };
    let mut progress = Progress::new(None, messages::quiet());
    let mut done = 0;
    let mut batch = Vec::with_capacity(BATCH as usize);
    while done < args.count {
        let n = BATCH.min(args.count - done);
        pool.install(|| {
            (0..n as usize)
                .into_par_iter()
                .map(|k| one(done + k as u64))
                .collect_into_vec(&mut batch)
        });
        for puzzle in &batch {
            let Some(puzzle) = puzzle else {
                progress.finish();
                let aim = match (args.clues, args.level) {
                    (Some(k), Some(l)) => format!("{k} givens at level {l}"),
                    (None, Some(l)) => format!("level {l}"),
                    (k, None) => format!("{} givens", k.unwrap_or(0)),
                };
                messages::error(format_args!(
                    "could not reach {aim} in {} filled grids; try more clues, another \
                     level or more --attempts",
                    settings.attempts
                ));
                out.flush()?;
                return Ok(EXIT_FAILED);
            };
            write_puzzle(out, puzzle, args)?;
        }
        done += n;
        progress.update_count(done, args.count);
    }
    progress.finish();
    out.flush()?;
    Ok(EXIT_OK)
}

fn write_puzzle(out: &mut dyn Write, puzzle: &Grid, args: &Generate) -> io::Result<()> {
    match args.format {
        Format::Json => {
            let line = puzzle.to_line();
            let json = serde_json::json!({
                "puzzle": std::str::from_utf8(&line).unwrap_or(""),
                "givens": puzzle.givens(),
                "unique": !args.norvig_random,
            });
            serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        Format::Grid => {
            if args.norvig_random {
                writeln!(out, "# norvig-random: 0, 1 or more solutions")?;
            }
            write_grid(out, puzzle, Format::Grid)
        }
        Format::Line | Format::Tsv => {
            out.write_all(&puzzle.to_line())?;
            if args.norvig_random {
                out.write_all(b"  norvig-random: 0, 1 or more solutions")?;
            }
            out.write_all(b"\n")
        }
    }
}
