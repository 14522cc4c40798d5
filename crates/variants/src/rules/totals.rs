//! Totals: segments of cells that all come to the same value (a given total, or any
//! value they share), their digits free to repeat (a house keeps them apart where it
//! holds them). A segment is the sum of its digits, or a number whose decimal digits
//! its cells are, read in order (an arrow's circle of two cells is 10 × the first + the
//! second).
//!
//! The propagator shared by the rules that add digits up: arrows (the circle as a
//! number, and each shaft), sum clues (one segment and its total) and equal sums
//! (every segment the same).
//!
//! Propagation is exact on each segment taken alone: walking its cells, a set of
//! partial values (one bit per value, in 128 or 256 bits) says what the cells so far
//! can make; the totals that every segment can still make are kept, and walking back,
//! each cell keeps the digits that some way of completing its segment to one of those
//! totals uses. Past 256 values of interest or 64 cells in a segment, each cell is kept
//! within the bounds that the others' smallest and largest digits leave.

use super::Cells;
use crate::puzzle::Cell;
use crate::state::{Contradiction, Step};

/// The longest segment propagated exactly (the forward sets live on the stack).
const EXACT_CELLS: usize = 64;

/// Segments up to this long (every cage, and nearly every arrow and line) work in
/// arrays of this size rather than of [`EXACT_CELLS`]: zeroing those took 1.2% of
/// the instructions of the shared mixed 9×9 file (docs/performance.md, session 28).
const SHORT_CELLS: usize = 16;

/// One segment: `cells[start..end]`, a sum or a number.
#[derive(Clone, Copy, Debug)]
struct Segment {
    start: u16,
    end: u16,
    number: bool,
}

/// How the values are kept: a set of up to 128 or 256 values, or bounds only.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Width {
    Narrow,
    Wide,
    Bounds,
}

/// Segments of equal value, compiled; see the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Totals {
    cells: Box<[u16]>,
    segments: Box<[Segment]>,
    total: Option<u32>,
    /// No value of interest is larger: the given total, or the least of the
    /// segments' largest values.
    cap: u32,
    width: Width,
}

/// The value of a number segment's cell `i` of `len`: `10^(len - 1 - i)` (saturated).
fn weight(number: bool, len: usize, i: usize) -> i64 {
    if number {
        10i64.saturating_pow((len - 1 - i) as u32)
    } else {
        1
    }
}

impl Totals {
    /// `segments`: each one's cells and whether it reads as a number (else it is a
    /// sum); `total`: the value they must all come to, if given.
    pub(crate) fn new(size: usize, segments: &[(&[Cell], bool)], total: Option<u32>) -> Totals {
        let mut cells = Vec::new();
        let mut out = Vec::new();
        let mut cap = total.map_or(u64::MAX, u64::from);
        let mut longest = 0;
        for &(seg, number) in segments {
            let largest = (0..seg.len())
                .map(|i| weight(number, seg.len(), i).saturating_mul(size as i64) as u64)
                .fold(0u64, u64::saturating_add);
            cap = cap.min(largest);
            longest = longest.max(seg.len());
            out.push(Segment {
                start: cells.len() as u16,
                end: (cells.len() + seg.len()) as u16,
                number: number && seg.len() > 1,
            });
            cells.extend(seg.iter().map(|&c| c as u16));
        }
        let width = match cap {
            _ if longest > EXACT_CELLS => Width::Bounds,
            0..=127 => Width::Narrow,
            128..=255 => Width::Wide,
            _ => Width::Bounds,
        };
        Totals {
            cells: cells.into(),
            segments: out.into(),
            total,
            cap: cap.min(u64::from(u32::MAX)) as u32,
            width,
        }
    }

    pub(crate) fn watches(&self) -> Vec<Cell> {
        let mut w: Vec<Cell> = self.cells.iter().map(|&c| usize::from(c)).collect();
        w.sort_unstable();
        w.dedup();
        w
    }

