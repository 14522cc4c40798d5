//! Many puzzles at once: [`Batch`].

use crate::{search, search_record, Options, Outcome};
use bitdoku_core::{Grid, ParseError, Puzzle, Record};
use core::fmt;

/// Puzzles handed to a thread at a time, at least, unless [`Batch::with_task_size`]
/// says otherwise: enough to amortise the hand-off (a 17-clue puzzle takes about 2
/// microseconds), few enough to balance hard puzzles.
const MIN_PER_TASK: usize = 32;

/// Searches many puzzles at once: a slice of puzzles (grids of givens, pencilmark
/// boards, or [`Puzzle`]s), of records from a
/// [`RecordReader`](bitdoku_core::RecordReader) or of puzzle strings with one
/// [`Options`], and gives one result per input, in input order, whatever the thread
/// count.
///
/// With the `rayon` feature the puzzles are shared among threads: by default those of
/// the rayon pool the caller runs in (the global pool: all cores, unless the call is
/// inside a pool's `install`), or a pool of the batch's own
/// ([`Batch::with_threads`]). Without the feature every batch runs on the calling
/// thread. Each puzzle is searched exactly as [`search()`](crate::search()) does alone, so the results do
/// not depend on the threads either.
///
/// ```
/// use bitdoku_solver::{Batch, Options};
///
/// let puzzles = [
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8",
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x",
/// ];
/// let batch = Batch::with_threads(Options::default().with_limit(2), Some(2))?;
/// let results = batch.search_strs(&puzzles);
/// assert_eq!(results[0].as_ref().unwrap().solutions, 1);
/// assert_eq!(results[1].as_ref().unwrap().solutions, 2);
/// let error = results[2].unwrap_err();
/// assert_eq!((error.position.line, error.position.column), (1, 81));
/// # Ok::<(), bitdoku_solver::ThreadPoolError>(())
/// ```
pub struct Batch {
    options: Options,
    threads: Threads,
    /// Items handed to a thread at a time, at least.
    task_size: usize,
}

/// Where a batch runs.
enum Threads {
    /// On the calling thread.
    Caller,
    /// On the rayon pool the caller runs in.
    #[cfg(feature = "rayon")]
    Current,
    /// On a pool of the batch's own.
    #[cfg(feature = "rayon")]
    Own(rayon::ThreadPool),
}

/// The threads of a [`Batch`] could not be started (the system refused to create
/// them).
#[derive(Debug)]
pub struct ThreadPoolError(String);

impl fmt::Display for ThreadPoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot start the solver threads: {}", self.0)
    }
}

impl std::error::Error for ThreadPoolError {}

impl Batch {
    /// A batch that searches with `options` on the rayon pool it is called in (with the
    /// `rayon` feature), or on the calling thread (without it).
    pub fn new(options: Options) -> Batch {
        #[cfg(feature = "rayon")]
        let threads = Threads::Current;
        #[cfg(not(feature = "rayon"))]
        let threads = Threads::Caller;
        Batch {
            options,
            threads,
            task_size: MIN_PER_TASK,
        }
    }

    /// A batch that searches with `options` on the calling thread, one puzzle after
    /// the other (what `with_threads(options, Some(1))` gives, without a `Result`).
    pub const fn sequential(options: Options) -> Batch {
        Batch {
            options,
            threads: Threads::Caller,
            task_size: MIN_PER_TASK,
        }
    }

    /// A batch that searches with `options` on `threads` threads: `None` or `Some(0)`
    /// as [`Batch::new`], `Some(1)` on the calling thread, `Some(n)` on a pool of `n`
    /// threads of its own (named `bitdoku-0`, `bitdoku-1`, ...), started here and
    /// ended when the batch is dropped. `n` is clamped to [`available_threads`]: more
    /// threads than CPUs only wait (and thousands take seconds to start). Without the
    /// `rayon` feature, always on the calling thread.
    pub fn with_threads(
        options: Options,
        threads: Option<usize>,
    ) -> Result<Batch, ThreadPoolError> {
        let threads = match threads.map(|n| n.min(available_threads())) {
            None | Some(0) => return Ok(Batch::new(options)),
            Some(1) => Threads::Caller,
            #[cfg(feature = "rayon")]
            Some(n) => Threads::Own(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .thread_name(|i| format!("bitdoku-{i}"))
                    .build()
                    .map_err(|e| ThreadPoolError(e.to_string()))?,
            ),
            #[cfg(not(feature = "rayon"))]
            Some(_) => Threads::Caller,
        };
        Ok(Batch {
            options,
            threads,
            task_size: MIN_PER_TASK,
        })
    }

    /// The same batch, handing at least `n` items (at least 1) to a thread at a time
    /// in [`Batch::map`] (32 by default). Work that takes milliseconds an
    /// item, such as rating or generating to a rating, wants 1: then two hard puzzles
    /// run on two threads.
    pub fn with_task_size(mut self, n: usize) -> Batch {
        self.task_size = n.max(1);
        self
    }

