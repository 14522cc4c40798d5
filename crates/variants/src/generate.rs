//! `generate`: puzzles of any size and layout with one solution.
//!
//! 1. The layout: rows, columns and boxes of the asked shape, or jigsaw regions made
//!    by random swaps between neighbouring regions that keep every region connected
//!    and of N cells; then diagonals, windows, disjoint groups and neighbour rules as
//!    asked.
//! 2. A full grid: the engine's search with the digits of each branch tried in random
//!    order, within a guess budget (a layout without a solution in budget is drawn
//!    again).
//! 3. Rule elements drawn from the solution, each true of it ([`elements`]), or a
//!    killer tiling.
//! 4. Givens removed: the orbits of the asked [`Symmetry`] in random order, each
//!    removed if the puzzle stays unique (a uniqueness check that runs out of its
//!    guess budget keeps the givens), down to the asked number of clues.
//!
//! Puzzle `i` of a run with seed `s` comes from its own generator seeded from `(s, i)`
//! ([`puzzle_seed`], the classic generator's), so the same seed gives the same puzzles
//! at any thread count.
//!
//! ```
//! use bitdoku_variants::generate::{generate, Layout, Settings};
//! let settings = Settings { layout: Layout::Jigsaw, ..Settings::new(6) };
//! let g = generate(&mut fastrand::Rng::with_seed(1), &settings).unwrap();
//! assert!(bitdoku_variants::Engine::new(&g.puzzle).unwrap().is_unique());
//! assert!(g.puzzle.houses().iter().any(|h| h.kind == bitdoku_variants::HouseKind::Region));
//! ```

pub mod elements;

use crate::puzzle::{default_box, Cell, ModelError, Puzzle};
use crate::rules::{NeighbourKind, Neighbours};
use crate::search::Control;
use crate::Engine;
pub use bitdoku_solver::generate::{puzzle_seed, Symmetry};
use bitdoku_solver::generate::{random_index, shuffle};
use bitdoku_solver::Options;
pub use elements::{Elements, Marks};
use fastrand::Rng;

/// How the board is divided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Boxes of this many rows and columns.
    Boxes(usize, usize),
    /// The usual boxes of the size ([`default_box`]).
    UsualBoxes,
    /// Random jigsaw regions.
    Jigsaw,
}

/// What to generate.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// N.
    pub size: usize,
    /// Boxes or regions.
    pub layout: Layout,
    /// Add the two diagonals (X-Sudoku).
    pub diagonals: bool,
    /// Add the windows (Windoku).
    pub windows: bool,
    /// Add the disjoint groups.
    pub disjoint_groups: bool,
    /// Neighbour rules over the whole board.
    pub neighbours: Vec<NeighbourKind>,
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// Stop removing givens once this many are left (`None`: remove all that can go).
    pub clues: Option<usize>,
    /// A killer puzzle: a full tiling of cages of at most this many cells, with sums
    /// and no givens (`None`: no cages).
    pub killer: Option<usize>,
    /// Rule elements drawn from the solution (thermometers, arrows, dots...).
    pub elements: Elements,
}

impl Settings {
    /// A classic puzzle of this size with the usual boxes, no symmetry.
    pub fn new(size: usize) -> Settings {
        Settings {
            size,
            layout: Layout::UsualBoxes,
            diagonals: false,
            windows: false,
            disjoint_groups: false,
            neighbours: Vec::new(),
            symmetry: Symmetry::None,
            clues: None,
            killer: None,
            elements: Elements::default(),
        }
    }

    /// The empty puzzle of this layout (jigsaw regions drawn with `rng`).
    pub fn layout(&self, rng: &mut Rng) -> Result<Puzzle, ModelError> {
        let n = self.size;
        let mut p = Puzzle::latin(n)?;
        let boxes = match self.layout {
            Layout::Boxes(r, c) => Some((r, c)),
            Layout::UsualBoxes => Some(default_box(n).unwrap_or((1, n))),
            Layout::Jigsaw => None,
        };
        match boxes {
            Some((r, c)) => p.add_boxes(r, c)?,
            None => {
                let regions = jigsaw(n, rng);
                p.add_regions(&regions.iter().map(|&r| Some(r)).collect::<Vec<_>>())?;
            }
        }
        if self.diagonals {
            p.add_diagonals()?;
        }
        if self.windows {
            p.add_windows()?;
        }
        if self.disjoint_groups {
            let (r, c) = boxes
                .or_else(|| default_box(n))
                .ok_or_else(|| ModelError::new(crate::At::Board, "disjoint groups need boxes"))?;
            p.add_disjoint_groups(r, c)?;
        }
        for &kind in &self.neighbours {
            p.add_neighbours(Neighbours::board(kind))?;
        }
        Ok(p)
    }
}

