//! Bivalue universal grave (BUG): a grid where every unsolved square has two
//! candidates and every digit two places in each unit it is missing from has at least
//! two solutions. So when taking a few "BUG digits" out of a few "BUG squares" would
//! leave such a grid, one of those digits is true:
//!
//! - type 1 (5.6): one BUG square: it holds one of its BUG digits and loses the others;
//! - type 2 (5.7): one BUG digit: the squares that see every BUG square lose it;
//! - type 3 (5.7 + 0.1 (n - 1)): the BUG digits, taken as one square, make a naked set
//!   of n digits with n - 1 squares of a unit shared by the BUG squares; the rest of
//!   that unit loses the set's digits;
//! - type 4 (5.7): two BUG squares in one unit with one other common digit: that digit
//!   is in one of them, so each keeps only it and its BUG digits.
//!
//! Sudoku Explainer finds the BUG squares unit by unit (boxes, rows, columns; digits in
//! order): a digit with neither zero nor two places in a unit has a BUG square there
//! when exactly one of its places has three candidates or more. It gives type 1, or
//! types 2 then 4, or types 4 then 3. Its default settings (`islkSudokuBUG`) change two
//! things: when only one digit breaks the rule, every square of three candidates or
//! more among the places where it breaks it is a BUG square (even one never alone in
//! such a unit); and type 3 sets are searched by size first, then in the box, row and
//! column the BUG squares share.

use super::ladder::Found;
use super::marks::{squares, Marks};
use super::step::{Step, Technique};
use super::units::{bits, combinations};
use bitdoku_core::{PEER_BITS, UNIT_SQUARES};
use core::ops::ControlFlow;

/// BUG types 1 to 4, in Sudoku Explainer's order.
pub(crate) fn bug(marks: &Marks, found: Found) -> ControlFlow<()> {
    let Some(grave) = Grave::find(marks) else {
        return ControlFlow::Continue(());
    };
    let count = grave.count;
    if count == 1 {
        let s = usize::from(grave.order[0]);
        let mut step = grave.step(marks, Technique::Bug1, 56);
        for d in bits(marks.candidates(s) & !grave.digits) {
            step.removes[d] = 1 << s;
        }
        return found.step(step);
    }
    let common = grave.common.unwrap_or(0);
    if grave.digits.count_ones() == 1 {
        let d = grave.digits.trailing_zeros() as usize;
        let removes = marks.places(d) & common;
        if removes != 0 {
            let mut step = grave.step(marks, Technique::Bug2, 57);
            step.removes[d] = removes;
            found.step(step)?;
        }
        if count == 2 {
            grave.type4(marks, found)?;
        }
    } else if common != 0 {
        if count == 2 {
            grave.type4(marks, found)?;
        }
        grave.type3(marks, common, found)?;
    }
    ControlFlow::Continue(())
}

/// The BUG squares, in the order found, and their BUG digits.
struct Grave {
    order: [u8; 81],
    count: usize,
    cells: u128,
    /// The BUG digits of each square.
    values: [u16; 81],
    /// All BUG digits.
    digits: u16,
    /// The squares that see every BUG square (none yet found: `None`).
    common: Option<u128>,
}

/// The unit of kind `kind` (0 box, 1 row, 2 column) holding square `s`.
#[inline]
fn unit_of(kind: usize, s: usize) -> usize {
    match kind {
        0 => 18 + s / 27 * 3 + s % 9 / 3,
        1 => s / 9,
        _ => 9 + s % 9,
    }
}

impl Grave {
    /// The BUG squares and digits, if taking the digits out of the squares leaves a
    /// bivalue universal grave.
    fn find(marks: &Marks) -> Option<Grave> {
        let mut grave = Grave {
            order: [0; 81],
            count: 0,
            cells: 0,
            values: [0; 81],
            digits: 0,
            common: None,
        };
        let mut left: [u128; 9] = core::array::from_fn(|d| marks.places(d));
        let many = squares(marks.unsolved())
            .filter(|&s| marks.candidates(s).count_ones() >= 3)
            .fold(0u128, |m, s| m | 1 << s);
        // Every square of three candidates or more where a digit broke the rule, while
        // only one digit did.
        let mut breakers: Option<(usize, u128)> = None;
        let mut one_digit = true;
        for first in [18, 0, 9] {
            for &unit in &UNIT_SQUARES[first..first + 9] {
                for (d, left) in left.iter_mut().enumerate() {
                    let places = marks.places(d) & unit;
                    if matches!(places.count_ones(), 0 | 2) {
                        continue;
                    }
                    let new = places & many;
                    match &mut breakers {
                        None => breakers = Some((d, new)),
                        Some((only, cells)) if one_digit => {
                            if *only == d {
                                *cells |= new;
                            } else {
                                one_digit = false;
                            }
                        }
                        _ => {}
                    }
                    if new.count_ones() == 1 {
                        let s = new.trailing_zeros() as usize;
                        if grave.cells >> s & 1 == 0 {
                            grave.add(s);
                        }
                        grave.values[s] |= 1 << d;
                        grave.digits |= 1 << d;
                        *left &= !(1 << s);
                        if grave.dead_end(s) {
                            return None;
                        }
                    }
                    if new == 0 {
                        // Too many places and none in a square with more than two.
                        return None;
                    }
                }
            }
        }
        if let (true, Some((d, cells))) = (one_digit, breakers) {
            if cells.count_ones() as usize > grave.count {
                for s in squares(cells & !grave.cells) {
                    grave.add(s);
                    grave.values[s] = 1 << d;
                    left[d] &= !(1 << s);
                    if grave.dead_end(s) {
                        return None;
                    }
                }
            }
        }
        // What is left must be a grave: two candidates in each square, two places for
        // each digit in each unit that has it.
        for s in squares(marks.unsolved()) {
            if left.iter().filter(|&&l| l >> s & 1 == 1).count() != 2 {
                return None;
            }
        }
        for unit in UNIT_SQUARES {
            if left
                .iter()
                .any(|&l| !matches!((l & unit).count_ones(), 0 | 2))
            {
                return None;
            }
        }
        Some(grave)
    }

