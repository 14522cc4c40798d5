//! Neighbour rules: anti-knight, anti-king, non-consecutive, or any pair operator
//! between neighbours of one kind, over the whole board, the cells of each box (or
//! jigsaw region), of each extra region, or of a listed area, less listed exceptions.
//!
//! Anti-knight and anti-king forbid the same digit a move away, so they are peers:
//! the tables add each pair to both cells' peers (so does any `different`).
//! Non-consecutive forbids digits that differ by one in orthogonally adjacent cells:
//! a [`Relation::NotConsecutive`] on each pair, as any other operator is.

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
    /// The relation holds from each cell to its neighbours of a kind (the
    /// sudoku-puzzle format's `op`, `params` and `where`).
    Related(Relation, Place),
}

/// Which cells are neighbours, for [`NeighbourKind::Related`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// Orthogonally adjacent.
    Orthogonal,
    /// Diagonally adjacent.
    Diagonal,
    /// A king's move apart: orthogonally or diagonally adjacent.
    King,
    /// A knight's move apart.
    Knight,
}

impl Place {
    /// Every place, in the order of [`Place::name`]'s format.
    pub const ALL: [Place; 4] = [
        Place::Orthogonal,
        Place::Diagonal,
        Place::King,
        Place::Knight,
    ];

    /// Its name in the sudoku-puzzle format (`where`).
    pub fn name(self) -> &'static str {
        match self {
            Place::Orthogonal => "orthogonal",
            Place::Diagonal => "diagonal",
            Place::King => "king",
            Place::Knight => "knight",
        }
    }

    /// The steps from a cell to its neighbours later in row-major order, as (row,
    /// column) moves, in the format's order: a rule that is not symmetric holds from
    /// the cell to the neighbour a step away.
    fn steps(self) -> &'static [(isize, isize)] {
        match self {
            Place::Orthogonal => &[(0, 1), (1, 0)],
            Place::Diagonal => &[(1, 1), (1, -1)],
            Place::King => &[(0, 1), (1, 0), (1, 1), (1, -1)],
            Place::Knight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
        }
    }
}

impl NeighbourKind {
    /// Its name in the sudoku-puzzle format (`kind`), and the f-puzzles key of the
    /// same name; `None` for [`NeighbourKind::Related`], written by its operator.
    pub fn name(self) -> Option<&'static str> {
        match self {
            NeighbourKind::AntiKnight => Some("antiknight"),
            NeighbourKind::AntiKing => Some("antiking"),
            NeighbourKind::NonConsecutive => Some("nonconsecutive"),
            NeighbourKind::Related(..) => None,
        }
    }

    /// Which cells it relates.
    pub fn place(self) -> Place {
        match self {
            NeighbourKind::AntiKnight => Place::Knight,
            NeighbourKind::AntiKing => Place::King,
            NeighbourKind::NonConsecutive => Place::Orthogonal,
            NeighbourKind::Related(_, place) => place,
        }
    }

    /// The relation between the two cells of a pair.
    pub fn relation(self) -> Relation {
        match self {
            NeighbourKind::AntiKnight | NeighbourKind::AntiKing => Relation::Different,
            NeighbourKind::NonConsecutive => Relation::NotConsecutive,
            NeighbourKind::Related(relation, _) => relation,
        }
    }
}

