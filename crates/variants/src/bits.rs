//! `Bits<W>`: a set of cells as `W` 64-bit words, plain `Copy` data.
//!
//! The engine is compiled for three widths, chosen by the board's cell count
//! ([`crate::Engine`]): `W = 2` up to 128 cells (4×4 to 11×11), `4` up to 256 (16×16),
//! `10` up to 640 (25×25); WebAssembly has the last two only. Every set of cells the tables keep (a cell's peers, a
//! house) and the search's open cells are one of these.

/// A set of cell indices below `64 * W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Bits<W> = Bits([0; W]);
    /// How many cells a set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The set of cells `0..n` (`n` at most [`Bits::CAPACITY`]).
    pub fn first(n: usize) -> Bits<W> {
        let mut b = Bits::EMPTY;
        for (i, w) in b.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        b
    }

    /// The set of these cells (each below [`Bits::CAPACITY`]).
    pub fn of(cells: impl IntoIterator<Item = usize>) -> Bits<W> {
        let mut b = Bits::EMPTY;
        for c in cells {
            b.insert(c);
        }
        b
    }

    /// Adds `cell`.
    #[inline(always)]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1 << (cell & 63);
    }

    /// Removes `cell`.
    #[inline(always)]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1 << (cell & 63));
    }

    /// True if `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 != 0
    }

    /// True if the set is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// How many cells the set holds.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in both sets.
    #[inline(always)]
    #[must_use]
    pub fn and(&self, other: &Bits<W>) -> Bits<W> {
        let mut b = *self;
        for (w, o) in b.0.iter_mut().zip(other.0) {
            *w &= o;
        }
        b
    }

    /// The cells in this set and not in `other`.
    #[inline(always)]
    #[must_use]
    pub fn and_not(&self, other: &Bits<W>) -> Bits<W> {
        let mut b = *self;
        for (w, o) in b.0.iter_mut().zip(other.0) {
            *w &= !o;
        }
        b
    }

    /// The cells in either set.
    #[inline(always)]
    #[must_use]
    pub fn or(&self, other: &Bits<W>) -> Bits<W> {
        let mut b = *self;
        for (w, o) in b.0.iter_mut().zip(other.0) {
            *w |= o;
        }
        b
    }

    /// The lowest cell of the set, if any.
    #[inline(always)]
    pub fn first_cell(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The cells in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> Iter<W> {
        Iter {
            words: self.0,
            word: 0,
        }
    }
}

/// The cells of a [`Bits`], in increasing order.
pub struct Iter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn agrees_with_a_sorted_set(cells in proptest::collection::btree_set(0usize..640, 0..80),
                                    other in proptest::collection::btree_set(0usize..640, 0..80)) {
            let a = Bits::<10>::of(cells.iter().copied());
            let b = Bits::<10>::of(other.iter().copied());
            prop_assert_eq!(a.iter().collect::<Vec<_>>(), cells.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(a.len(), cells.len());
            prop_assert_eq!(a.and(&b).iter().collect::<Vec<_>>(),
                cells.intersection(&other).copied().collect::<Vec<_>>());
            prop_assert_eq!(a.and_not(&b).iter().collect::<Vec<_>>(),
                cells.difference(&other).copied().collect::<Vec<_>>());
            prop_assert_eq!(a.or(&b).len(), cells.union(&other).count());
            prop_assert_eq!(a.first_cell(), cells.iter().next().copied());
            for c in 0..640 {
                prop_assert_eq!(a.contains(c), cells.contains(&c));
            }
        }
    }

    #[test]
    fn first_n_cells() {
        assert_eq!(Bits::<2>::first(81).len(), 81);
        assert_eq!(Bits::<2>::first(128).len(), 128);
        assert_eq!(Bits::<10>::first(625).iter().last(), Some(624));
        assert!(Bits::<4>::first(0).is_empty());
    }
}
