//! pencilmark's "sudoku-puzzle" exchange format, `format_version` 1: one JSON object
//! per puzzle (a file of one object, or JSON Lines).
//!
//! ```json
//! {"format": "sudoku-puzzle", "format_version": 1,
//!  "board": {"rows": 6, "cols": 6}, "digits": 6,
//!  "givens": [0, 0, 0, 0, 0, 4, ...], "solution": [3, 1, 5, ...],
//!  "rules": [{"type": "box_grid", "box": [2, 3], "origin": "r1c1"}]}
//! ```
//!
//! Every house is a rule; nothing is implied. Read here: `grid` (rows and columns),
//! `box_grid` (with boxes), `row`, `column`, `box` (any shape: a jigsaw's regions are
//! boxes), `region` (`diagonal`, `window`, `disjoint`, `colour`, `extra`, `region`),
//! `cage` (killer cages, with or without a sum), `arrow`, `sum` (little killers,
//! frame, group and corner sums), `sandwich`, `xsum`, `skyscraper`, `equal_sum`, `line` (the kinds of
//! [`crate::rules::line`]), `edge` (kropki dots, XV, numbered edges, greater-than
//! signs), `cell` (odd, even, low, high, set, exclude), `negative` (of edge marks,
//! rossini and battenburg), `table` (with `cells` or `where`), `vudoku`, `corner`
//! (`battenburg`, `mathrax`, `exclude`), `rossini`, `global_entropy`,
//! `neighbours` (`antiknight`, `antiking`, `nonconsecutive`, or an `op` over `where`;
//! over the board, `within` a box (the `box` rules) or region (the `region` rules), in
//! an `area`, with `except`ions), `relation` (an `op` over listed pairs), and given
//! `candidates`. The reader is strict, as the format asks: an
//! unknown key or rule type, a newer `format_version`, a board that is not one square
//! grid, or a rule the engine does not have is refused with its JSON path.

use super::json::{self, cell, cell_named, cells, Node};
use super::{Error, Read, Source};
use crate::puzzle::{Cell, HouseKind, ModelError, Puzzle, MAX_SIZE};
use crate::rules::{
    Appears, Arrow, Cage, CellMark, CellNegative, Clones, Contains, Corner, Count, DigitPairs,
    DistinctCount, Edge, EqualSum, FirstSeen, GlobalEntropy, Isomorphic, Line, Negative,
    NegativeBattenburg, NegativeRossini, NeighbourKind, Neighbours, Place, Relation, Rossini, Rule,
    Sandwich, Scope, Skyscraper, SumClue, Table, Vudoku, XSum,
};
use serde_json::{json, Value};

/// The format's name, and the version this reader and writer follow.
pub const FORMAT: &str = "sudoku-puzzle";
/// See [`FORMAT`].
pub const FORMAT_VERSION: i64 = 1;

const TOP_KEYS: &[&str] = &[
    "format",
    "format_version",
    "$schema",
    "meta",
    "board",
    "digits",
    "givens",
    "solution",
    "candidates",
    "rules",
    "decorations",
    "style",
    "ext",
];

/// Keys every rule may carry beside its own.
const COMMON: &[&str] = &["type", "id", "label", "style"];

fn model<'n>(node: &'n Node<'_>) -> impl Fn(ModelError) -> Error + 'n {
    move |e| node.error(e.message)
}

/// Reads a sudoku-puzzle document.
pub fn read(doc: &Value) -> Result<Read, Error> {
    read_tree(&json::borrow(doc))
}

