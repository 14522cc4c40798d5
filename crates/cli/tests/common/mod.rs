//! What the integration tests share: running the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_bitdoku");

/// Runs the binary with `args`, `stdin` piped in, and collects its output. The input
/// is written from another thread: a big input and a big output would otherwise fill
/// both pipes and block both processes.
pub fn run_with(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = Command::new(BIN)
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