    /// The options every puzzle is searched with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// How many threads the batch runs on (counting the caller's as one).
    pub fn threads(&self) -> usize {
        match &self.threads {
            Threads::Caller => 1,
            #[cfg(feature = "rayon")]
            Threads::Current => rayon::current_num_threads(),
            #[cfg(feature = "rayon")]
            Threads::Own(pool) => pool.current_num_threads(),
        }
    }

    /// `f` of each item, in order, into `out` (cleared first; its allocation is
    /// reused): the one loop behind every batch call, for callers that do more per
    /// puzzle than a search (time it, print it, check it).
    pub fn map<T, R, F>(&self, items: &[T], f: F, out: &mut Vec<R>)
    where
        T: Sync,
        R: Send,
        F: Fn(&T) -> R + Sync + Send,
    {
        match &self.threads {
            Threads::Caller => {
                out.clear();
                out.extend(items.iter().map(f));
            }
            #[cfg(feature = "rayon")]
            Threads::Current => par_map(items, f, out, self.task_size),
            #[cfg(feature = "rayon")]
            Threads::Own(pool) => pool.install(|| par_map(items, f, out, self.task_size)),
        }
    }

    /// Searches every puzzle: `outcomes[i]` is `search(puzzles[i], self.options())`.
    pub fn search<P: Copy + Into<Puzzle> + Sync>(&self, puzzles: &[P]) -> Vec<Outcome> {
        let mut out = Vec::with_capacity(puzzles.len());
        self.search_into(puzzles, &mut out);
        out
    }

    /// [`Batch::search`] into `out` (cleared first; its allocation is reused).
    pub fn search_into<P: Copy + Into<Puzzle> + Sync>(
        &self,
        puzzles: &[P],
        out: &mut Vec<Outcome>,
    ) {
        self.map(puzzles, |&p| search(p, &self.options), out);
    }

    /// Searches the puzzle of every record with [`search_record`], into `out` (cleared
    /// first): the record's [`ParseError`] if it could not be read, else its outcome.
    /// Records read without the repeated-digit check get it there, only when the
    /// search finds no solution.
    pub fn search_records(&self, records: &[Record], out: &mut Vec<Result<Outcome, ParseError>>) {
        self.map(records, |r| search_record(r, &self.options), out);
    }

    /// Parses and searches every puzzle string (one puzzle each: a line of 81 squares,
    /// a boxed grid or a pencilmark line, as [`Puzzle`]'s `FromStr` reads it); a
    /// string that is not a
    /// puzzle gives its [`ParseError`], with the position inside that string.
    pub fn search_strs<S: AsRef<str> + Sync>(
        &self,
        puzzles: &[S],
    ) -> Vec<Result<Outcome, ParseError>> {
        let mut out = Vec::with_capacity(puzzles.len());
        self.map(
            puzzles,
            |p| {
                p.as_ref()
                    .parse::<Puzzle>()
                    .map(|p| search(p, &self.options))
            },
            &mut out,
        );
        out
    }
}

impl fmt::Debug for Batch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("options", &self.options)
            .field("threads", &self.threads())
            .finish()
    }
}

#[cfg(feature = "rayon")]
fn par_map<T, R, F>(items: &[T], f: F, out: &mut Vec<R>, task_size: usize)
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    use rayon::prelude::*;
    items
        .par_iter()
        .with_min_len(task_size)
        .map(f)
        .collect_into_vec(out);
}

/// The threads this machine can run at once (at least 1): the most any batch uses.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The first solution of each puzzle, in order, on the current rayon pool (see
/// [`Batch::new`]).
///
/// ```
/// let grids = [bitdoku_core::Grid::EMPTY; 3];
/// let solutions = bitdoku_solver::solve_many(&grids);
/// assert!(solutions.iter().all(|s| s.is_some_and(|s| s.is_solved())));
/// ```
pub fn solve_many<P: Copy + Into<Puzzle> + Sync>(puzzles: &[P]) -> Vec<Option<Grid>> {
    let mut out = Vec::with_capacity(puzzles.len());
    Batch::new(Options::default()).map(
        puzzles,
        |&p| search(p, &Options::default()).solution,
        &mut out,
    );
    out
}