    #[inline]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        match self.width {
            Width::Narrow => self.exact::<u128>(cells),
            Width::Wide => self.exact::<Wide>(cells),
            Width::Bounds => self.bounds(cells),
        }
    }

    fn cells_of(&self, seg: Segment) -> &[u16] {
        &self.cells[usize::from(seg.start)..usize::from(seg.end)]
    }

    /// Every segment within the totals that all of them can make.
    fn exact<S: Set>(&self, cells: &mut impl Cells) -> Step {
        let cap = S::upto(self.cap);
        let mut totals = match self.total {
            Some(t) if t <= self.cap => S::one(t),
            Some(_) => return Err(Contradiction),
            None => cap,
        };
        if self.segments.len() > 1 {
            for &seg in self.segments.iter() {
                let mut reach = S::one(0);
                for &c in self.cells_of(seg) {
                    reach = forward(reach, cells.get(usize::from(c)), seg.number, cap);
                }
                totals = totals.and(reach);
            }
            if totals.is_empty() {
                return Err(Contradiction);
            }
        }
        for &seg in self.segments.iter() {
            self.keep(cells, seg, totals, cap)?;
        }
        Ok(())
    }

    /// Each cell of `seg` keeps the digits of some way to make one of `totals`.
    fn keep<S: Set>(&self, cells: &mut impl Cells, seg: Segment, totals: S, cap: S) -> Step {
        if self.cells_of(seg).len() <= SHORT_CELLS {
            self.keep_in::<S, SHORT_CELLS, { SHORT_CELLS + 1 }>(cells, seg, totals, cap)
        } else {
            self.keep_in::<S, EXACT_CELLS, { EXACT_CELLS + 1 }>(cells, seg, totals, cap)
        }
    }

    /// [`Totals::keep`] on a segment of at most `N` cells (`B` = `N` + 1).
    #[inline(always)]
    fn keep_in<S: Set, const N: usize, const B: usize>(
        &self,
        cells: &mut impl Cells,
        seg: Segment,
        totals: S,
        cap: S,
    ) -> Step {
        let list = self.cells_of(seg);
        let mut masks = [0u32; N];
        for (j, &c) in list.iter().enumerate() {
            masks[j] = cells.get(usize::from(c));
        }
        let mut keep = [0u32; N];
        let masks = &masks[..list.len()];
        if !support::<S, B>(masks, seg.number, totals, cap, &mut keep) {
            return Err(Contradiction);
        }
        for (j, &c) in list.iter().enumerate() {
            cells.restrict(usize::from(c), keep[j])?;
        }
        Ok(())
    }

    /// The least and largest value of `seg`.
    fn range(&self, cells: &impl Cells, seg: Segment) -> (i64, i64) {
        let list = self.cells_of(seg);
        let (mut lo, mut hi) = (0i64, 0i64);
        for (i, &c) in list.iter().enumerate() {
            let m = cells.get(usize::from(c));
            let w = weight(seg.number, list.len(), i);
            lo = lo.saturating_add(w.saturating_mul(i64::from(m.trailing_zeros() + 1)));
            hi = hi.saturating_add(w.saturating_mul(i64::from(32 - m.leading_zeros())));
        }
        (lo, hi)
    }

    /// Each cell within what the rest of its segment leaves.
    fn bounds(&self, cells: &mut impl Cells) -> Step {
        let (mut lo, mut hi) = match self.total {
            Some(t) => (i64::from(t), i64::from(t)),
            None => (0, i64::MAX),
        };
        for &seg in self.segments.iter() {
            let (a, b) = self.range(cells, seg);
            lo = lo.max(a);
            hi = hi.min(b);
        }
        if lo > hi {
            return Err(Contradiction);
        }
        for &seg in self.segments.iter() {
            let (a, b) = self.range(cells, seg);
            let list = self.cells_of(seg);
            for (i, &c) in list.iter().enumerate() {
                let m = cells.get(usize::from(c));
                let w = weight(seg.number, list.len(), i);
                let (min, max) = (
                    i64::from(m.trailing_zeros() + 1),
                    i64::from(32 - m.leading_zeros()),
                );
                // w * d lies within [lo - (the rest's largest), hi - (the rest's least)].
                let rest_lo = a - w * min;
                let rest_hi = b - w * max;
                let least = ((lo - rest_hi).max(w) + w - 1) / w;
                let most = (hi.saturating_sub(rest_lo) / w).min(32);
                if least > most {
                    return Err(Contradiction);
                }
                cells.restrict(usize::from(c), digits_between(least as u32, most as u32))?;
            }
        }
        Ok(())
    }
}

/// Cells with candidates `masks` (at most [`EXACT_CELLS`]) that must add up to `total`,
/// their digits free to repeat: `keep[j]` gets the digits of cell j that some way to
/// do so uses; false if there is none. Exact up to a total of 255, by bounds past it.
pub(crate) fn sum_support(masks: &[u32], total: u32, keep: &mut [u32]) -> bool {
    match total {
        0..=127 => support::<_, { EXACT_CELLS + 1 }>(
            masks,
            false,
            u128::one(total),
            u128::upto(total),
            keep,
        ),
        128..=255 => support::<_, { EXACT_CELLS + 1 }>(
            masks,
            false,
            Wide::one(total),
            Wide::upto(total),
            keep,
        ),
        _ => bounds_support(masks, total, keep),
    }
}

