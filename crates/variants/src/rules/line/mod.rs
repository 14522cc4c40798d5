//! Line rules: a line is a path of cells, read in order, and its kind says what the
//! digits along it do.
//!
//! | kind | meaning | propagation |
//! |---|---|---|
//! | thermometer | digits strictly increase from the bulb (the first cell) | peers, and bounds along the line (`thermo`) |
//! | slow thermometer | digits never decrease from the bulb | bounds along the line, strict where two neighbours share a house |
//! | whisper | neighbours on the line differ by at least `k` (German 5, Dutch 4) | [`Relation::DifferenceAtLeast`] on each neighbouring pair |
//! | renban | a set of consecutive digits in any order | peers, and the runs of digits that still fit (`renban`) |
//! | palindrome | the line reads the same both ways | [`Relation::Equal`] on mirrored cells |
//! | between | digits strictly between the two end circles' digits | bounds in both orientations (`between`) |
//! | parity | neighbours on the line differ in parity | [`Relation::ParityDiffers`] on each neighbouring pair |
//! | entropic | any `g` cells in a row hold one digit of each of `g` groups (low, middle, high) | classes (`classes`) |
//! | modular | any `m` cells in a row hold one digit of each residue mod `m` | classes (`classes`) |
//! | zipper | cells equally far from the centre add up to the same total (the centre's digit, on a line of odd length) | sum sets (`sums`) |
//! | lockout | the end diamonds differ by at least `k`; the other cells lie outside their range | both orientations (`lockout`) |
//! | region sum | the line's segments in each box or region have equal sums | sum sets (`sums`) |
//! | double arrow | the two end circles add up to the sum of the cells between them | sum sets (`sums`) |
//! | nabner | no two digits on the line are equal or consecutive, wherever they sit on it | peers, and [`Relation::DifferenceAtLeast`] 2 on every pair |
//!
//! Read from the sudoku-puzzle rule `{"type": "line", "kind": "thermo", "cells":
//! [...]}` (with `value` for whisper, modular and lockout, `groups` for entropic,
//! `closed` for whisper, renban and parity loops) and from the f-puzzles keys
//! `thermometer`, `slowthermometer`, `whispers`, `renban`, `palindrome`, `betweenline`,
//! `entropicline`, `modularline`, `zipperline`, `lockout`, `regionsumline`,
//! `doublearrow` and `nabner` (entries
//! of `{"lines": [[...], ...]}`, each line one rule); written back to both.

pub(crate) mod between;
pub(crate) mod classes;
pub(crate) mod lockout;
pub(crate) mod renban;
pub(crate) mod sums;
pub(crate) mod thermo;

use super::{Compiled, Relation};
use crate::format::json::Value as Json;
use crate::format::json::{cells as read_cells, Node};
use crate::format::Error;
use crate::puzzle::{At, Cell, ModelError, Puzzle};
use crate::state::Step;
use serde_json::{json, Value};

/// What the digits along a line do; see the [module docs](self).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum LineKind {
    /// Strictly increasing from the first cell (the bulb).
    Thermo,
    /// Never decreasing from the first cell.
    SlowThermo,
    /// Neighbours on the line differ by at least this much.
    Whisper(u8),
    /// A set of consecutive digits, in any order, without repeats.
    Renban,
    /// The same read from either end.
    Palindrome,
    /// The digits between the ends lie strictly between the ends' digits.
    Between,
    /// Neighbours on the line differ in parity.
    Parity,
    /// Any run of as many cells as there are groups holds one digit of each group
    /// (the groups as digit masks, bit `d - 1` for digit `d`).
    Entropic(Vec<u32>),
    /// Any run of `m` cells holds one digit of each residue mod `m`.
    Modular(u8),
    /// Cells equally far from the centre add up to the same total; on a line of odd
    /// length, to the centre's digit.
    Zipper,
    /// The ends differ by at least this much; the other cells lie outside the range
    /// between the ends' digits.
    Lockout(u8),
    /// The line cut into segments (their lengths, in order) where it crosses from one
    /// box or region into another: every segment has the same sum.
    RegionSum(Vec<usize>),
    /// The first and last cells (the circles) add up to the sum of the cells between
    /// them.
    DoubleArrow,
    /// No two digits on the line are equal or consecutive (the opposite of renban).
    /// The sudoku-puzzle format has no such kind: written there as a `relation`
    /// `difference_at_least` 2 on every pair of its cells.
    Nabner,
}

/// The f-puzzles keys read as lines.
pub const FPUZZLES_KEYS: &[&str] = &[
    "thermometer",
    "slowthermometer",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "entropicline",
    "modularline",
    "zipperline",
    "lockout",
    "regionsumline",
    "doublearrow",
    "nabner",
];

