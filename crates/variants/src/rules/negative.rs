//! Negative constraints ("no dot means not"): every pair of orthogonally adjacent
//! cells in an area that carries no mark of a family has none of the listed marks'
//! relations. All kropki dots given: two neighbours without a dot are neither
//! consecutive nor one twice the other; all X and V given: they add up to neither 10
//! nor 5.
//!
//! Which pairs are spared is read from the puzzle's [edge marks](super::edge) when the
//! rule is compiled or checked, so that a mark added later spares its pair: a pair
//! with a mark of the negative's family (a kropki negative, of either colour, spares
//! both white and black dots; a `difference` negative spares `difference` edges of
//! any value) is spared from every relation of the negative.
//!
//! Read from the sudoku-puzzle rule `{"type": "negative", "of": "kropki"}` (`of`
//! `kropki` with an optional `color`, `xv` with an optional `letter`, `difference`,
//! `ratio` and `product` with `value`, `sum` with `sum`; an optional `area`) and from
//! the f-puzzles key `negative` (a list of `difference`, `ratio`, `xv`: white dots,
//! black dots, X and V; f-puzzles' kropki negatives spare the pairs with a dot of
//! either colour); written back to both.
//!
//! Propagation: each of its pairs is one pair propagator (see [`relation`]) whose
//! tables allow the digits that no negated relation relates, kept arc-consistent.

use super::edge::{adjacent, Family, Mark, SELECTORS};
use super::{relation, Compiled, Prop, Rule};
use crate::format::json::{cell as read_cell, cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use serde_json::{json, Value};

/// The `area` of a sudoku-puzzle `negative` rule: its cells, or the whole board (by
/// default, or named by its origin, r1c1).
pub(crate) fn read_area(rule: &Node<'_>, puzzle: &Puzzle) -> Result<Vec<Cell>, Error> {
    Ok(match rule.get("area") {
        None => (0..puzzle.cells()).collect(),
        Some(a) if a.value.is_string() => {
            if read_cell(&a, puzzle.size())? != 0 {
                return Err(a.error("an area named by origin is the grid at r1c1"));
            }
            (0..puzzle.cells()).collect()
        }
        Some(a) => read_cells(&a, puzzle.size())?,
    })
}

/// A negative constraint.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Negative {
    /// The marks it negates, all of one family (a kropki negative without a colour
    /// lists both dots).
    pub marks: Vec<Mark>,
    /// Its cells: the pairs with both cells here (every cell of the board for the
    /// whole board).
    pub area: Vec<Cell>,
}

impl Negative {
    /// The negative of `marks` over the whole board of `puzzle`.
    pub fn board(puzzle: &Puzzle, marks: Vec<Mark>) -> Negative {
        Negative {
            marks,
            area: (0..puzzle.cells()).collect(),
        }
    }

