//! `bitdoku canon`: each puzzle's canonical form under the symmetries of Sudoku (see
//! `bitdoku_core::canonical`), one per line; `--dedup` prints each form once, so a
//! puzzle bank loses its isomorphic copies. A record that is not a puzzle is
//! `invalid` (dropped with `--dedup`). Batches run on all threads.

use crate::each::{for_each_puzzle, Done};
use crate::messages;
use crate::puzzles::or_stdin;
use bitdoku_core::Puzzle;
use bitdoku_core::{canonical, Grid};
use clap::Args;
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::{self, Write};

/// Puzzles put into canonical form per parallel batch.
const BATCH: usize = 4096;

/// `canon` options.
#[derive(Args, Debug)]
#[command(after_help = "\
Two puzzles are the same up to relabelling the digits, permuting rows within bands,
columns within stacks, bands, stacks, and transposing exactly when their canonical
forms are equal. The form puts as many givens as early as possible and names the digits
1, 2, 3, ... in order of appearance.

Examples:
  bitdoku canon puzzles/norvig-examples.txt
  bitdoku generate -n 100 --seed 1 | bitdoku canon --dedup > distinct.txt")]
pub struct Canon {
    /// Puzzle files, `-` for stdin, or puzzles written out. Default: stdin.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// Print each canonical form only the first time it comes (a summary of how many
    /// were dropped goes to stderr).
    #[arg(long)]
    pub dedup: bool,

    /// Worker threads. Default: the CPUs there are.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
}

/// The forms of a batch of puzzles, written in order (once each with `seen`); a
/// record that is not a puzzle is `invalid` (and dropped with `seen`).
fn flush(
    batch: &mut Vec<Option<Grid>>,
    seen: &mut Option<HashSet<Grid>>,
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let forms: Vec<Option<Grid>> = pool.install(|| {
        batch
            .par_iter()
            .map(|g| g.as_ref().map(canonical))
            .collect()
    });
    batch.clear();
    for form in forms {
        match (form, seen.as_mut()) {
            (None, None) => out.write_all(b"invalid\n")?,
            (None, Some(_)) => {}
            (Some(form), seen) => {
                if seen.is_none_or(|s| s.insert(form)) {
                    out.write_all(&form.to_line())?;
                    out.write_all(b"\n")?;
                }
            }
        }
    }
    Ok(())
}

/// Writes the canonical forms; the exit code.
pub fn run(args: &Canon, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(io::Error::other)?;
    let mut seen = args.dedup.then(HashSet::new);
    let mut batch = Vec::with_capacity(BATCH);
    let mut read = 0u64;
    let code = for_each_puzzle(&or_stdin(&args.puzzles), |_, _, puzzle| {
        // A pencilmark record has no canonical form here: written as invalid.
        let grid = match puzzle {
            Some(Puzzle::Givens(grid)) => Some(*grid),
            _ => None,
        };
        batch.push(grid);
        read += u64::from(grid.is_some());
        if batch.len() == BATCH {
            flush(&mut batch, &mut seen, &pool, out)?;
        }
        Ok(match puzzle {
            Some(Puzzle::Candidates(_)) => Done::Failed(crate::messages::GIVENS_ONLY.into()),
            _ => Done::Ok,
        })
    })?;
    flush(&mut batch, &mut seen, &pool, out)?;
    if let Some(seen) = seen {
        let dropped = read - seen.len() as u64;
        messages::note(format_args!(
            "{read} puzzles, {} distinct up to symmetry, {dropped} dropped",
            seen.len()
        ));
    }
    Ok(code)
}
