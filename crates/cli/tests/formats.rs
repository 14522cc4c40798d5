//! Other programs' puzzle files through the binary (issue 27): the `sudoku` crate's
//! blocks of nine lines with `_` for empty, lines with `*` for empty, SadMan's and
//! SudoCue's `.sdk` files. The files are the core crate's (`crates/core/tests/data`,
//! whose README says where each comes from): the reader's own tests read them too.

mod common;

use bitdoku_core::{empty_marks_in_words, Grid};
use std::process::Output;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/data");

fn run(args: &[&str]) -> Output {
    common::run_with(args, Vec::new())
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn path(name: &str) -> String {
    format!("{DATA}/{name}")
}

/// The 50 puzzles of `lines_star.txt`, read by the library.
fn puzzles() -> Vec<Grid> {
    std::fs::read_to_string(path("lines_star.txt"))
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

/// `out` is a successful run with one solution per puzzle of `puzzles`, in order.
fn assert_solves(out: &Output, puzzles: &[Grid], name: &str) {
    assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(out));
    let text = stdout(out);
    let solutions: Vec<Grid> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(solutions.len(), puzzles.len(), "{name}: {text}");
    for (solution, puzzle) in solutions.iter().zip(puzzles) {
        assert!(solution.solves(puzzle), "{name}: {solution} for {puzzle}");
    }
}

#[test]
fn the_sudoku_crates_blocks_and_star_lines_are_solved() {
    let puzzles = puzzles();
    assert_eq!(puzzles.len(), 50);
    for name in ["blocks_underscore.txt", "lines_star.txt"] {
        let out = run(&["solve", "--stats", &path(name)]);
        assert_solves(&out, &puzzles, name);
        assert!(
            stderr(&out).starts_with("Solved 50 of 50 puzzles"),
            "{name}: {}",
            stderr(&out)
        );
        let out = run(&["count", &path(name)]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), "1 unique\n".repeat(50), "{name}");
    }
}

#[test]
fn sdk_files_are_their_puzzle() {
    let puzzles = puzzles();
    for (name, puzzle, line) in [("sadman.sdk", 0, 2), ("sudocue.sdk", 1, 4)] {
        let out = run(&["solve", &path(name)]);
        assert_solves(&out, &puzzles[puzzle..=puzzle], name);
        let out = run(&["solve", "--format", "json", &path(name)]);
        let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(
            record["line"], line,
            "{name}: the puzzle starts after the header"
        );
        assert_eq!(record["status"], "solved", "{name}");
    }
}

#[test]
fn a_puzzle_written_out_with_any_empty_mark_is_read() {
    let puzzle = puzzles()[0];
    for mark in ["_", "*"] {
        let arg = puzzle.to_string().replace('.', mark);
        let out = run(&["solve", &arg]);
        assert_solves(&out, &[puzzle], &arg);
    }
}

#[test]
fn the_help_and_the_messages_list_every_empty_mark() {
    let marks = empty_marks_in_words().to_string();
    let help = stdout(&run(&["--help"]));
    let input = help
        .split("\n\n")
        .find(|p| p.starts_with("Input:"))
        .unwrap()
        .replace('\n', " ");
    assert!(input.contains(&format!("{marks} empty")), "{input}");
    assert!(input.contains("[Puzzle]"), "{input}");
    let out = run(&["solve", "no-such-file"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("with {marks} for empty")),
        "{}",
        stderr(&out)
    );
}
