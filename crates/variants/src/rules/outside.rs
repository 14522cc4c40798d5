//! Clues outside the grid: the side a clue sits on and the cells it looks along, from
//! the clue inwards. The sudoku-puzzle format gives them as `side` and `cells`;
//! f-puzzles places a clue in a cell just off the board (`R0C3` above column 3,
//! `R10C3` below it on a 9×9, `R3C0` left of row 3), and a little killer's diagonal by
//! that place and a `direction` (`DR`, `DL`, `UR`, `UL`).

use crate::format::json::Node;
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};

/// The side of the board a clue sits on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// Above the board.
    Top,
    /// Below it.
    Bottom,
    /// Left of it.
    Left,
    /// Right of it.
    Right,
}

impl Side {
    /// Its name in the sudoku-puzzle format.
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The side of a name.
    pub fn from_name(name: &str) -> Option<Side> {
        Some(match name {
            "top" => Side::Top,
            "bottom" => Side::Bottom,
            "left" => Side::Left,
            "right" => Side::Right,
            _ => return None,
        })
    }

    /// One step from the board towards this side, (rows, columns).
    fn outward(self) -> (isize, isize) {
        match self {
            Side::Top => (-1, 0),
            Side::Bottom => (1, 0),
            Side::Left => (0, -1),
            Side::Right => (0, 1),
        }
    }

    /// A side read from a rule's `side`.
    pub(crate) fn read(node: &Node<'_>) -> Result<Side, Error> {
        let name = node.str()?;
        Side::from_name(name).ok_or_else(|| {
            node.error(format!(
                "side {name:?}: one of \"top\", \"bottom\", \"left\", \"right\""
            ))
        })
    }
}

fn at(n: usize, (r, c): (isize, isize)) -> Option<Cell> {
    (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n).then(|| r as usize * n + c as usize)
}

fn coords(n: usize, cell: Cell) -> (isize, isize) {
    ((cell / n) as isize, (cell % n) as isize)
}

/// The cells from the place `from` (off the board) one `step` at a time, while on the
/// board.
fn walk(n: usize, from: (isize, isize), step: (isize, isize)) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut p = (from.0 + step.0, from.1 + step.1);
    while let Some(c) = at(n, p) {
        out.push(c);
        p = (p.0 + step.0, p.1 + step.1);
    }
    out
}

/// Refuses `cells` that do not start next to `side` and run away from it one step at a
/// time, straight or (with `diagonal`) along a diagonal.
pub(crate) fn check_line(
    puzzle: &Puzzle,
    side: Side,
    cells: &[Cell],
    diagonal: bool,
    at_rule: At,
    what: &str,
) -> Result<(), ModelError> {
    let n = puzzle.size();
    let (sr, sc) = side.outward();
    let first = coords(n, cells[0]);
    if at(n, (first.0 + sr, first.1 + sc)).is_some() {
        return Err(ModelError::new(
            at_rule,
            format!(
                "{what}: {} is not at the {} of the board",
                puzzle.cell_name(cells[0]),
                side.name()
            ),
        ));
    }
    if let [a, b, ..] = cells {
        let (a, b) = (coords(n, *a), coords(n, *b));
        let step = (b.0 - a.0, b.1 - a.1);
        let straight = step == (-sr, -sc);
        let slanted = diagonal
            && step.0.abs() == 1
            && step.1.abs() == 1
            && ((sr != 0 && step.0 == -sr) || (sc != 0 && step.1 == -sc));
        let steady = cells.windows(2).all(|w| {
            let (p, q) = (coords(n, w[0]), coords(n, w[1]));
            (q.0 - p.0, q.1 - p.1) == step
        });
        if !(straight || slanted) || !steady {
            return Err(ModelError::new(
                at_rule,
                format!(
                    "{what}: its cells must run from the {} {} one step at a time",
                    side.name(),
                    if diagonal {
                        "along a diagonal"
                    } else {
                        "in a straight line"
                    }
                ),
            ));
        }
    }
    Ok(())
}