/// Reads a sudoku-puzzle document parsed by [`json::parse`].
pub(crate) fn read_tree(doc: &json::Value<'_>) -> Result<Read, Error> {
    let root = Node::root(doc);
    let format = root.need("format")?;
    if format.str()? != FORMAT {
        return Err(format.error(format!(
            "not a sudoku-puzzle document (format {})",
            format.value
        )));
    }
    let version = root.need("format_version")?;
    let v = version.int_in(1, i64::MAX)?;
    if v > FORMAT_VERSION {
        return Err(version.error(format!(
            "format_version {v} is newer than this reader ({FORMAT_VERSION})"
        )));
    }
    root.only(TOP_KEYS)?;
    let board = root.need("board")?;
    board.only(&["rows", "cols"])?;
    let rows = board.need("rows")?.int_in(1, i64::MAX)? as usize;
    let cols = board.need("cols")?.int_in(1, i64::MAX)? as usize;
    if rows != cols {
        return Err(board.error(format!(
            "a board of {rows}x{cols} cells: only square boards are read"
        )));
    }
    let n = rows;
    if n > MAX_SIZE {
        return Err(board.error(format!(
            "a {n}x{n} board: sizes 1 to {MAX_SIZE} are supported"
        )));
    }
    let digits = root.need("digits")?;
    if digits.int()? != n as i64 {
        return Err(digits.error(format!(
            "{} digits on a {n}x{n} board: a square board holds digits 1 to {n}",
            digits.value
        )));
    }
    let mut puzzle = Puzzle::new(n).map_err(model(&board))?;

    let givens = root.need("givens")?;
    let items = givens.items()?;
    if items.len() != n * n {
        return Err(givens.error(format!(
            "{} entries for a board of {} cells",
            items.len(),
            n * n
        )));
    }
    let mut values = Vec::with_capacity(n * n);
    for item in &items {
        if item.value.is_null() {
            return Err(
                item.error("a cell outside the grid (null): only whole square boards are read")
            );
        }
        values.push(item.int_in(0, n as i64)? as u8);
    }

    let solution = match root.get("solution") {
        None => None,
        Some(s) => {
            let items = s.items()?;
            if items.len() != n * n {
                return Err(s.error(format!(
                    "{} entries for a board of {} cells",
                    items.len(),
                    n * n
                )));
            }
            Some(
                items
                    .iter()
                    .map(|i| i.int_in(1, n as i64).map(|d| d as u8))
                    .collect::<Result<Vec<u8>, Error>>()?,
            )
        }
    };

    // A region-sum line is cut by the boxes and regions: read it once they all are.
    let mut cut_later = Vec::new();
    for rule in root.need("rules")?.items()? {
        let named = |key, name| rule.get(key).and_then(|v| v.value.as_str()) == Some(name);
        if named("type", "line") && named("kind", "region_sum") {
            cut_later.push(rule);
            continue;
        }
        read_rule(&rule, &mut puzzle)?;
    }
    for rule in cut_later {
        read_rule(&rule, &mut puzzle)?;
    }
    for (c, &d) in values.iter().enumerate() {
        puzzle.set_given(c, d).map_err(model(&givens))?;
    }
    if let Some(cands) = root.get("candidates") {
        for name in cands.keys()? {
            let node = cands
                .get(name)
                .ok_or_else(|| cands.error("null candidates"))?;
            let c = cell_named(name, &node, n)?;
            let mut mask = 0u32;
            for d in node.items()? {
                mask |= 1 << (d.int_in(1, n as i64)? - 1);
            }
            puzzle.set_candidates(c, mask).map_err(model(&node))?;
        }
    }
    let meta = root.get("meta").map(|m| Value::from(m.value));
    let title = meta
        .as_ref()
        .and_then(|m| m.get("title"))
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok(Read {
        puzzle,
        source: Source::SudokuPuzzle,
        solution,
        title,
        meta,
    })
}

/// The origin of a single-grid `grid` or `box_grid` rule must be `r1c1`.
fn origin(rule: &Node<'_>, n: usize) -> Result<(), Error> {
    let o = rule.need("origin")?;
    if cell(&o, n)? != 0 {
        return Err(o.error("a grid's origin on a single board is r1c1"));
    }
    Ok(())
}

