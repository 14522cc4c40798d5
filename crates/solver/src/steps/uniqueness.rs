//! Unique rectangles and loops: squares that would make a deadly pattern, which a
//! puzzle with one solution cannot hold.
//!
//! A loop is an even cycle of squares that all hold the same two digits, each unit it
//! enters holding exactly two of its squares, one at an even and one at an odd place of
//! the cycle. If every square of such a loop had only those two digits, they could be
//! swapped around the loop and the puzzle would have two solutions; so the squares with
//! more digits (the "extra" squares) must take one of their other digits:
//!
//! - type 1: one extra square: it loses the two digits;
//! - type 2: the extra squares all have the same one other digit: one of them holds it,
//!   so the squares that see them all lose it;
//! - type 3: two extra squares in one unit, whose other digits, taken as one square,
//!   make a naked set with other squares of the unit (the rest of the unit loses the
//!   set's digits), or a hidden set with the loop's two digits (the set's squares lose
//!   their other digits);
//! - type 4: two extra squares in one unit where one loop digit has no other place: the
//!   other loop digit leaves both.
//!
//! Four squares make a rectangle (4.5); loops of 6, 8 and 10 or more squares rate 4.6,
//! 4.7 and 5.0; a type 3 naked set of n digits adds 0.1 (n - 1), a hidden set of n
//! digits 0.1 (n - 2).
//!
//! Sudoku Explainer's search: from each square with two candidates in square order, a
//! depth-first walk through the squares holding both digits, leaving each square by
//! a box, a row or a column (in that order, never by the kind of unit it was entered
//! by), the squares of a unit in order; at most two squares with extra digits, or any
//! number if they all add the same single digit. Every loop found, in that order,
//! gives its steps (types 2 or 3, then 4 for two extra squares), a step equal to one
//! found before (the same squares and the same set) being dropped; then all steps are
//! sorted by difficulty, then by type, ties keeping the order found. The difficulties
//! are compared as Sudoku Explainer computes them in floating point, so a 6-loop with a
//! naked pair (4.6 + 0.1) comes before an 8-loop of type 1 (4.5 + 0.2).
//!
//! Its default settings (`islkSudokuURUL`) change two things, both followed here: each
//! branch of the walk carries only its own path's extra digits (otherwise they pile up
//! across branches), and type 3 looks for sets of every size from 2 (otherwise from the
//! number of extra digits), naked sets only of at least that many digits.
//!
//! The walk here turns back as soon as a unit holds two of its squares at places of
//! the same parity: no loop can close from there (Sudoku Explainer walks on and drops
//! them), so it finds the same loops in the same order. On the positions of solve
//! paths (forum-hardest, 17-clue, top1465, Sudoku Explainer's own paths) that keeps
//! the walk under about 20,000 squares where Sudoku Explainer's went past a million.
//! Candidates no solve path meets (every square with the same two digits) still make
//! it endless: it stops after [`WALK_LIMIT`] squares, with the steps found so far.

use super::ladder::Found;
use super::marks::{squares, Marks};
use super::step::{Step, Technique};
use super::units::{bits, combinations};
use bitdoku_core::{PEER_BITS, UNITS, UNIT_BITS, UNIT_SQUARES};
use core::cmp::Ordering;
use core::ops::ControlFlow;

/// Unique rectangles and loops of every type, in Sudoku Explainer's order.
pub(crate) fn unique_loops(marks: &Marks, found: Found) -> ControlFlow<()> {
    let mut search = Search::new(marks);
    for s in 0..81 {
        let c = marks.candidates(s);
        if c.count_ones() == 2 {
            search.pair = c;
            search.extend(s, 2, 0, NO_KIND);
        }
    }
    let mut hints = search.hints;
    // Stable, as Sudoku Explainer's sort: ties keep the order found.
    hints.sort_by(|a, b| {
        a.rank
            .partial_cmp(&b.rank)
            .unwrap_or(Ordering::Equal)
            .then(a.kind.cmp(&b.kind))
    });
    for hint in hints {
        found.step(hint.step)?;
    }
    ControlFlow::Continue(())
}

/// The most squares the walk visits.
pub(crate) const WALK_LIMIT: u32 = 1_000_000;

/// Box, row and column: the kinds of unit in the order the walk tries them.
const KINDS: usize = 3;
/// The kind of unit of the first square (none).
const NO_KIND: usize = KINDS;