/// The largest cage of a killer puzzle when the request gives none (the command
/// line's bare `--killer`, Python's `killer=True`, JavaScript's `killer: true`).
pub const KILLER_CAGE: usize = 5;

/// What a front end asks the generator for, as its options name it (the command line's
/// `generate --size --box --jigsaw --diagonals --windows --disjoint-groups
/// --anti-knight --anti-king --non-consecutive --killer --thermos --arrows --whispers
/// --renban --kropki --xv --odd-even --symmetry --clues`, Python's
/// keywords, JavaScript's options): [`Request::settings`] is the one place that checks
/// them and says what is wrong, so that every front end makes the same puzzles from
/// the same request and seed.
///
/// ```
/// use bitdoku_variants::generate::{Layout, Request};
/// let request = Request { size: Some(6), boxes: Some((3, 2)), ..Request::default() };
/// assert!(request.is_general());
/// assert_eq!(request.settings().unwrap().layout, Layout::Boxes(3, 2));
/// let wrong = Request { size: Some(7), ..Request::default() };
/// assert_eq!(wrong.settings().unwrap_err().to_string(),
///     "a 7x7 board has no usual boxes: give a box shape or ask for jigsaw regions");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Request<'a> {
    /// N, from 4 to 25 (`None`: 9).
    pub size: Option<usize>,
    /// Boxes of this many rows and columns (their product is the size).
    pub boxes: Option<(usize, usize)>,
    /// Random jigsaw regions instead of boxes.
    pub jigsaw: bool,
    /// The two diagonals.
    pub diagonals: bool,
    /// The windows.
    pub windows: bool,
    /// The disjoint groups.
    pub disjoint_groups: bool,
    /// Anti-knight.
    pub anti_knight: bool,
    /// Anti-king.
    pub anti_king: bool,
    /// Orthogonal neighbours not consecutive.
    pub non_consecutive: bool,
    /// A killer puzzle with cages of at most this many cells, 1 to 25.
    pub killer: Option<usize>,
    /// Rule elements drawn from the solution: lines and arrows take at least
    /// [`SHORTEST_LINE`](elements::SHORTEST_LINE) and 2 cells, odd and even cells are
    /// at most the cells, and marks at most the edges.
    pub elements: Elements,
    /// The symmetry's name ([`Symmetry::name`]); `None` is [`Symmetry::None`].
    pub symmetry: Option<&'a str>,
    /// Stop removing givens once this many are left (at most the cells).
    pub clues: Option<usize>,
    /// The classic generator's options the caller gave too, as it names them (such as
    /// `--level` or `level`): refused, since they need the classic 9×9 ratings.
    pub classic_only: &'a [&'a str],
}

pub use bitdoku_solver::generate::RequestError;

/// A box shape as every front end takes it, `ROWSxCOLS` (`"2x3"`: boxes of 2 rows and
/// 3 columns), rows and columns from 1 to 25 and at most 25 cells; else the message
/// that says what is wrong.
///
/// ```
/// use bitdoku_variants::generate::box_shape;
/// assert_eq!(box_shape("2x3"), Ok((2, 3)));
/// assert_eq!(box_shape("2y3").unwrap_err(), "\"2y3\" is not a box shape ROWSxCOLS, such as 2x3");
/// ```
pub fn box_shape(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not a box shape ROWSxCOLS, such as 2x3");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    let most = crate::MAX_SIZE;
    if !(1..=most).contains(&r) || !(1..=most).contains(&c) || r * c > most {
        return Err(format!(
            "boxes of {r}x{c}: a box holds at most {most} cells"
        ));
    }
    Ok((r, c))
}

