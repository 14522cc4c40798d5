//! The simple techniques Sudoku Explainer uses inside dynamic chains of level 1 and
//! up, on bitboards: pointing and claiming, hidden pairs, naked pairs and X-wings,
//! each in the order of its rung ([`crate::steps::intersections`],
//! [`crate::steps::subsets`], [`crate::steps::fish`]), handing each deduction that
//! rests on candidates the chain has taken out (its parents) with its removals. They
//! run every time a chain's queues run dry, so they skip the rungs' `Step`s.

use super::advanced::Results;
use super::node::{node, Node};
use super::store::NO_NESTED;
use crate::steps::marks::Marks;
use crate::steps::units::{boxes_columns_rows, BOXES, COLUMNS, ROWS};
use bitdoku_core::{UNITS, UNIT_SQUARES};

/// Scratch space for one deduction.
struct Scratch {
    parents: Vec<Node>,
    cells: Vec<(usize, u16)>,
}

impl Scratch {
    fn clear(&mut self) {
        self.parents.clear();
        self.cells.clear();
    }

    /// Appends the nodes "off" of digit `d + 1` in a set of squares.
    fn parents_of(&mut self, mut set: u128, d: usize) {
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            self.parents.push(node(s, d, false));
        }
    }

    /// Appends the squares of a set, each with digit `d + 1`, in unit `u`'s order.
    fn cells_in_unit(&mut self, set: u128, u: usize, d: usize) {
        for sq in UNITS[u] {
            let s = sq.index();
            if set >> s & 1 == 1 {
                self.cells.push((s, 1 << d));
            }
        }
    }
}

/// The candidates of digit `d + 1` that `source` has and `grid` has not in `squares`.
#[inline]
fn gone(source: &Marks, grid: &Marks, d: usize, squares: u128) -> u128 {
    source.places(d) & !grid.places(d) & squares
}

/// The first of the four techniques that finds a deduction resting on the chain:
/// all its deductions that do, into `results`. `placed[d]`: how many squares hold
/// digit `d + 1`.
///
/// A deduction rests on the chain only if a unit or square it reads has lost
/// candidates: the searches skip the others.
pub(super) fn simple(grid: &Marks, source: &Marks, placed: &[u32; 9], results: &mut Results) {
    let mut scratch = Scratch {
        parents: Vec::new(),
        cells: Vec::new(),
    };
    let lost: [u128; 9] = core::array::from_fn(|d| gone(source, grid, d, !0));
    if lost.iter().all(|&l| l == 0) {
        return;
    }
    locking(grid, source, &lost, &mut scratch, results);
    if results.is_empty() {
        hidden_pairs(grid, source, &lost, &mut scratch, results);
    }
    if results.is_empty() {
        naked_pairs(grid, source, &lost, &mut scratch, results);
    }
    if results.is_empty() {
        x_wings(grid, source, placed, &lost, &mut scratch, results);
    }
}

/// The lines that cross box `b` (columns or rows), or the boxes that cross line `u`.
#[inline]
fn crossing(u: usize, columns: bool) -> [usize; 3] {
    if u >= 18 {
        let b = u - 18;
        if columns {
            let c = 9 + b % 3 * 3;
            [c, c + 1, c + 2]
        } else {
            let r = b / 3 * 3;
            [r, r + 1, r + 2]
        }
    } else if u >= 9 {
        let c = (u - 9) / 3;
        [18 + c, 21 + c, 24 + c]
    } else {
        let r = u / 3 * 3;
        [18 + r, 19 + r, 20 + r]
    }
}

