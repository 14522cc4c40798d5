//! Thermometers: digits strictly increase from the bulb (the line's first cell); on a
//! slow thermometer they never decrease, and repeat only where no house forbids it.
//!
//! Propagation by bounds, both ways along the line: each cell's smallest digit is
//! above its predecessor's smallest (at least equal, on a slow step), and its largest
//! below its successor's largest. On a chain of `<` or `<=` that is exactly what arc
//! consistency removes, and one pass each way reaches the fixed point. A strict
//! thermometer's cells also all differ (they join each other's peers); a slow step
//! between two cells of one house is strict.

use super::{max_digit, min_digit, range};
use crate::puzzle::Cell;
use crate::rules::Cells;
use crate::state::Step;

/// A thermometer, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Thermo {
    pub(crate) cells: Box<[u16]>,
    /// `steps[i]`: how much cell `i + 1` exceeds cell `i` at least (1 or 0).
    steps: Box<[u8]>,
}

impl Thermo {
    /// A thermometer through `cells`, strict on the steps `strict` says.
    pub(crate) fn new(cells: &[Cell], strict: impl Fn(Cell, Cell) -> bool) -> Thermo {
        Thermo {
            cells: cells.iter().map(|&c| c as u16).collect(),
            steps: cells
                .windows(2)
                .map(|w| u8::from(strict(w[0], w[1])))
                .collect(),
        }
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let mut lo = 1i32;
        for (i, &c) in self.cells.iter().enumerate() {
            let c = usize::from(c);
            cells.restrict(c, range(lo, 32))?;
            if let Some(&step) = self.steps.get(i) {
                lo = min_digit(cells.get(c)) as i32 + i32::from(step);
            }
        }
        let mut hi = 32i32;
        for (i, &c) in self.cells.iter().enumerate().rev() {
            let c = usize::from(c);
            cells.restrict(c, range(1, hi))?;
            if i > 0 {
                hi = max_digit(cells.get(c)) as i32 - i32::from(self.steps[i - 1]);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{m, Marks};

    #[test]
    fn bounds_both_ways() {
        let t = Thermo::new(&[0, 1, 2], |_, _| true);
        let mut g = Marks(vec![0x1FF; 3]);
        t.propagate(&mut g).unwrap();
        assert_eq!(
            g.0,
            [
                m(&[1, 2, 3, 4, 5, 6, 7]),
                m(&[2, 3, 4, 5, 6, 7, 8]),
                m(&[3, 4, 5, 6, 7, 8, 9])
            ]
        );
        let mut g = Marks(vec![0x1FF, m(&[5]), 0x1FF]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1, 2, 3, 4]), m(&[5]), m(&[6, 7, 8, 9])]);
        let mut g = Marks(vec![m(&[4, 8]), m(&[2, 5]), 0x1FF]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[4]), m(&[5]), m(&[6, 7, 8, 9])]);
        let mut g = Marks(vec![m(&[8]), 0x1FF, m(&[9])]);
        assert!(t.propagate(&mut g).is_err());
    }

    #[test]
    fn slow_steps_may_repeat() {
        // Strict only between the last two cells.
        let t = Thermo::new(&[0, 1, 2], |a, _| a == 1);
        let mut g = Marks(vec![m(&[3, 4]), m(&[1, 2, 3, 9]), m(&[1, 2, 3, 4])]);
        t.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[3]), m(&[3]), m(&[4])]);
    }
}
