//! Rules beyond houses, each one a propagator: it removes the candidates it forbids
//! and is woken only when a cell it watches changes.
//!
//! - [`neighbours`]: anti-knight, anti-king, non-consecutive, or any pair operator
//!   between neighbours of one kind, over the whole board or a part of it. The first
//!   two are generalized peers (the same digit may not sit a knight's or king's move
//!   away), so they join each cell's peers and rule 1 does their work; the others are
//!   a [`relation`] on each pair of neighbours.
//! - [`relation`]: a relation between the digits of two cells (different, not
//!   consecutive, in the same third, one of a list of pairs, ...), kept
//!   arc-consistent: each cell keeps only the digits that some digit of the other
//!   still allows.
//! - [`edge`]: kropki dots, XV, numbered edges and greater-than signs, each a
//!   [`relation`] on its pair.
//! - [`cell`]: odd, even, low, high, listed and excluded digits in marked cells.
//! - [`contains`]: listed digits that appear among marked cells (a quadruple).
//! - [`extremum`]: minimum and maximum cells, a [`relation`] with each neighbour.
//! - [`indexer`]: row and column indexers, a pair with each cell they may point at.
//! - [`clone`]: regions whose corresponding cells hold the same digits, a
//!   [`relation`] on each pair.
//! - [`negative`]: "no dot means not", a relation on the pairs without a mark.
//! - [`isomorphic`]: two regions with the same pattern of digits under a relabelling.
//! - [`count`], [`distinct`], [`first_seen`], [`appears`]: how often digits appear
//!   among cells, how many different ones, which is met first from a side, and a
//!   cell's digit appearing among others.
//! - [`table`]: the digits of some cells are one of a list of allowed tuples, kept
//!   generalized arc-consistent; the rules below compile into it where they are not
//!   pair relations or cell marks.
//! - [`vudoku`]: a V's vertex is the sum or the difference of its arms.
//! - [`corner`]: marks on a 2×2 block: exclude, mathrax, battenburg (and its
//!   negative).
//! - [`rossini`]: outside arrows over the first three cells (and their negative).
//! - [`entropy`]: global entropy, a low, a middle and a high digit in every 2×2 block
//!   (compiled into [`contains`] on classes of digits, not a table).
//!
//! A [`Rule`] is what a puzzle states; the engine compiles it once per puzzle into
//! peers (pairs of cells that must differ) and propagators (`Prop`). A propagator
//! sees the candidates through `Cells` and removes what its rule forbids; it is run
//! when a cell it watches loses a candidate, and it must never remove
//! a digit that some solution has.
//!
//! Each rule is one module: its model, its propagator, its brute-force definition
//! ([`Rule::holds`]) and its tests, side by side.

pub mod appears;
pub mod arrow;
pub mod cage;
pub mod cell;
pub mod clone;
pub mod contains;
pub mod corner;
pub mod count;
pub mod distinct;
pub mod edge;
pub mod entropy;
pub mod equal_sum;
pub mod extremum;
pub mod first_seen;
pub mod indexer;
pub mod isomorphic;
pub mod line;
pub mod negative;
pub mod neighbours;
pub mod outside;
pub mod relation;
pub mod rossini;
pub mod sandwich;
pub mod skyscraper;
pub mod sum_clue;
pub mod table;
pub(crate) mod totals;
pub mod vudoku;
pub mod xsum;

pub use appears::Appears;
pub use arrow::Arrow;
pub use cage::Cage;
pub use cell::{CellKind, CellMark, CellNegative};
pub use clone::Clones;
pub use contains::Contains;
pub use corner::{Corner, CornerKind, Mathrax, NegativeBattenburg};
pub use count::{Count, CountKind};
pub use distinct::DistinctCount;
pub use edge::{Edge, Mark};
pub use entropy::GlobalEntropy;
pub use equal_sum::EqualSum;
pub use extremum::{Extremum, ExtremumKind};
pub use first_seen::FirstSeen;
pub use indexer::{Indexer, IndexerKind};
pub use isomorphic::Isomorphic;
pub use line::{Line, LineKind};
pub use negative::Negative;
pub use neighbours::{NeighbourKind, Neighbours, Place, Scope};
pub use outside::Side;
pub use relation::{DigitPairs, Relation};
pub use rossini::{NegativeRossini, Rossini, Towards};
pub use sandwich::Sandwich;
pub use skyscraper::Skyscraper;
pub use sum_clue::{SumClue, SumKind};
pub use table::{Placement, Table};
pub use vudoku::Vudoku;
pub use xsum::XSum;

