//! `Digit`: one of the nine symbols 1 to 9.

use core::fmt;

/// A Sudoku digit, 1 to 9.
///
/// ```
/// use bitdoku_core::Digit;
/// let d = Digit::new(7).unwrap();
/// assert_eq!(d.get(), 7);
/// assert_eq!(Digit::new(0), None);
/// assert_eq!(Digit::from_ascii(b'7'), Some(d));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The nine digits in order.
    pub const ALL: [Digit; 9] = [
        Digit(1),
        Digit(2),
        Digit(3),
        Digit(4),
        Digit(5),
        Digit(6),
        Digit(7),
        Digit(8),
        Digit(9),
    ];

    /// The digit `n`, or `None` unless `1 <= n <= 9`.
    #[inline]
    pub const fn new(n: u8) -> Option<Digit> {
        if n >= 1 && n <= 9 {
            Some(Digit(n))
        } else {
            None
        }
    }

    /// The digit written as the ASCII byte `b'1'..=b'9'`.
    #[inline]
    pub const fn from_ascii(b: u8) -> Option<Digit> {
        Digit::new(b.wrapping_sub(b'0'))
    }

    /// The digit whose candidate bit is the lowest set bit of `mask` (bit 0 is digit 1).
    /// `None` if `mask` has none of the nine digit bits set.
    #[inline]
    pub const fn from_lowest_bit(mask: u16) -> Option<Digit> {
        let m = mask & 0x1FF;
        if m == 0 {
            None
        } else {
            Some(Digit(m.trailing_zeros() as u8 + 1))
        }
    }

    /// The value 1 to 9.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Zero-based index 0 to 8.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The candidate bit of this digit: `1 << (digit - 1)`.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }

    /// The ASCII byte `b'1'..=b'9'`.
    #[inline]
    pub const fn to_ascii(self) -> u8 {
        b'0' + self.0
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for (i, d) in Digit::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Digit::from_lowest_bit(d.bit()), Some(*d));
            assert_eq!(Digit::from_ascii(d.to_ascii()), Some(*d));
        }
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::from_ascii(b'0'), None);
        assert_eq!(Digit::from_ascii(b'.'), None);
        assert_eq!(Digit::from_lowest_bit(0x200), None);
    }
}
