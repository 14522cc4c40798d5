//! `bitdoku minimize`: each puzzle with every given it does not need removed (see
//! `bitdoku_solver::minimize`): one line per puzzle, its tag kept after it; `unsolvable`
//! for a puzzle with no solution, `invalid` for a record that is not a puzzle (or is a
//! pencilmark puzzle, which has no givens to remove).

use crate::args::Minimize;
use crate::each::for_each_record;
use crate::messages;
use crate::output::write_with_tag;
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::Puzzle;
use bitdoku_solver::minimize::minimize;
use std::io::{self, Write};

/// Writes each puzzle's minimal form; the exit code.
pub fn run(args: &Minimize, out: &mut dyn Write) -> io::Result<u8> {
    let totals = for_each_record(&or_stdin(&args.puzzles.puzzles), |name, record| {
        let grid = match &record.puzzle {
            Ok(Puzzle::Givens(grid)) => grid,
            Ok(Puzzle::Candidates(_)) => {
                messages::record(name, record.line, 0, messages::GIVENS_ONLY);
                write_with_tag(out, Status::Invalid.word().as_bytes(), record)?;
                return Ok(Status::Invalid);
            }
            Err(_) => {
                write_with_tag(out, Status::Invalid.word().as_bytes(), record)?;
                return Ok(Status::Invalid);
            }
        };
        match minimize(grid) {
            Ok(minimal) => {
                write_with_tag(out, &minimal.to_line(), record)?;
                Ok(Status::Done)
            }
            Err(e) => {
                messages::record(name, record.line, 0, format_args!("unsolvable: {e}"));
                write_with_tag(out, Status::Unsolvable.word().as_bytes(), record)?;
                Ok(Status::Unsolvable)
            }
        }
    })?;
    Ok(messages::exit_code(&totals, false))
}
