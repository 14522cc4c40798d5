//! `Candidates`: the digits still possible in a square, as a 9-bit mask in a `u16`.
//!
//! ```text
//!   bit:    8 7 6 5 4 3 2 1 0
//!   digit:  9 8 7 6 5 4 3 2 1      {1, 4, 9} = 0b1_0000_1001
//! ```

use crate::Digit;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A set of digits, bit `d - 1` for digit `d`.
///
/// ```
/// use bitdoku_core::{Candidates, Digit};
/// let d = |n| Digit::new(n).unwrap();
/// let c = Candidates::ALL - Candidates::from(d(5));
/// assert_eq!(c.len(), 8);
/// assert!(!c.contains(d(5)));
/// assert_eq!(c.iter().next(), Some(d(1)));
/// assert_eq!(c.to_string(), "12346789");
/// assert_eq!(Candidates::from(d(3)).single(), Some(d(3)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    /// No digit.
    pub const NONE: Candidates = Candidates(0);
    /// All nine digits.
    pub const ALL: Candidates = Candidates(0x1FF);

    /// The set with bits `mask & 0x1FF`.
    #[inline]
    pub const fn from_bits(mask: u16) -> Candidates {
        Candidates(mask & 0x1FF)
    }

    /// The 9-bit mask.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// How many digits are in the set.
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if no digit is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit, if exactly one is left.
    #[inline]
    pub const fn single(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Digit::from_lowest_bit(self.0)
        } else {
            None
        }
    }

    /// True if `digit` is in the set.
    #[inline]
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & digit.bit() != 0
    }

    /// Adds `digit`.
    #[inline]
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= digit.bit();
    }

    /// Removes `digit`.
    #[inline]
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !digit.bit();
    }

    /// The smallest digit in the set.
    #[inline]
    pub const fn first(self) -> Option<Digit> {
        Digit::from_lowest_bit(self.0)
    }

    /// The digits in increasing order (lowest set bit first, `x & (x - 1)` to advance).
    #[inline]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }
}

impl From<Digit> for Candidates {
    #[inline]
    fn from(d: Digit) -> Candidates {
        Candidates(d.bit())
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Candidates {
        Candidates(iter.into_iter().fold(0, |m, d| m | d.bit()))
    }
}

impl IntoIterator for Candidates {
    type Item = Digit;
    type IntoIter = Iter;
    #[inline]
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// Iterator over the digits of a [`Candidates`] set, smallest first.
#[derive(Clone, Debug)]
pub struct Iter(u16);

impl Iterator for Iter {
    type Item = Digit;
    #[inline]
    fn next(&mut self) -> Option<Digit> {
        let d = Digit::from_lowest_bit(self.0)?;
        self.0 &= self.0 - 1;
        Some(d)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for Candidates {
            type Output = Candidates;
            #[inline]
            fn $method(self, rhs: Candidates) -> Candidates {
                Candidates(self.0 $op rhs.0)
            }
        }
    };
}
bit_op!(BitAnd, bitand, &);
bit_op!(BitOr, bitor, |);
bit_op!(BitXor, bitxor, ^);

impl Sub for Candidates {
    type Output = Candidates;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 & !rhs.0)
    }
}

impl Not for Candidates {
    type Output = Candidates;
    /// Complement within the nine digits.
    #[inline]
    fn not(self) -> Candidates {
        Candidates(!self.0 & 0x1FF)
    }
}

impl BitAndAssign for Candidates {
    #[inline]
    fn bitand_assign(&mut self, rhs: Candidates) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Candidates {
    #[inline]
    fn bitor_assign(&mut self, rhs: Candidates) {
        self.0 |= rhs.0;
    }
}

/// The digits in order with no separator, like Norvig's strings: `"1489"`.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 9];
        let n = self.len();
        for (b, d) in buf.iter_mut().zip(self.iter()) {
            *b = d.to_ascii();
        }
        // Only ASCII digits were written.
        f.pad(core::str::from_utf8(&buf[..n]).unwrap_or(""))
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let d = |n| Digit::new(n).unwrap();
        let a: Candidates = [d(1), d(4), d(9)].into_iter().collect();
        assert_eq!(a.bits(), 0b1_0000_1001);
        assert_eq!(a.len(), 3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![d(1), d(4), d(9)]);
        assert_eq!((!a).len(), 6);
        assert_eq!(
            a - Candidates::from(d(4)),
            Candidates::from_bits(0b1_0000_0001)
        );
        assert_eq!(a.single(), None);
        assert_eq!(Candidates::NONE.single(), None);
        assert_eq!(Candidates::NONE.first(), None);
        assert_eq!(format!("{a:>5}|{a:?}"), "  149|{149}");
        let mut b = a;
        b.remove(d(1));
        b.insert(d(2));
        assert_eq!(b.to_string(), "249");
        assert_eq!(Candidates::from_bits(0xFFFF), Candidates::ALL);
    }
}
