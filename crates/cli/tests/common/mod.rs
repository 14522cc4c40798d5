//! What the integration tests share: running the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_bitdoku");

/// The binary to run: [`BIN`], or the one named by `BITDOKU_TEST_BIN` (to check that a
/// regression test fails on an older build).
pub fn bin() -> String {
    std::env::var("BITDOKU_TEST_BIN").unwrap_or_else(|_| BIN.to_string())
}

/// Runs the binary with `args`, `stdin` piped in, and collects its output. The input
/// is written from another thread: a big input and a big output would otherwise fill
/// both pipes and block both processes.
pub fn run_with(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}
