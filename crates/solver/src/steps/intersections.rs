//! Intersections: where a box and a line cross, a digit confined to the crossing in
//! one of them leaves the rest of the other. Pointing: confined within the box, it
//! leaves the line. Claiming: confined within the line, it leaves the box. The direct
//! forms are the same patterns counted only when the removal leaves a hidden single,
//! which they place.

use super::ladder::Found;
use super::marks::Marks;
use super::step::{Step, Technique};
use super::units::{crosses, is_box, BOXES, COLUMNS, ROWS};
use bitdoku_core::UNIT_SQUARES;
use core::ops::{ControlFlow, Range};

/// The (confining, removing) unit kinds in Sudoku Explainer's order: box and column,
/// box and row, column and box, row and box.
const PAIRS: [(Range<usize>, Range<usize>); 4] = [
    (BOXES, COLUMNS),
    (BOXES, ROWS),
    (COLUMNS, BOXES),
    (ROWS, BOXES),
];

/// Pointing and claiming.
pub(crate) fn locked(marks: &Marks, found: Found) -> ControlFlow<()> {
    each_intersection(marks, &mut |confined, other, d| {
        let removes = marks.places(d) & UNIT_SQUARES[other] & !UNIT_SQUARES[confined];
        if removes == 0 {
            return ControlFlow::Continue(());
        }
        let (technique, difficulty) = if is_box(confined) {
            (Technique::Pointing, 26)
        } else {
            (Technique::Claiming, 28)
        };
        let mut step = pattern(marks, technique, difficulty, confined, other, d);
        step.removes[d] = removes;
        found.step(step)
    })
}

/// Direct pointing and direct claiming: the intersection leaves a digit one place in
/// another unit of the confining kind that crosses the other unit.
pub(crate) fn direct(marks: &Marks, found: Found) -> ControlFlow<()> {
    each_intersection(marks, &mut |confined, other, d| {
        let kind = if is_box(confined) {
            BOXES
        } else if confined < 9 {
            ROWS
        } else {
            COLUMNS
        };
        for third in kind {
            if third == confined || !crosses(third, other) {
                continue;
            }
            let places = marks.places(d) & UNIT_SQUARES[third];
            let left = places & !UNIT_SQUARES[other];
            if places.count_ones() > 1 && left.count_ones() == 1 {
                let (technique, difficulty) = if is_box(confined) {
                    (Technique::DirectPointing, 17)
                } else {
                    (Technique::DirectClaiming, 19)
                };
                let s = left.trailing_zeros() as usize;
                let mut step = pattern(marks, technique, difficulty, confined, other, d);
                step = step.placing(s, d);
                step.cells |= left;
                step.units |= 1 << third;
                found.step(step)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// Calls `f(confined, other, d)` for every digit `d` whose places (at least two) in
/// unit `confined` all lie in the crossing unit `other`, in Sudoku Explainer's order:
/// kinds as [`PAIRS`], then digits, then the confining unit, then the other.
fn each_intersection(
    marks: &Marks,
    f: &mut dyn FnMut(usize, usize, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (kind1, kind2) in PAIRS {
        for d in 0..9 {
            for confined in kind1.clone() {
                let places = marks.places(d) & UNIT_SQUARES[confined];
                if places.count_ones() < 2 {
                    continue;
                }
                for other in kind2.clone() {
                    if crosses(confined, other) && places & !UNIT_SQUARES[other] == 0 {
                        f(confined, other, d)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step's pattern: the digit's places in the crossing.
fn pattern(
    marks: &Marks,
    technique: Technique,
    difficulty: u16,
    confined: usize,
    other: usize,
    d: usize,
) -> Step {
    let mut step = Step::new(technique, difficulty);
    let crossing = marks.places(d) & UNIT_SQUARES[confined] & UNIT_SQUARES[other];
    step.cells = crossing;
    step.marks[d] = crossing;
    step.units = 1 << confined | 1 << other;
    step.digits = 1 << d;
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;
    use bitdoku_core::{Board, Candidates, Puzzle};

    /// The empty grid with digit 1 left only in the given squares of box 1 and
    /// wherever else `keep` says.
    fn with_ones(keep: impl Fn(usize) -> bool) -> Marks {
        let mut board = Board::FULL;
        for s in 0..81 {
            if !keep(s) {
                board.0[s] = Candidates::from_bits(0x1FE);
            }
        }
        Marks::new(&Puzzle::Candidates(board)).unwrap()
    }

    #[test]
    fn pointing_removes_from_the_line_and_claiming_from_the_box() {
        // In box 1, 1 lies only in A1, A2: it leaves the rest of row A.
        let in_box1 = |s: usize| UNIT_SQUARES[18] >> s & 1 == 1;
        let m = with_ones(|s| !in_box1(s) || s < 2);
        let step = first(locked, &m).unwrap();
        assert_eq!(step.technique, Technique::Pointing);
        assert_eq!(step.removes[0], 0b1_1111_1000);
        // In row A, 1 lies only in A1..A3: it leaves the rest of box 1.
        let m = with_ones(|s| !(3..9).contains(&s));
        let step = first(locked, &m).unwrap();
        assert_eq!(
            (step.technique, step.difficulty.0),
            (Technique::Claiming, 28)
        );
        assert_eq!(step.removes[0], UNIT_SQUARES[18] & !0b111);
    }

    #[test]
    fn nothing_to_remove_is_no_step() {
        let m = Marks::new(&Puzzle::Candidates(Board::FULL)).unwrap();
        assert!(first(locked, &m).is_none());
        assert!(first(direct, &m).is_none());
    }
}
