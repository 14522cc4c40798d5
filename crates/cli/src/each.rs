//! The record loops of the subcommands other than `solve`, `count` and `rate`: every
//! record of every input in order, through the one input loop ([`Inputs`]), each one's
//! [`Status`] counted in the run's [`Totals`], and the run stopped at a record boundary
//! by a signal. The exit status then comes from [`messages::exit_code`], as for `solve`.
//!
//! - [`for_each_record`]: one record at a time, on the calling thread, for the tools
//!   that write as they go (`explain`, `enumerate`).
//! - [`map_records`]: the work of a batch of records on the threads, then each
//!   record written in order (`hint`, `show`, `minimize`, `canon`).

use crate::input::Inputs;
use crate::messages::{self, Totals};
use crate::signals;
use crate::status::Status;
use bitdoku_core::Record;
use bitdoku_solver::{Batch, Options};
use std::io;

/// Records read at a time.
const BATCH: usize = 1024;

/// Calls `each(name, record)` on every record of `args` in order: a record that is not
/// a puzzle is reported at its `file:line:col` first (the tool then writes its
/// `invalid` record). A signal ends the loop before the next record. Returns the run's
/// totals.
pub fn for_each_record(
    args: &[String],
    mut each: impl FnMut(&str, &Record) -> io::Result<Status>,
) -> io::Result<Totals> {
    signals::watch();
    let mut totals = Totals::default();
    let mut inputs = Inputs::new(args, BATCH, BATCH);
    let mut records = Vec::new();
    while let Some(file) = inputs.next_batch(&mut records, &mut totals) {
        let name = inputs.name(file).to_string();
        for record in &records {
            if signals::interrupted() {
                return Ok(totals);
            }
            report_invalid(&name, record);
            let status = each(&name, record)?;
            totals.add(status, 0, 0.0);
            signals::written(1, &name, record.line);
        }
    }
    Ok(totals)
}

/// Calls `work(record)` on every record of `args`, a batch at a time on `threads`
/// threads (one record per task: a hint can take a second), then `write(name, record,
/// result)` on each in input order, as [`for_each_record`] calls `each`. Work that
/// answers [`Status::Interrupted`] (a signal stopped it) is not written: the output
/// ends before its record.
pub fn map_records<T: Send>(
    args: &[String],
    threads: usize,
    work: impl Fn(&Record) -> (Status, T) + Sync,
    mut write: impl FnMut(&str, &Record, Status, T) -> io::Result<Status>,
) -> io::Result<Totals> {
    signals::watch();
    let pool = if threads > 1 {
        Some(crate::threads::pool(threads)?)
    } else {
        None
    };
    let mut totals = Totals::default();
    let mut inputs = Inputs::new(args, BATCH, BATCH);
    let mut records = Vec::new();
    let mut results = Vec::new();
    let each = |record: &Record| {
        if signals::interrupted() {
            None
        } else {
            Some(work(record))
        }
    };
    while let Some(file) = inputs.next_batch(&mut records, &mut totals) {
        match &pool {
            Some(pool) => pool.install(|| {
                Batch::new(Options::default())
                    .with_task_size(1)
                    .map(&records, each, &mut results)
            }),
            None => Batch::sequential(Options::default()).map(&records, each, &mut results),
        }
        let name = inputs.name(file).to_string();
        for (record, result) in records.iter().zip(results.drain(..)) {
            let Some((status, result)) = result.filter(|(s, _)| *s != Status::Interrupted) else {
                return Ok(totals);
            };
            report_invalid(&name, record);
            let status = write(&name, record, status, result)?;
            totals.add(status, 0, 0.0);
            signals::written(1, &name, record.line);
        }
    }
    Ok(totals)
}

/// The message of a record that is not a puzzle, at its `file:line:col`.
fn report_invalid(name: &str, record: &Record) {
    if let Err(e) = &record.puzzle {
        messages::record(name, e.position.line, e.position.column, e.kind);
    }
}
