//! `bitdoku enumerate`: each solution of each puzzle, up to `--limit`, one per line,
//! written as the search finds it (so memory stays flat however many there are), between
//! a `#` line naming the puzzle and a `#` line with the count (so the output reads back
//! as puzzles). A signal stops the search; the solutions written so far stay.

use crate::args::Enumerate;
use crate::each::for_each_record;
use crate::messages;
use crate::puzzles::or_stdin;
use crate::signals;
use crate::status::Status;
use bitdoku_core::Grid;
use bitdoku_solver::enumerate::enumerate_until;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Writes each puzzle's solutions; the exit code (1 if a puzzle has none).
pub fn run(args: &Enumerate, out: &mut dyn Write) -> io::Result<u8> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX).max(1);
    let totals = for_each_record(&or_stdin(&args.puzzles.puzzles), |name, record| {
        let line = record.line;
        let Ok(puzzle) = &record.puzzle else {
            writeln!(out, "# {name}:{line}: {}", Status::Invalid.word())?;
            return Ok(Status::Invalid);
        };
        writeln!(out, "# {name}:{line}")?;
        let mut written = 0usize;
        let mut error = None;
        let mut solution_line = [b'\n'; 82];
        enumerate_until(puzzle, limit, |s: &Grid| {
            solution_line[..81].copy_from_slice(&s.to_line());
            if let Err(e) = out.write_all(&solution_line) {
                error = Some(e);
                return ControlFlow::Break(());
            }
            written += 1;
            if signals::interrupted() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        if signals::interrupted() {
            writeln!(
                out,
                "# {name}:{line}: {written} solutions so far (interrupted)"
            )?;
            return Ok(Status::Done);
        }
        let more = if written >= limit { "+" } else { "" };
        let word = if written == 1 {
            "solution"
        } else {
            "solutions"
        };
        writeln!(out, "# {name}:{line}: {written}{more} {word}")?;
        Ok(if written == 0 {
            messages::record(name, line, 0, "unsolvable");
            Status::Unsolvable
        } else {
            Status::Done
        })
    })?;
    Ok(messages::exit_code(&totals, false))
}
