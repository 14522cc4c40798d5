//! `canonical`: one representative of each class of isomorphic grids, so that two
//! puzzles are the same puzzle up to the symmetries of Sudoku (see [`Transform`])
//! exactly when their canonical forms are equal.
//!
//! The canonical form is the image that is greatest when read square by square in
//! row-major order, where an empty square is less than any digit and digits are
//! renamed 1, 2, 3, ... in order of first appearance (smaller names read greater). So
//! it puts as many givens as possible as early as possible, and its digits appear in
//! the order 1, 2, 3, ...
//!
//! ```text
//!   search, row by row, keeping only what ties with the best prefix so far:
//!   row 0   for each orientation and each source row: the best first row holds the
//!           row's givens packed to the left, stacks by given count; every column
//!           arrangement that gives it (no others can) starts a branch
//!   row k   the rows left in the current band (k = 1, 2, 4, 5, 7, 8) or any row of
//!           a band not used yet (k = 3, 6), under the branch's column arrangement;
//!           digits named by first appearance; a row below the best one at k ends
//!           the branch, a row above it becomes the new best
//! ```
//!
//! No allocation; the recursion is 9 deep. A naive reference over all 3,359,232
//! arrangements checks it in the tests.
//!
//! ```
//! use bitdoku_core::{canonical, Grid, Transform};
//! let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()?;
//! let copy = Transform::arrangement(123_457).unwrap()
//!     .with_digits([0, 2, 3, 1, 5, 4, 9, 8, 7, 6]).unwrap()
//!     .apply(&grid);
//! assert_ne!(copy, grid);
//! assert_eq!(canonical(&copy), canonical(&grid));
//! assert_eq!(canonical(&grid).to_string(),
//!     "12.3.....3............4.5...56..7.....4.............18..7...6.....2........8....3");
//! # Ok::<(), bitdoku_core::ParseError>(())
//! ```

use crate::symmetry::PERMS3;
use crate::{Grid, Transform};

/// The canonical form of `grid`: of its images under the 3,359,232 × 9! symmetries
/// (see [`Transform`]), the one that reads greatest square by square in row-major
/// order, an empty square being less than any digit and the digits renamed 1, 2, 3, ...
/// in order of first appearance (smaller names reading greater). Two grids are
/// isomorphic exactly when their forms are equal. Any grid is accepted, valid or not.
pub fn canonical(grid: &Grid) -> Grid {
    canonical_transform(grid).apply(grid)
}

/// A symmetry that takes `grid` to its canonical form (one of them, if the grid has
/// automorphisms).
pub fn canonical_transform(grid: &Grid) -> Transform {
    let mut search = Minlex::new(grid);
    search.run();
    search.found
}

/// Every order of a stack's three columns.
const ALL6: [u8; 6] = [0, 1, 2, 3, 4, 5];

/// True if a digit appears twice in `row`.
fn repeats(row: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for &v in row {
        let bit = 1u16 << v;
        if v != 0 && seen & bit != 0 {
            return true;
        }
        seen |= bit;
    }
    false
}

/// The search state; see the module docs. Keys: 0 for an empty square, `10 -
/// name` for a digit, so that greater is better.
struct Minlex {
    /// `src[t][r][c]`: the grid (t = 0) and its transpose (t = 1).
    src: [[[u8; 9]; 9]; 2],
    /// The orientation of the current branch.
    t: usize,
    /// The branch's source column of each column.
    cols: [u8; 9],
    /// The branch's source row of each row so far.
    rows: [u8; 9],
    /// The best keys found, row by row; rows `..bound` are valid.
    best: [[u8; 9]; 9],
    bound: usize,
    /// The transform of the last branch that reached the end (it equals the best).
    found: Transform,
}

impl Minlex {
    fn new(grid: &Grid) -> Minlex {
        let v = grid.values();
        Minlex {
            src: [
                core::array::from_fn(|r| core::array::from_fn(|c| v[r * 9 + c] % 10)),
                core::array::from_fn(|r| core::array::from_fn(|c| v[c * 9 + r] % 10)),
            ],
            t: 0,
            cols: [0; 9],
            rows: [0; 9],
            best: [[0; 9]; 9],
            bound: 0,
            found: Transform::IDENTITY,
        }
    }

