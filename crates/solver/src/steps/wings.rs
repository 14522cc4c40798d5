//! Wings: a pivot and pincers whose digits leave the squares that see them all.
//!
//! - XY-wing (4.2): a pivot with two candidates xy and two peers of it with xz and yz:
//!   whichever the pivot holds, one pincer is z, so z leaves the squares that see both
//!   pincers. XYZ-wing (4.4): the pivot has xyz, and the squares must see it too.
//!   Sudoku Explainer takes the first it finds: pivots in square order, then pincers in
//!   square order among the pivot's peers.
//! - WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings: n squares that see one another with
//!   n + 1 digits between them (an almost locked set, n = 3 to 6) and a square with
//!   two candidates, both of the set's digits, that sees some of them. If every square
//!   of the set with one of the two digits (x) sees it, x cannot be in both, so the set
//!   is locked without x or the pincer is z: z leaves the squares that see the pincer
//!   and every square of the set with z. If both digits are so linked ("doubly
//!   linked"), the set's other digits are locked in it and leave the squares that see
//!   all of its squares with them, and x and z leave the squares that see the pincer
//!   and the set's squares with them.
//!
//!   Sudoku Explainer finds them all (sets as squares in increasing order, each after
//!   the first among the common later peers of the ones before; then pincers in square
//!   order among the squares that see one of the set), and offers the easiest first,
//!   then the one that removes most, then the greatest code, then the first found. The
//!   code after the name (`WXYZ-Wing 137`) is 2 if doubly linked (and removing one of
//!   the set's other digits, or both x and z), else 1; then the largest number of
//!   candidates of a square of the set; then their total. WXYZ rates 5.6 if the
//!   largest is 3, else 5.5; VWXYZ 6.2 + 0.1 × (2 − |3 − largest|); UVWXYZ 6.6;
//!   TUVWXYZ 7.5.

use super::ladder::Found;
use super::marks::{at_least, count9, squares, Marks};
use super::step::{Step, Technique};
use crate::masks::ALL_SQUARES;
use bitdoku_core::PEER_BITS;
use core::cmp::Reverse;
use core::ops::ControlFlow;

/// XY-wings.
pub(crate) fn xy_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    xy(marks, false, found)
}

/// XYZ-wings.
pub(crate) fn xyz_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    xy(marks, true, found)
}

/// WXYZ-wings (a set of three squares).
pub(crate) fn wxyz_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    als_wings(marks, 3, found)
}

/// VWXYZ-wings (four squares).
pub(crate) fn vwxyz_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    als_wings(marks, 4, found)
}

/// UVWXYZ-wings (five squares).
pub(crate) fn uvwxyz_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    als_wings(marks, 5, found)
}

/// TUVWXYZ-wings (six squares).
pub(crate) fn tuvwxyz_wings(marks: &Marks, found: Found) -> ControlFlow<()> {
    als_wings(marks, 6, found)
}