/// Where a neighbour rule applies.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Every pair on the board.
    Board,
    /// Pairs inside one box: a box of the grid or a jigsaw region (the sudoku-puzzle
    /// format's `"within": "box"`, its `box` rules).
    WithinBox,
    /// Pairs inside one extra region: a diagonal, a window, a disjoint group or any
    /// other listed one (the format's `"within": "region"`, its `region` rules, as
    /// pencilmark reads it).
    WithinExtraRegion,
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
        self.kind.relation().check(puzzle.size(), at)
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
        // The extra regions, for `WithinExtraRegion`.
        let extra: Vec<&[Cell]> = puzzle
            .houses()
            .iter()
            .filter(|h| h.kind.is_extra())
            .map(|h| h.cells.as_slice())
            .collect();
        let share_extra = |a: Cell, b: Cell| extra.iter().any(|h| h.contains(&a) && h.contains(&b));
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in self.kind.place().steps() {
                    let (r2, c2) = (r + dr, c + dc);
                    if !(0..n).contains(&r2) || !(0..n).contains(&c2) {
                        continue;
                    }
                    let a = (r * n + c) as usize;
                    let b = (r2 * n + c2) as usize;
                    let inside = match &self.scope {
                        Scope::Board => true,
                        Scope::WithinBox => {
                            puzzle.region_of(a).is_some()
                                && puzzle.region_of(a) == puzzle.region_of(b)
                        }
                        Scope::WithinExtraRegion => share_extra(a, b),
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
    use crate::rules::testing::{four_by_four, refusal};
    use crate::rules::DigitPairs;
    use serde_json::json;

    /// The neighbour rule a sudoku-puzzle `neighbours` rule on a 4×4 reads as; written
    /// and read again, the same puzzle.
    fn read(rule: serde_json::Value) -> Neighbours {
        let p = crate::format::sudoku_puzzle::read(&four_by_four(json!([rule])))
            .expect("read")
            .puzzle;
        let written = crate::format::sudoku_puzzle::write(&p, None, None);
        assert_eq!(
            crate::format::sudoku_puzzle::read(&written).unwrap().puzzle,
            p
        );
        p.neighbours()[0].clone()
    }

    #[test]
    fn neighbours_by_any_symmetric_operator() {
        let rule = read(
            json!({"type": "neighbours", "op": "same_third", "params": [],
                               "where": "king"}),
        );
        assert_eq!(
            rule.kind,
            NeighbourKind::Related(Relation::SameThird, Place::King)
        );
        let p = Puzzle::classic(4).unwrap();
        // r1c1's king neighbours: r1c2, r2c1, r2c2.
        assert_eq!(rule.pairs(&p)[..3], [[0, 1], [0, 4], [0, 5]]);
        assert_eq!(rule.pairs(&p).len(), 3 * 4 + 4 * 3 + 2 * 3 * 3);
        // The named kinds stay named (f-puzzles has keys for them); `different` over
        // diagonals is exactly that, not anti-king.
        let named = read(
            json!({"type": "neighbours", "op": "different", "params": [],
                                "where": "knight"}),
        );
        assert_eq!(named.kind, NeighbourKind::AntiKnight);
        let diagonal = read(
            json!({"type": "neighbours", "op": "different", "params": [],
                                   "where": "diagonal"}),
        );
        assert_eq!(diagonal.kind.place(), Place::Diagonal);
        assert_eq!(diagonal.pairs(&p).len(), 2 * 3 * 3);
        // `allowed` holds from a cell to the neighbour a step on.
        let rule = read(
            json!({"type": "neighbours", "op": "allowed", "params": [[[1, 2], [2, 1], [3, 4]]],
                               "where": "orthogonal", "within": "box"}),
        );
        let pairs = DigitPairs::accepted(4, |a, b| [(1, 2), (2, 1), (3, 4)].contains(&(a, b)));
        assert_eq!(
            rule.kind,
            NeighbourKind::Related(Relation::Allowed(pairs), Place::Orthogonal)
        );
        assert_eq!(rule.scope, Scope::WithinBox);
        // Refused: a directed operator, an unknown place, an operator no digits satisfy.
        assert!(refusal(
            json!({"type": "neighbours", "op": "less", "params": [], "where": "king"})
        )
        .contains("symmetric"));
        assert!(refusal(
            json!({"type": "neighbours", "op": "different", "params": [], "where": "queen"})
        )
        .contains("where \"queen\""));
        // f-puzzles has no key for neighbours by operator.
        let mut p = Puzzle::classic(4).unwrap();
        p.add_neighbours(rule).unwrap();
        let e = crate::format::fpuzzles::write(&p, None, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("by operator"), "{e}");
    }

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
    fn within_the_format_s_region_rules() {
        // The diagonals of a 4×4 and one extra region: within `region` is inside one of
        // them; within `box` inside a box.
        let d = four_by_four(json!([
            {"type": "region", "kind": "diagonal", "cells": ["r1c1", "r2c2", "r3c3", "r4c4"]},
            {"type": "region", "kind": "diagonal", "cells": ["r1c4", "r2c3", "r3c2", "r4c1"]},
            {"type": "region", "kind": "extra", "cells": ["r1c1", "r1c2"]},
            {"type": "neighbours", "kind": "antiking", "within": "region"},
            {"type": "neighbours", "kind": "antiking", "within": "box"}
        ]));
        let p = crate::format::sudoku_puzzle::read(&d).unwrap().puzzle;
        let [region, boxed] = p.neighbours() else {
            panic!("two rules")
        };
        assert_eq!(region.scope, Scope::WithinExtraRegion);
        let mut pairs = region.pairs(&p);
        pairs.sort();
        assert_eq!(
            pairs,
            [[0, 1], [0, 5], [3, 6], [5, 10], [6, 9], [9, 12], [10, 15]]
        );
        assert_eq!(boxed.pairs(&p).len(), 4 * 6);
        let written = crate::format::sudoku_puzzle::write(&p, None, None);
        assert_eq!(
            crate::format::sudoku_puzzle::read(&written).unwrap().puzzle,
            p
        );
    }

    #[test]
    fn within_regions_and_exceptions() {
        let p = Puzzle::classic(9).unwrap();
        let mut rule = Neighbours::board(NeighbourKind::AntiKing);
        rule.scope = Scope::WithinBox;
        let pairs = rule.pairs(&p);
        assert!(pairs.iter().all(|&[a, b]| p.region_of(a) == p.region_of(b)));
        rule.except.push([0, 10]);
        assert_eq!(rule.pairs(&p).len(), pairs.len() - 1);
    }
}
