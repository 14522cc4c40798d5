//! The loop shared by the puzzle tools (`minimize`, `canon`, `enumerate`): each record
//! of each argument, an unreadable record reported at its `file:line:col`, and the
//! exit status from what was seen.

use crate::messages;
use crate::puzzles::for_each_record;
use bitdoku_core::Puzzle;
use std::io;

/// What a tool's step says about one puzzle.
pub enum Done {
    /// Handled.
    Ok,
    /// Not handled, for this reason (reported at the puzzle's line).
    Failed(String),
}

/// Calls `each(name, line, puzzle)` on every record of `args`, `puzzle` being `None`
/// for a record that is not a puzzle (already reported, so that the tool only writes
/// its `invalid` line); returns the exit code: 2 if an input was unreadable, else 1 if
/// a record was invalid or failed, else 0.
pub fn for_each_puzzle(
    args: &[String],
    mut each: impl FnMut(&str, usize, Option<&Puzzle>) -> io::Result<Done>,
) -> io::Result<u8> {
    let mut failed = 0u64;
    let unreadable = for_each_record(args, |name, record| {
        match &record.puzzle {
            Ok(puzzle) => {
                if let Done::Failed(why) = each(name, record.line, Some(puzzle))? {
                    messages::record(name, record.line, 0, why);
                    failed += 1;
                }
            }
            Err(e) => {
                messages::record(name, e.position.line, e.position.column, e.kind);
                failed += 1;
                each(name, record.line, None)?;
            }
        }
        Ok(())
    })?;
    Ok(messages::exit_status(unreadable, failed))
}