/// The cells of a segment (a sum, or a number) with candidates `masks` that must come
/// to one of `totals` (values up to `cap`): `keep[j]` gets cell j's digits that some
/// way to do so uses; false if there is none. Fewer than `B` cells.
#[inline(always)]
fn support<S: Set, const B: usize>(
    masks: &[u32],
    number: bool,
    totals: S,
    cap: S,
    keep: &mut [u32],
) -> bool {
    debug_assert!(masks.len() < B);
    let mut before = [S::EMPTY; B];
    before[0] = S::one(0);
    for (j, &m) in masks.iter().enumerate() {
        before[j + 1] = forward(before[j], m, number, cap);
    }
    if before[masks.len()].and(totals).is_empty() {
        return false;
    }
    // `need`: the values the cells before j must make for the rest to end in a total.
    let mut need = totals;
    for j in (0..masks.len()).rev() {
        let (k, earlier) = if number {
            back_number(before[j], masks[j], need)
        } else {
            back_sum(before[j], masks[j], need)
        };
        keep[j] = k;
        need = earlier;
    }
    true
}

/// As [`sum_support`], by bounds: each cell within what the others' smallest and
/// largest digits leave.
fn bounds_support(masks: &[u32], total: u32, keep: &mut [u32]) -> bool {
    let (mut lo, mut hi) = (0u32, 0u32);
    for &m in masks {
        lo += m.trailing_zeros() + 1;
        hi += 32 - m.leading_zeros();
    }
    if !(lo..=hi).contains(&total) {
        return false;
    }
    for (j, &m) in masks.iter().enumerate() {
        let (min, max) = (m.trailing_zeros() + 1, 32 - m.leading_zeros());
        // total - (hi - max) <= d <= total - (lo - min)
        let least = (total + max).saturating_sub(hi).max(1);
        let most = (total + min - lo).min(32);
        keep[j] = m & digits_between(least, most);
    }
    true
}

/// Digits `least..=most` (1 to 32) as a mask.
fn digits_between(least: u32, most: u32) -> u32 {
    let upto = if most >= 32 {
        u32::MAX
    } else {
        (1u32 << most) - 1
    };
    upto & !((1u32 << (least - 1)) - 1)
}

/// The values the cells so far make, one more cell with candidates `mask` on.
#[inline(always)]
fn forward<S: Set>(made: S, mut mask: u32, number: bool, cap: S) -> S {
    let mut out = S::EMPTY;
    if number {
        for v in made.ones() {
            let mut m = mask;
            while m != 0 {
                out.insert(10 * v + m.trailing_zeros() + 1);
                m &= m - 1;
            }
        }
        return out.and(cap);
    }
    while mask != 0 {
        let d = mask.trailing_zeros() + 1;
        mask &= mask - 1;
        out = out.or(made.shl(d));
    }
    out.and(cap)
}

/// A cell of a sum with candidates `mask`, the values `made` before it, the values
/// `need`ed after it: the digits it keeps, and what the cells before it must make.
#[inline(always)]
fn back_sum<S: Set>(made: S, mut mask: u32, need: S) -> (u32, S) {
    let (mut keep, mut earlier) = (0u32, S::EMPTY);
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        mask &= mask - 1;
        let back = need.shr(bit.trailing_zeros() + 1);
        if !back.and(made).is_empty() {
            keep |= bit;
            earlier = earlier.or(back);
        }
    }
    (keep, earlier.and(made))
}

/// As [`back_sum`], for a cell of a number.
fn back_number<S: Set>(made: S, mask: u32, need: S) -> (u32, S) {
    let (mut keep, mut earlier) = (0u32, S::EMPTY);
    for v in made.ones() {
        let mut m = mask;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            if need.has(10 * v + bit.trailing_zeros() + 1) {
                keep |= bit;
                earlier.insert(v);
            }
        }
    }
    (keep, earlier)
}

/// A set of values `0..BITS`, as bits.
trait Set: Copy {
    const EMPTY: Self;
    /// Values `0..=cap`.
    fn upto(cap: u32) -> Self;
    fn one(v: u32) -> Self;
    /// Each value plus `k` (values past the width are lost).
    fn shl(self, k: u32) -> Self;
    /// Each value less `k` (values below 0 are lost).
    fn shr(self, k: u32) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn is_empty(self) -> bool;
    fn has(self, v: u32) -> bool;
    /// Adds `v` (nothing past the width).
    fn insert(&mut self, v: u32);
    fn ones(self) -> Ones;
}

/// The values of a set, in increasing order.
struct Ones {
    words: [u64; 4],
    i: usize,
}

impl Iterator for Ones {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        while self.i < 4 {
            let w = self.words[self.i];
            if w != 0 {
                self.words[self.i] = w & (w - 1);
                return Some(self.i as u32 * 64 + w.trailing_zeros());
            }
            self.i += 1;
        }
        None
    }
}