use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::Step;

/// The candidates as a propagator sees them.
pub(crate) trait Cells {
    /// The candidates of `cell` (bit `d - 1` for digit `d`).
    fn get(&self, cell: usize) -> u32;
    /// Keeps only `keep` of `cell`'s candidates; a cell left with none is a
    /// contradiction.
    fn restrict(&mut self, cell: usize, keep: u32) -> Step;
}

/// A compiled rule: what the engine runs.
#[derive(Clone, Debug)]
pub(crate) enum Prop {
    /// A pair relation (see [`relation`]).
    Pair(relation::Pair),
    /// A sum over distinct digits (see [`cage`]).
    Sum(cage::Sum),
    /// A line (see [`line`]).
    Line(line::Propagator),
    /// Segments of equal value, digits free to repeat (see [`totals`]).
    Totals(totals::Totals),
    /// A sandwich sum (see [`sandwich`]).
    Sandwich(sandwich::Filling),
    /// An X-sum (see [`xsum`]).
    XSum(xsum::Prefix),
    /// A skyscraper clue (see [`skyscraper`]).
    Skyscraper(skyscraper::Visible),
    /// Cells limited to a set of digits (see [`cell`]).
    Within(cell::Within),
    /// Digits that appear among cells (see [`contains`]).
    Contains(contains::Need),
    /// How many times digits appear among cells (see [`count`]).
    Tally(count::Tally),
    /// How many different digits cells hold (see [`distinct`]).
    Distinct(distinct::Distinct),
    /// Which digit is met first (see [`first_seen`]).
    FirstSeen(first_seen::Before),
    /// A cell's digit among others (see [`appears`]).
    Appears(appears::Seen),
    /// Two regions under one relabelling (see [`isomorphic`]).
    Isomorphic(isomorphic::Relabel),
    /// Allowed tuples of digits (see [`table`]).
    Table(table::Tuples),
}

impl Prop {
    /// The cells whose changes wake it.
    pub(crate) fn watches(&self) -> Vec<Cell> {
        match self {
            Prop::Pair(p) => p.watches(),
            Prop::Sum(p) => p.watches(),
            Prop::Line(p) => p.watches(),
            Prop::Totals(p) => p.watches(),
            Prop::Sandwich(p) => p.watches(),
            Prop::XSum(p) => p.watches(),
            Prop::Skyscraper(p) => p.watches(),
            Prop::Within(p) => p.watches(),
            Prop::Contains(p) => p.watches(),
            Prop::Tally(p) => p.watches(),
            Prop::Distinct(p) => p.watches(),
            Prop::FirstSeen(p) => p.watches(),
            Prop::Appears(p) => p.watches(),
            Prop::Isomorphic(p) => p.watches(),
            Prop::Table(p) => p.watches(),
        }
    }

    /// Removes the candidates the rule forbids.
    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl Cells) -> Step {
        match self {
            Prop::Pair(p) => p.propagate(cells),
            Prop::Sum(p) => p.propagate(cells),
            Prop::Line(p) => p.propagate(cells),
            Prop::Totals(p) => p.propagate(cells),
            Prop::Sandwich(p) => p.propagate(cells),
            Prop::XSum(p) => p.propagate(cells),
            Prop::Skyscraper(p) => p.propagate(cells),
            Prop::Within(p) => p.propagate(cells),
            Prop::Contains(p) => p.propagate(cells),
            Prop::Tally(p) => p.propagate(cells),
            Prop::Distinct(p) => p.propagate(cells),
            Prop::FirstSeen(p) => p.propagate(cells),
            Prop::Appears(p) => p.propagate(cells),
            Prop::Isomorphic(p) => p.propagate(cells),
            Prop::Table(p) => p.propagate(cells),
        }
    }
}

/// What rules compile into: pairs of cells that must differ (they join each other's
/// peers), sets of N cells that hold every digit (houses), and propagators.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compiled {
    pub(crate) different: Vec<[Cell; 2]>,
    pub(crate) houses: Vec<Vec<Cell>>,
    pub(crate) props: Vec<Prop>,
}