fn read_rule(rule: &Node<'_>, puzzle: &mut Puzzle) -> Result<(), Error> {
    let n = puzzle.size();
    let t = rule.need("type")?;
    let kind_of = |rule: &Node<'_>| -> Result<Option<String>, Error> {
        rule.get("kind")
            .map(|k| k.str().map(str::to_string))
            .transpose()
    };
    let allow = |own: &[&str]| -> Result<(), Error> {
        let all: Vec<&str> = COMMON.iter().chain(own).copied().collect();
        rule.only(&all)
    };
    match t.str()? {
        "grid" => {
            allow(&["origin"])?;
            origin(rule, n)?;
            puzzle.add_rows_and_columns();
        }
        "box_grid" => {
            allow(&["origin", "box"])?;
            origin(rule, n)?;
            let b = rule.need("box")?;
            let dims = b.items()?;
            if dims.len() != 2 {
                return Err(b.error("box is [rows, cols]"));
            }
            let (r, c) = (
                dims[0].int_in(1, 25)? as usize,
                dims[1].int_in(1, 25)? as usize,
            );
            puzzle.add_rows_and_columns();
            puzzle.add_boxes(r, c).map_err(model(&b))?;
        }
        kind @ ("row" | "column" | "box") => {
            allow(&["cells"])?;
            let cs = cells(&rule.need("cells")?, n)?;
            let kind = match kind {
                "row" => HouseKind::Row,
                "column" => HouseKind::Column,
                _ => HouseKind::Box,
            };
            puzzle.add_house(kind, cs).map_err(model(rule))?;
        }
        "region" => {
            allow(&["kind", "cells"])?;
            let kind = match kind_of(rule)?.as_deref() {
                Some("diagonal") => HouseKind::Diagonal,
                Some("window") => HouseKind::Window,
                Some("disjoint") => HouseKind::Disjoint,
                Some("colour" | "extra" | "region") => HouseKind::Extra,
                Some(other) => {
                    return Err(rule
                        .need("kind")?
                        .error(format!("unknown region kind {other:?}")))
                }
                None => return Err(rule.error("\"kind\" is missing")),
            };
            let cs = cells(&rule.need("cells")?, n)?;
            puzzle.add_house(kind, cs).map_err(model(rule))?;
        }
        "cage" => {
            allow(&["cells", "sum"])?;
            let cage = Cage::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Cage(cage)).map_err(model(rule))?;
        }
        "line" => {
            allow(&["kind", "cells", "closed", "value", "groups"])?;
            let line = Line::read_sudoku_puzzle(rule, puzzle)?;
            puzzle.add_rule(Rule::Line(line)).map_err(model(rule))?;
        }
        "arrow" => {
            allow(&["bulb", "lines"])?;
            let arrow = Arrow::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Arrow(arrow)).map_err(model(rule))?;
        }
        "sum" => {
            allow(&["kind", "sum", "cells", "side"])?;
            let clue = SumClue::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::SumClue(clue)).map_err(model(rule))?;
        }
        "sandwich" => {
            allow(&["sum", "side", "cells"])?;
            let s = Sandwich::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Sandwich(s)).map_err(model(rule))?;
        }
        "xsum" => {
            allow(&["sum", "side", "cells"])?;
            let x = XSum::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::XSum(x)).map_err(model(rule))?;
        }
        "skyscraper" => {
            allow(&["value", "side", "cells"])?;
            let s = Skyscraper::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Skyscraper(s)).map_err(model(rule))?;
        }
        "contains" => {
            allow(&["digits", "cells"])?;
            let c = Contains::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Contains(c)).map_err(model(rule))?;
        }
        "count" => {
            allow(&["cells", "kind", "each", "counts"])?;
            let c = Count::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Count(c)).map_err(model(rule))?;
        }
        "distinct_count" => {
            allow(&["value", "cells", "side"])?;
            let d = DistinctCount::read_sudoku_puzzle(rule, n)?;
            puzzle
                .add_rule(Rule::DistinctCount(d))
                .map_err(model(rule))?;
        }
        "first_seen" => {
            allow(&["value", "digits", "side", "cells"])?;
            let f = FirstSeen::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::FirstSeen(f)).map_err(model(rule))?;
        }
        "appears" => {
            allow(&["source", "cells"])?;
            let a = Appears::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Appears(a)).map_err(model(rule))?;
        }
        "isomorphic" => {
            allow(&["regions"])?;
            let i = Isomorphic::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Isomorphic(i)).map_err(model(rule))?;
        }
        "clone" => {
            allow(&["regions"])?;
            let c = Clones::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Clone(c)).map_err(model(rule))?;
        }
        "equal_sum" => {
            allow(&["segments"])?;
            let e = EqualSum::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::EqualSum(e)).map_err(model(rule))?;
        }
        "edge" => {
            allow(&["kind", "cells", "color", "letter", "value", "sum"])?;
            let edge = Edge::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Edge(edge)).map_err(model(rule))?;
        }
        "cell" => {
            allow(&["kind", "cells", "split", "values"])?;
            let mark = CellMark::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Cell(mark)).map_err(model(rule))?;
        }
        "negative" => {
            allow(&[
                "of", "color", "letter", "value", "sum", "kind", "split", "area",
            ])?;
            let of = rule.get("of").and_then(|o| o.value.as_str());
            let negative = match of {
                Some("battenburg") => {
                    Rule::NegativeBattenburg(NegativeBattenburg::read_sudoku_puzzle(rule, puzzle)?)
                }
                Some("rossini") => {
                    Rule::NegativeRossini(NegativeRossini::read_sudoku_puzzle(rule, puzzle)?)
                }
                Some("cell") => Rule::CellNegative(CellNegative::read_sudoku_puzzle(rule, puzzle)?),
                _ => Rule::Negative(Negative::read_sudoku_puzzle(rule, puzzle)?),
            };
            puzzle.add_rule(negative).map_err(model(rule))?;
        }
        "table" => {
            allow(&["allowed", "cells", "where"])?;
            let t = Table::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Table(t)).map_err(model(rule))?;
        }
        "vudoku" => {
            allow(&["cells"])?;
            let v = Vudoku::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Vudoku(v)).map_err(model(rule))?;
        }
        "corner" => {
            allow(&["kind", "cells", "op", "value"])?;
            let c = Corner::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Corner(c)).map_err(model(rule))?;
        }
        "rossini" => {
            allow(&["arrow", "side", "cells"])?;
            let r = Rossini::read_sudoku_puzzle(rule, n)?;
            puzzle.add_rule(Rule::Rossini(r)).map_err(model(rule))?;
        }
        "global_entropy" => {
            allow(&[])?;
            let e = GlobalEntropy { size: n };
            puzzle
                .add_rule(Rule::GlobalEntropy(e))
                .map_err(model(rule))?;
        }
        "neighbours" => {
            allow(&["kind", "op", "params", "where", "within", "area", "except"])?;
            read_neighbours(rule, puzzle)?;
        }
        "relation" => {
            allow(&["op", "params", "pairs"])?;
            let relation = op(rule, n)?;
            let mut pairs = Vec::new();
            for p in rule.need("pairs")?.items()? {
                let cs = cells(&p, n)?;
                if cs.len() != 2 {
                    return Err(p.error("a pair is two cells"));
                }
                pairs.push([cs[0], cs[1]]);
            }
            puzzle
                .add_rule(Rule::Relation { relation, pairs })
                .map_err(model(rule))?;
        }
        "custom" => {
            return Err(t.error("\"custom\" rules are reserved by format_version 1 and refused"))
        }
        other => return Err(t.error(format!("unknown rule type {other:?}"))),
    }
    Ok(())
}