    /// The family whose marks spare a pair.
    pub fn family(&self) -> Option<Family> {
        self.marks.first().map(|m| m.family())
    }

    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        super::check_cells(&self.area, puzzle, at)?;
        let Some(family) = self.family() else {
            return Err(ModelError::new(at, "a negative constraint of no mark"));
        };
        for m in &self.marks {
            if m.family() != family {
                return Err(ModelError::new(
                    at,
                    format!(
                        "a negative constraint of {} and {} marks: one family each",
                        family.name(),
                        m.family().name()
                    ),
                ));
            }
            let Some(not) = m.negation() else {
                return Err(ModelError::new(
                    at,
                    format!("{} marks have no negative constraint", family.name()),
                ));
            };
            not.check(puzzle.size(), at)?;
        }
        Ok(())
    }

    /// The pairs it holds for: orthogonal neighbours, both in the area, without a
    /// mark of its family, each once (row-major by the first cell, the right
    /// neighbour before the one below).
    pub fn pairs(&self, puzzle: &Puzzle) -> Vec<[Cell; 2]> {
        let n = puzzle.size();
        let mut inside = vec![false; puzzle.cells()];
        for &c in &self.area {
            inside[c] = true;
        }
        let family = self.family();
        let mut marked = vec![false; puzzle.cells() * 2];
        for rule in puzzle.rules() {
            if let Rule::Edge(edge) = rule {
                let [a, b] = edge.cells;
                if Some(edge.mark.family()) == family && adjacent(n, a, b) {
                    // Slot 0: the edge to the right of the first cell; 1: below it.
                    let (first, second) = (a.min(b), a.max(b));
                    marked[first * 2 + usize::from(second == first + n)] = true;
                }
            }
        }
        let mut out = Vec::new();
        for a in 0..puzzle.cells() {
            let (r, c) = (a / n, a % n);
            for (slot, b, on_board) in [(0, a + 1, c + 1 < n), (1, a + n, r + 1 < n)] {
                if on_board && inside[a] && inside[b] && !marked[a * 2 + slot] {
                    out.push([a, b]);
                }
            }
        }
        out
    }

    /// The digits of a pair without a mark: none of the negated relations holds.
    fn allows(&self, x: u8, y: u8) -> bool {
        self.marks
            .iter()
            .all(|m| m.negation().is_some_and(|r| r.holds(x, y)))
    }

    /// The brute-force definition: on each of its pairs, no negated relation holds.
    pub fn holds(&self, puzzle: &Puzzle, values: &[u8]) -> bool {
        self.pairs(puzzle)
            .iter()
            .all(|&[a, b]| self.allows(values[a], values[b]))
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        for pair in self.pairs(puzzle) {
            let p = relation::Pair::allowing(puzzle.size(), pair, |x, y| self.allows(x, y));
            out.props.push(Prop::Pair(p));
        }
    }

    /// From a sudoku-puzzle `negative` rule.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, puzzle: &Puzzle) -> Result<Negative, Error> {
        let of = rule.need("of")?;
        let name = of.str()?;
        let family = match (name, Family::from_name(name)) {
            ("less", _) | (_, None) => {
                return Err(of.error(format!("negative of {name:?} is not defined")))
            }
            (_, Some(family)) => family,
        };
        let key = family.selector_key();
        for k in SELECTORS.iter().chain(&["kind", "split"]) {
            if let Some(extra) = rule.get(k).filter(|_| Some(*k) != key) {
                return Err(extra.error(format!("negative {name} takes no {k:?}")));
            }
        }
        let marks = match (family, key.and_then(|k| rule.get(k))) {
            (_, Some(selector)) => vec![Mark::read_selector(family, &selector)?],
            (Family::Kropki, None) => vec![Mark::White, Mark::Black],
            (Family::Xv, None) => vec![Mark::X, Mark::V],
            (_, None) => {
                return Err(rule.error(format!("negative {name} needs {:?}", key.unwrap_or(""))))
            }
        };
        let area = read_area(rule, puzzle)?;
        Ok(Negative { marks, area })
    }

    /// From f-puzzles' `negative` list: one negative for the kropki dots (white,
    /// black or both) and one for X and V. f-puzzles solvers spare every dotted pair
    /// and negate each value of dot in the puzzle: only dots of difference 1 and ratio
    /// 2 beside a kropki negative read the same everywhere, so others are refused.
    pub(crate) fn read_fpuzzles(list: &Node<'_>, puzzle: &Puzzle) -> Result<Vec<Negative>, Error> {
        let (mut kropki, mut xv) = (Vec::new(), Vec::new());
        for item in list.items()? {
            match item.str()? {
                "difference" => kropki.push(Mark::White),
                "ratio" => kropki.push(Mark::Black),
                "xv" => xv.extend([Mark::X, Mark::V]),
                other => {
                    return Err(item.error(format!(
                        "the negative constraint {other:?} is not supported yet"
                    )))
                }
            }
        }
        kropki.sort_by_key(|&m| m == Mark::Black);
        kropki.dedup();
        xv.dedup();
        if !kropki.is_empty() {
            if let Some(Rule::Edge(edge)) = puzzle.rules().iter().find(|r| {
                matches!(r, Rule::Edge(e) if matches!(e.mark, Mark::Difference(_) | Mark::Ratio(_)))
            }) {
                return Err(list.error(format!(
                    "a kropki negative beside a dot of another value ({} {}) reads differently in f-puzzles solvers: not read",
                    edge.mark.family().name(),
                    puzzle.cell_name(edge.cells[0])
                )));
            }
        }
        Ok([kropki, xv]
            .into_iter()
            .filter(|m| !m.is_empty())
            .map(|marks| Negative::board(puzzle, marks))
            .collect())
    }

    /// True if the area is the whole board.
    fn whole(&self, puzzle: &Puzzle) -> bool {
        let mut seen = vec![false; puzzle.cells()];
        for &c in &self.area {
            seen[c] = true;
        }
        seen.iter().all(|&s| s)
    }

    /// As sudoku-puzzle rules: one without a selector for both kropki dots or both X
    /// and V, else one per mark.
    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Vec<Value> {
        let Some(family) = self.family() else {
            return Vec::new();
        };
        let mut base = json!({"type": "negative", "of": family.name()});
        if !self.whole(puzzle) {
            base["area"] = json!(super::names(puzzle, &self.area));
        }
        let both =
            |a, b| self.marks.len() == 2 && self.marks.contains(&a) && self.marks.contains(&b);
        if both(Mark::White, Mark::Black) || both(Mark::X, Mark::V) {
            return vec![base];
        }
        self.marks
            .iter()
            .map(|m| {
                let mut r = base.clone();
                if let Some((key, value)) = m.selector() {
                    r[key] = value;
                }
                r
            })
            .collect()
    }

    /// Its entries of f-puzzles' `negative`, or why f-puzzles cannot express it.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<Vec<&'static str>, String> {
        if !self.whole(puzzle) {
            return Err("a negative constraint in part of the board".into());
        }
        let numbered = puzzle.rules().iter().any(|r| {
            matches!(r, Rule::Edge(e) if matches!(e.mark, Mark::Difference(_) | Mark::Ratio(_)))
        });
        let mut out = Vec::new();
        for m in &self.marks {
            out.push(match m {
                Mark::White if !numbered => "difference",
                Mark::Black if !numbered => "ratio",
                Mark::X | Mark::V
                    if self.marks.contains(&Mark::X) && self.marks.contains(&Mark::V) =>
                {
                    "xv"
                }
                _ => {
                    return Err(format!(
                        "a negative constraint of {:?}{}",
                        m,
                        if numbered {
                            " beside numbered dots"
                        } else {
                            ""
                        }
                    ))
                }
            });
        }
        out.dedup();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{fpuzzles, sudoku_puzzle};
    use crate::rules::testing::{four_by_four, refusal};
    use crate::rules::Edge;

    fn puzzle(edges: &[(Mark, [Cell; 2])]) -> Puzzle {
        let mut p = Puzzle::classic(4).unwrap();
        for &(mark, cells) in edges {
            p.add_rule(Rule::Edge(Edge { mark, cells })).unwrap();
        }
        p
    }

    #[test]
    fn the_pairs_without_a_mark_of_the_family() {
        let p = puzzle(&[
            (Mark::White, [1, 0]),
            (Mark::V, [4, 8]),
            (Mark::Black, [14, 15]),
        ]);
        // 4x4: 12 horizontal and 12 vertical pairs.
        let kropki = Negative::board(&p, vec![Mark::White]);
        let pairs = kropki.pairs(&p);
        assert_eq!(pairs.len(), 22);
        assert!(!pairs.contains(&[0, 1]) && !pairs.contains(&[14, 15]));
        assert!(pairs.contains(&[4, 8]) && pairs.contains(&[0, 4]));
        let xv = Negative::board(&p, vec![Mark::X, Mark::V]);
        assert_eq!(xv.pairs(&p).len(), 23);
        let corner = Negative {
            marks: vec![Mark::Sum(5)],
            area: vec![0, 1, 4, 5],
        };
        assert_eq!(corner.pairs(&p), [[0, 1], [0, 4], [1, 5], [4, 5]]);
    }

    #[test]
    fn a_negative_forbids_the_relations_of_its_marks() {
        let p = puzzle(&[]);
        let kropki = Negative::board(&p, vec![Mark::White, Mark::Black]);
        assert!(kropki.allows(1, 3) && kropki.allows(3, 1) && kropki.allows(4, 1));
        assert!(!kropki.allows(2, 3) && !kropki.allows(2, 4) && !kropki.allows(2, 1));
        let product = Negative::board(&p, vec![Mark::Product(12)]);
        assert!(!product.allows(3, 4) && product.allows(2, 4));
        let (forward, _) = relation::tables(4, |x, y| kropki.allows(x, y));
        // Beside a 1: 1 and 3 and 4 (2 is consecutive and twice 1).
        assert_eq!(forward[0], 0b1101);
    }

    fn negatives(p: &Puzzle) -> Vec<Negative> {
        p.rules()
            .iter()
            .filter_map(|r| match r {
                Rule::Negative(n) => Some(n.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn read_and_written_in_both_formats() {
        let doc = four_by_four(json!([
            {"type": "negative", "of": "kropki"},
            {"type": "negative", "of": "xv", "letter": "V", "area": ["r1c1", "r1c2", "r2c1"]},
            {"type": "negative", "of": "sum", "sum": 6},
            {"type": "negative", "of": "product", "value": 4}
        ]));
        let p = sudoku_puzzle::read(&doc).unwrap().puzzle;
        let all: Vec<usize> = (0..16).collect();
        assert_eq!(
            negatives(&p),
            [
                Negative {
                    marks: vec![Mark::White, Mark::Black],
                    area: all.clone()
                },
                Negative {
                    marks: vec![Mark::V],
                    area: vec![0, 1, 4]
                },
                Negative {
                    marks: vec![Mark::Sum(6)],
                    area: all.clone()
                },
                Negative {
                    marks: vec![Mark::Product(4)],
                    area: all
                },
            ]
        );
        assert_eq!(sudoku_puzzle::write(&p, None, None)["rules"], doc["rules"]);
        assert_eq!(
            fpuzzles::write(&p, None, None).unwrap_err().message,
            "f-puzzles cannot express a negative constraint in part of the board"
        );

        let row = json!([{}, {}, {}, {}]);
        let doc = json!({"size": 4, "grid": [row, row, row, row], "negative": ["ratio", "xv", "difference"],
                         "difference": [{"cells": ["R1C1", "R1C2"]}]});
        let p = fpuzzles::read(&doc).unwrap().puzzle;
        assert_eq!(
            negatives(&p),
            [
                Negative::board(&p, vec![Mark::White, Mark::Black]),
                Negative::board(&p, vec![Mark::X, Mark::V])
            ]
        );
        let back = fpuzzles::write(&p, None, None).unwrap();
        assert_eq!(back["negative"], json!(["difference", "ratio", "xv"]));
        assert_eq!(fpuzzles::read(&back).unwrap().puzzle, p);
        let across = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        assert_eq!(across.puzzle, p);
    }

    #[test]
    fn refused_with_their_path() {
        assert_eq!(
            refusal(json!({"type": "negative", "of": "kropki", "letter": "X"})),
            "rules[1].letter: negative kropki takes no \"letter\""
        );
        assert_eq!(
            refusal(json!({"type": "negative", "of": "difference"})),
            "rules[1]: negative difference needs \"value\""
        );
        assert_eq!(
            refusal(json!({"type": "negative", "of": "less"})),
            "rules[1].of: negative of \"less\" is not defined"
        );
        assert_eq!(
            refusal(json!({"type": "negative", "of": "cell", "kind": "set"})),
            "rules[1].kind: a negative of cells of kind \"set\": odd, even, low or high"
        );
        let row = json!([{}, {}, {}, {}]);
        let doc = json!({"size": 4, "grid": [row, row, row, row], "negative": ["difference"],
                         "difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}]});
        assert_eq!(
            fpuzzles::read(&doc).unwrap_err().to_string(),
            "negative: a kropki negative beside a dot of another value (difference r1c1) reads differently in f-puzzles solvers: not read"
        );
        let doc = json!({"size": 4, "grid": [row, row, row, row], "negative": ["sum"]});
        assert_eq!(
            fpuzzles::read(&doc).unwrap_err().to_string(),
            "negative[0]: the negative constraint \"sum\" is not supported yet"
        );
    }
}
