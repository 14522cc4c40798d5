//! `Puzzle`: a board of N×N cells holding digits 1 to N, its houses and neighbour rules
//! as data, its givens or given candidates. Nothing is implied: a classic Sudoku is a
//! puzzle whose houses are its rows, columns and boxes ([`Puzzle::classic`]); a jigsaw
//! replaces the boxes by regions; an X-Sudoku adds the two diagonals. This is
//! Norvig's `units` as data, checked as it is built: a house that cannot hold distinct
//! digits, a region of the wrong size, a cell in two boxes, a given out of range is
//! refused with a [`ModelError`] that says where.
//!
//! ```
//! use bitdoku_variants::{HouseKind, Puzzle};
//! let mut x = Puzzle::classic(9)?;
//! x.add_diagonals()?;
//! assert_eq!(x.houses().len(), 29);
//! assert!(x.houses().iter().any(|h| h.kind == HouseKind::Diagonal));
//! assert!(x.set_given(x.cell(0, 0), 10).is_err()); // digits are 1 to 9
//! # Ok::<(), bitdoku_variants::ModelError>(())
//! ```

use crate::rules::{Neighbours, Rule};
use core::fmt;

/// The largest board: 25×25, digits 1 to 25.
pub const MAX_SIZE: usize = 25;

/// A set of any board's cells (the widest engine's).
pub(crate) type BoardCells = crate::bits::Bits<10>;
const _: () = assert!(MAX_SIZE * MAX_SIZE <= BoardCells::CAPACITY);

/// A cell: its row-major index on the board, `row * size + column`.
pub type Cell = usize;

/// The name of a cell as setters write it, `r1c1` for the top left (1-based).
pub fn cell_name(size: usize, cell: Cell) -> String {
    format!("r{}c{}", cell / size.max(1) + 1, cell % size.max(1) + 1)
}

/// The character of digit `d` in an N×N line: `1`-`9`, then `A`-`P` for 10 to 25.
pub fn digit_char(d: u8) -> char {
    match d {
        1..=9 => char::from(b'0' + d),
        10..=35 => char::from(b'A' + d - 10),
        _ => '.',
    }
}

/// What a house is, for messages, drawing and writing it back; every kind is the same
/// rule to the engine: no digit twice, and every digit once when it has N cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box of a regular box grid.
    Box,
    /// An irregular region (jigsaw): like a box, one per cell.
    Region,
    /// A diagonal (X-Sudoku).
    Diagonal,
    /// A window (Windoku / hyper Sudoku).
    Window,
    /// A disjoint group: the cells at the same place in every box.
    Disjoint,
    /// Any other listed set of cells without repeats.
    Extra,
}

impl HouseKind {
    /// Its name in messages and in the sudoku-puzzle format's `region` kinds.
    pub fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
            HouseKind::Disjoint => "disjoint",
            HouseKind::Extra => "extra",
        }
    }

    /// True for the kinds that partition the board (a cell is in at most one).
    pub fn partitions(self) -> bool {
        matches!(self, HouseKind::Box | HouseKind::Region)
    }

    /// True for the extra regions: diagonals, windows, disjoint groups and any other
    /// listed set (the sudoku-puzzle format's `region` rules).
    pub fn is_extra(self) -> bool {
        matches!(
            self,
            HouseKind::Diagonal | HouseKind::Window | HouseKind::Disjoint | HouseKind::Extra
        )
    }
}

/// A set of cells in which no digit repeats; with N cells, every digit appears once.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct House {
    /// What it is.
    pub kind: HouseKind,
    /// Its cells, in the order given.
    pub cells: Vec<Cell>,
}

/// Where a [`ModelError`] is: the front ends turn this into a file position or a JSON
/// path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum At {
    /// The board as a whole.
    Board,
    /// The house of this index (in [`Puzzle::houses`]), being added.
    House(usize),
    /// The neighbour rule of this index.
    Neighbours(usize),
    /// The rule of this index (in [`Puzzle::rules`]).
    Rule(usize),
    /// A cell's given or candidates.
    Cell(Cell),
}