/// A pair operator with its parameters, as a relation on the digits 1 to `n`.
fn op(rule: &Node<'_>, n: usize) -> Result<Relation, Error> {
    relation(&rule.need("op")?, rule.get("params").as_ref(), rule, n)
}

/// The operator named by `o` with `params` (`at`: the object holding both), as a
/// relation on the digits 1 to `n`. `any_of` is the pairs its operators accept, and
/// `allowed` the pairs it lists (of digits 1 to `n`, as a `table`'s).
fn relation(
    o: &Node<'_>,
    params: Option<&Node<'_>>,
    at: &Node<'_>,
    n: usize,
) -> Result<Relation, Error> {
    let name = o.str()?;
    let items = params.map(|p| p.items()).transpose()?.unwrap_or_default();
    let params_error = |message: &str| match params {
        Some(p) => p.error(message),
        None => at.error(message),
    };
    match name {
        "allowed" => {
            let [list] = items.as_slice() else {
                return Err(params_error(
                    "allowed takes one parameter, the list of pairs",
                ));
            };
            let mut pairs = Vec::new();
            for p in list.items()? {
                let digits = p.items()?;
                let [a, b] = digits.as_slice() else {
                    return Err(p.error("an allowed pair is two digits"));
                };
                let digit = |d: &Node<'_>| d.int_in(1, n as i64).map(|d| d as u8);
                pairs.push((digit(a)?, digit(b)?));
            }
            Ok(Relation::Allowed(DigitPairs::accepted(n, |a, b| {
                pairs.contains(&(a, b))
            })))
        }
        "any_of" => {
            let mut choices = Vec::new();
            for choice in &items {
                let parts = choice.items()?;
                let [o, p] = parts.as_slice() else {
                    return Err(choice.error("an any_of choice is [operator, params]"));
                };
                choices.push(relation(o, Some(p), choice, n)?);
            }
            Ok(Relation::Allowed(DigitPairs::accepted(n, |a, b| {
                choices.iter().any(|r| r.holds(a, b))
            })))
        }
        _ => {
            let param = match items.as_slice() {
                [] => None,
                [k] => Some(k.int_in(0, i64::from(u16::MAX))? as u16),
                _ => return Err(params_error("a pair operator takes at most one parameter")),
            };
            Relation::from_name(name, param).ok_or_else(|| {
                o.error(format!(
                    "pair operator {name:?}{} is not supported yet",
                    param
                        .map(|p| format!(" with parameter {p}"))
                        .unwrap_or_default()
                ))
            })
        }
    }
}