/// Pointing and claiming: box and column, box and row, column and box, row and box;
/// then digits, the confining unit, the other.
fn locking(
    grid: &Marks,
    source: &Marks,
    lost: &[u128; 9],
    scratch: &mut Scratch,
    results: &mut Results,
) {
    for (kind1, columns) in [
        (BOXES, true),
        (BOXES, false),
        (COLUMNS, false),
        (ROWS, false),
    ] {
        for (d, &lost) in lost.iter().enumerate() {
            if lost == 0 {
                continue;
            }
            let places = grid.places(d);
            for r1 in kind1.clone() {
                let inside = places & UNIT_SQUARES[r1];
                if inside.count_ones() < 2 || lost & UNIT_SQUARES[r1] == 0 {
                    continue;
                }
                for r2 in crossing(r1, columns) {
                    if inside & !UNIT_SQUARES[r2] != 0 {
                        continue;
                    }
                    let removes = places & UNIT_SQUARES[r2] & !UNIT_SQUARES[r1];
                    if removes == 0 {
                        continue;
                    }
                    let parents = gone(source, grid, d, UNIT_SQUARES[r1] & !UNIT_SQUARES[r2]);
                    if parents == 0 {
                        continue;
                    }
                    scratch.clear();
                    scratch.parents_of(parents, d);
                    scratch.cells_in_unit(removes, r2, d);
                    results.push(&scratch.cells, &scratch.parents, NO_NESTED);
                }
            }
        }
    }
}

/// The pairs of 0..9 in Sudoku Explainer's order: (0, 1), (0, 2), (1, 2), (0, 3), ...
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
}

/// Hidden pairs: boxes, columns, rows (with more than four open squares), pairs of
/// digits.
fn hidden_pairs(
    grid: &Marks,
    source: &Marks,
    lost: &[u128; 9],
    scratch: &mut Scratch,
    results: &mut Results,
) {
    let open = !grid.solved();
    for u in boxes_columns_rows() {
        let unit = UNIT_SQUARES[u];
        let touched = (0..9).fold(0u16, |m, d| m | (u16::from(lost[d] & unit != 0) << d));
        if touched == 0 || (unit & open).count_ones() <= 4 {
            continue;
        }
        let positions: [u128; 9] = core::array::from_fn(|d| grid.places(d) & unit);
        // Both digits of a hidden pair have the same two places.
        let two = (0..9).fold(0u16, |m, d| {
            m | (u16::from(positions[d].count_ones() == 2) << d)
        });
        if two.count_ones() < 2 {
            continue;
        }
        for (lo, hi) in pairs() {
            if two >> lo & 1 == 0 || two >> hi & 1 == 0 || touched & (1 << lo | 1 << hi) == 0 {
                continue;
            }
            let (a, b) = (positions[lo], positions[hi]);
            if a != b {
                continue;
            }
            let mine = a | b;
            let digits: u16 = 1 << lo | 1 << hi;
            let s1 = mine.trailing_zeros() as usize;
            let s2 = 127 - mine.leading_zeros() as usize;
            let (o1, o2) = (grid.candidates(s1) & !digits, grid.candidates(s2) & !digits);
            if o1 | o2 == 0 {
                continue;
            }
            scratch.clear();
            let mut rest = unit & !mine;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let c = source.candidates(s);
                for d in [lo, hi] {
                    if c >> d & 1 == 1 {
                        scratch.parents.push(node(s, d, false));
                    }
                }
            }
            if scratch.parents.is_empty() {
                continue;
            }
            for (s, o) in [(s1, o1), (s2, o2)] {
                if o != 0 {
                    scratch.cells.push((s, o));
                }
            }
            results.push(&scratch.cells, &scratch.parents, NO_NESTED);
        }
    }
}

