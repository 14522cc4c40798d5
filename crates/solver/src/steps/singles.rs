//! Singles: a unit's last empty square (full house), a digit with one place left in a
//! unit (hidden single), a square with one candidate left (naked single).

use super::ladder::Found;
use super::marks::Marks;
use super::step::{Step, Technique};
use super::units::{boxes_columns_rows, is_box};
use bitdoku_core::UNIT_SQUARES;
use core::ops::ControlFlow;

/// Full houses first (a unit with one empty square), then hidden singles; each pass
/// over boxes, columns, rows, and digits in increasing order within a unit.
pub(crate) fn hidden(marks: &Marks, found: Found) -> ControlFlow<()> {
    for alone in [true, false] {
        for u in boxes_columns_rows() {
            let open = marks.open_in(u);
            if (open == 1) != alone {
                continue;
            }
            for d in 0..9 {
                let places = marks.places(d) & UNIT_SQUARES[u];
                if places.count_ones() != 1 {
                    continue;
                }
                let s = places.trailing_zeros() as usize;
                let (technique, difficulty) = match (alone, is_box(u)) {
                    (true, _) => (Technique::FullHouse, 10),
                    (false, true) => (Technique::HiddenSingle, 12),
                    (false, false) => (Technique::HiddenSingle, 15),
                };
                let mut step = Step::new(technique, difficulty).placing(s, d);
                step.cells = places;
                step.marks[d] = places;
                step.units = 1 << u;
                step.digits = 1 << d;
                found.step(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked singles, in square order.
pub(crate) fn naked(marks: &Marks, found: Found) -> ControlFlow<()> {
    let mut open = marks.unsolved();
    while open != 0 {
        let s = open.trailing_zeros() as usize;
        open &= open - 1;
        let c = marks.candidates(s);
        if c != 0 && c & (c - 1) == 0 {
            let d = c.trailing_zeros() as usize;
            let mut step = Step::new(Technique::NakedSingle, 23).placing(s, d);
            step.cells = 1 << s;
            step.marks[d] = 1 << s;
            step.digits = 1 << d;
            found.step(step)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;
    use bitdoku_core::{Grid, Puzzle};

    fn marks(text: &str) -> Marks {
        Marks::new(&Puzzle::Givens(text.parse::<Grid>().unwrap())).unwrap()
    }

    #[test]
    fn a_full_house_comes_before_a_hidden_single() {
        // Row A lacks only A9 (a full house); hidden singles exist elsewhere too.
        let m = marks(
            "12345678.........................................................................",
        );
        let step = first(hidden, &m).unwrap();
        assert_eq!(
            (step.technique, step.difficulty.0),
            (Technique::FullHouse, 10)
        );
        assert_eq!(step.place, Some((8, 8)));
    }

    #[test]
    fn a_box_single_is_easier_than_a_line_single() {
        let easy = marks(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let step = first(hidden, &easy).unwrap();
        assert_eq!(step.technique, Technique::HiddenSingle);
        assert_eq!(step.difficulty.0, 12, "boxes are visited first: {step}");
        // Not a naked single where none is: the empty grid has none.
        let empty = Marks::new(&Puzzle::Givens(Grid::EMPTY)).unwrap();
        assert!(first(naked, &empty).is_none());
        assert!(first(hidden, &empty).is_none());
    }

    #[test]
    fn a_naked_single_is_found() {
        // A1 sees 2..9 in its row and column.
        let m = marks(
            ".23456789........................................................................",
        );
        let step = first(naked, &m).unwrap();
        assert_eq!(step.to_string(), "Naked Single (2.3): A1 = 1");
    }
}
