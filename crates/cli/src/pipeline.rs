//! The batch loop behind `solve`, `count` and `rate`: read a batch of records, work on
//! it, write the records in input order.
//!
//! ```text
//!   one thread:    read batch i -> solve batch i -> write batch i -> read batch i+1 ...
//!
//!   N threads:     one pool thread: write batch i-1, read batch i+1 | write batch i ...
//!                  the others:      solve batch i                   | solve batch i+1
//!                  (rayon::join: the IO thread joins the solving when it is done)
//! ```
//!
//! With more than one thread, reading, parsing and writing overlap the solving, so they
//! cost almost no wall time, and no thread waits for another while work is left. At
//! most three batches are alive at once, so memory stays flat however long the input.
//!
//! Line-buffered (`--line-buffered`, the default when standard input is a terminal):
//! each record is read, answered, written and flushed before the next is read, so a
//! program that writes one puzzle into a pipe gets its answer at once.

use crate::input::Source;
use crate::messages::{self, Totals};
use crate::output::{why, Writer};
use crate::progress::Progress;
use crate::puzzles;
use crate::signals;
use crate::work::{work, Done, Settings};
use bitdoku_core::Record;
use bitdoku_solver::Options;
use std::io::{self, Write};

/// Records read, solved and written per batch: big enough to keep every thread busy
/// and amortise the hand-off, small enough to keep memory flat.
const BATCH: usize = 4096;
/// The first batch of each file is this small, and each next one twice as big up to
/// [`BATCH`], so that the pipeline fills at once (the first read and the last write
/// are not overlapped with solving).
const FIRST_BATCH: usize = 256;

/// How a run goes, beyond each record's work.
pub struct Run {
    /// Solving threads; 1 runs on the calling thread.
    pub threads: usize,
    /// Answer each record as soon as it is read, and flush.
    pub line_buffered: bool,
    /// No progress bar.
    pub quiet: bool,
}

/// One batch: the file it came from, its records and, once solved, their answers.
#[derive(Default)]
struct Batch {
    file: usize,
    records: Vec<Record>,
    results: Vec<Done>,
}

impl Batch {
    /// Solves the batch on this thread.
    fn solve_sequential(&mut self, settings: &Settings) {
        let batch = bitdoku_solver::Batch::sequential(Options::default());
        batch.map(&self.records, |r| work(r, settings), &mut self.results);
    }

    /// Solves the batch on the rayon pool the caller runs in: the solver's batch
    /// loop, with the CLI's work (budgets, timing, the record's status) per puzzle.
    fn solve_parallel(&mut self, settings: &Settings) {
        let batch = bitdoku_solver::Batch::new(Options::default());
        batch.map(&self.records, |r| work(r, settings), &mut self.results);
    }
}

/// The inputs, opened one after the other and read in batches.
struct Inputs<'a> {
    paths: &'a [String],
    next: usize,
    current: Option<Source>,
    /// Names for messages, by file index.
    names: Vec<String>,
    /// Bytes consumed in files already finished.
    finished_bytes: u64,
    /// The size of the next batch.
    batch_size: usize,
    /// The largest batch.
    max_batch: usize,
}

impl Inputs<'_> {
    /// Fills `batch` with the next records (never mixing two files); false at the end.
    fn next_batch(&mut self, batch: &mut Batch, totals: &mut Totals) -> bool {
        batch.records.clear();
        loop {
            if signals::interrupted() {
                return false;
            }
            let source = match &mut self.current {
                Some(s) => s,
                None => {
                    let Some(path) = self.paths.get(self.next) else {
                        return false;
                    };
                    self.next += 1;
                    match puzzles::open(path).map(Source::without_conflict_check) {
                        Ok(s) => {
                            self.names.push(s.name.clone());
                            self.current.insert(s)
                        }
                        Err(e) => {
                            messages::input(path, e);
                            totals.unreadable += 1;
                            continue;
                        }
                    }
                }
            };
            let read = source.read_records(&mut batch.records, self.batch_size);
            self.batch_size = (self.batch_size * 2).min(self.max_batch);
            if let Err(e) = &read {
                messages::input(&source.name, e);
                totals.unreadable += 1;
            }
            batch.file = self.names.len() - 1;
            if read.is_err() || batch.records.is_empty() {
                if let Some(why) = source.why_empty() {
                    messages::input(&source.name, why);
                    totals.empty += 1;
                }
                self.finished_bytes += source.consumed;
                self.current = None;
            }
            if !batch.records.is_empty() {
                return true;
            }
        }
    }

    /// Bytes consumed over all inputs so far.
    fn consumed(&self) -> u64 {
        self.finished_bytes + self.current.as_ref().map_or(0, |s| s.consumed)
    }
}

