//! Puzzle generation, deterministic for a given seed.
//!
//! - [`random_solution`]: a random filled grid by randomized search: squares in random
//!   order, each assigned a random candidate, with full propagation after each
//!   assignment; a contradiction starts over.
//! - [`generate`]: a random filled grid, then givens removed in random order (in
//!   180-degree pairs with `symmetric`) as long as the puzzle keeps exactly one
//!   solution, checked by the counting search.
//! - [`norvig_random_puzzle`]: Norvig's `random_puzzle` experiment: random assignments
//!   until at least 17 squares are filled with at least 8 distinct digits. The result
//!   may have no solution or several; that is the point of his experiment.
//!
//! ```
//! use bitdoku_solver::generate::{generate, Settings};
//! let mut rng = fastrand::Rng::with_seed(7);
//! let puzzle = generate(&mut rng, &Settings::default()).unwrap();
//! assert!(bitdoku_solver::is_unique(&puzzle));
//! assert!(puzzle.givens() < 40);
//! ```

use crate::count_solutions;
use crate::state::{Queue, State};
use bitdoku_core::Grid;
use fastrand::Rng;

/// What [`generate`] aims for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Stop removing givens once this many are left (`None`: remove all that can go).
    pub clues: Option<usize>,
    /// Remove givens in pairs symmetric under a half-turn (`i` and `80 - i`).
    pub symmetric: bool,
    /// Only accept a puzzle from which no given can be removed without losing
    /// uniqueness. A full removal pass always gives one; with `clues` this means the
    /// pass runs to its end and the result must have at most `clues` givens.
    pub minimal: bool,
    /// How many filled grids to try before giving up on `clues`.
    pub attempts: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            clues: None,
            symmetric: false,
            minimal: false,
            attempts: 1000,
        }
    }
}

/// A random complete grid (a solution of the empty puzzle).
pub fn random_solution(rng: &mut Rng) -> Grid {
    loop {
        if let Some(state) = random_fill(rng) {
            return state.grid();
        }
    }
}

/// Assigns random candidates to squares in random order, with propagation, until every
/// square is filled. `None` on a contradiction.
fn random_fill(rng: &mut Rng) -> Option<State> {
    let mut state = empty_state();
    for square in shuffled_squares(rng) {
        let square = square as usize;
        let cells = state.cells[square];
        if cells.count_ones() > 1
            && !state.assign(square, random_candidate(rng, cells), true, &mut ())
        {
            return None;
        }
    }
    Some(state)
}

/// A puzzle with exactly one solution, or `None` when `settings.clues` could not be
/// met in `settings.attempts` filled grids.
pub fn generate(rng: &mut Rng, settings: &Settings) -> Option<Grid> {
    for _ in 0..settings.attempts.max(1) {
        let solution = random_solution(rng);
        let puzzle = dig(rng, &solution, settings);
        match settings.clues {
            Some(k) if puzzle.givens() > k => {}
            _ => return Some(puzzle),
        }
    }
    None
}

/// Removes givens from `solution` in random order while the puzzle stays unique.
fn dig(rng: &mut Rng, solution: &Grid, settings: &Settings) -> Grid {
    let stop_at = if settings.minimal {
        0
    } else {
        settings.clues.unwrap_or(0)
    };
    let mut values = *solution.values();
    let mut givens = 81;
    for square in shuffled_squares(rng) {
        let square = square as usize;
        let pair = 80 - square;
        if values[square] == 0 || (settings.symmetric && square > pair) {
            continue;
        }
        if givens <= stop_at {
            break;
        }
        let removed = if settings.symmetric && pair != square {
            2
        } else {
            1
        };
        if givens < stop_at + removed {
            // A pair would take the puzzle below the givens asked for.
            continue;
        }
        let mut next = values;
        next[square] = 0;
        next[pair] = if settings.symmetric { 0 } else { next[pair] };
        if count_solutions(&Grid::from_values(next), 2) == 1 {
            givens -= removed;
            values = next;
        }
    }
    Grid::from_values(values)
}

/// Norvig's `random_puzzle(N=17)`: squares in random order get a random candidate,
/// with his two rules propagating, until at least `n` squares have a single candidate
/// with at least 8 distinct digits among them; those squares are the puzzle. A
/// contradiction starts over. The puzzle may have 0, 1 or many solutions.
///
/// `n` above 81 is taken as 81 (a grid has no more squares to fill): the answer is then
/// a full grid.
pub fn norvig_random_puzzle(rng: &mut Rng, n: usize) -> Grid {
    let n = n.min(81);
    loop {
        let mut state = empty_state();
        for square in shuffled_squares(rng) {
            let square = square as usize;
            let bit = random_candidate(rng, state.cells[square]);
            if bit == 0 || !state.assign(square, bit, false, &mut ()) {
                break;
            }
            let mut filled = 0;
            let mut digits = 0u16;
            for &c in &state.cells {
                if c & (c - 1) == 0 {
                    filled += 1;
                    digits |= c;
                }
            }
            if filled >= n && digits.count_ones() >= 8 {
                return state.grid();
            }
        }
    }
}

/// The 81 squares in random order.
fn shuffled_squares(rng: &mut Rng) -> [u8; 81] {
    let mut order: [u8; 81] = core::array::from_fn(|i| i as u8);
    rng.shuffle(&mut order);
    order
}

/// The state of the empty grid: every candidate everywhere, nothing queued.
fn empty_state() -> State {
    State::new(&Grid::EMPTY, &mut Queue::new())
}

/// One of the candidates in `cells`, uniformly at random (0 if there are none).
fn random_candidate(rng: &mut Rng, cells: u16) -> u16 {
    let mut c = cells;
    for _ in 0..rng.u32(0..cells.count_ones().max(1)) {
        c &= c - 1;
    }
    c & c.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn norvig_random_puzzle_asked_for_more_than_81_squares_returns_a_full_grid() {
        // Issue 18 item 4: n = 82 never returned.
        let mut rng = Rng::with_seed(18);
        for n in [81, 82, usize::MAX] {
            assert_eq!(norvig_random_puzzle(&mut rng, n).givens(), 81, "n = {n}");
        }
    }
}
