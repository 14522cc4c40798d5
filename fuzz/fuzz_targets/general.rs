//! Fuzz target: any text through the general engine's readers (an N×N line,
//! sudoku-puzzle or f-puzzles JSON, an f-puzzles or SudokuPad link), as a front end
//! reads a record. What reads is compiled and searched under a guess budget: a
//! solution must solve the puzzle. Its sudoku-puzzle document, and its f-puzzles one
//! when f-puzzles can express it, must read back: as the same board, givens and
//! candidates, written again as the same document, and searched to the same outcome.
#![no_main]

use bitdoku_solver::Options;
use bitdoku_variants::format::{self, is_general, read_record, Settings, Source};
use bitdoku_variants::{Engine, Puzzle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let settings = Settings::default();
    let _ = is_general(text, &settings);
    let Ok(read) = read_record(text, &settings).read else {
        return;
    };
    let puzzle = &read.puzzle;
    let outcome = search(puzzle);
    if let Some((_, Some(solution))) = &outcome {
        assert!(puzzle.is_solved_by(solution), "{text}");
    }
    for source in [Source::SudokuPuzzle, Source::Fpuzzles] {
        let Ok(written) = format::write(puzzle, source, None, None) else {
            assert!(source == Source::Fpuzzles, "{text}");
            continue;
        };
        let again = read_record(&written, &settings)
            .read
            .unwrap_or_else(|e| panic!("{written}: {e}"));
        // The rules may come back grouped otherwise (f-puzzles' odd cells, one list),
        // a jigsaw's regions as boxes, a region's cells in row-major order: the same
        // board and the same document.
        let cells = |p: &Puzzle| {
            let mut houses: Vec<_> = p.houses().iter().map(|h| h.cells.clone()).collect();
            houses.iter_mut().for_each(|h| h.sort_unstable());
            houses
        };
        assert_eq!(cells(&again.puzzle), cells(puzzle), "{written}");
        assert_eq!(again.puzzle.givens(), puzzle.givens(), "{written}");
        assert_eq!(again.puzzle.candidates(), puzzle.candidates(), "{written}");
        assert_eq!(
            format::write(&again.puzzle, source, None, None)
                .ok()
                .as_ref(),
            Some(&written)
        );
        assert_eq!(search(&again.puzzle), outcome, "{written}");
    }
});

/// Solutions (up to 2) and the first one, under a guess budget; `None` if the puzzle
/// repeats a given or the engine refuses it, or the budget ran out.
fn search(puzzle: &Puzzle) -> Option<(usize, Option<Vec<u8>>)> {
    if puzzle.repeated_given().is_some() {
        return None;
    }
    let engine = Engine::new(puzzle).ok()?;
    let options = Options::default()
        .with_limit(2)
        .with_max_guesses(Some(2_000));
    let outcome = engine.search(&options);
    outcome
        .complete
        .then_some((outcome.solutions, outcome.solution))
}
