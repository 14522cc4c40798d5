//! Every puzzle in `puzzles/known-answers.txt` gets its known count and solution.
//! `tests/data/known-answers.txt` is a link to that file in the repository; a packaged
//! crate holds the file itself, so these tests build from the published crate too.

use bitdoku_core::Grid;
use bitdoku_solver::{count_solutions, is_unique, propagate, solve, solve_with_stats};

const KNOWN: &str = include_str!("data/known-answers.txt");

#[test]
fn known_answers() {
    let mut checked = 0;
    for line in KNOWN
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let mut fields = line.split(':');
        let (puzzle, count, solution) = (
            fields.next().unwrap(),
            fields.next().unwrap(),
            fields.next().unwrap(),
        );
        let parsed = puzzle.parse::<Grid>();
        if count == "invalid" {
            assert!(parsed.is_err(), "{puzzle} should not parse");
            checked += 1;
            continue;
        }
        let grid = parsed.unwrap_or_else(|e| panic!("{puzzle}: {e}"));
        let (at_least, exact) = match count.strip_suffix('+') {
            Some(n) => (n.parse::<usize>().unwrap(), false),
            None => (count.parse::<usize>().unwrap(), true),
        };
        let limit = at_least + 1;
        let n = count_solutions(grid, limit);
        if exact {
            assert_eq!(n, at_least, "{puzzle}");
        } else {
            assert!(n >= at_least, "{puzzle}: {n} < {at_least}");
        }
        assert_eq!(is_unique(grid), exact && at_least == 1, "{puzzle}");
        let found = solve(grid);
        assert_eq!(found.is_some(), at_least > 0, "{puzzle}");
        if let Some(s) = found {
            assert!(s.solves(&grid));
        }
        if !solution.is_empty() {
            assert_eq!(found.unwrap().to_string(), solution, "{puzzle}");
        }
        checked += 1;
    }
    assert!(checked >= 14);
}

#[test]
fn easy_puzzle_needs_no_guess_and_grid1_propagates() {
    let easy: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    assert!(propagate(easy).unwrap().is_solved());
    assert_eq!(solve_with_stats(easy).1.guesses, 0);
    let grid1: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let board = propagate(grid1).unwrap();
    assert!(!board.is_solved());
    // Propagation only removes candidates: the solution is still inside the board.
    let solution = solve(grid1).unwrap();
    for square in bitdoku_core::Square::all() {
        assert!(board.get(square).contains(solution.get(square).unwrap()));
    }
}
