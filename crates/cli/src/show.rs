//! `bitdoku show`: Norvig's candidate grid of each puzzle after his two rules, the
//! way his article prints `parse_grid` before any search.

use crate::input::Source;
use bitdoku_core::Record;
use std::io::{self, Write};
use std::path::Path;

/// Where `show` (and `explain`) take puzzles from: `-` is stdin, an existing path is a
/// file, anything else is puzzle text written out on the command line.
pub fn open(arg: &str) -> io::Result<Source> {
    if arg == "-" || Path::new(arg).exists() {
        Source::open(arg)
    } else if arg.bytes().any(|b| b.is_ascii_digit() || b == b'.') && arg.len() >= 17 {
        Ok(Source::literal(arg))
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            "no such file, and not a puzzle (81 squares: 1-9, with 0 or . for empty)",
        ))
    }
}

/// Reads every record of every argument, calling `each` with the source's name.
/// Returns (records read, unreadable arguments).
pub fn for_each_record(
    args: &[String],
    mut each: impl FnMut(&str, &Record) -> io::Result<()>,
) -> io::Result<(u64, u64)> {
    let (mut records, mut unreadable) = (0, 0);
    let mut batch = Vec::new();
    for arg in args {
        let mut source = match open(arg) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("bitdoku: {arg}: {e}");
                unreadable += 1;
                continue;
            }
        };
        loop {
            batch.clear();
            let read = source.read_records(&mut batch, 1024);
            for record in &batch {
                records += 1;
                each(&source.name, record)?;
            }
            match read {
                Ok(0) => {
                    if let Some(why) = source.why_empty() {
                        eprintln!("bitdoku: {}: {why}", source.name);
                        unreadable += 1;
                    }
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    eprintln!("bitdoku: {}: {e}", source.name);
                    unreadable += 1;
                    break;
                }
            }
        }
    }
    Ok((records, unreadable))
}

/// Prints each puzzle's candidates after propagation, each after a `#` header line and
/// followed by a blank line; returns the exit code.
pub fn show(args: &[String], out: &mut dyn Write) -> io::Result<u8> {
    let mut failed = 0u64;
    let (_, unreadable) = for_each_record(args, |name, record| {
        let grid = match &record.grid {
            Ok(g) => g,
            Err(e) => {
                eprintln!(
                    "bitdoku: {name}:{}:{}: {}",
                    e.position.line, e.position.column, e.kind
                );
                failed += 1;
                return Ok(());
            }
        };
        match bitdoku_solver::propagate(grid) {
            Some(board) => {
                let open = board.0.iter().filter(|c| c.len() > 1).count();
                match open {
                    0 => writeln!(out, "# {name}:{}: solved by propagation", record.line)?,
                    1 => writeln!(out, "# {name}:{}: 1 square open", record.line)?,
                    n => writeln!(out, "# {name}:{}: {n} squares open", record.line)?,
                }
                writeln!(out, "{board}")
            }
            None => {
                eprintln!(
                    "bitdoku: {name}:{}: no solution: propagation reaches a contradiction",
                    record.line
                );
                failed += 1;
                writeln!(out, "# {name}:{}: contradiction", record.line)
            }
        }
    })?;
    Ok(if unreadable > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    })
}
