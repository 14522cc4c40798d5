//! `Relation`: a rule between the digits of two cells, and its propagator.
//!
//! A relation is compiled into two support tables, one per direction: `forward[d]` is
//! the set of digits the second cell may hold when the first holds `d` (and `back` the
//! same from the second cell). Propagation keeps the pair arc-consistent: the second
//! cell keeps only the digits some candidate of the first allows, and back.
//!
//! `allowed` (a list of digit pairs) and `any_of` (a choice of operators) are read as
//! [`Relation::Allowed`], the set of the pairs they accept: the tables are the same.

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
    /// `a` and `b` in the same third: 1-3, 4-6, 7-9, and on in threes.
    SameThird,
    /// `a` and `b` in different thirds.
    DifferentThird,
    /// `a - b` divisible by 3.
    SameMod3,
    /// `a - b` not divisible by 3.
    DifferentMod3,
    /// `(a, b)` is one of a set of pairs (`allowed`, and `any_of` read as the pairs
    /// its operators accept).
    Allowed(DigitPairs),
}

/// A set of ordered pairs of digits 1 to 32.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DigitPairs([u32; 32]);

impl DigitPairs {
    /// The pairs `(a, b)` of digits 1 to `size` that `accept` accepts.
    pub fn accepted(size: usize, accept: impl Fn(u8, u8) -> bool) -> DigitPairs {
        let mut out = DigitPairs::default();
        for a in 1..=size.min(32) as u8 {
            for b in 1..=size.min(32) as u8 {
                if accept(a, b) {
                    out.0[usize::from(a - 1)] |= 1 << (b - 1);
                }
            }
        }
        out
    }

    /// True if `(a, b)` is in the set (never for a digit outside 1 to 32).
    pub fn contains(&self, a: u8, b: u8) -> bool {
        (1..=32).contains(&a)
            && (1..=32).contains(&b)
            && self.0[usize::from(a - 1)] >> (b - 1) & 1 != 0
    }

