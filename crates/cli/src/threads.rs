//! Threads: how many a run gets, and the one place a pool of them is built.

use crate::messages;
use std::io;

/// Threads to use: as asked, but no more than the CPUs there are (more threads only
/// wait for a CPU, and rayon's idle workers spin before they sleep); the CPUs when not
/// asked. The library clamps the same way (`bitdoku_solver::Batch::with_threads`);
/// here a note says so.
pub fn clamp(asked: Option<u32>) -> usize {
    match asked {
        // One thread is never too many: the system is not asked.
        Some(1) => 1,
        None => bitdoku_solver::available_threads(),
        Some(n) => {
            let cpus = bitdoku_solver::available_threads();
            if n as usize > cpus {
                messages::note(format_args!(
                    "--threads {n}: using {cpus}, the number of CPUs"
                ));
            }
            cpus.min(n as usize)
        }
    }
}

/// A pool of `threads` workers for one run.
pub fn pool(threads: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("bitdoku-{i}"))
        .build()
        .map_err(io::Error::other)
}