impl Compiled {
    /// A relation over pairs: different pairs become peers, others propagators.
    pub(crate) fn relation(&mut self, size: usize, relation: Relation, pairs: &[[Cell; 2]]) {
        if relation == Relation::Different {
            self.different.extend_from_slice(pairs);
            return;
        }
        for &pair in pairs {
            self.props
                .push(Prop::Pair(relation::Pair::new(size, relation, pair)));
        }
    }
}

/// A variant rule of a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Rule {
    /// A killer cage.
    Cage(Cage),
    /// A line: thermometer, whisper, renban, between line, ...
    Line(Line),
    /// An arrow.
    Arrow(Arrow),
    /// A sum clue: little killer, frame, group or corner sum.
    SumClue(SumClue),
    /// A sandwich sum.
    Sandwich(Sandwich),
    /// An X-sum.
    XSum(XSum),
    /// A skyscraper clue.
    Skyscraper(Skyscraper),
    /// Segments of equal sums.
    EqualSum(EqualSum),
    /// A mark between two cells: a kropki dot, an X or V, a numbered edge, a
    /// greater-than sign.
    Edge(Edge),
    /// Cells whose digits are odd, even, low, high, listed or not listed.
    Cell(CellMark),
    /// Digits that appear among cells (a quadruple).
    Contains(Contains),
    /// Cells smaller (larger) than their orthogonal neighbours.
    Extremum(Extremum),
    /// Regions whose corresponding cells hold the same digits.
    Clone(Clones),
    /// Cells whose digit says where in their row (column) their column (row) number
    /// goes.
    Indexer(Indexer),
    /// How many times digits appear among cells.
    Count(Count),
    /// How many different digits cells hold.
    DistinctCount(DistinctCount),
    /// Which of some digits is met first from a side.
    FirstSeen(FirstSeen),
    /// A cell's digit appears among other cells.
    Appears(Appears),
    /// Cells without a mark of a kind (odd, even, low, high) are of the opposite kind.
    CellNegative(CellNegative),
    /// Two regions with the same pattern of digits under a relabelling.
    Isomorphic(Isomorphic),
    /// Orthogonal neighbours without a mark of a family have none of its relations.
    Negative(Negative),
    /// The digits of some cells are one of a list of allowed tuples.
    Table(Table),
    /// A V: its vertex is the sum or the difference of its arms.
    Vudoku(Vudoku),
    /// A mark on a 2×2 block: exclude, mathrax, battenburg.
    Corner(Corner),
    /// The 2×2 blocks without a battenburg mark are not checkerboards.
    NegativeBattenburg(NegativeBattenburg),
    /// A rossini arrow: the first three digits from a side increase its way.
    Rossini(Rossini),
    /// The first three digits from each side without a rossini arrow are not monotone.
    NegativeRossini(NegativeRossini),
    /// Every 2×2 block holds a low, a middle and a high digit.
    GlobalEntropy(GlobalEntropy),
    /// `relation` holds between the digits of each pair of cells (first, second).
    Relation {
        /// The relation.
        relation: Relation,
        /// The pairs of cells it holds for.
        pairs: Vec<[Cell; 2]>,
    },
}

