//! Rule elements drawn from a solution: thermometers, arrows, German whispers, renban
//! lines, kropki dots, X and V, odd and even cells, each true of the solution, so that
//! the puzzle they make keeps it as a solution. The generator then removes givens
//! while the puzzle stays unique (see the [parent module](super)).
//!
//! Lines and arrows take cells no other line or arrow has, and no two of their
//! segments cross; edge marks sit on edges without another mark (except with
//! [`Marks::All`], which must mark every pair its family relates). Every draw is made
//! with [`random_index`] and [`shuffle`], so a seed gives the same elements on every
//! target.
//!
//! ```
//! use bitdoku_variants::generate::elements::Elements;
//! use bitdoku_variants::{generate::random_solution, Puzzle};
//! let p = Puzzle::classic(9).unwrap();
//! let mut rng = fastrand::Rng::with_seed(2);
//! let solution = random_solution(&mut rng, &p).unwrap();
//! let asked = Elements { thermos: 4, arrows: 3, ..Elements::default() };
//! let rules = asked.draw(&mut rng, &p, &solution);
//! assert_eq!(rules.len(), 7);
//! assert!(rules.iter().all(|r| r.holds(&p, &solution)));
//! ```

use crate::puzzle::{Cell, Puzzle};
use crate::rules::{Arrow, CellKind, CellMark, Edge, Line, LineKind, Mark, Negative, Rule};
use bitdoku_solver::generate::{random_index, shuffle};
use fastrand::Rng;

/// How many marks of an edge family (kropki dots, or X and V) to draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marks {
    /// This many marks, on random edges where they hold.
    Some(usize),
    /// Every mark that holds, and the negative constraint: no mark means not.
    All,
}

/// The rule elements to add to a puzzle, each true of its solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Elements {
    /// Thermometers: digits strictly increase from the bulb.
    pub thermos: usize,
    /// Arrows: a circle of one cell whose digit is the sum of a shaft of 1 to 3 cells.
    pub arrows: usize,
    /// Whispers: neighbours on the line differ by at least [`whisper_gap`] (German
    /// whispers, 5, on a 9×9).
    pub whispers: usize,
    /// Renban lines: a set of consecutive digits in any order.
    pub renbans: usize,
    /// Kropki dots: white between consecutive digits, black where one is twice the
    /// other.
    pub kropki: Option<Marks>,
    /// X (a sum of 10) and V (a sum of 5).
    pub xv: Option<Marks>,
    /// Cells marked odd or even.
    pub parity: usize,
}

/// Tries to place one line or arrow before it is given up.
const TRIES: usize = 200;
/// The fewest cells of a drawn line.
pub const SHORTEST_LINE: usize = 3;
/// The most cells on an arrow's shaft.
pub const LONGEST_SHAFT: usize = 3;

/// The most cells of a drawn line on an N×N board: two thirds of N, at least
/// [`SHORTEST_LINE`].
pub fn longest_line(size: usize) -> usize {
    (size * 2 / 3).max(SHORTEST_LINE)
}

/// The least difference of neighbours on a drawn whisper: half the digits, rounded
/// up (5 on a 9×9, the German whisper).
pub fn whisper_gap(size: usize) -> u8 {
    size.div_ceil(2) as u8
}

impl Elements {
    /// True if it asks for nothing.
    pub fn is_empty(&self) -> bool {
        self.thermos
            + self.arrows
            + self.whispers
            + self.renbans
            + self.parity
            + marks_asked(self.kropki)
            + marks_asked(self.xv)
            == 0
    }

    /// The rules asked for, drawn on `puzzle` (for its size) so that `solution`
    /// keeps every one. Fewer lines or arrows than asked where no more fit.
    pub fn draw(&self, rng: &mut Rng, puzzle: &Puzzle, solution: &[u8]) -> Vec<Rule> {
        let n = puzzle.size();
        let mut d = Drawing {
            n,
            solution,
            taken: vec![false; n * n],
            segments: Vec::new(),
            marked: vec![false; n * n * 2],
        };
        let mut out = Vec::new();
        let lines = [
            (self.thermos, LineKind::Thermo),
            (self.whispers, LineKind::Whisper(whisper_gap(n))),
            (self.renbans, LineKind::Renban),
        ];
        for (count, kind) in &lines[..1] {
            out.extend((0..*count).filter_map(|_| d.line(rng, kind)));
        }
        out.extend((0..self.arrows).filter_map(|_| d.arrow(rng)));
        for (count, kind) in &lines[1..] {
            out.extend((0..*count).filter_map(|_| d.line(rng, kind)));
        }
        if let Some(marks) = self.kropki {
            out.extend(d.marks(rng, puzzle, marks, [Mark::White, Mark::Black]));
        }
        if let Some(marks) = self.xv {
            out.extend(d.marks(rng, puzzle, marks, [Mark::X, Mark::V]));
        }
        out.extend(parity(rng, solution, self.parity));
        out
    }
}