/// How many solutions each puzzle has, counting no further than `limit`, in order, on
/// the current rayon pool (see [`Batch::new`]).
pub fn count_many<P: Copy + Into<Puzzle> + Sync>(puzzles: &[P], limit: usize) -> Vec<usize> {
    let options = Options::default().with_limit(limit);
    let mut out = Vec::with_capacity(puzzles.len());
    Batch::new(options).map(puzzles, |&p| search(p, &options).solutions, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const TWO: &str =
        "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8";

    /// Many different puzzles: grid1 and the two-solution puzzle with digits relabelled.
    fn puzzles() -> Vec<Grid> {
        let mut grids = Vec::new();
        for shift in 0..9u8 {
            for p in [GRID1, TWO] {
                let g: Grid = p.parse().unwrap();
                grids.push(Grid::from_values(g.values().map(|v| {
                    if v == 0 {
                        0
                    } else {
                        (v - 1 + shift) % 9 + 1
                    }
                })));
            }
        }
        grids.push(Grid::EMPTY);
        grids.repeat(20)
    }

    #[test]
    fn results_are_in_order_and_equal_at_every_thread_count() {
        let grids = puzzles();
        let options = Options::default().with_limit(3);
        let alone: Vec<Outcome> = grids.iter().map(|g| search(g, &options)).collect();
        for threads in [None, Some(1), Some(2), Some(3)] {
            let batch = Batch::with_threads(options, threads).unwrap();
            assert_eq!(batch.search(&grids), alone, "{threads:?}");
        }
        let counts: Vec<usize> = alone.iter().map(|o| o.solutions).collect();
        assert_eq!(count_many(&grids, 3), counts);
        let firsts: Vec<Option<Grid>> = grids.iter().map(crate::solve).collect();
        assert_eq!(solve_many(&grids), firsts);
    }

    #[test]
    fn strings_and_records_give_the_same_outcomes_and_their_errors() {
        let options = Options::default().with_limit(2);
        let batch = Batch::with_threads(options, Some(2)).unwrap();
        let bad_char = GRID1.replacen('.', "x", 1);
        let repeated = GRID1.replacen('.', "4", 1); // a second 4 in row A
        let short = &GRID1[..80];
        let strs = [GRID1, &bad_char, TWO, &repeated, short];
        let results = batch.search_strs(&strs);
        assert_eq!(
            results[0],
            Ok(search(GRID1.parse::<Grid>().unwrap(), &options))
        );
        assert_eq!(results[2].unwrap().solutions, 2);
        for (i, column) in [(1, 2), (3, 2), (4, 1)] {
            let e = results[i].unwrap_err();
            assert_eq!((e.position.line, e.position.column), (1, column), "{e}");
        }
        // The same text as records read without the conflict check: the repeated
        // given is found after the search, the others are as above.
        let mut reader = bitdoku_core::RecordReader::without_conflict_check();
        let mut records = Vec::new();
        for s in &strs {
            reader.push_line(s.as_bytes(), |r| records.push(r));
        }
        reader.finish(|r| records.push(r));
        let mut out = Vec::new();
        batch.search_records(&records, &mut out);
        assert_eq!(out.len(), strs.len());
        for (i, (got, want)) in out.iter().zip(&results).enumerate() {
            match (got, want) {
                (Ok(a), Ok(b)) => assert_eq!(a, b),
                (Err(a), Err(b)) => assert_eq!(a.kind, b.kind),
                _ => panic!("record {i}: {got:?} != {want:?}"),
            }
        }
    }

    #[cfg(feature = "rayon")]
    #[test]
    fn an_own_pool_runs_puzzles_at_the_same_time() {
        // The pool splits the slice in halves first, so two threads run one each.
        let batch = Batch::with_threads(Options::default(), Some(2)).unwrap();
        assert_eq!(batch.threads(), 2);
        first_and_last_overlap(&batch, 4 * MIN_PER_TASK);
    }

    #[cfg(feature = "rayon")]
    #[test]
    fn a_task_size_of_one_runs_two_items_on_two_threads() {
        // Two items are below the default task size: one thread would run both.
        let batch = Batch::with_threads(Options::default(), Some(2))
            .unwrap()
            .with_task_size(1);
        first_and_last_overlap(&batch, 2);
    }

    #[cfg(feature = "rayon")]
    /// The first and the last of `n` items each wait for the other to start. On one
    /// thread they would run one after the other and the wait would time out.
    fn first_and_last_overlap(batch: &Batch, n: usize) {
        use std::sync::{Condvar, Mutex};
        use std::time::Duration;
        let items: Vec<usize> = (0..n).collect();
        let last = items.len() - 1;
        let started = Mutex::new([false, false]);
        let signal = Condvar::new();
        let mut met = Vec::new();
        batch.map(
            &items,
            |&i| {
                let me = match i {
                    0 => 0,
                    i if i == last => 1,
                    _ => return (true, None),
                };
                let mut s = started.lock().unwrap();
                s[me] = true;
                signal.notify_all();
                let (s, timeout) = signal
                    .wait_timeout_while(s, Duration::from_secs(60), |s| !s[1 - me])
                    .unwrap();
                drop(s);
                let name = std::thread::current().name().map(str::to_owned);
                (!timeout.timed_out(), name)
            },
            &mut met,
        );
        assert!(
            met.iter().all(|(ok, _)| *ok),
            "the two waits did not overlap"
        );
        let names = [&met[0].1, &met[last].1];
        assert_ne!(names[0], names[1]);
        assert!(names
            .iter()
            .all(|n| n.as_deref().is_some_and(|n| n.starts_with("bitdoku-"))));
    }

    #[test]
    fn threads_are_clamped_to_the_cpus() {
        let batch = Batch::with_threads(Options::default(), Some(100_000)).unwrap();
        assert!(batch.threads() <= available_threads());
    }

    #[test]
    fn one_thread_is_the_calling_thread() {
        let batch = Batch::with_threads(Options::default(), Some(1)).unwrap();
        assert_eq!(batch.threads(), 1);
        let me = std::thread::current().id();
        let mut ids = Vec::new();
        batch.map(&[0; 100], |_| std::thread::current().id(), &mut ids);
        assert!(ids.iter().all(|&id| id == me));
    }
}
