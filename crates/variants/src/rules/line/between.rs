//! Between lines: the digits on the line lie strictly between the digits of the
//! circles at its two ends (either end may hold the smaller).
//!
//! Propagation by bounds, in each orientation (first end low, or last end low), to
//! its fixed point: the low end stays below every middle cell's largest candidate,
//! the high end above every middle cell's smallest, and each middle cell between the
//! low end's smallest and the high end's largest candidate. An orientation in which a
//! cell is left with nothing is impossible; each cell keeps what some possible
//! orientation leaves it.

use super::{max_digit, min_digit, range};
use crate::puzzle::Cell;
use crate::rules::Cells;
use crate::state::{Contradiction, Step};

/// The brute-force definition (`v`: the line's digits in order).
pub(crate) fn holds(v: &[u8]) -> bool {
    let (Some(&a), Some(&b)) = (v.first(), v.last()) else {
        return true;
    };
    let (lo, hi) = (a.min(b), a.max(b));
    v.len() <= 2 || v[1..v.len() - 1].iter().all(|&d| lo < d && d < hi)
}

/// A between line of three cells or more, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Between {
    pub(crate) cells: Box<[u16]>,
}

/// What one orientation leaves: the low end, the high end, the middle cells.
struct Left {
    low: u32,
    high: u32,
    middle: u32,
}

impl Between {
    pub(crate) fn new(cells: &[Cell]) -> Between {
        Between {
            cells: cells.iter().map(|&c| c as u16).collect(),
        }
    }

    fn middle(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[1..self.cells.len() - 1]
            .iter()
            .map(|&c| usize::from(c))
    }

    /// One orientation, to its fixed point: `low` the candidates of the end that
    /// holds the smaller digit, `high` the other end's.
    fn orient(&self, cells: &impl Cells, mut low: u32, mut high: u32) -> Option<Left> {
        let mut middle = u32::MAX;
        loop {
            // The largest of the middle cells' smallest digits, the smallest of their
            // largest.
            let (mut mins, mut maxs) = (0i32, 32i32);
            for c in self.middle() {
                let m = cells.get(c) & middle;
                if m == 0 {
                    return None;
                }
                mins = mins.max(min_digit(m) as i32);
                maxs = maxs.min(max_digit(m) as i32);
            }
            let l = low & range(1, maxs - 1);
            let h = high & range(mins + 1, 32);
            if l == 0 || h == 0 {
                return None;
            }
            let mid = range(min_digit(l) as i32 + 1, max_digit(h) as i32 - 1);
            if (l, h, mid) == (low, high, middle) {
                return Some(Left { low, high, middle });
            }
            (low, high, middle) = (l, h, mid);
        }
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let first = usize::from(self.cells[0]);
        let last = usize::from(self.cells[self.cells.len() - 1]);
        let (a, b) = (cells.get(first), cells.get(last));
        let up = self.orient(cells, a, b);
        let down = self.orient(cells, b, a);
        let (keep_first, keep_last, keep_middle) = match (up, down) {
            (None, None) => return Err(Contradiction),
            (Some(u), None) => (u.low, u.high, u.middle),
            (None, Some(d)) => (d.high, d.low, d.middle),
            (Some(u), Some(d)) => (u.low | d.high, u.high | d.low, u.middle | d.middle),
        };
        cells.restrict(first, keep_first)?;
        cells.restrict(last, keep_last)?;
        for c in self.middle() {
            cells.restrict(c, keep_middle)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{m, Marks};

    #[test]
    fn definition() {
        assert!(holds(&[2, 5, 3, 7]));
        assert!(holds(&[7, 5, 3, 2]));
        assert!(!holds(&[7, 5, 8, 2]));
        assert!(!holds(&[8, 5, 3, 5]));
        assert!(holds(&[4, 4]));
    }

    #[test]
    fn bounds_in_both_orientations() {
        let b = Between::new(&[0, 1, 2]);
        let mut g = Marks(vec![0x1FF; 3]);
        b.propagate(&mut g).unwrap();
        assert_eq!(g.0, [0x1FF, m(&[2, 3, 4, 5, 6, 7, 8]), 0x1FF]);
        // The first end is 3: the middle is 1-2 or 4-9 less the far ends.
        let mut g = Marks(vec![m(&[3]), 0x1FF, 0x1FF]);
        b.propagate(&mut g).unwrap();
        assert_eq!(g.0[1], m(&[2, 4, 5, 6, 7, 8]));
        assert_eq!(g.0[2], m(&[1, 5, 6, 7, 8, 9]));
        // Ends 4 and 5: nothing between.
        let mut g = Marks(vec![m(&[4]), 0x1FF, m(&[5])]);
        assert!(b.propagate(&mut g).is_err());
        // A middle 8 with the first end at most 6: the first end is low, the last 9.
        let mut g = Marks(vec![m(&[1, 2, 6]), m(&[8]), 0x1FF]);
        b.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1, 2, 6]), m(&[8]), m(&[9])]);
    }
}
