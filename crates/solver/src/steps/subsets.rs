//! Subsets: naked (n squares of a unit hold only n digits between them, which leave
//! the unit's other squares) and hidden (n digits of a unit fit only in n squares,
//! which lose their other candidates), for n = 2, 3, 4. The direct hidden pair and
//! triplet are hidden subsets counted only when their removals leave a hidden single
//! in the unit, which they place.

use super::ladder::Found;
use super::marks::Marks;
use super::step::{Step, Technique};
use super::units::{bits, boxes_columns_rows};
use bitdoku_core::UNITS;
use core::ops::ControlFlow;

/// Naked pairs.
pub(crate) fn naked_pairs(marks: &Marks, found: Found) -> ControlFlow<()> {
    naked(marks, 2, found)
}

/// Naked triplets.
pub(crate) fn naked_triplets(marks: &Marks, found: Found) -> ControlFlow<()> {
    naked(marks, 3, found)
}

/// Naked quads.
pub(crate) fn naked_quads(marks: &Marks, found: Found) -> ControlFlow<()> {
    naked(marks, 4, found)
}

/// Hidden pairs.
pub(crate) fn hidden_pairs(marks: &Marks, found: Found) -> ControlFlow<()> {
    hidden(marks, 2, false, found)
}

/// Hidden triplets.
pub(crate) fn hidden_triplets(marks: &Marks, found: Found) -> ControlFlow<()> {
    hidden(marks, 3, false, found)
}

/// Hidden quads.
pub(crate) fn hidden_quads(marks: &Marks, found: Found) -> ControlFlow<()> {
    hidden(marks, 4, false, found)
}

/// Direct hidden pairs.
pub(crate) fn direct_hidden_pairs(marks: &Marks, found: Found) -> ControlFlow<()> {
    hidden(marks, 2, true, found)
}

/// Direct hidden triplets.
pub(crate) fn direct_hidden_triplets(marks: &Marks, found: Found) -> ControlFlow<()> {
    hidden(marks, 3, true, found)
}

/// Calls `f` with each set of `n` indices (`pick`) whose `sets` have at least two
/// members each and exactly `n` between them (Sudoku Explainer's common tuple), with
/// that union, in increasing order of `pick` (as
/// [`combinations`](super::units::combinations) gives them): the
/// highest index slowest. A partial pick whose union has more than `n` members is
/// not extended.
#[inline]
fn tuples(
    sets: &[u16; 9],
    n: u32,
    f: &mut impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let wide = (0..9).fold(0u16, |m, i| m | u16::from(sets[i].count_ones() >= 2) << i);
    extend(sets, wide, n, n, 9, 0, 0, f)
}

/// [`tuples`]: `left` more indices below `below`, ascending, to add to `pick`.
#[allow(clippy::too_many_arguments)]
fn extend(
    sets: &[u16; 9],
    wide: u16,
    n: u32,
    left: u32,
    below: usize,
    pick: u16,
    union: u16,
    f: &mut impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if left == 0 {
        return if union.count_ones() == n {
            f(pick, union)
        } else {
            ControlFlow::Continue(())
        };
    }
    for i in left as usize - 1..below {
        if wide >> i & 1 == 0 {
            continue;
        }
        let grown = union | sets[i];
        if grown.count_ones() > n {
            continue;
        }
        extend(sets, wide, n, left - 1, i, pick | 1 << i, grown, f)?;
    }
    ControlFlow::Continue(())
}

