//! Renban: the line's digits are a set of consecutive digits in any order, without
//! repeats.
//!
//! Its cells are peers (a renban of N cells is a house). Propagation by windows: a run
//! of as many digits as the line has cells is possible while every cell has a
//! candidate in it and each of its digits has a cell; every cell keeps the digits of
//! the possible runs, and a digit in every possible run with one place left on the
//! line goes there.

use crate::puzzle::Cell;
use crate::rules::Cells;
use crate::state::Step;

/// The brute-force definition: distinct digits, the largest less the smallest one
/// less than their number.
pub(crate) fn holds(v: &[u8]) -> bool {
    let mut seen = 0u32;
    for &d in v {
        if seen >> d & 1 != 0 {
            return false;
        }
        seen |= 1 << d;
    }
    let (lo, hi) = (v.iter().min(), v.iter().max());
    matches!((lo, hi), (Some(&lo), Some(&hi)) if usize::from(hi - lo) + 1 == v.len())
}

/// A renban line, compiled: its cells and the runs of digits of its length.
#[derive(Clone, Debug)]
pub(crate) struct Renban {
    pub(crate) cells: Box<[u16]>,
    runs: Box<[u32]>,
}

impl Renban {
    pub(crate) fn new(size: usize, cells: &[Cell]) -> Renban {
        let len = cells.len();
        let run = if len >= 32 {
            u32::MAX
        } else {
            (1u32 << len) - 1
        };
        Renban {
            cells: cells.iter().map(|&c| c as u16).collect(),
            runs: (0..=size.saturating_sub(len)).map(|s| run << s).collect(),
        }
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let mut masks = [0u32; 32];
        let mut union = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            masks[i & 31] = cells.get(usize::from(c));
            union |= masks[i & 31];
        }
        let masks = &masks[..self.cells.len().min(32)];
        let (mut allowed, mut required) = (0u32, u32::MAX);
        for &run in self.runs.iter() {
            if union & run == run && masks.iter().all(|&m| m & run != 0) {
                allowed |= run;
                required &= run;
            }
        }
        crate::rules::within_sets(cells, &self.cells, allowed, required)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{m, Marks};

    #[test]
    fn definition() {
        assert!(holds(&[4, 2, 3]));
        assert!(!holds(&[4, 2, 2]));
        assert!(!holds(&[1, 3]));
        assert!(holds(&[7]));
    }

    #[test]
    fn windows() {
        let r = Renban::new(9, &[0, 1, 2]);
        // A 9 on a line of three: 7, 8, 9.
        let mut g = Marks(vec![m(&[9]), 0x1FF, 0x1FF]);
        r.propagate(&mut g).unwrap();
        assert_eq!(g.0[1..], [m(&[7, 8, 9]); 2]);
        // A 5: runs 3-5, 4-6, 5-7; the 3 and the 7 are each in one run only.
        let mut g = Marks(vec![m(&[5]), 0x1FF, 0x1FF]);
        r.propagate(&mut g).unwrap();
        assert_eq!(g.0[1], m(&[3, 4, 5, 6, 7]));
        // 1 or 2, and 8 or 9: no run of three.
        let mut g = Marks(vec![m(&[1, 2]), m(&[8, 9]), 0x1FF]);
        assert!(r.propagate(&mut g).is_err());
        // Runs 4-6 and 5-7 both need 5 and 6; the 6 has one place.
        let mut g = Marks(vec![m(&[4, 5, 7]), m(&[5, 4, 7]), m(&[6, 4, 5, 7])]);
        r.propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[6]));
    }
}
