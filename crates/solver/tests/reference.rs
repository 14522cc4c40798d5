//! The fast solver checked against a naive reference solver (plain backtracking on
//! digits, no bitsets, no propagation) on random puzzles, memchr-style.

use bitdoku_core::Grid;
use bitdoku_solver::{
    count_solutions, search, search_observed, solve, Backend, Event, Observer, Options,
};
use proptest::prelude::*;

/// The naive reference: backtracking over a `[u8; 81]`, checking rows, columns and
/// boxes by scanning. It branches on the empty square with the fewest legal digits so
/// that it finishes on sparse grids too, but shares no code with the solver. `budget`
/// bounds the squares it visits: a random unsolvable grid can take it hours, and then
/// it gives up (`None`).
fn reference_count(
    cells: &mut [u8; 81],
    limit: usize,
    first: &mut Option<[u8; 81]>,
    budget: &mut u64,
) -> Option<usize> {
    fn legal(cells: &[u8; 81], i: usize, d: u8) -> bool {
        let (r, c) = (i / 9, i % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|k| {
            cells[r * 9 + k] != d
                && cells[k * 9 + c] != d
                && cells[(br + k / 3) * 9 + bc + k % 3] != d
        })
    }
    *budget = budget.checked_sub(1)?;
    let mut best: Option<(usize, Vec<u8>)> = None;
    for i in 0..81 {
        if cells[i] == 0 {
            let options: Vec<u8> = (1..=9).filter(|&d| legal(cells, i, d)).collect();
            if best.as_ref().is_none_or(|(_, o)| options.len() < o.len()) {
                best = Some((i, options));
            }
        }
    }
    let Some((i, options)) = best else {
        if first.is_none() {
            *first = Some(*cells);
        }
        return Some(1);
    };
    let mut found = 0;
    for d in options {
        cells[i] = d;
        found += reference_count(cells, limit - found, first, budget)?;
        cells[i] = 0;
        if found >= limit {
            break;
        }
    }
    Some(found)
}

/// Squares the reference may visit per puzzle before it gives up.
const REFERENCE_BUDGET: u64 = 200_000;

fn givens_are_consistent(cells: &[u8; 81]) -> bool {
    (0..81).all(|i| {
        let d = cells[i];
        if d == 0 {
            return true;
        }
        let mut copy = *cells;
        copy[i] = 0;
        let (r, c) = (i / 9, i % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|k| {
            copy[r * 9 + k] != d && copy[k * 9 + c] != d && copy[(br + k / 3) * 9 + bc + k % 3] != d
        })
    })
}

const BASE: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// A random solved grid: the base solution with digits relabelled, bands, stacks, rows
/// within bands and columns within stacks permuted, maybe transposed.
fn solved_grid() -> impl Strategy<Value = [u8; 81]> {
    let perm9 = Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle();
    let perm3 = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (
        perm9,
        perm3(),
        perm3(),
        [perm3(), perm3(), perm3()],
        [perm3(), perm3(), perm3()],
        any::<bool>(),
    )
        .prop_map(|(digits, bands, stacks, rows, cols, transpose)| {
            let base: Vec<u8> = BASE.bytes().map(|b| b - b'0').collect();
            let mut out = [0u8; 81];
            for r in 0..9 {
                for c in 0..9 {
                    let sr = bands[r / 3] * 3 + rows[r / 3][r % 3];
                    let sc = stacks[c / 3] * 3 + cols[c / 3][c % 3];
                    let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
                    out[r * 9 + c] = digits[base[sr * 9 + sc] as usize - 1];
                }
            }
            out
        })
}

/// A puzzle made by removing squares from a random solved grid.
fn dug_puzzle() -> impl Strategy<Value = [u8; 81]> {
    (solved_grid(), prop::collection::vec(0u8..100, 81), 20u8..75).prop_map(
        |(mut grid, rolls, remove_percent)| {
            for (cell, roll) in grid.iter_mut().zip(rolls) {
                if roll < remove_percent {
                    *cell = 0;
                }
            }
            grid
        },
    )
}

