//! f-puzzles JSON: what f-puzzles.com, SudokuPad and SudokuSolver exchange.
//!
//! ```json
//! {"size": 9, "grid": [[{"value": 2, "given": true, "region": 0}, {}, ...], ...],
//!  "diagonal+": true, "antiknight": true, "extraregion": [{"cells": ["R1C1", ...]}]}
//! ```
//!
//! `grid[r][c]` holds a cell: `value` with `given: true` is a given (a value without
//! it is a solver's entry, not part of the puzzle), `givenPencilMarks` its given
//! candidates, `region` its region (a cell without the key is in the default box of
//! its size, `null` in none). Regions that are the size's usual boxes are boxes;
//! others are jigsaw regions. Read here: `diagonal+` (bottom left to top right),
//! `diagonal-` (top left to bottom right), `antiknight`, `antiking`,
//! `nonconsecutive`, `disjointgroups`, `extraregion`, `killercage`, `arrow`,
//! `littlekillersum`, `sandwichsum`, `xsum`, `skyscraper`, `difference`, `ratio`, `xv`, `odd`, `even`,
//! `negative` (`difference`, `ratio`, `xv`), and the line keys of
//! [`crate::rules::line`]. Keys that only draw (`text`,
//! `rectangle`, the title, author, rules and solution) are kept or passed over; a
//! constraint key the engine does not have yet, an unknown key, a generic `cage`,
//! `line` or `circle` (whose meaning is only in the rules text) is refused by name.

use super::json::{self, cells, Node};
use super::{Error, Read, Source};
use crate::puzzle::{default_box, HouseKind, ModelError, Puzzle, MAX_SIZE};
use crate::rules::{
    line, Arrow, Cage, CellMark, Clones, Contains, Edge, Extremum, ExtremumKind, Indexer,
    IndexerKind, Line, Negative, NeighbourKind, Neighbours, Rule, Sandwich, Scope, Skyscraper,
    SumClue, XSum,
};
use serde_json::{json, Map, Value};

/// Keys read as the puzzle, or passed over because they only draw or describe it.
const KNOWN: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "_solution",
    "highlightConflicts",
    "text",
    "rectangle",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
    "metaData",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjointgroups",
    "extraregion",
    "killercage",
    "arrow",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "quadruple",
    "minimum",
    "maximum",
    "negative",
    "clone",
    "columnindexer",
    "rowindexer",
    // Fog of war hides clues from the solver; it changes no solution.
    "fogofwar",
    "foglight",
];

/// f-puzzles constraint keys the engine does not have yet: refused by name when they
/// hold anything.
pub const NOT_YET: &[&str] = &["boxindexer"];

/// Generic elements whose meaning is only in the rules text.
const GENERIC: &[&str] = &["cage", "line", "circle"];

