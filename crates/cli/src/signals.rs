//! SIGINT and SIGTERM: the run stops at a record boundary and says how far it got.
//!
//! A watcher thread takes the signal and raises a flag; the reader stops at the next
//! line, the records already read are answered and written, and the run ends with
//! exit status 128 + the signal. When the run is only waiting for input (line-buffered
//! mode, everything written), the watcher ends it at once. A second signal ends the
//! process at once.

use crate::messages;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Mutex;

static SIGNAL: AtomicI32 = AtomicI32::new(0);
static WAITING: AtomicBool = AtomicBool::new(false);
static ANSWERED: AtomicU64 = AtomicU64::new(0);
static LAST: Mutex<String> = Mutex::new(String::new());

/// Starts watching for SIGINT and SIGTERM (once, before the run).
pub fn watch() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let first = SIGNAL.swap(signal, Ordering::SeqCst) == 0;
            if !first || WAITING.load(Ordering::SeqCst) {
                report();
                std::process::exit(exit_code(signal).into());
            }
        }
    });
}

/// True once a signal came.
#[inline]
pub fn interrupted() -> bool {
    SIGNAL.load(Ordering::Relaxed) != 0
}

/// The exit status after `signal`.
fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(130)
}

/// The exit status of an interrupted run, `None` if no signal came.
pub fn interrupted_exit() -> Option<u8> {
    let signal = SIGNAL.load(Ordering::SeqCst);
    (signal != 0).then(|| {
        report();
        exit_code(signal)
    })
}

/// Marks the run as only waiting for input, everything written (or not).
pub fn waiting(yes: bool) {
    WAITING.store(yes, Ordering::SeqCst);
    if yes && interrupted() {
        report();
        std::process::exit(exit_code(SIGNAL.load(Ordering::SeqCst)).into());
    }
}

/// Records that `records` more records are written, the last one at `name:line`.
pub fn written(records: u64, name: &str, line: usize) {
    ANSWERED.fetch_add(records, Ordering::Relaxed);
    if let Ok(mut last) = LAST.lock() {
        last.clear();
        last.push_str(name);
        last.push(':');
        last.push_str(&line.to_string());
    }
}

fn report() {
    let signal = match SIGNAL.load(Ordering::SeqCst) {
        SIGTERM => "SIGTERM",
        _ => "SIGINT",
    };
    let answered = ANSWERED.load(Ordering::SeqCst);
    let last = LAST.lock().map(|l| l.clone()).unwrap_or_default();
    if answered == 0 {
        messages::error(format_args!(
            "interrupted by {signal} before any record was written"
        ));
    } else {
        messages::error(format_args!(
            "interrupted by {signal}: {answered} record{} written, the last for {last}; \
             the output ends after it",
            messages::plural(answered)
        ));
    }
}