    /// Compares `row` with the best row `k` and takes it if greater; false if less.
    fn offer(&mut self, k: usize, row: &[u8; 9]) -> bool {
        if k < self.bound {
            match row.cmp(&self.best[k]) {
                core::cmp::Ordering::Less => return false,
                core::cmp::Ordering::Equal => return true,
                core::cmp::Ordering::Greater => {}
            }
        }
        self.best[k] = *row;
        self.bound = k + 1;
        true
    }

    fn run(&mut self) {
        // Rows with the most givens first, so that the best first row is found early
        // and the filter below skips the rest.
        let mut order: [(u8, u8, u8); 18] = core::array::from_fn(|i| {
            let (t, r) = (i / 9, i % 9);
            let n = self.src[t][r].iter().filter(|&&v| v != 0).count() as u8;
            (9 - n, t as u8, r as u8)
        });
        order.sort_unstable();
        for (_, t, r0) in order {
            let t = usize::from(t);
            self.t = t;
            {
                let row = self.src[t][usize::from(r0)];
                let given: [u8; 9] = core::array::from_fn(|c| u8::from(row[c] != 0));
                let count: [u8; 3] = core::array::from_fn(|s| given[3 * s..3 * s + 3].iter().sum());
                // Without repeated digits the best first row has the givens packed
                // left, stacks by count, named 1, 2, 3, ... in order; a row whose packed
                // givens fall below the best first row's givens cannot win.
                let mut sorted = count;
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                let packed: [u8; 9] =
                    core::array::from_fn(|c| u8::from(c % 3 < usize::from(sorted[c / 3])));
                let repeated = repeats(&row);
                if !repeated && self.bound > 0 && packed < self.best[0].map(|k| u8::from(k != 0)) {
                    continue;
                }
                self.rows[0] = r0;
                // Within a stack: the orders that put its givens first.
                let inner: [([u8; 6], usize); 3] = core::array::from_fn(|s| {
                    let mut ok = [0u8; 6];
                    let mut n = 0;
                    for (i, p) in PERMS3.iter().enumerate() {
                        let g = p.map(|x| given[3 * s + usize::from(x)]);
                        if g[0] >= g[1] && g[1] >= g[2] {
                            ok[n] = i as u8;
                            n += 1;
                        }
                    }
                    (ok, n)
                });
                let [(o0, n0), (o1, n1), (o2, n2)] = inner;
                // With a digit twice in the row, the packing argument fails (11.2 is
                // above 123): every column arrangement is tried.
                let [(o0, n0), (o1, n1), (o2, n2)] = if repeated {
                    [(ALL6, 6); 3]
                } else {
                    [(o0, n0), (o1, n1), (o2, n2)]
                };
                for outer in PERMS3 {
                    let c = outer.map(|s| count[usize::from(s)]);
                    if (c[0] < c[1] || c[1] < c[2]) && !repeated {
                        continue;
                    }
                    for &a in &o0[..n0] {
                        for &b in &o1[..n1] {
                            for &d in &o2[..n2] {
                                let within = [a, b, d];
                                for (pos, col) in self.cols.iter_mut().enumerate() {
                                    let stack = outer[pos / 3];
                                    let p = PERMS3[usize::from(within[usize::from(stack)])];
                                    *col = stack * 3 + p[pos % 3];
                                }
                                self.try_row(0, r0, 0, [0; 10], 9);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Chooses row `k` of the branch; `used` holds the source rows taken, `names` the
    /// keys of the digits named so far, `next` the next key to give.
    fn descend(&mut self, k: usize, used: u16, names: [u8; 10], next: u8) {
        if k == 9 {
            self.found = self.transform(&names);
            return;
        }
        let (first, count) = if !k.is_multiple_of(3) {
            (self.rows[k - 1] / 3 * 3, 3)
        } else {
            (0, 9)
        };
        for r in first..first + count {
            let taken = if !k.is_multiple_of(3) {
                used >> r & 1 != 0
            } else {
                used >> (r / 3 * 3) & 7 != 0
            };
            if !taken {
                self.try_row(k, r, used, names, next);
            }
        }
    }

    /// Puts source row `r` at row `k` of the branch and goes on unless it falls below
    /// the best row `k`.
    fn try_row(&mut self, k: usize, r: u8, used: u16, mut names: [u8; 10], mut next: u8) {
        let row = &self.src[self.t][usize::from(r)];
        let mut keys = [0u8; 9];
        // Equal so far to the best row k (when there is one): compare as we go.
        let mut tied = k < self.bound;
        for (j, key) in keys.iter_mut().enumerate() {
            let v = usize::from(row[usize::from(self.cols[j])]);
            if v != 0 {
                if names[v] == 0 {
                    names[v] = next;
                    next -= 1;
                }
                *key = names[v];
            }
            if tied {
                let best = self.best[k][j];
                if *key < best {
                    return;
                }
                tied = *key == best;
            }
        }
        if self.offer(k, &keys) {
            self.rows[k] = r;
            self.descend(k + 1, used | 1 << r, names, next);
        }
    }

    /// The branch's transform, with the digits not in the grid named after the others.
    fn transform(&self, names: &[u8; 10]) -> Transform {
        let mut digits = [0u8; 10];
        let mut next = 1;
        for d in 1..10 {
            if names[d] != 0 {
                digits[d] = 10 - names[d];
                next += 1;
            }
        }
        for d in 1..10 {
            if names[d] == 0 {
                digits[d] = next;
                next += 1;
            }
        }
        Transform::new(self.t == 1, self.rows, self.cols, digits).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::ARRANGEMENTS;
    use proptest::prelude::*;

    /// The canonical form by brute force: every arrangement, digits named by first
    /// appearance, the greatest keys.
    fn naive(grid: &Grid) -> Grid {
        let v = grid.values();
        let mut best = [0u8; 81];
        let mut best_grid = Grid::EMPTY;
        for n in 0..ARRANGEMENTS {
            let t = Transform::arrangement(n).unwrap();
            let mut names = [0u8; 10];
            let mut next = 9;
            let mut keys = [0u8; 81];
            for (i, key) in keys.iter_mut().enumerate() {
                let d = usize::from(v[t.source(i)]);
                if d != 0 {
                    if names[d] == 0 {
                        names[d] = next;
                        next -= 1;
                    }
                    *key = names[d];
                }
            }
            if keys > best {
                best = keys;
                best_grid = Grid::from_values(keys.map(|k| if k == 0 { 0 } else { 10 - k }));
            }
        }
        best_grid
    }

    fn sparse_grid() -> impl Strategy<Value = Grid> {
        proptest::collection::vec((0usize..81, 1u8..10), 0..30).prop_map(|givens| {
            let mut values = [0u8; 81];
            for (s, d) in givens {
                values[s] = d;
            }
            Grid::from_values(values)
        })
    }

    fn any_transform() -> impl Strategy<Value = Transform> {
        (
            0..ARRANGEMENTS,
            Just([1u8, 2, 3, 4, 5, 6, 7, 8, 9]).prop_shuffle(),
        )
            .prop_map(|(n, digits)| {
                let mut d = [0u8; 10];
                d[1..].copy_from_slice(&digits);
                Transform::arrangement(n).unwrap().with_digits(d).unwrap()
            })
    }

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLVED1: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn agrees_with_naive_on_known_grids() {
        let grid: Grid = GRID1.parse().unwrap();
        assert_eq!(canonical(&grid), naive(&grid));
        assert_eq!(canonical(&Grid::EMPTY), Grid::EMPTY);
    }

    #[test]
    fn solved_grid_starts_with_the_digits_in_order() {
        let grid: Grid = SOLVED1.parse().unwrap();
        let canon = canonical(&grid);
        assert!(canon.is_solved());
        assert!(canon.to_string().starts_with("123456789"), "{canon}");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2, ..ProptestConfig::default() })]

        /// Against the brute force on random sparse grids and a one-square change of
        /// each (a near miss: usually not isomorphic, and then the forms must differ).
        #[test]
        fn agrees_with_naive(grid in sparse_grid(), square in 0usize..81, digit in 0u8..10) {
            let canon = canonical(&grid);
            prop_assert_eq!(canon, naive(&grid));
            let mut values = *grid.values();
            values[square] = digit;
            let near = Grid::from_values(values);
            let near_canon = canonical(&near);
            prop_assert_eq!(near_canon, naive(&near));
            prop_assert_eq!(near_canon == canon, naive(&near) == naive(&grid));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Equal on permuted copies, and the returned transform gives the form.
        #[test]
        fn equal_on_permuted_copies(grid in sparse_grid(), t in any_transform()) {
            let copy = t.apply(&grid);
            let canon = canonical(&grid);
            prop_assert_eq!(canonical(&copy), canon);
            prop_assert_eq!(canonical_transform(&copy).apply(&copy), canon);
            prop_assert_eq!(canon.givens(), grid.givens());
            prop_assert_eq!(canonical(&canon), canon);
        }
    }
}
