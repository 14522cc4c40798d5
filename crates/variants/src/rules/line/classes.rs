//! Entropic and modular lines: the digits fall into `g` classes (entropic: low,
//! middle and high; modular: residues mod `m`), and any `g` consecutive cells on the
//! line hold one digit of each class. So cells fewer than `g` apart along the line are
//! in different classes, and cells exactly `g` apart in the same one.
//!
//! Propagation: a cell whose class is known takes that class from the cells fewer than
//! `g` away; a cell `g` away keeps only the classes the cell may be in; and within
//! each run of `g` cells, a class that only one cell can take goes there.

use crate::puzzle::Cell;
use crate::rules::Cells;
use crate::state::{Contradiction, Step};

/// The residues mod `m` of digits 1 to `size`, as masks (the class of residue 0
/// first).
pub(crate) fn residues(size: usize, m: u8) -> Vec<u32> {
    (0..u32::from(m))
        .map(|r| {
            (1..=size as u32)
                .filter(|d| d % u32::from(m) == r)
                .fold(0, |mask, d| mask | 1 << (d - 1))
        })
        .collect()
}

/// The brute-force definition: any `g` consecutive digits of `v` (all of them, on a
/// shorter line) are in distinct classes.
pub(crate) fn holds(v: &[u8], g: usize, class: impl Fn(u8) -> Option<usize>) -> bool {
    (0..v.len()).all(|i| {
        (i + 1..v.len().min(i + g))
            .all(|j| matches!((class(v[i]), class(v[j])), (Some(a), Some(b)) if a != b))
    })
}

/// A line of classes, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    pub(crate) cells: Box<[u16]>,
    /// Each class's digits.
    classes: Box<[u32]>,
}

impl Classes {
    pub(crate) fn new(cells: &[Cell], classes: &[u32]) -> Classes {
        Classes {
            cells: cells.iter().map(|&c| c as u16).collect(),
            classes: classes.into(),
        }
    }

    /// The classes `mask` has digits of (bit `i` for class `i`), and those classes'
    /// digits.
    #[inline(always)]
    fn classes_of(&self, mask: u32) -> (u32, u32) {
        let (mut set, mut digits) = (0u32, 0u32);
        for (i, &c) in self.classes.iter().enumerate() {
            if c & mask != 0 {
                set |= 1 << i;
                digits |= c;
            }
        }
        (set, digits)
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let g = self.classes.len();
        let len = self.cells.len();
        let cell = |i: usize| usize::from(self.cells[i]);
        for i in 0..len {
            let (set, digits) = self.classes_of(cells.get(cell(i)));
            if set == 0 {
                return Err(Contradiction);
            }
            if set & (set - 1) == 0 {
                for j in i.saturating_sub(g - 1)..len.min(i + g) {
                    if j != i {
                        cells.restrict(cell(j), !digits)?;
                    }
                }
            }
            if i >= g {
                cells.restrict(cell(i - g), digits)?;
            }
            if i + g < len {
                cells.restrict(cell(i + g), digits)?;
            }
        }
        if len < g {
            return Ok(());
        }
        for start in 0..=len - g {
            for &class in self.classes.iter() {
                let mut place = None;
                for i in start..start + g {
                    if cells.get(cell(i)) & class != 0 {
                        place = match place {
                            None => Some(i),
                            Some(_) => Some(usize::MAX),
                        };
                    }
                }
                match place {
                    None => return Err(Contradiction),
                    Some(i) if i != usize::MAX => cells.restrict(cell(i), class)?,
                    _ => {}
                }
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
    fn classes_and_definition() {
        assert_eq!(
            residues(9, 3),
            [m(&[3, 6, 9]), m(&[1, 4, 7]), m(&[2, 5, 8])]
        );
        let third = |d: u8| Some(usize::from((d - 1) / 3));
        assert!(holds(&[1, 5, 9, 2, 4], 3, third));
        assert!(!holds(&[1, 5, 9, 4], 3, third));
        assert!(holds(&[1, 5], 3, third));
        assert!(!holds(&[1, 3], 3, third));
    }

    #[test]
    fn classes_spread_along_the_line() {
        let entropic = Classes::new(
            &[0, 1, 2, 3],
            &[m(&[1, 2, 3]), m(&[4, 5, 6]), m(&[7, 8, 9])],
        );
        let mut g = Marks(vec![m(&[2, 3]), 0x1FF, 0x1FF, 0x1FF]);
        entropic.propagate(&mut g).unwrap();
        assert_eq!(g.0[1], m(&[4, 5, 6, 7, 8, 9]));
        assert_eq!(g.0[3], m(&[1, 2, 3]));
        // The middle class has one place in the first three cells.
        let mut g = Marks(vec![m(&[1, 7]), m(&[2, 4, 8]), m(&[3, 9]), 0x1FF]);
        entropic.propagate(&mut g).unwrap();
        assert_eq!(g.0[1], m(&[4]));
        let mut g = Marks(vec![m(&[1]), m(&[2, 3]), 0x1FF, 0x1FF]);
        assert!(entropic.propagate(&mut g).is_err());
    }
}
