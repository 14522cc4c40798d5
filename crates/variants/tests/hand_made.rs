//! Rules on hand-made 6×6 documents: the engine counts the solutions pencilmark counts
//! (its exhaustive search, run when the documents were made, recorded in each
//! document's `meta.count`), finds the solution a document records, and writes each
//! back by name.
//!
//! - `data/table_family.jsonl`: battenburg marks with their negative, rossini arrows
//!   with theirs, vudoku, mathrax and exclude corners, tables on cells and by offsets,
//!   global entropy;
//! - `data/cell_and_count_rules.jsonl` (on solutions of `bitdoku generate --size 6
//!   --seed 13`): a clone, double arrows, counted digits, counting circles, distinct
//!   counts, first-seen clues, an appears rule, isomorphic regions (pencilmark counts
//!   14: it also counts each labelling of the digits the regions do not hold; 7
//!   grids), the negative of odd cells;
//! - `data/pair_operators.jsonl` (on solutions of `bitdoku generate`, 4×4 to 9×9,
//!   jigsaws among them): relations of thirds, residues mod 3, `allowed` pairs and
//!   `any_of`, neighbour rules by operator over each kind of neighbour, and neighbour
//!   rules `within` the `region` rules (diagonals, extra regions);
//! - `data/runaway_searches.jsonl`: 9×9 documents without a solution whose searches
//!   ran away (millions of guesses, no verdict in 5 s) until the branching rule
//!   weighed where contradictions came from (`conflicts.rs`); pencilmark says "no
//!   solution" at once (session 29's sweep against it).
//!
//! The command line, Python and JavaScript count every file of `data/`.

use bitdoku_solver::Options;
use bitdoku_variants::format::{fpuzzles, sudoku_puzzle};
use bitdoku_variants::{Engine, Puzzle};
use serde_json::Value;

/// The documents of a file, one a line, each with pencilmark's count.
fn documents(text: &str) -> Vec<(Value, usize)> {
    text.lines()
        .map(|l| {
            let doc: Value = serde_json::from_str(l).unwrap();
            let count = doc["meta"]["count"].as_u64().expect("meta.count") as usize;
            (doc, count)
        })
        .collect()
}

/// Reads `doc` and checks its count (`count`, to 1000) and the solution it records, if
/// any: it solves the puzzle, and a puzzle of one solution records it and the engine
/// finds it.
fn counted(doc: &Value, count: usize) -> Puzzle {
    let title = &doc["meta"]["title"];
    let read = sudoku_puzzle::read(doc).unwrap();
    let engine = Engine::new(&read.puzzle).unwrap();
    assert_eq!(engine.count(1000), count, "{title}");
    if let Some(solution) = &read.solution {
        assert!(read.puzzle.is_solved_by(solution), "{title}");
    }
    if count == 1 {
        assert!(read.solution.is_some(), "{title}: no solution recorded");
        assert_eq!(engine.solve(), read.solution, "{title}");
    }
    read.puzzle
}

/// f-puzzles JSON has no key for the rules of `puzzle`: its writer says so.
fn f_puzzles_refuses(puzzle: &Puzzle, title: &Value) {
    let refused = fpuzzles::write(puzzle, None, None).unwrap_err();
    assert!(
        refused.message.starts_with("f-puzzles cannot express"),
        "{title}: {refused}"
    );
}

#[test]
fn the_engine_counts_what_pencilmark_counts() {
    let docs = documents(include_str!("data/table_family.jsonl"));
    assert_eq!(docs.len(), 11);
    for (doc, count) in &docs {
        let title = &doc["meta"]["title"];
        let puzzle = counted(doc, *count);
        let written = sudoku_puzzle::write(&puzzle, None, None);
        assert_eq!(written["rules"], doc["rules"], "{title}");
        assert_eq!(sudoku_puzzle::read(&written).unwrap().puzzle, puzzle);
        f_puzzles_refuses(&puzzle, title);
    }
}

#[test]
fn the_cell_and_count_rules_count_what_pencilmark_counts() {
    let docs = documents(include_str!("data/cell_and_count_rules.jsonl"));
    assert_eq!(docs.len(), 9);
    for (doc, count) in &docs {
        assert!(doc.get("solution").is_some(), "{}", doc["meta"]["title"]);
        let puzzle = counted(doc, *count);
        let written = sudoku_puzzle::write(&puzzle, None, None);
        assert_eq!(written["rules"], doc["rules"], "{}", doc["meta"]["title"]);
    }
}

#[test]
fn the_pair_operators_count_what_pencilmark_counts() {
    let docs = documents(include_str!("data/pair_operators.jsonl"));
    assert_eq!(docs.len(), 17);
    for (doc, count) in &docs {
        let title = &doc["meta"]["title"];
        let puzzle = counted(doc, *count);
        // Written back (`any_of` as the `allowed` pairs it accepts), the same puzzle,
        // and the same document when written again.
        let written = sudoku_puzzle::write(&puzzle, None, None);
        let again = sudoku_puzzle::read(&written).unwrap().puzzle;
        assert_eq!(again, puzzle, "{title}");
        assert_eq!(sudoku_puzzle::write(&again, None, None), written, "{title}");
        f_puzzles_refuses(&puzzle, title);
    }
}

#[test]
fn searches_that_ran_away_end_without_a_solution() {
    let docs = documents(include_str!("data/runaway_searches.jsonl"));
    assert_eq!(docs.len(), 4);
    for (doc, count) in &docs {
        let title = &doc["meta"]["title"];
        let puzzle = sudoku_puzzle::read(doc).unwrap().puzzle;
        let options = Options::default()
            .with_limit(2)
            .with_max_guesses(Some(20_000));
        let o = Engine::new(&puzzle).unwrap().search(&options);
        assert!(o.complete, "{title}: {} guesses", o.stats.guesses);
        assert_eq!(o.solutions, *count, "{title}");
    }
}