impl Rule {
    /// The cells the rule reads.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Rule::Cage(cage) => cage.cells.clone(),
            Rule::Line(line) => line.cells.clone(),
            Rule::Arrow(arrow) => arrow.cells(),
            Rule::SumClue(clue) => clue.cells.clone(),
            Rule::Sandwich(s) => s.cells.clone(),
            Rule::XSum(x) => x.cells.clone(),
            Rule::Skyscraper(s) => s.cells.clone(),
            Rule::EqualSum(e) => e.cells(),
            Rule::Edge(edge) => edge.cells.to_vec(),
            Rule::Cell(mark) => mark.cells.clone(),
            Rule::Contains(c) => c.cells.clone(),
            Rule::Extremum(e) => e.cells_read(),
            Rule::Clone(c) => c.cells(),
            Rule::Indexer(i) => i.cells_read(),
            Rule::Count(c) => c.cells.clone(),
            Rule::DistinctCount(d) => d.cells.clone(),
            Rule::FirstSeen(f) => f.cells.clone(),
            Rule::Appears(a) => a.cells_read(),
            Rule::CellNegative(c) => c.area.clone(),
            Rule::Isomorphic(i) => i.cells(),
            Rule::Negative(negative) => negative.area.clone(),
            Rule::Table(t) => t.cells(),
            Rule::Vudoku(v) => v.cells.to_vec(),
            Rule::Corner(c) => c.cells.to_vec(),
            Rule::NegativeBattenburg(n) => n.area.clone(),
            Rule::Rossini(r) => r.cells.to_vec(),
            Rule::NegativeRossini(n) => n.cells(),
            Rule::GlobalEntropy(e) => e.cells(),
            Rule::Relation { pairs, .. } => pairs.iter().flatten().copied().collect(),
        }
    }

    /// Compiles the rule for `puzzle` (its size, and its houses where the rule
    /// depends on them).
    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        match self {
            Rule::Cage(cage) => cage.compile(puzzle.size(), out),
            Rule::Line(line) => line.compile(puzzle, out),
            Rule::Arrow(arrow) => arrow.compile(puzzle, out),
            Rule::SumClue(clue) => clue.compile(puzzle, out),
            Rule::Sandwich(s) => s.compile(puzzle, out),
            Rule::XSum(x) => x.compile(puzzle, out),
            Rule::Skyscraper(s) => s.compile(puzzle, out),
            Rule::EqualSum(e) => e.compile(puzzle, out),
            Rule::Edge(edge) => edge.compile(puzzle.size(), out),
            Rule::Cell(mark) => mark.compile(puzzle.size(), out),
            Rule::Contains(c) => c.compile(out),
            Rule::Extremum(e) => e.compile(out),
            Rule::Clone(c) => c.compile(puzzle.size(), out),
            Rule::Indexer(i) => i.compile(out),
            Rule::Count(c) => c.compile(puzzle.size(), out),
            Rule::DistinctCount(d) => d.compile(out),
            Rule::FirstSeen(f) => f.compile(out),
            Rule::Appears(a) => a.compile(out),
            Rule::CellNegative(c) => c.compile(puzzle, out),
            Rule::Isomorphic(i) => i.compile(out),
            Rule::Negative(negative) => negative.compile(puzzle, out),
            Rule::Table(t) => t.compile(out),
            Rule::Vudoku(v) => v.compile(puzzle.size(), out),
            Rule::Corner(c) => c.compile(puzzle.size(), out),
            Rule::NegativeBattenburg(n) => n.compile(puzzle, out),
            Rule::Rossini(r) => r.compile(puzzle.size(), out),
            Rule::NegativeRossini(n) => n.compile(puzzle, out),
            Rule::GlobalEntropy(e) => e.compile(out),
            Rule::Relation { relation, pairs } => out.relation(puzzle.size(), *relation, pairs),
        }
    }

    /// True if the rule holds on a full grid (row-major digits) of `puzzle` (the
    /// puzzle it is in: a negative constraint reads its marks): its brute-force
    /// definition.
    pub fn holds(&self, puzzle: &Puzzle, values: &[u8]) -> bool {
        match self {
            Rule::Cage(cage) => cage.holds(values),
            Rule::Line(line) => line.holds(values),
            Rule::Arrow(arrow) => arrow.holds(values),
            Rule::SumClue(clue) => clue.holds(values),
            Rule::Sandwich(s) => s.holds(values),
            Rule::XSum(x) => x.holds(values),
            Rule::Skyscraper(s) => s.holds(values),
            Rule::EqualSum(e) => e.holds(values),
            Rule::Edge(edge) => edge.holds(values),
            Rule::Cell(mark) => mark.holds(values),
            Rule::Contains(c) => c.holds(values),
            Rule::Extremum(e) => e.holds(values),
            Rule::Clone(c) => c.holds(values),
            Rule::Indexer(i) => i.holds(values),
            Rule::Count(c) => c.holds(values),
            Rule::DistinctCount(d) => d.holds(values),
            Rule::FirstSeen(f) => f.holds(values),
            Rule::Appears(a) => a.holds(values),
            Rule::CellNegative(c) => c.holds(puzzle, values),
            Rule::Isomorphic(i) => i.holds(values),
            Rule::Negative(negative) => negative.holds(puzzle, values),
            Rule::Table(t) => t.holds(values),
            Rule::Vudoku(v) => v.holds(values),
            Rule::Corner(c) => c.holds(values),
            Rule::NegativeBattenburg(n) => n.holds(puzzle, values),
            Rule::Rossini(r) => r.holds(values),
            Rule::NegativeRossini(n) => n.holds(puzzle, values),
            Rule::GlobalEntropy(e) => e.holds(values),
            Rule::Relation { relation, pairs } => pairs
                .iter()
                .all(|&[a, b]| relation.holds(values[a], values[b])),
        }
    }

    /// Refuses a rule that names cells off the board, or a relation that no digits
    /// of this board can satisfy in principle (a sum of 40 on a 9×9, say).
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        match self {
            Rule::Cage(cage) => cage.check(puzzle, at),
            Rule::Line(line) => line.check(puzzle, at),
            Rule::Arrow(arrow) => arrow.check(puzzle, at),
            Rule::SumClue(clue) => clue.check(puzzle, at),
            Rule::Sandwich(s) => s.check(puzzle, at),
            Rule::XSum(x) => x.check(puzzle, at),
            Rule::Skyscraper(s) => s.check(puzzle, at),
            Rule::EqualSum(e) => e.check(puzzle, at),
            Rule::Edge(edge) => edge.check(puzzle, at),
            Rule::Cell(mark) => mark.check(puzzle, at),
            Rule::Contains(c) => c.check(puzzle, at),
            Rule::Extremum(e) => e.check(puzzle, at),
            Rule::Clone(c) => c.check(puzzle, at),
            Rule::Indexer(i) => i.check(puzzle, at),
            Rule::Count(c) => c.check(puzzle, at),
            Rule::DistinctCount(d) => d.check(puzzle, at),
            Rule::FirstSeen(f) => f.check(puzzle, at),
            Rule::Appears(a) => a.check(puzzle, at),
            Rule::CellNegative(c) => c.check(puzzle, at),
            Rule::Isomorphic(i) => i.check(puzzle, at),
            Rule::Negative(negative) => negative.check(puzzle, at),
            Rule::Table(t) => t.check(puzzle, at),
            Rule::Vudoku(v) => v.check(puzzle, at),
            Rule::Corner(c) => c.check(puzzle, at),
            Rule::NegativeBattenburg(n) => n.check(puzzle, at),
            Rule::Rossini(r) => r.check(puzzle, at),
            Rule::NegativeRossini(n) => n.check(puzzle, at),
            Rule::GlobalEntropy(e) => e.check(puzzle, at),
            Rule::Relation { relation, pairs } => {
                for &[a, b] in pairs {
                    check_cells(&[a, b], puzzle, at)?;
                }
                relation.check(puzzle.size(), at)
            }
        }
    }
}