impl Request<'_> {
    /// True if the request is for this generator rather than the classic 9×9 one: it
    /// names a size other than 9, a box shape, jigsaw regions, extra regions, a
    /// neighbour rule, cages or rule elements. Front ends route a request by this one
    /// rule.
    pub fn is_general(&self) -> bool {
        self.size.is_some_and(|n| n != 9)
            || self.boxes.is_some()
            || self.jigsaw
            || self.diagonals
            || self.windows
            || self.disjoint_groups
            || self.anti_knight
            || self.anti_king
            || self.non_consecutive
            || self.killer.is_some()
            || !self.elements.is_empty()
    }

    /// The [`Settings`] asked for, or what is wrong with the request (every option is
    /// checked before any work).
    pub fn settings(&self) -> Result<Settings, RequestError> {
        let refuse = |message: String| Err(RequestError::new(message));
        if !self.classic_only.is_empty() {
            let (last, first) = self.classic_only.split_last().unwrap_or((&"", &[]));
            let names = match first {
                [] => format!("{last} is"),
                _ => format!("{} and {last} are", first.join(", ")),
            };
            return refuse(format!("{names} for classic 9x9 puzzles"));
        }
        let size = self.size.unwrap_or(9);
        if !(4..=crate::MAX_SIZE).contains(&size) {
            return refuse(format!(
                "size {size}: boards go from 4x4 to {0}x{0}",
                crate::MAX_SIZE
            ));
        }
        let mut s = Settings::new(size);
        s.layout = match (self.boxes, self.jigsaw) {
            (Some(_), true) => return refuse("boxes or jigsaw regions, not both".into()),
            (Some((r, c)), false) => {
                if r * c != size {
                    return refuse(format!(
                        "boxes of {r}x{c} do not tile a {size}x{size} board"
                    ));
                }
                Layout::Boxes(r, c)
            }
            (None, true) => Layout::Jigsaw,
            (None, false) => {
                if default_box(size).is_none() {
                    return refuse(format!(
                        "a {size}x{size} board has no usual boxes: give a box shape or ask \
                         for jigsaw regions"
                    ));
                }
                Layout::UsualBoxes
            }
        };
        s.diagonals = self.diagonals;
        s.windows = self.windows;
        s.disjoint_groups = self.disjoint_groups;
        for (on, kind) in [
            (self.anti_knight, NeighbourKind::AntiKnight),
            (self.anti_king, NeighbourKind::AntiKing),
            (self.non_consecutive, NeighbourKind::NonConsecutive),
        ] {
            if on {
                s.neighbours.push(kind);
            }
        }
        if let Some(name) = self.symmetry {
            s.symmetry = Symmetry::named(name)?;
        }
        if let Some(k) = self.clues.filter(|&k| k > size * size) {
            return refuse(format!(
                "clues {k}: past the {} cells of a {size}x{size} board",
                size * size
            ));
        }
        s.clues = self.clues;
        if let Some(k) = self.killer.filter(|k| !(1..=crate::MAX_SIZE).contains(k)) {
            return refuse(format!(
                "killer cages of {k} cells: give 1 to {}",
                crate::MAX_SIZE
            ));
        }
        s.killer = self.killer;
        let e = self.elements;
        let cells = size * size;
        let need = (e.thermos + e.whispers + e.renbans) * elements::SHORTEST_LINE + e.arrows * 2;
        if need > cells {
            return refuse(format!(
                "thermos, arrows, whispers and renban lines take {need} cells or more \
                 ({} a line, 2 an arrow): past the {cells} cells of a {size}x{size} board",
                elements::SHORTEST_LINE
            ));
        }
        if e.parity > cells {
            return refuse(format!(
                "odd and even cells {}: past the {cells} cells of a {size}x{size} board",
                e.parity
            ));
        }
        let edges = 2 * size * (size - 1);
        for (name, marks) in [("kropki dots", e.kropki), ("XV marks", e.xv)] {
            if let Some(Marks::Some(k)) = marks {
                if k > edges {
                    return refuse(format!(
                        "{name} {k}: past the {edges} edges of a {size}x{size} board"
                    ));
                }
            }
        }
        s.elements = e;
        Ok(s)
    }
}

/// A generated puzzle and its solution.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The puzzle, with one solution.
    pub puzzle: Puzzle,
    /// Its solution, row-major.
    pub solution: Vec<u8>,
}

impl Generated {
    /// The puzzle as one line of text, as every front end gives it: in `format` (the
    /// N×N line of the givens alone, a sudoku-puzzle or f-puzzles document with the
    /// solution, or an f-puzzles link), by default the N×N line when it says
    /// everything about the puzzle ([`format::fits_line`](crate::format::fits_line))
    /// and a sudoku-puzzle document when not. An error only for a format that cannot
    /// express the puzzle.
    ///
    /// ```
    /// use bitdoku_variants::generate::{generate, Settings};
    /// let g = generate(&mut fastrand::Rng::with_seed(1), &Settings::new(4)).unwrap();
    /// assert_eq!(g.text(None).unwrap().len(), 16);
    /// ```
    pub fn text(
        &self,
        format: Option<crate::format::Source>,
    ) -> Result<String, crate::format::Error> {
        use crate::format::{self, Source};
        let format = format.unwrap_or(if format::fits_line(&self.puzzle) {
            Source::Line
        } else {
            Source::SudokuPuzzle
        });
        format::write(&self.puzzle, format, None, Some(&self.solution))
    }
}

/// What every front end says when [`generate`] gives `None`, before its own advice.
pub const GAVE_UP: &str = "no layout drawn had a solution within the generator's budget";