/// A line rule: its kind and its cells in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// What the digits along it do.
    pub kind: LineKind,
    /// Its cells, in order along the line (a thermometer's bulb first).
    pub cells: Vec<Cell>,
    /// A loop: the last cell is also the first's neighbour on the line (whisper,
    /// parity; a renban loop is the same set of cells).
    pub closed: bool,
}

/// A nabner line's relation, on every pair of its cells.
const NABNER: Relation = Relation::DifferenceAtLeast(2);

/// The usual entropic groups of digits 1 to `size`: its thirds (1-3, 4-6, 7-9 on a
/// 9×9), when `size` is a multiple of 3.
pub fn thirds(size: usize) -> Option<Vec<u32>> {
    (size.is_multiple_of(3) && size > 0).then(|| {
        let third = (1u32 << (size / 3)) - 1;
        (0..3).map(|g| third << (g * size / 3)).collect()
    })
}

impl Line {
    /// A line of `kind` through `cells`, open.
    pub fn new(kind: LineKind, cells: Vec<Cell>) -> Line {
        Line {
            kind,
            cells,
            closed: false,
        }
    }

    /// A region-sum line through `cells`, cut where it crosses from one box or region
    /// of `puzzle` into another (a cell in no region is its own kind of region).
    pub fn region_sum(puzzle: &Puzzle, cells: Vec<Cell>) -> Line {
        let mut segments: Vec<usize> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            match segments.last_mut() {
                Some(last) if puzzle.region_of(c) == puzzle.region_of(cells[i - 1]) => *last += 1,
                _ => segments.push(1),
            }
        }
        Line::new(LineKind::RegionSum(segments), cells)
    }

    /// Its name in the sudoku-puzzle format.
    pub fn name(&self) -> &'static str {
        match self.kind {
            LineKind::Thermo => "thermo",
            LineKind::SlowThermo => "slow_thermo",
            LineKind::Whisper(_) => "whisper",
            LineKind::Renban => "renban",
            LineKind::Palindrome => "palindrome",
            LineKind::Between => "between",
            LineKind::Parity => "parity",
            LineKind::Entropic(_) => "entropic",
            LineKind::Modular(_) => "modular",
            LineKind::Zipper => "zipper",
            LineKind::Lockout(_) => "lockout",
            LineKind::RegionSum(_) => "region_sum",
            LineKind::DoubleArrow => "double_arrow",
            LineKind::Nabner => "nabner",
        }
    }

    /// Every pair of its cells, each once.
    fn all_pairs(&self) -> Vec<[Cell; 2]> {
        let cells = &self.cells;
        (0..cells.len())
            .flat_map(|i| (i + 1..cells.len()).map(move |j| [cells[i], cells[j]]))
            .collect()
    }

    /// Neighbouring cells along the line (with the last and first of a loop).
    fn neighbours(&self) -> Vec<[Cell; 2]> {
        let mut out: Vec<[Cell; 2]> = self.cells.windows(2).map(|w| [w[0], w[1]]).collect();
        if self.closed && self.cells.len() > 2 {
            out.push([self.cells[self.cells.len() - 1], self.cells[0]]);
        }
        out
    }

    /// Refuses a line with cells off the board or listed twice, fewer than two cells,
    /// or two cells in a row that do not touch; marks one no digits of this board can
    /// satisfy ([`ModelError::no_solution`]).
    pub(crate) fn check(&self, puzzle: &Puzzle, at: At) -> Result<(), ModelError> {
        let n = puzzle.size();
        super::check_cells(&self.cells, puzzle, at)?;
        let len = self.cells.len();
        let name = self.name();
        let refuse = |why: String| Err(ModelError::new(at, format!("a {name} line: {why}")));
        let impossible = |why: String| {
            Err(ModelError::unsatisfiable(
                at,
                format!("a {name} line: {why}"),
            ))
        };
        if len < 2 {
            return refuse("a line has two cells or more".into());
        }
        // Drawn cell to cell: each is a neighbour of the one before (as pencilmark
        // checks its documents' lines).
        for pair in self.cells.windows(2) {
            if !super::touching(n, pair[0], pair[1]) {
                return refuse(format!(
                    "{} and {} do not touch (each cell of a line is a neighbour of the one before)",
                    puzzle.cell_name(pair[0]),
                    puzzle.cell_name(pair[1])
                ));
            }
        }
        if self.closed
            && !matches!(
                self.kind,
                LineKind::Whisper(_) | LineKind::Parity | LineKind::Renban
            )
        {
            return refuse("only whisper, parity and renban lines may be closed".into());
        }
        match &self.kind {
            LineKind::Thermo | LineKind::Renban if len > n => {
                impossible(format!("{len} cells cannot hold distinct digits 1-{n}"))
            }
            LineKind::Nabner if len > n.div_ceil(2) => impossible(format!(
                "{len} cells cannot hold digits 1-{n} two or more apart"
            )),
            // Two circles with nothing between: their digits add up to more than
            // nothing (pencilmark reads it the same way).
            LineKind::DoubleArrow if len < 3 => {
                impossible("its two circles add up to more than the nothing between them".into())
            }
            LineKind::Whisper(k) => Relation::DifferenceAtLeast(*k).check(n, at),
            LineKind::Lockout(k) => Relation::DifferenceAtLeast(*k).check(n, at),
            LineKind::Modular(m) if *m == 0 || usize::from(*m) > n => {
                refuse(format!("a modulus of {m} on digits 1-{n}"))
            }
            LineKind::Entropic(groups) => {
                let all = puzzle.all_digits();
                let mut seen = 0;
                for &g in groups {
                    if g == 0 || g & !all != 0 || g & seen != 0 {
                        return refuse(format!(
                            "its groups of digits do not divide 1-{n} (each digit in one group)"
                        ));
                    }
                    seen |= g;
                }
                if seen != all {
                    return refuse(format!(
                        "its groups of digits do not divide 1-{n} (each digit in one group)"
                    ));
                }
                Ok(())
            }
            LineKind::RegionSum(segments) => {
                if segments.contains(&0) || segments.iter().sum::<usize>() != len {
                    return refuse("its segments do not cut its cells".into());
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The brute-force definition on a full grid (row-major digits).
    pub fn holds(&self, values: &[u8]) -> bool {
        let v: Vec<u8> = self.cells.iter().map(|&c| values[c]).collect();
        let pairs = || {
            self.neighbours()
                .into_iter()
                .map(|[a, b]| (values[a], values[b]))
        };
        match &self.kind {
            LineKind::Thermo => v.windows(2).all(|w| w[0] < w[1]),
            LineKind::SlowThermo => v.windows(2).all(|w| w[0] <= w[1]),
            LineKind::Whisper(k) => pairs().all(|(a, b)| a.abs_diff(b) >= *k),
            LineKind::Parity => pairs().all(|(a, b)| (a ^ b) & 1 == 1),
            LineKind::Palindrome => v.iter().eq(v.iter().rev()),
            LineKind::Renban => renban::holds(&v),
            LineKind::Between => between::holds(&v),
            LineKind::Lockout(k) => lockout::holds(&v, *k),
            LineKind::Entropic(groups) => classes::holds(&v, groups.len(), |d| {
                groups.iter().position(|g| g >> (d - 1) & 1 != 0)
            }),
            LineKind::Modular(m) => {
                classes::holds(&v, usize::from(*m), |d| Some(usize::from(d % m)))
            }
            LineKind::Zipper => sums::holds(&v, &sums::zipper(v.len())),
            LineKind::RegionSum(lengths) => sums::holds(&v, &sums::cut(lengths)),
            LineKind::DoubleArrow => sums::holds(&v, &sums::double_arrow(v.len())),
            LineKind::Nabner => self
                .all_pairs()
                .iter()
                .all(|&[a, b]| NABNER.holds(values[a], values[b])),
        }
    }

    pub(crate) fn compile(&self, puzzle: &Puzzle, out: &mut Compiled) {
        let n = puzzle.size();
        let cells = &self.cells;
        let len = cells.len();
        let all_different = |out: &mut Compiled| {
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    out.different.push([a, b]);
                }
            }
            if len == n {
                out.houses.push(cells.clone());
            }
        };
        match &self.kind {
            LineKind::Thermo => {
                all_different(out);
                out.line(thermo::Thermo::new(cells, |_, _| true));
            }
            LineKind::SlowThermo => {
                let share = |a: Cell, b: Cell| {
                    puzzle
                        .houses()
                        .iter()
                        .any(|h| h.cells.contains(&a) && h.cells.contains(&b))
                };
                out.line(thermo::Thermo::new(cells, share));
            }
            LineKind::Whisper(k) => {
                out.relation(n, Relation::DifferenceAtLeast(*k), &self.neighbours())
            }
            LineKind::Parity => out.relation(n, Relation::ParityDiffers, &self.neighbours()),
            LineKind::Palindrome => {
                let mirrored: Vec<[Cell; 2]> = (0..len / 2)
                    .map(|i| [cells[i], cells[len - 1 - i]])
                    .collect();
                out.relation(n, Relation::Equal, &mirrored);
            }
            LineKind::Renban => {
                all_different(out);
                out.line(renban::Renban::new(n, cells));
            }
            LineKind::Between if len > 2 => out.line(between::Between::new(cells)),
            LineKind::Between => {}
            LineKind::Lockout(k) => out.line(lockout::Lockout::new(cells, *k)),
            LineKind::Entropic(groups) => out.line(classes::Classes::new(cells, groups)),
            LineKind::Modular(m) => {
                out.line(classes::Classes::new(cells, &classes::residues(n, *m)))
            }
            LineKind::Zipper if len > 2 => {
                out.line(sums::EqualSum::new(n, cells, &sums::zipper(len)))
            }
            LineKind::RegionSum(lengths) if lengths.len() > 1 => {
                out.line(sums::EqualSum::new(n, cells, &sums::cut(lengths)))
            }
            LineKind::Zipper | LineKind::RegionSum(_) => {}
            LineKind::DoubleArrow => {
                out.line(sums::EqualSum::new(n, cells, &sums::double_arrow(len)))
            }
            LineKind::Nabner => {
                all_different(out);
                out.relation(n, NABNER, &self.all_pairs());
            }
        }
    }

    /// From a sudoku-puzzle `line` rule (its keys already checked). A region-sum line
    /// is cut by the puzzle's boxes and regions as they are now.
    pub(crate) fn read_sudoku_puzzle(rule: &Node<'_>, puzzle: &Puzzle) -> Result<Line, Error> {
        let n = puzzle.size();
        let kind_node = rule.need("kind")?;
        let kind = kind_node.str()?;
        let cells = read_cells(&rule.need("cells")?, n)?;
        let value = |default: Option<u8>| -> Result<u8, Error> {
            match rule.get("value") {
                Some(v) => Ok(v.int_in(0, 255)? as u8),
                None if n == 9 => default.ok_or_else(|| rule.error("\"value\" is missing")),
                None => Err(rule.error(format!(
                    "a {kind} line on digits other than 1-9 needs its \"value\""
                ))),
            }
        };
        let takes = |key: &str, own: bool| -> Result<(), Error> {
            match rule.get(key) {
                Some(k) if !own => Err(k.error(format!("a {kind} line takes no {key:?}"))),
                _ => Ok(()),
            }
        };
        takes("value", matches!(kind, "whisper" | "modular" | "lockout"))?;
        takes("groups", kind == "entropic")?;
        let lkind = match kind {
            "thermo" => LineKind::Thermo,
            "slow_thermo" => LineKind::SlowThermo,
            "whisper" => LineKind::Whisper(value(Some(5))?),
            "renban" => LineKind::Renban,
            "palindrome" => LineKind::Palindrome,
            "between" => LineKind::Between,
            "parity" => LineKind::Parity,
            "modular" => LineKind::Modular(value(Some(3))?),
            "lockout" => LineKind::Lockout(value(Some(4))?),
            "zipper" => LineKind::Zipper,
            "double_arrow" => LineKind::DoubleArrow,
            "entropic" => LineKind::Entropic(match rule.get("groups") {
                Some(g) => {
                    let mut groups = Vec::new();
                    for group in g.items()? {
                        let mut mask = 0u32;
                        for d in group.items()? {
                            mask |= 1 << (d.int_in(1, n as i64)? - 1);
                        }
                        groups.push(mask);
                    }
                    groups
                }
                None => thirds(n).filter(|_| n == 9).ok_or_else(|| {
                    rule.error("an entropic line on digits other than 1-9 needs its \"groups\"")
                })?,
            }),
            "region_sum" => return Ok(Line::region_sum(puzzle, cells)),
            other => return Err(kind_node.error(format!("unknown line kind {other:?}"))),
        };
        let closed = rule.get("closed").map(|c| c.bool()).transpose()?;
        Ok(Line {
            kind: lkind,
            cells,
            closed: closed.unwrap_or(false),
        })
    }

    /// From one entry of an f-puzzles line key (`{"lines": [[...], ...]}`): one line
    /// per list of cells. A whisper, renban or parity line whose last cell is its
    /// first is a loop.
    pub(crate) fn read_fpuzzles(
        key: &str,
        entry: &Node<'_>,
        puzzle: &Puzzle,
    ) -> Result<Vec<Line>, Error> {
        let n = puzzle.size();
        let value = |default: Option<u8>| -> Result<u8, Error> {
            match entry.get("value") {
                None => default.ok_or_else(|| {
                    entry.error(format!(
                        "a {key} line on digits other than 1-9 needs its \"value\""
                    ))
                }),
                Some(v) => match v.value {
                    Json::Number(_) => Ok(v.int_in(0, 255)? as u8),
                    Json::Str(s) if s.trim().is_empty() => default.ok_or_else(|| {
                        v.error(format!(
                            "a {key} line on digits other than 1-9 needs its \"value\""
                        ))
                    }),
                    Json::Str(s) => s.trim().parse().map_err(|_| {
                        v.error(format!("a {key} line's value {s:?} is not a number"))
                    }),
                    _ => Err(v.error(format!("a {key} line's value is a number"))),
                },
            }
        };
        let on_nine = |d: u8| (n == 9).then_some(d);
        let kind = match key {
            "thermometer" => LineKind::Thermo,
            "slowthermometer" => LineKind::SlowThermo,
            // f-puzzles' whispers are German whispers on any size.
            "whispers" => LineKind::Whisper(value(Some(5))?),
            "renban" => LineKind::Renban,
            "palindrome" => LineKind::Palindrome,
            "betweenline" => LineKind::Between,
            "modularline" => LineKind::Modular(value(Some(3))?),
            "lockout" => LineKind::Lockout(value(on_nine(4))?),
            "zipperline" => LineKind::Zipper,
            "entropicline" => LineKind::Entropic(thirds(n).ok_or_else(|| {
                entry.error(format!(
                    "entropic lines on digits 1-{n}: the low, middle and high thirds need a multiple of 3"
                ))
            })?),
            "regionsumline" => LineKind::RegionSum(Vec::new()),
            "doublearrow" => LineKind::DoubleArrow,
            "nabner" => LineKind::Nabner,
            _ => return Err(entry.error(format!("{key:?} is not a line"))),
        };
        let mut out = Vec::new();
        for list in entry.need("lines")?.items()? {
            let mut cells = read_cells(&list, n)?;
            let loops = matches!(
                kind,
                LineKind::Whisper(_) | LineKind::Renban | LineKind::Parity
            );
            let closed = loops && cells.len() > 3 && cells.first() == cells.last();
            if closed {
                cells.pop();
            }
            out.push(match kind {
                LineKind::RegionSum(_) => Line::region_sum(puzzle, cells),
                _ => Line {
                    kind: kind.clone(),
                    cells,
                    closed,
                },
            });
        }
        Ok(out)
    }

    pub(crate) fn write_sudoku_puzzle(&self, puzzle: &Puzzle) -> Value {
        if self.kind == LineKind::Nabner {
            return super::relation::write_sudoku_puzzle(puzzle, NABNER, &self.all_pairs());
        }
        let mut r = json!({"type": "line", "kind": self.name(), "cells": super::names(puzzle, &self.cells)});
        match &self.kind {
            LineKind::Whisper(k) | LineKind::Modular(k) | LineKind::Lockout(k) => {
                r["value"] = json!(k)
            }
            LineKind::Entropic(groups) => {
                r["groups"] = json!(groups.iter().map(|&g| digits(g)).collect::<Vec<_>>())
            }
            _ => {}
        }
        if self.closed {
            r["closed"] = json!(true);
        }
        r
    }

    /// The f-puzzles key and entry of the line, or what f-puzzles cannot express.
    pub(crate) fn write_fpuzzles(&self, puzzle: &Puzzle) -> Result<(&'static str, Value), String> {
        let n = puzzle.size();
        let mut cells = super::fnames(puzzle, &self.cells);
        if self.closed {
            cells.push(cells[0].clone());
        }
        let mut entry = json!({"lines": [cells]});
        let key = match &self.kind {
            LineKind::Thermo => "thermometer",
            LineKind::SlowThermo => "slowthermometer",
            LineKind::Whisper(k) => {
                if *k != 5 {
                    entry["value"] = json!(k.to_string());
                }
                "whispers"
            }
            LineKind::Renban => "renban",
            LineKind::Palindrome => "palindrome",
            LineKind::Between => "betweenline",
            LineKind::Modular(m) => {
                if *m != 3 {
                    entry["value"] = json!(m.to_string());
                }
                "modularline"
            }
            LineKind::Lockout(k) => {
                if *k != 4 || n != 9 {
                    entry["value"] = json!(k.to_string());
                }
                "lockout"
            }
            LineKind::Zipper => "zipperline",
            LineKind::DoubleArrow => "doublearrow",
            LineKind::Nabner => "nabner",
            LineKind::Entropic(groups) if thirds(n).as_ref() == Some(groups) => "entropicline",
            LineKind::Entropic(_) => return Err("entropic lines with other groups".into()),
            LineKind::RegionSum(segments)
                if Line::region_sum(puzzle, self.cells.clone()).kind
                    == LineKind::RegionSum(segments.clone()) =>
            {
                "regionsumline"
            }
            LineKind::RegionSum(_) => {
                return Err("a region-sum line cut other than by its regions".into())
            }
            LineKind::Parity => return Err("parity lines".into()),
        };
        Ok((key, entry))
    }
}

/// The digits of a mask, in increasing order.
fn digits(mask: u32) -> Vec<u32> {
    (0..32)
        .filter(|d| mask >> d & 1 != 0)
        .map(|d| d + 1)
        .collect()
}

/// A compiled line: what the engine runs.
#[derive(Clone, Debug)]
pub(crate) enum Propagator {
    Thermo(thermo::Thermo),
    Renban(renban::Renban),
    Between(between::Between),
    Lockout(lockout::Lockout),
    Classes(classes::Classes),
    EqualSum(sums::EqualSum),
}

macro_rules! each {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            Propagator::Thermo($p) => $e,
            Propagator::Renban($p) => $e,
            Propagator::Between($p) => $e,
            Propagator::Lockout($p) => $e,
            Propagator::Classes($p) => $e,
            Propagator::EqualSum($p) => $e,
        }
    };
}

