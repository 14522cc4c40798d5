//! `minimize`: remove givens from a puzzle until none can go without losing its one
//! solution.
//!
//! - A unique puzzle: its givens are tried in row-major order, and each is removed if
//!   the puzzle stays unique. One pass is enough: removing givens only adds solutions,
//!   so a given that was needed stays needed. The result is a subset of the givens
//!   with the same solution, and minimal.
//! - A puzzle with several solutions keeps its first solution (the one [`crate::solve`]
//!   gives): while a second solution exists, the first square (row-major) where the
//!   two differ gets the first solution's digit as a given; then the pass above. The
//!   result is minimal and unique with that solution, so a generator's output or a
//!   typo'd puzzle still comes back as a proper puzzle.
//! - A puzzle with no solution (or conflicting givens) is refused with [`NoSolution`].
//!
//! ```
//! use bitdoku_core::Grid;
//! use bitdoku_solver::{is_unique, minimize::minimize, solve};
//! let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let minimal = minimize(&easy)?;
//! assert!(minimal.givens() < easy.givens());
//! assert!(is_unique(&minimal));
//! assert_eq!(solve(&minimal), solve(&easy));
//! # Ok::<(), bitdoku_solver::minimize::NoSolution>(())
//! ```

use crate::enumerate::enumerate;
use crate::is_unique;
use bitdoku_core::Grid;
use core::fmt;

/// The puzzle has no solution, so there is nothing to keep.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NoSolution;

impl fmt::Display for NoSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the puzzle has no solution")
    }
}

impl std::error::Error for NoSolution {}

/// A minimal unique puzzle with `grid`'s (first) solution; see the [module docs](self).
pub fn minimize(grid: &Grid) -> Result<Grid, NoSolution> {
    let mut values = *grid.values();
    let first = crate::solve(grid).ok_or(NoSolution)?;
    let target = first.values();
    loop {
        // A solution other than the first, if any.
        let mut other = None;
        enumerate(Grid::from_values(values), 2, |s| {
            if s != &first {
                other = Some(*s);
            }
        });
        let Some(other) = other else { break };
        let Some(square) = (0..81).find(|&s| target[s] != other.values()[s]) else {
            break;
        };
        values[square] = target[square];
    }
    for square in 0..81 {
        if values[square] == 0 {
            continue;
        }
        let kept = values[square];
        values[square] = 0;
        if !is_unique(Grid::from_values(values)) {
            values[square] = kept;
        }
    }
    Ok(Grid::from_values(values))
}

/// True if `grid` is unique and removing any one given loses that.
pub fn is_minimal(grid: &Grid) -> bool {
    is_unique(grid)
        && (0..81).filter(|&s| grid.values()[s] != 0).all(|s| {
            let mut values = *grid.values();
            values[s] = 0;
            !is_unique(Grid::from_values(values))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;
    use proptest::prelude::*;

    fn is_subset(small: &Grid, big: &Grid) -> bool {
        small
            .values()
            .iter()
            .zip(big.values())
            .all(|(&a, &b)| a == 0 || a == b)
    }

    #[test]
    fn unique_puzzles_lose_givens_and_keep_the_solution() {
        for line in [
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        ] {
            let puzzle: Grid = line.parse().unwrap();
            let minimal = minimize(&puzzle).unwrap();
            assert!(is_minimal(&minimal), "{minimal}");
            assert!(is_subset(&minimal, &puzzle));
            assert_eq!(solve(minimal), solve(puzzle));
            assert_eq!(minimize(&minimal), Ok(minimal), "minimal stays as is");
        }
    }

    #[test]
    fn no_solution_is_refused() {
        let mut values = [0u8; 81];
        values[0] = 5;
        values[1] = 5;
        assert_eq!(minimize(&Grid::from_values(values)), Err(NoSolution));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        /// Any puzzle with a solution, unique or not: minimal, unique, and solved by
        /// its input's first solution.
        #[test]
        fn any_solvable_puzzle(seed in any::<u64>(), keep in 0usize..40) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let solution = crate::generate::random_solution(&mut rng);
            let mut values = *solution.values();
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &s in &order[keep..] {
                values[s] = 0;
            }
            let puzzle = Grid::from_values(values);
            let first = solve(puzzle).unwrap();
            let minimal = minimize(&puzzle).unwrap();
            prop_assert!(is_minimal(&minimal));
            prop_assert_eq!(solve(minimal), Some(first));
            prop_assert!(is_subset(&minimal, &first));
        }
    }
}
