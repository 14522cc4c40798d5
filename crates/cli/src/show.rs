//! `bitdoku show`: Norvig's candidate grid of each puzzle after his two rules, the
//! way his article prints `parse_grid` before any search.

use crate::args::Show;
use crate::each::for_each_record;
use crate::messages;
use crate::puzzles::or_stdin;
use crate::status::Status;
use std::io::{self, Write};

/// Prints each puzzle's candidates after propagation, each after a `#` header line and
/// followed by a blank line (with `--pencilmarks`, each grid as its 729-character line,
/// so the output reads back as puzzles); a record that is not a puzzle, or one that
/// propagation finds unsolvable, is a `# FILE:LINE: invalid` (or `unsolvable`) header
/// alone.
/// Returns the exit code.
pub fn run(args: &Show, out: &mut dyn Write) -> io::Result<u8> {
    let totals = for_each_record(&or_stdin(&args.puzzles.puzzles), |name, record| {
        let line = record.line;
        let Ok(puzzle) = &record.puzzle else {
            writeln!(out, "# {name}:{line}: {}", Status::Invalid.word())?;
            return Ok(Status::Invalid);
        };
        match bitdoku_solver::propagate(puzzle) {
            Some(board) => {
                match board.0.iter().filter(|c| c.len() > 1).count() {
                    0 => writeln!(out, "# {name}:{line}: solved by propagation")?,
                    1 => writeln!(out, "# {name}:{line}: 1 square open")?,
                    n => writeln!(out, "# {name}:{line}: {n} squares open")?,
                }
                if args.pencilmarks {
                    out.write_all(&board.to_pencilmarks())?;
                    writeln!(out)?;
                } else {
                    writeln!(out, "{board}")?;
                }
                Ok(Status::Done)
            }
            None => {
                messages::record(
                    name,
                    line,
                    0,
                    "unsolvable: propagation reaches a contradiction",
                );
                writeln!(out, "# {name}:{line}: {}", Status::Unsolvable.word())?;
                Ok(Status::Unsolvable)
            }
        }
    })?;
    Ok(messages::exit_code(&totals, false))
}
