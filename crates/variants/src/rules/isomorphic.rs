//! Isomorphic regions (Twins): two regions of the same size hold the same pattern of
//! digits under one relabelling: a fixed one-to-one map of the digits sends the digit
//! of each cell of the first region to the digit of the corresponding cell of the
//! second.
//!
//! Read from the sudoku-puzzle rule `{"type": "isomorphic", "regions": [[...], [...]]}`
//! (two regions of equal sizes, cells corresponding in order) and written back to it;
//! f-puzzles has no such key.
//!
//! Propagation: the corresponding pairs whose digits are both placed fix part of the
//! map (two pairs giving a digit two images, or two digits one image, is a
//! contradiction). Each cell of the first region then keeps the digits whose image its
//! partner can still hold, and each partner the images its first cell's digits can
//! still have: a fixed digit's image, or any digit no fixed digit has taken.

use super::{Cells, Compiled, Prop};
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle, MAX_SIZE};
use crate::state::{Contradiction, Step};
use serde_json::{json, Value};

/// Isomorphic regions; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Isomorphic {
    /// The two regions, of equal sizes: the `i`-th cells correspond.
    pub regions: [Vec<Cell>; 2],
}

impl Isomorphic {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let [a, b] = &self.regions;
        super::check_cells(a, puzzle, at)?;
        super::check_cells(b, puzzle, at)?;
        if a.len() != b.len() || a.is_empty() {
            return Err(ModelError::new(
                at,
                "isomorphic regions have the same number of cells, one or more",
            ));
        }
        Ok(())
    }

    /// The cells the rule reads.
    pub fn cells(&self) -> Vec<Cell> {
        self.regions.iter().flatten().copied().collect()
    }

    /// The brute-force definition: the corresponding digits make a one-to-one map.
    pub fn holds(&self, values: &[u8]) -> bool {
        let mut image = [0u8; MAX_SIZE + 1];
        let mut preimage = [0u8; MAX_SIZE + 1];
        self.regions[0]
            .iter()
            .zip(&self.regions[1])
            .all(|(&a, &b)| {
                let (x, y) = (usize::from(values[a]), usize::from(values[b]));
                let fits = (image[x] == 0 || usize::from(image[x]) == y)
                    && (preimage[y] == 0 || usize::from(preimage[y]) == x);
                image[x] = y as u8;
                preimage[y] = x as u8;
                fits
            })
    }

    pub(crate) fn compile(&self, out: &mut Compiled) {
        let pair = |i: usize| [self.regions[0][i] as u16, self.regions[1][i] as u16];
        out.props.push(Prop::Isomorphic(Relabel {
            pairs: (0..self.regions[0].len()).map(pair).collect(),
        }));
    }

    /// From a sudoku-puzzle `isomorphic` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Isomorphic, Error> {
        let list = rule.need("regions")?;
        let regions = list.items()?;
        if regions.len() != 2 {
            return Err(list.error("isomorphic takes two regions"));
        }
        Ok(Isomorphic {
            regions: [
                read_cells(&regions[0], size)?,
                read_cells(&regions[1], size)?,
            ],
        })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let [a, b] = &self.regions;
        json!({"type": "isomorphic", "regions": [super::names(puzzle, a), super::names(puzzle, b)]})
    }
}

/// Isomorphic regions, compiled: the corresponding pairs of cells.
#[derive(Clone, Debug)]
pub(crate) struct Relabel {
    pairs: Box<[[u16; 2]]>,
}

impl Relabel {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        self.pairs
            .iter()
            .flatten()
            .map(|&c| usize::from(c))
            .collect()
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        // The part of the map the placed pairs fix: image[x] (a bit) of digit bit x.
        let mut image = [0u32; MAX_SIZE];
        let (mut from, mut to) = (0u32, 0u32);
        for &[a, b] in self.pairs.iter() {
            let (x, y) = (cells.get(usize::from(a)), cells.get(usize::from(b)));
            if !(x.is_power_of_two() && y.is_power_of_two()) {
                continue;
            }
            let i = x.trailing_zeros() as usize;
            match image[i] {
                0 if to & y == 0 => {
                    image[i] = y;
                    from |= x;
                    to |= y;
                }
                known if known == y => {}
                _ => return Err(Contradiction),
            }
        }
        for &[a, b] in self.pairs.iter() {
            let (a, b) = (usize::from(a), usize::from(b));
            // The images the first cell's digits may have.
            let xs = cells.get(a);
            let mut images = 0;
            let mut rest = xs;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                images |= if from >> i & 1 != 0 { image[i] } else { !to };
            }
            cells.restrict(b, images)?;
            // The digits whose image the partner may hold.
            let ys = cells.get(b);
            let mut keep = if ys & !to != 0 { !from } else { 0 };
            let mut fixed = from;
            while fixed != 0 {
                let i = fixed.trailing_zeros() as usize;
                fixed &= fixed - 1;
                if image[i] & ys != 0 {
                    keep |= 1 << i;
                }
            }
            cells.restrict(a, keep)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{m, Marks};
    use crate::rules::Rule;

    fn twins() -> Isomorphic {
        Isomorphic {
            regions: [vec![0, 1, 2], vec![3, 4, 5]],
        }
    }

    #[test]
    fn the_digits_correspond_one_to_one() {
        let t = twins();
        assert!(t.holds(&[1, 2, 1, 3, 4, 3]));
        assert!(!t.holds(&[1, 2, 1, 3, 4, 4]));
        assert!(!t.holds(&[1, 2, 3, 4, 4, 1]));
    }

    #[test]
    fn placed_pairs_fix_the_map() {
        let mut out = Compiled::default();
        twins().compile(&mut out);
        let Some(Prop::Isomorphic(p)) = out.props.pop() else {
            panic!()
        };
        // 1 -> 3 is fixed (cells 0 and 3): the 2 of cell 1 sends its partner, cell 4,
        // anywhere but 3; cell 2 may be 1 (its partner 3) or 4 (anything but 3).
        let full = m(&[1, 2, 3, 4]);
        let mut g = Marks(vec![m(&[1]), m(&[2]), m(&[1, 4]), m(&[3]), full, full]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[4], m(&[1, 2, 4]));
        assert_eq!((g.0[2], g.0[5]), (m(&[1, 4]), full));
        // Cell 2 can only be 4 once its partner cannot be 3.
        let mut g = Marks(vec![
            m(&[1]),
            m(&[2]),
            m(&[1, 4]),
            m(&[3]),
            full,
            m(&[1, 2]),
        ]);
        p.propagate(&mut g).unwrap();
        assert_eq!(g.0[2], m(&[4]));
        // 1 -> 3 and 1 -> 4: a contradiction.
        let mut g = Marks(vec![m(&[1]), m(&[1]), full, m(&[3]), m(&[4]), full]);
        assert!(p.propagate(&mut g).is_err());
    }

    #[test]
    fn sudoku_puzzle_round_trips() {
        let mut p = Puzzle::classic(4).unwrap();
        p.add_rule(Rule::Isomorphic(twins())).unwrap();
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(back.puzzle, p);
        assert!(fpuzzles::write(&p, None, None).is_err());
        let bad = Isomorphic {
            regions: [vec![0, 1], vec![2]],
        };
        assert!(bad.check(&p, At::Rule(0)).is_err());
    }
}
