//! Edge marks: a clue on the edge between two orthogonally adjacent cells.
//!
//! - kropki dots: white, the two digits are consecutive; black, one is twice the other;
//! - XV: X, the two digits add up to 10; V, to 5;
//! - the numbered edges of the sudoku-puzzle format (a difference, ratio, sum or
//!   product of the two digits) and its greater-than sign (`less`: the first cell's
//!   digit is less than the second's).
//!
//! Read from the sudoku-puzzle rule `{"type": "edge", "kind": "kropki", "color":
//! "white", "cells": ["r1c1", "r1c2"]}` (kinds `kropki` with `color`, `xv` with
//! `letter`, `difference`, `ratio` and `product` with `value`, `sum` with `sum`, and
//! `less`), and from the f-puzzles keys `difference` (a white dot, or the difference
//! in `value`), `ratio` (a black dot, or the ratio in `value`) and `xv` (`value` "X"
//! or "V"); written back to both (f-puzzles has no sum, product or greater-than edge).
//!
//! Propagation: a mark is a [`Relation`] on its pair of cells, kept arc-consistent:
//! each cell keeps the digits that some digit of the other allows (a white dot beside
//! a 5 leaves 4 and 6; a black dot leaves 1, 2, 3, 4, 6, 8 on 9×9 and, beside {3, 5},
//! only 6; an X beside {1, 2} leaves 8 and 9).

use super::{Compiled, Relation};
use crate::format::json::Value as Json;
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// The mark on an edge.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    /// A white kropki dot: the digits are consecutive.
    White,
    /// A black kropki dot: one digit is twice the other.
    Black,
    /// An X: the digits add up to 10.
    X,
    /// A V: the digits add up to 5.
    V,
    /// The digits differ by this much.
    Difference(u8),
    /// One digit is this many times the other.
    Ratio(u8),
    /// The digits add up to this.
    Sum(u8),
    /// The digits multiply to this.
    Product(u16),
    /// The first cell's digit is less than the second's (a greater-than sign).
    Less,
}

/// The families of marks, as the sudoku-puzzle format's edge kinds name them: a
/// negative constraint spares the pairs that carry a mark of its family.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Family {
    /// White and black dots.
    Kropki,
    /// X and V.
    Xv,
    /// Numbered differences.
    Difference,
    /// Numbered ratios.
    Ratio,
    /// Numbered sums.
    Sum,
    /// Numbered products.
    Product,
    /// Greater-than signs.
    Less,
}

impl Family {
    /// Its name: the sudoku-puzzle edge kind.
    pub fn name(self) -> &'static str {
        match self {
            Family::Kropki => "kropki",
            Family::Xv => "xv",
            Family::Difference => "difference",
            Family::Ratio => "ratio",
            Family::Sum => "sum",
            Family::Product => "product",
            Family::Less => "less",
        }
    }
}

impl Mark {
    /// The relation between the first cell's digit and the second's.
    pub fn relation(self) -> Relation {
        match self {
            Mark::White => Relation::Difference(1),
            Mark::Black => Relation::Ratio(2),
            Mark::X => Relation::Sum(10),
            Mark::V => Relation::Sum(5),
            Mark::Difference(k) => Relation::Difference(k),
            Mark::Ratio(k) => Relation::Ratio(k),
            Mark::Sum(k) => Relation::Sum(k),
            Mark::Product(k) => Relation::Product(k),
            Mark::Less => Relation::Less,
        }
    }

    /// The relation of a pair without the mark under a negative constraint ("no dot
    /// means not"); `None` for the greater-than sign, which has no negative.
    pub fn negation(self) -> Option<Relation> {
        Some(match self {
            Mark::White => Relation::NotConsecutive,
            Mark::Black => Relation::NotRatio(2),
            Mark::X => Relation::NotSum(10),
            Mark::V => Relation::NotSum(5),
            Mark::Difference(k) => Relation::NotDifference(k),
            Mark::Ratio(k) => Relation::NotRatio(k),
            Mark::Sum(k) => Relation::NotSum(k),
            Mark::Product(k) => Relation::NotProduct(k),
            Mark::Less => return None,
        })
    }