/// A puzzle that cannot be valid, or (when [`ModelError::no_solution`]) a rule that no
/// digits can satisfy.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ModelError {
    /// Where.
    pub at: At,
    /// What: a sentence, naming cells as `r1c1`.
    pub message: String,
    /// True for a well-formed rule that no digits of the board satisfy (a cage of two
    /// cells adding up to 18 on a 6×6, a thermometer longer than the board has digits).
    /// [`Puzzle::add_rule`] keeps such a rule, and the puzzle has no solution
    /// ([`Puzzle::no_solution`] says why); every other error refuses the puzzle.
    pub no_solution: bool,
}

impl ModelError {
    pub(crate) fn new(at: At, message: impl Into<String>) -> ModelError {
        ModelError {
            at,
            message: message.into(),
            no_solution: false,
        }
    }

    /// A well-formed rule that no digits satisfy: see [`ModelError::no_solution`].
    pub(crate) fn unsatisfiable(at: At, message: impl Into<String>) -> ModelError {
        ModelError {
            no_solution: true,
            ..ModelError::new(at, message)
        }
    }
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ModelError {}

/// A puzzle: size, houses, neighbour rules, variant rules, givens and candidates.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    size: usize,
    houses: Vec<House>,
    neighbours: Vec<Neighbours>,
    rules: Vec<Rule>,
    givens: Vec<u8>,
    candidates: Vec<u32>,
    /// For each cell, the box or region holding it (an index into `houses`).
    region_of: Vec<Option<u32>>,
    /// The first rule added that no digits satisfy, if any.
    no_solution: Option<ModelError>,
}

