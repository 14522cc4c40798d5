//! Property tests on hostile input: any bytes through the parser, any 81 values into a
//! grid, then solve, count, rate and an observed search with a budget. Nothing may
//! panic, every solution must solve its puzzle, and solve and count must agree.
//!
//! This is also the stable-toolchain fuzzer: `PROPTEST_CASES=1000000 cargo test
//! --release -p bitdoku-solver --test no_panic` runs a million cases per property
//! (the `fuzz/` directory has the same checks as cargo-fuzz targets).

use bitdoku_core::{Grid, Puzzle, RecordReader};
use bitdoku_solver::rate::rate;
use bitdoku_solver::{count_solutions, search, search_observed, Event, Observer, Options};
use proptest::prelude::*;

/// Bytes that look like puzzle files some of the time: digits, dots, layout,
/// newlines, and anything else.
fn puzzle_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        8 => prop::sample::select(b"123456789".to_vec()),
        8 => Just(b'.'),
        2 => prop::sample::select(b" \t|+-0#\r\n".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..400)
}

struct Events(u64);

impl Observer for Events {
    const ENABLED: bool = true;
    fn event(&mut self, event: &Event) {
        // Formatting every event exercises every Display path.
        self.0 += event.to_string().len() as u64;
    }
}

fn check(grid: &Grid) {
    let options = Options::default()
        .with_limit(2)
        .with_max_guesses(Some(5_000));
    let outcome = search(grid, &options);
    // Every back-end this CPU has does exactly the same search.
    for backend in bitdoku_solver::Backend::available() {
        let other = search(grid, &options.with_backend(backend));
        assert_eq!(other, outcome, "{grid}: {backend}");
    }
    if let Some(solution) = outcome.solution {
        assert!(solution.solves(grid), "{grid} -> {solution}");
    }
    if outcome.complete {
        assert_eq!(outcome.solution.is_some(), outcome.solutions > 0, "{grid}");
        assert_eq!(count_solutions(grid, 2), outcome.solutions, "{grid}");
    }
    // An observed search runs the step-by-step engine: when both searches finish, they
    // agree on the count (a grid with several solutions may be answered with another).
    let observed = search_observed(grid, &options, Events(0));
    if let Some(solution) = observed.solution {
        assert!(solution.solves(grid), "{grid} -> {solution}");
    }
    if observed.complete && outcome.complete {
        assert_eq!(observed.solutions, outcome.solutions, "{grid}");
    }
    if let Ok(rating) = rate(grid) {
        assert!((1..=6).contains(&rating.level()));
        assert!(rating.solution.solves(grid));
        assert!(rating.ed <= rating.er && rating.ep <= rating.er);
    }
    let _ = bitdoku_solver::propagate(grid);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000)
    ))]

    #[test]
    fn any_bytes_parse_into_records_without_panicking(data in puzzle_bytes()) {
        let mut reader = RecordReader::new();
        let mut records = Vec::new();
        for line in data.split(|&b| b == b'\n') {
            reader.push_line(line, |r| records.push(r));
        }
        reader.finish(|r| records.push(r));
        let mut last = 0;
        for r in &records {
            prop_assert!(r.line > last && r.line <= reader.lines(), "in order, in range");
            last = r.line;
            match &r.puzzle {
                Ok(Puzzle::Givens(grid)) => {
                    prop_assert!(!grid.has_conflict());
                    check(grid);
                }
                Ok(Puzzle::Candidates(_)) => {}
                Err(e) => prop_assert!(e.position.line >= r.line),
            }
        }
        if let Ok(text) = std::str::from_utf8(&data) {
            let _ = text.parse::<Grid>();
        }
    }

    #[test]
    fn any_values_make_a_grid_that_solves_or_not_without_panicking(
        values in prop::array::uniform32(0u8..=12).prop_flat_map(|a| {
            (Just(a), prop::array::uniform32(0u8..=12), prop::array::uniform17(0u8..=12))
        }),
        sparse in 0u8..4,
    ) {
        let (a, b, c) = values;
        let mut cells = [0u8; 81];
        for (i, v) in a.iter().chain(&b).chain(&c).enumerate() {
            // Mostly empty squares, so that some grids are solvable.
            cells[i] = if (*v as usize + i) % 4 < sparse as usize { 0 } else { *v % 13 };
            if cells[i] > 9 || i % 3 == 0 {
                cells[i] = 0;
            }
        }
        check(&Grid::from_values(cells));
    }
}