impl Propagator {
    pub(crate) fn watches(&self) -> Vec<Cell> {
        each!(self, p => p.cells.iter().map(|&c| usize::from(c)).collect())
    }

    #[inline(always)]
    pub(crate) fn propagate(&self, cells: &mut impl super::Cells) -> Step {
        each!(self, p => p.propagate(cells))
    }
}

macro_rules! into_propagator {
    ($($t:ident :: $ty:ident => $v:ident),*) => {
        $(impl From<$t::$ty> for Propagator {
            fn from(p: $t::$ty) -> Propagator {
                Propagator::$v(p)
            }
        })*
    };
}

into_propagator!(thermo::Thermo => Thermo, renban::Renban => Renban, between::Between => Between,
    lockout::Lockout => Lockout, classes::Classes => Classes, sums::EqualSum => EqualSum);

impl Compiled {
    /// Adds a line's propagator.
    fn line(&mut self, p: impl Into<Propagator>) {
        self.props.push(super::Prop::Line(p.into()));
    }
}

/// The smallest digit of a non-empty mask (1-based).
#[inline(always)]
pub(crate) fn min_digit(mask: u32) -> u32 {
    mask.trailing_zeros() + 1
}

/// The largest digit of a non-empty mask.
#[inline(always)]
pub(crate) fn max_digit(mask: u32) -> u32 {
    32 - mask.leading_zeros()
}

