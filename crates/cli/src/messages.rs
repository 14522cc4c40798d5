//! Everything bitdoku says on stderr, the totals of a run and the exit status, in one
//! place (as ripgrep's `messages.rs`): every message starts `bitdoku: `, names its
//! input as `file:line:col` (or `file:line`, or `file`), and `--quiet` silences the
//! per-record ones only.
//!
//! Exit status, the one policy of every subcommand:
//!
//! | status | when |
//! | --- | --- |
//! | 0 | every record is what was asked for (solved, unique, rated...) |
//! | 1 | some record is not (unsolvable, invalid, multiple, gave up...), or an input held no puzzle; 0 with `--exit-zero` |
//! | 2 | usage errors and inputs that cannot be read (no such file, not a puzzle) |
//! | 3 | the output could not be written (stdout closed, disk full); a closed pipe (`| head`) is not an error |
//! | 130, 143 | interrupted by SIGINT or SIGTERM; the output ends after a whole record |

use crate::status::{Status, ALL};
use std::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why `minimize` and `canon` refuse a pencilmark record: both work on givens.
pub const GIVENS_ONLY: &str =
    "a pencilmark puzzle: this command works on givens (81 squares), not candidates";

/// Exit status: every record is what was asked for.
pub const EXIT_OK: u8 = 0;
/// Exit status: some record is not (or an input held no puzzle).
pub const EXIT_FAILED: u8 = 1;
/// Exit status: a usage error or an input that cannot be read.
pub const EXIT_USAGE: u8 = 2;
/// Exit status: the output could not be written.
pub const EXIT_WRITE: u8 = 3;

static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: no per-record messages from now on.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// True under `--quiet`.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A message about a whole input (`bitdoku: FILE: what`), printed even with `--quiet`:
/// no output record says it.
pub fn input(name: &str, what: impl fmt::Display) {
    eprintln!("bitdoku: {name}: {what}");
}

/// A message about one record: `bitdoku: FILE:LINE:COL: what` (`COL` 0 leaves the
/// column out). Silent with `--quiet`: the record's output says it too.
pub fn record(name: &str, line: usize, column: usize, what: impl fmt::Display) {
    if quiet() {
        return;
    }
    if column > 0 {
        eprintln!("bitdoku: {name}:{line}:{column}: {what}");
    } else {
        eprintln!("bitdoku: {name}:{line}: {what}");
    }
}

/// A note about the run (`bitdoku: what`), silent with `--quiet`.
pub fn note(what: impl fmt::Display) {
    if !quiet() {
        eprintln!("bitdoku: {what}");
    }
}

/// An error of the run itself (`bitdoku: what`), printed even with `--quiet`.
pub fn error(what: impl fmt::Display) {
    eprintln!("bitdoku: {what}");
}

/// Marks an IO error as one of writing the output, so that [`exit_for_error`] tells it
/// from the others. The kind is kept (a closed pipe stays `BrokenPipe`).
#[derive(Debug)]
pub struct WriteError(pub io::Error);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error writing to stdout: {}", self.0)
    }
}

impl std::error::Error for WriteError {}

/// Wraps an error of writing the output as a [`WriteError`].
pub fn write_error(e: io::Error) -> io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<WriteError>()) {
        return e;
    }
    io::Error::new(e.kind(), WriteError(e))
}

/// The exit status and message of a run that ended in `e`: a closed pipe is a quiet
/// success, a write error is [`EXIT_WRITE`], anything else [`EXIT_USAGE`].
pub fn exit_for_error(e: &io::Error) -> u8 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return EXIT_OK;
    }
    error(e);
    if e.get_ref().is_some_and(|inner| inner.is::<WriteError>()) {
        EXIT_WRITE
    } else {
        EXIT_USAGE
    }
}

/// Counts over a run: records by status, inputs that could not be read or held no
/// puzzle, solver effort. The summary and the exit status come from here.
#[derive(Default, Clone)]
pub struct Totals {
    /// Records by [`Status::index`].
    pub by_status: [u64; ALL.len()],
    /// Inputs that could not be read.
    pub unreadable: u64,
    /// Inputs that held no puzzle.
    pub empty: u64,
    /// Sum of the per-puzzle solver times (with `--stats`).
    pub secs: f64,
    /// The longest per-puzzle solver time (with `--stats`).
    pub max_secs: f64,
    /// Guesses over all puzzles.
    pub guesses: u64,
}

impl Totals {
    /// Counts one record.
    #[inline]
    pub fn add(&mut self, status: Status, guesses: u64, secs: f64) {
        self.by_status[status.index()] += 1;
        self.guesses += guesses;
        self.secs += secs;
        if secs > self.max_secs {
            self.max_secs = secs;
        }
    }

    /// Records of `status`.
    pub fn of(&self, status: Status) -> u64 {
        self.by_status[status.index()]
    }

    /// All records.
    pub fn records(&self) -> u64 {
        self.by_status.iter().sum()
    }