    /// Its family.
    pub fn family(self) -> Family {
        match self {
            Mark::White | Mark::Black => Family::Kropki,
            Mark::X | Mark::V => Family::Xv,
            Mark::Difference(_) => Family::Difference,
            Mark::Ratio(_) => Family::Ratio,
            Mark::Sum(_) => Family::Sum,
            Mark::Product(_) => Family::Product,
            Mark::Less => Family::Less,
        }
    }

    /// Its selector in the sudoku-puzzle format (`color`, `letter`, `value` or `sum`)
    /// with the value, `None` for `less`.
    pub(crate) fn selector(self) -> Option<(&'static str, Value)> {
        Some(match self {
            Mark::White => ("color", json!("white")),
            Mark::Black => ("color", json!("black")),
            Mark::X => ("letter", json!("X")),
            Mark::V => ("letter", json!("V")),
            Mark::Difference(k) | Mark::Ratio(k) => ("value", json!(k)),
            Mark::Product(k) => ("value", json!(k)),
            Mark::Sum(k) => ("sum", json!(k)),
            Mark::Less => return None,
        })
    }

    /// The mark of a sudoku-puzzle `family` with its selector `node` (the value of the
    /// key [`Family::selector_key`] names).
    pub(crate) fn read_selector(family: Family, node: &Node<'_>) -> Result<Mark, Error> {
        let byte = || node.int_in(0, i64::from(u8::MAX)).map(|k| k as u8);
        Ok(match family {
            Family::Kropki => match node.str()? {
                "white" => Mark::White,
                "black" => Mark::Black,
                other => return Err(node.error(format!("color {other:?}: white or black"))),
            },
            Family::Xv => match node.str()? {
                "X" => Mark::X,
                "V" => Mark::V,
                other => return Err(node.error(format!("letter {other:?}: X or V"))),
            },
            Family::Difference => Mark::Difference(byte()?),
            Family::Ratio => Mark::Ratio(byte()?),
            Family::Sum => Mark::Sum(byte()?),
            Family::Product => Mark::Product(node.int_in(0, i64::from(u16::MAX))? as u16),
            Family::Less => Mark::Less,
        })
    }
}

impl Family {
    /// A sudoku-puzzle edge kind.
    pub(crate) fn from_name(name: &str) -> Option<Family> {
        Some(match name {
            "kropki" => Family::Kropki,
            "xv" => Family::Xv,
            "difference" => Family::Difference,
            "ratio" => Family::Ratio,
            "sum" => Family::Sum,
            "product" => Family::Product,
            "less" => Family::Less,
            _ => return None,
        })
    }

    /// The key that selects a mark of the family in the sudoku-puzzle format.
    pub(crate) fn selector_key(self) -> Option<&'static str> {
        match self {
            Family::Kropki => Some("color"),
            Family::Xv => Some("letter"),
            Family::Difference | Family::Ratio | Family::Product => Some("value"),
            Family::Sum => Some("sum"),
            Family::Less => None,
        }
    }
}

/// The keys that select a mark in the sudoku-puzzle format.
pub(crate) const SELECTORS: &[&str] = &["color", "letter", "value", "sum"];

/// A mark on the edge between two orthogonally adjacent cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Edge {
    /// The mark.
    pub mark: Mark,
    /// The two cells (in order: for `less`, the first is the smaller).
    pub cells: [Cell; 2],
}