    /// The pairs, by first digit, then second.
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (1..=32u8).flat_map(move |a| {
            (1..=32u8)
                .filter(move |&b| self.contains(a, b))
                .map(move |b| (a, b))
        })
    }
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
            Relation::SameThird => third(a) == third(b),
            Relation::DifferentThird => third(a) != third(b),
            Relation::SameMod3 => a.abs_diff(b).is_multiple_of(3),
            Relation::DifferentMod3 => !a.abs_diff(b).is_multiple_of(3),
            Relation::Allowed(pairs) => pairs.contains(a, b),
        }
    }

    /// True if the relation is symmetric (the same read from either cell).
    pub fn symmetric(self) -> bool {
        match self {
            Relation::Less | Relation::LessEqual => false,
            Relation::Allowed(pairs) => pairs.iter().all(|(a, b)| pairs.contains(b, a)),
            _ => true,
        }
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
            Relation::SameThird => "same_third",
            Relation::DifferentThird => "different_third",
            Relation::SameMod3 => "same_mod3",
            Relation::DifferentMod3 => "different_mod3",
            Relation::Allowed(_) => "allowed",
        }
    }

    /// Its `op` and `params` in the sudoku-puzzle format (of a `relation` rule, and of
    /// a `neighbours` rule by operator): `params` is `[k]`, `[[[a, b], ...]]` for
    /// `allowed`, or `[]`.
    pub(crate) fn op_json(self) -> serde_json::Value {
        let params = match self {
            Relation::Allowed(pairs) => {
                serde_json::json!([pairs.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>()])
            }
            _ => serde_json::json!(self.param().into_iter().collect::<Vec<_>>()),
        };
        serde_json::json!({"op": self.name(), "params": params})
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
    /// has it (`allowed` and `any_of`, whose parameters are lists, are read by the
    /// format's reader).
    pub fn from_name(name: &str, param: Option<u16>) -> Option<Relation> {
        let k = param.and_then(|p| u8::try_from(p).ok());
        Some(match (name, param) {
            ("different", None) => Relation::Different,
            ("equal", None) => Relation::Equal,
            ("less", None) => Relation::Less,
            ("less_equal", None) => Relation::LessEqual,
            ("not_consecutive", None) => Relation::NotConsecutive,
            ("parity_differs", None) => Relation::ParityDiffers,
            ("same_third", None) => Relation::SameThird,
            ("different_third", None) => Relation::DifferentThird,
            ("same_mod3", None) => Relation::SameMod3,
            ("different_mod3", None) => Relation::DifferentMod3,
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

/// The third of the digits `d` is in: 0 for 1-3, 1 for 4-6, ...
fn third(d: u8) -> u8 {
    d.saturating_sub(1) / 3
}

/// A relation on pairs as a sudoku-puzzle `relation` rule.
pub(crate) fn write_sudoku_puzzle(
    puzzle: &crate::puzzle::Puzzle,
    relation: Relation,
    pairs: &[[Cell; 2]],
) -> serde_json::Value {
    let mut r = relation.op_json();
    r["type"] = "relation".into();
    r["pairs"] = serde_json::json!(pairs
        .iter()
        .map(|p| super::names(puzzle, p))
        .collect::<Vec<_>>());
    r
}

/// The support tables of the pairs of digits 1 to `size` that `allowed` accepts:
/// `(forward, back)`, indexed by digit − 1.
pub(crate) fn tables(size: usize, allowed: impl Fn(u8, u8) -> bool) -> ([u32; 32], [u32; 32]) {
    let forward = DigitPairs::accepted(size, allowed).0;
    let mut back = [0; 32];
    for (a, &row) in forward.iter().enumerate() {
        let mut bs = row;
        while bs != 0 {
            back[bs.trailing_zeros() as usize] |= 1 << a;
            bs &= bs - 1;
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
    use crate::rules::testing::{four_by_four, refusal, unsatisfiable};
    use crate::rules::Rule;
    use serde_json::json;

    /// The relation a sudoku-puzzle `relation` rule on a 4×4 reads as.
    fn read(op: &str, params: serde_json::Value) -> Relation {
        let d = four_by_four(json!([{"type": "relation", "op": op, "params": params,
                                     "pairs": [["r1c1", "r2c3"]]}]));
        let p = crate::format::sudoku_puzzle::read(&d).expect("read").puzzle;
        let [Rule::Relation { relation, pairs }] = p.rules() else {
            panic!("one relation");
        };
        assert_eq!(pairs, &[[0, 6]]);
        // Written and read again, the same rule.
        let back = crate::format::sudoku_puzzle::read(&crate::format::sudoku_puzzle::write(
            &p, None, None,
        ))
        .expect("read back")
        .puzzle;
        assert_eq!(back, p);
        *relation
    }

    /// The pairs of digits 1 to 9 that `r` accepts.
    fn accepted(r: Relation) -> Vec<(u8, u8)> {
        DigitPairs::accepted(9, |a, b| r.holds(a, b))
            .iter()
            .collect()
    }

    #[test]
    fn thirds_and_residues_mod_3() {
        assert!(Relation::SameThird.holds(4, 6) && !Relation::SameThird.holds(3, 4));
        assert!(Relation::DifferentThird.holds(3, 4) && !Relation::DifferentThird.holds(7, 9));
        assert!(Relation::SameMod3.holds(2, 8) && !Relation::SameMod3.holds(2, 7));
        assert!(Relation::DifferentMod3.holds(1, 5) && !Relation::DifferentMod3.holds(1, 7));
        // On 9×9: three digits in each third, each of their residues once.
        assert_eq!(accepted(Relation::SameThird).len(), 27);
        assert_eq!(accepted(Relation::SameMod3).len(), 27);
        for r in [
            Relation::SameThird,
            Relation::DifferentThird,
            Relation::SameMod3,
        ] {
            assert!(r.symmetric());
            assert_eq!(Relation::from_name(r.name(), None), Some(r));
        }
        assert_eq!(read("same_third", json!([])), Relation::SameThird);
        assert_eq!(read("different_mod3", json!([])), Relation::DifferentMod3);
    }

    #[test]
    fn allowed_pairs_are_read_written_and_directed() {
        let r = read("allowed", json!([[[1, 2], [2, 4], [3, 3]]]));
        let Relation::Allowed(pairs) = r else {
            panic!("{r:?}")
        };
        assert_eq!(pairs.iter().collect::<Vec<_>>(), [(1, 2), (2, 4), (3, 3)]);
        assert!(r.holds(2, 4) && !r.holds(4, 2) && !r.symmetric());
        let (forward, back) = tables(4, |a, b| r.holds(a, b));
        assert_eq!((forward[1], back[3]), (1 << 3, 1 << 1));
        // A digit off the board, a pair of three, a second parameter: refused.
        assert!(refusal(
            json!({"type": "relation", "op": "allowed", "params": [[[1, 5]]],
                               "pairs": [["r1c1", "r1c2"]]})
        )
        .contains("out of range"));
        assert!(refusal(
            json!({"type": "relation", "op": "allowed", "params": [[[1, 2, 3]]],
                               "pairs": [["r1c1", "r1c2"]]})
        )
        .contains("two digits"));
        assert!(refusal(
            json!({"type": "relation", "op": "allowed", "params": [[], []],
                               "pairs": [["r1c1", "r1c2"]]})
        )
        .contains("one parameter"));
        // No pairs at all: read, and no solution.
        assert!(
            unsatisfiable(json!({"type": "relation", "op": "allowed", "params": [[]],
                                     "pairs": [["r1c1", "r1c2"]]}))
            .contains("allowed")
        );
    }

    #[test]
    fn any_of_is_the_pairs_its_operators_accept() {
        // A dot that is white or black: consecutive or one twice the other.
        let r = read("any_of", json!([["difference", [1]], ["ratio", [2]]]));
        let either = |a, b| Relation::Difference(1).holds(a, b) || Relation::Ratio(2).holds(a, b);
        for a in 1..=4 {
            for b in 1..=4 {
                assert_eq!(r.holds(a, b), either(a, b), "{a} {b}");
            }
        }
        // Operators nest, and keep their direction.
        let r = read(
            "any_of",
            json!([["less", []], ["any_of", [["allowed", [[[4, 1]]]]]]]),
        );
        assert!(r.holds(1, 2) && r.holds(4, 1) && !r.holds(2, 1));
        assert!(refusal(
            json!({"type": "relation", "op": "any_of", "params": [["less"]],
                               "pairs": [["r1c1", "r1c2"]]})
        )
        .contains("[operator, params]"));
        assert!(refusal(
            json!({"type": "relation", "op": "any_of", "params": [["lesser", []]],
                               "pairs": [["r1c1", "r1c2"]]})
        )
        .contains("not supported yet"));
    }

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
