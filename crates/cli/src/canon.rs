//! `bitdoku canon`: each puzzle's canonical form under the symmetries of Sudoku (see
//! `bitdoku_core::canonical`), one per line with its tag kept (or a boxed grid, or a
//! JSON object); `--dedup` prints each form once, so a puzzle bank loses its isomorphic
//! copies. A record that is not a puzzle (or is a pencilmark puzzle) is `invalid`
//! (dropped with `--dedup`). Records are put into canonical form a batch at a time, on
//! the threads.

use crate::args::{with_json, Canon};
use crate::each::map_records;
use crate::messages;
use crate::output::write_puzzle_record;
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::{canonical, Grid, Puzzle};
use std::collections::HashSet;
use std::io::{self, Write};

/// Writes the canonical forms (found on `threads` threads, written in input order);
/// the exit code.
pub fn run(args: &Canon, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let format = with_json(args.format, args.json);
    let mut seen = args.dedup.then(HashSet::new);
    let mut read = 0u64;
    let totals = map_records(
        &or_stdin(&args.puzzles.puzzles),
        threads,
        |record| match &record.puzzle {
            Ok(Puzzle::Givens(grid)) => (Status::Done, Some(canonical(grid))),
            _ => (Status::Invalid, None),
        },
        |name, record, status, form: Option<Grid>| {
            if let Ok(Puzzle::Candidates(_)) = record.puzzle {
                messages::record(name, record.line, 0, messages::GIVENS_ONLY);
            }
            match (form, seen.as_mut()) {
                (None, Some(_)) => {}
                (Some(form), Some(seen)) => {
                    read += 1;
                    if seen.insert(form) {
                        write_puzzle_record(
                            out,
                            format,
                            name,
                            record,
                            status,
                            Some(&form),
                            "canonical",
                        )?;
                    }
                }
                (form, None) => {
                    write_puzzle_record(
                        out,
                        format,
                        name,
                        record,
                        status,
                        form.as_ref(),
                        "canonical",
                    )?;
                }
            }
            Ok(status)
        },
    )?;
    if let Some(seen) = seen {
        let dropped = read - seen.len() as u64;
        messages::note(format_args!(
            "{read} puzzles, {} distinct up to symmetry, {dropped} dropped",
            seen.len()
        ));
    }
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}
