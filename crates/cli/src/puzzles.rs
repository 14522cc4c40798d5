//! Puzzle arguments, read the same way by every subcommand: `-` is standard input, an
//! argument that names an existing path is a file, one that is a puzzle (or several,
//! one per line) written out is that puzzle, and anything else is "no such file" (exit
//! status 2). No arguments means standard input.

use crate::input::Source;
use bitdoku_core::{Record, RecordReader};
use std::path::Path;

/// The arguments, or `-` (standard input) when there are none.
pub fn or_stdin(args: &[String]) -> Vec<String> {
    if args.is_empty() {
        vec!["-".to_string()]
    } else {
        args.to_vec()
    }
}

/// Opens one argument; `Err` is the message for it (the argument is unreadable).
pub fn open(arg: &str) -> Result<Source, String> {
    if arg == "-" || Path::new(arg).exists() {
        Source::open(arg).map_err(|e| e.to_string())
    } else if is_puzzle_text(arg) {
        Ok(Source::literal(arg))
    } else {
        Err(format!(
            "no such file, and not a puzzle (81 squares: 1-9, with {} for empty)",
            bitdoku_core::empty_marks_in_words()
        ))
    }
}

/// True when `text` reads as one or more puzzles and nothing else.
fn is_puzzle_text(text: &str) -> bool {
    let mut reader = RecordReader::new();
    let (mut good, mut bad) = (0, 0);
    let mut count = |r: Record| {
        if r.puzzle.is_ok() {
            good += 1
        } else {
            bad += 1
        }
    };
    for line in text.as_bytes().split(|&b| b == b'\n') {
        reader.push_line(line, &mut count);
    }
    reader.finish(&mut count);
    good > 0 && bad == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_is_not_there_is_not_a_puzzle() {
        assert!(open("puzzles/missing-file.txt").is_err());
        assert!(open("no-such-file").is_err());
        let grid1 =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert!(open(grid1).is_ok());
        assert!(open(&format!("{grid1}\n{grid1}")).is_ok());
        assert!(open(&grid1[..80]).is_err());
    }
}
