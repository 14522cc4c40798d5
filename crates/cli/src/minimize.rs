//! `bitdoku minimize`: each puzzle with every given it does not need removed (see
//! `bitdoku_solver::minimize`): one line per puzzle, its tag kept after it (or a boxed
//! grid, or a JSON object); `unsolvable` for a puzzle with no solution, `invalid` for a
//! record that is not a puzzle (or is a pencilmark puzzle, which has no givens to
//! remove).

use crate::args::{with_json, Minimize};
use crate::each::map_records;
use crate::messages;
use crate::output::write_puzzle_record;
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::{Grid, Puzzle};
use bitdoku_solver::minimize::minimize;
use std::io::{self, Write};

/// Writes each puzzle's minimal form (worked out on `threads` threads, written in input
/// order); the exit code.
pub fn run(args: &Minimize, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let format = with_json(args.format, args.json);
    let totals = map_records(
        &or_stdin(&args.puzzles.puzzles),
        threads,
        |record| match &record.puzzle {
            Ok(Puzzle::Givens(grid)) => match minimize(grid) {
                Ok(minimal) => (Status::Done, Ok(minimal)),
                Err(e) => (Status::Unsolvable, Err(e.to_string())),
            },
            Ok(Puzzle::Candidates(_)) => (Status::Invalid, Err(messages::GIVENS_ONLY.into())),
            Err(_) => (Status::Invalid, Err(String::new())),
        },
        |name, record, status, minimal: Result<Grid, String>| {
            match (&minimal, status) {
                (Err(why), Status::Unsolvable) => {
                    messages::record(name, record.line, 0, format_args!("unsolvable: {why}"))
                }
                (Err(why), _) if !why.is_empty() => messages::record(name, record.line, 0, why),
                _ => {}
            }
            write_puzzle_record(
                out,
                format,
                name,
                record,
                status,
                minimal.as_ref().ok(),
                "minimal",
            )?;
            Ok(status)
        },
    )?;
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}
