//! Fish: when a digit's places in n lines (the base) lie in n crossing lines (the
//! cover) between them, the digit leaves the rest of the cover lines. X-wing (n = 2),
//! swordfish (3), jellyfish (4).

use super::ladder::Found;
use super::marks::Marks;
use super::step::{Step, Technique};
use super::units::{bits, combinations, COLUMNS, ROWS};
use bitdoku_core::UNIT_SQUARES;
use core::ops::ControlFlow;

/// X-wings.
pub(crate) fn x_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    fish(marks, 2, found)
}

/// Swordfish.
pub(crate) fn swordfish(marks: &Marks, found: Found) -> ControlFlow<()> {
    fish(marks, 3, found)
}

/// Jellyfish.
pub(crate) fn jellyfish(marks: &Marks, found: Found) -> ControlFlow<()> {
    fish(marks, 4, found)
}

/// Fish of size `n`: columns as the base first, then rows; the base lines in
/// increasing combinations, and the digits within each combination. A digit needs at
/// least `2n` unsolved places.
fn fish(marks: &Marks, n: u32, found: Found) -> ControlFlow<()> {
    let (technique, difficulty) = match n {
        2 => (Technique::XWing, 32),
        3 => (Technique::Swordfish, 38),
        _ => (Technique::Jellyfish, 52),
    };
    let placed: [u32; 9] = core::array::from_fn(|d| marks.placed(d).count_ones());
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        // Each digit's places in each base line (the indices of the cover lines), and
        // the base lines where it has two places or more.
        let mut positions = [[0u16; 9]; 9];
        let mut lines_of = [0u16; 9];
        for (d, &placed) in placed.iter().enumerate() {
            if placed + 2 * n > 9 {
                continue;
            }
            for (i, p) in positions[d].iter_mut().enumerate() {
                *p = marks.positions(base.start + i, d);
                lines_of[d] |= u16::from(p.count_ones() >= 2) << i;
            }
        }
        for lines in combinations(n) {
            for d in 0..9 {
                if lines & !lines_of[d] != 0 {
                    continue;
                }
                let union = bits(lines).fold(0u16, |m, i| m | positions[d][i]);
                if union.count_ones() != n {
                    continue;
                }
                let base_squares = bits(lines).fold(0, |m, i| m | UNIT_SQUARES[base.start + i]);
                let cover_squares = bits(union).fold(0, |m, i| m | UNIT_SQUARES[cover.start + i]);
                let removes = marks.places(d) & cover_squares & !base_squares;
                if removes == 0 {
                    continue;
                }
                let mut step = Step::new(technique, difficulty);
                let corners = marks.places(d) & cover_squares & base_squares;
                step.cells = corners;
                step.marks[d] = corners;
                step.removes[d] = removes;
                step.units = bits(lines).fold(0, |m, i| m | 1 << (base.start + i))
                    | bits(union).fold(0, |m, i| m | 1 << (cover.start + i));
                step.digits = 1 << d;
                found.step(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;
    use bitdoku_core::{Board, Candidates, Puzzle};

    #[test]
    fn an_x_wing_on_two_rows_clears_two_columns() {
        // Digit 1 in rows B and F only in columns 2 and 7.
        let mut board = Board::FULL;
        for row in [1, 5] {
            for c in 0..9 {
                if c != 1 && c != 6 {
                    board.0[row * 9 + c] = Candidates::from_bits(0x1FE);
                }
            }
        }
        let m = Marks::new(&Puzzle::Candidates(board)).unwrap();
        let step = first(x_wings, &m).unwrap();
        assert_eq!(step.technique, Technique::XWing);
        let expected = (UNIT_SQUARES[10] | UNIT_SQUARES[15]) & !(UNIT_SQUARES[1] | UNIT_SQUARES[5]);
        assert_eq!(step.removes[0], expected);
        assert_eq!(step.cells.count_ones(), 4);
        assert!(first(swordfish, &m).is_none() || first(swordfish, &m).unwrap().removes[0] != 0);
    }

    /// Digit 1 in the given rows only in the given columns; everything else open.
    fn fish(rows: &[usize], columns: &[usize]) -> Marks {
        let mut board = Board::FULL;
        for &row in rows {
            for c in (0..9).filter(|c| !columns.contains(c)) {
                board.0[row * 9 + c] = Candidates::from_bits(0x1FE);
            }
        }
        Marks::new(&Puzzle::Candidates(board)).unwrap()
    }

    /// The squares of `columns` outside `rows`.
    fn cleared(rows: &[usize], columns: &[usize]) -> u128 {
        let columns = columns.iter().fold(0, |a, &c| a | UNIT_SQUARES[9 + c]);
        let rows = rows.iter().fold(0, |a, &r| a | UNIT_SQUARES[r]);
        columns & !rows
    }

    #[test]
    fn a_swordfish_on_three_rows_clears_three_columns() {
        let (rows, columns) = ([1, 4, 7], [1, 4, 7]);
        let m = fish(&rows, &columns);
        assert!(
            first(x_wings, &m).is_none(),
            "three places a row: no x-wing"
        );
        let step = first(swordfish, &m).unwrap();
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.removes[0], cleared(&rows, &columns));
        assert_eq!(step.removes[1..], [0; 8]);
        assert_eq!(step.cells.count_ones(), 9);
        // One row with a fourth place: no swordfish (nor a jellyfish: three rows).
        let m = fish(&rows, &[1, 4, 7]);
        let mut board = m.board();
        board.0[7 * 9 + 8] = Candidates::from_bits(0x1FF);
        let m = Marks::new(&Puzzle::Candidates(board)).unwrap();
        assert!(first(swordfish, &m).is_none());
        assert!(first(jellyfish, &m).is_none());
    }

    #[test]
    fn a_jellyfish_on_four_rows_clears_four_columns() {
        let (rows, columns) = ([0, 2, 4, 6], [0, 2, 4, 6]);
        let m = fish(&rows, &columns);
        assert!(first(x_wings, &m).is_none());
        assert!(
            first(swordfish, &m).is_none(),
            "four places a row: no swordfish"
        );
        let step = first(jellyfish, &m).unwrap();
        assert_eq!(step.technique, Technique::Jellyfish);
        assert_eq!(step.removes[0], cleared(&rows, &columns));
        assert_eq!(step.cells.count_ones(), 16);
    }
}