/// The whole row or column seen from `side` at `index` (a column for top and bottom,
/// a row for left and right), from the side inwards.
pub(crate) fn line(n: usize, side: Side, index: usize) -> Vec<Cell> {
    let (sr, sc) = side.outward();
    let i = index as isize;
    let from = match side {
        Side::Top => (-1, i),
        Side::Bottom => (n as isize, i),
        Side::Left => (i, -1),
        Side::Right => (i, n as isize),
    };
    walk(n, from, (-sr, -sc))
}

/// A place as f-puzzles names it, `R0C3` (1-based rows and columns, 0 and N + 1 just
/// off the board), as 0-based (row, column).
fn read_place(node: &Node<'_>, n: usize) -> Result<(isize, isize), Error> {
    let name = node.str()?;
    let bad = || {
        node.error(format!(
            "{name:?} is not a place on or next to a {n}x{n} board (R0C0 to R{0}C{0})",
            n + 1
        ))
    };
    let lower = name.to_ascii_lowercase();
    let (r, c) = lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
        .ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    if r > n + 1 || c > n + 1 {
        return Err(bad());
    }
    Ok((r as isize - 1, c as isize - 1))
}

fn place_name((r, c): (isize, isize)) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// The side of a place just off the board (a corner counts as above or below).
fn side_of(n: usize, (r, c): (isize, isize)) -> Option<Side> {
    let n = n as isize;
    let inside = |x: isize| (0..n).contains(&x);
    if r == -1 && (inside(c) || c == -1 || c == n) {
        Some(Side::Top)
    } else if r == n && (inside(c) || c == -1 || c == n) {
        Some(Side::Bottom)
    } else if c == -1 && inside(r) {
        Some(Side::Left)
    } else if c == n && inside(r) {
        Some(Side::Right)
    } else {
        None
    }
}

/// An f-puzzles clue beside a row or column (`"cell": "R0C3"`): its side and the whole
/// line it looks along.
pub(crate) fn read_fpuzzles_clue(node: &Node<'_>, n: usize) -> Result<(Side, Vec<Cell>), Error> {
    let place = read_place(node, n)?;
    let nn = n as isize;
    let side = side_of(n, place)
        .filter(|_| (0..nn).contains(&place.0) || (0..nn).contains(&place.1))
        .ok_or_else(|| {
            node.error(format!(
                "{} is not beside a row or column of the board",
                node.value
            ))
        })?;
    let index = match side {
        Side::Top | Side::Bottom => place.1,
        Side::Left | Side::Right => place.0,
    };
    Ok((side, line(n, side, index as usize)))
}

/// The f-puzzles place of a clue on `side` that looks along `cells`, when they are a
/// whole row or column from that side.
pub(crate) fn fpuzzles_clue(n: usize, side: Side, cells: &[Cell]) -> Option<String> {
    let (sr, sc) = side.outward();
    let first = coords(n, *cells.first()?);
    let place = (first.0 + sr, first.1 + sc);
    (walk(n, place, (-sr, -sc)) == cells).then(|| place_name(place))
}

/// A clue beside a row or column as the formats hold it: its side, the cells it looks
/// along (from the clue inwards) and its number. Sandwich, X-sum and skyscraper clues
/// are read and written through it.
pub(crate) struct Clue {
    pub(crate) side: Side,
    pub(crate) cells: Vec<Cell>,
    pub(crate) value: u32,
}

impl Clue {
    /// From a sudoku-puzzle rule: its `side`, its `cells` and its number under `key`
    /// (at most `most`).
    pub(crate) fn read_sudoku_puzzle(
        rule: &Node<'_>,
        size: usize,
        key: &str,
        most: i64,
    ) -> Result<Clue, Error> {
        Ok(Clue {
            side: Side::read(&rule.need("side")?)?,
            cells: crate::format::json::cells(&rule.need("cells")?, size)?,
            value: rule.need(key)?.int_in(0, most)? as u32,
        })
    }

