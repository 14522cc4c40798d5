//! `bitdoku show`: Norvig's candidate grid of each puzzle after his two rules, the
//! way his article prints `parse_grid` before any search.

use crate::messages;
use crate::puzzles::for_each_record;
use std::io::{self, Write};

/// Prints each puzzle's candidates after propagation, each after a `#` header line and
/// followed by a blank line; returns the exit code.
/// With `pencilmarks`, each grid is its 729-character pencilmark line.
pub fn show(args: &[String], pencilmarks: bool, out: &mut dyn Write) -> io::Result<u8> {
    let mut failed = 0u64;
    let unreadable = for_each_record(args, |name, record| {
        let puzzle = match &record.puzzle {
            Ok(p) => p,
            Err(e) => {
                messages::record(name, e.position.line, e.position.column, e.kind);
                failed += 1;
                return Ok(());
            }
        };
        match bitdoku_solver::propagate(puzzle) {
            Some(board) => {
                let open = board.0.iter().filter(|c| c.len() > 1).count();
                match open {
                    0 => writeln!(out, "# {name}:{}: solved by propagation", record.line)?,
                    1 => writeln!(out, "# {name}:{}: 1 square open", record.line)?,
                    n => writeln!(out, "# {name}:{}: {n} squares open", record.line)?,
                }
                if pencilmarks {
                    out.write_all(&board.to_pencilmarks())?;
                    writeln!(out)
                } else {
                    writeln!(out, "{board}")
                }
            }
            None => {
                messages::record(
                    name,
                    record.line,
                    0,
                    "no solution: propagation reaches a contradiction",
                );
                failed += 1;
                writeln!(out, "# {name}:{}: contradiction", record.line)
            }
        }
    })?;
    Ok(messages::exit_status(unreadable, failed))
}