    /// Records that are what was asked for.
    pub fn good(&self) -> u64 {
        ALL.iter()
            .filter(|s| s.is_good())
            .map(|&s| self.of(s))
            .sum()
    }

    /// The exit status of a run that completed (see the module docs).
    pub fn exit_code(&self, exit_zero: bool) -> u8 {
        let failed = !exit_zero && (self.good() != self.records() || self.empty > 0);
        exit_status(self.unreadable, u64::from(failed))
    }
}

/// The exit status of a run that has read its inputs: 128 + the signal if one stopped
/// it (after saying how far it got), else [`Totals::exit_code`]. Every subcommand that
/// reads puzzles ends with this.
pub fn exit_code(totals: &Totals, exit_zero: bool) -> u8 {
    crate::signals::interrupted_exit().unwrap_or_else(|| totals.exit_code(exit_zero))
}

/// The exit status of a run with `unreadable` inputs that could not be read and
/// `failed` records that did not succeed: the one policy every subcommand ends with.
fn exit_status(unreadable: u64, failed: u64) -> u8 {
    if unreadable > 0 {
        EXIT_USAGE
    } else if failed > 0 {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

/// `count`'s summary line (unless `--quiet`).
pub fn count_summary(totals: &Totals, limit: usize) {
    let n = totals.records();
    let mut line = format!(
        "counted {n} puzzle{}: {} unique, {} multiple, {} unsolvable",
        plural(n),
        totals.of(Status::Unique),
        totals.of(Status::Multiple),
        totals.of(Status::Unsolvable)
    );
    for status in [
        Status::Solvable,
        Status::Invalid,
        Status::GaveUp,
        Status::TimedOut,
    ] {
        if totals.of(status) > 0 {
            line += &format!(", {} {}", totals.of(status), status.word());
        }
    }
    note(format_args!("{line} (limit {limit})."));
}

/// What `--stats` prints: `verb` is `Solved`, `Unique:` or `Rated`.
pub struct Summary<'a> {
    /// The first word of the summary.
    pub verb: &'a str,
    /// Wall time of the run.
    pub wall_secs: f64,
    /// Threads that solved.
    pub threads: usize,
    /// False for a solver that does not count its guesses (the string solver).
    pub counts_guesses: bool,
    /// The solver and its back-end (`avx512`, `portable`, `norvig`).
    pub solver: &'a str,
}

/// Norvig's summary line and the effort line, on stderr (printed even with `--quiet`:
/// they were asked for).
pub fn summary(totals: &Totals, s: &Summary) {
    let n = totals.records();
    let good = totals.good();
    let per_sec = if s.wall_secs > 0.0 {
        format!("{:.0}", n as f64 / s.wall_secs)
    } else {
        "n/a".to_string()
    };
    eprintln!(
        "{} {good} of {n} puzzles ({per_sec} puzzles/s of wall time; per puzzle avg {}, \
         max {}).",
        s.verb,
        duration(totals.secs / n.max(1) as f64),
        duration(totals.max_secs)
    );
    let guesses = if s.counts_guesses {
        format!(
            "{} guesses ({:.2} per puzzle)",
            totals.guesses,
            totals.guesses as f64 / n.max(1) as f64
        )
    } else {
        "guesses n/a (this solver does not count them)".to_string()
    };
    eprintln!(
        "{guesses}, {:.3} s wall time, {} thread{}, solver {}.",
        s.wall_secs,
        s.threads,
        plural(s.threads as u64),
        s.solver
    );
}

/// A duration in the unit that shows it best: `812 ns`, `41.3 µs`, `2.51 ms`, `1.20 s`.
pub fn duration(secs: f64) -> String {
    if secs < 1e-6 {
        format!("{:.0} ns", secs * 1e9)
    } else if secs < 1e-3 {
        format!("{:.1} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

/// `s` for a count other than 1.
pub fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_policy() {
        let mut t = Totals::default();
        t.add(Status::Solvable, 0, 0.0);
        t.add(Status::Unique, 0, 0.0);
        assert_eq!(t.exit_code(false), EXIT_OK);
        t.add(Status::Multiple, 0, 0.0);
        assert_eq!(t.exit_code(false), EXIT_FAILED);
        assert_eq!(t.exit_code(true), EXIT_OK);
        t.unreadable = 1;
        assert_eq!(t.exit_code(true), EXIT_USAGE);
    }

    #[test]
    fn write_errors_are_told_apart() {
        let e = write_error(io::Error::from(io::ErrorKind::StorageFull));
        assert!(e.to_string().starts_with("error writing to stdout: "));
        assert_eq!(write_error(e).kind(), io::ErrorKind::StorageFull);
        let pipe = write_error(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(exit_for_error(&pipe), EXIT_OK);
    }

    #[test]
    fn durations_in_their_unit() {
        assert_eq!(duration(0.000_000_5), "500 ns");
        assert_eq!(duration(0.000_041_3), "41.3 µs");
        assert_eq!(duration(0.002_51), "2.51 ms");
        assert_eq!(duration(1.2), "1.20 s");
    }
}