/// True if two cells of an N×N board are orthogonal neighbours.
pub(crate) fn adjacent(size: usize, a: Cell, b: Cell) -> bool {
    let (ra, ca, rb, cb) = (a / size, a % size, b / size, b % size);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

impl Edge {
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.cells, puzzle, at)?;
        let [a, b] = self.cells;
        if !adjacent(puzzle.size(), a, b) {
            return Err(ModelError::new(
                at,
                format!(
                    "{} and {} are not orthogonal neighbours: an edge mark sits between two",
                    puzzle.cell_name(a),
                    puzzle.cell_name(b)
                ),
            ));
        }
        self.mark.relation().check(puzzle.size(), at)
    }

    /// The brute-force definition: the mark's relation holds.
    pub fn holds(&self, values: &[u8]) -> bool {
        let [a, b] = self.cells;
        self.mark.relation().holds(values[a], values[b])
    }

    pub(crate) fn compile(&self, size: usize, out: &mut Compiled) {
        out.relation(size, self.mark.relation(), &[self.cells]);
    }

    /// From a sudoku-puzzle `edge` rule: its `kind`, its `cells` and the one selector
    /// its kind takes.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, size: usize) -> Result<Edge, Error> {
        let kind = rule.need("kind")?;
        let name = kind.str()?;
        let family = Family::from_name(name)
            .ok_or_else(|| kind.error(format!("unknown edge kind {name:?}")))?;
        let want = family.selector_key();
        for key in SELECTORS {
            if let Some(extra) = rule.get(key).filter(|_| Some(*key) != want) {
                return Err(extra.error(format!("an edge of kind {name:?} takes no {key:?}")));
            }
        }
        let mark = match want {
            Some(key) => Mark::read_selector(family, &rule.need(key)?)?,
            None => Mark::Less,
        };
        let list = rule.need("cells")?;
        let cells = read_cells(&list, size)?;
        let [a, b] = cells[..] else {
            return Err(list.error("an edge is between two cells"));
        };
        Ok(Edge {
            mark,
            cells: [a, b],
        })
    }

    /// From one entry of f-puzzles' `difference`, `ratio` or `xv` (`key`).
    pub(crate) fn read_fpuzzles(key: &str, entry: &Node<'_>, size: usize) -> Result<Edge, Error> {
        entry.only(&["cells", "value"])?;
        let list = entry.need("cells")?;
        let cells = read_cells(&list, size)?;
        let [a, b] = cells[..] else {
            return Err(list.error("a mark is between two cells"));
        };
        let value = entry.get("value");
        let number = |what: &str| -> Result<Option<u8>, Error> {
            let Some(v) = &value else { return Ok(None) };
            let bad = || v.error(format!("a {what}'s value {} is not a number", v.value));
            match v.value {
                Json::Number(_) => Ok(Some(v.int_in(0, i64::from(u8::MAX))? as u8)),
                Json::Str(s) if s.trim().is_empty() => Ok(None),
                Json::Str(s) => s.trim().parse().map(Some).map_err(|_| bad()),
                _ => Err(bad()),
            }
        };
        let mark = match key {
            "difference" => match number("difference")? {
                None | Some(1) => Mark::White,
                Some(k) => Mark::Difference(k),
            },
            "ratio" => match number("ratio")? {
                None | Some(2) => Mark::Black,
                Some(k) => Mark::Ratio(k),
            },
            _ => match value.as_ref().map(|v| v.value.as_str()) {
                Some(Some("X" | "x")) => Mark::X,
                Some(Some("V" | "v")) => Mark::V,
                _ => return Err(entry.error("an xv mark's value is \"X\" or \"V\"")),
            },
        };
        Ok(Edge {
            mark,
            cells: [a, b],
        })
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        let mut r = json!({"type": "edge", "kind": self.mark.family().name()});
        if let Some((key, value)) = self.mark.selector() {
            r[key] = value;
        }
        r["cells"] = json!(super::names(puzzle, &self.cells));
        r
    }

    /// The f-puzzles key and entry, or `None` for a mark f-puzzles has no key for.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Option<(&'static str, Value)> {
        let cells = super::fnames(puzzle, &self.cells);
        Some(match self.mark {
            Mark::White => ("difference", json!({ "cells": cells })),
            Mark::Black => ("ratio", json!({ "cells": cells })),
            Mark::Difference(k) => (
                "difference",
                json!({"cells": cells, "value": k.to_string()}),
            ),
            Mark::Ratio(k) => ("ratio", json!({"cells": cells, "value": k.to_string()})),
            Mark::X => ("xv", json!({"cells": cells, "value": "X"})),
            Mark::V => ("xv", json!({"cells": cells, "value": "V"})),
            Mark::Sum(_) | Mark::Product(_) | Mark::Less => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::relation::support;

    #[test]
    fn marks_are_their_relations() {
        let nine = 0x1FF;
        let digits = |m: u32| {
            (1..=9)
                .filter(|d| m >> (d - 1) & 1 != 0)
                .collect::<Vec<_>>()
        };
        let (white, _) = Mark::White.relation().tables(9);
        assert_eq!(digits(support(&white, 1 << 4)), [4, 6]);
        let (black, _) = Mark::Black.relation().tables(9);
        assert_eq!(digits(support(&black, nine)), [1, 2, 3, 4, 6, 8]);
        assert_eq!(digits(support(&black, (1 << 2) | (1 << 4))), [6]);
        let (x, _) = Mark::X.relation().tables(9);
        assert_eq!(digits(support(&x, 0b11)), [8, 9]);
        let (less, more) = Mark::Less.relation().tables(9);
        assert_eq!(digits(support(&less, 1 << 6)), [8, 9]);
        assert_eq!(digits(support(&more, 1 << 2)), [1, 2]);
        assert_eq!(Mark::Product(12).relation().tables(9).0[2], 1 << 3);
    }

    #[test]
    fn checks_the_cells() {
        let p = Puzzle::classic(4).unwrap();
        let edge = |cells| Edge {
            mark: Mark::White,
            cells,
        };
        assert!(edge([0, 1]).check(&p, At::Rule(0)).is_ok());
        assert!(edge([0, 4]).check(&p, At::Rule(0)).is_ok());
        let e = edge([3, 4]).check(&p, At::Rule(0)).unwrap_err();
        assert!(
            e.message.contains("r1c4 and r2c1 are not orthogonal"),
            "{e}"
        );
        assert!(edge([0, 0]).check(&p, At::Rule(0)).is_err());
        let x = Edge {
            mark: Mark::X,
            cells: [0, 1],
        };
        // 4 + 4 is the most on a 4×4: no two digits add up to 10.
        assert!(x.check(&p, At::Rule(0)).is_err());
    }

    fn sudoku_puzzle(rules: Value) -> Value {
        let mut all = vec![json!({"type": "box_grid", "box": [2, 3], "origin": "r1c1"})];
        all.extend(rules.as_array().unwrap().iter().cloned());
        json!({"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 6, "cols": 6},
               "digits": 6, "givens": vec![0; 36], "rules": all})
    }

    fn marks(puzzle: &Puzzle) -> Vec<(Mark, [Cell; 2])> {
        let edges = puzzle.rules().iter().filter_map(|r| match r {
            crate::Rule::Edge(e) => Some((e.mark, e.cells)),
            _ => None,
        });
        edges.collect()
    }

    #[test]
    fn every_kind_read_and_written_in_the_sudoku_puzzle_format() {
        use crate::format::sudoku_puzzle::{read, write};
        let doc = sudoku_puzzle(json!([
            {"type": "edge", "kind": "kropki", "color": "white", "cells": ["r1c1", "r1c2"]},
            {"type": "edge", "kind": "kropki", "color": "black", "cells": ["r2c1", "r1c1"]},
            {"type": "edge", "kind": "xv", "letter": "V", "cells": ["r3c3", "r3c4"]},
            {"type": "edge", "kind": "xv", "letter": "X", "cells": ["r3c5", "r3c6"]},
            {"type": "edge", "kind": "difference", "value": 2, "cells": ["r4c1", "r4c2"]},
            {"type": "edge", "kind": "ratio", "value": 3, "cells": ["r4c3", "r4c4"]},
            {"type": "edge", "kind": "sum", "sum": 7, "cells": ["r2c2", "r2c3"]},
            {"type": "edge", "kind": "product", "value": 6, "cells": ["r2c4", "r3c4"]},
            {"type": "edge", "kind": "less", "cells": ["r1c4", "r1c3"]}
        ]));
        let p = read(&doc).unwrap().puzzle;
        assert_eq!(
            marks(&p),
            [
                (Mark::White, [0, 1]),
                (Mark::Black, [6, 0]),
                (Mark::V, [14, 15]),
                (Mark::X, [16, 17]),
                (Mark::Difference(2), [18, 19]),
                (Mark::Ratio(3), [20, 21]),
                (Mark::Sum(7), [7, 8]),
                (Mark::Product(6), [9, 15]),
                (Mark::Less, [3, 2]),
            ]
        );
        let written = write(&p, None, None);
        assert_eq!(written["rules"], doc["rules"]);
        assert_eq!(read(&written).unwrap().puzzle, p);
        let e = crate::format::fpuzzles::write(&p, None, None).unwrap_err();
        assert_eq!(e.message, "f-puzzles cannot express a sum edge");
    }

    #[test]
    fn kropki_and_xv_read_and_written_in_f_puzzles() {
        use crate::format::{fpuzzles, sudoku_puzzle};
        let row = json!([{}, {}, {}, {}, {}, {}]);
        let doc = json!({"size": 6, "grid": [row, row, row, row, row, row],
            "difference": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1", "R3C1"], "value": "3"},
                           {"cells": ["R2C2", "R2C3"], "value": 1}],
            "ratio": [{"cells": ["R4C4", "R4C5"], "value": ""}, {"cells": ["R5C5", "R5C6"], "value": "3"}],
            "xv": [{"cells": ["R6C1", "R6C2"], "value": "x"}, {"cells": ["R6C3", "R6C4"], "value": "V"}]});
        let p = fpuzzles::read(&doc).unwrap().puzzle;
        assert_eq!(
            marks(&p),
            [
                (Mark::White, [0, 1]),
                (Mark::Difference(3), [6, 12]),
                (Mark::White, [7, 8]),
                (Mark::Black, [21, 22]),
                (Mark::Ratio(3), [28, 29]),
                (Mark::X, [30, 31]),
                (Mark::V, [32, 33]),
            ]
        );
        let again = fpuzzles::read(&fpuzzles::write(&p, None, None).unwrap()).unwrap();
        assert_eq!(again.puzzle, p);
        let across = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(across.puzzle, p);
    }

    #[test]
    fn refused_with_their_path() {
        use crate::format::{fpuzzles, sudoku_puzzle};
        let error = |rule: Value| {
            sudoku_puzzle::read(&sudoku_puzzle(json!([rule])))
                .unwrap_err()
                .to_string()
        };
        let cells = json!(["r1c1", "r1c2"]);
        assert_eq!(
            error(
                json!({"type": "edge", "kind": "kropki", "value": 1, "color": "white", "cells": cells})
            ),
            "rules[1].value: an edge of kind \"kropki\" takes no \"value\""
        );
        assert_eq!(
            error(json!({"type": "edge", "kind": "kropki", "color": "grey", "cells": cells})),
            "rules[1].color: color \"grey\": white or black"
        );
        assert_eq!(
            error(json!({"type": "edge", "kind": "sum", "cells": cells})),
            "rules[1]: \"sum\" is missing"
        );
        assert_eq!(
            error(json!({"type": "edge", "kind": "thermo", "cells": cells})),
            "rules[1].kind: unknown edge kind \"thermo\""
        );
        assert_eq!(
            error(json!({"type": "edge", "kind": "less", "cells": ["r1c1", "r2c2"]})),
            "rules[1]: r1c1 and r2c2 are not orthogonal neighbours: an edge mark sits between two"
        );
        // Well formed, but no digits satisfy it: read, and the puzzle has no solution.
        let p = sudoku_puzzle::read(&sudoku_puzzle(json!([
            {"type": "edge", "kind": "ratio", "value": 7, "cells": cells}
        ])))
        .unwrap()
        .puzzle;
        assert_eq!(
            p.no_solution().map(|e| e.to_string()),
            Some("no two digits 1-6 are ratio".into())
        );
        assert_eq!(crate::Engine::new(&p).unwrap().count(2), 0);
        let row = json!([{}, {}, {}, {}]);
        let doc = |key: &str, entry: Value| {
            let mut d = json!({"size": 4, "grid": [row, row, row, row]});
            d[key] = json!([entry]);
            fpuzzles::read(&d).unwrap_err().to_string()
        };
        assert_eq!(
            doc("xv", json!({"cells": ["R1C1", "R1C2"], "value": "Y"})),
            "xv[0]: an xv mark's value is \"X\" or \"V\""
        );
        assert_eq!(
            doc(
                "difference",
                json!({"cells": ["R1C1", "R1C2"], "value": "two"})
            ),
            "difference[0].value: a difference's value \"two\" is not a number"
        );
        assert_eq!(
            doc("ratio", json!({"cells": ["R1C1", "R1C2"], "colour": "red"})),
            "ratio[0].colour: unknown key \"colour\""
        );
    }
}