/// Guesses a fill may take before it starts again with new random choices: a random
/// search's time has a heavy tail (about one 25×25 fill in 400 runs past this budget,
/// where the median takes 460 guesses), and a fresh start is faster than waiting.
const FILL_GUESSES: u64 = 20_000;
/// Fresh starts of [`random_solution`] before it gives up. The generator starts
/// once per layout: a jigsaw layout that takes too long is drawn again instead.
const FILL_TRIES: usize = 8;
/// Guesses a uniqueness check may take before its given is kept, by board size: a
/// check that needs more is rare on small boards and costly on large ones.
fn check_guesses(size: usize) -> u64 {
    match size {
        0..=9 => 5_000,
        10..=16 => 500,
        _ => 100,
    }
}
/// Layouts drawn before giving up.
const LAYOUTS: usize = 50;

/// Tries digits in random order.
struct Random<'a>(&'a mut Rng);

impl Control for Random<'_> {
    fn pick(&mut self, untried: u32) -> u32 {
        let k = self.0.u32(0..untried.count_ones());
        let mut rest = untried;
        for _ in 0..k {
            rest &= rest - 1;
        }
        rest & rest.wrapping_neg()
    }
}

/// A random solution of `puzzle` (its digits tried in random order by the engine's
/// search), if one of a few fresh starts finds one within its guess budget.
///
/// ```
/// use bitdoku_variants::{generate::random_solution, Puzzle};
/// let p = Puzzle::classic(6).unwrap();
/// let s = random_solution(&mut fastrand::Rng::with_seed(5), &p).unwrap();
/// assert!(p.is_solved_by(&s));
/// ```
pub fn random_solution(rng: &mut Rng, puzzle: &Puzzle) -> Option<Vec<u8>> {
    fill(rng, &Engine::new(puzzle).ok()?, FILL_TRIES)
        .ok()
        .flatten()
}

/// A random solution of `engine`'s puzzle, starting again up to `tries` times when a
/// try runs past [`FILL_GUESSES`]: `Ok(None)` if the puzzle has no solution, `Err(())`
/// if no try finished.
fn fill(rng: &mut Rng, engine: &Engine, tries: usize) -> Result<Option<Vec<u8>>, ()> {
    let options = Options::default().with_max_guesses(Some(FILL_GUESSES));
    for _ in 0..tries {
        let o = engine.general_search(&options, &mut Random(rng));
        if o.solution.is_some() || o.complete {
            return Ok(o.solution);
        }
    }
    Err(())
}

/// Puzzle `index` of a run seeded with `seed`: [`generate`] with that puzzle's own
/// random generator ([`puzzle_seed`], as the classic generator's), so a run gives the
/// same puzzles at any thread count and in every front end.
///
/// ```
/// use bitdoku_variants::generate::{puzzle, Settings};
/// let s = Settings::new(6);
/// let first = puzzle(7, 0, &s).unwrap();
/// assert_eq!(puzzle(7, 0, &s).unwrap().puzzle.givens(), first.puzzle.givens());
/// ```
pub fn puzzle(seed: u64, index: u64, settings: &Settings) -> Option<Generated> {
    generate(&mut Rng::with_seed(puzzle_seed(seed, index)), settings)
}

/// A puzzle of `settings` with one solution; see the [module docs](self). `None` if
/// no layout drawn had a solution within the budget (or the settings are impossible).
pub fn generate(rng: &mut Rng, settings: &Settings) -> Option<Generated> {
    for _ in 0..LAYOUTS {
        let Ok(layout) = settings.layout(rng) else {
            return None;
        };
        let Ok(mut engine) = Engine::new(&layout) else {
            return None;
        };
        let solution = match fill(rng, &engine, 1) {
            Ok(Some(solution)) => solution,
            Ok(None) if settings.layout != Layout::Jigsaw => return None,
            _ => continue,
        };
        let mut puzzle = layout;
        if !settings.elements.is_empty() {
            for rule in settings.elements.draw(rng, &puzzle, &solution) {
                puzzle.add_rule(rule).ok()?;
            }
            engine = Engine::new(&puzzle).ok()?;
        }
        if let Some(max) = settings.killer {
            let puzzle = killer(rng, &puzzle, &solution, max)?;
            return Some(Generated { puzzle, solution });
        }
        let givens = remove_givens(rng, &mut engine, settings, &solution);
        puzzle.set_givens(&givens).ok()?;
        return Some(Generated { puzzle, solution });
    }
    None
}