impl Set for u128 {
    const EMPTY: u128 = 0;
    #[inline(always)]
    fn upto(cap: u32) -> u128 {
        if cap >= 127 {
            u128::MAX
        } else {
            (1u128 << (cap + 1)) - 1
        }
    }
    #[inline(always)]
    fn one(v: u32) -> u128 {
        if v < 128 {
            1 << v
        } else {
            0
        }
    }
    #[inline(always)]
    fn shl(self, k: u32) -> u128 {
        self.checked_shl(k).unwrap_or(0)
    }
    #[inline(always)]
    fn shr(self, k: u32) -> u128 {
        self.checked_shr(k).unwrap_or(0)
    }
    #[inline(always)]
    fn and(self, o: u128) -> u128 {
        self & o
    }
    #[inline(always)]
    fn or(self, o: u128) -> u128 {
        self | o
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn has(self, v: u32) -> bool {
        v < 128 && self >> v & 1 != 0
    }
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        *self |= Self::one(v);
    }
    fn ones(self) -> Ones {
        Ones {
            words: [self as u64, (self >> 64) as u64, 0, 0],
            i: 0,
        }
    }
}

/// 256 values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Wide([u64; 4]);

impl Set for Wide {
    const EMPTY: Wide = Wide([0; 4]);
    fn upto(cap: u32) -> Wide {
        let mut w = [0u64; 4];
        for (i, x) in w.iter_mut().enumerate() {
            let lo = i as u32 * 64;
            if cap >= lo + 63 {
                *x = u64::MAX;
            } else if cap >= lo {
                *x = (1u64 << (cap - lo + 1)) - 1;
            }
        }
        Wide(w)
    }
    fn one(v: u32) -> Wide {
        let mut w = Wide::EMPTY;
        w.insert(v);
        w
    }
    #[inline(always)]
    fn shl(self, k: u32) -> Wide {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut out = [0u64; 4];
        for i in (words..4).rev() {
            let j = i - words;
            out[i] = self.0[j] << bits;
            if bits > 0 && j > 0 {
                out[i] |= self.0[j - 1] >> (64 - bits);
            }
        }
        Wide(out)
    }
    #[inline(always)]
    fn shr(self, k: u32) -> Wide {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut out = [0u64; 4];
        for (i, o) in out
            .iter_mut()
            .enumerate()
            .take(4usize.saturating_sub(words))
        {
            let j = i + words;
            *o = self.0[j] >> bits;
            if bits > 0 && j + 1 < 4 {
                *o |= self.0[j + 1] << (64 - bits);
            }
        }
        Wide(out)
    }
    #[inline(always)]
    fn and(self, o: Wide) -> Wide {
        Wide([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
    #[inline(always)]
    fn or(self, o: Wide) -> Wide {
        Wide([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline(always)]
    fn has(self, v: u32) -> bool {
        v < 256 && self.0[(v / 64) as usize] >> (v % 64) & 1 != 0
    }
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        if v < 256 {
            self.0[(v / 64) as usize] |= 1 << (v % 64);
        }
    }
    fn ones(self) -> Ones {
        Ones {
            words: self.0,
            i: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(x: u128) -> Wide {
        Wide([x as u64, (x >> 64) as u64, 0, 0])
    }

    #[test]
    fn wide_sets_shift_as_u128_does() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..1000 {
            let x = rng.u128(..) >> rng.u32(0..128);
            let k = rng.u32(0..64);
            // What u128 keeps below 128, the wide set keeps too (and more above).
            assert_eq!(wide(x).shl(k).and(wide(u128::MAX)), wide(x.shl(k)));
            assert_eq!(wide(x).shr(k), wide(x.shr(k)));
            assert_eq!(
                wide(x).ones().collect::<Vec<_>>(),
                x.ones().collect::<Vec<_>>()
            );
        }
        assert_eq!(Wide::upto(200).ones().count(), 201);
        assert_eq!(Wide::one(255).shl(1), Wide::EMPTY);
        assert_eq!(Wide::one(64).shr(1), Wide::one(63));
        assert_eq!(<u128 as Set>::upto(127), u128::MAX);
    }

    #[test]
    fn the_width_follows_the_values_of_interest() {
        let cells: Vec<Cell> = (0..16).collect();
        let widths = [(9, 40), (16, 200), (25, 300)]
            .map(|(n, total)| Totals::new(n, &[(&cells[..], false)], Some(total)).width);
        assert_eq!(widths, [Width::Narrow, Width::Wide, Width::Bounds]);
        let long: Vec<Cell> = (0..65).collect();
        assert_eq!(
            Totals::new(9, &[(&long[..], false)], Some(100)).width,
            Width::Bounds
        );
    }
}
