//! `bitdoku minimize`: each puzzle with every given it does not need removed (see
//! `bitdoku_solver::minimize`): one line per puzzle, `none` for a puzzle with no
//! solution, `invalid` for a record that is not a puzzle.

use crate::each::{for_each_puzzle, Done};
use crate::puzzles::or_stdin;
use bitdoku_core::Puzzle;
use bitdoku_solver::minimize::minimize;
use clap::Args;
use std::io::{self, Write};

/// `minimize` options.
#[derive(Args, Debug)]
#[command(after_help = "\
A unique puzzle loses givens (tried in row-major order) while it stays unique. A puzzle
with several solutions first gets givens from its first solution where a second one
differs, so the result is unique with that first solution. A puzzle with no solution is
an error (exit status 1).

Examples:
  bitdoku minimize puzzles/norvig-examples.txt
  bitdoku generate -n 5 --clues 30 | bitdoku minimize | bitdoku count")]
pub struct Minimize {
    /// Puzzle files, `-` for stdin, or puzzles written out. Default: stdin.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,
}

/// Writes each puzzle's minimal form; the exit code.
pub fn run(args: &Minimize, out: &mut dyn Write) -> io::Result<u8> {
    for_each_puzzle(&or_stdin(&args.puzzles), |_, _, puzzle| {
        let grid = match puzzle {
            Some(Puzzle::Candidates(_)) => {
                out.write_all(b"invalid\n")?;
                return Ok(Done::Failed(crate::messages::GIVENS_ONLY.into()));
            }
            Some(Puzzle::Givens(grid)) => Some(grid),
            None => None,
        };
        match grid.map(minimize) {
            None => {
                out.write_all(b"invalid\n")?;
                Ok(Done::Ok)
            }
            Some(Ok(minimal)) => {
                out.write_all(&minimal.to_line())?;
                out.write_all(b"\n")?;
                Ok(Done::Ok)
            }
            Some(Err(e)) => {
                out.write_all(b"none\n")?;
                Ok(Done::Failed(e.to_string()))
            }
        }
    })
}