/// The orthogonal neighbours of a cell.
fn around(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    [
        (r > 0).then(|| c - n),
        (r + 1 < n).then(|| c + n),
        (col > 0).then(|| c - 1),
        (col + 1 < n).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}

/// A killer puzzle on `layout` with `solution`: cages of at most `max` cells tiling the
/// board, without givens. Cages are grown at random (connected, no digit twice); while
/// a second solution exists, the cage of a cell where the two differ is cut in two
/// (a cell at a time if need be), so the puzzle ends with one solution.
fn killer(rng: &mut Rng, layout: &Puzzle, solution: &[u8], max: usize) -> Option<Puzzle> {
    let n = layout.size();
    let cells = n * n;
    let mut cage_of = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    let mut order: Vec<Cell> = (0..cells).collect();
    shuffle(rng, &mut order);
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = 1 + random_index(rng, max.max(1));
        let mut cage = vec![start];
        cage_of[start] = cages.len();
        while cage.len() < target {
            let mut next: Vec<Cell> = cage
                .iter()
                .flat_map(|&c| around(n, c))
                .filter(|&m| {
                    cage_of[m] == usize::MAX && cage.iter().all(|&c| solution[c] != solution[m])
                })
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let m = next[random_index(rng, next.len())];
            cage_of[m] = cages.len();
            cage.push(m);
        }
        cages.push(cage);
    }
    let check = Options::default()
        .with_limit(2)
        .with_max_guesses(Some(check_guesses(n) * 4));
    for _ in 0..cells {
        let mut puzzle = layout.clone();
        for cage in &cages {
            let sum = cage.iter().map(|&c| u32::from(solution[c])).sum();
            puzzle
                .add_rule(crate::Rule::Cage(crate::rules::Cage {
                    cells: cage.clone(),
                    sum: Some(sum),
                }))
                .ok()?;
        }
        let engine = Engine::new(&puzzle).ok()?;
        let mut second = None;
        let o = engine.enumerate_within(&check, |s| {
            if s != solution {
                second = Some(s.to_vec());
            }
        });
        if o.complete && o.solutions == 1 {
            return Some(puzzle);
        }
        // Cut the cage of a cell where a second solution differs (any cage of two or
        // more cells when the check ran out of budget).
        let cell = match &second {
            Some(other) => (0..cells).find(|&c| other[c] != solution[c])?,
            None => {
                let big: Vec<Cell> = (0..cells)
                    .filter(|&c| cages[cage_of[c]].len() > 1)
                    .collect();
                *big.get(random_index(rng, big.len().max(1)))?
            }
        };
        let k = cage_of[cell];
        if cages[k].len() == 1 {
            // Already alone: cut a neighbouring cage instead.
            let m = around(n, cell).find(|&m| cages[cage_of[m]].len() > 1)?;
            let km = cage_of[m];
            split(&mut cages, &mut cage_of, n, km, m);
        } else {
            split(&mut cages, &mut cage_of, n, k, cell);
        }
    }
    None
}

/// Cuts cage `k` in two connected parts, `cell`'s part taken breadth-first from it up
/// to half the cage; if the rest would not be connected, `cell` alone.
fn split(cages: &mut Vec<Vec<Cell>>, cage_of: &mut [usize], n: usize, k: usize, cell: Cell) {
    let cage = cages[k].clone();
    let half = cage.len() / 2;
    let mut part = vec![cell];
    let mut i = 0;
    while part.len() < half.max(1) && i < part.len() {
        for m in around(n, part[i]) {
            if cage.contains(&m) && !part.contains(&m) && part.len() < half.max(1) {
                part.push(m);
            }
        }
        i += 1;
    }
    let rest: Vec<Cell> = cage.iter().copied().filter(|c| !part.contains(c)).collect();
    let connected = |cells: &[Cell]| {
        let mut seen = vec![cells[0]];
        let mut j = 0;
        while j < seen.len() {
            for m in around(n, seen[j]) {
                if cells.contains(&m) && !seen.contains(&m) {
                    seen.push(m);
                }
            }
            j += 1;
        }
        seen.len() == cells.len()
    };
    let (part, rest) = if connected(&rest) {
        (part, rest)
    } else {
        (
            vec![cell],
            cage.iter().copied().filter(|&c| c != cell).collect(),
        )
    };
    cages[k] = rest;
    for &c in &part {
        cage_of[c] = cages.len();
    }
    cages.push(part);
}

