//! The record loop of the subcommands that handle one puzzle at a time (`hint`,
//! `explain`, `show`, `minimize`, `canon`, `enumerate`): every record of every input in
//! order, through the one input loop ([`Inputs`]), each one's [`Status`] counted in the
//! run's [`Totals`], and the run stopped at a record boundary by a signal. The exit
//! status then comes from [`messages::exit_code`], as for `solve`.

use crate::input::Inputs;
use crate::messages::{self, Totals};
use crate::signals;
use crate::status::Status;
use bitdoku_core::Record;
use std::io;

/// Records read at a time.
const BATCH: usize = 1024;

/// Calls `each(name, record)` on every record of `args` in order: a record that is not
/// a puzzle is reported at its `file:line:col` first (the tool then writes its
/// `invalid` record). Returns the run's totals.
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
            if let Err(e) = &record.puzzle {
                messages::record(&name, e.position.line, e.position.column, e.kind);
            }
            let status = each(&name, record)?;
            totals.add(status, 0, 0.0);
            signals::written(1, &name, record.line);
        }
    }
    Ok(totals)
}
