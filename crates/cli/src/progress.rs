//! The progress bars of `solve`, `count`, `rate` and `generate`: on stderr, only when
//! stderr is a terminal, never with `--quiet`, and only once a run has lasted a second,
//! so short runs and pipelines never see it.
//!
//! The records' bar ([`Records`]) is drawn by a thread of its own from [`Counts`] that
//! the run keeps as it goes (bytes and records read, records answered), so that it
//! moves while a chunk is being worked on: a chunk of ratings can take minutes, and
//! the whole of a small file is read in its first chunk. Its position is the share of
//! the input answered, not read.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// A run shorter than this shows no bar.
const DELAY: Duration = Duration::from_secs(1);

/// How often the records' bar is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// True when a bar may be drawn: stderr is a terminal, and not `--quiet`.
fn wanted(quiet: bool) -> bool {
    !quiet && io::stderr().is_terminal()
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// What a run has done so far, kept by the threads that do it.
#[derive(Default, Debug)]
pub struct Counts {
    bytes: AtomicU64,
    read: AtomicU64,
    answered: AtomicU64,
}

impl Counts {
    /// `records` more records were read, the input consumed up to `bytes` in all.
    pub fn read(&self, bytes: u64, records: usize) {
        self.bytes.store(bytes, Ordering::Relaxed);
        self.read.fetch_add(records as u64, Ordering::Relaxed);
    }

    /// `records` more records were answered.
    pub fn answered(&self, records: usize) {
        self.answered.fetch_add(records as u64, Ordering::Relaxed);
    }

    /// Bytes read, records read and records answered.
    fn snapshot(&self) -> (u64, u64, u64) {
        (
            self.bytes.load(Ordering::Relaxed),
            self.read.load(Ordering::Relaxed),
            self.answered.load(Ordering::Relaxed),
        )
    }
}

/// What the records' bar shows after `elapsed`, with `answered` of the `read` records
/// read from the first `bytes` of the input answered: its position in bytes (the bytes
/// read, in the share of the records read that are answered) and its message.
fn view(bytes: u64, read: u64, answered: u64, elapsed: Duration) -> (u64, String) {
    let position = if read == 0 {
        0
    } else {
        (u128::from(bytes) * u128::from(answered.min(read)) / u128::from(read)) as u64
    };
    let rate = answered as f64 / elapsed.as_secs_f64().max(1e-9);
    // Ratings come a few a second: a decimal then.
    let rate = if rate < 10.0 {
        format!("{rate:.1}")
    } else {
        format!("{rate:.0}")
    };
    (position, format!("{answered} puzzles, {rate}/s"))
}

/// The progress of a run over records: by bytes of input when the total is known
/// (files), else a spinner with the count of puzzles (stdin).
pub struct Records {
    counts: Arc<Counts>,
    ticker: Option<(mpsc::Sender<()>, std::thread::JoinHandle<()>)>,
}

impl Records {
    /// The progress of a run over `total_bytes` of input (`None`: unknown); drawn
    /// unless `quiet` or stderr is not a terminal.
    pub fn new(total_bytes: Option<u64>, quiet: bool) -> Records {
        let counts = Arc::new(Counts::default());
        let ticker = wanted(quiet).then(|| {
            let (stop, stopped) = mpsc::channel();
            let counts = Arc::clone(&counts);
            let thread = std::thread::spawn(move || draw(&counts, total_bytes, &stopped));
            (stop, thread)
        });
        Records { counts, ticker }
    }

    /// The counts the run keeps.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Clears the bar, if one was drawn.
    pub fn finish(self) {
        if let Some((stop, thread)) = self.ticker {
            let _ = stop.send(());
            let _ = thread.join();
        }
    }
}

/// The ticker: draws the bar from `counts` every [`TICK`] once [`DELAY`] has passed,
/// until told to stop.
fn draw(counts: &Counts, total_bytes: Option<u64>, stop: &mpsc::Receiver<()>) {
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(TICK) {
        let elapsed = started.elapsed();
        if elapsed < DELAY {
            continue;
        }
        let bar = bar.get_or_insert_with(|| match total_bytes {
            Some(total) => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                bar.set_style(style("{msg} [{bar:30}] {percent:>3}% eta {eta}"));
                bar
            }
            None => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(style("{spinner} {msg}"));
                bar
            }
        });
        let (bytes, read, answered) = counts.snapshot();
        let (position, message) = view(bytes, read, answered, elapsed);
        bar.set_message(message);
        bar.set_position(position);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// The progress of `generate`: puzzles made out of the count asked for.
pub struct Progress {
    enabled: bool,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A progress display, drawn unless `quiet` or stderr is not a terminal.
    pub fn new(quiet: bool) -> Progress {
        Progress {
            enabled: wanted(quiet),
            started: Instant::now(),
            bar: None,
        }
    }

    /// Records that `done` of `total` items (puzzles made) are done.
    pub fn update_count(&mut self, done: u64, total: u64) {
        if !self.enabled || (self.bar.is_none() && self.started.elapsed() < DELAY) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(style("{pos}/{len} puzzles [{bar:30}] {per_sec} eta {eta}"));
            bar
        });
        bar.set_position(done);
    }

    /// Clears the bar, if one was drawn.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36, 3: `rate` of a small file showed `0 puzzles, 0/s [======] 100%` for
    /// the whole run: the file was read in its first chunk, and the bar counted bytes
    /// read and records written (after the chunk). It now counts records answered.
    #[test]
    fn the_bar_shows_what_is_answered_not_what_is_read() {
        let counts = Counts::default();
        // A file of 200 puzzles, 16,400 bytes, read whole at the start.
        counts.read(16_400, 200);
        let (bytes, read, answered) = counts.snapshot();
        let at_start = view(bytes, read, answered, Duration::from_secs(2));
        assert_eq!(at_start, (0, "0 puzzles, 0.0/s".to_string()));
        // 50 answered while the chunk is worked on.
        for _ in 0..50 {
            counts.answered(1);
        }
        let (bytes, read, answered) = counts.snapshot();
        let (position, message) = view(bytes, read, answered, Duration::from_secs(10));
        assert_eq!((position, message.as_str()), (4_100, "50 puzzles, 5.0/s"));
        counts.answered(150);
        let (bytes, read, answered) = counts.snapshot();
        assert_eq!(
            view(bytes, read, answered, Duration::from_secs(40)).0,
            16_400
        );
    }

    #[test]
    fn nothing_read_is_nothing_shown() {
        assert_eq!(
            view(0, 0, 0, Duration::ZERO),
            (0, "0 puzzles, 0.0/s".to_string())
        );
        assert_eq!(
            view(10, 1, 1, Duration::from_millis(10)).1,
            "1 puzzles, 100/s"
        );
    }
}