/// Removes the orbits of givens that can go; see the [module docs](self).
fn remove_givens(
    rng: &mut Rng,
    engine: &mut Engine,
    settings: &Settings,
    solution: &[u8],
) -> Vec<u8> {
    let n = settings.size;
    let mut givens = solution.to_vec();
    let mut orbits: Vec<Vec<Cell>> = Vec::new();
    let mut seen = vec![false; n * n];
    for cell in 0..n * n {
        if !seen[cell] {
            let orbit = settings.symmetry.orbit_on(n, cell);
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
    }
    shuffle(rng, &mut orbits);
    let check = Options::default()
        .with_limit(2)
        .with_max_guesses(Some(check_guesses(n)));
    let mut left = n * n;
    for orbit in orbits {
        if settings.clues.is_some_and(|k| left <= k) {
            break;
        }
        if settings.clues.is_some_and(|k| left - orbit.len() < k) {
            continue;
        }
        for &c in &orbit {
            givens[c] = 0;
        }
        engine.set_givens(&givens);
        let o = engine.search(&check);
        if o.complete && o.solutions == 1 {
            left -= orbit.len();
        } else {
            for &c in &orbit {
                givens[c] = solution[c];
            }
        }
    }
    engine.set_givens(&givens);
    givens
}

/// Jigsaw regions of an N×N board: the usual boxes (or rows, for a prime size)
/// reshaped by random swaps of two cells between neighbouring regions, each kept only
/// if both regions stay connected.
pub fn jigsaw(n: usize, rng: &mut Rng) -> Vec<u32> {
    let (br, bc) = default_box(n).unwrap_or((1, n));
    let mut region: Vec<u32> = (0..n * n)
        .map(|c| (((c / n) / br) * (n / bc) + (c % n) / bc) as u32)
        .collect();
    if n < 3 {
        return region;
    }
    let neighbours = |c: usize| {
        let (r, col) = (c / n, c % n);
        let mut v = Vec::with_capacity(4);
        if r > 0 {
            v.push(c - n);
        }
        if r + 1 < n {
            v.push(c + n);
        }
        if col > 0 {
            v.push(c - 1);
        }
        if col + 1 < n {
            v.push(c + 1);
        }
        v
    };
    let connected = |region: &[u32], k: u32| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| region[c] == k).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut count = 1;
        while let Some(c) = stack.pop() {
            for m in neighbours(c) {
                if region[m] == k && !seen[m] {
                    seen[m] = true;
                    count += 1;
                    stack.push(m);
                }
            }
        }
        count == cells.len()
    };
    let swaps = n * n * 4;
    for _ in 0..swaps {
        // A cell a on the border of its region A with a region B, and a cell b of B
        // on its border with A.
        let a = random_index(rng, n * n);
        let others: Vec<usize> = neighbours(a)
            .into_iter()
            .filter(|&m| region[m] != region[a])
            .collect();
        if others.is_empty() {
            continue;
        }
        let (ra, rb) = (region[a], region[others[random_index(rng, others.len())]]);
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&c| {
                region[c] == rb
                    && c != a
                    && neighbours(c).iter().any(|&m| region[m] == ra && m != a)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let b = candidates[random_index(rng, candidates.len())];
        region[a] = rb;
        region[b] = ra;
        if !(connected(&region, ra) && connected(&region, rb)) {
            region[a] = ra;
            region[b] = rb;
        }
    }
    region
}

/// For tests: `puzzle` made nearly full from a random solution. A cell is given with
/// probability `shown`; an empty one gets given candidates in one case in
/// `marked_one_in`: the solution's digit and others, `2..most` in all. One puzzle in
/// three has a cell with candidates that miss the solution's digit.
#[cfg(test)]
pub(crate) fn nearly_full(
    rng: &mut Rng,
    puzzle: &mut Puzzle,
    shown: f64,
    marked_one_in: u8,
    most: u32,
) {
    let solution = random_solution(rng, puzzle).expect("a fill in eight tries");
    let off = if rng.u8(0..3) == 0 {
        rng.usize(0..solution.len())
    } else {
        solution.len()
    };
    for (cell, &d) in solution.iter().enumerate() {
        if rng.f64() < shown {
            puzzle.set_given(cell, d).unwrap();
        } else if cell == off || rng.u8(0..marked_one_in) == 0 {
            let mut m: u32 = if cell == off { 0 } else { 1 << (d - 1) };
            while m.count_ones() < rng.u32(2..most) {
                m |= 1 << rng.u32(0..puzzle.size() as u32);
            }
            puzzle.set_candidates(cell, m).unwrap();
        }
    }
}