/// Works on every record of every input, writing records to `out` and messages to
/// stderr. Errors are errors of writing `out`.
pub fn run(
    inputs: &[String],
    settings: &Settings,
    writer: &Writer,
    how: &Run,
    out: &mut (dyn Write + Send),
) -> io::Result<Totals> {
    let pool = if how.threads > 1 && !how.line_buffered {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(how.threads)
                .build()
                .map_err(io::Error::other)?,
        )
    } else {
        None
    };
    let total_bytes = inputs
        .iter()
        .map(|p| Source::size_of(p))
        .sum::<Option<u64>>();
    let mut progress = Progress::new(total_bytes, how.quiet || how.line_buffered);
    let mut totals = Totals::default();
    let (first, max) = if how.line_buffered {
        (1, 1)
    } else {
        (FIRST_BATCH, BATCH)
    };
    let mut inputs = Inputs {
        paths: inputs,
        next: 0,
        current: None,
        names: Vec::new(),
        finished_bytes: 0,
        batch_size: first,
        max_batch: max,
    };
    let mut current = Batch::default();
    match &pool {
        None => loop {
            if how.line_buffered {
                signals::waiting(true);
            }
            let more = inputs.next_batch(&mut current, &mut totals);
            if how.line_buffered {
                signals::waiting(false);
            }
            if !more {
                break;
            }
            current.solve_sequential(settings);
            write_batch(out, &current, &inputs.names, writer, &mut totals)?;
            if how.line_buffered {
                out.flush().map_err(messages::write_error)?;
            }
            progress.update(inputs.consumed(), totals.records());
        },
        Some(pool) => {
            // Three batches in flight: `previous` is written and `next` read while the
            // pool solves `current`.
            let mut previous = Batch::default();
            let mut next = Batch::default();
            let mut have_current = inputs.next_batch(&mut current, &mut totals);
            let mut have_previous = false;
            while have_current || have_previous {
                // `join` runs the IO on one pool thread and offers the solving to the
                // others; whichever side finishes first helps with the rest, so N
                // threads are N busy threads, not N solvers and an IO thread fighting
                // over N cores.
                let (written, have_next) = pool.install(|| {
                    rayon::join(
                        || {
                            let written = if have_previous {
                                write_batch(out, &previous, &inputs.names, writer, &mut totals)
                            } else {
                                Ok(())
                            };
                            let have_next = written.is_ok()
                                && have_current
                                && inputs.next_batch(&mut next, &mut totals);
                            (written, have_next)
                        },
                        || {
                            if have_current {
                                current.solve_parallel(settings)
                            }
                        },
                    )
                    .0
                });
                written?;
                progress.update(inputs.consumed(), totals.records());
                // previous <- current <- next <- (the old previous, to be refilled).
                std::mem::swap(&mut previous, &mut current);
                std::mem::swap(&mut current, &mut next);
                have_previous = have_current;
                have_current = have_next;
            }
        }
    }
    progress.finish();
    out.flush().map_err(messages::write_error)?;
    Ok(totals)
}

/// Writes a batch's records in order, with their messages, and counts them.
fn write_batch(
    out: &mut dyn Write,
    batch: &Batch,
    names: &[String],
    writer: &Writer,
    totals: &mut Totals,
) -> io::Result<()> {
    let name = names.get(batch.file).map_or("", String::as_str);
    for (record, done) in batch.records.iter().zip(&batch.results) {
        totals.add(done.status, done.stats.guesses, done.secs);
        if !done.status.is_good() && !messages::quiet() {
            if let Some(e) = &done.error {
                messages::record(name, e.position.line, e.position.column, e.kind);
            } else if let Some(what) = why(done, writer) {
                messages::record(name, record.line, 0, what);
            }
        }
        writer
            .write(out, name, record, done)
            .map_err(messages::write_error)?;
    }
    if let Some(last) = batch.records.last() {
        signals::written(batch.records.len() as u64, name, last.line);
    }
    Ok(())
}