/// The unit of kind `kind` (0 box, 1 row, 2 column) holding square `s`.
#[inline]
fn unit_of(kind: usize, s: usize) -> usize {
    match kind {
        0 => 18 + s / 27 * 3 + s % 9 / 3,
        1 => s / 9,
        _ => 9 + s % 9,
    }
}

/// The position of square `s` in its unit of kind `kind`, in [`UNITS`] order.
#[inline]
fn index_in(kind: usize, s: usize) -> usize {
    match kind {
        0 => s / 9 % 3 * 3 + s % 3,
        1 => s % 9,
        _ => s / 9,
    }
}

/// A loop's size as its step's variant (even sizes up to 80).
const SIZES: [&str; 41] = [
    "0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24", "26", "28", "30",
    "32", "34", "36", "38", "40", "42", "44", "46", "48", "50", "52", "54", "56", "58", "60", "62",
    "64", "66", "68", "70", "72", "74", "76", "78", "80",
];

/// What tells two steps apart besides their loop's squares (Sudoku Explainer's
/// equality of its hints).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Detail {
    One,
    Two,
    /// The unit, the set's digits and its squares other than the extra squares.
    Naked(usize, u16, u128),
    /// The unit, the set's digits and the positions of its squares in the unit other
    /// than the extra squares.
    Hidden(usize, u16, u16),
    Four,
}

/// A step found, with what orders it and tells it apart.
struct Hint {
    /// Sudoku Explainer's difficulty as it computes it.
    rank: f64,
    /// The type, 1 to 4.
    kind: u8,
    cells: u128,
    len: usize,
    detail: Detail,
    step: Step,
}

struct Search<'a> {
    marks: &'a Marks,
    /// The loop's two digits.
    pair: u16,
    /// The walk so far.
    path: [u8; 81],
    len: usize,
    on_path: u128,
    /// The units of the walk's squares at even and at odd places.
    units: [u32; 2],
    /// Squares the walk may still visit.
    budget: u32,
    hints: Vec<Hint>,
}