/// Naked pairs: boxes, columns, rows (with four open squares or more), pairs of
/// squares in unit order.
fn naked_pairs(
    grid: &Marks,
    source: &Marks,
    lost: &[u128; 9],
    scratch: &mut Scratch,
    results: &mut Results,
) {
    let open = !grid.solved();
    let changed = lost.iter().fold(0u128, |m, &l| m | l);
    for u in boxes_columns_rows() {
        let unit = UNIT_SQUARES[u];
        if unit & changed == 0 || (unit & open).count_ones() < 4 {
            continue;
        }
        let squares = &UNITS[u];
        // Both squares of a naked pair have the same two candidates.
        let two: u16 = (0..9).fold(0, |m, i| {
            m | (u16::from(grid.candidates(squares[i].index()).count_ones() == 2) << i)
        });
        if two.count_ones() < 2 {
            continue;
        }
        for (lo, hi) in pairs() {
            if two >> lo & 1 == 0 || two >> hi & 1 == 0 {
                continue;
            }
            let (s1, s2) = (squares[lo].index(), squares[hi].index());
            if changed & (1u128 << s1 | 1u128 << s2) == 0 {
                continue;
            }
            let (a, b) = (grid.candidates(s1), grid.candidates(s2));
            if a != b {
                continue;
            }
            let digits = a | b;
            let others = unit & !(1u128 << s1) & !(1u128 << s2);
            let mut any = false;
            let mut ds = digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                any |= grid.places(d) & others != 0;
            }
            if !any {
                continue;
            }
            scratch.clear();
            for s in [s1, s2] {
                let mut gone = source.candidates(s) & !digits;
                while gone != 0 {
                    let d = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    scratch.parents.push(node(s, d, false));
                }
            }
            if scratch.parents.is_empty() {
                continue;
            }
            for sq in squares {
                let s = sq.index();
                if others >> s & 1 == 1 {
                    let c = grid.candidates(s) & digits;
                    if c != 0 {
                        scratch.cells.push((s, c));
                    }
                }
            }
            results.push(&scratch.cells, &scratch.parents, NO_NESTED);
        }
    }
}

/// The positions (0..9, the unit's order) of the two squares of `set` in line `u`.
#[inline]
fn pair_positions(u: usize, set: u128) -> u16 {
    let a = set.trailing_zeros() as usize;
    let b = 127 - set.leading_zeros() as usize;
    if u < 9 {
        1 << (a % 9) | 1 << (b % 9)
    } else {
        1 << (a / 9) | 1 << (b / 9)
    }
}

/// X-wings: columns as the base, then rows; pairs of base lines; digits with at most
/// five squares placed.
fn x_wings(
    grid: &Marks,
    source: &Marks,
    placed: &[u32; 9],
    lost: &[u128; 9],
    scratch: &mut Scratch,
    results: &mut Results,
) {
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        // For each digit: the base lines where it has two places, and those places.
        let mut twos = [0u16; 9];
        let mut spots = [[0u16; 9]; 9];
        for (d, &count) in placed.iter().enumerate() {
            if count + 4 > 9 || lost[d] == 0 {
                continue;
            }
            let places = grid.places(d);
            for (i, u) in base.clone().enumerate() {
                let p = places & UNIT_SQUARES[u];
                if p.count_ones() == 2 {
                    twos[d] |= 1 << i;
                    spots[d][i] = pair_positions(u, p);
                }
            }
        }
        if twos.iter().all(|&t| t.count_ones() < 2) {
            continue;
        }
        for (lo, hi) in pairs() {
            let (b1, b2) = (base.start + lo, base.start + hi);
            let both = UNIT_SQUARES[b1] | UNIT_SQUARES[b2];
            for d in 0..9 {
                if twos[d] >> lo & 1 == 0
                    || twos[d] >> hi & 1 == 0
                    || lost[d] & both == 0
                    || spots[d][lo] != spots[d][hi]
                {
                    continue;
                }
                let places = grid.places(d);
                let lines = spots[d][lo];
                let c1 = cover.start + lines.trailing_zeros() as usize;
                let c2 = cover.start + 15 - lines.leading_zeros() as usize;
                let cover_squares = UNIT_SQUARES[c1] | UNIT_SQUARES[c2];
                let bases = UNIT_SQUARES[b1] | UNIT_SQUARES[b2];
                let removes = places & cover_squares & !bases;
                if removes == 0 {
                    continue;
                }
                scratch.clear();
                for b in [b1, b2] {
                    scratch.parents_of(gone(source, grid, d, UNIT_SQUARES[b] & !cover_squares), d);
                }
                if scratch.parents.is_empty() {
                    continue;
                }
                for c in [c1, c2] {
                    scratch.cells_in_unit(removes & UNIT_SQUARES[c], c, d);
                }
                results.push(&scratch.cells, &scratch.parents, NO_NESTED);
            }
        }
    }
}
