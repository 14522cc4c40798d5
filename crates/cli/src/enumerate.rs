//! `bitdoku enumerate`: each solution of each puzzle, up to `--limit`, one per line,
//! after a `#` line naming the puzzle (so the output reads back as puzzles).

use crate::each::{for_each_puzzle, Done};
use crate::puzzles::or_stdin;
use bitdoku_core::Grid;
use bitdoku_solver::enumerate::enumerate;
use clap::Args;
use std::io::{self, Write};

/// `enumerate` options.
#[derive(Args, Debug)]
#[command(after_help = "\
Solutions come in the search's order (digits in increasing order at each guess). The
`#` line says how many there were, with + when the limit stopped the search.

Examples:
  bitdoku enumerate puzzles/two-solutions.txt
  bitdoku enumerate --limit 5 puzzles/two-solutions.txt")]
pub struct Enumerate {
    /// Puzzle files, `-` for stdin, or puzzles written out. Default: stdin.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// Print at most this many solutions of each puzzle.
    #[arg(short, long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
}

/// Writes each puzzle's solutions; the exit code (1 if a puzzle has none).
pub fn run(args: &Enumerate, out: &mut dyn Write) -> io::Result<u8> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let mut lines = Vec::new();
    for_each_puzzle(&or_stdin(&args.puzzles), |name, line, puzzle| {
        let Some(puzzle) = puzzle else {
            writeln!(out, "# {name}:{line}: invalid")?;
            return Ok(Done::Ok);
        };
        lines.clear();
        let outcome = enumerate(puzzle, limit, |s: &Grid| lines.push(s.to_line()));
        let n = outcome.solutions;
        let more = if n >= limit { "+" } else { "" };
        let word = if n == 1 { "solution" } else { "solutions" };
        writeln!(out, "# {name}:{line}: {n}{more} {word}")?;
        for l in &lines {
            out.write_all(l)?;
            out.write_all(b"\n")?;
        }
        Ok(if n == 0 {
            Done::Failed("no solution".into())
        } else {
            Done::Ok
        })
    })
}
