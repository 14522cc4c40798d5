//! The table family of sudoku-puzzle rules on hand-made 6×6 documents (battenburg
//! marks with their negative, rossini arrows with theirs, vudoku, mathrax and exclude
//! corners, tables on cells and by offsets, global entropy): the engine counts the
//! solutions pencilmark counts (its exhaustive search, run when the documents were
//! made), finds the solution a document records, and writes each back by name.

use bitdoku_variants::format::{fpuzzles, sudoku_puzzle};
use bitdoku_variants::Engine;
use serde_json::Value;

/// The documents, one a line, and pencilmark's count of each.
const DOCUMENTS: &str = include_str!("data/table_family.jsonl");
const COUNTS: [usize; 11] = [1, 1, 2, 6, 1, 1, 1, 1, 60, 6, 0];

#[test]
fn the_engine_counts_what_pencilmark_counts() {
    let docs: Vec<Value> = DOCUMENTS
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), COUNTS.len());
    for (doc, &count) in docs.iter().zip(&COUNTS) {
        let title = &doc["meta"]["title"];
        let read = sudoku_puzzle::read(doc).unwrap();
        let engine = Engine::new(&read.puzzle).unwrap();
        assert_eq!(engine.count(1000), count, "{title}");
        if let Some(solution) = &read.solution {
            assert!(read.puzzle.is_solved_by(solution), "{title}");
            if count == 1 {
                assert_eq!(engine.solve().as_deref(), Some(&solution[..]), "{title}");
            }
        }
        let written = sudoku_puzzle::write(&read.puzzle, None, None);
        assert_eq!(written["rules"], doc["rules"], "{title}");
        assert_eq!(sudoku_puzzle::read(&written).unwrap().puzzle, read.puzzle);
        let refused = fpuzzles::write(&read.puzzle, None, None).unwrap_err();
        assert!(
            refused.message.starts_with("f-puzzles cannot express"),
            "{title}: {refused}"
        );
    }
}