impl<'a> Search<'a> {
    fn new(marks: &'a Marks) -> Search<'a> {
        Search {
            marks,
            pair: 0,
            path: [0; 81],
            len: 0,
            on_path: 0,
            units: [0; 2],
            budget: WALK_LIMIT,
            hints: Vec::new(),
        }
    }

    /// Adds square `cell` to the walk and goes on from it through units of other kinds
    /// than `last`; `allowed` squares with extra digits are still allowed (fewer when
    /// all add the same digit), `extra` are the extra digits so far.
    fn extend(&mut self, cell: usize, allowed: i32, extra: u16, last: usize) {
        // A unit met twice at places of the same parity spoils every loop the walk
        // could close from here: Sudoku Explainer walks on and drops them all.
        let parity = self.len % 2;
        if self.budget == 0 || self.units[parity] & UNIT_BITS[cell] != 0 {
            return;
        }
        self.budget -= 1;
        self.units[parity] |= UNIT_BITS[cell];
        self.path[self.len] = cell as u8;
        self.len += 1;
        self.on_path |= 1 << cell;
        for kind in 0..KINDS {
            if kind == last {
                continue;
            }
            for sq in UNITS[unit_of(kind, cell)] {
                let next = sq.index();
                if next == usize::from(self.path[0]) && self.len >= 4 {
                    self.closed();
                } else if self.on_path >> next & 1 == 0 {
                    let c = self.marks.candidates(next);
                    if c & self.pair == self.pair {
                        let more = (extra | c) & !self.pair;
                        let n = c.count_ones();
                        if n == 2 || more.count_ones() == 1 || allowed > 0 {
                            self.extend(next, allowed - i32::from(n > 2), more, kind);
                        }
                    }
                }
            }
        }
        self.len -= 1;
        self.on_path &= !(1 << cell);
        self.units[parity] &= !UNIT_BITS[cell];
    }

    /// The walk is back at its first square: if the cycle is a loop, its steps.
    fn closed(&mut self) {
        let path = self.path;
        let path = &path[..self.len];
        if !is_loop(path) {
            return;
        }
        // The extra squares, the first two in the loop's order.
        let mut extras = path
            .iter()
            .map(|&s| usize::from(s))
            .filter(|&s| self.marks.candidates(s).count_ones() > 2);
        let (Some(c1), second) = (extras.next(), extras.next()) else {
            return; // no extra square: two solutions, not this technique's business
        };
        let Some(c2) = second else {
            let mut hint = self.hint(path, 1, Detail::One);
            for d in bits(self.pair) {
                hint.step.removes[d] |= 1 << c1;
            }
            return self.push(hint);
        };
        let more = extras.fold(1u128 << c1 | 1u128 << c2, |m, s| m | 1 << s);
        if more.count_ones() > 2 {
            return self.type2(path, more, c1);
        }
        let other = (self.marks.candidates(c1) | self.marks.candidates(c2)) & !self.pair;
        if other.count_ones() == 1 {
            self.type2(path, more, c1);
        } else {
            self.type3(path, c1, c2);
        }
        self.type4(path, c1, c2);
    }

    /// A step of type `kind` on the loop `path`, with its difficulty, before the
    /// type's own additions.
    fn hint(&self, path: &[u8], kind: u8, detail: Detail) -> Hint {
        let len = path.len();
        let cells = path.iter().fold(0u128, |m, &s| m | 1 << s);
        let rectangle = len == 4;
        let technique = match (kind, rectangle) {
            (1, true) => Technique::UniqueRectangle1,
            (2, true) => Technique::UniqueRectangle2,
            (3, true) => Technique::UniqueRectangle3,
            (_, true) => Technique::UniqueRectangle4,
            (1, false) => Technique::UniqueLoop1,
            (2, false) => Technique::UniqueLoop2,
            (3, false) => Technique::UniqueLoop3,
            (_, false) => Technique::UniqueLoop4,
        };
        let rank = base_rank(len);
        let mut step = Step::new(technique, 0);
        step.cells = cells;
        for d in bits(self.pair) {
            step.marks[d] = cells;
        }
        step.digits = self.pair;
        if !rectangle {
            step.variant = Some(SIZES[len / 2 % SIZES.len()]);
        }
        Hint {
            rank,
            kind,
            cells,
            len,
            detail,
            step,
        }
    }

    /// Keeps a step that removes something and equals none kept before.
    fn push(&mut self, mut hint: Hint) {
        if hint.step.removes == [0; 9] {
            return;
        }
        let seen = self
            .hints
            .iter()
            .any(|h| h.detail == hint.detail && h.len == hint.len && h.cells == hint.cells);
        if !seen {
            hint.step.difficulty.0 = ((hint.rank + 0.05) * 10.0) as u16;
            self.hints.push(hint);
        }
    }

    /// Type 2: the extra squares `more` add one digit (that of `first`, the first
    /// extra square of the loop), which leaves the squares that see them all.
    fn type2(&mut self, path: &[u8], more: u128, first: usize) {
        let other = self.marks.candidates(first) & !self.pair;
        let d = other.trailing_zeros() as usize % 9;
        let seen = squares(more).fold(!0u128, |m, s| m & PEER_BITS[s]) & !more;
        let mut hint = self.hint(path, 2, Detail::Two);
        hint.step.removes[d] = self.marks.places(d) & seen;
        hint.step.marks[d] |= more;
        hint.step.digits |= 1 << d;
        self.push(hint);
    }

    /// Type 3: naked and hidden sets of 2 to 7 digits with the extra squares `c1`
    /// and `c2`, by size, then in the units they share (box, row, column).
    fn type3(&mut self, path: &[u8], c1: usize, c2: usize) {
        let marks = self.marks;
        let (a, b) = (marks.candidates(c1), marks.candidates(c2));
        let extra = (a | b) & !self.pair;
        for degree in 2..=7u32 {
            for kind in 0..KINDS {
                let u = unit_of(kind, c1);
                if u != unit_of(kind, c2) {
                    continue;
                }
                let open = marks.open_in(u);
                let (i1, i2) = (index_in(kind, c1), index_in(kind, c2));
                let cells: [u16; 9] =
                    core::array::from_fn(|i| marks.candidates(UNITS[u][i].index()));
                if degree * 2 <= open && degree >= extra.count_ones() {
                    // Squares of the unit with c1 (standing for both extra squares, with
                    // their extra digits) and without c2.
                    for set in combinations(degree) {
                        if set >> i1 & 1 == 0 || set >> i2 & 1 == 1 {
                            continue;
                        }
                        let mut covered = extra & a & b;
                        let mut union = extra;
                        let mut ok = extra.count_ones() >= 2;
                        for i in bits(set & !(1 << i1)) {
                            covered |= cells[i];
                            union |= cells[i];
                            ok &= cells[i].count_ones() >= 2;
                        }
                        if !ok || covered.count_ones() != degree || union.count_ones() != degree {
                            continue;
                        }
                        let mut others = 0u128;
                        for i in bits(set & !(1 << i1)) {
                            others |= 1 << UNITS[u][i].index();
                        }
                        let mut hint = self.hint(path, 3, Detail::Naked(u, union, others));
                        hint.rank += f64::from(degree - 1) * 0.1;
                        for i in bits(0x1FF & !set & !(1 << i2)) {
                            let s = UNITS[u][i].index();
                            for d in bits(cells[i] & union) {
                                hint.step.removes[d] |= 1 << s;
                            }
                        }
                        for s in squares(others) {
                            for d in bits(marks.candidates(s)) {
                                hint.step.marks[d] |= 1 << s;
                            }
                        }
                        for d in bits(extra) {
                            hint.step.marks[d] |= marks.places(d) & (1 << c1 | 1 << c2);
                        }
                        hint.step.cells |= others;
                        hint.step.units = 1 << u;
                        hint.step.digits |= union;
                        self.push(hint);
                    }
                }
                if degree * 2 < open {
                    // Hidden sets: the loop's two digits and degree - 2 others (not extra
                    // digits), placed in the unit with c2 left out.
                    let rest = 0x1FF & !self.pair & !extra;
                    let k = degree - 2;
                    if k > rest.count_ones() {
                        continue;
                    }
                    let subsets = (k == 0 && rest != 0)
                        .then_some(0u16)
                        .into_iter()
                        .chain(combinations(k).filter(|&m| m & !rest == 0));
                    for chosen in subsets {
                        let digits = chosen | self.pair;
                        let mut union = 0u16;
                        let mut ok = true;
                        for d in bits(digits) {
                            let p = marks.positions(u, d) & !(1 << i2);
                            ok &= p != 0;
                            union |= p;
                        }
                        if !ok || union.count_ones() != degree {
                            continue;
                        }
                        let places = union & !(1 << i1) & !(1 << i2);
                        let mut hint = self.hint(path, 3, Detail::Hidden(u, digits, places));
                        hint.rank += (f64::from(places.count_ones()) - 1.0) * 0.1;
                        for i in bits(places) {
                            let s = UNITS[u][i].index();
                            for d in bits(cells[i] & !digits) {
                                hint.step.removes[d] |= 1 << s;
                            }
                            for d in bits(cells[i] & digits) {
                                hint.step.marks[d] |= 1 << s;
                            }
                            hint.step.cells |= 1 << s;
                        }
                        hint.step.units = 1 << u;
                        hint.step.digits |= digits;
                        self.push(hint);
                    }
                }
            }
        }
    }

    /// Type 4: a loop digit with no other place than the extra squares `c1` and `c2`
    /// in a unit they share (the last such unit of box, row, column; the smaller
    /// digit first): the other digit leaves both.
    fn type4(&mut self, path: &[u8], c1: usize, c2: usize) {
        let ends = 1u128 << c1 | 1u128 << c2;
        let mut locked = [None; 2];
        for kind in 0..KINDS {
            let u = unit_of(kind, c1);
            if u != unit_of(kind, c2) {
                continue;
            }
            let others = UNIT_SQUARES[u] & !ends;
            for (i, d) in bits(self.pair).enumerate() {
                if self.marks.places(d) & others == 0 {
                    locked[i % 2] = Some(u);
                }
            }
        }
        let (lo, hi) = (
            self.pair.trailing_zeros() as usize,
            15 - self.pair.leading_zeros() as usize,
        );
        let (u, gone) = match locked {
            [Some(u), _] => (u, hi),
            [None, Some(u)] => (u, lo),
            [None, None] => return,
        };
        let mut hint = self.hint(path, 4, Detail::Four);
        hint.step.removes[gone % 9] = ends;
        hint.step.units = 1 << u;
        self.push(hint);
    }
}

/// A loop's difficulty before a type 3 set's, computed as Sudoku Explainer does: 10
/// squares or more add 0.3 and then 0.2.
fn base_rank(len: usize) -> f64 {
    let mut rank = 4.5;
    if len >= 10 {
        rank += 0.3;
    }
    if len >= 8 {
        rank += 0.2;
    } else if len >= 6 {
        rank += 0.1;
    }
    rank
}

/// True if the cycle `path` is a loop: no unit holds two of its squares at places of
/// the same parity, and the units of its even places are those of its odd places.
fn is_loop(path: &[u8]) -> bool {
    let mut seen = [0u32; 2];
    for (i, &s) in path.iter().enumerate() {
        for kind in 0..KINDS {
            let bit = 1 << unit_of(kind, usize::from(s));
            if seen[i % 2] & bit != 0 {
                return false;
            }
            seen[i % 2] |= bit;
        }
    }
    seen[0] == seen[1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;
    use bitdoku_core::{Board, Candidates, Puzzle, Square};

    /// Marks where the named squares have the given candidates and every other square
    /// `rest`.
    fn board(rest: &str, squares: &[(&str, &str)]) -> Marks {
        let digits = |s: &str| s.bytes().fold(0u16, |m, b| m | 1 << (b - b'1'));
        let mut board = Board::FULL;
        for c in board.0.iter_mut() {
            *c = Candidates::from_bits(digits(rest));
        }
        for (name, cands) in squares {
            let s: Square = name.parse().unwrap();
            board.0[s.index()] = Candidates::from_bits(digits(cands));
        }
        Marks::new(&Puzzle::Candidates(board)).unwrap()
    }

    /// Every step, in order.
    fn all(marks: &Marks) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = unique_loops(marks, &mut |step| {
            steps.push(step);
            ControlFlow::Continue(())
        });
        steps
    }

    /// The squares of a list of names.
    fn at(names: &[&str]) -> u128 {
        names
            .iter()
            .fold(0, |m, n| m | 1 << n.parse::<Square>().unwrap().index())
    }

    const NO_12: &str = "3456789";

    #[test]
    fn type_1_takes_the_pair_from_the_one_square_with_more() {
        // A1, A2, D1, D2 on 1 and 2 (rows A and D, columns 1 and 2, boxes 1 and 4).
        let m = board(
            NO_12,
            &[("A1", "12"), ("A2", "12"), ("D1", "12"), ("D2", "123")],
        );
        let step = first(unique_loops, &m).unwrap();
        assert_eq!(
            step.to_string(),
            "Unique Rectangle type 1 (4.5): remove 1 from D2; 2 from D2"
        );
        assert_eq!(step.cells, at(&["A1", "A2", "D1", "D2"]));
        // Four boxes: no unique rectangle.
        let m = board(
            NO_12,
            &[("A1", "12"), ("A4", "12"), ("D1", "12"), ("D4", "123")],
        );
        assert!(first(unique_loops, &m).is_none());
    }

    #[test]
    fn type_2_takes_the_common_digit_from_what_sees_the_squares_with_more() {
        let m = board(
            NO_12,
            &[("A1", "12"), ("A2", "12"), ("D1", "123"), ("D2", "123")],
        );
        let steps = all(&m);
        // Type 2 first, then type 4 (1 has no other place in box 4 or row D) at the
        // same difficulty.
        let kinds: Vec<_> = steps.iter().map(|s| s.technique).collect();
        assert_eq!(
            kinds,
            [Technique::UniqueRectangle2, Technique::UniqueRectangle4]
        );
        let row_d_box_4 = (UNIT_SQUARES[3] | UNIT_SQUARES[21]) & !at(&["D1", "D2"]);
        assert_eq!(steps[0].removes[2], row_d_box_4);
        assert_eq!(steps[0].difficulty.0, 45);
        assert_eq!(
            steps[1].to_string(),
            "Unique Rectangle type 4 (4.5): remove 2 from D1, D2"
        );
    }

    #[test]
    fn type_3_naked_and_hidden_sets() {
        // D1 and D2 add 3 and 4, a naked pair with D5 in row D (4.6); 1 and 2 have
        // other places in row D and box 4, so there is no type 4.
        let m = board(
            NO_12,
            &[
                ("A1", "12"),
                ("A2", "12"),
                ("D1", "123"),
                ("D2", "124"),
                ("D5", "34"),
                ("D9", "15"),
                ("D8", "26"),
                ("E3", "17"),
                ("F3", "28"),
            ],
        );
        let step = first(unique_loops, &m).unwrap();
        assert_eq!(
            (step.technique, step.difficulty.0),
            (Technique::UniqueRectangle3, 46)
        );
        let gone = at(&["D3", "D4", "D6", "D7"]);
        assert_eq!((step.removes[2], step.removes[3]), (gone, gone));
        assert_eq!(step.units, 1 << 3);
        // 1 and 2 fit in row D only in the rectangle and D7: a hidden pair (4.5),
        // before type 4 (1 locked in box 4) at the same difficulty.
        let m = board(
            NO_12,
            &[
                ("A1", "12"),
                ("A2", "12"),
                ("D1", "123"),
                ("D2", "124"),
                ("D7", "1256"),
            ],
        );
        let steps = all(&m);
        assert_eq!(
            steps[0].to_string(),
            "Unique Rectangle type 3 (4.5): remove 5 from D7; 6 from D7"
        );
        assert_eq!(steps[1].technique, Technique::UniqueRectangle4);
    }

    #[test]
    fn type_4_removes_the_digit_that_is_not_locked() {
        let m = board(
            NO_12,
            &[("A1", "12"), ("A2", "12"), ("D1", "123"), ("D2", "124")],
        );
        let step = first(unique_loops, &m).unwrap();
        assert_eq!(
            step.to_string(),
            "Unique Rectangle type 4 (4.5): remove 2 from D1, D2"
        );
        // The last unit of box, row, column where 1 is locked: row D.
        assert_eq!(step.units, 1 << 3);
    }

    /// A position of Sudoku Explainer's path (its candidates, 9 characters a square).
    fn position(pm: &str) -> Marks {
        Marks::new(&pm.parse().unwrap()).unwrap()
    }

    #[test]
    fn a_loop_is_named_by_its_size() {
        // Sudoku Explainer's step: Unique Loop 8 type 1, removing 6 and 8 from A2.
        let m = position(concat!(
            "1.3..6.....3.56.8.1.3.5.....2.............7..........91.34..........6.8.1..4....",
            ".........9.....6.8.123..........5....1.3.........4..........6.8.......7..12.....",
            "..123............7.....4..........6...1.3.............8.1.3.....9....5....12....",
            "..912....7...2......912......9......7.9...4.......3..........5.........6.8......",
            "6.8.....5.......4............8.......7.9.....6....2.............7.91..........3.",
            ".......3...7....3.....9.....6..........8.....5....1.........2..........4....9...",
            "4..7.9.2...6....2..56..9.2..5...9...4............8......67..1.....7.9..3......1.",
            "....7.9.......8...3..6..9..3.....91.........2............67.....4..7.9...4....9.",
            "...5.......4.....1..............7....3..............9....5.........6.8..2......",
            "......6.8."
        ));
        let step = first(unique_loops, &m).unwrap();
        assert_eq!(step.name(), "Unique Loop 8 type 1");
        assert_eq!(
            step.to_string(),
            "Unique Loop 8 type 1 (4.7): remove 6 from A2; 8 from A2"
        );
        assert_eq!(step.cells.count_ones(), 8);
    }

    #[test]
    fn the_walk_stops_on_many_alike_squares() {
        // Every square with 1 and 2: the walk has no end in sight.
        let m = board("12", &[]);
        let mut search = Search::new(&m);
        search.pair = 0b11;
        search.extend(0, 2, 0, NO_KIND);
        assert_eq!(search.budget, 0);
        let _ = first(unique_loops, &m);
    }

    #[test]
    fn the_walk_turns_back_at_a_unit_met_twice_at_one_parity() {
        // Digits 1, 2, 3 undecided in the 27 squares where a solved grid has them, A1
        // with 1 and 2 only: Sudoku Explainer's walk visits 684 million squares, this
        // one about 140,000.
        let solved =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let mut board = Board::FULL;
        for (s, c) in solved.bytes().enumerate() {
            let bits = match (s, c) {
                (0, _) => 0b11,
                (_, b'1'..=b'3') => 0b111,
                _ => 0x1F8,
            };
            board.0[s] = Candidates::from_bits(bits);
        }
        let m = Marks::new(&Puzzle::Candidates(board)).unwrap();
        let mut search = Search::new(&m);
        search.pair = 0b11;
        search.extend(0, 2, 0, NO_KIND);
        assert!(WALK_LIMIT - search.budget < 200_000);
    }

    #[test]
    fn difficulties_compare_as_sudoku_explainer_computes_them() {
        // A 6-loop with a naked pair (4.6 + 0.1) comes before an 8-loop of type 1
        // (4.5 + 0.2), which it would tie in tenths.
        assert!(base_rank(6) + f64::from(1u32) * 0.1 < base_rank(8));
        assert_eq!(
            [4, 6, 8, 10, 12].map(|n| ((base_rank(n) + 0.05) * 10.0) as u16),
            [45, 46, 47, 50, 50]
        );
    }
}