    /// Adds BUG square `s`.
    fn add(&mut self, s: usize) {
        self.order[self.count] = s as u8;
        self.count += 1;
        self.cells |= 1 << s;
    }

    /// Narrows the squares that see every BUG square to those of `s` too; true when
    /// none is left while two BUG squares and two digits rule out types 1 to 3 (Sudoku
    /// Explainer then gives up).
    fn dead_end(&mut self, s: usize) -> bool {
        let common = self.common.unwrap_or(!0) & PEER_BITS[s] & !self.cells;
        self.common = Some(common);
        self.count > 1 && self.digits.count_ones() > 1 && common == 0
    }

    /// A step of `technique` showing the BUG squares and digits.
    fn step(&self, marks: &Marks, technique: Technique, tenths: u16) -> Step {
        let mut step = Step::new(technique, tenths);
        step.cells = self.cells;
        for &s in &self.order[..self.count] {
            let s = usize::from(s);
            for d in bits(self.values[s] & marks.candidates(s)) {
                step.marks[d] |= 1 << s;
            }
        }
        step.digits = self.digits;
        step
    }

    /// Type 4, for two BUG squares: one other digit common to both, and a unit they
    /// share (a step for each, box, row, column).
    fn type4(&self, marks: &Marks, found: Found) -> ControlFlow<()> {
        let (c1, c2) = (usize::from(self.order[0]), usize::from(self.order[1]));
        let common = marks.candidates(c1) & marks.candidates(c2) & !self.digits;
        if common.count_ones() != 1 {
            return ControlFlow::Continue(());
        }
        for kind in 0..3 {
            let u = unit_of(kind, c1);
            if u != unit_of(kind, c2) {
                continue;
            }
            let mut step = self.step(marks, Technique::Bug4, 57);
            for s in [c1, c2] {
                for d in bits(marks.candidates(s) & !self.values[s] & !common) {
                    step.removes[d] |= 1 << s;
                }
            }
            step.units = 1 << u;
            step.digits |= common;
            if step.removes != [0; 9] {
                found.step(step)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Type 3: naked sets of 2 to 6 digits made of the BUG digits and other squares
    /// that see every BUG square, in a unit all BUG squares share; by size, then box,
    /// row, column, then the other squares in increasing combinations.
    fn type3(&self, marks: &Marks, common: u128, found: Found) -> ControlFlow<()> {
        let first = usize::from(self.order[0]);
        for degree in 2..=6u32 {
            for kind in 0..3 {
                let u = unit_of(kind, first);
                if self.order[..self.count]
                    .iter()
                    .any(|&s| unit_of(kind, usize::from(s)) != u)
                {
                    continue;
                }
                // The unit's squares that see every BUG square (solved ones included,
                // as Sudoku Explainer counts them).
                let around = common & UNIT_SQUARES[u];
                let mut list = [0usize; 9];
                let mut n = 0;
                for s in squares(around) {
                    list[n] = s;
                    n += 1;
                }
                if n < degree as usize {
                    continue;
                }
                for pick in combinations(degree - 1).take_while(|&m| m >> n == 0) {
                    let mut union = 0u16;
                    let mut ok = self.digits.count_ones() >= 2;
                    let mut set = 0u128;
                    for i in bits(pick) {
                        let c = marks.candidates(list[i]);
                        union |= c;
                        ok &= c.count_ones() >= 2;
                        set |= 1 << list[i];
                    }
                    if union.count_ones() != degree || !ok || (union | self.digits) != union {
                        continue;
                    }
                    let rest = around & !set & !self.cells;
                    if rest == 0 {
                        continue;
                    }
                    let mut step = self.step(marks, Technique::Bug3, 57 + degree as u16 - 1);
                    for d in bits(union) {
                        step.removes[d] = marks.places(d) & rest;
                        step.marks[d] |= marks.places(d) & set;
                    }
                    if step.removes == [0; 9] {
                        continue;
                    }
                    step.cells |= set;
                    step.units = 1 << u;
                    step.digits |= union;
                    found.step(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;

    /// A position (its candidates, 9 characters a square).
    fn position(pm: &str) -> Marks {
        Marks::new(&pm.parse().unwrap()).unwrap()
    }

    /// Every step, in order.
    fn all(marks: &Marks) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = bug(marks, &mut |step| {
            steps.push(step);
            ControlFlow::Continue(())
        });
        steps
    }

    #[test]
    fn type_1_keeps_the_bug_digit() {
        // From Sudoku Explainer's path: G1 (3, 4, 7) is the one square with three
        // candidates; 4 has three places in its units.
        let mut m = position(BUG1);
        let step = first(bug, &m).unwrap();
        assert_eq!(
            step.to_string(),
            "BUG type 1 (5.6): remove 3 from G1; 7 from G1"
        );
        // Without the 4, the grid is a grave (two solutions): no step.
        m.eliminate(54, 3);
        assert!(first(bug, &m).is_none());
    }

    #[test]
    fn type_2_with_bug_squares_found_only_together() {
        // B5 (2, 5, 7), H5 (3, 5, 8) and H6 (2, 5, 8) all add 5. H5 and H6 are never
        // the only square of three candidates among the places of 5 in a unit (they
        // share row H and box 8, and column 5 holds B5); with its default
        // (islkSudokuBUG) Sudoku Explainer still counts them, as 5 is the only digit
        // that breaks the rule. I5 sees all three.
        let m = position(BUG2);
        let steps = all(&m);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].to_string(), "BUG type 2 (5.7): remove 5 from I5");
    }

    #[test]
    fn type_3_naked_set_with_the_bug_digits() {
        let m = position(BUG3);
        let step = first(bug, &m).unwrap();
        assert_eq!(step.to_string(), "BUG type 3 (5.8): remove 5 from I5");
        assert_eq!(step.technique, Technique::Bug3);
    }

    #[test]
    fn type_4_keeps_the_common_digit_and_the_bug_digits() {
        let m = position(BUG4);
        let step = first(bug, &m).unwrap();
        assert_eq!(
            step.to_string(),
            "BUG type 4 (5.7): remove 4 from G6; 6 from G1"
        );
    }

    const BUG1: &str = concat!(
        "......78......6.........78...3.......2.......1................9...4.........5...",
        "....4....9....5.......4....9.....6.........7.........8...3......1.........2.....",
        "...2.......1..........3..............9...4.........5..........7.......6.8......6",
        ".8...3.....9..3.....9.2...........5...........8......6...1..............7.....4.",
        ".......4...8....4...8......6.........7..1................9....5.....2.........3.",
        ".........5..........7..1.........2.........3.........4............8......6..9...",
        "..6..9..34..7....34........4..7.........8.........9.2............6.......5....1.",
        ".......1...............89....5.......4..........6.....3.......2..............89.",
        ".....7.......6....2..............891............5..........7.....4.......3......",
        ".......89",
    );
    const BUG2: &str = concat!(
        "......7......5.......4............8.........9..3...........6....2.......1.......",
        "......6...1................9...4......2..5.7...2..5........5.7.........8...3....",
        ".........8..2.........3...........6.......5.7..1...........4...........7.9....5.",
        "..9...4............8.....5.....2............6...........9..3......1.............",
        ".7..1..............7...2.........3.5......3....8.....5..8.........9.....6......4",
        ".......3..............9.....6...1...........4...........7.........8.....5.....2.",
        "..........5.......4...........7..........91.............6....2.........3........",
        ".....8..2......9.....6...1..........3...7....3.5..8..2..5..8.....5.7.....4......",
        "...5...9.2......9..3.............8.....5.7...2..5.......4.....1..............7.9",
        ".....6...",
    );
    const BUG3: &str = concat!(
        "......7......5.......4............8.........9..3...........6....2.......1.......",
        "......6...1................9...4......2..5.7...2..5........5.7.........8...3....",
        ".........8..2.........3...........6.......5.7..1...........4...........7.9....5.",
        "..9...4............8.....5.....2............6...........9..3......1.............",
        ".7..1..............7...2.........3.5......3....8.....5..8.........9.....6......4",
        ".......3..............9.....6...1...........4...........7.........8.....5.....2.",
        "..........5.......4...........7..........91.............6....2.........3........",
        ".....8..2......9.....6...1..........3...7....3...78..2.....8.....5.7.....4......",
        "...5...9.2......9..3.............8.....5.7...2..5.......4.....1..............7.9",
        ".....6...",
    );
    const BUG4: &str = concat!(
        "........9.2...6...12..........4...........7.........8...3..........5....1....6..",
        ".1..4........4...8.......7......5.........6.....3.......2...............91......",
        "8......6.8...3..........5.....2...............91...........4..........67........",
        "78..2.............78.........91.....7......5.......4.6...1......8....4.6.....3..",
        "......3..........5.7.......6..........8.1..4......2.......1...5.......4..7......",
        "....9....5..8.1...........4.............9..3...........67......5..8..2..........",
        "..67..1...56...........9..3......1.....7..1..4........45.7.......67.........8..2",
        ".............7......56..........8...3.......2...........5...9.....6..91.........",
        "..4.....1..4......2.4.....12............6..........8.......7.9......7.9..3......",
        "....5....",
    );
}
