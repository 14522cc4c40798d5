//! `Options::time_limit`: a search that cannot finish stops on time, one that needs no
//! guess is not interrupted, and the guess budget still works beside it.

use bitdoku_core::Grid;
use bitdoku_solver::{search, Options};
use std::time::{Duration, Instant};

/// Counting the solutions of the empty grid never finishes (there are 6.67e21).
fn endless() -> Options {
    Options::default().with_limit(usize::MAX)
}

#[test]
fn an_endless_count_stops_at_the_time_limit() {
    let start = Instant::now();
    let outcome = search(
        Grid::EMPTY,
        &endless().with_time_limit(Some(Duration::from_millis(30))),
    );
    let took = start.elapsed();
    assert!(outcome.timed_out);
    assert!(!outcome.complete);
    assert!(outcome.solutions > 0, "30 ms finds some of the solutions");
    assert!(took >= Duration::from_millis(30), "{took:?}");
    // 64 guesses past the limit take microseconds; allow a loaded machine plenty.
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn a_zero_limit_stops_at_the_first_guess() {
    for backend in bitdoku_solver::Backend::available() {
        let outcome = search(
            Grid::EMPTY,
            &endless()
                .with_time_limit(Some(Duration::ZERO))
                .with_backend(backend),
        );
        assert!(outcome.timed_out && !outcome.complete);
        assert_eq!(outcome.stats.guesses, 0);
    }
}

#[test]
fn a_puzzle_without_guesses_is_not_interrupted() {
    let easy: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let outcome = search(
        easy,
        &Options::default().with_time_limit(Some(Duration::ZERO)),
    );
    assert!(outcome.complete && !outcome.timed_out);
    assert!(outcome.solution.unwrap().solves(&easy));
}

#[test]
fn the_guess_budget_still_applies_beside_a_time_limit() {
    // Budgets off the clock's 64-guess rhythm, and on it.
    for budget in [0, 1, 63, 64, 65, 1000] {
        let outcome = search(
            Grid::EMPTY,
            &endless()
                .with_max_guesses(Some(budget))
                .with_time_limit(Some(Duration::from_secs(3600))),
        );
        assert!(!outcome.complete && !outcome.timed_out, "{budget}");
        assert_eq!(outcome.stats.guesses, budget);
    }
}

#[test]
fn a_limit_too_far_to_represent_is_no_limit() {
    let outcome = search(
        Grid::EMPTY,
        &Options::default()
            .with_limit(3)
            .with_time_limit(Some(Duration::MAX)),
    );
    assert_eq!(outcome.solutions, 3);
    assert!(outcome.complete && !outcome.timed_out);
}
