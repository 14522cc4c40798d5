//! The chunk loop behind `solve`, `count` and `rate`: read a chunk of records (through
//! the one input loop, [`Inputs`]), work on it, write the records in input order.
//!
//! ```text
//!   one thread:    read chunk i -> work on chunk i -> write chunk i -> read chunk i+1 ...
//!
//!   N threads:     one pool thread: write chunk i-1, read chunk i+1 | write chunk i ...
//!                  the others:      work on chunk i                 | work on chunk i+1
//!                  (rayon::join: the IO thread joins the work when it is done)
//! ```
//!
//! With more than one thread, reading, parsing and writing overlap the solving, so they
//! cost almost no wall time, and no thread waits for another while work is left. At
//! most three chunks are alive at once, so memory stays flat however long the input.
//!
//! Line-buffered (`--line-buffered`, the default when standard input is a terminal):
//! each record is read, answered, written and flushed before the next is read, so a
//! program that writes one puzzle into a pipe gets its answer at once.

use crate::input::{Inputs, Item, Source};
use crate::messages::{self, Totals};
use crate::output::{why, Writer};
use crate::progress::{self, Counts};
use crate::signals;
use crate::status::Status;
use crate::work::{work, Done, Job};
use bitdoku_solver::Options;
use std::io::{self, Write};

/// Records read, worked on and written per chunk: big enough to keep every thread busy
/// and amortise the hand-off, small enough to keep memory flat.
const CHUNK: usize = 4096;
/// The first chunk of each input is this small, and each next one twice as big up to
/// [`CHUNK`], so that the pipeline fills at once (the first read and the last write
/// are not overlapped with solving).
const FIRST_CHUNK: usize = 256;

/// How a run goes, beyond each record's work.
pub struct Plan {
    /// Solving threads; 1 runs on the calling thread.
    pub threads: usize,
    /// Answer each record as soon as it is read, and flush.
    pub line_buffered: bool,
    /// No progress bar.
    pub quiet: bool,
    /// How the general engine's lines are read.
    pub settings: bitdoku_variants::format::Settings,
}

/// One chunk: the input it came from, its records and, once worked on, their answers.
#[derive(Default)]
struct Chunk {
    file: usize,
    records: Vec<Item>,
    results: Vec<Done>,
}

impl Chunk {
    /// Reads the next chunk; false at the end of the inputs.
    fn read(&mut self, inputs: &mut Inputs, totals: &mut Totals) -> bool {
        match inputs.next_batch(&mut self.records, totals) {
            Some(file) => {
                self.file = file;
                true
            }
            None => false,
        }
    }

    /// Reads the next chunk and counts it; false at the end of the inputs.
    fn read_counted(&mut self, inputs: &mut Inputs, totals: &mut Totals, counts: &Counts) -> bool {
        let more = self.read(inputs, totals);
        counts.read(inputs.consumed(), if more { self.records.len() } else { 0 });
        more
    }

    /// Works on the chunk on this thread.
    fn work_sequential(&mut self, job: &Job, counts: &Counts) {
        let batch = bitdoku_solver::Batch::sequential(Options::default());
        batch.map(&self.records, |r| answer(r, job, counts), &mut self.results);
        self.count_answers(job, counts);
    }

    /// Works on the chunk on the rayon pool the caller runs in: the solver's batch
    /// loop, with the CLI's work (budgets, timing, the record's status) per puzzle.
    fn work_parallel(&mut self, job: &Job, counts: &Counts) {
        let batch = bitdoku_solver::Batch::new(Options::default());
        let batch = if job.slow() {
            batch.with_task_size(1)
        } else {
            batch
        };
        batch.map(&self.records, |r| answer(r, job, counts), &mut self.results);
        self.count_answers(job, counts);
    }

    /// Counts the chunk's answers for the progress bar, when [`answer`] did not.
    fn count_answers(&self, job: &Job, counts: &Counts) {
        if !job.slow() {
            counts.answered(self.results.len());
        }
    }
}