/// XY-wings (`xyz` false) or XYZ-wings: pivots in square order, then the pincer with
/// xz, then the one with yz, each among the pivot's peers in square order.
fn xy(marks: &Marks, xyz: bool, found: Found) -> ControlFlow<()> {
    let (technique, difficulty, size) = if xyz {
        (Technique::XYZWing, 44, 3)
    } else {
        (Technique::XYWing, 42, 2)
    };
    // The digits the three squares share: none for an XY-wing, z for an XYZ-wing.
    let shared = if xyz { 1 } else { 0 };
    // The squares with two candidates (the pincers).
    let two = squares(marks.unsolved())
        .filter(|&s| count9(marks.candidates(s)) == 2)
        .fold(0u128, |m, s| m | 1 << s);
    for pivot in squares(marks.unsolved()) {
        let p = marks.candidates(pivot);
        if count9(p) != size {
            continue;
        }
        for xz in squares(PEER_BITS[pivot] & two) {
            let a = marks.candidates(xz);
            if count9(p & !a) != 1 {
                continue;
            }
            for yz in squares(PEER_BITS[pivot] & two) {
                let b = marks.candidates(yz);
                if count9(p | a | b) != 3 || count9(p & a & b) != shared {
                    continue;
                }
                let z = (a & b).trailing_zeros() as usize;
                let cells = 1 << pivot | 1 << xz | 1 << yz;
                let mut removes = PEER_BITS[xz] & PEER_BITS[yz] & marks.places(z) & !cells;
                if xyz {
                    removes &= PEER_BITS[pivot];
                }
                if removes == 0 {
                    continue;
                }
                let mut step = Step::new(technique, difficulty);
                step.removes[z] = removes;
                step.cells = cells;
                for s in [pivot, xz, yz] {
                    for d in 0..9 {
                        step.marks[d] |= u128::from(marks.candidates(s) >> d & 1) << s;
                    }
                }
                step.digits = p | a | b;
                found.step(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Every wing code, "1" or "2", the largest size (2 to 7), the total (0 to 49), at
/// `((double * 6 + largest - 2) * 50 + total) * 4`, padded with spaces.
const CODES: [u8; 600 * 4] = build_codes();

const fn build_codes() -> [u8; 600 * 4] {
    let mut out = [b' '; 600 * 4];
    let mut i = 0;
    while i < 600 {
        let total = i % 50;
        let largest = i / 50 % 6 + 2;
        let double = i / 300;
        let at = i * 4;
        out[at] = b'1' + double as u8;
        out[at + 1] = b'0' + largest as u8;
        if total < 10 {
            out[at + 2] = b'0' + total as u8;
        } else {
            out[at + 2] = b'0' + (total / 10) as u8;
            out[at + 3] = b'0' + (total % 10) as u8;
        }
        i += 1;
    }
    out
}

/// A wing's code as text, and as bytes that compare as Sudoku Explainer compares the
/// text.
fn code(double: bool, largest: u32, total: u32) -> (&'static str, [u8; 4]) {
    let i = (usize::from(double) * 6 + (largest as usize).clamp(2, 7) - 2) * 50
        + (total as usize).min(49);
    let len = if total < 10 { 3 } else { 4 };
    let text = core::str::from_utf8(&CODES[i * 4..i * 4 + len]).unwrap_or("");
    let mut bytes = [0u8; 4];
    bytes[..len].copy_from_slice(&CODES[i * 4..i * 4 + len]);
    (text, bytes)
}

/// A wing found, with its place in Sudoku Explainer's order.
#[derive(Clone, Copy)]
struct Wing {
    key: (u16, Reverse<u32>, Reverse<[u8; 4]>),
    variant: &'static str,
    removes: [u128; 9],
    cells: u128,
    digits: u16,
}

/// The squares that see every square of `set` (all squares if it is empty).
fn seeing(set: u128) -> u128 {
    squares(set).fold(ALL_SQUARES, |m, s| m & PEER_BITS[s])
}

/// The search for wings of `n` squares and a pincer.
struct Wings<'a, F: FnMut(Wing)> {
    marks: &'a Marks,
    n: usize,
    cells: [usize; 6],
    /// The squares with two candidates.
    pincers: u128,
    out: F,
}

impl<F: FnMut(Wing)> Wings<'_, F> {
    /// Picks the `k`-th square of the set among `pool`, with `union` the digits of the
    /// ones before.
    fn extend(&mut self, k: usize, pool: u128, union: u16) {
        let limit = self.n as u32 + 1;
        for c in squares(pool) {
            let all = union | self.marks.candidates(c);
            self.cells[k] = c;
            if k + 1 < self.n {
                let later = ALL_SQUARES & !0u128 << (c + 1);
                let next = pool & PEER_BITS[c] & later;
                // (No set can be finished from fewer squares than it lacks.)
                if count9(all) <= limit && at_least(next, self.n - k - 1) {
                    self.extend(k + 1, next, all);
                }
            } else if count9(all) == limit {
                self.complete(all);
            }
        }
    }

    /// A set of `n` squares with `n + 1` digits: its pincers.
    fn complete(&mut self, union: u16) {
        let marks = self.marks;
        let cells = &self.cells[..self.n];
        let set = cells.iter().fold(0u128, |m, &c| m | 1 << c);
        let near = cells.iter().fold(0u128, |m, &c| m | PEER_BITS[c]) & !set & self.pincers;
        let largest = cells
            .iter()
            .map(|&c| count9(marks.candidates(c)))
            .max()
            .unwrap_or(0);
        let total: u32 = cells.iter().map(|&c| count9(marks.candidates(c))).sum();
        let difficulty = match self.n {
            3 => 55 + 1 - largest.abs_diff(3) as u16,
            4 => 62 + 2 - largest.abs_diff(3) as u16,
            5 => 66,
            _ => 75,
        };
        for yz in squares(near) {
            let b = marks.candidates(yz);
            if count9(b) != 2 || b & !union != 0 {
                continue;
            }
            let x = b.trailing_zeros() as usize;
            let z = 15 - b.leading_zeros() as usize;
            let with = |d: usize| set & marks.places(d);
            // A digit is linked if every square of the set with it sees the pincer.
            let linked = |d: usize| with(d) & !PEER_BITS[yz] == 0;
            let pattern = set | 1 << yz;
            // Digit d leaves the squares that see the set's squares with it (and the
            // pincer, for its digits).
            let victims = |d: usize, pincer: bool| {
                let mut v = seeing(with(d)) & marks.places(d) & !pattern;
                if pincer {
                    v &= PEER_BITS[yz];
                }
                v
            };
            let mut removes = [0u128; 9];
            let double = match (linked(x), linked(z)) {
                (true, false) => {
                    removes[z] = victims(z, true);
                    false
                }
                (false, true) => {
                    removes[x] = victims(x, true);
                    false
                }
                (true, true) => {
                    let mut weak = false;
                    for w in squares(u128::from(union & !b)) {
                        removes[w] = victims(w, false);
                        weak |= removes[w] != 0;
                    }
                    removes[x] = victims(x, true);
                    removes[z] = victims(z, true);
                    weak || (removes[x] != 0 && removes[z] != 0)
                }
                (false, false) => continue,
            };
            let count: u32 = removes.iter().map(|r| r.count_ones()).sum();
            if count == 0 {
                continue;
            }
            let (variant, bytes) = code(double, largest, total);
            (self.out)(Wing {
                key: (difficulty, Reverse(count), Reverse(bytes)),
                variant,
                removes,
                cells: pattern,
                digits: union,
            });
        }
    }
}

/// Calls `out` with every wing of `n` squares and a pincer, in Sudoku Explainer's
/// order of finding them.
fn search(marks: &Marks, n: usize, out: impl FnMut(Wing)) {
    let mut wings = Wings {
        marks,
        n,
        cells: [0; 6],
        pincers: 0,
        out,
    };
    let limit = n as u32 + 1;
    // The squares that can be in a set: 2 to n + 1 candidates.
    let mut usable = 0u128;
    for s in squares(marks.unsolved()) {
        let c = count9(marks.candidates(s));
        usable |= u128::from((2..=limit).contains(&c)) << s;
        wings.pincers |= u128::from(c == 2) << s;
    }
    for pivot in squares(usable) {
        wings.cells[0] = pivot;
        let later = ALL_SQUARES & !0u128 << (pivot + 1);
        let pool = usable & PEER_BITS[pivot] & later;
        if at_least(pool, n - 1) {
            wings.extend(1, pool, marks.candidates(pivot));
        }
    }
}

/// Wings of `n` squares and a pincer, in Sudoku Explainer's order (see the module
/// docs).
fn als_wings(marks: &Marks, n: usize, found: Found) -> ControlFlow<()> {
    let technique = match n {
        3 => Technique::WXYZWing,
        4 => Technique::VWXYZWing,
        5 => Technique::UVWXYZWing,
        _ => Technique::TUVWXYZWing,
    };
    let step = |w: &Wing| {
        let mut step = Step::new(technique, w.key.0);
        step.removes = w.removes;
        step.cells = w.cells;
        for s in squares(w.cells) {
            for d in 0..9 {
                step.marks[d] |= u128::from(marks.candidates(s) >> d & 1) << s;
            }
        }
        step.digits = w.digits;
        step.variant = Some(w.variant);
        step
    };
    let mut best: Option<Wing> = None;
    search(marks, n, |w| {
        if best.is_none_or(|b| w.key < b.key) {
            best = Some(w);
        }
    });
    let Some(first) = best else {
        return ControlFlow::Continue(());
    };
    found.step(step(&first))?;
    // Asked for more: all of them, in order (a stable sort keeps the order found).
    let mut all = Vec::new();
    search(marks, n, |w| all.push(w));
    all.sort_by_key(|w| w.key);
    for w in all.iter().skip(1) {
        found.step(step(w))?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::{first, first_step, position, Finder};

    // Positions met on the solve paths of the public puzzles; each expected step is
    // the first hint Sudoku Explainer's serate gives there, with the same removals.
    const XY: &str = concat!(
        "....5..89....5..891.........2...........5...9...4.......3...........6.........7..",
        "...4...........7.......6.....3..........5...91...............8.....5...9.2.......",
        "....5...9.2.........3...........6.........7.........8.....5...9...4.....1........",
        ".....6..........89.2.............7....3..........5....1...............89...4.....",
        "..3....8....4.........5....1.........2...............9......7....3....8......6...",
        "1..........3.....9......7.....4............8......6.......5...9.2.........3.5....",
        "..3.5......3.5.......4............8.1.........2............6.........7..........9",
        "......7.......6...........9....5.......4.......3.......2.......1...............8.",
        ".2.......1...............8.........9.....6.........7.....4.......3.5......3.5....",
    );
    const XYZ: &str = concat!(
        "......7......5.......4............8.........9..3...........6....2.......1........",
        ".....6...1................9...4......2..5.7...2..5........5.7.........8...3......",
        ".......8..2.........3...........6.......5.7..1...........4...........7.9....5...9",
        "...4............8.....5.....2............6...........9..3......1..............7..",
        "1..............7...2.........3.5......3.5..8.....5..8.........9.....6......4.....",
        "..3..............9.....6...1...........4...........7.........8.....5.....2.......",
        "....5.......4...........7..........91.............6....2.........3.............8.",
        ".2......9.....6...1..........3...7...23....8..2.....8.....5.7.....4.........5...9",
        ".2......9..3.............8.....5.7...2..5.......4.....1..............7.9.....6...",
    );
    const WXYZ: &str = concat!(
        "....5..8.....5..8.1..............7.......6...........9.2.........3.........4.....",
        ".....6..9...4..........6..9.2.........3..........5....1..............7.........8.",
        ".2.............7....3.............8....4.....1............5...9.....6.......5...9",
        "1.......9.2.....8....4.........5..........7.......6.....3.....91......8..23.....9",
        "......7...2..5..8.....5..89..3......1...........4..........6.......5..8..2......9",
        "1....6.....3..........56...........9.......8..2..........4.....1...5..........7..",
        "....5..8.1............5.78....4.............9..3...7....3.5.....2............6...",
        "...4..........6.......5.7..1.........2.........3...7.........8.........9..3.5....",
        "..3..............9.2............6.......5...........8.......7.....4.....1........",
    );
    const WXYZ_DOUBLE: &str = concat!(
        "....5.7891.........2............6789...4567.9..3.........4.6789.....6789...4..78.",
        "....5.789....5.78......6.........789...45.7.91...........4..789..3.......2.......",
        "......789..3.........4......2...6789.....67.9.2....78.1............5..........78.",
        "..3.........45..8.1.......912....7.91...5.7.9.2.45.7...2.45.789.2....789.....6...",
        "...45...9.....6.........7....3.............8..2.45.....2.45...91...........45....",
        ".2..........45..8.1.......91....67.91...567.9...45.7.....45.789......789..3......",
        "...4..7.....4..7.........8.....5......3..............9.2...67...2...67..1........",
        ".....6....2...........5....1.....78.1.....7........78...3.........4.............9",
        "1................9..3.........4......2............6.......5.78.......78.....5.78.",
    );
    const VWXYZ: &str = concat!(
        "1...5.7.9......7.9.2.......1...5.78.1.3.5..8........89..3....89...4..........6...",
        "....5.7.9...4............8.....567....3.5.........6..9..3.....91.........2.......",
        "1.......9.....6.....3......1......8..2..........4............89......7......5....",
        "......7.9......7.9....5....1......8.1......8...3...........6....2..........4.....",
        "..3.......2.......1...........4..........6.......5..........7.........8.........9",
        ".....6..........8....4.............9......7...2.......1............5......3......",
        "...4.......3............7...2...............91............5.........6..........8.",
        ".......8.....5.........6.....3.........4...........7...2...............91........",
        ".2.......1................9....56.8.....5..8......6.8....4.......3............7..",
    );
    const UVWXYZ: &str = concat!(
        "1....6....2............6.8.........91......8....4.........5......3............7..",
        "........91.3..........5.........6...1.3............7.....4......2..............8.",
        "..34.......34..7....34..78.....5..8..23....8..23.5.........6...1................9",
        "......7.....45.....2.4.......3.......2.45...........8.........9.....6...1........",
        "1.3.56...1.3.56.....3..6..9......7......5...91...5...9.......8....4......2.......",
        "1..4............8..2......91..4..........6....2......9......7......5......3......",
        "..3456.....34567....34.67..1...5..8...3...7891.3.56..9.2.............789....56...",
        ".2...............91...........4...8....4..78.....56.....3............78.....56...",
        ".......8...3.567....3..67...2.........3.5.7.9..3.56..91..............7.9...4.....",
    );
    const TUVWXYZ: &str = concat!(
        ".2.....8.1....6...........9...4.6.........7......5.....2.....8.12.4.......3......",
        ".2.....8.1...56...1...5.......4.6.....3..............9.2....78.12.4..7..1..4.....",
        "......7.....4.......3.......2..............8.1............5............9.....6...",
        "........9..3...........6.......5....1.........2..........4............8.......7..",
        "1............5.7......5.7....3.........4............8.........9.....6....2.......",
        "...4......2..............8.........9.....6.........7..1..........3..........5....",
        "..3.............8.12.............7......5.......4..........6...12...............9",
        ".....6...1.....7..12.4..7.........8.........9..3.......2....7......5....1..4.....",
        "....5............9...4..7..1.........2............6.....3.........4..7.........8.",
    );
    const WXYZ_TIES: &str = concat!(
        ".2....7...2.4..7..........9....5...........8..234..7....3...7..1.............6...",
        "....5.......4.67.........8...34.67....3...7..1..........3...7..........9.2.......",
        "1.........2...67....3...........67..........9.2...67.........8....4.........5....",
        ".23.....9.23......1...............8......6.....3...7.9...4.........5......3...7..",
        "..3.....9....5..........7...2..........4.......3.....9.....6..........8.1........",
        "...4............8......6.....3...7..1............5............9.2.........3...7..",
        "..3...7....3...7...2...............9....5...........8.1.............6......4.....",
        ".......8.1............5.......4.6.....3...7.....4.6....2.........3...7..........9",
        ".....6...........9...4.....1.........2.........3...7......5......3...7.........8.",
    );
    /// No wing of any size (nor a strong-link pattern).
    const NONE: &str = concat!(
        "......7..12...6..........8....45...9.2.45...9.2.45...9..3......1..456...12..5...9",
        ".2.4....9.23.......234....9.....6....2345...91.........2.4..7.9...45.78..2..5.789",
        "....5....123..6...1234.6..9..34..789.234....9.234..78912.4.6..91..4.6...12......9",
        "1......89...4.....1...5.7.9..3.5.7.9..3.5...9..3.5.7.91.....78..2............6...",
        "..3......12...67..12...67.9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7..",
        ".2...6.8..2..5678..2..567..1.........2.456....2.4567.....4..78.........9..3......",
        "1....6.8.........91.3.567...2.......1.3.56.....3.56.8.1....67..1.3..678....4.....",
        "12.4.6.8.123..6.8.1234.6.....34...89......7....34.6.89....5....1.3..6.8.12.....89",
        "12.4.6.8.123.5678.1234567....345..891.3456..9..3456.8912...67.91.3..678.12....789",
    );

    #[test]
    fn wings_of_each_size() {
        for (find, line, expected) in [
            (xy_wings as Finder, XY, "XY-Wing (4.2): remove 9 from A2"),
            (xyz_wings, XYZ, "XYZ-Wing (4.4): remove 5 from E5"),
            (wxyz_wings, WXYZ, "WXYZ-Wing 137 (5.6): remove 5 from E2"),
            (
                wxyz_wings,
                WXYZ_DOUBLE,
                "WXYZ-Wing 237 (5.6): remove 4 from E6, E7; 5 from E6, E7",
            ),
            (
                vwxyz_wings,
                VWXYZ,
                "VWXYZ-Wing 1412 (6.3): remove 1 from A5",
            ),
            (
                uvwxyz_wings,
                UVWXYZ,
                "UVWXYZ-Wing 1516 (6.6): remove 6 from G1",
            ),
            (
                tuvwxyz_wings,
                TUVWXYZ,
                "TUVWXYZ-Wing 1416 (7.5): remove 2 from A8",
            ),
        ] {
            assert_eq!(first_step(find, line), expected);
        }
        let step = first(wxyz_wings, &position(WXYZ)).unwrap();
        assert_eq!(
            (step.technique, step.variant),
            (Technique::WXYZWing, Some("137"))
        );
    }

    #[test]
    fn easiest_first_then_most_removals_then_greatest_code() {
        let mut all = Vec::new();
        let _ = wxyz_wings(&position(WXYZ_TIES), &mut |step: Step| {
            all.push(step.to_string());
            ControlFlow::Continue(())
        });
        assert_eq!(
            all,
            [
                "WXYZ-Wing 248 (5.5): remove 3 from A6, B7; 7 from A6, C6",
                "WXYZ-Wing 248 (5.5): remove 3 from A6, B7; 7 from A6, C6",
                "WXYZ-Wing 248 (5.5): remove 6 from C4; 7 from B2",
                "WXYZ-Wing 148 (5.5): remove 7 from B5",
                "WXYZ-Wing 137 (5.6): remove 7 from B4",
            ]
        );
    }

    #[test]
    fn nothing_where_no_wing_removes_anything() {
        for find in [
            xy_wings as Finder,
            xyz_wings,
            wxyz_wings,
            vwxyz_wings,
            uvwxyz_wings,
            tuvwxyz_wings,
        ] {
            assert_eq!(first_step(find, NONE), "none");
        }
    }

    #[test]
    fn codes() {
        assert_eq!(code(false, 3, 7).0, "137");
        assert_eq!(code(true, 4, 16).0, "2416");
        // "139" sorts after "1310" as text.
        assert!(code(false, 3, 9).1 > code(false, 3, 10).1);
    }
}
