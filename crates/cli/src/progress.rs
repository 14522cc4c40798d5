//! The progress bar of `solve`, `count`, `rate` and `generate`: on stderr, only when stderr is a terminal,
//! never with `--quiet`, and only once a run has lasted a second, so short runs and
//! pipelines never see it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// A run shorter than this shows no bar.
const DELAY: Duration = Duration::from_secs(1);

/// Progress of a run, by bytes of input when the total is known (files), else a
/// spinner with the count of puzzles (stdin).
pub struct Progress {
    enabled: bool,
    total_bytes: Option<u64>,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A progress display for a run over `total_bytes` of input (`None`: unknown).
    pub fn new(total_bytes: Option<u64>, quiet: bool) -> Progress {
        Progress {
            enabled: !quiet && io::stderr().is_terminal(),
            total_bytes,
            started: Instant::now(),
            bar: None,
        }
    }

    /// Records that `bytes` of input were consumed and `puzzles` answered.
    pub fn update(&mut self, bytes: u64, puzzles: u64) {
        if !self.enabled {
            return;
        }
        let elapsed = self.started.elapsed();
        if self.bar.is_none() && elapsed < DELAY {
            return;
        }
        let total_bytes = self.total_bytes;
        let bar = self.bar.get_or_insert_with(|| {
            let (bar, template) = match total_bytes {
                Some(total) => (
                    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()),
                    "{msg} [{bar:30}] {percent:>3}% eta {eta}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                    "{spinner} {msg}",
                ),
            };
            bar.set_style(
                ProgressStyle::with_template(template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar
        });
        let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!("{puzzles} puzzles, {rate:.0}/s"));
        bar.set_position(bytes);
    }

    /// Records that `done` of `total` items (puzzles made) are done.
    pub fn update_count(&mut self, done: u64, total: u64) {
        if !self.enabled || (self.bar.is_none() && self.started.elapsed() < DELAY) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{pos}/{len} puzzles [{bar:30}] {per_sec} eta {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
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