/// The regions of a jigsaw as houses, for tests.
#[cfg(test)]
fn regions_of(p: &Puzzle) -> Vec<Vec<Cell>> {
    p.houses()
        .iter()
        .filter(|h| h.kind == crate::HouseKind::Region)
        .map(|h| h.cells.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let s = Settings::new(6);
        let a = generate(&mut Rng::with_seed(puzzle_seed(7, 0)), &s).unwrap();
        let b = generate(&mut Rng::with_seed(puzzle_seed(7, 0)), &s).unwrap();
        assert_eq!(a, b);
        let c = generate(&mut Rng::with_seed(puzzle_seed(7, 1)), &s).unwrap();
        assert_ne!(a, c);
    }

    /// Regression (CI, stop 45): this seed's first random fill of an empty 16×16 with
    /// the diagonals runs past its budget, and `random_solution` gave up at once.
    #[test]
    fn a_fill_past_its_budget_starts_again() {
        let mut p = Puzzle::classic(16).unwrap();
        p.add_diagonals().unwrap();
        let seed = 16_095_841_792_720_825_716;
        let engine = Engine::new(&p).unwrap();
        let options = Options::default().with_max_guesses(Some(FILL_GUESSES));
        let first = engine.general_search(&options, &mut Random(&mut Rng::with_seed(seed)));
        assert!(first.solution.is_none() && !first.complete);
        let s = random_solution(&mut Rng::with_seed(seed), &p).unwrap();
        assert!(p.is_solved_by(&s));
    }

    #[test]
    fn a_request_is_checked_into_settings() {
        let r = Request {
            size: Some(6),
            boxes: Some((3, 2)),
            diagonals: true,
            anti_king: true,
            non_consecutive: true,
            symmetry: Some("mirror"),
            clues: Some(12),
            ..Request::default()
        };
        assert!(r.is_general());
        let s = r.settings().unwrap();
        assert_eq!(s.layout, Layout::Boxes(3, 2));
        assert!(s.diagonals && !s.windows && !s.disjoint_groups);
        assert_eq!(
            s.neighbours,
            [NeighbourKind::AntiKing, NeighbourKind::NonConsecutive]
        );
        assert_eq!(
            (s.symmetry, s.clues, s.killer),
            (Symmetry::Mirror, Some(12), None)
        );
        // 9x9 with nothing else is the classic generator's; any board option is this one's.
        assert!(!Request::default().is_general());
        assert!(!Request {
            size: Some(9),
            ..Request::default()
        }
        .is_general());
        assert!(Request {
            killer: Some(KILLER_CAGE),
            ..Request::default()
        }
        .is_general());
        let dots = Request {
            elements: Elements {
                kropki: Some(Marks::All),
                ..Elements::default()
            },
            ..Request::default()
        };
        assert!(dots.is_general());
        assert_eq!(dots.settings().unwrap().elements.kropki, Some(Marks::All));
        assert!(!Request {
            elements: Elements {
                thermos: 0,
                kropki: Some(Marks::Some(0)),
                ..Elements::default()
            },
            ..Request::default()
        }
        .is_general());
        let jigsaw = Request {
            jigsaw: true,
            ..Request::default()
        }
        .settings()
        .unwrap();
        assert_eq!((jigsaw.size, jigsaw.layout), (9, Layout::Jigsaw));
    }

    #[test]
    fn a_request_is_refused_in_words_that_name_the_option() {
        let refused = |r: Request| r.settings().unwrap_err().to_string();
        let r = Request::default();
        assert_eq!(
            refused(Request {
                size: Some(3),
                ..r.clone()
            }),
            "size 3: boards go from 4x4 to 25x25"
        );
        assert_eq!(
            refused(Request {
                size: Some(6),
                boxes: Some((2, 2)),
                ..r.clone()
            }),
            "boxes of 2x2 do not tile a 6x6 board"
        );
        assert_eq!(
            refused(Request {
                boxes: Some((3, 3)),
                jigsaw: true,
                ..r.clone()
            }),
            "boxes or jigsaw regions, not both"
        );
        assert!(refused(Request {
            size: Some(11),
            ..r.clone()
        })
        .contains("no usual boxes"));
        assert!(Request {
            size: Some(11),
            jigsaw: true,
            ..r.clone()
        }
        .settings()
        .is_ok());
        assert_eq!(
            refused(Request {
                size: Some(4),
                clues: Some(17),
                ..r.clone()
            }),
            "clues 17: past the 16 cells of a 4x4 board"
        );
        assert_eq!(
            refused(Request {
                killer: Some(0),
                ..r.clone()
            }),
            "killer cages of 0 cells: give 1 to 25"
        );
        assert_eq!(
            refused(Request {
                size: Some(4),
                elements: Elements {
                    thermos: 5,
                    arrows: 1,
                    ..Elements::default()
                },
                ..r.clone()
            }),
            "thermos, arrows, whispers and renban lines take 17 cells or more (3 a line, 2 an \
             arrow): past the 16 cells of a 4x4 board"
        );
        assert_eq!(
            refused(Request {
                elements: Elements {
                    parity: 82,
                    ..Elements::default()
                },
                ..r.clone()
            }),
            "odd and even cells 82: past the 81 cells of a 9x9 board"
        );
        assert_eq!(
            refused(Request {
                size: Some(4),
                elements: Elements {
                    xv: Some(Marks::Some(25)),
                    ..Elements::default()
                },
                ..r.clone()
            }),
            "XV marks 25: past the 24 edges of a 4x4 board"
        );
        assert!(refused(Request {
            symmetry: Some("spiral"),
            ..r.clone()
        })
        .starts_with("unknown symmetry \"spiral\" (one of none, rotate180"));
        assert_eq!(
            refused(Request {
                jigsaw: true,
                classic_only: &["level"],
                ..r.clone()
            }),
            "level is for classic 9x9 puzzles"
        );
        assert_eq!(
            refused(Request {
                jigsaw: true,
                classic_only: &["--level", "--er", "--minimal"],
                ..r
            }),
            "--level, --er and --minimal are for classic 9x9 puzzles"
        );
    }

    #[test]
    fn the_text_of_a_puzzle_is_its_line_when_that_says_everything() {
        use crate::format::{self, Source};
        let make = |r: Request| {
            generate(
                &mut Rng::with_seed(puzzle_seed(7, 0)),
                &r.settings().unwrap(),
            )
            .unwrap()
        };
        let plain = make(Request {
            size: Some(6),
            ..Request::default()
        });
        let line = plain.text(None).unwrap();
        assert_eq!(line, format::line(plain.puzzle.givens()));
        assert_eq!(format::read_line(&line).unwrap(), plain.puzzle);
        for r in [
            Request {
                size: Some(6),
                boxes: Some((3, 2)),
                ..Request::default()
            },
            Request {
                size: Some(7),
                jigsaw: true,
                ..Request::default()
            },
            Request {
                size: Some(4),
                killer: Some(3),
                ..Request::default()
            },
            Request {
                size: Some(6),
                elements: Elements {
                    thermos: 2,
                    arrows: 2,
                    whispers: 1,
                    renbans: 1,
                    kropki: Some(Marks::All),
                    xv: Some(Marks::Some(3)),
                    parity: 3,
                },
                ..Request::default()
            },
            Request {
                elements: Elements {
                    xv: Some(Marks::All),
                    ..Elements::default()
                },
                ..Request::default()
            },
        ] {
            let g = make(r.clone());
            let text = g.text(None).unwrap();
            assert!(text.starts_with('{'), "{r:?}: {text}");
            let read = format::read(&text, &format::Settings::default()).unwrap();
            // The document reads back as the same puzzle: written again, the same text.
            assert_eq!(read.solution.as_ref(), Some(&g.solution));
            let again = format::write(&read.puzzle, Source::SudokuPuzzle, None, Some(&g.solution));
            assert_eq!(again.unwrap(), text);
            assert_eq!(
                g.text(Some(Source::Line)).unwrap(),
                format::line(g.puzzle.givens())
            );
            // f-puzzles has regions, not boxes: the same puzzle, with regions.
            let link = g.text(Some(Source::Link)).unwrap();
            let back = format::read(&link, &format::Settings::default()).unwrap();
            assert_eq!(back.puzzle.givens(), g.puzzle.givens());
            assert_eq!(back.solution.as_ref(), Some(&g.solution));
            assert!(Engine::new(&back.puzzle).unwrap().is_unique());
        }
    }

    #[test]
    fn jigsaw_regions_are_connected_and_full() {
        for seed in 0..5 {
            let r = jigsaw(9, &mut Rng::with_seed(seed));
            let mut p = Puzzle::latin(9).unwrap();
            p.add_regions(&r.iter().map(|&k| Some(k)).collect::<Vec<_>>())
                .unwrap();
            assert_eq!(regions_of(&p).len(), 9);
        }
    }

    #[test]
    fn a_killer_with_a_full_tiling_and_no_givens() {
        let settings = Settings {
            killer: Some(4),
            ..Settings::new(6)
        };
        let g = generate(&mut Rng::with_seed(11), &settings).unwrap();
        assert!(g.puzzle.givens().iter().all(|&d| d == 0));
        let covered: usize = g.puzzle.rules().iter().map(|r| r.cells().len()).sum();
        assert_eq!(covered, 36);
        assert!(Engine::new(&g.puzzle).unwrap().is_unique());
        assert!(g.puzzle.is_solved_by(&g.solution));
    }

    #[test]
    fn symmetric_givens_and_one_solution() {
        let settings = Settings {
            symmetry: Symmetry::Rotate180,
            diagonals: true,
            ..Settings::new(9)
        };
        let g = generate(&mut Rng::with_seed(3), &settings).unwrap();
        let n = 9;
        for c in 0..81 {
            assert_eq!(g.puzzle.givens()[c] != 0, g.puzzle.givens()[80 - c] != 0);
        }
        assert!(Engine::new(&g.puzzle).unwrap().is_unique());
        assert!(g
            .puzzle
            .givens()
            .iter()
            .zip(&g.solution)
            .all(|(&a, &b)| a == 0 || a == b));
        let _ = n;
    }
}
