//! `minimize`: remove givens until none can go without losing the one solution, as
//! `bitdoku_solver::minimize` does for classic puzzles: a puzzle with several
//! solutions first gets givens of its first solution (at the first cell where a second
//! solution differs) until it has one; then every given, in row-major order, is
//! removed if the puzzle stays unique. One pass suffices: removing givens only adds
//! solutions.
//!
//! ```
//! use bitdoku_variants::{format, minimize::minimize, Engine};
//! let p = format::read_line("12343412214343..").unwrap();
//! let m = minimize(&p).unwrap();
//! assert!(m.givens().iter().filter(|&&d| d != 0).count() < 14);
//! assert!(Engine::new(&m).unwrap().is_unique());
//! ```

use crate::puzzle::Puzzle;
use crate::Engine;
pub use bitdoku_solver::minimize::NoSolution;

/// A minimal unique puzzle with `puzzle`'s (first) solution; see the [module
/// docs](self).
pub fn minimize(puzzle: &Puzzle) -> Result<Puzzle, NoSolution> {
    let mut engine = Engine::new(puzzle).map_err(|_| NoSolution)?;
    let first = engine.solve().ok_or(NoSolution)?;
    let mut givens = puzzle.givens().to_vec();
    loop {
        let mut other = None;
        engine.enumerate(2, |s| {
            if s != first.as_slice() {
                other = Some(s.to_vec());
            }
        });
        let Some(other) = other else { break };
        let Some(cell) = (0..givens.len()).find(|&c| first[c] != other[c]) else {
            break;
        };
        givens[cell] = first[cell];
        engine.set_givens(&givens);
    }
    for cell in 0..givens.len() {
        if givens[cell] == 0 {
            continue;
        }
        let kept = givens[cell];
        givens[cell] = 0;
        engine.set_givens(&givens);
        if !engine.is_unique() {
            givens[cell] = kept;
        }
    }
    let mut out = puzzle.clone();
    out.set_givens(&givens).map_err(|_| NoSolution)?;
    Ok(out)
}
