//! Lines of equal sums: the segments of a zipper line (cells equally far from its
//! centre, and the centre alone on a line of odd length), of a region-sum line (its
//! stretches in each box or region) and of a double arrow (its two ends, and the cells
//! between them) all have the same sum.
//!
//! Propagation by sum sets: each segment's possible sums (its cells' candidates added
//! in every way, as a bit set), their intersection the possible totals; each cell
//! keeps the digits that, with some sum of the rest of its segment, make a possible
//! total. Where a segment could pass a sum of 127 (long segments on large boards), by
//! bounds instead: each segment's least and greatest sum bound the total, and the
//! total bounds each cell.

use super::{max_digit, min_digit, range};
use crate::puzzle::Cell;
use crate::rules::Cells;
use crate::state::{Contradiction, Step};

/// The segments of a zipper line of `len` cells, as positions on the line.
pub(crate) fn zipper(len: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..len / 2).map(|i| vec![i, len - 1 - i]).collect();
    if len % 2 == 1 {
        out.push(vec![len / 2]);
    }
    out
}

/// The segments of a double arrow of `len` cells: its two ends, and the cells between.
pub(crate) fn double_arrow(len: usize) -> Vec<Vec<usize>> {
    vec![vec![0, len - 1], (1..len - 1).collect()]
}

/// Consecutive segments of the given lengths, as positions on the line.
pub(crate) fn cut(lengths: &[usize]) -> Vec<Vec<usize>> {
    let mut start = 0;
    lengths
        .iter()
        .map(|&k| {
            start += k;
            (start - k..start).collect()
        })
        .collect()
}

/// The brute-force definition: every segment of `v` has the same sum.
pub(crate) fn holds(v: &[u8], segments: &[Vec<usize>]) -> bool {
    let sum = |s: &Vec<usize>| s.iter().map(|&i| u32::from(v[i])).sum::<u32>();
    segments.windows(2).all(|w| sum(&w[0]) == sum(&w[1]))
}

/// Segments of equal sums, compiled.
#[derive(Clone, Debug)]
pub(crate) struct EqualSum {
    /// The cells of every segment, one segment after the other.
    pub(crate) cells: Box<[u16]>,
    /// Where each segment ends in `cells`.
    ends: Box<[u16]>,
    /// Whether every sum fits a `u128` sum set (else bounds).
    sets: bool,
}

/// Digits as a set of values (bit `d` for digit `d`).
#[inline(always)]
fn values(mask: u32) -> u128 {
    u128::from(mask) << 1
}

/// The sums of one value from `a` and one from `b`.
#[inline(always)]
fn add(a: u128, b: u128) -> u128 {
    let (mut out, mut a) = (0u128, a);
    while a != 0 {
        out |= b << a.trailing_zeros();
        a &= a - 1;
    }
    out
}

/// The longest segment sum sets handle.
const MAX_SEGMENT: usize = 32;

impl EqualSum {
    /// Segments of `cells` (positions on the line), on a board of digits 1 to `size`.
    pub(crate) fn new(size: usize, cells: &[Cell], segments: &[Vec<usize>]) -> EqualSum {
        let mut all = Vec::new();
        let mut ends = Vec::new();
        for s in segments {
            all.extend(s.iter().map(|&i| cells[i] as u16));
            ends.push(all.len() as u16);
        }
        EqualSum {
            cells: all.into(),
            ends: ends.into(),
            sets: segments
                .iter()
                .all(|s| s.len() <= MAX_SEGMENT && s.len() * size < 128),
        }
    }