fn empty(v: &json::Value<'_>) -> bool {
    match v {
        json::Value::Null | json::Value::Bool(false) => true,
        json::Value::Array(a) => a.is_empty(),
        json::Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

fn model<'n>(node: &'n Node<'_>) -> impl Fn(ModelError) -> Error + 'n {
    move |e| node.error(e.message)
}

/// Reads f-puzzles JSON.
pub fn read(doc: &Value) -> Result<Read, Error> {
    read_tree(&json::borrow(doc))
}

/// Reads f-puzzles JSON parsed by [`json::parse`].
pub(crate) fn read_tree(doc: &json::Value<'_>) -> Result<Read, Error> {
    let root = Node::root(doc);
    for key in root.keys()? {
        let value = root.entry(key).unwrap_or(doc);
        if KNOWN.contains(&key) || line::FPUZZLES_KEYS.contains(&key) || empty(value) {
            continue;
        }
        let node = root.need(key)?;
        if NOT_YET.contains(&key) {
            return Err(node.error(format!(
                "the f-puzzles constraint {key:?} is not supported yet"
            )));
        }
        if GENERIC.contains(&key) {
            return Err(node.error(format!(
                "a generic {key:?} carries its meaning in the rules text only: not read"
            )));
        }
        return Err(node.error(format!("unknown f-puzzles key {key:?}")));
    }
    let size = root.need("size")?;
    let n = size.int_in(1, MAX_SIZE as i64)? as usize;
    let mut puzzle = Puzzle::latin(n).map_err(model(&size))?;
    let grid = root.need("grid")?;
    let rows = grid.items()?;
    if rows.len() != n {
        return Err(grid.error(format!("{} rows on a board of size {n}", rows.len())));
    }
    let boxes = default_box(n);
    let mut region_of = vec![None; n * n];
    let mut givens = vec![0u8; n * n];
    let mut marks = vec![None; n * n];
    for (r, row) in rows.iter().enumerate() {
        let cols = row.items()?;
        if cols.len() != n {
            return Err(row.error(format!(
                "{} cells in a row of a board of size {n}",
                cols.len()
            )));
        }
        for (c, cell) in cols.iter().enumerate() {
            let i = r * n + c;
            if !cell.value.is_object() {
                return Err(cell.error("a cell is an object"));
            }
            region_of[i] = match cell.entry("region") {
                Some(json::Value::Null) => None,
                Some(_) => {
                    let k = cell.need("region")?.int()?;
                    u32::try_from(k).ok()
                }
                None => match boxes {
                    Some((bh, bw)) => Some(((r / bh) * (n / bw) + c / bw) as u32),
                    None => {
                        return Err(cell.error(format!(
                            "no region: f-puzzles has no default boxes for size {n}"
                        )))
                    }
                },
            };
            let given = cell
                .get("given")
                .map(|g| g.bool())
                .transpose()?
                .unwrap_or(false);
            if given {
                let v = cell.need("value")?;
                givens[i] = v.int_in(1, n as i64)? as u8;
            }
            if let Some(pm) = cell.get("givenPencilMarks") {
                let mut mask = 0u32;
                for d in pm.items()? {
                    mask |= 1 << (d.int_in(1, n as i64)? - 1);
                }
                if mask != 0 {
                    marks[i] = Some((mask, pm));
                }
            }
        }
    }
    let regular = boxes.filter(|&(bh, bw)| {
        (0..n * n).all(|i| region_of[i] == Some((((i / n) / bh) * (n / bw) + (i % n) / bw) as u32))
    });
    match regular {
        Some((bh, bw)) => puzzle.add_boxes(bh, bw).map_err(model(&grid))?,
        None => puzzle.add_regions(&region_of).map_err(model(&grid))?,
    }
    let flag = |key: &str| -> Result<bool, Error> {
        Ok(match root.get(key) {
            Some(v) => v.bool()?,
            None => false,
        })
    };
    if flag("diagonal-")? {
        let cells = (0..n).map(|i| i * n + i).collect();
        puzzle
            .add_house(HouseKind::Diagonal, cells)
            .map_err(model(&root.need("diagonal-")?))?;
    }
    if flag("diagonal+")? {
        let cells = (0..n).map(|i| (n - 1 - i) * n + i).collect();
        puzzle
            .add_house(HouseKind::Diagonal, cells)
            .map_err(model(&root.need("diagonal+")?))?;
    }
    for (key, kind) in [
        ("antiknight", NeighbourKind::AntiKnight),
        ("antiking", NeighbourKind::AntiKing),
        ("nonconsecutive", NeighbourKind::NonConsecutive),
    ] {
        if flag(key)? {
            puzzle
                .add_neighbours(Neighbours::board(kind))
                .map_err(model(&root.need(key)?))?;
        }
    }
    if flag("disjointgroups")? {
        let node = root.need("disjointgroups")?;
        let (bh, bw) = regular.ok_or_else(|| node.error("disjoint groups need the usual boxes"))?;
        puzzle.add_disjoint_groups(bh, bw).map_err(model(&node))?;
    }
    if let Some(extra) = root.get("extraregion") {
        for region in extra.items()? {
            region.only(&["cells", "baseC", "outlineC", "fontC"])?;
            let cs = cells(&region.need("cells")?, n)?;
            puzzle
                .add_house(HouseKind::Extra, cs)
                .map_err(model(&region))?;
        }
    }
    if let Some(cages) = root.get("killercage") {
        for entry in cages.items()? {
            let cage = Cage::read_fpuzzles(&entry, n)?;
            puzzle.add_rule(Rule::Cage(cage)).map_err(model(&entry))?;
        }
    }
    for &key in line::FPUZZLES_KEYS {
        let Some(entries) = root.get(key).filter(|e| !empty(e.value)) else {
            continue;
        };
        for entry in entries.items()? {
            for line in Line::read_fpuzzles(key, &entry, &puzzle)? {
                puzzle.add_rule(Rule::Line(line)).map_err(model(&entry))?;
            }
        }
    }
    if let Some(arrows) = root.get("arrow") {
        for entry in arrows.items()? {
            let arrow = Arrow::read_fpuzzles(&entry, n)?;
            puzzle.add_rule(Rule::Arrow(arrow)).map_err(model(&entry))?;
        }
    }
    if let Some(clues) = root.get("littlekillersum") {
        for entry in clues.items()? {
            if let Some(clue) = SumClue::read_fpuzzles(&entry, n)? {
                puzzle
                    .add_rule(Rule::SumClue(clue))
                    .map_err(model(&entry))?;
            }
        }
    }
    if let Some(clues) = root.get("sandwichsum") {
        for entry in clues.items()? {
            if let Some(s) = Sandwich::read_fpuzzles(&entry, n)? {
                puzzle.add_rule(Rule::Sandwich(s)).map_err(model(&entry))?;
            }
        }
    }
    if let Some(clues) = root.get("xsum") {
        for entry in clues.items()? {
            if let Some(x) = XSum::read_fpuzzles(&entry, n)? {
                puzzle.add_rule(Rule::XSum(x)).map_err(model(&entry))?;
            }
        }
    }
    if let Some(clues) = root.get("skyscraper") {
        for entry in clues.items()? {
            if let Some(s) = Skyscraper::read_fpuzzles(&entry, n)? {
                puzzle
                    .add_rule(Rule::Skyscraper(s))
                    .map_err(model(&entry))?;
            }
        }
    }
    for key in ["difference", "ratio", "xv"] {
        if let Some(list) = root.get(key) {
            for entry in list.items()? {
                let edge = Edge::read_fpuzzles(key, &entry, n)?;
                puzzle.add_rule(Rule::Edge(edge)).map_err(model(&entry))?;
            }
        }
    }
    for kind in [ExtremumKind::Minimum, ExtremumKind::Maximum] {
        if let Some(list) = root.get(kind.name()).filter(|l| !empty(l.value)) {
            let e = Extremum::read_fpuzzles(kind, &list, n)?;
            puzzle.add_rule(Rule::Extremum(e)).map_err(model(&list))?;
        }
    }
    if let Some(list) = root.get("quadruple") {
        for entry in list.items()? {
            if let Some(c) = Contains::read_fpuzzles(&entry, n)? {
                puzzle.add_rule(Rule::Contains(c)).map_err(model(&entry))?;
            }
        }
    }
    for kind in [IndexerKind::Column, IndexerKind::Row] {
        if let Some(list) = root.get(kind.name()).filter(|l| !empty(l.value)) {
            let i = Indexer::read_fpuzzles(kind, &list, n)?;
            puzzle.add_rule(Rule::Indexer(i)).map_err(model(&list))?;
        }
    }
    if let Some(list) = root.get("clone") {
        for entry in list.items()? {
            let c = Clones::read_fpuzzles(&entry, n)?;
            puzzle.add_rule(Rule::Clone(c)).map_err(model(&entry))?;
        }
    }
    for key in ["odd", "even"] {
        if let Some(list) = root.get(key) {
            let mark = CellMark::read_fpuzzles(key, &list, n)?;
            puzzle.add_rule(Rule::Cell(mark)).map_err(model(&list))?;
        }
    }
    if let Some(list) = root.get("negative") {
        for negative in Negative::read_fpuzzles(&list, &puzzle)? {
            puzzle
                .add_rule(Rule::Negative(negative))
                .map_err(model(&list))?;
        }
    }
    for (i, &d) in givens.iter().enumerate() {
        puzzle.set_given(i, d).map_err(model(&grid))?;
    }
    for (i, m) in marks.into_iter().enumerate() {
        if let Some((mask, node)) = m {
            if givens[i] == 0 {
                puzzle.set_candidates(i, mask).map_err(model(&node))?;
            }
        }
    }
    let solution = match root.get("solution") {
        Some(s) => {
            let items = s.items()?;
            let values: Vec<u8> = items
                .iter()
                .map(|v| v.value.as_u64().unwrap_or(0).min(255) as u8)
                .collect();
            (values.len() == n * n && values.iter().all(|&d| (1..=n as u8).contains(&d)))
                .then_some(values)
        }
        None => None,
    };
    let text = |k: &str| {
        root.get(k)
            .and_then(|t| t.value.as_str())
            .filter(|s| !s.is_empty())
    };
    let title = text("title").map(str::to_string);
    let mut meta = Map::new();
    for (from, to) in [
        ("title", "title"),
        ("author", "author"),
        ("ruleset", "rules_text"),
    ] {
        if let Some(t) = text(from) {
            meta.insert(to.to_string(), json!(t));
        }
    }
    Ok(Read {
        puzzle,
        source: Source::Fpuzzles,
        solution,
        title,
        meta: (!meta.is_empty()).then_some(Value::Object(meta)),
    })
}

fn fname(puzzle: &Puzzle, cell: usize) -> String {
    puzzle.cell_name(cell).to_ascii_uppercase()
}

/// Writes a puzzle as f-puzzles JSON (with `meta`'s title, author and rules text, and
/// the solution, if given). A puzzle f-puzzles cannot express (a board without rows or
/// columns, neighbour rules in part of the board or by operator, and the rules it has
/// no key for: pair relations, equal sums, tables, vudoku, corner marks, rossini
/// arrows, global entropy and the negatives of battenburg and rossini) is refused.
pub fn write(
    puzzle: &Puzzle,
    meta: Option<&Value>,
    solution: Option<&[u8]>,
) -> Result<Value, Error> {
    let n = puzzle.size();
    let refuse = |what: &str| Error::path("", format!("f-puzzles cannot express {what}"));
    let count = |k| puzzle.houses().iter().filter(|h| h.kind == k).count();
    if count(HouseKind::Row) != n || count(HouseKind::Column) != n {
        return Err(refuse("a board without its rows and columns"));
    }
    let regular = puzzle.box_shape().filter(|&s| Some(s) == default_box(n));
    let mut doc = Map::new();
    doc.insert("size".into(), json!(n));
    let meta_text = |k: &str| {
        meta.and_then(|m| m.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    doc.insert("title".into(), json!(meta_text("title")));
    doc.insert("author".into(), json!(meta_text("author")));
    doc.insert("ruleset".into(), json!(meta_text("rules_text")));
    let all = puzzle.all_digits();
    // f-puzzles keeps no pencil marks on a given: one outside them would be dropped.
    if let Some(c) = (0..n * n).find(|&c| {
        let d = puzzle.givens()[c];
        d != 0 && !puzzle.allows(c, d)
    }) {
        return Err(refuse(&format!(
            "a given outside its cell's given candidates ({})",
            puzzle.cell_name(c)
        )));
    }
    // Regions are numbered in the order of their houses. A region with the cells of a
    // row or a column is that house (kept once), so regions are told apart by the
    // house each cell's `region_of` names, not by the kind of the house.
    let mut regions: Vec<usize> = (0..n * n).filter_map(|i| puzzle.region_of(i)).collect();
    regions.sort_unstable();
    regions.dedup();
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let mut cell = Map::new();
                    let d = puzzle.givens()[i];
                    if d != 0 {
                        cell.insert("value".into(), json!(d));
                        cell.insert("given".into(), json!(true));
                    } else if puzzle.candidates()[i] != all {
                        let m = puzzle.candidates()[i];
                        let digits: Vec<u32> =
                            (1..=n as u32).filter(|d| m >> (d - 1) & 1 != 0).collect();
                        cell.insert("givenPencilMarks".into(), json!(digits));
                    }
                    if regular.is_none() {
                        cell.insert(
                            "region".into(),
                            puzzle.region_of(i).map_or(Value::Null, |h| {
                                json!(regions.binary_search(&h).unwrap_or_default())
                            }),
                        );
                    }
                    Value::Object(cell)
                })
                .collect()
        })
        .collect();
    doc.insert("grid".into(), json!(grid));
    let main: Vec<usize> = (0..n).map(|i| i * n + i).collect();
    let anti: Vec<usize> = (0..n).map(|i| (n - 1 - i) * n + i).collect();
    let same = |a: &[usize], b: &[usize]| {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    };
    let mut extra = Vec::new();
    let mut disjoint = 0;
    for h in puzzle.houses() {
        match h.kind {
            HouseKind::Row | HouseKind::Column | HouseKind::Box | HouseKind::Region => {}
            HouseKind::Diagonal if same(&h.cells, &main) => {
                doc.insert("diagonal-".into(), json!(true));
            }
            HouseKind::Diagonal if same(&h.cells, &anti) => {
                doc.insert("diagonal+".into(), json!(true));
            }
            HouseKind::Disjoint => disjoint += 1,
            _ => extra.push(
                json!({"cells": h.cells.iter().map(|&c| fname(puzzle, c)).collect::<Vec<_>>()}),
            ),
        }
    }
    if disjoint > 0 {
        if disjoint != n || regular.is_none() {
            return Err(refuse(
                "disjoint groups other than those of the usual boxes",
            ));
        }
        doc.insert("disjointgroups".into(), json!(true));
    }
    if !extra.is_empty() {
        doc.insert("extraregion".into(), json!(extra));
    }
    for nb in puzzle.neighbours() {
        let Some(name) = nb.kind.name() else {
            return Err(refuse("neighbour rules by operator"));
        };
        if nb.scope != Scope::Board || !nb.except.is_empty() {
            return Err(refuse(&format!("{name} in part of the board")));
        }
        doc.insert(name.into(), json!(true));
    }
    // Each rule's entry under its key, the keys in the order first met. A cell that
    // two rules mark alike (two odd rules of one cell) is listed once: the readers
    // refuse a cell listed twice under a key of marked cells.
    let mut keyed: Vec<(&str, Vec<Value>)> = Vec::new();
    let mut add = |key: &'static str, entry: Value| match keyed.iter_mut().find(|(k, _)| *k == key)
    {
        Some((_, entries)) => {
            let marks_a_cell = entry
                .as_object()
                .is_some_and(|o| o.len() == 1 && o.contains_key("cell"));
            if !(marks_a_cell && entries.contains(&entry)) {
                entries.push(entry)
            }
        }
        None => keyed.push((key, vec![entry])),
    };
    for rule in puzzle.rules() {
        match rule {
            Rule::Cage(cage) => add("killercage", cage.write_fpuzzles(puzzle)),
            Rule::Arrow(arrow) => add("arrow", arrow.write_fpuzzles(puzzle)?),
            Rule::SumClue(clue) => add("littlekillersum", clue.write_fpuzzles(puzzle)?),
            Rule::Sandwich(s) => add("sandwichsum", s.write_fpuzzles(puzzle)?),
            Rule::XSum(x) => add("xsum", x.write_fpuzzles(puzzle)?),
            Rule::Skyscraper(s) => add("skyscraper", s.write_fpuzzles(puzzle)?),
            // Rules f-puzzles has no key for.
            Rule::EqualSum(_) => return Err(refuse("equal sums")),
            Rule::Count(_) => return Err(refuse("counts of digits")),
            Rule::DistinctCount(_) => return Err(refuse("counts of different digits")),
            Rule::FirstSeen(_) => return Err(refuse("first-seen clues")),
            Rule::Appears(_) => return Err(refuse("appears rules")),
            Rule::Isomorphic(_) => return Err(refuse("isomorphic regions")),
            Rule::CellNegative(_) => return Err(refuse("a negative constraint of cell marks")),
            Rule::Relation { .. } => return Err(refuse("pair relations")),
            Rule::Table(_) => return Err(refuse("a table")),
            Rule::Vudoku(_) => return Err(refuse("a vudoku")),
            Rule::Corner(_) => return Err(refuse("a corner mark")),
            Rule::NegativeBattenburg(_) => return Err(refuse("a negative of battenburg")),
            Rule::Rossini(_) => return Err(refuse("a rossini arrow")),
            Rule::NegativeRossini(_) => return Err(refuse("a negative of rossini")),
            Rule::GlobalEntropy(_) => return Err(refuse("global entropy")),
            Rule::Contains(c) => add("quadruple", c.write_fpuzzles(puzzle)?),
            Rule::Extremum(e) => {
                for entry in e.write_fpuzzles(puzzle) {
                    add(e.kind.name(), entry)
                }
            }
            Rule::Clone(c) => {
                for entry in c.write_fpuzzles(puzzle) {
                    add("clone", entry)
                }
            }
            Rule::Indexer(i) => {
                for entry in i.write_fpuzzles(puzzle) {
                    add(i.kind.name(), entry)
                }
            }
            Rule::Line(line) => {
                let (key, entry) = line.write_fpuzzles(puzzle).map_err(|w| refuse(&w))?;
                add(key, entry)
            }
            Rule::Edge(edge) => {
                let (key, entry) = edge
                    .write_fpuzzles(puzzle)
                    .ok_or_else(|| refuse(&format!("a {} edge", edge.mark.family().name())))?;
                add(key, entry)
            }
            Rule::Cell(mark) => {
                let (key, entries) = mark.write_fpuzzles(puzzle).ok_or_else(|| {
                    refuse(&format!("a cell rule of kind {:?}", mark.kind.name()))
                })?;
                for entry in entries {
                    add(key, entry)
                }
            }
            Rule::Negative(negative) => {
                for entry in negative
                    .write_fpuzzles(puzzle)
                    .map_err(|what| refuse(&what))?
                {
                    add("negative", json!(entry))
                }
            }
        }
    }
    for (key, entries) in keyed {
        doc.insert(key.into(), json!(entries));
    }
    if let Some(s) = solution {
        doc.insert("solution".into(), json!(s));
    }
    Ok(Value::Object(doc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jigsaw_and_its_extras_round_trip() {
        let mut p = Puzzle::latin(4).unwrap();
        p.add_regions(&[0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3].map(Some))
            .unwrap();
        p.add_diagonals().unwrap();
        p.add_neighbours(Neighbours::board(NeighbourKind::AntiKing))
            .unwrap();
        p.set_given(0, 1).unwrap();
        let doc = write(&p, None, None).unwrap();
        assert_eq!(doc["grid"][2][0]["region"], json!(2));
        let back = read(&doc).unwrap().puzzle;
        assert_eq!(back.givens(), p.givens());
        assert_eq!(back.houses().len(), p.houses().len());
        assert_eq!(back.neighbours(), p.neighbours());
    }

    #[test]
    fn a_region_that_is_a_row_keeps_its_own_number() {
        // Regions 0 and 3 are the first and last rows: those houses are the rows.
        let mut p = Puzzle::latin(4).unwrap();
        p.add_regions(&[0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3].map(Some))
            .unwrap();
        let doc = write(&p, None, None).unwrap();
        let numbers: Vec<i64> = (0..4)
            .map(|r| doc["grid"][r][2]["region"].as_i64().unwrap())
            .collect();
        assert_eq!(numbers, [0, 3, 3, 1]); // in the order of the houses: rows first
        let back = read(&doc).unwrap().puzzle;
        assert_eq!(back.houses().len(), p.houses().len());
    }

    #[test]
    fn refuses_by_name() {
        let doc = json!({"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
                         "boxindexer": [{"cells": ["R1C1"]}]});
        assert_eq!(
            read(&doc).unwrap_err().to_string(),
            "boxindexer: the f-puzzles constraint \"boxindexer\" is not supported yet"
        );
        let doc = json!({"size": 4, "grid": [], "fog": 1});
        assert_eq!(
            read(&doc).unwrap_err().to_string(),
            "fog: unknown f-puzzles key \"fog\""
        );
        let doc = json!({"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {"value": 5, "given": true}]]});
        assert_eq!(
            read(&doc).unwrap_err().to_string(),
            "grid[3][3].value: 5 is out of range: 1 to 4"
        );
    }
}
