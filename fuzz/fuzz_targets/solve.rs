//! Fuzz target: parse, then solve, count and rate with a guess budget. A solution must
//! solve the puzzle; solve and count must agree on whether there is one; every
//! back-end this CPU has (the vector ones are the only `unsafe` code of the solver)
//! must give the same outcome, statistics included.
#![no_main]

use bitdoku_core::Grid;
use bitdoku_solver::{count_solutions, rate::rate_with, search, Backend, Deadline, Options};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    // Either 81 raw bytes as values (anything above 9 is empty), or text.
    let grid = if data.len() == 81 {
        let mut values = [0u8; 81];
        values.copy_from_slice(data);
        Grid::from_values(values.map(|v| v % 16))
    } else {
        match core::str::from_utf8(data)
            .ok()
            .and_then(|t| t.parse::<Grid>().ok())
        {
            Some(g) => g,
            None => return,
        }
    };
    let options = Options::default()
        .with_limit(2)
        .with_max_guesses(Some(20_000));
    let outcome = search(grid, &options);
    for backend in Backend::available() {
        assert_eq!(
            search(grid, &options.with_backend(backend)),
            outcome,
            "{backend}"
        );
    }
    if let Some(solution) = outcome.solution {
        assert!(solution.solves(&grid));
    }
    if outcome.complete {
        assert_eq!(outcome.solution.is_some(), outcome.solutions > 0);
        if outcome.solutions < 2 {
            assert_eq!(count_solutions(grid, 2), outcome.solutions);
        }
    }
    // The rating within a tenth of a second: a rating that stops is a lower bound.
    let budget = Deadline::after(Some(Duration::from_millis(100)));
    if let Ok(rating) = rate_with(grid, budget) {
        assert!((1..=6).contains(&rating.level()));
    }
    let _ = bitdoku_solver::propagate(grid);
});