/// Naked subsets of `n` squares: units as boxes, columns, rows, and the squares of a
/// unit in increasing combinations; a unit needs at least `2n` empty squares.
fn naked(marks: &Marks, n: u32, found: Found) -> ControlFlow<()> {
    let (technique, difficulty) = match n {
        2 => (Technique::NakedPair, 30),
        3 => (Technique::NakedTriplet, 36),
        _ => (Technique::NakedQuad, 50),
    };
    for u in boxes_columns_rows() {
        if marks.open_in(u) < 2 * n {
            continue;
        }
        let cells: [u16; 9] = core::array::from_fn(|i| marks.candidates(UNITS[u][i].index()));
        tuples(&cells, n, &mut |places, digits| {
            // The digits must be somewhere else in the unit.
            if (0..9).all(|i| places >> i & 1 == 1 || cells[i] & digits == 0) {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(technique, difficulty);
            for (i, sq) in UNITS[u].iter().enumerate() {
                let s = sq.index();
                let inside = places >> i & 1 == 1;
                for d in bits(digits & cells[i]) {
                    if inside {
                        step.marks[d] |= 1 << s;
                    } else {
                        step.removes[d] |= 1 << s;
                    }
                }
                if inside {
                    step.cells |= 1 << s;
                }
            }
            if step.removes == [0; 9] {
                return ControlFlow::Continue(());
            }
            step.units = 1 << u;
            step.digits = digits;
            found.step(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// Hidden subsets of `n` digits: units as boxes, columns, rows, and digits in
/// increasing combinations. A unit needs more than `2n` empty squares (with fewer, the
/// naked subset of the other squares is the same and simpler), or more than `n` for
/// the direct forms.
fn hidden(marks: &Marks, n: u32, direct: bool, found: Found) -> ControlFlow<()> {
    let (technique, difficulty) = match (n, direct) {
        (2, true) => (Technique::DirectHiddenPair, 20),
        (_, true) => (Technique::DirectHiddenTriplet, 25),
        (2, false) => (Technique::HiddenPair, 34),
        (3, false) => (Technique::HiddenTriplet, 40),
        _ => (Technique::HiddenQuad, 54),
    };
    for u in boxes_columns_rows() {
        let open = marks.open_in(u);
        if !(open > 2 * n || (direct && open > n)) {
            continue;
        }
        let positions: [u16; 9] = core::array::from_fn(|d| marks.positions(u, d));
        tuples(&positions, n, &mut |digits, places| {
            // The squares must have other candidates (not direct).
            if !direct && bits(places).all(|i| marks.candidates(UNITS[u][i].index()) & !digits == 0)
            {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(technique, difficulty);
            for i in bits(places) {
                let s = UNITS[u][i].index();
                step.cells |= 1 << s;
                let c = marks.candidates(s);
                for d in bits(c & digits) {
                    step.marks[d] |= 1 << s;
                }
                for d in bits(c & !digits) {
                    step.removes[d] |= 1 << s;
                }
            }
            step.units = 1 << u;
            step.digits = digits;
            if direct {
                // The first other digit left with one place once the subset's squares
                // are taken.
                let single = (0..9).filter(|&d| digits >> d & 1 == 0).find_map(|d| {
                    let left = positions[d] & !places;
                    (positions[d].count_ones() > 1 && left.count_ones() == 1)
                        .then(|| (UNITS[u][left.trailing_zeros() as usize].index(), d))
                });
                let Some((s, d)) = single else {
                    return ControlFlow::Continue(());
                };
                // A direct step only places (its removals are shown, not applied).
                step.marks = step.removes;
                step.removes = [0; 9];
                step = step.placing(s, d);
                step.cells |= 1 << s;
                found.step(step)
            } else if step.removes != [0; 9] {
                found.step(step)
            } else {
                ControlFlow::Continue(())
            }
        })?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;
    use bitdoku_core::{Board, Candidates, Puzzle};

    #[test]
    fn tuples_are_the_common_tuples_of_combinations_in_order() {
        use crate::steps::units::combinations;
        let sets = [0b11, 0b101, 0b110, 0b1, 0x1F0, 0b11000, 0b11, 0x180, 0x1FF];
        for n in 2..=4 {
            let mut got = Vec::new();
            let _ = tuples(&sets, n, &mut |pick, union| {
                got.push((pick, union));
                ControlFlow::Continue(())
            });
            let expected: Vec<(u16, u16)> = combinations(n)
                .filter(|&pick| bits(pick).all(|i| sets[i].count_ones() >= 2))
                .map(|pick| (pick, bits(pick).fold(0, |m, i| m | sets[i])))
                .filter(|&(_, union)| union.count_ones() == n)
                .collect();
            assert!(!expected.is_empty() || n == 4, "{n}");
            assert_eq!(got, expected, "{n}");
        }
    }

    /// A board where row A's squares have the given candidates, every other square all.
    fn row_a(cells: [u16; 9]) -> Marks {
        let mut board = Board::FULL;
        for (i, c) in cells.into_iter().enumerate() {
            board.0[i] = Candidates::from_bits(c);
        }
        Marks::new(&Puzzle::Candidates(board)).unwrap()
    }

    #[test]
    fn a_naked_pair_removes_its_digits_from_the_unit() {
        let m = row_a([0b11, 0b11, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF]);
        let step = first(naked_pairs, &m).unwrap();
        assert_eq!(step.technique, Technique::NakedPair);
        // Box 1 comes first: A1, A2 are in box 1 too.
        assert_eq!(step.units, 1 << 18);
        assert_eq!(step.removes[0] & 0b111, 0b100);
        // A triple of three digits is not a pair.
        let m = row_a([
            0b111, 0b111, 0b111, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF,
        ]);
        assert!(first(naked_pairs, &m).is_none());
        assert_eq!(
            first(naked_triplets, &m).unwrap().technique,
            Technique::NakedTriplet
        );
    }

    #[test]
    fn a_hidden_pair_removes_the_other_candidates_of_its_squares() {
        // Digits 1 and 2 fit only in A1 and A2 of row A.
        let m = row_a([
            0x1FF, 0x1FF, 0x1FC, 0x1FC, 0x1FC, 0x1FC, 0x1FC, 0x1FC, 0x1FC,
        ]);
        let step = first(hidden_pairs, &m).unwrap();
        assert_eq!((step.technique, step.digits), (Technique::HiddenPair, 0b11));
        assert_eq!(step.cells, 0b11);
        for d in 2..9 {
            assert_eq!(step.removes[d], 0b11);
        }
        // Two digits in two squares are no hidden triplet.
        assert!(first(hidden_triplets, &m).is_none());
    }

    #[test]
    fn a_naked_quad_removes_its_four_digits_from_the_rest_of_the_row() {
        // A1..A4 hold 1-2, 2-3, 3-4, 1-4: no pair or triplet among them.
        let m = row_a([
            0b0011, 0b0110, 0b1100, 0b1001, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF,
        ]);
        assert!(first(naked_pairs, &m).is_none());
        assert!(first(naked_triplets, &m).is_none());
        let step = first(naked_quads, &m).unwrap();
        assert_eq!((step.technique, step.units), (Technique::NakedQuad, 1));
        for d in 0..4 {
            assert_eq!(step.removes[d], 0x1F0, "digit {}", d + 1);
        }
        assert_eq!(step.removes[4..], [0; 5]);
        // The naked pair's position has no quad.
        let m = row_a([0b11, 0b11, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1FF]);
        assert!(first(naked_quads, &m).is_none());
    }

    #[test]
    fn hidden_triplets_and_quads_clear_the_other_candidates_of_their_squares() {
        // Digits 1-3 fit only in A1..A3 of row A.
        let m = row_a([
            0x1FF, 0x1FF, 0x1FF, 0x1F8, 0x1F8, 0x1F8, 0x1F8, 0x1F8, 0x1F8,
        ]);
        assert!(first(hidden_pairs, &m).is_none());
        let step = first(hidden_triplets, &m).unwrap();
        assert_eq!(
            (step.technique, step.digits),
            (Technique::HiddenTriplet, 0b111)
        );
        assert_eq!(step.removes[..3], [0; 3]);
        for d in 3..9 {
            assert_eq!(step.removes[d], 0b111);
        }
        // Digits 1-4 only in A1..A4.
        let m = row_a([
            0x1FF, 0x1FF, 0x1FF, 0x1FF, 0x1F0, 0x1F0, 0x1F0, 0x1F0, 0x1F0,
        ]);
        assert!(first(hidden_triplets, &m).is_none());
        let step = first(hidden_quads, &m).unwrap();
        assert_eq!(
            (step.technique, step.digits),
            (Technique::HiddenQuad, 0b1111)
        );
        for d in 4..9 {
            assert_eq!(step.removes[d], 0b1111);
        }
    }
}