fn read_neighbours(rule: &Node<'_>, puzzle: &mut Puzzle) -> Result<(), Error> {
    let n = puzzle.size();
    let kind = match (rule.get("kind"), rule.get("op")) {
        (Some(k), None) => match k.str()? {
            "antiknight" => NeighbourKind::AntiKnight,
            "antiking" => NeighbourKind::AntiKing,
            "nonconsecutive" => NeighbourKind::NonConsecutive,
            other => return Err(k.error(format!("unknown neighbours kind {other:?}"))),
        },
        (None, Some(_)) => {
            let relation = op(rule, n)?;
            let w = rule.need("where")?;
            let place = w.str()?;
            let Some(place) = Place::ALL.into_iter().find(|p| p.name() == place) else {
                return Err(w.error(format!(
                    "where {place:?}: orthogonal, diagonal, king or knight"
                )));
            };
            match (relation, place) {
                (Relation::Different, Place::Knight) => NeighbourKind::AntiKnight,
                (Relation::Different, Place::King) => NeighbourKind::AntiKing,
                (Relation::NotConsecutive, Place::Orthogonal) => NeighbourKind::NonConsecutive,
                (Relation::Less | Relation::LessEqual, _) => {
                    return Err(rule.need("op")?.error(format!(
                        "neighbours {}: a neighbour rule's operator is symmetric",
                        relation.name()
                    )))
                }
                (relation, place) => NeighbourKind::Related(relation, place),
            }
        }
        _ => return Err(rule.error("neighbours takes a kind, or op, params and where")),
    };
    let area = match rule.get("area") {
        None => None,
        Some(a) if a.value.is_string() => {
            if cell(&a, n)? != 0 {
                return Err(a.error("an area named by origin is the grid at r1c1"));
            }
            None
        }
        Some(a) => Some(cells(&a, n)?),
    };
    let scope = match (rule.get("within"), area) {
        (Some(w), None) => match w.str()? {
            "box" => Scope::WithinBox,
            "region" => Scope::WithinExtraRegion,
            other => return Err(w.error(format!("within {other:?}: box or region"))),
        },
        (None, Some(cells)) => Scope::Area(cells),
        (None, None) => Scope::Board,
        (Some(w), Some(_)) => return Err(w.error("both within and area")),
    };
    let mut except = Vec::new();
    if let Some(e) = rule.get("except") {
        for p in e.items()? {
            let cs: Vec<Cell> = cells(&p, n)?;
            if cs.len() != 2 {
                return Err(p.error("an exception is a pair of cells"));
            }
            except.push([cs[0], cs[1]]);
        }
    }
    puzzle
        .add_neighbours(Neighbours {
            kind,
            scope,
            except,
        })
        .map_err(model(rule))
}

