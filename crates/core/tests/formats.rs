//! Files in other programs' formats (issue 27), read as the command line tool reads
//! them: the `sudoku` crate's blocks of nine lines with `_` for empty, lines with `*`
//! for empty, and SadMan's and SudoCue's `.sdk` files. `tests/data/README.md` says
//! where each comes from. The expected grids are worked out here from the files' text
//! without the reader.

use bitdoku_core::{Grid, Puzzle, Record, RecordReader};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn file(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}/{name}")).unwrap()
}

/// Every record of `bytes`, its lines pushed one at a time with their line endings.
fn read(bytes: &[u8]) -> Vec<Record> {
    let mut reader = RecordReader::new();
    let mut records = Vec::new();
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        reader.push_line(line, |r| records.push(r));
    }
    reader.finish(|r| records.push(r));
    records
}

/// The grid of 81 characters, `empty` for an empty square (the test's own reading).
fn grid_of(squares: &str, empty: char) -> Grid {
    let values: Vec<u8> = squares
        .chars()
        .map(|c| match c {
            '1'..='9' => c as u8 - b'0',
            c if c == empty => 0,
            c => panic!("{c:?} in {squares}"),
        })
        .collect();
    Grid::from_values(values.try_into().unwrap())
}

/// Each record's line and grid; every record must be valid.
fn valid(records: &[Record]) -> Vec<(usize, Grid)> {
    records
        .iter()
        .map(|r| match r.puzzle {
            Ok(Puzzle::Givens(grid)) => (r.line, grid),
            Ok(Puzzle::Candidates(_)) => panic!("a pencilmark record"),
            Err(e) => panic!("{e}"),
        })
        .collect()
}

/// The 50 puzzles of `lines_star.txt`, one per line.
fn star_lines() -> Vec<Grid> {
    String::from_utf8(file("lines_star.txt"))
        .unwrap()
        .lines()
        .map(|line| grid_of(line, '*'))
        .collect()
}

#[test]
fn the_sudoku_crates_blocks_are_50_records() {
    let bytes = file("blocks_underscore.txt");
    let text = String::from_utf8(bytes.clone()).unwrap();
    // Its shape: nine lines of nine, a blank line after each block.
    let blocks: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), 50);
    assert!(blocks
        .iter()
        .all(|b| b.lines().count() == 9 && b.lines().all(|l| l.len() == 9)));
    let expected: Vec<(usize, Grid)> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (10 * i + 1, grid_of(&b.replace('\n', ""), '_')))
        .collect();
    assert_eq!(valid(&read(&bytes)), expected);
    // The same 50 puzzles as the `*` lines.
    let grids: Vec<Grid> = expected.iter().map(|e| e.1).collect();
    assert_eq!(grids, star_lines());
}

#[test]
fn lines_with_stars_are_50_records() {
    let expected: Vec<(usize, Grid)> = star_lines()
        .into_iter()
        .enumerate()
        .map(|(i, g)| (i + 1, g))
        .collect();
    assert_eq!(expected.len(), 50);
    assert_eq!(valid(&read(&file("lines_star.txt"))), expected);
}

#[test]
fn sdk_files_are_one_puzzle_each() {
    let puzzles = star_lines();
    for (name, first_row, puzzle) in [("sadman.sdk", 2, 0), ("sudocue.sdk", 4, 1)] {
        let bytes = file(name);
        let records = read(&bytes);
        assert_eq!(valid(&records), [(first_row, puzzles[puzzle])], "{name}");
        // A whole file is one puzzle for `Grid`'s `FromStr` too (the Python package's
        // and the C API's way in).
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(text.parse::<Grid>(), Ok(puzzles[puzzle]), "{name}");
    }
    // SadMan's is written as the Windows program writes it.
    let sadman = String::from_utf8(file("sadman.sdk")).unwrap();
    assert!(sadman.starts_with("[Puzzle]\r\n") && sadman.matches("\r\n").count() == 10);
}
