//! SIGINT and SIGTERM: the run stops at a record boundary and says how far it got.
//!
//! The signal raises a flag; the reader stops at the next line, the records already
//! read are answered and written, and the run ends with exit status 128 + the signal.
//! A second signal ends the process at once, with the same status.
//!
//! A run that reads line by line (`--line-buffered`) may wait for input with
//! everything written: a watcher thread then ends it at once on the first signal,
//! saying how far it got. Other runs need no thread, whose start every run paid
//! (docs/performance.md, session 21): a handler raises the flag.

use crate::messages;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, Once};

/// What the signals set: the first one's number, and whether one came.
struct Flags {
    signal: Arc<AtomicUsize>,
    came: Arc<AtomicBool>,
}

static FLAGS: LazyLock<Flags> = LazyLock::new(|| Flags {
    signal: Arc::new(AtomicUsize::new(0)),
    came: Arc::new(AtomicBool::new(false)),
});
static WATCHING: Once = Once::new();
static WAITING: AtomicBool = AtomicBool::new(false);
static ANSWERED: AtomicU64 = AtomicU64::new(0);
static LAST: Mutex<String> = Mutex::new(String::new());

/// Starts watching for SIGINT and SIGTERM (the first call only, before the run).
/// `waits`: the run may wait for input with everything written (`--line-buffered`).
pub fn watch(waits: bool) {
    WATCHING.call_once(|| {
        if waits {
            watch_with_a_thread();
        } else {
            for signal in [SIGINT, SIGTERM] {
                // In this order: a signal that finds `came` set ends the process;
                // the first sets the number, then `came`.
                let flags = &*FLAGS;
                let status = i32::from(exit_code(signal));
                let _ = signal_hook::flag::register_conditional_shutdown(
                    signal,
                    status,
                    Arc::clone(&flags.came),
                );
                let _ = signal_hook::flag::register_usize(
                    signal,
                    Arc::clone(&flags.signal),
                    signal as usize,
                );
                let _ = signal_hook::flag::register(signal, Arc::clone(&flags.came));
            }
        }
    });
}

/// The watcher of a run that may wait for input: it ends such a run at once.
fn watch_with_a_thread() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let first = FLAGS.signal.load(Ordering::SeqCst) == 0;
            if first {
                FLAGS.signal.store(signal as usize, Ordering::SeqCst);
                FLAGS.came.store(true, Ordering::SeqCst);
            }
            if !first || WAITING.load(Ordering::SeqCst) {
                report();
                std::process::exit(exit_code(signal).into());
            }
        }
    });
}

/// The first signal's number, 0 if none came.
fn signal() -> i32 {
    FLAGS.signal.load(Ordering::SeqCst) as i32
}

/// True once a signal came.
#[inline]
pub fn interrupted() -> bool {
    FLAGS.came.load(Ordering::Relaxed)
}

/// The exit status after `signal`.
fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(130)
}

/// The exit status of an interrupted run, `None` if no signal came.
pub fn interrupted_exit() -> Option<u8> {
    interrupted().then(|| {
        report();
        exit_code(signal())
    })
}

/// Marks the run as only waiting for input, everything written (or not).
pub fn waiting(yes: bool) {
    WAITING.store(yes, Ordering::SeqCst);
    if yes && interrupted() {
        report();
        std::process::exit(exit_code(signal()).into());
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
    let signal = match signal() {
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
