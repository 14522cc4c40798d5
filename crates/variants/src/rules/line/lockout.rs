//! Lockout lines: the digits in the diamonds at the two ends differ by at least `k`,
//! and the digits on the line between them lie outside the range from one end's digit
//! to the other's.
//!
//! Propagation, in each orientation (first end low, or last end low): a low end `x`
//! is possible while the smallest high end `y >= x + k` exists and leaves every middle
//! cell a candidate below `x` or above `y` (the smallest such `y` leaves them the
//! most), and a high end the same way with the largest low end. The middle cells lose
//! the range from the largest possible low end to the smallest possible high end,
//! which every possible pair covers; each cell keeps what some possible orientation
//! leaves it.

use super::{max_digit, min_digit, range};
use crate::puzzle::Cell;
use crate::rules::Cells;
use crate::state::{Contradiction, Step};

/// The brute-force definition (`v`: the line's digits in order).
pub(crate) fn holds(v: &[u8], k: u8) -> bool {
    let (Some(&a), Some(&b)) = (v.first(), v.last()) else {
        return true;
    };
    let (lo, hi) = (a.min(b), a.max(b));
    hi - lo >= k && v[1..v.len() - 1].iter().all(|&d| d < lo || d > hi)
}

/// A lockout line, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Lockout {
    pub(crate) cells: Box<[u16]>,
    k: u8,
}

impl Lockout {
    pub(crate) fn new(cells: &[Cell], k: u8) -> Lockout {
        Lockout {
            cells: cells.iter().map(|&c| c as u16).collect(),
            k,
        }
    }

    /// True if every middle cell has a candidate outside `x..=y`.
    fn room(&self, cells: &impl Cells, x: i32, y: i32) -> bool {
        let outside = range(1, x - 1) | range(y + 1, 32);
        self.cells[1..self.cells.len() - 1]
            .iter()
            .all(|&c| cells.get(usize::from(c)) & outside != 0)
    }

    /// One orientation: the possible low ends, high ends, and what the middle cells
    /// may hold.
    fn orient(&self, cells: &impl Cells, low: u32, high: u32) -> Option<(u32, u32, u32)> {
        let k = i32::from(self.k);
        let (mut lows, mut highs) = (0u32, 0u32);
        let mut m = low;
        while m != 0 {
            let x = min_digit(m) as i32;
            m &= m - 1;
            let above = high & range(x + k, 32);
            if above != 0 && self.room(cells, x, min_digit(above) as i32) {
                lows |= 1 << (x - 1);
            }
        }
        let mut m = high;
        while m != 0 {
            let y = min_digit(m) as i32;
            m &= m - 1;
            let below = low & range(1, y - k);
            if below != 0 && self.room(cells, max_digit(below) as i32, y) {
                highs |= 1 << (y - 1);
            }
        }
        if lows == 0 || highs == 0 {
            return None;
        }
        let covered = range(max_digit(lows) as i32, min_digit(highs) as i32);
        Some((lows, highs, !covered))
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
            (Some(u), None) => u,
            (None, Some((l, h, m))) => (h, l, m),
            (Some((ul, uh, um)), Some((dl, dh, dm))) => (ul | dh, uh | dl, um | dm),
        };
        cells.restrict(first, keep_first)?;
        cells.restrict(last, keep_last)?;
        for &c in &self.cells[1..self.cells.len() - 1] {
            cells.restrict(usize::from(c), keep_middle)?;
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
        assert!(holds(&[2, 1, 9, 6], 4));
        assert!(!holds(&[2, 4, 6], 4));
        assert!(!holds(&[2, 7, 5], 4)); // 5 - 2 < 4
        assert!(holds(&[9, 4], 5));
    }

    #[test]
    fn ends_and_middles() {
        let l = Lockout::new(&[0, 1, 2], 4);
        // An end of 5 on 1-9: the other end 1 or 9.
        let mut g = Marks(vec![m(&[5]), 0x1FF, 0x1FF]);
        l.propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[1, 9]));
        // The middle lies outside 1..=5 or 5..=9: 6-9 or 1-4.
        assert_eq!(g.0[1], m(&[1, 2, 3, 4, 6, 7, 8, 9]));
        let mut g = Marks(vec![m(&[5]), 0x1FF, m(&[1])]);
        l.propagate(&mut g).unwrap();
        assert_eq!(g.0[1], m(&[6, 7, 8, 9]));
        // Ends 1 and 9 leave the middle nothing.
        let mut g = Marks(vec![m(&[1]), 0x1FF, m(&[9])]);
        assert!(l.propagate(&mut g).is_err());
        // A middle of 4 or 5 with ends at least 4 apart on one side of it: 5 and 9.
        let mut g = Marks(vec![0x1FF, m(&[4, 5]), 0x1FF]);
        l.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[5, 9]), m(&[4]), m(&[5, 9])]);
    }
}
