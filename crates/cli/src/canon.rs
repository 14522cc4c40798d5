//! `bitdoku canon`: each puzzle's canonical form under the symmetries of Sudoku (see
//! `bitdoku_core::canonical`), one per line with its tag kept; `--dedup` prints each
//! form once, so a puzzle bank loses its isomorphic copies. A record that is not a
//! puzzle (or is a pencilmark puzzle) is `invalid` (dropped with `--dedup`). Records
//! are put into canonical form in chunks, on all threads.

use crate::args::Canon;
use crate::each::for_each_record;
use crate::messages;
use crate::output::write_with_tag;
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::{canonical, Grid, Puzzle, Record};
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::{self, Write};

/// Records put into canonical form per parallel chunk.
const CHUNK: usize = 4096;

/// Writes the canonical forms; the exit code.
pub fn run(args: &Canon, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let pool = crate::threads::pool(threads)?;
    let mut seen = args.dedup.then(HashSet::new);
    let mut chunk: Vec<Record> = Vec::with_capacity(CHUNK);
    let mut read = 0u64;
    let totals = for_each_record(&or_stdin(&args.puzzles.puzzles), |name, record| {
        chunk.push(*record);
        if chunk.len() == CHUNK {
            flush(&mut chunk, &mut seen, &pool, out)?;
        }
        Ok(match record.puzzle {
            Ok(Puzzle::Givens(_)) => {
                read += 1;
                Status::Done
            }
            Ok(Puzzle::Candidates(_)) => {
                messages::record(name, record.line, 0, messages::GIVENS_ONLY);
                Status::Invalid
            }
            Err(_) => Status::Invalid,
        })
    })?;
    flush(&mut chunk, &mut seen, &pool, out)?;
    if let Some(seen) = seen {
        let dropped = read - seen.len() as u64;
        messages::note(format_args!(
            "{read} puzzles, {} distinct up to symmetry, {dropped} dropped",
            seen.len()
        ));
    }
    Ok(messages::exit_code(&totals, false))
}

/// The forms of a chunk of records, written in order (once each with `seen`); a record
/// that is not a puzzle of givens is `invalid` (and dropped with `seen`).
fn flush(
    chunk: &mut Vec<Record>,
    seen: &mut Option<HashSet<Grid>>,
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let forms: Vec<Option<Grid>> = pool.install(|| {
        chunk
            .par_iter()
            .map(|r| match &r.puzzle {
                Ok(Puzzle::Givens(grid)) => Some(canonical(grid)),
                _ => None,
            })
            .collect()
    });
    for (record, form) in chunk.iter().zip(forms) {
        match (form, seen.as_mut()) {
            (None, None) => write_with_tag(out, Status::Invalid.word().as_bytes(), record)?,
            (None, Some(_)) => {}
            (Some(form), seen) => {
                if seen.is_none_or(|s| s.insert(form)) {
                    write_with_tag(out, &form.to_line(), record)?;
                }
            }
        }
    }
    chunk.clear();
    Ok(())
}