/// One record's work; a slow one (a rating) is counted for the progress bar as soon as
/// it is done, a fast one with its chunk (an atomic add per puzzle would cost the
/// fastest puzzles more than their work).
fn answer(record: &Item, job: &Job, counts: &Counts) -> Done {
    let done = work(record, job);
    if job.slow() {
        counts.answered(1);
    }
    done
}

/// Works on every record of every input, writing records to `out` and messages to
/// stderr. Errors are errors of writing `out`.
pub fn run(
    paths: &[String],
    job: &Job,
    writer: &Writer,
    how: &Plan,
    out: &mut (dyn Write + Send),
) -> io::Result<Totals> {
    signals::watch(how.line_buffered);
    let pool = if how.threads > 1 && !how.line_buffered {
        Some(crate::threads::pool(how.threads)?)
    } else {
        None
    };
    let total_bytes = paths
        .iter()
        .map(|p| Source::size_of(p))
        .sum::<Option<u64>>();
    let progress = progress::Records::new(total_bytes, how.quiet || how.line_buffered);
    let counts = progress.counts();
    let mut totals = Totals::default();
    let (first, max) = if how.line_buffered {
        (1, 1)
    } else {
        (FIRST_CHUNK, CHUNK)
    };
    let mut inputs = Inputs::new(paths, first, max).with_settings(how.settings);
    if job.unchecked() {
        inputs = inputs.without_conflict_check();
    }
    let mut current = Chunk::default();
    match &pool {
        None => loop {
            if how.line_buffered {
                signals::waiting(true);
            }
            let more = current.read_counted(&mut inputs, &mut totals, counts);
            if how.line_buffered {
                signals::waiting(false);
            }
            if !more {
                break;
            }
            current.work_sequential(job, counts);
            let whole = write_chunk(out, &current, &inputs, writer, &mut totals)?;
            if how.line_buffered {
                out.flush().map_err(messages::write_error)?;
            }
            if !whole {
                break;
            }
        },
        Some(pool) => {
            // Three batches in flight: `previous` is written and `next` read while the
            // pool solves `current`.
            let mut previous = Chunk::default();
            let mut next = Chunk::default();
            let mut have_current = current.read_counted(&mut inputs, &mut totals, counts);
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
                                write_chunk(out, &previous, &inputs, writer, &mut totals)
                            } else {
                                Ok(true)
                            };
                            let have_next = matches!(written, Ok(true))
                                && have_current
                                && next.read_counted(&mut inputs, &mut totals, counts);
                            (written, have_next)
                        },
                        || {
                            if have_current {
                                current.work_parallel(job, counts)
                            }
                        },
                    )
                    .0
                });
                let whole = written?;
                if !whole {
                    // A signal stopped a record of `previous`: the output ends before
                    // it, and nothing after it is written.
                    break;
                }
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

/// Writes a chunk's records in order, with their messages, and counts them, up to the
/// first one a signal stopped (`interrupted`: its work is not done, so the output ends
/// before it). True if the whole chunk was written.
fn write_chunk(
    out: &mut dyn Write,
    chunk: &Chunk,
    inputs: &Inputs,
    writer: &Writer,
    totals: &mut Totals,
) -> io::Result<bool> {
    let name = inputs.name(chunk.file);
    let mut written = 0;
    for (record, done) in chunk.records.iter().zip(&chunk.results) {
        if done.status == Status::Interrupted {
            break;
        }
        written += 1;
        totals.add(done.status, done.stats.guesses, done.secs);
        if !done.status.is_good() && !messages::quiet() {
            if let Some(e) = &done.error {
                messages::record(name, e.position.line, e.position.column, e.kind);
            } else if let Some(g) = done.general.as_ref().filter(|g| g.error.is_some()) {
                let what = g.error.as_deref().unwrap_or_default();
                messages::record(name, record.line(), g.column, what);
            } else if let Some(what) = why(done, writer) {
                messages::record(name, record.line(), 0, what);
            }
        }
        writer
            .write(out, name, record, done)
            .map_err(messages::write_error)?;
    }
    if let Some(last) = chunk.records[..written].last() {
        signals::written(written as u64, name, last.line());
    }
    Ok(written == chunk.records.len())
}