    fn segments(&self) -> impl Iterator<Item = &[u16]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let s = &self.cells[start..usize::from(end)];
            start = usize::from(end);
            s
        })
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        if !self.sets {
            return self.bounds(cells);
        }
        let mut totals = u128::MAX;
        for segment in self.segments() {
            let mut sums = 1u128;
            for &c in segment {
                sums = add(sums, values(cells.get(usize::from(c))));
            }
            totals &= sums;
        }
        if totals == 0 {
            return Err(Contradiction);
        }
        let mut before = [0u128; MAX_SEGMENT + 1];
        for segment in self.segments() {
            before[0] = 1;
            for (i, &c) in segment.iter().enumerate() {
                before[i + 1] = add(before[i], values(cells.get(usize::from(c))));
            }
            // The sums of the cells after the one at hand, built from the last.
            let mut after = 1u128;
            for (i, &c) in segment.iter().enumerate().rev() {
                let c = usize::from(c);
                let rest = add(before[i], after);
                let mut keep = 0u32;
                let mut m = cells.get(c);
                while m != 0 {
                    let d = m.trailing_zeros();
                    m &= m - 1;
                    if (rest << (d + 1)) & totals != 0 {
                        keep |= 1 << d;
                    }
                }
                cells.restrict(c, keep)?;
                after = add(after, values(cells.get(c)));
            }
        }
        Ok(())
    }

    /// Each cell within what the total and the rest of its segment leave.
    fn bounds(&self, cells: &mut impl Cells) -> Step {
        let (mut least, mut most) = (0i32, i32::MAX);
        for segment in self.segments() {
            let (lo, hi) = sum_bounds(cells, segment);
            least = least.max(lo);
            most = most.min(hi);
        }
        if least > most {
            return Err(Contradiction);
        }
        for segment in self.segments() {
            let (lo, hi) = sum_bounds(cells, segment);
            for &c in segment {
                let c = usize::from(c);
                let m = cells.get(c);
                let (min, max) = (min_digit(m) as i32, max_digit(m) as i32);
                cells.restrict(c, range(least - (hi - max), most - (lo - min)))?;
            }
        }
        Ok(())
    }
}

/// The least and greatest sum of a segment.
#[inline(always)]
fn sum_bounds(cells: &impl Cells, segment: &[u16]) -> (i32, i32) {
    segment.iter().fold((0, 0), |(lo, hi), &c| {
        let m = cells.get(usize::from(c));
        (lo + min_digit(m) as i32, hi + max_digit(m) as i32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{m, Marks};

    #[test]
    fn segments_and_definition() {
        assert_eq!(zipper(5), [vec![0, 4], vec![1, 3], vec![2]]);
        assert_eq!(zipper(4), [vec![0, 3], vec![1, 2]]);
        assert_eq!(cut(&[2, 3]), [vec![0, 1], vec![2, 3, 4]]);
        assert!(!holds(&[1, 2, 7, 6, 8], &zipper(5)));
        assert!(holds(&[1, 2, 9, 7, 8], &zipper(5)));
        assert!(holds(&[4, 2, 1, 5], &cut(&[2, 2])));
        assert!(!holds(&[4, 2, 1, 5], &cut(&[1, 3])));
        assert!(holds(&[8, 1, 2, 5], &cut(&[1, 3])));
    }

    #[test]
    fn sum_sets() {
        // A zipper of three: the centre is the sum of the ends.
        let z = EqualSum::new(9, &[0, 1, 2], &zipper(3));
        let mut g = Marks(vec![0x1FF, 0x1FF, 0x1FF]);
        z.propagate(&mut g).unwrap();
        assert_eq!(
            g.0,
            [
                m(&[1, 2, 3, 4, 5, 6, 7, 8]),
                m(&[2, 3, 4, 5, 6, 7, 8, 9]),
                m(&[1, 2, 3, 4, 5, 6, 7, 8])
            ]
        );
        let mut g = Marks(vec![m(&[6]), m(&[3, 5, 9]), 0x1FF]);
        z.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[6]), m(&[9]), m(&[3])]);
        // Pairs adding up alike: 1 + 9 = 10 forces the other pair to 10.
        let z = EqualSum::new(9, &[0, 1, 2, 3], &zipper(4));
        let mut g = Marks(vec![m(&[1]), m(&[2, 4]), m(&[8, 9]), m(&[9])]);
        z.propagate(&mut g).unwrap();
        assert_eq!(g.0, [m(&[1]), m(&[2]), m(&[8]), m(&[9])]);
    }

    #[test]
    fn bounds_past_sum_sets() {
        let cells: Vec<Cell> = (0..12).collect();
        let z = EqualSum::new(25, &cells, &cut(&[6, 6]));
        assert!(!z.sets);
        let mut g = Marks(vec![(1 << 25) - 1; 12]);
        g.0[..6].fill(m(&[1, 2]));
        z.propagate(&mut g).unwrap();
        // The first six add up to 6 to 12: each of the others is at most 12 - 5.
        assert_eq!(g.0[6], m(&[1, 2, 3, 4, 5, 6, 7]));
    }
}