impl Puzzle {
    /// An empty N×N board without houses: digits 1 to `size`, every candidate open.
    pub fn new(size: usize) -> Result<Puzzle, ModelError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(ModelError::new(
                At::Board,
                format!("a board of size {size}: sizes 1 to {MAX_SIZE} are supported"),
            ));
        }
        let cells = size * size;
        Ok(Puzzle {
            size,
            houses: Vec::new(),
            neighbours: Vec::new(),
            rules: Vec::new(),
            no_solution: None,
            givens: vec![0; cells],
            candidates: vec![full_mask(size); cells],
            region_of: vec![None; cells],
        })
    }

    /// Rows and columns only (a Latin square).
    pub fn latin(size: usize) -> Result<Puzzle, ModelError> {
        let mut p = Puzzle::new(size)?;
        p.add_rows_and_columns();
        Ok(p)
    }

    /// A classic puzzle: rows, columns and the usual boxes of its size
    /// ([`default_box`]); a size without one (a prime, say) is refused.
    pub fn classic(size: usize) -> Result<Puzzle, ModelError> {
        let (r, c) = default_box(size).ok_or_else(|| {
            ModelError::new(
                At::Board,
                format!("a {size}x{size} board has no usual box shape: give one, or regions"),
            )
        })?;
        Puzzle::with_boxes(size, r, c)
    }

    /// Rows, columns and boxes of `box_rows` × `box_cols` cells.
    pub fn with_boxes(size: usize, box_rows: usize, box_cols: usize) -> Result<Puzzle, ModelError> {
        let mut p = Puzzle::latin(size)?;
        p.add_boxes(box_rows, box_cols)?;
        Ok(p)
    }

    /// N, the board's side and the largest digit.
    pub fn size(&self) -> usize {
        self.size
    }

    /// N², the number of cells.
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The cell at 0-based `row`, `column`.
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        row * self.size + column
    }

    /// The cell's name, `r1c1` for the top left.
    pub fn cell_name(&self, cell: Cell) -> String {
        cell_name(self.size, cell)
    }

    /// The houses, in the order added.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The neighbour rules.
    pub fn neighbours(&self) -> &[Neighbours] {
        &self.neighbours
    }

    /// The variant rules.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The givens, row-major, 0 for an empty cell.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Each cell's given candidates, bit `d - 1` for digit `d` (every digit unless
    /// candidates were given). A given overrides its cell's candidates: its digit is
    /// its one candidate.
    pub fn candidates(&self) -> &[u32] {
        &self.candidates
    }

    /// The candidates every cell starts with: digits 1 to N.
    pub fn all_digits(&self) -> u32 {
        full_mask(self.size)
    }

    /// The box or region holding `cell`, if any (an index into [`Puzzle::houses`]).
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.region_of
            .get(cell)
            .copied()
            .flatten()
            .map(|i| i as usize)
    }

    /// Adds the N rows and N columns.
    pub fn add_rows_and_columns(&mut self) {
        let n = self.size;
        for r in 0..n {
            self.houses.push(House {
                kind: HouseKind::Row,
                cells: (0..n).map(|c| r * n + c).collect(),
            });
        }
        for c in 0..n {
            self.houses.push(House {
                kind: HouseKind::Column,
                cells: (0..n).map(|r| r * n + c).collect(),
            });
        }
    }

    /// Adds the boxes of `box_rows` × `box_cols` cells, left to right, top to bottom.
    pub fn add_boxes(&mut self, box_rows: usize, box_cols: usize) -> Result<(), ModelError> {
        let n = self.size;
        if box_rows == 0 || box_cols == 0 || box_rows * box_cols != n || !n.is_multiple_of(box_rows)
        {
            return Err(ModelError::new(
                At::House(self.houses.len()),
                format!("boxes of {box_rows}x{box_cols} do not tile a {n}x{n} board"),
            ));
        }
        for br in (0..n).step_by(box_rows) {
            for bc in (0..n).step_by(box_cols) {
                let cells = (0..box_rows)
                    .flat_map(|i| (0..box_cols).map(move |j| (br + i) * n + bc + j))
                    .collect();
                self.add_house(HouseKind::Box, cells)?;
            }
        }
        Ok(())
    }

    /// Adds the two main diagonals (X-Sudoku).
    pub fn add_diagonals(&mut self) -> Result<(), ModelError> {
        let n = self.size;
        self.add_house(HouseKind::Diagonal, (0..n).map(|i| i * n + i).collect())?;
        self.add_house(
            HouseKind::Diagonal,
            (0..n).map(|i| i * n + n - 1 - i).collect(),
        )
    }

    /// Adds the windows of Windoku (hyper Sudoku): the boxes of the usual shape whose
    /// corners sit one cell in from the board's boxes, one cell apart (four on 9×9).
    pub fn add_windows(&mut self) -> Result<(), ModelError> {
        let n = self.size;
        let (r, c) = default_box(n)
            .ok_or_else(|| ModelError::new(At::Board, format!("a {n}x{n} board has no windows")))?;
        let mut row = 1;
        while row + r < n {
            let mut col = 1;
            while col + c < n {
                let cells = (0..r)
                    .flat_map(|i| (0..c).map(move |j| (row + i) * n + col + j))
                    .collect();
                self.add_house(HouseKind::Window, cells)?;
                col += c + 1;
            }
            row += r + 1;
        }
        Ok(())
    }

    /// Adds the disjoint groups: for each position inside a box, the cells at that
    /// position in every box. Needs the boxes (or regions) of a regular box grid.
    pub fn add_disjoint_groups(
        &mut self,
        box_rows: usize,
        box_cols: usize,
    ) -> Result<(), ModelError> {
        let n = self.size;
        if box_rows == 0 || box_cols == 0 || box_rows * box_cols != n || !n.is_multiple_of(box_rows)
        {
            return Err(ModelError::new(
                At::House(self.houses.len()),
                format!(
                    "disjoint groups of {box_rows}x{box_cols} boxes do not tile a {n}x{n} board"
                ),
            ));
        }
        for i in 0..box_rows {
            for j in 0..box_cols {
                let cells = (0..n)
                    .step_by(box_rows)
                    .flat_map(|br| {
                        (0..n)
                            .step_by(box_cols)
                            .map(move |bc| (br + i) * n + bc + j)
                    })
                    .collect();
                self.add_house(HouseKind::Disjoint, cells)?;
            }
        }
        Ok(())
    }

    /// Adds jigsaw regions from a region number per cell (row-major, any numbers; the
    /// cells with the same number form a region of N cells). `None` leaves a cell in
    /// no region.
    pub fn add_regions(&mut self, region_of_cell: &[Option<u32>]) -> Result<(), ModelError> {
        if region_of_cell.len() != self.cells() {
            return Err(ModelError::new(
                At::Board,
                format!(
                    "{} region numbers for a board of {} cells",
                    region_of_cell.len(),
                    self.cells()
                ),
            ));
        }
        let mut numbers: Vec<u32> = region_of_cell.iter().flatten().copied().collect();
        numbers.sort_unstable();
        numbers.dedup();
        for k in numbers {
            let cells = (0..self.cells())
                .filter(|&c| region_of_cell[c] == Some(k))
                .collect();
            self.add_house(HouseKind::Region, cells)?;
        }
        Ok(())
    }

    /// Adds a house: `cells` hold no digit twice (and every digit once if there are N
    /// of them). Refused: a cell off the board or listed twice, more than N cells, a
    /// box or region of other than N cells, a cell already in another box or region.
    /// A house with the same cells as an earlier one adds nothing.
    pub fn add_house(&mut self, kind: HouseKind, cells: Vec<Cell>) -> Result<(), ModelError> {
        let at = At::House(self.houses.len());
        let n = self.size;
        let mut seen = BoardCells::EMPTY;
        for &c in &cells {
            if c >= self.cells() {
                return Err(ModelError::new(
                    at,
                    format!("cell {c} is off the {n}x{n} board"),
                ));
            }
            if seen.contains(c) {
                return Err(ModelError::new(
                    at,
                    format!("{} {} is listed twice", kind.name(), self.cell_name(c)),
                ));
            }
            seen.insert(c);
        }
        if cells.is_empty() {
            return Err(ModelError::new(
                at,
                format!("a {} without cells", kind.name()),
            ));
        }
        if cells.len() > n {
            return Err(ModelError::new(
                at,
                format!(
                    "a {} of {} cells on a board of digits 1-{n}: its digits cannot all differ",
                    kind.name(),
                    cells.len()
                ),
            ));
        }
        if kind.partitions() && cells.len() != n {
            return Err(ModelError::new(
                at,
                format!("a {} of {} cells: each holds {n}", kind.name(), cells.len()),
            ));
        }
        if kind.partitions() {
            if let Some((&c, other)) = cells
                .iter()
                .find_map(|c| self.region_of[*c].map(|o| (c, o)))
            {
                return Err(ModelError::new(
                    at,
                    format!(
                        "{} is already in {}",
                        self.cell_name(c),
                        self.house_label(other as usize)
                    ),
                ));
            }
        }
        // The same cells (no cell is listed twice in a house): as many, all `seen`.
        let same =
            |h: &House| h.cells.len() == cells.len() && h.cells.iter().all(|&c| seen.contains(c));
        let index = match self.houses.iter().position(same) {
            // The same cells as an earlier house: the same rule, kept once (a jigsaw
            // region that is a row is still the cells' region).
            Some(i) => i,
            None => {
                self.houses.push(House { kind, cells });
                self.houses.len() - 1
            }
        };
        if kind.partitions() {
            for &c in &self.houses[index].cells {
                self.region_of[c] = Some(index as u32);
            }
        }
        Ok(())
    }

    /// Adds a neighbour rule (anti-knight, anti-king, non-consecutive).
    pub fn add_neighbours(&mut self, rule: Neighbours) -> Result<(), ModelError> {
        rule.check(self, At::Neighbours(self.neighbours.len()))?;
        self.neighbours.push(rule);
        Ok(())
    }

    /// Adds a variant rule. A rule that cannot be valid (a cell off the board, a
    /// line of one cell, ...) is refused; one that is well formed but that no digits
    /// satisfy is kept, and the puzzle has no solution ([`Puzzle::no_solution`]).
    pub fn add_rule(&mut self, rule: Rule) -> Result<(), ModelError> {
        match rule.check(self, At::Rule(self.rules.len())) {
            Err(e) if e.no_solution => {
                self.no_solution.get_or_insert(e);
            }
            checked => checked?,
        }
        self.rules.push(rule);
        Ok(())
    }

    /// True if `other` is this puzzle but for its givens: the same board, houses,
    /// neighbour rules, variant rules and given candidates, so that an engine compiled
    /// for one serves the other once its givens are set ([`crate::Reuse`]).
    pub fn same_layout(&self, other: &Puzzle) -> bool {
        // Every field but the givens, named so that a new field is not forgotten.
        let Puzzle {
            size,
            houses,
            neighbours,
            rules,
            givens: _,
            candidates,
            region_of,
            no_solution,
        } = self;
        *size == other.size
            && *candidates == other.candidates
            && *region_of == other.region_of
            && *houses == other.houses
            && *neighbours == other.neighbours
            && *rules == other.rules
            && *no_solution == other.no_solution
    }

    /// Why the puzzle has no solution, when one of its rules is well formed but no
    /// digits satisfy it: the first such rule, where and why. The rule is kept (the
    /// writers write it back); the engine reports no solution without searching.
    ///
    /// ```
    /// use bitdoku_variants::rules::{Cage, Rule};
    /// use bitdoku_variants::{At, Engine, Puzzle};
    /// let mut p = Puzzle::classic(6)?;
    /// p.add_rule(Rule::Cage(Cage { cells: vec![0, 1], sum: Some(12) }))?;
    /// let why = p.no_solution().unwrap();
    /// assert_eq!((why.at, why.message.as_str()), (At::Rule(0), "a cage of 2 cells cannot add up to 12 (only 3 to 11)"));
    /// assert_eq!(Engine::new(&p)?.count(2), 0);
    /// # Ok::<(), bitdoku_variants::ModelError>(())
    /// ```
    pub fn no_solution(&self) -> Option<&ModelError> {
        self.no_solution.as_ref()
    }

    /// Gives `cell` the digit `digit` (0 empties it). A digit outside 0 to N is
    /// refused.
    pub fn set_given(&mut self, cell: Cell, digit: u8) -> Result<(), ModelError> {
        if cell >= self.cells() {
            return Err(ModelError::new(
                At::Cell(cell),
                format!("cell {cell} is off the board"),
            ));
        }
        if usize::from(digit) > self.size {
            return Err(ModelError::new(
                At::Cell(cell),
                format!(
                    "{} is given {digit}: digits are 1 to {}",
                    self.cell_name(cell),
                    self.size
                ),
            ));
        }
        self.givens[cell] = digit;
        Ok(())
    }

    /// Gives every cell at once (row-major, 0 for empty).
    pub fn set_givens(&mut self, givens: &[u8]) -> Result<(), ModelError> {
        if givens.len() != self.cells() {
            return Err(ModelError::new(
                At::Board,
                format!(
                    "{} givens for a board of {} cells",
                    givens.len(),
                    self.cells()
                ),
            ));
        }
        for (c, &d) in givens.iter().enumerate() {
            self.set_given(c, d)?;
        }
        Ok(())
    }

    /// Limits `cell` to `candidates` (bit `d - 1` for digit `d`): given pencil marks.
    pub fn set_candidates(&mut self, cell: Cell, candidates: u32) -> Result<(), ModelError> {
        if cell >= self.cells() {
            return Err(ModelError::new(
                At::Cell(cell),
                format!("cell {cell} is off the board"),
            ));
        }
        if candidates & !self.all_digits() != 0 {
            return Err(ModelError::new(
                At::Cell(cell),
                format!(
                    "{}'s candidates go past digit {}",
                    self.cell_name(cell),
                    self.size
                ),
            ));
        }
        self.candidates[cell] = candidates;
        Ok(())
    }

    /// True if some cell has given candidates (pencil marks) other than all digits.
    pub fn has_given_candidates(&self) -> bool {
        let all = self.all_digits();
        self.candidates.iter().any(|&m| m != all)
    }

    /// House `i` in messages: its kind and its number among the houses of its kind
    /// (`column 3`, `box 5`, `extra region 1`), counted from 1 in the order they were
    /// added.
    fn house_label(&self, i: usize) -> String {
        let kind = self.houses[i].kind;
        let k = self.houses[..i].iter().filter(|h| h.kind == kind).count() + 1;
        let name = match kind {
            HouseKind::Disjoint => "disjoint group",
            HouseKind::Extra => "extra region",
            other => other.name(),
        };
        format!("{name} {k}")
    }

    /// The given pairs that break a house: a digit given twice in one. Such a puzzle
    /// has no solution; front ends report it as a bad puzzle, as for classic ones.
    pub fn repeated_given(&self) -> Option<ModelError> {
        for (i, h) in self.houses.iter().enumerate() {
            let mut seen = [None; MAX_SIZE + 1];
            for &c in &h.cells {
                let d = self.givens[c] as usize;
                if d == 0 {
                    continue;
                }
                if let Some(first) = seen[d] {
                    return Some(ModelError::new(
                        At::Cell(c),
                        format!(
                            "{} repeats the {d} given at {} in {}",
                            self.cell_name(c),
                            self.cell_name(first),
                            self.house_label(i)
                        ),
                    ));
                }
                seen[d] = Some(c);
            }
        }
        None
    }

    /// True if `cell` may hold `digit` (1 to N): it is among the cell's given
    /// candidates and, if the cell has a given, it is the given (both hold).
    pub(crate) fn allows(&self, cell: Cell, digit: u8) -> bool {
        self.candidates[cell] >> (digit - 1) & 1 != 0
            && (self.givens[cell] == 0 || self.givens[cell] == digit)
    }

    /// True if `values` (row-major digits) is a solution: every cell holds a digit
    /// 1 to N that its givens and candidates allow, no house repeats a digit, and
    /// every neighbour rule and variant rule holds. This is the rules' brute-force
    /// definition, read from the model, not from the engine's tables.
    pub fn is_solved_by(&self, values: &[u8]) -> bool {
        if values.len() != self.cells() {
            return false;
        }
        let allowed = (0..self.cells()).all(|c| {
            let d = values[c];
            (1..=self.size as u8).contains(&d) && self.allows(c, d)
        });
        let houses = self.houses.iter().all(|h| {
            let mut seen = 0u32;
            h.cells.iter().all(|&c| {
                let bit = 1 << (values[c] - 1);
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        });
        allowed
            && houses
            && self.neighbours.iter().all(|rule| {
                let relation = rule.kind.relation();
                rule.pairs(self)
                    .iter()
                    .all(|&[a, b]| relation.holds(values[a], values[b]))
            })
            && self.rules.iter().all(|rule| rule.holds(self, values))
    }

    /// The box shape when the houses are exactly rows, columns and regular boxes of
    /// some shape (and nothing else but, possibly, other houses listed in `extra`).
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        let n = self.size;
        let first_box = self.houses.iter().find(|h| h.kind == HouseKind::Box)?;
        let rows = first_box
            .cells
            .iter()
            .map(|c| c / n)
            .collect::<std::collections::BTreeSet<_>>();
        let cols = first_box
            .cells
            .iter()
            .map(|c| c % n)
            .collect::<std::collections::BTreeSet<_>>();
        let shape = (rows.len(), cols.len());
        if shape.0 * shape.1 != n {
            return None; // not a rectangle: a jigsaw region
        }
        let regular = Puzzle::with_boxes(n, shape.0, shape.1).ok()?;
        let same = |kind| {
            let mut a: Vec<Vec<Cell>> = self
                .houses
                .iter()
                .filter(|h| h.kind == kind)
                .map(|h| sorted(&h.cells))
                .collect();
            let mut b: Vec<Vec<Cell>> = regular
                .houses
                .iter()
                .filter(|h| h.kind == kind)
                .map(|h| sorted(&h.cells))
                .collect();
            a.sort();
            b.sort();
            a == b
        };
        (same(HouseKind::Box) && same(HouseKind::Row) && same(HouseKind::Column)).then_some(shape)
    }

    /// A classic 9×9 puzzle of `bitdoku-core` as a puzzle of this crate: its givens, or
    /// a pencilmark puzzle's candidates (the inverse of [`Puzzle::as_classic`]).
    ///
    /// ```
    /// use bitdoku_variants::Puzzle;
    /// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let classic: bitdoku_core::Puzzle = line.parse().unwrap();
    /// let p = Puzzle::from_classic(&classic);
    /// assert_eq!(p.as_classic(), Some(classic));
    /// assert_eq!(bitdoku_variants::format::line(p.givens()), line);
    /// ```
    pub fn from_classic(classic: &bitdoku_core::Puzzle) -> Puzzle {
        // A 9×9 board has its usual boxes, and a classic puzzle's digits and
        // candidates are 1 to 9: nothing here can be refused.
        let mut p = Puzzle::classic(9).expect("9x9 has boxes");
        match classic {
            bitdoku_core::Puzzle::Givens(grid) => {
                let _ = p.set_givens(grid.values());
            }
            bitdoku_core::Puzzle::Candidates(board) => {
                for (cell, square) in bitdoku_core::Square::all().enumerate() {
                    let _ = p.set_candidates(cell, u32::from(board.get(square).bits()));
                }
            }
        }
        p
    }

    /// True if the puzzle is a classic one of side `side`²: rows, columns and
    /// `side`×`side` boxes, and nothing else (given candidates allowed).
    pub(crate) fn is_plain(&self, side: usize) -> bool {
        self.size == side * side
            && self.houses.len() == 3 * self.size
            && self.neighbours.is_empty()
            && self.rules.is_empty()
            && self.box_shape() == Some((side, side))
    }

    /// This puzzle as a classic 9×9 one, when it is exactly that (rows, columns and 3×3
    /// boxes, nothing else): the fast engine of `bitdoku-solver` then solves it.
    pub fn as_classic(&self) -> Option<bitdoku_core::Puzzle> {
        if !self.is_plain(3) {
            return None;
        }
        let mut values = [0u8; 81];
        values.copy_from_slice(&self.givens);
        let grid = bitdoku_core::Grid::from_values(values);
        if !self.has_given_candidates() {
            return Some(bitdoku_core::Puzzle::Givens(grid));
        }
        let mut board = bitdoku_core::Board::FULL;
        for (square, (&m, &d)) in
            bitdoku_core::Square::all().zip(self.candidates.iter().zip(&self.givens))
        {
            let mask = if d == 0 { m } else { 1 << (d - 1) };
            board.set(square, bitdoku_core::Candidates::from_bits(mask as u16));
        }
        Some(bitdoku_core::Puzzle::Candidates(board))
    }
}

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    v.sort_unstable();
    v
}