/// Random noise: a few random givens anywhere, often contradictory.
fn noise_puzzle() -> impl Strategy<Value = [u8; 81]> {
    prop::collection::vec((0usize..81, 1u8..=9), 0..30).prop_map(|givens| {
        let mut grid = [0u8; 81];
        for (i, d) in givens {
            grid[i] = d;
        }
        grid
    })
}

/// An observer that makes a search run the step-by-step engine.
struct Steps;

impl Observer for Steps {
    const ENABLED: bool = true;
    fn event(&mut self, _: &Event) {}
}

fn check_against_reference(cells: [u8; 81]) -> Result<(), TestCaseError> {
    let grid = Grid::from_values(cells);
    let mut first = None;
    let expected = if givens_are_consistent(&cells) {
        match reference_count(
            &mut cells.clone(),
            2,
            &mut first,
            &mut REFERENCE_BUDGET.clone(),
        ) {
            Some(n) => n,
            // The reference gave up; the step-by-step engine (an observed search) is the
            // second opinion instead.
            None => search_observed(grid, &Options::default().with_limit(2), Steps).solutions,
        }
    } else {
        0
    };
    let counted = count_solutions(grid, 2);
    prop_assert_eq!(counted, expected, "count disagrees on {}", grid);
    let solution = solve(grid);
    prop_assert_eq!(
        solution.is_some(),
        expected > 0,
        "solve disagrees on {}",
        grid
    );
    if let Some(s) = solution {
        prop_assert!(s.solves(&grid), "{} is not a solution of {}", s, grid);
        if expected == 1 && first.is_some() {
            prop_assert_eq!(Some(*s.values()), first);
        }
    }
    // Every back-end of the band engine this CPU has (portable always), step for step
    // the same search: the same first solution and the same work.
    let portable = search(
        grid,
        &Options::default()
            .with_limit(2)
            .with_backend(Backend::Portable),
    );
    prop_assert!(portable.complete);
    prop_assert_eq!(portable.solutions, expected);
    for backend in Backend::available() {
        let outcome = search(
            grid,
            &Options::default().with_limit(2).with_backend(backend),
        );
        prop_assert_eq!(
            outcome,
            portable,
            "{} disagrees with portable on {}",
            backend,
            grid
        );
    }
    // The step-by-step engine (what an observed search runs) agrees too.
    let steps = search_observed(grid, &Options::default().with_limit(2), Steps);
    prop_assert_eq!(
        steps.solutions,
        expected,
        "step engine disagrees on {}",
        grid
    );
    if let (Some(s), true) = (steps.solution, expected == 1) {
        prop_assert_eq!(Some(*s.values()), solution.map(|g| *g.values()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000)
    ))]

    #[test]
    fn agrees_with_reference_on_dug_puzzles(cells in dug_puzzle()) {
        check_against_reference(cells)?;
    }

    #[test]
    fn agrees_with_reference_on_noise(cells in noise_puzzle()) {
        check_against_reference(cells)?;
    }

    #[test]
    fn guess_limit_is_respected(cells in dug_puzzle(), limit in 0u64..5) {
        let grid = Grid::from_values(cells);
        for backend in Backend::available() {
            let options = Options::default().with_max_guesses(Some(limit)).with_backend(backend);
            let outcome = search(grid, &options);
            prop_assert!(outcome.stats.guesses <= limit);
            if !outcome.complete {
                prop_assert_eq!(outcome.stats.guesses, limit);
            }
        }
    }
}

#[test]
fn reference_solves_grid1() {
    let mut cells = [0u8; 81];
    for (c, b) in cells.iter_mut().zip(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".bytes(),
    ) {
        *c = if b == b'.' { 0 } else { b - b'0' };
    }
    let mut first = None;
    assert_eq!(
        reference_count(&mut cells, 2, &mut first, &mut REFERENCE_BUDGET.clone()),
        Some(1)
    );
    let expected: Vec<u8> = BASE.bytes().map(|b| b - b'0').collect();
    assert_eq!(first.unwrap().to_vec(), expected);
}
