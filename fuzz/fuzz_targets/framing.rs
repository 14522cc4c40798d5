//! Fuzz target: the reader's framing. The fuzzer's bytes choose an input that mixes
//! one-line puzzles (some with tags), boxed grids in three styles (back to back or
//! apart), garbage, stray short lines, blank, comment, CSV header and layout-only
//! lines, with LF, CRLF, `\r\r\n` or CR-only line endings; the input is pushed through
//! the reader split at `\n` as the command line tool splits it, each line with or
//! without its `\n`. Every puzzle must give exactly one record, in input order, on its
//! line, with its tag; no valid record may be a puzzle that was not in the input. In a
//! quarter of the runs junk lines are also put inside grids: then only the second
//! half holds (a damaged puzzle may be lost, but no phantom may appear).
//! The same property runs in CI as `crates/core/tests/framing.rs`.
#![no_main]

use bitdoku_core::{Grid, Record, RecordReader};
use libfuzzer_sys::fuzz_target;

/// A solved grid: puzzles are relabellings of it with squares emptied, so they never
/// repeat a digit in a unit.
const SOLUTION: &[u8; 81] =
    b"417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// The fuzzer's bytes, read as choices (zeros once they run out).
struct Choices<'a>(&'a [u8]);

impl Choices<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn below(&mut self, n: u8) -> u8 {
        self.byte() % n
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn puzzle(c: &mut Choices) -> Grid {
    let mut labels: [u8; 9] = core::array::from_fn(|i| i as u8 + 1);
    for i in (1..9).rev() {
        labels.swap(i, usize::from(c.below(i as u8 + 1)));
    }
    // One byte of choices per 8 squares: a square is given if its bit is set.
    let mut mask = [0u8; 11];
    mask.iter_mut().for_each(|m| *m = c.byte());
    let values = core::array::from_fn(|i| {
        let given = mask[i / 8] >> (i % 8) & 1 == 1;
        if given {
            labels[usize::from(SOLUTION[i] - b'1')]
        } else {
            0
        }
    });
    Grid::from_values(values)
}

fn spaced(row: &str, bar: &str) -> String {
    let sq: Vec<String> = row.chars().map(|c| c.to_string()).collect();
    format!(
        "{}{bar}{}{bar}{}",
        sq[..3].join(" "),
        sq[3..6].join(" "),
        sq[6..].join(" ")
    )
}

/// Appends `grid` written in a style the fuzzer picks; returns the index of the line
/// its record starts on and its tag.
fn write_puzzle(c: &mut Choices, grid: &Grid, lines: &mut Vec<String>) -> (usize, Option<String>) {
    let text = grid.to_string();
    let rows: Vec<&str> = (0..9).map(|r| &text[9 * r..9 * r + 9]).collect();
    let start = lines.len();
    match c.below(6) {
        0 | 1 => {
            let tag = match c.below(3) {
                0 => None,
                _ => {
                    let sep = [" ", "\t", ",", ":", ";", "|"][usize::from(c.below(6))];
                    let len = 1 + usize::from(c.below(20));
                    let tag: String = (0..len)
                        .map(|_| char::from(b"abcXYZ0123456789._- "[usize::from(c.below(20))]))
                        .collect();
                    let tag = format!("t{}t", tag);
                    lines.push(format!("{text}{sep}{tag}"));
                    return (start, Some(tag));
                }
            };
            lines.push(text.clone());
            (start, tag)
        }
        2 => {
            for (r, row) in rows.iter().enumerate() {
                lines.push(spaced(row, " |"));
                if r == 2 || r == 5 {
                    lines.push("------+------+------".into());
                }
            }
            (start, None)
        }
        3 => {
            let border = "+-------+-------+-------+";
            lines.push(border.into());
            for (r, row) in rows.iter().enumerate() {
                lines.push(format!("| {} |", spaced(row, " | ")));
                if r % 3 == 2 {
                    lines.push(border.into());
                }
            }
            (start + 1, None)
        }
        4 => {
            lines.extend(rows.iter().map(|r| r.to_string()));
            (start, None)
        }
        _ => {
            let sq: Vec<String> = text.chars().map(|c| c.to_string()).collect();
            lines.push(sq.join(" "));
            (start, None)
        }
    }
}

fn junk(c: &mut Choices) -> String {
    match c.below(6) {
        0 => String::new(),
        1 => "# a comment".into(),
        2 => "quizzes,solutions".into(),
        3 => "------+------+------".into(),
        4 => ["hello world", "not a puzzle", "Sudoku!", "x"][usize::from(c.below(4))].into(),
        _ => {
            // Squares, but neither 9 nor 81 or more of them.
            let mut n = 1 + usize::from(c.below(80));
            if n == 9 {
                n = 8;
            }
            (0..n)
                .map(|_| char::from(b"0123456789."[usize::from(c.below(11))]))
                .collect()
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut c = Choices(data);
    let ending: &[u8] = [&b"\n"[..], b"\r\n", b"\r\r\n", b"\r"][usize::from(c.below(4))];
    let strip = c.below(2) == 1;
    // Damaged: junk lines also inside grids. Then a puzzle may be lost, but a valid
    // record must still be one of the input's puzzles, on its line.
    let damaged = c.below(4) == 0;
    // Each line, and whether a puzzle's record starts on it (its index in `puzzles`).
    let mut lines: Vec<(String, Option<usize>)> = Vec::new();
    let mut puzzles = Vec::new();
    while !c.is_empty() && lines.len() < 400 {
        if c.below(3) == 0 {
            lines.push((junk(&mut c), None));
        } else {
            let grid = puzzle(&mut c);
            let mut written = Vec::new();
            let (at, tag) = write_puzzle(&mut c, &grid, &mut written);
            for (i, line) in written.into_iter().enumerate() {
                lines.push((line, (i == at).then_some(puzzles.len())));
            }
            puzzles.push((grid, tag));
        }
    }
    if damaged {
        for _ in 0..1 + c.below(3) {
            let at = usize::from(c.byte()) * 256 + usize::from(c.byte());
            let at = at % (lines.len() + 1);
            lines.insert(at, (junk(&mut c), None));
        }
    }
    let expected: Vec<(usize, Grid, Option<String>)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, (_, p))| p.map(|p| (i + 1, puzzles[p].0, puzzles[p].1.clone())))
        .collect();
    let mut bytes = Vec::new();
    for (line, _) in &lines {
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(ending);
    }
    let mut reader = RecordReader::new();
    let mut valid = Vec::new();
    let mut push = |r: Record| {
        if let Ok(puzzle) = r.puzzle {
            valid.push((r.line, puzzle.grid(), r.tag().map(str::to_string)));
        }
    };
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let line = if strip {
            line.strip_suffix(b"\n").unwrap_or(line)
        } else {
            line
        };
        reader.push_line(line, &mut push);
    }
    reader.finish(&mut push);
    let input = String::from_utf8_lossy(&bytes);
    if damaged {
        for record in &valid {
            assert!(expected.contains(record), "phantom {record:?} in\n{input}");
        }
    } else {
        assert_eq!(valid, expected, "{input}");
    }
});
