//! The record loops of the subcommands other than `solve`, `count` and `rate`: every
//! record of every input in order, through the one input loop ([`Inputs`]), each one's
//! [`Status`] counted in the run's [`Totals`], and the run stopped at a record boundary
//! by a signal. The exit status then comes from [`messages::exit_code`], as for `solve`.
//!
//! - [`for_each_item`]: one record at a time, on the calling thread, for the tools
//!   that write as they go (`explain`, `enumerate`).
//! - [`map_items`]: the work of a batch of records on the threads, then each record
//!   written in order (`hint`, `show`, `minimize`, `canon`).
//!
//! The tools that take classic 9×9 puzzles only (`hint`, `explain`, `show`, `canon`)
//! use [`for_each_record`] and [`map_records`]: a record for the general engine reaches
//! them as an invalid classic record ([`Record::not_classic`]), reported as such.

use crate::input::{Inputs, Item};
use crate::messages::{self, Totals};
use crate::signals;
use crate::status::Status;
use bitdoku_core::Record;
use bitdoku_solver::{Batch, Options};
use std::io;

/// Records read at a time.
const BATCH: usize = 1024;

/// Calls `each(name, item)` on every record of `args` in order: a record that is not a
/// puzzle is reported at its `file:line:col` first (the tool then writes its `invalid`
/// record). A signal ends the loop before the next record. Returns the run's totals.
pub fn for_each_item(
    args: &[String],
    inputs_of: impl FnOnce(Inputs<'_>) -> Inputs<'_>,
    mut each: impl FnMut(&str, &Item) -> io::Result<Status>,
) -> io::Result<Totals> {
    signals::watch(false);
    let mut totals = Totals::default();
    let mut inputs = inputs_of(Inputs::new(args, BATCH, BATCH));
    let mut items = Vec::new();
    while let Some(file) = inputs.next_batch(&mut items, &mut totals) {
        let name = inputs.name(file).to_string();
        for item in &items {
            if signals::interrupted() {
                return Ok(totals);
            }
            report_invalid(&name, item);
            let status = each(&name, item)?;
            totals.add(status, 0, 0.0);
            signals::written(1, &name, item.line());
        }
    }
    Ok(totals)
}

/// [`for_each_item`] for a tool that takes classic puzzles only.
pub fn for_each_record(
    args: &[String],
    mut each: impl FnMut(&str, &Record) -> io::Result<Status>,
) -> io::Result<Totals> {
    for_each_item(
        args,
        |i| i,
        |name, item| {
            report_not_classic(name, item);
            each(name, &classic(item))
        },
    )
}

/// Calls `work(item)` on every record of `args`, a batch at a time on `threads` threads
/// (one record per task: a hint can take a second), then `write(name, item, result)` on
/// each in input order, as [`for_each_item`] calls `each`. Work that answers
/// [`Status::Interrupted`] (a signal stopped it) is not written: the output ends
/// before its record.
pub fn map_items<T: Send>(
    args: &[String],
    threads: usize,
    inputs_of: impl FnOnce(Inputs<'_>) -> Inputs<'_>,
    work: impl Fn(&Item) -> (Status, T) + Sync,
    mut write: impl FnMut(&str, &Item, Status, T) -> io::Result<Status>,
) -> io::Result<Totals> {
    signals::watch(false);
    let pool = if threads > 1 {
        Some(crate::threads::pool(threads)?)
    } else {
        None
    };
    let mut totals = Totals::default();
    let mut inputs = inputs_of(Inputs::new(args, BATCH, BATCH));
    let mut items = Vec::new();
    let mut results = Vec::new();
    let each = |item: &Item| {
        if signals::interrupted() {
            None
        } else {
            Some(work(item))
        }
    };
    while let Some(file) = inputs.next_batch(&mut items, &mut totals) {
        match &pool {
            Some(pool) => pool.install(|| {
                Batch::new(Options::default())
                    .with_task_size(1)
                    .map(&items, each, &mut results)
            }),
            None => Batch::sequential(Options::default()).map(&items, each, &mut results),
        }
        let name = inputs.name(file).to_string();
        for (item, result) in items.iter().zip(results.drain(..)) {
            let Some((status, result)) = result.filter(|(s, _)| *s != Status::Interrupted) else {
                return Ok(totals);
            };
            report_invalid(&name, item);
            let status = write(&name, item, status, result)?;
            totals.add(status, 0, 0.0);
            signals::written(1, &name, item.line());
        }
    }
    Ok(totals)
}

/// [`map_items`] for a tool that takes classic puzzles only.
pub fn map_records<T: Send>(
    args: &[String],
    threads: usize,
    work: impl Fn(&Record) -> (Status, T) + Sync,
    mut write: impl FnMut(&str, &Record, Status, T) -> io::Result<Status>,
) -> io::Result<Totals> {
    map_items(
        args,
        threads,
        |i| i,
        |item| work(&classic(item)),
        |name, item, status, result| {
            report_not_classic(name, item);
            write(name, &classic(item), status, result)
        },
    )
}

/// The message of a general record that a classic-only tool cannot take (one that
/// could not even be read was reported with its own error).
fn report_not_classic(name: &str, item: &Item) {
    if let Item::General(g) = item {
        if g.read.is_ok() {
            messages::record(name, g.line, 0, bitdoku_core::ParseErrorKind::NotClassic);
        }
    }
}

/// A record as a classic-only tool sees it: a general one is `not_classic`.
fn classic(item: &Item) -> Record {
    match item {
        Item::Classic(r) => *r,
        Item::General(g) => Record::not_classic(g.line, 1),
    }
}

/// The message of a record that is not a puzzle, at its `file:line:col`. (A general
/// record's error is reported by the tool that reads it, with its JSON path.)
fn report_invalid(name: &str, item: &Item) {
    match item {
        Item::Classic(record) => {
            if let Err(e) = &record.puzzle {
                messages::record(name, e.position.line, e.position.column, e.kind);
            }
        }
        Item::General(g) => {
            if let Err(e) = &g.read {
                messages::record(name, g.line, e.column().unwrap_or(0), e);
            }
        }
    }
}