/// Refuses `what`, a rule made for a board of side `size`, on a puzzle of another side.
pub(crate) fn check_size(
    what: &str,
    size: usize,
    puzzle: &Puzzle,
    at: At,
) -> Result<(), ModelError> {
    if size == puzzle.size() {
        return Ok(());
    }
    Err(ModelError::new(
        at,
        format!(
            "{what} for a board of side {size} on one of side {}",
            puzzle.size()
        ),
    ))
}

/// True if two cells of an N×N board touch: neighbours orthogonally or diagonally (the
/// cells of a line, a shaft's first cell and its circle).
pub(crate) fn touching(size: usize, a: Cell, b: Cell) -> bool {
    let (ra, ca, rb, cb) = (a / size, a % size, b / size, b % size);
    ra.abs_diff(rb).max(ca.abs_diff(cb)) == 1
}

/// Refuses cells off the board or listed twice.
pub(crate) fn check_cells(cells: &[Cell], puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
    let mut seen = vec![false; puzzle.cells()];
    for &c in cells {
        if c >= puzzle.cells() {
            return Err(ModelError::new(at, format!("cell {c} is off the board")));
        }
        if std::mem::replace(&mut seen[c], true) {
            return Err(ModelError::new(
                at,
                format!("{} is listed twice", puzzle.cell_name(c)),
            ));
        }
    }
    if cells.is_empty() {
        return Err(ModelError::new(at, "a rule without cells"));
    }
    Ok(())
}

/// Cell names as the sudoku-puzzle format writes them, `r1c1`.
pub(crate) fn names(puzzle: &Puzzle, cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| puzzle.cell_name(c)).collect()
}

