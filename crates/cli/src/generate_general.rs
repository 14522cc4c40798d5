//! `bitdoku generate --size 16`, `--jigsaw`, `--diagonals`, `--killer`, `--thermos`,
//! `--kropki`...: puzzles on the general engine (`bitdoku_variants::generate`), made in
//! parallel and written in order, puzzle `i` of seed `s` by
//! `bitdoku_variants::generate::puzzle` (seeded as classic puzzles are), so the output
//! does not depend on the thread count.

use crate::args::{Generate, PuzzleFormat, WriteAs};
use crate::messages::{self, EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::progress::Progress;
use crate::signals;
use bitdoku_solver::generate::Symmetry;
use bitdoku_variants::format as vformat;
use bitdoku_variants::generate::{puzzle, Generated, Request, RequestError, Settings};
use rayon::prelude::*;
use std::io::{self, Write};

/// Puzzles made per round between writes.
const ROUND: u64 = 64;

/// The general generator's settings from the arguments (checked by the library's
/// `Request`, as Python's and JavaScript's are), or the usage error.
fn settings(args: &Generate) -> Result<Settings, RequestError> {
    let classic_only: Vec<&str> = [
        (args.level.is_some(), "--level"),
        (args.er.is_some(), "--er"),
        (args.minimal, "--minimal"),
        (args.norvig_random, "--norvig-random"),
    ]
    .into_iter()
    .filter_map(|(given, flag)| given.then_some(flag))
    .collect();
    let symmetry = match &args.symmetry {
        Some(name) => Some(name.as_str()),
        None => args.symmetric.then_some(Symmetry::Rotate180.name()),
    };
    Request {
        symmetry,
        clues: args.clues.map(|k| usize::try_from(k).unwrap_or(usize::MAX)),
        classic_only: &classic_only,
        ..args.board.request()
    }
    .settings()
}

/// Writes `args.count` general puzzles; the exit code.
pub fn run(args: &Generate, seed: u64, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(message) => {
            messages::error(message);
            return Ok(EXIT_USAGE);
        }
    };
    let pool = crate::threads::pool(threads)?;
    signals::watch(false);
    let one = |index: u64| puzzle(seed, index, &settings);
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
        for generated in &batch {
            let Some(g) = generated else {
                progress.finish();
                messages::error(format!(
                    "{}; try fewer rules, another box shape or another seed",
                    bitdoku_variants::generate::GAVE_UP
                ));
                out.flush()?;
                return Ok(EXIT_FAILED);
            };
            write(out, g, args)?;
        }
        done += n;
        signals::written(n, "generate", done as usize);
        progress.update_count(done, args.count);
    }
    progress.finish();
    out.flush()?;
    Ok(signals::interrupted_exit().unwrap_or(EXIT_OK))
}

fn write(out: &mut dyn Write, g: &Generated, args: &Generate) -> io::Result<()> {
    let p = &g.puzzle;
    match args.format {
        PuzzleFormat::Grid => writeln!(out, "{}", vformat::grid(p, p.givens())),
        PuzzleFormat::Json => {
            let json = serde_json::json!({
                "puzzle": vformat::line(p.givens()),
                "size": p.size(),
                "givens": p.givens().iter().filter(|&&d| d != 0).count(),
                "document": vformat::sudoku_puzzle::write(p, None, Some(&g.solution)),
            });
            serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        PuzzleFormat::Line => {
            let text = g
                .text(args.board.write_as.map(WriteAs::format))
                .map_err(io::Error::other)?;
            writeln!(out, "{text}")
        }
    }
}