    /// From an f-puzzles entry beside a row or column (`cell` and `value`); `None` for
    /// an entry without a value. `what` names the clue in messages ("a sandwich").
    pub(crate) fn read_fpuzzles(
        entry: &Node<'_>,
        size: usize,
        what: &str,
    ) -> Result<Option<Clue>, Error> {
        let Some(value) = super::sum_clue::fpuzzles_value(entry, what)? else {
            return Ok(None);
        };
        let (side, cells) = read_fpuzzles_clue(&entry.need("cell")?, size)?;
        Ok(Some(Clue { side, cells, value }))
    }
}

/// A clue as a sudoku-puzzle rule of type `kind`, its number under `key`.
pub(crate) fn write_sudoku_puzzle(
    puzzle: &Puzzle,
    kind: &str,
    key: &str,
    side: Side,
    cells: &[Cell],
    value: u32,
) -> serde_json::Value {
    serde_json::json!({"type": kind, key: value, "side": side.name(),
                       "cells": super::names(puzzle, cells)})
}

/// A clue as an f-puzzles entry (`cell` and `value`): f-puzzles places clues beside a
/// whole row or column only. `what` names the clue in the message ("a sandwich").
pub(crate) fn write_fpuzzles(
    puzzle: &Puzzle,
    what: &str,
    side: Side,
    cells: &[Cell],
    value: u32,
) -> Result<serde_json::Value, Error> {
    let cell = fpuzzles_clue(puzzle.size(), side, cells).ok_or_else(|| {
        Error::path(
            "",
            format!("f-puzzles cannot express {what} on part of a row or column"),
        )
    })?;
    Ok(serde_json::json!({"cell": cell, "value": value.to_string()}))
}

/// The step of an f-puzzles little killer `direction`.
fn step_of(direction: &str) -> Option<(isize, isize)> {
    Some(match direction {
        "DR" => (1, 1),
        "DL" => (1, -1),
        "UR" => (-1, 1),
        "UL" => (-1, -1),
        _ => return None,
    })
}

/// An f-puzzles little killer's diagonal: the place of its clue (`cell`) and its
/// `direction` give the side and the cells (which `cells`, when given, must repeat).
pub(crate) fn read_fpuzzles_diagonal(
    entry: &Node<'_>,
    n: usize,
) -> Result<(Side, Vec<Cell>), Error> {
    let place_node = entry.need("cell")?;
    let place = read_place(&place_node, n)?;
    let dir = entry.need("direction")?;
    let step = step_of(dir.str()?).ok_or_else(|| {
        dir.error(format!(
            "direction {}: one of \"DR\", \"DL\", \"UR\", \"UL\"",
            dir.value
        ))
    })?;
    let cells = walk(n, place, step);
    let Some(side) = side_of(n, place).filter(|_| !cells.is_empty()) else {
        return Err(place_node.error(format!(
            "a little killer at {} looking {} sees no cell of the board",
            place_node.value, dir.value
        )));
    };
    if let Some(listed) = entry.get("cells") {
        if crate::format::json::cells(&listed, n)? != cells {
            return Err(listed.error(format!(
                "the cells do not follow the diagonal from {} {}",
                place_node.value, dir.value
            )));
        }
    }
    Ok((side, cells))
}

