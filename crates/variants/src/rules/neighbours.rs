//! Neighbour rules: anti-knight, anti-king, non-consecutive, over the whole board, the
//! cells of each box or region, or a listed area, less listed exceptions.
//!
//! Anti-knight and anti-king forbid the same digit a move away, so they are peers:
//! the tables add each pair to both cells' peers. Non-consecutive forbids digits that
//! differ by one in orthogonally adjacent cells: a [`Relation::NotConsecutive`] on
//! each pair.

use super::Relation;
use crate::puzzle::{At, Cell, ModelError, Puzzle};

/// Which neighbours a rule relates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NeighbourKind {
    /// Cells a knight's move apart hold different digits.
    AntiKnight,
    /// Cells a king's move apart (diagonally touching) hold different digits.
    AntiKing,
    /// Orthogonally adjacent cells do not hold consecutive digits.
    NonConsecutive,
}

impl NeighbourKind {
    /// Its name in the sudoku-puzzle format.
    pub fn name(self) -> &'static str {
        match self {
            NeighbourKind::AntiKnight => "antiknight",
            NeighbourKind::AntiKing => "antiking",
            NeighbourKind::NonConsecutive => "nonconsecutive",
        }
    }

    /// The moves, as (row, column) steps, one of each opposite pair.
    fn steps(self) -> &'static [(isize, isize)] {
        match self {
            NeighbourKind::AntiKnight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
            NeighbourKind::AntiKing => &[(1, 1), (1, -1), (0, 1), (1, 0)],
            NeighbourKind::NonConsecutive => &[(0, 1), (1, 0)],
        }
    }

    /// The relation between the two cells of a pair.
    pub fn relation(self) -> Relation {
        match self {
            NeighbourKind::AntiKnight | NeighbourKind::AntiKing => Relation::Different,
            NeighbourKind::NonConsecutive => Relation::NotConsecutive,
        }
    }
}

/// Where a neighbour rule applies.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Every pair on the board.
    Board,
    /// Pairs inside one box or region.
    WithinRegion,
    /// Pairs with both cells in this area.
    Area(Vec<Cell>),
}

/// A neighbour rule.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Neighbours {
    /// Which neighbours.
    pub kind: NeighbourKind,
    /// Where.
    pub scope: Scope,
    /// Pairs the rule does not hold for.
    pub except: Vec<[Cell; 2]>,
}

impl Neighbours {
    /// The rule over the whole board.
    pub fn board(kind: NeighbourKind) -> Neighbours {
        Neighbours {
            kind,
            scope: Scope::Board,
            except: Vec::new(),
        }
    }

    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let area = match &self.scope {
            Scope::Area(cells) => cells.as_slice(),
            _ => &[],
        };
        for &c in area.iter().chain(self.except.iter().flatten()) {
            if c >= puzzle.cells() {
                return Err(ModelError::new(at, format!("cell {c} is off the board")));
            }
        }
        Ok(())
    }

    /// The pairs of cells the rule relates, each once, in row-major order of their
    /// first cell.
    pub fn pairs(&self, puzzle: &Puzzle) -> Vec<[Cell; 2]> {
        let n = puzzle.size() as isize;
        let mut in_area = Vec::new();
        if let Scope::Area(cells) = &self.scope {
            in_area = vec![false; puzzle.cells()];
            for &c in cells {
                in_area[c] = true;
            }
        }
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in self.kind.steps() {
                    let (r2, c2) = (r + dr, c + dc);
                    if !(0..n).contains(&r2) || !(0..n).contains(&c2) {
                        continue;
                    }
                    let a = (r * n + c) as usize;
                    let b = (r2 * n + c2) as usize;
                    let inside = match &self.scope {
                        Scope::Board => true,
                        Scope::WithinRegion => {
                            puzzle.region_of(a).is_some()
                                && puzzle.region_of(a) == puzzle.region_of(b)
                        }
                        Scope::Area(_) => in_area[a] && in_area[b],
                    };
                    let excepted = self
                        .except
                        .iter()
                        .any(|&[x, y]| (x, y) == (a, b) || (x, y) == (b, a));
                    if inside && !excepted {
                        out.push([a, b]);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_pairs_on_a_board() {
        let p = Puzzle::latin(9).unwrap();
        let pairs = Neighbours::board(NeighbourKind::AntiKnight).pairs(&p);
        // Each cell's knight moves, counted once per pair: 2 * 8 * 7 = 112 on 9x9... per
        // direction pair (1,2): 8*7, (2,1): 7*8, and their mirrors: 4 * 56.
        assert_eq!(pairs.len(), 4 * 56);
        assert!(pairs.contains(&[0, 11]));
        let centre = p.cell(4, 4);
        let touching = pairs.iter().filter(|p| p.contains(&centre)).count();
        assert_eq!(touching, 8);
    }

    #[test]
    fn within_regions_and_exceptions() {
        let p = Puzzle::classic(9).unwrap();
        let mut rule = Neighbours::board(NeighbourKind::AntiKing);
        rule.scope = Scope::WithinRegion;
        let pairs = rule.pairs(&p);
        assert!(pairs.iter().all(|&[a, b]| p.region_of(a) == p.region_of(b)));
        rule.except.push([0, 10]);
        assert_eq!(rule.pairs(&p).len(), pairs.len() - 1);
    }
}
