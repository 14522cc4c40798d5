//! `Relation`: a rule between the digits of two cells, and its propagator.
//!
//! A relation is compiled into two support tables, one per direction: `forward[d]` is
//! the set of digits the second cell may hold when the first holds `d` (and `back` the
//! same from the second cell). Propagation keeps the pair arc-consistent: the second
//! cell keeps only the digits some candidate of the first allows, and back.

use super::Cells;
use crate::puzzle::{At, Cell, ModelError};
use crate::state::Step;

/// A relation between the digits `a` of a first cell and `b` of a second. The names
/// are the sudoku-puzzle format's pair operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Relation {
    /// `a != b`.
    Different,
    /// `a == b`.
    Equal,
    /// `a < b`.
    Less,
    /// `a <= b`.
    LessEqual,
    /// `|a - b| == k`.
    Difference(u8),
    /// `|a - b| != k`.
    NotDifference(u8),
    /// `|a - b| != 1`.
    NotConsecutive,
    /// `|a - b| >= k` (German whispers: 5; Dutch: 4).
    DifferenceAtLeast(u8),
    /// `|a - b| <= k`.
    DifferenceAtMost(u8),
    /// `a == k * b` or `b == k * a`.
    Ratio(u8),
    /// Neither `a == k * b` nor `b == k * a`.
    NotRatio(u8),
    /// `a + b == k`.
    Sum(u8),
    /// `a + b != k`.
    NotSum(u8),
    /// `a * b == k`.
    Product(u16),
    /// `a * b != k`.
    NotProduct(u16),
    /// `a` and `b` differ in parity.
    ParityDiffers,
}

impl Relation {
    /// True if the first cell may hold `a` while the second holds `b` (the brute-force
    /// definition: the propagator's tables are built from it).
    pub fn holds(self, a: u8, b: u8) -> bool {
        let (x, y) = (u16::from(a), u16::from(b));
        match self {
            Relation::Different => a != b,
            Relation::Equal => a == b,
            Relation::Less => a < b,
            Relation::LessEqual => a <= b,
            Relation::Difference(k) => a.abs_diff(b) == k,
            Relation::NotDifference(k) => a.abs_diff(b) != k,
            Relation::NotConsecutive => a.abs_diff(b) != 1,
            Relation::DifferenceAtLeast(k) => a.abs_diff(b) >= k,
            Relation::DifferenceAtMost(k) => a.abs_diff(b) <= k,
            Relation::Ratio(k) => x == u16::from(k) * y || y == u16::from(k) * x,
            Relation::NotRatio(k) => !(x == u16::from(k) * y || y == u16::from(k) * x),
            Relation::Sum(k) => x + y == u16::from(k),
            Relation::NotSum(k) => x + y != u16::from(k),
            Relation::Product(k) => x * y == k,
            Relation::NotProduct(k) => x * y != k,
            Relation::ParityDiffers => (a ^ b) & 1 == 1,
        }
    }

    /// True if the relation is symmetric (the same read from either cell).
    pub fn symmetric(self) -> bool {
        !matches!(self, Relation::Less | Relation::LessEqual)
    }

    /// Its name in the sudoku-puzzle format's pair operators.
    pub fn name(self) -> &'static str {
        match self {
            Relation::Different => "different",
            Relation::Equal => "equal",
            Relation::Less => "less",
            Relation::LessEqual => "less_equal",
            Relation::Difference(_) => "difference",
            Relation::NotDifference(_) => "not_difference",
            Relation::NotConsecutive => "not_consecutive",
            Relation::DifferenceAtLeast(_) => "difference_at_least",
            Relation::DifferenceAtMost(_) => "difference_at_most",
            Relation::Ratio(_) => "ratio",
            Relation::NotRatio(_) => "not_ratio",
            Relation::Sum(_) => "sum",
            Relation::NotSum(_) => "not_sum",
            Relation::Product(_) => "product",
            Relation::NotProduct(_) => "not_product",
            Relation::ParityDiffers => "parity_differs",
        }
    }

    /// Its parameter in the sudoku-puzzle format (`params: [k]`), if it has one.
    pub fn param(self) -> Option<u16> {
        match self {
            Relation::Difference(k)
            | Relation::NotDifference(k)
            | Relation::DifferenceAtLeast(k)
            | Relation::DifferenceAtMost(k)
            | Relation::Ratio(k)
            | Relation::NotRatio(k)
            | Relation::Sum(k)
            | Relation::NotSum(k) => Some(u16::from(k)),
            Relation::Product(k) | Relation::NotProduct(k) => Some(k),
            _ => None,
        }
    }

    /// The relation of a sudoku-puzzle pair operator and its parameter, if the engine
    /// has it.
    pub fn from_name(name: &str, param: Option<u16>) -> Option<Relation> {
        let k = param.and_then(|p| u8::try_from(p).ok());
        Some(match (name, param) {
            ("different", None) => Relation::Different,
            ("equal", None) => Relation::Equal,
            ("less", None) => Relation::Less,
            ("less_equal", None) => Relation::LessEqual,
            ("not_consecutive", None) => Relation::NotConsecutive,
            ("parity_differs", None) => Relation::ParityDiffers,
            ("difference", Some(_)) => Relation::Difference(k?),
            ("not_difference", Some(_)) => Relation::NotDifference(k?),
            ("difference_at_least", Some(_)) => Relation::DifferenceAtLeast(k?),
            ("difference_at_most", Some(_)) => Relation::DifferenceAtMost(k?),
            ("ratio", Some(_)) => Relation::Ratio(k?),
            ("not_ratio", Some(_)) => Relation::NotRatio(k?),
            ("sum", Some(_)) => Relation::Sum(k?),
            ("not_sum", Some(_)) => Relation::NotSum(k?),
            ("product", Some(p)) => Relation::Product(p),
            ("not_product", Some(p)) => Relation::NotProduct(p),
            _ => return None,
        })
    }

    pub(crate) fn check(self, size: usize, at: At) -> Result<(), ModelError> {
        let possible = (1..=size as u8).any(|a| (1..=size as u8).any(|b| self.holds(a, b)));
        if possible || size == 1 {
            Ok(())
        } else {
            Err(ModelError::unsatisfiable(
                at,
                format!("no two digits 1-{size} are {}", self.name()),
            ))
        }
    }

    /// The support tables: `(forward, back)`, indexed by digit − 1 (for the tests: the
    /// engine builds a pair's tables through [`Pair::allowing`]).
    #[cfg(test)]
    pub(crate) fn tables(self, size: usize) -> ([u32; 32], [u32; 32]) {
        tables(size, |a, b| self.holds(a, b))
    }
}

