//! Units in Sudoku Explainer's orders, and the small helpers every technique shares.
//!
//! Sudoku Explainer visits boxes, then columns, then rows (its region types 0, 2, 1)
//! in most techniques; which pattern it finds first decides the solve path, so the
//! techniques here visit units in the same orders.

use bitdoku_core::UNIT_SQUARES;

/// The units of one kind: rows are units 0..9, columns 9..18, boxes 18..27.
pub(crate) const ROWS: core::ops::Range<usize> = 0..9;
/// Columns.
pub(crate) const COLUMNS: core::ops::Range<usize> = 9..18;
/// Boxes.
pub(crate) const BOXES: core::ops::Range<usize> = 18..27;

/// Boxes, columns, rows: the order of Sudoku Explainer's singles and subsets.
pub(crate) fn boxes_columns_rows() -> impl Iterator<Item = usize> {
    BOXES.chain(COLUMNS).chain(ROWS)
}

/// True if unit `u` is a box.
#[inline]
pub(crate) const fn is_box(u: usize) -> bool {
    u >= 18
}

/// True if units `a` and `b` share a square (and are not the same unit).
#[inline]
pub(crate) fn crosses(a: usize, b: usize) -> bool {
    a != b && UNIT_SQUARES[a] & UNIT_SQUARES[b] != 0
}

/// The sets of `k` bits out of 9, in increasing order of their value (the order of
/// Sudoku Explainer's `Permutations`).
pub(crate) fn combinations(k: u32) -> impl Iterator<Item = u16> {
    let mut next = (k <= 9 && k > 0).then_some((1u16 << k) - 1);
    core::iter::from_fn(move || {
        let value = next?;
        // Gosper's hack: the next larger number with as many bits set.
        let smallest = value & value.wrapping_neg();
        let ripple = value + smallest;
        let ones = ((value ^ ripple) >> 2) / smallest;
        let following = ripple | ones;
        next = (following < 1 << 9).then_some(following);
        Some(value)
    })
}

/// The bits of a 9-bit set, in order.
pub(crate) fn bits(mut set: u16) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_and_in_order() {
        for k in 1..=9u32 {
            let all: Vec<u16> = combinations(k).collect();
            let expected: Vec<u16> = (0u16..512).filter(|m| m.count_ones() == k).collect();
            assert_eq!(all, expected, "{k}");
        }
        assert_eq!(combinations(0).count(), 0);
        assert!(crosses(0, 18) && !crosses(0, 1) && crosses(0, 9) && !crosses(0, 21));
    }
}