/// Digits 1 to `size` as a mask.
pub(crate) fn full_mask(size: usize) -> u32 {
    if size >= 32 {
        u32::MAX
    } else {
        (1u32 << size) - 1
    }
}

/// The usual box shape of a size, rows × columns, wider than tall: 2×2 for 4, 2×3 for
/// 6, 2×4 for 8, 3×3 for 9, 2×5 for 10, 3×4 for 12, 4×4 for 16, 4×5 for 20, 5×5 for 25
/// (the shape whose sides are closest); `None` for a prime size (no boxes) or 1.
pub fn default_box(size: usize) -> Option<(usize, usize)> {
    (1..=size)
        .rev()
        .find(|r| r * r <= size && size.is_multiple_of(*r))
        .filter(|&r| r > 1)
        .map(|r| (r, size / r))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages name a house by its kind and its number among that kind's houses.
    #[test]
    fn messages_number_houses_within_their_kind() {
        let repeat = |a: Cell, b: Cell| {
            let mut p = Puzzle::classic(9).unwrap();
            p.add_diagonals().unwrap();
            p.set_given(a, 5).unwrap();
            p.set_given(b, 5).unwrap();
            p.repeated_given().unwrap().message
        };
        assert_eq!(
            repeat(2, 38),
            "r5c3 repeats the 5 given at r1c3 in column 3"
        );
        assert_eq!(repeat(30, 40), "r5c5 repeats the 5 given at r4c4 in box 5");
        assert_eq!(repeat(9, 13), "r2c5 repeats the 5 given at r2c1 in row 2");
        assert_eq!(
            repeat(8, 72),
            "r9c1 repeats the 5 given at r1c9 in diagonal 2"
        );
        let mut p = Puzzle::classic(9).unwrap();
        let e = p.add_boxes(3, 3).unwrap_err();
        assert_eq!(e.message, "r1c1 is already in box 1");
    }

    #[test]
    fn usual_boxes() {
        let shapes: Vec<_> = [4, 6, 8, 9, 10, 12, 16, 20, 25, 7, 1]
            .iter()
            .map(|&n| default_box(n))
            .collect();
        assert_eq!(
            shapes,
            [
                Some((2, 2)),
                Some((2, 3)),
                Some((2, 4)),
                Some((3, 3)),
                Some((2, 5)),
                Some((3, 4)),
                Some((4, 4)),
                Some((4, 5)),
                Some((5, 5)),
                None,
                None
            ]
        );
    }

    #[test]
    fn refuses_what_cannot_be_valid() {
        assert!(Puzzle::new(26).is_err());
        assert!(Puzzle::new(0).is_err());
        let mut p = Puzzle::latin(9).unwrap();
        let e = p.add_house(HouseKind::Region, vec![0, 1, 2]).unwrap_err();
        assert_eq!(e.at, At::House(18));
        assert!(e.message.contains("region of 3 cells"), "{e}");
        p.add_house(HouseKind::Region, (0..9).collect()).unwrap();
        let e = p.add_house(HouseKind::Box, (8..17).collect()).unwrap_err();
        // The region has row 1's cells: it is kept once, as row 1.
        assert_eq!(e.message, "r1c9 is already in row 1");
        assert!(p.add_house(HouseKind::Extra, (0..10).collect()).is_err());
        assert!(p.add_house(HouseKind::Extra, vec![0, 0]).is_err());
        assert!(p.add_house(HouseKind::Extra, vec![81]).is_err());
        assert!(p.set_given(3, 10).is_err());
        assert!(Puzzle::with_boxes(9, 2, 3).is_err());
        assert!(Puzzle::with_boxes(6, 3, 2).is_ok());
    }

    #[test]
    fn classic_nine_goes_to_the_fast_engine() {
        let mut p = Puzzle::classic(9).unwrap();
        p.set_given(0, 4).unwrap();
        assert!(matches!(
            p.as_classic(),
            Some(bitdoku_core::Puzzle::Givens(_))
        ));
        p.add_diagonals().unwrap();
        assert!(p.as_classic().is_none());
        assert!(Puzzle::classic(16).unwrap().as_classic().is_none());
    }

    #[test]
    fn windows_and_disjoint_groups() {
        let mut p = Puzzle::classic(9).unwrap();
        p.add_windows().unwrap();
        p.add_disjoint_groups(3, 3).unwrap();
        assert_eq!(p.houses().len(), 27 + 4 + 9);
        let w = &p.houses()[27];
        assert_eq!(w.cells, vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
    }
}