/// The support tables of the pairs of digits 1 to `size` that `allowed` accepts:
/// A relation on pairs as a sudoku-puzzle `relation` rule.
pub(crate) fn write_sudoku_puzzle(
    puzzle: &crate::puzzle::Puzzle,
    relation: Relation,
    pairs: &[[Cell; 2]],
) -> serde_json::Value {
    serde_json::json!({
        "type": "relation", "op": relation.name(),
        "params": relation.param().into_iter().collect::<Vec<_>>(),
        "pairs": pairs.iter().map(|p| super::names(puzzle, p)).collect::<Vec<_>>(),
    })
}

/// `(forward, back)`, indexed by digit − 1.
pub(crate) fn tables(size: usize, allowed: impl Fn(u8, u8) -> bool) -> ([u32; 32], [u32; 32]) {
    let mut forward = [0; 32];
    let mut back = [0; 32];
    for a in 1..=size as u8 {
        for b in 1..=size as u8 {
            if allowed(a, b) {
                forward[usize::from(a - 1)] |= 1 << (b - 1);
                back[usize::from(b - 1)] |= 1 << (a - 1);
            }
        }
    }
    (forward, back)
}

/// A relation on one pair of cells, compiled: its two support tables.
#[derive(Clone, Debug)]
pub(crate) struct Pair {
    a: u16,
    b: u16,
    forward: Box<[u32; 32]>,
    back: Box<[u32; 32]>,
}

impl Pair {
    pub(crate) fn new(size: usize, relation: Relation, pair: [Cell; 2]) -> Pair {
        Pair::allowing(size, pair, |a, b| relation.holds(a, b))
    }

    /// The pair whose digits `allowed` accepts (several relations at once, say).
    pub(crate) fn allowing(
        size: usize,
        [a, b]: [Cell; 2],
        allowed: impl Fn(u8, u8) -> bool,
    ) -> Pair {
        let (forward, back) = tables(size, allowed);
        Pair {
            a: a as u16,
            b: b as u16,
            forward: Box::new(forward),
            back: Box::new(back),
        }
    }

    pub(crate) fn watches(&self) -> Vec<Cell> {
        vec![usize::from(self.a), usize::from(self.b)]
    }

    /// Keeps each cell's digits that some digit of the other allows.
    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        let (a, b) = (usize::from(self.a), usize::from(self.b));
        cells.restrict(b, support(&self.forward, cells.get(a)))?;
        cells.restrict(a, support(&self.back, cells.get(b)))
    }
}

/// The digits a cell with candidates `mask` allows its partner, by a support table.
#[inline(always)]
pub(crate) fn support(table: &[u32; 32], mut mask: u32) -> u32 {
    let mut out = 0;
    while mask != 0 {
        out |= table[mask.trailing_zeros() as usize & 31];
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn support_is_the_union_of_what_each_digit_allows() {
        let (fwd, back) = Relation::NotConsecutive.tables(9);
        let (less, more) = Relation::Less.tables(4);
        assert_eq!((less[0], more[3]), (0b1110, 0b0111));
        // 5 forbids 4 and 6; {3, 5} forbids only 4.
        assert_eq!(support(&fwd, 1 << 4), 0x1FF & !(1 << 3) & !(1 << 5));
        assert_eq!(support(&fwd, (1 << 2) | (1 << 4)), 0x1FF & !(1 << 3));
        assert_eq!(fwd, back);
        assert_eq!(support(&fwd, 0), 0);
    }
}
