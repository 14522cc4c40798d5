//! `bitdoku show`: Norvig's candidate grid of each puzzle after his two rules, the
//! way his article prints `parse_grid` before any search.

use crate::args::{with_json, Show, TextFormat};
use crate::each::map_records;
use crate::messages;
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::Board;
use std::io::{self, Write};

/// Prints each puzzle's candidates after propagation (worked out on `threads` threads,
/// written in input order). Text: each grid after a `#` header line and followed by a
/// blank line (with `--pencilmarks`, each grid as its 729-character line, so the
/// output reads back as puzzles); a record that is not a puzzle, or one that
/// propagation finds unsolvable, is a `# FILE:LINE: invalid` (or `unsolvable`) header
/// alone. JSON: one object per record. Returns the exit code.
pub fn run(args: &Show, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let json = with_json(args.format, args.json) == TextFormat::Json;
    let totals = map_records(
        &or_stdin(&args.puzzles.puzzles),
        threads,
        |record| match &record.puzzle {
            Err(_) => (Status::Invalid, None),
            Ok(puzzle) => match bitdoku_solver::propagate(puzzle) {
                Some(board) => (Status::Done, Some(board)),
                None => (Status::Unsolvable, None),
            },
        },
        |name, record, status, board: Option<Board>| {
            let line = record.line;
            if status == Status::Unsolvable {
                messages::record(
                    name,
                    line,
                    0,
                    "unsolvable: propagation reaches a contradiction",
                );
            }
            let open = board.map(|b| b.0.iter().filter(|c| c.len() > 1).count());
            if json {
                let mut object = serde_json::json!({
                    "file": name,
                    "line": line,
                    "puzzle": record.puzzle.as_ref().ok().map(ToString::to_string),
                    "status": status.word(),
                });
                if let Some(tag) = record.tag() {
                    object["tag"] = tag.into();
                }
                if let (Some(board), Some(open)) = (board, open) {
                    object["open"] = open.into();
                    object["candidates"] = board.0.iter().map(|c| c.to_string()).collect();
                }
                serde_json::to_writer(&mut *out, &object).map_err(io::Error::other)?;
                writeln!(out)?;
                return Ok(status);
            }
            let (Some(board), Some(open)) = (board, open) else {
                writeln!(out, "# {name}:{line}: {}", status.word())?;
                return Ok(status);
            };
            match open {
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
            Ok(status)
        },
    )?;
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}