/// The f-puzzles place and direction of a diagonal from `side`, when `cells` run from
/// the edge to the edge.
pub(crate) fn fpuzzles_diagonal(
    n: usize,
    side: Side,
    cells: &[Cell],
) -> Option<(String, &'static str)> {
    let (sr, sc) = side.outward();
    let first = coords(n, *cells.first()?);
    let steps: &[(isize, isize)] = match cells {
        [a, b, ..] => {
            let (p, q) = (coords(n, *a), coords(n, *b));
            &[(q.0 - p.0, q.1 - p.1)][..]
        }
        _ if sr != 0 => &[(-sr, 1), (-sr, -1)],
        _ => &[(1, -sc), (-1, -sc)],
    };
    steps.iter().find_map(|&step| {
        let place = (first.0 - step.0, first.1 - step.1);
        let name = match step {
            (1, 1) => "DR",
            (1, -1) => "DL",
            (-1, 1) => "UR",
            (-1, -1) => "UL",
            _ => return None,
        };
        (side_of(n, place).is_some() && walk(n, place, step) == cells)
            .then(|| (place_name(place), name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::json;
    use serde_json::json;

    #[test]
    fn lines_run_from_their_side() {
        assert_eq!(line(4, Side::Top, 1), [1, 5, 9, 13]);
        assert_eq!(line(4, Side::Right, 0), [3, 2, 1, 0]);
        let p = Puzzle::classic(4).unwrap();
        let ok = |side, cells: &[Cell], diagonal| {
            check_line(&p, side, cells, diagonal, At::Rule(0), "a clue").is_ok()
        };
        assert!(ok(Side::Top, &[1, 5, 9], false));
        assert!(!ok(Side::Top, &[5, 9], false)); // r2c2 is not at the top
        assert!(!ok(Side::Top, &[1, 6], false));
        assert!(ok(Side::Top, &[1, 6, 11], true));
        assert!(ok(Side::Left, &[4, 1], true)); // up and to the right
        assert!(!ok(Side::Left, &[4, 1, 6], true));
        assert!(ok(Side::Bottom, &[15], true));
    }

    #[test]
    fn f_puzzles_places() {
        fn node<'a>(v: &'a json::Value<'a>) -> Node<'a> {
            Node::root(v).get("cell").unwrap()
        }
        let v = json!({"cell": "R0C2"});
        assert_eq!(
            read_fpuzzles_clue(&node(&json::borrow(&v)), 4).unwrap(),
            (Side::Top, vec![1, 5, 9, 13])
        );
        let v = json!({"cell": "R3C5"});
        assert_eq!(
            read_fpuzzles_clue(&node(&json::borrow(&v)), 4).unwrap(),
            (Side::Right, vec![11, 10, 9, 8])
        );
        for bad in ["R0C0", "R2C2", "R6C1", "X"] {
            assert!(
                read_fpuzzles_clue(&node(&json::borrow(&json!({ "cell": bad }))), 4).is_err(),
                "{bad}"
            );
        }
        assert_eq!(
            fpuzzles_clue(4, Side::Right, &[11, 10, 9, 8]).unwrap(),
            "R3C5"
        );
        assert_eq!(fpuzzles_clue(4, Side::Right, &[11, 10]), None);

        let v =
            json!({"cell": "R0C0", "direction": "DR", "cells": ["R1C1", "R2C2", "R3C3", "R4C4"]});
        assert_eq!(
            read_fpuzzles_diagonal(&Node::root(&json::borrow(&v)), 4).unwrap(),
            (Side::Top, vec![0, 5, 10, 15])
        );
        let v = json!({"cell": "R5C0", "direction": "UR"});
        assert_eq!(
            read_fpuzzles_diagonal(&Node::root(&json::borrow(&v)), 4).unwrap(),
            (Side::Bottom, vec![12, 9, 6, 3])
        );
        let v = json!({"cell": "R2C0", "direction": "UL"});
        assert!(read_fpuzzles_diagonal(&Node::root(&json::borrow(&v)), 4).is_err());
        let v = json!({"cell": "R0C2", "direction": "DR", "cells": ["R1C2"]});
        assert!(read_fpuzzles_diagonal(&Node::root(&json::borrow(&v)), 4).is_err());
        assert_eq!(
            fpuzzles_diagonal(4, Side::Top, &[0, 5, 10, 15]),
            Some(("R0C0".into(), "DR"))
        );
        assert_eq!(
            fpuzzles_diagonal(4, Side::Top, &[0]),
            Some(("R0C2".into(), "DL"))
        );
        assert_eq!(
            fpuzzles_diagonal(4, Side::Left, &[12, 9, 6, 3]),
            Some(("R5C0".into(), "UR"))
        );
        assert_eq!(fpuzzles_diagonal(4, Side::Top, &[0, 5]), None);
    }
}