fn names(puzzle: &Puzzle, cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| puzzle.cell_name(c)).collect()
}

/// Writes a puzzle as a sudoku-puzzle document, with `meta` and the `solution` if
/// given. Houses are written as one `box_grid` when they are rows, columns and
/// regular boxes, as a `grid` and `box`es for a jigsaw, else one by one.
pub fn write(puzzle: &Puzzle, meta: Option<&Value>, solution: Option<&[u8]>) -> Value {
    let n = puzzle.size();
    let mut rules = Vec::new();
    let houses = puzzle.houses();
    let rows = houses.iter().filter(|h| h.kind == HouseKind::Row).count();
    let cols = houses
        .iter()
        .filter(|h| h.kind == HouseKind::Column)
        .count();
    let lines_written = rows == n && cols == n;
    let shape = puzzle.box_shape();
    if let Some((r, c)) = shape {
        rules.push(json!({"type": "box_grid", "box": [r, c], "origin": "r1c1"}));
    } else if lines_written {
        rules.push(json!({"type": "grid", "origin": "r1c1"}));
    }
    for h in houses {
        let implied = match h.kind {
            HouseKind::Row | HouseKind::Column => lines_written,
            HouseKind::Box => shape.is_some(),
            _ => false,
        };
        if implied {
            continue;
        }
        let cells = names(puzzle, &h.cells);
        rules.push(match h.kind {
            HouseKind::Row => json!({"type": "row", "cells": cells}),
            HouseKind::Column => json!({"type": "column", "cells": cells}),
            HouseKind::Box | HouseKind::Region => json!({"type": "box", "cells": cells}),
            kind => json!({"type": "region", "kind": kind.name(), "cells": cells}),
        });
    }
    for nb in puzzle.neighbours() {
        let mut r = match nb.kind.name() {
            Some(kind) => json!({"kind": kind}),
            None => {
                let mut r = nb.kind.relation().op_json();
                r["where"] = nb.kind.place().name().into();
                r
            }
        };
        r["type"] = "neighbours".into();
        match &nb.scope {
            Scope::Board => {}
            Scope::WithinBox => r["within"] = json!("box"),
            Scope::WithinExtraRegion => r["within"] = json!("region"),
            Scope::Area(cells) => r["area"] = json!(names(puzzle, cells)),
        }
        if !nb.except.is_empty() {
            r["except"] = json!(nb
                .except
                .iter()
                .map(|p| names(puzzle, p))
                .collect::<Vec<_>>());
        }
        rules.push(r);
    }
    for rule in puzzle.rules() {
        match rule {
            Rule::Cage(cage) => rules.push(cage.write_sudoku_puzzle(puzzle)),
            Rule::Line(line) => rules.push(line.write_sudoku_puzzle(puzzle)),
            Rule::Arrow(arrow) => rules.push(arrow.write_sudoku_puzzle(puzzle)),
            Rule::SumClue(clue) => rules.push(clue.write_sudoku_puzzle(puzzle)),
            Rule::Sandwich(s) => rules.push(s.write_sudoku_puzzle(puzzle)),
            Rule::XSum(x) => rules.push(x.write_sudoku_puzzle(puzzle)),
            Rule::Skyscraper(s) => rules.push(s.write_sudoku_puzzle(puzzle)),
            Rule::EqualSum(e) => rules.push(e.write_sudoku_puzzle(puzzle)),
            Rule::Edge(edge) => rules.push(edge.write_sudoku_puzzle(puzzle)),
            Rule::Cell(mark) => rules.push(mark.write_sudoku_puzzle(puzzle)),
            Rule::Contains(c) => rules.push(c.write_sudoku_puzzle(puzzle)),
            Rule::Negative(negative) => rules.extend(negative.write_sudoku_puzzle(puzzle)),
            Rule::Extremum(e) => rules.push(e.write_sudoku_puzzle(puzzle)),
            Rule::Clone(c) => rules.push(c.write_sudoku_puzzle(puzzle)),
            Rule::Indexer(i) => rules.extend(i.write_sudoku_puzzle(puzzle)),
            Rule::Count(c) => rules.push(c.write_sudoku_puzzle(puzzle)),
            Rule::DistinctCount(d) => rules.push(d.write_sudoku_puzzle(puzzle)),
            Rule::FirstSeen(f) => rules.push(f.write_sudoku_puzzle(puzzle)),
            Rule::Appears(a) => rules.push(a.write_sudoku_puzzle(puzzle)),
            Rule::CellNegative(c) => rules.push(c.write_sudoku_puzzle(puzzle)),
            Rule::Isomorphic(i) => rules.push(i.write_sudoku_puzzle(puzzle)),
            Rule::Table(t) => rules.push(t.write_sudoku_puzzle(puzzle)),
            Rule::Vudoku(v) => rules.push(v.write_sudoku_puzzle(puzzle)),
            Rule::Corner(c) => rules.push(c.write_sudoku_puzzle(puzzle)),
            Rule::NegativeBattenburg(nb) => rules.push(nb.write_sudoku_puzzle(puzzle)),
            Rule::Rossini(r) => rules.push(r.write_sudoku_puzzle(puzzle)),
            Rule::NegativeRossini(nr) => rules.push(nr.write_sudoku_puzzle()),
            Rule::GlobalEntropy(e) => rules.push(e.write_sudoku_puzzle()),
            Rule::Relation { relation, pairs } => rules.push(
                crate::rules::relation::write_sudoku_puzzle(puzzle, *relation, pairs),
            ),
        }
    }
    let mut doc = json!({
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "board": {"rows": n, "cols": n},
        "digits": n,
        "givens": puzzle.givens(),
        "rules": rules,
    });
    if let Some(meta) = meta {
        doc["meta"] = meta.clone();
    }
    if let Some(s) = solution {
        doc["solution"] = json!(s);
    }
    let all = puzzle.all_digits();
    // A given's cell keeps its candidates too: both hold.
    let cands: serde_json::Map<String, Value> = (0..puzzle.cells())
        .filter(|&c| puzzle.candidates()[c] != all)
        .map(|c| {
            let digits: Vec<u32> = (1..=n as u32)
                .filter(|d| puzzle.candidates()[c] >> (d - 1) & 1 != 0)
                .collect();
            (puzzle.cell_name(c), json!(digits))
        })
        .collect();
    if !cands.is_empty() {
        doc["candidates"] = Value::Object(cands);
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(rules: Value) -> Value {
        json!({"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 4, "cols": 4},
               "digits": 4, "givens": [1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2], "rules": rules})
    }

    #[test]
    fn reads_and_writes_back() {
        let r = read(&doc(
            json!([{"type": "box_grid", "box": [2, 2], "origin": "r1c1"}]),
        ))
        .unwrap();
        assert_eq!(r.puzzle.houses().len(), 12);
        assert_eq!(r.puzzle.givens()[6], 3);
        let back = read(&write(&r.puzzle, None, None)).unwrap();
        assert_eq!(back.puzzle, r.puzzle);
    }

    #[test]
    fn errors_name_the_path() {
        let e = read(&doc(json!([{"type": "box_grid", "box": [2, 2], "origin": "r1c1"},
                                  {"type": "region", "kind": "diagonal", "cells": ["r1c1", "r5c5"]}]))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "rules[1].cells[1]: \"r5c5\" is not a cell of a 4x4 board (r1c1 to r4c4)"
        );
        let e = read(&doc(
            json!([{"type": "vendor:spiral", "cells": ["r1c1", "r2c2", "r1c2"]}]),
        ))
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "rules[0].type: unknown rule type \"vendor:spiral\""
        );
        let e = read(&doc(json!([{"type": "box", "cells": ["r1c1", "r1c2"]}]))).unwrap_err();
        assert!(
            e.to_string().starts_with("rules[0]: a box of 2 cells"),
            "{e}"
        );
        let e = read(&doc(
            json!([{"type": "grid", "origin": "r1c1", "colour": 3}]),
        ))
        .unwrap_err();
        assert_eq!(e.to_string(), "rules[0].colour: unknown key \"colour\"");
        let mut d = doc(json!([]));
        d["givens"][3] = json!(5);
        assert_eq!(
            read(&d).unwrap_err().to_string(),
            "givens[3]: 5 is out of range: 0 to 4"
        );
        d["givens"][3] = json!(0);
        d["candidates"] = json!({"r9c9": [1]});
        assert_eq!(
            read(&d).unwrap_err().to_string(),
            "candidates.r9c9: \"r9c9\" is not a cell of a 4x4 board (r1c1 to r4c4)"
        );
        d["format_version"] = json!(2);
        assert!(read(&d)
            .unwrap_err()
            .to_string()
            .contains("newer than this reader"));
    }

    #[test]
    fn neighbours_and_candidates() {
        let mut d = doc(json!([{"type": "grid", "origin": "r1c1"},
                               {"type": "neighbours", "kind": "antiknight"},
                               {"type": "neighbours", "op": "not_consecutive", "params": [], "where": "orthogonal"}]));
        d["candidates"] = json!({"r1c2": [2, 3]});
        let r = read(&d).unwrap();
        assert_eq!(r.puzzle.neighbours().len(), 2);
        assert_eq!(r.puzzle.candidates()[1], 0b110);
        let back = read(&write(&r.puzzle, None, None)).unwrap();
        assert_eq!(back.puzzle, r.puzzle);
    }

    /// A given and its cell's given candidates both hold, as pencilmark reads them: a
    /// given outside them leaves the puzzle without a solution (it was taken alone).
    #[test]
    fn a_given_outside_its_candidates_has_no_solution() {
        let count = |cands: Value| {
            let mut d = doc(json!([{"type": "box_grid", "box": [2, 2], "origin": "r1c1"}]));
            d["candidates"] = cands;
            crate::Engine::new(&read(&d).unwrap().puzzle)
                .unwrap()
                .count(100)
        };
        let free = count(json!({}));
        assert!(free >= 1);
        assert_eq!(count(json!({"r1c1": [1, 2]})), free);
        assert_eq!(count(json!({"r1c1": [2, 3]})), 0);
        // Written back, in both formats: the candidates stay, or f-puzzles refuses.
        let mut d = doc(json!([{"type": "box_grid", "box": [2, 2], "origin": "r1c1"}]));
        d["candidates"] = json!({"r1c1": [2, 3]});
        let p = read(&d).unwrap().puzzle;
        assert_eq!(read(&write(&p, None, None)).unwrap().puzzle, p);
        let e = super::super::fpuzzles::write(&p, None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "f-puzzles cannot express a given outside its cell's given candidates (r1c1)"
        );
    }
}