/// Digits `lo` to `hi` (1-based, inclusive) as a mask; empty when `lo > hi`.
#[inline(always)]
pub(crate) fn range(lo: i32, hi: i32) -> u32 {
    let lo = lo.max(1);
    let hi = hi.min(32);
    if lo > hi {
        return 0;
    }
    let top = if hi >= 32 { u32::MAX } else { (1u32 << hi) - 1 };
    top & !((1u32 << (lo - 1)) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_bounds() {
        assert_eq!(range(2, 4), 0b1110);
        assert_eq!(range(5, 4), 0);
        assert_eq!(range(-3, 1), 1);
        assert_eq!(range(1, 40), u32::MAX);
        assert_eq!((min_digit(0b1100), max_digit(0b1100)), (3, 4));
    }

    #[test]
    fn definitions() {
        let values = [1, 3, 3, 9, 4, 5, 2, 7, 8];
        let line = |kind, cells: &[usize]| Line::new(kind, cells.to_vec());
        assert!(line(LineKind::Thermo, &[0, 1, 3]).holds(&values));
        assert!(!line(LineKind::Thermo, &[0, 1, 2]).holds(&values));
        assert!(line(LineKind::SlowThermo, &[0, 1, 2, 3]).holds(&values));
        assert!(line(LineKind::Whisper(5), &[6, 7, 0]).holds(&values)); // 2 7 1
        assert!(!line(LineKind::Whisper(5), &[6, 7, 8]).holds(&values));
        assert!(line(LineKind::Renban, &[4, 5, 1, 6]).holds(&values)); // 4 5 3 2
        assert!(!line(LineKind::Renban, &[4, 5, 7]).holds(&values));
        assert!(line(LineKind::Palindrome, &[1, 0, 2]).holds(&values));
        assert!(!line(LineKind::Palindrome, &[1, 0, 3]).holds(&values));
        assert!(line(LineKind::Between, &[0, 1, 4, 3]).holds(&values));
        assert!(line(LineKind::Parity, &[0, 6, 1]).holds(&values)); // 1 2 3
        let mut ring = line(LineKind::Parity, &[0, 6, 1, 6 + 1]); // 1 2 3 7
        assert!(!ring.holds(&values));
        ring.cells = vec![0, 6, 1, 4]; // 1 2 3 4
        assert!(ring.holds(&values));
        ring.closed = true;
        assert!(ring.holds(&values));
        let mut whisper = line(LineKind::Whisper(3), &[0, 4, 3, 6]); // 1 4 9 2
        assert!(whisper.holds(&values));
        whisper.closed = true;
        assert!(!whisper.holds(&values)); // 2 and 1 close it
        assert!(line(LineKind::Lockout(4), &[6, 0, 8, 7]).holds(&values)); // 2 .. 7: 1, 8
        assert!(!line(LineKind::Lockout(4), &[6, 0, 5, 7]).holds(&values)); // 2 .. 7: 5
        assert!(!line(LineKind::Lockout(4), &[0, 3, 4]).holds(&values)); // 1 .. 4: too close
        assert!(line(LineKind::Modular(3), &[0, 6, 2, 4]).holds(&values)); // 1 2 3 4
        assert!(!line(LineKind::Modular(3), &[0, 6, 2, 5]).holds(&values)); // 1 2 3 5
        assert!(!line(LineKind::Zipper, &[0, 1, 4]).holds(&values)); // 1 + 4 != 3
        assert!(line(LineKind::Zipper, &[6, 4, 1, 5]).holds(&values)); // 2 + 5 = 4 + 3
        assert!(line(LineKind::DoubleArrow, &[6, 1, 0]).holds(&values)); // 2 + 1 = 3
        assert!(!line(LineKind::DoubleArrow, &[6, 4, 0]).holds(&values)); // 2 + 1 != 4
        assert!(line(LineKind::DoubleArrow, &[3, 7, 1, 0]).holds(&values)); // 9 + 1 = 7 + 3
        assert!(line(LineKind::Nabner, &[0, 3, 7]).holds(&values)); // 1 9 7
        assert!(!line(LineKind::Nabner, &[0, 3, 6]).holds(&values)); // 1 and 2, apart
        assert!(!line(LineKind::Nabner, &[1, 4, 2]).holds(&values)); // 3 twice
    }

    #[test]
    fn region_sum_lines_are_cut_by_boxes() {
        let p = Puzzle::classic(4).unwrap();
        // r1c1 r1c2 | r1c3 | r2c3 r2c4: boxes 0, 1, 1, 1 -> two segments.
        let line = Line::region_sum(&p, vec![0, 1, 2, 6, 7]);
        assert_eq!(line.kind, LineKind::RegionSum(vec![2, 3]));
        let line = Line::region_sum(&p, vec![0, 1, 2, 3, 7, 11, 10]);
        assert_eq!(line.kind, LineKind::RegionSum(vec![2, 3, 2]));
    }

    #[test]
    fn checks() {
        let p = Puzzle::classic(4).unwrap();
        let e = Line::new(LineKind::Thermo, vec![0, 1, 2, 3, 7])
            .check(&p, At::Rule(0))
            .unwrap_err();
        assert!(
            e.message
                .contains("5 cells cannot hold distinct digits 1-4"),
            "{e}"
        );
        assert!(Line::new(LineKind::Whisper(4), vec![0, 1])
            .check(&p, At::Rule(0))
            .is_err());
        assert!(Line::new(LineKind::Palindrome, vec![0])
            .check(&p, At::Rule(0))
            .is_err());
        // Each cell touches the one before, diagonally too; r1c1 then r1c3 does not.
        assert!(Line::new(LineKind::Between, vec![0, 5, 2])
            .check(&p, At::Rule(0))
            .is_ok());
        assert_eq!(
            Line::new(LineKind::Between, vec![0, 2, 3])
                .check(&p, At::Rule(0))
                .unwrap_err()
                .to_string(),
            "a between line: r1c1 and r1c3 do not touch (each cell of a line is a neighbour of the one before)"
        );
        assert!(Line::new(LineKind::Renban, vec![3, 4])
            .check(&p, At::Rule(0))
            .is_err());
        let two = Line::new(LineKind::DoubleArrow, vec![0, 1])
            .check(&p, At::Rule(0))
            .unwrap_err();
        assert!(two.no_solution, "{two}");
        let mut closed = Line::new(LineKind::Thermo, vec![0, 1, 5]);
        closed.closed = true;
        assert!(closed.check(&p, At::Rule(0)).is_err());
        assert!(Line::new(LineKind::Entropic(vec![0b11, 0b100]), vec![0, 1])
            .check(&p, At::Rule(0))
            .is_err());
        assert_eq!(thirds(9), Some(vec![0b111, 0b111000, 0b111000000]));
        assert_eq!(thirds(6), Some(vec![0b11, 0b1100, 0b110000]));
        assert_eq!(thirds(4), None);
    }

    /// A 6×6 with a line of every kind.
    fn every_kind() -> Puzzle {
        let mut p = Puzzle::classic(6).unwrap();
        let kinds = [
            LineKind::Thermo,
            LineKind::SlowThermo,
            LineKind::Whisper(3),
            LineKind::Renban,
            LineKind::Palindrome,
            LineKind::Between,
            LineKind::Parity,
            LineKind::Entropic(thirds(6).unwrap()),
            LineKind::Modular(3),
            LineKind::Zipper,
            LineKind::Lockout(2),
            LineKind::DoubleArrow,
            LineKind::Nabner,
        ];
        for (i, kind) in kinds.into_iter().enumerate() {
            let mut line = Line::new(
                kind,
                (0..3).map(|k| 6 * (i % 6) + k + 3 * (i / 6)).collect(),
            );
            line.closed = matches!(line.kind, LineKind::Parity);
            p.add_rule(super::super::Rule::Line(line)).unwrap();
        }
        p.add_rule(super::super::Rule::Line(Line::region_sum(
            &p,
            vec![32, 33, 34, 35],
        )))
        .unwrap();
        p
    }

    #[test]
    fn round_trips_in_both_formats() {
        use crate::format::{fpuzzles, sudoku_puzzle};
        let p = every_kind();
        // sudoku-puzzle has no nabner lines: written as the relation on every pair.
        let back = sudoku_puzzle::read(&sudoku_puzzle::write(&p, None, None)).unwrap();
        let as_written = |r: &super::super::Rule| match r {
            super::super::Rule::Line(l) if l.kind == LineKind::Nabner => {
                super::super::Rule::Relation {
                    relation: NABNER,
                    pairs: l.all_pairs(),
                }
            }
            r => r.clone(),
        };
        assert_eq!(
            back.puzzle.rules(),
            p.rules().iter().map(as_written).collect::<Vec<_>>()
        );
        // f-puzzles has no parity lines.
        let e = fpuzzles::write(&p, None, None).unwrap_err();
        assert!(e.to_string().contains("parity lines"), "{e}");
        let mut q = Puzzle::classic(6).unwrap();
        for rule in p.rules() {
            match rule {
                super::super::Rule::Line(l) if l.kind == LineKind::Parity => {}
                rule => q.add_rule(rule.clone()).unwrap(),
            }
        }
        let doc = fpuzzles::write(&q, None, None).unwrap();
        assert_eq!(doc["whispers"][0]["value"], json!("3"));
        let back = fpuzzles::read(&doc).unwrap().puzzle;
        let mut want = q.rules().to_vec();
        let mut got = back.rules().to_vec();
        let key = |r: &super::super::Rule| format!("{r:?}");
        want.sort_by_key(key);
        got.sort_by_key(key);
        assert_eq!(got, want);
    }

    #[test]
    fn reading_lines() {
        use crate::format::{fpuzzles, sudoku_puzzle};
        let doc = |rule: Value| {
            json!({"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 4, "cols": 4},
                   "digits": 4, "givens": vec![0; 16],
                   "rules": [{"type": "box_grid", "box": [2, 2], "origin": "r1c1"}, rule]})
        };
        let err = |rule: Value| sudoku_puzzle::read(&doc(rule)).unwrap_err().to_string();
        assert_eq!(
            err(json!({"type": "line", "kind": "zigzag", "cells": ["r1c1", "r1c2"]})),
            "rules[1].kind: unknown line kind \"zigzag\""
        );
        assert_eq!(
            err(json!({"type": "line", "kind": "thermo", "value": 3, "cells": ["r1c1", "r1c2"]})),
            "rules[1].value: a thermo line takes no \"value\""
        );
        assert_eq!(
            err(json!({"type": "line", "kind": "whisper", "cells": ["r1c1", "r1c2"]})),
            "rules[1]: a whisper line on digits other than 1-9 needs its \"value\""
        );
        assert_eq!(
            err(
                json!({"type": "line", "kind": "thermo", "closed": true, "cells": ["r1c1", "r1c2", "r2c2"]})
            ),
            "rules[1]: a thermo line: only whisper, parity and renban lines may be closed"
        );
        // A region-sum line read before the boxes that cut it.
        let mut d = doc(json!({"type": "line", "kind": "region_sum", "cells": ["r1c2", "r1c3"]}));
        d["rules"].as_array_mut().unwrap().reverse();
        let p = sudoku_puzzle::read(&d).unwrap().puzzle;
        assert_eq!(
            p.rules()[0],
            super::super::Rule::Line(Line::new(LineKind::RegionSum(vec![1, 1]), vec![1, 2]))
        );
        // f-puzzles: several lines in one entry, a whisper loop, a value as text.
        let row = json!([{}, {}, {}, {}]);
        let f = json!({"size": 4, "grid": [row, row, row, row],
                       "thermometer": [{"lines": [["R1C1", "R1C2"], ["R1C1", "R2C1"]]}],
                       "whispers": [{"lines": [["R3C1", "R3C2", "R4C2", "R4C1", "R3C1"]], "value": "2"}]});
        let p = fpuzzles::read(&f).unwrap().puzzle;
        assert_eq!(p.rules().len(), 3);
        let super::super::Rule::Line(w) = &p.rules()[2] else {
            panic!()
        };
        assert_eq!(
            (w.kind.clone(), w.cells.len(), w.closed),
            (LineKind::Whisper(2), 4, true)
        );
    }
}