fn marks_asked(marks: Option<Marks>) -> usize {
    match marks {
        None | Some(Marks::Some(0)) => 0,
        Some(_) => 1,
    }
}

/// What has been drawn so far.
struct Drawing<'a> {
    n: usize,
    solution: &'a [u8],
    /// Cells on a line or an arrow.
    taken: Vec<bool>,
    /// The segments of lines and arrows drawn, as pairs of cells.
    segments: Vec<[Cell; 2]>,
    /// Edges with a mark: slot 2c the edge right of cell c, 2c + 1 the one below.
    marked: Vec<bool>,
}

impl Drawing<'_> {
    /// The cells a king's move from `c`.
    fn king(&self, c: Cell) -> impl Iterator<Item = Cell> {
        let n = self.n as isize;
        let (r, col) = ((c / self.n) as isize, (c % self.n) as isize);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (r + dr, col + dc)))
            .filter(move |&(a, b)| (a, b) != (r, col) && (0..n).contains(&a) && (0..n).contains(&b))
            .map(move |(a, b)| (a * n + b) as usize)
    }

    /// True if a step from `a` to `b` crosses a segment drawn (a diagonal step whose
    /// other diagonal is one) or one of `path`.
    fn crosses(&self, path: &[Cell], a: Cell, b: Cell) -> bool {
        let n = self.n;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        if ra == rb || ca == cb {
            return false;
        }
        let (x, y) = (ra * n + cb, rb * n + ca);
        let is = |s: &[Cell; 2]| *s == [x, y] || *s == [y, x];
        self.segments.iter().any(is) || path.windows(2).any(|w| is(&[w[0], w[1]]))
    }

    /// Marks `path`'s cells taken and its segments drawn.
    fn take(&mut self, path: &[Cell]) {
        for &c in path {
            self.taken[c] = true;
        }
        self.segments.extend(path.windows(2).map(|w| [w[0], w[1]]));
    }

    /// A line of `kind` of [`SHORTEST_LINE`] to [`longest_line`] cells (a length drawn
    /// at random) that the solution keeps: random walks of king's moves from random
    /// free cells, each step to a free cell that keeps the line true so far; the first
    /// walk of that length, or the longest of [`TRIES`].
    fn line(&mut self, rng: &mut Rng, kind: &LineKind) -> Option<Rule> {
        let (n, cells) = (self.n, self.n * self.n);
        let longest = longest_line(n);
        let target = SHORTEST_LINE + random_index(rng, longest - SHORTEST_LINE + 1);
        let mut best = None;
        for _ in 0..TRIES {
            let start = random_index(rng, cells);
            if self.taken[start] {
                continue;
            }
            let mut line = Line::new(kind.clone(), vec![start]);
            while line.cells.len() < target {
                let last = *line.cells.last().unwrap_or(&start);
                let next: Vec<Cell> = self
                    .king(last)
                    .filter(|&m| {
                        !self.taken[m]
                            && !line.cells.contains(&m)
                            && !self.crosses(&line.cells, last, m)
                    })
                    .filter(|&m| {
                        let mut longer = line.cells.clone();
                        longer.push(m);
                        Line::new(kind.clone(), longer).holds(self.solution)
                    })
                    .collect();
                if next.is_empty() {
                    break;
                }
                line.cells.push(next[random_index(rng, next.len())]);
            }
            let len = line.cells.len();
            if len >= SHORTEST_LINE
                && best.as_ref().is_none_or(|b: &Line| b.cells.len() < len)
                && line.holds(self.solution)
            {
                best = Some(line);
                if len == target {
                    break;
                }
            }
        }
        let line = best?;
        self.take(&line.cells);
        Some(Rule::Line(line))
    }

    /// An arrow: a free circle cell and a shaft of 1 to [`LONGEST_SHAFT`] free cells,
    /// king's moves from it, adding up to its digit (one of every such shaft, at
    /// random).
    fn arrow(&mut self, rng: &mut Rng) -> Option<Rule> {
        let cells = self.n * self.n;
        for _ in 0..TRIES {
            let circle = random_index(rng, cells);
            if self.taken[circle] || self.solution[circle] < 2 {
                continue;
            }
            let mut shafts = Vec::new();
            let mut path = vec![circle];
            self.shafts(&mut path, 0, &mut shafts);
            if shafts.is_empty() {
                continue;
            }
            let shaft = shafts.swap_remove(random_index(rng, shafts.len()));
            let mut all = vec![circle];
            all.extend(&shaft);
            self.take(&all);
            return Some(Rule::Arrow(Arrow {
                circle: vec![circle],
                shafts: vec![shaft],
            }));
        }
        None
    }

    /// Every shaft from `path` (the circle, then the shaft so far, adding up to `sum`)
    /// that adds up to the circle's digit, into `out`.
    fn shafts(&self, path: &mut Vec<Cell>, sum: u32, out: &mut Vec<Vec<Cell>>) {
        let target = u32::from(self.solution[path[0]]);
        if sum == target {
            out.push(path[1..].to_vec());
            return;
        }
        if path.len() > LONGEST_SHAFT {
            return;
        }
        let last = path[path.len() - 1];
        let next: Vec<Cell> = self
            .king(last)
            .filter(|&m| !self.taken[m] && !path.contains(&m) && !self.crosses(path, last, m))
            .collect();
        for m in next {
            let s = sum + u32::from(self.solution[m]);
            if s <= target {
                path.push(m);
                self.shafts(path, s, out);
                path.pop();
            }
        }
    }

    /// Marks of a family (`family`, its two marks) where they hold: `Some(k)` on `k`
    /// random free edges (fewer if fewer hold), or all of them and the negative.
    fn marks(
        &mut self,
        rng: &mut Rng,
        puzzle: &Puzzle,
        asked: Marks,
        family: [Mark; 2],
    ) -> Vec<Rule> {
        let (n, solution) = (self.n, self.solution);
        let mut edges: Vec<(usize, [Cell; 2])> = Vec::new();
        for a in 0..n * n {
            if a % n + 1 < n {
                edges.push((2 * a, [a, a + 1]));
            }
            if a / n + 1 < n {
                edges.push((2 * a + 1, [a, a + n]));
            }
        }
        let holding = |[a, b]: [Cell; 2]| -> Vec<Mark> {
            family
                .into_iter()
                .filter(|m| m.relation().holds(solution[a], solution[b]))
                .collect()
        };
        let mut out = Vec::new();
        let mut place = |rng: &mut Rng, slot: usize, cells: [Cell; 2], marked: &mut [bool]| {
            let fit = holding(cells);
            if fit.is_empty() {
                return false;
            }
            marked[slot] = true;
            let mark = fit[random_index(rng, fit.len())];
            out.push(Rule::Edge(Edge { mark, cells }));
            true
        };
        match asked {
            Marks::All => {
                for (slot, cells) in edges {
                    place(rng, slot, cells, &mut self.marked);
                }
                out.push(Rule::Negative(Negative::board(puzzle, family.to_vec())));
            }
            Marks::Some(k) => {
                shuffle(rng, &mut edges);
                let mut left = k;
                for (slot, cells) in edges {
                    if left == 0 {
                        break;
                    }
                    if !self.marked[slot] && place(rng, slot, cells, &mut self.marked) {
                        left -= 1;
                    }
                }
            }
        }
        out
    }
}

/// `count` random cells marked odd or even by their digit in `solution`: one rule of
/// the odd cells and one of the even, each when it has cells.
fn parity(rng: &mut Rng, solution: &[u8], count: usize) -> Vec<Rule> {
    let mut order: Vec<Cell> = (0..solution.len()).collect();
    shuffle(rng, &mut order);
    order.truncate(count);
    order.sort_unstable();
    let (odd, even): (Vec<Cell>, Vec<Cell>) =
        order.into_iter().partition(|&c| solution[c] % 2 == 1);
    [(CellKind::Odd, odd), (CellKind::Even, even)]
        .into_iter()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(kind, cells)| Rule::Cell(CellMark { kind, cells }))
        .collect()
}