/// The cells of an f-puzzles list of single cells (`[{"cell": "R1C1"}, ...]`: odd,
/// even, minimum, maximum).
pub(crate) fn read_fpuzzles_cells(
    list: &crate::format::json::Node<'_>,
    size: usize,
) -> Result<Vec<Cell>, crate::format::Error> {
    let mut cells = Vec::new();
    for entry in list.items()? {
        entry.only(&["cell"])?;
        cells.push(crate::format::json::cell(&entry.need("cell")?, size)?);
    }
    Ok(cells)
}

/// Cells as an f-puzzles list of single cells, the inverse of [`read_fpuzzles_cells`].
pub(crate) fn write_fpuzzles_cells(puzzle: &Puzzle, cells: &[Cell]) -> Vec<serde_json::Value> {
    fnames(puzzle, cells)
        .into_iter()
        .map(|cell| serde_json::json!({ "cell": cell }))
        .collect()
}

/// Cell names as f-puzzles writes them, `R1C1`.
pub(crate) fn fnames(puzzle: &Puzzle, cells: &[Cell]) -> Vec<String> {
    cells
        .iter()
        .map(|&c| puzzle.cell_name(c).to_ascii_uppercase())
        .collect()
}

/// Keeps `members` within `allowed`, the union of the digit sets they may still
/// hold, and places each digit of `required` (in every such set) that has one cell
/// left among them: the last step of the propagators that choose among sets of
/// digits (a cage's combinations, a renban line's runs). `allowed` empty is a
/// contradiction.
pub(crate) fn within_sets(
    cells: &mut impl Cells,
    members: &[u16],
    allowed: u32,
    required: u32,
) -> Step {
    if allowed == 0 {
        return Err(crate::state::Contradiction);
    }
    for &c in members {
        cells.restrict(usize::from(c), allowed)?;
    }
    let mut left = required;
    while left != 0 {
        let d = left & left.wrapping_neg();
        left &= left - 1;
        let mut place = None;
        for &c in members {
            if cells.get(usize::from(c)) & d != 0 {
                if place.is_some() {
                    place = None;
                    break;
                }
                place = Some(usize::from(c));
            }
        }
        if let Some(c) = place {
            cells.restrict(c, d)?;
        }
    }
    Ok(())
}

/// What the rules' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::Cells;
    use crate::state::{Contradiction, Step};
    use serde_json::{json, Value};

    /// Candidates in a vector, as a propagator sees them.
    pub(crate) struct Marks(pub(crate) Vec<u32>);

    impl Cells for Marks {
        fn get(&self, cell: usize) -> u32 {
            self.0[cell]
        }
        fn restrict(&mut self, cell: usize, keep: u32) -> Step {
            self.0[cell] &= keep;
            if self.0[cell] == 0 {
                Err(Contradiction)
            } else {
                Ok(())
            }
        }
    }

    /// A mask of the digits listed.
    pub(crate) fn m(digits: &[u32]) -> u32 {
        digits.iter().fold(0, |m, d| m | 1 << (d - 1))
    }

    /// A sudoku-puzzle document: an empty 4×4 with 2×2 boxes, then `rules` (a JSON
    /// list), which are `rules[1]` onwards.
    pub(crate) fn four_by_four(rules: Value) -> Value {
        let mut all = vec![json!({"type": "box_grid", "box": [2, 2], "origin": "r1c1"})];
        all.extend(rules.as_array().into_iter().flatten().cloned());
        json!({"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 4, "cols": 4},
               "digits": 4, "givens": vec![0; 16], "rules": all})
    }

    /// Why the sudoku-puzzle reader refuses `rule` on [`four_by_four`]'s board.
    pub(crate) fn refusal(rule: Value) -> String {
        crate::format::sudoku_puzzle::read(&four_by_four(json!([rule])))
            .expect_err("a refusal")
            .to_string()
    }

    /// Why `rule`, read on [`four_by_four`]'s board, leaves it without a solution: a
    /// rule no digits satisfy is read, and the puzzle says why it has none.
    pub(crate) fn unsatisfiable(rule: Value) -> String {
        let p = crate::format::sudoku_puzzle::read(&four_by_four(json!([rule])))
            .expect("read")
            .puzzle;
        assert_eq!(crate::Engine::new(&p).unwrap().count(2), 0);
        p.no_solution()
            .expect("a rule no digits satisfy")
            .to_string()
    }
}
