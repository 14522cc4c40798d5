//! Puzzle generation, deterministic for a given seed.
//!
//! - [`Generator`]: the puzzles of one seed, puzzle `i` from its own random generator,
//!   the same on every platform; the CLI, Python and JavaScript all make theirs here.
//! - [`random_solution`]: a random filled grid by randomized search: squares in random
//!   order, each assigned a random candidate, with full propagation after each
//!   assignment; a contradiction starts over.
//! - [`generate`]: a random filled grid, then givens removed in random order as long
//!   as the puzzle keeps exactly one solution, checked by the counting search. With a
//!   [`Symmetry`], givens go by whole orbits (a square and its images), so the
//!   pattern of givens keeps that symmetry. With a target ER range (Sudoku Explainer's
//!   rating, [`crate::rate`]; a level is a range), a removal must also keep the rating
//!   at or below the top of the range, and a puzzle is kept only if it is in range.
//!   Ratings that random puzzles seldom reach (level 6, ER above 9.0, is about one in
//!   ten thousand) are found by climbing: varying a few givens of a puzzle already
//!   rated high, keeping what rates as high or higher, until one is in range.
//! - [`norvig_random_puzzle`]: Norvig's `random_puzzle` experiment: random assignments
//!   until at least 17 squares are filled with at least 8 distinct digits. The result
//!   may have no solution or several; that is the point of his experiment.
//!
//! ```
//! use bitdoku_solver::generate::{generate, Settings};
//! let mut rng = fastrand::Rng::with_seed(7);
//! let puzzle = generate(&mut rng, &Settings::default()).unwrap();
//! assert!(bitdoku_solver::is_unique(&puzzle));
//! assert!(puzzle.givens() < 40);
//! ```

use crate::count_solutions;
use crate::rate::{level_range, rate_below, rate_until, Difficulty, STALLED};
use crate::steps::state::{Queue, State};
use bitdoku_core::Grid;
use core::ops::ControlFlow;
use fastrand::Rng;

/// A map of (row, column) to (row, column) on a board whose last row and column are
/// the third argument (8 on 9×9).
type Map = fn(usize, usize, usize) -> (usize, usize);

/// A symmetry of the pattern of givens, as in qqwing and the `sudoku` crate.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// A half-turn: row r, column c and row 8-r, column 8-c (the old `symmetric`).
    Rotate180,
    /// Quarter-turns: every rotation of the grid by 90 degrees.
    Rotate90,
    /// Left-right mirror: column c and column 8-c.
    Mirror,
    /// Top-bottom flip: row r and row 8-r.
    Flip,
    /// The main diagonal: (r, c) and (c, r).
    Diagonal,
    /// The anti-diagonal: (r, c) and (8-c, 8-r).
    Antidiagonal,
    /// Both mirror and flip (so also the half-turn).
    MirrorFlip,
    /// All eight rotations and reflections of the square.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in declaration order.
    pub const ALL: [Symmetry; 9] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::MirrorFlip,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line: `none`, `rotate180`, `rotate90`, `mirror`,
    /// `flip`, `diagonal`, `antidiagonal`, `mirror-flip`, `dihedral`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::MirrorFlip => "mirror-flip",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The symmetry named `name` (see [`Symmetry::name`]).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// [`Symmetry::from_name`], or the error that lists the names: what every front
    /// end answers to an unknown name.
    pub fn named(name: &str) -> Result<Symmetry, RequestError> {
        Symmetry::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
            RequestError::new(format!(
                "unknown symmetry {name:?} (one of {})",
                names.join(", ")
            ))
        })
    }

    /// The maps (row, column) -> (row, column) whose group this symmetry is, beside
    /// the identity.
    fn generators(self) -> &'static [Map] {
        const ROT180: Map = |r, c, l| (l - r, l - c);
        const ROT90: Map = |r, c, l| (c, l - r);
        const MIRROR: Map = |r, c, l| (r, l - c);
        const FLIP: Map = |r, c, l| (l - r, c);
        const DIAG: Map = |r, c, _| (c, r);
        const ANTI: Map = |r, c, l| (l - c, l - r);
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[ROT180],
            Symmetry::Rotate90 => &[ROT90],
            Symmetry::Mirror => &[MIRROR],
            Symmetry::Flip => &[FLIP],
            Symmetry::Diagonal => &[DIAG],
            Symmetry::Antidiagonal => &[ANTI],
            Symmetry::MirrorFlip => &[MIRROR, FLIP],
            Symmetry::Dihedral => &[ROT90, MIRROR],
        }
    }

    /// The orbit of `square` (0..81) as an 81-bit set: every square the symmetry's
    /// maps reach from it.
    pub fn orbit(self, square: usize) -> u128 {
        let mut orbit = 1u128 << (square % 81);
        loop {
            let mut grown = orbit;
            let mut rest = orbit;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for g in self.generators() {
                    let (r, c) = g(s / 9, s % 9, 8);
                    grown |= 1 << (r * 9 + c);
                }
            }
            if grown == orbit {
                return orbit;
            }
            orbit = grown;
        }
    }

    /// The orbit of `cell` on a board of `size` × `size` cells (row-major indices): the
    /// same maps as [`Symmetry::orbit`], for the general engine of any size. Sorted.
    ///
    /// ```
    /// use bitdoku_solver::generate::Symmetry;
    /// assert_eq!(Symmetry::Rotate180.orbit_on(4, 1), [1, 14]);
    /// assert_eq!(Symmetry::Rotate90.orbit_on(4, 0), [0, 3, 12, 15]);
    /// ```
    pub fn orbit_on(self, size: usize, cell: usize) -> Vec<usize> {
        let last = size.saturating_sub(1);
        let mut orbit = vec![cell];
        let mut i = 0;
        while i < orbit.len() {
            let s = orbit[i];
            for g in self.generators() {
                let (r, c) = g(s / size, s % size, last);
                let t = r * size + c;
                if !orbit.contains(&t) {
                    orbit.push(t);
                }
            }
            i += 1;
        }
        orbit.sort_unstable();
        orbit
    }

    /// True if the pattern of `grid`'s givens is unchanged by this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        let v = grid.values();
        (0..81).all(|s| {
            let mut orbit = self.orbit(s);
            let mut same = true;
            while orbit != 0 {
                let t = orbit.trailing_zeros() as usize;
                orbit &= orbit - 1;
                same &= (v[t] != 0) == (v[s] != 0);
            }
            same
        })
    }
}

/// What [`generate`] aims for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Stop removing givens once this many are left (`None`: remove all that can go).
    pub clues: Option<usize>,
    /// The symmetry the pattern of givens keeps.
    pub symmetry: Symmetry,
    /// Only accept a puzzle from which no given can be removed without losing
    /// uniqueness. A full removal pass always gives one; with `clues` this means the
    /// pass runs to its end and the result must have at most `clues` givens.
    pub minimal: bool,
    /// Only accept a puzzle whose ER ([`crate::rate`]) is in this range (inclusive):
    /// givens are removed only while the rating stays at or below its top (a step
    /// harder than that stops the rating early), and a puzzle below its bottom is
    /// thrown away or, after a few, climbed from ([`generate`]). [`Settings::level`]
    /// sets the range of a level; [`STALLED`] as the top leaves it open.
    pub er: Option<(Difficulty, Difficulty)>,
    /// How many puzzles to make (each rated, with `er`) before giving up on `clues`
    /// or `er`.
    pub attempts: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            clues: None,
            symmetry: Symmetry::None,
            minimal: false,
            er: None,
            attempts: 5000,
        }
    }
}

impl Settings {
    /// These settings aiming at a [level](crate::rate::Rating::level) (1 to 6): the ER
    /// range of that level.
    #[must_use]
    pub fn level(self, level: u8) -> Settings {
        Settings {
            er: Some(level_range(level)),
            ..self
        }
    }
}

/// A generator's arguments as a binding receives them, by name, before they are
/// checked: [`Request::settings`] is the one place that says which values the Python
/// and JavaScript packages accept, and what they answer to others.
///
/// ```
/// use bitdoku_solver::generate::{Request, Symmetry};
/// let settings = Request { symmetry: Some("mirror"), level: Some(2), ..Request::default() };
/// assert_eq!(settings.settings().unwrap().symmetry, Symmetry::Mirror);
/// let wrong = Request { clues: Some(5), ..Request::default() };
/// assert_eq!(wrong.settings().unwrap_err().to_string(),
///     "clues=5: a unique puzzle has 17 to 81 givens");
/// ```
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Request<'a> {
    /// Remove givens until at most this many are left (17 to 81).
    pub clues: Option<usize>,
    /// The symmetry's name ([`Symmetry::name`]); `None` is [`Symmetry::None`].
    pub symmetry: Option<&'a str>,
    /// No given can be removed without losing uniqueness.
    pub minimal: bool,
    /// A level, 1 to 6 ([`level_range`]); not with `er`.
    pub level: Option<u32>,
    /// An ER range (lowest, highest), 1.0 to 20.0; not with `level`.
    pub er: Option<(f64, f64)>,
}

/// Why a [`Request`] was refused, in words that name the argument.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RequestError(String);

impl RequestError {
    /// A refusal in these words (for the requests of other generators).
    pub fn new(message: impl Into<String>) -> RequestError {
        RequestError(message.into())
    }
}

impl core::fmt::Display for RequestError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RequestError {}

impl Request<'_> {
    /// The [`Settings`] asked for, or what is wrong with the request (every argument
    /// is checked before any work).
    pub fn settings(&self) -> Result<Settings, RequestError> {
        let refuse = |message: String| Err(RequestError(message));
        let symmetry = match self.symmetry {
            None => Symmetry::None,
            Some(name) => Symmetry::named(name)?,
        };
        if let Some(k) = self.clues.filter(|k| !(17..=81).contains(k)) {
            return refuse(format!("clues={k}: a unique puzzle has 17 to 81 givens"));
        }
        let er = match (self.level, self.er) {
            (Some(_), Some(_)) => return refuse("give level or er, not both".into()),
            (Some(l), None) => match u8::try_from(l).ok().filter(|l| (1..=6).contains(l)) {
                Some(l) => Some(level_range(l)),
                None => return refuse(format!("level={l}: levels go from 1 to 6")),
            },
            (None, Some((low, high))) => {
                if !(1.0..=20.0).contains(&low) || !(low..=20.0).contains(&high) {
                    return refuse(format!(
                        "er=({low}, {high}): ratings go from 1.0 to 20.0, the low end first"
                    ));
                }
                let tenths = |v: f64| Difficulty((v * 10.0).round() as u16);
                Some((tenths(low), tenths(high)))
            }
            (None, None) => None,
        };
        Ok(Settings {
            clues: self.clues,
            symmetry,
            minimal: self.minimal,
            er,
            ..Settings::default()
        })
    }
}

/// A random complete grid (a solution of the empty puzzle).
pub fn random_solution(rng: &mut Rng) -> Grid {
    loop {
        if let Some(state) = random_fill(rng) {
            return state.grid();
        }
    }
}

/// Assigns random candidates to squares in random order, with propagation, until every
/// square is filled. `None` on a contradiction.
fn random_fill(rng: &mut Rng) -> Option<State> {
    let mut state = empty_state();
    for square in shuffled_squares(rng) {
        let square = square as usize;
        let cells = state.cells[square];
        if cells.count_ones() > 1
            && !state.assign(square, random_candidate(rng, cells), true, &mut ())
        {
            return None;
        }
    }
    Some(state)
}

/// The puzzles of one seed. Puzzle `index` comes from its own random generator, seeded
/// from `(seed, index)`, so a run gives the same puzzles at any thread count, in any
/// order, and on every platform (WebAssembly included). `bitdoku generate` and the
/// Python and JavaScript packages' `generate` all make their puzzles here, so the same
/// seed and settings give the same puzzles in each.
///
/// ```
/// use bitdoku_solver::generate::{Generator, Settings};
/// let generator = Generator::new(42, Settings::default());
/// let first = generator.puzzle(0).unwrap();
/// assert!(bitdoku_solver::is_unique(&first));
/// assert_eq!(generator.puzzle(0), Ok(first));
/// assert_ne!(generator.puzzle(1), Ok(first));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Generator {
    seed: u64,
    settings: Settings,
}

impl Generator {
    /// The puzzles of `seed` made with `settings`.
    pub const fn new(seed: u64, settings: Settings) -> Generator {
        Generator { seed, settings }
    }

    /// The settings the puzzles are made with.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Puzzle `index` ([`generate`] with this puzzle's own random generator), or why
    /// it could not be made.
    pub fn puzzle(&self, index: u64) -> Result<Grid, GaveUp> {
        generate(&mut self.rng(index), &self.settings).ok_or(GaveUp {
            settings: self.settings,
        })
    }

    /// Puzzle `index` of Norvig's `random_puzzle` experiment with `n` squares
    /// ([`norvig_random_puzzle`]; the settings are not used).
    pub fn norvig_random(&self, index: u64, n: usize) -> Grid {
        norvig_random_puzzle(&mut self.rng(index), n)
    }

    /// The random generator of puzzle `index`.
    fn rng(&self, index: u64) -> Rng {
        Rng::with_seed(puzzle_seed(self.seed, index))
    }
}

/// Why [`Generator::puzzle`] made no puzzle: the settings' clues or rating were not
/// reached in their attempts. It says what was aimed at, in the settings' terms; a
/// front end adds what its user can change.
///
/// ```
/// use bitdoku_solver::generate::{Generator, Settings};
/// let settings = Settings { clues: Some(17), attempts: 2, ..Settings::default().level(6) };
/// let gave_up = Generator::new(1, settings).puzzle(0).unwrap_err();
/// assert_eq!(gave_up.to_string(),
///     "could not make a puzzle with at most 17 givens at level 6 (ER 9.1 or more) in 2 attempts");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GaveUp {
    /// The settings that were not met.
    pub settings: Settings,
}

impl core::fmt::Display for GaveUp {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let s = &self.settings;
        let minimal = if s.minimal { "minimal " } else { "" };
        write!(f, "could not make a {minimal}puzzle")?;
        if let Some(k) = s.clues {
            write!(f, " with at most {k} givens")?;
        }
        if s.symmetry != Symmetry::None {
            write!(f, " in {} symmetry", s.symmetry.name())?;
        }
        if let Some((low, high)) = s.er {
            let range = match (low, high) {
                (low, high) if low == high => format!("ER {low}"),
                (low, high) if high >= STALLED => format!("ER {low} or more"),
                (Difficulty(0), high) => format!("ER up to {high}"),
                (low, high) => format!("ER {low} to {high}"),
            };
            match (1..=6).find(|&l| level_range(l) == (low, high)) {
                Some(level) => write!(f, " at level {level} ({range})")?,
                None => write!(f, " rated {range}")?,
            }
        }
        write!(f, " in {} attempts", s.attempts.max(1))
    }
}

impl std::error::Error for GaveUp {}

/// The seed of puzzle `index` of a run seeded with `seed` (SplitMix64 of the pair):
/// [`Generator`]'s, and the general engine's generator's (`bitdoku-variants`), so a
/// seed means the same thing to both.
pub const fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Fresh puzzles drawn for a target rating before [`generate`] starts to climb: most
/// targets are met within a few draws (levels 1 to 5 nearly always within 50), and those
/// seeds keep the puzzles they gave before the climb existed.
pub const FRESH: u32 = 50;

/// Neighbours tried in a row without a higher ER before a climb gives up.
pub const PATIENCE: u32 = 200;

/// Moves, unrated, from the highest puzzle of the climbs so far to the start of the next
/// climb.
pub const KICK: u32 = 2;

/// How many solutions [`neighbour`] looks at, of a puzzle that lost a given, to choose
/// the givens that make it unique again.
const SOLUTIONS_SEEN: usize = 64;

/// A puzzle with exactly one solution, or `None` when `settings.clues` or
/// `settings.er` could not be met in `settings.attempts` puzzles made.
///
/// Each attempt makes one puzzle: a fresh one (a random filled grid, givens removed as
/// the settings say) or, aiming at a rating, a neighbour of the puzzle the generator
/// is climbing from. Fresh puzzles come first. After [`FRESH`] of them below the target
/// rating, the next one below it starts a climb, a search near puzzles already rated
/// high as the forum's generators do: a neighbour varies a few givens (one orbit of
/// givens taken away, givens added back until the puzzle is unique again, redundant
/// ones removed); one in range is the answer, and one rated at least as high as the
/// puzzle it came from is the next place to climb from. After [`PATIENCE`] neighbours in
/// a row without a higher ER, the next climb starts [`KICK`] moves away from the highest
/// puzzle the climbs have reached.
pub fn generate(rng: &mut Rng, settings: &Settings) -> Option<Grid> {
    let mut attempts = settings.attempts.max(1);
    let mut fresh = 0;
    while attempts > 0 {
        attempts -= 1;
        fresh += 1;
        let solution = random_solution(rng);
        let puzzle = dig(rng, &solution, settings);
        if too_many_givens(&puzzle, settings) {
            continue;
        }
        let Some(target) = settings.er else {
            return Some(puzzle);
        };
        let mut start = match judge(&puzzle, target) {
            Judged::Within => return Some(puzzle),
            Judged::Below(er) if fresh > FRESH => (puzzle, er),
            Judged::Below(_) | Judged::Above => continue,
        };
        // The highest puzzle the climbs have reached, and its ER.
        let mut highest = start;
        loop {
            match climb(rng, settings, target, start, &mut attempts) {
                Ok(found) => return Some(found),
                Err(reached) if reached.1 > highest.1 => highest = reached,
                Err(_) => {}
            }
            if attempts == 0 {
                return None;
            }
            attempts -= 1;
            let mut near = highest.0;
            for _ in 0..KICK {
                near = neighbour(rng, &near, settings);
            }
            if too_many_givens(&near, settings) {
                break;
            }
            start = match judge(&near, target) {
                Judged::Within => return Some(near),
                Judged::Below(er) => (near, er),
                Judged::Above => break,
            };
        }
    }
    None
}

/// Climbs from `start`, a puzzle below the `target` range with its ER: a puzzle in
/// range, or the highest puzzle reached once [`PATIENCE`] neighbours in a row rate no
/// higher or the attempts run out (each neighbour is one).
fn climb(
    rng: &mut Rng,
    settings: &Settings,
    target: (Difficulty, Difficulty),
    start: (Grid, Difficulty),
    attempts: &mut u32,
) -> Result<Grid, (Grid, Difficulty)> {
    let (mut current, mut er) = start;
    let mut stale = 0;
    while *attempts > 0 && stale < PATIENCE {
        *attempts -= 1;
        stale += 1;
        let next = neighbour(rng, &current, settings);
        if next == current || too_many_givens(&next, settings) {
            continue;
        }
        match judge(&next, target) {
            Judged::Within => return Ok(next),
            Judged::Below(higher) if higher >= er => {
                if higher > er {
                    stale = 0;
                }
                (current, er) = (next, higher);
            }
            Judged::Below(_) | Judged::Above => {}
        }
    }
    Err((current, er))
}

/// A unique puzzle near `puzzle` (unique too): one orbit of givens taken away; then,
/// with one of the solutions of what is left, the orbit of a square where that
/// solution agrees with the fewest others given its digits, until it is the one
/// solution left; then givens that became redundant removed as [`dig`] removes them.
fn neighbour(rng: &mut Rng, puzzle: &Grid, settings: &Settings) -> Grid {
    let mut values = *puzzle.values();
    let givens = (0..81).fold(0u128, |set, s| set | (u128::from(values[s] != 0) << s));
    let mut away = settings.symmetry.orbit(random_member(rng, givens));
    while away != 0 {
        values[away.trailing_zeros() as usize] = 0;
        away &= away - 1;
    }
    let mut seen = [[0u8; 81]; SOLUTIONS_SEEN];
    let mut found = solutions(&values, &mut seen);
    let pick = seen[rng.u32(0..found as u32) as usize];
    while found > 1 {
        // The open squares where the fewest solutions seen have the pick's digit.
        let (mut fewest, mut squares) = (usize::MAX, 0u128);
        for s in (0..81).filter(|&s| values[s] == 0) {
            let agree = seen[..found].iter().filter(|o| o[s] == pick[s]).count();
            if agree < fewest {
                (fewest, squares) = (agree, 0);
            }
            if agree == fewest {
                squares |= 1 << s;
            }
        }
        let mut given = settings.symmetry.orbit(random_member(rng, squares));
        while given != 0 {
            let s = given.trailing_zeros() as usize;
            given &= given - 1;
            values[s] = pick[s];
        }
        found = solutions(&values, &mut seen);
    }
    dig(rng, &Grid::from_values(values), settings)
}

/// The first solutions of `values` (up to [`SOLUTIONS_SEEN`]) into `seen`; how many.
fn solutions(values: &[u8; 81], seen: &mut [[u8; 81]; SOLUTIONS_SEEN]) -> usize {
    let mut found = 0;
    crate::enumerate::enumerate(Grid::from_values(*values), SOLUTIONS_SEEN, |g| {
        seen[found] = *g.values();
        found += 1;
    });
    found
}

/// One of the squares of `set` (not empty), uniformly at random.
fn random_member(rng: &mut Rng, set: u128) -> usize {
    let mut rest = set;
    for _ in 0..rng.u32(0..set.count_ones()) {
        rest &= rest - 1;
    }
    rest.trailing_zeros() as usize
}

/// Where a puzzle's ER lies against a target range.
enum Judged {
    /// Below the range, with its ER.
    Below(Difficulty),
    Within,
    Above,
}

/// Rates `puzzle` against `(low, high)`, walking no more of its path than that takes: up
/// to a step above `high`, or, when `high` is the top of the scale (nothing is above
/// it), up to a step at `low`.
fn judge(puzzle: &Grid, (low, high): (Difficulty, Difficulty)) -> Judged {
    let open = high >= STALLED;
    let rated = rate_until(puzzle, high, |so_far| {
        if open && so_far.er >= low {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match rated {
        Ok(Some(rating)) if rating.er >= low => Judged::Within,
        Ok(Some(rating)) => Judged::Below(rating.er),
        // Above the ceiling (or not unique, which the generator never makes).
        Ok(None) | Err(_) => Judged::Above,
    }
}

/// True if `puzzle` has more givens than `settings.clues` allows.
fn too_many_givens(puzzle: &Grid, settings: &Settings) -> bool {
    settings.clues.is_some_and(|k| puzzle.givens() > k)
}

/// Removes givens from `grid` (a filled grid, or a puzzle being varied), a whole orbit
/// at a time in random order, while the puzzle stays unique (and its rating at or below
/// the top of the target range).
fn dig(rng: &mut Rng, grid: &Grid, settings: &Settings) -> Grid {
    let stop_at = if settings.minimal {
        0
    } else {
        settings.clues.unwrap_or(0)
    };
    let mut values = *grid.values();
    let mut givens = grid.givens();
    for square in shuffled_squares(rng) {
        let square = square as usize;
        if values[square] == 0 {
            continue;
        }
        if givens <= stop_at {
            break;
        }
        let orbit = settings.symmetry.orbit(square);
        let removed = orbit.count_ones() as usize;
        if givens < stop_at + removed {
            // The orbit would take the puzzle below the givens asked for.
            continue;
        }
        let mut next = values;
        let mut rest = orbit;
        while rest != 0 {
            next[rest.trailing_zeros() as usize] = 0;
            rest &= rest - 1;
        }
        let puzzle = Grid::from_values(next);
        if count_solutions(puzzle, 2) == 1
            && settings.er.is_none_or(|(_, high)| at_most(&puzzle, high))
        {
            givens -= removed;
            values = next;
        }
    }
    Grid::from_values(values)
}

/// True if the ER of `puzzle` (unique) is at most `ceiling`.
fn at_most(puzzle: &Grid, ceiling: Difficulty) -> bool {
    ceiling >= STALLED || matches!(rate_below(puzzle, ceiling), Ok(Some(_)))
}

/// Norvig's `random_puzzle(N=17)`: squares in random order get a random candidate,
/// with his two rules propagating, until at least `n` squares have a single candidate
/// with at least 8 distinct digits among them; those squares are the puzzle. A
/// contradiction starts over. The puzzle may have 0, 1 or many solutions.
///
/// `n` above 81 is taken as 81 (a grid has no more squares to fill): the answer is then
/// a full grid.
pub fn norvig_random_puzzle(rng: &mut Rng, n: usize) -> Grid {
    let n = n.min(81);
    loop {
        let mut state = empty_state();
        for square in shuffled_squares(rng) {
            let square = square as usize;
            let bit = random_candidate(rng, state.cells[square]);
            if bit == 0 || !state.assign(square, bit, false, &mut ()) {
                break;
            }
            let mut filled = 0;
            let mut digits = 0u16;
            for &c in &state.cells {
                if c & (c - 1) == 0 {
                    filled += 1;
                    digits |= c;
                }
            }
            if filled >= n && digits.count_ones() >= 8 {
                return state.grid();
            }
        }
    }
}

/// The 81 squares in random order.
fn shuffled_squares(rng: &mut Rng) -> [u8; 81] {
    let mut order: [u8; 81] = core::array::from_fn(|i| i as u8);
    shuffle(rng, &mut order);
    order
}

/// A random index below `len` (which is at least 1), the same on every target.
/// fastrand's `usize` and `shuffle` draw 32 bits on a 32-bit target (WebAssembly) and
/// 64 elsewhere, so a seed would make other puzzles in the JavaScript package than on
/// the command line; this draws 64 bits everywhere, exactly as `usize` does on a
/// 64-bit target. Generators draw indices only through this and [`shuffle`].
pub fn random_index(rng: &mut Rng, len: usize) -> usize {
    rng.u64(0..len as u64) as usize
}

/// Shuffles `slice` as fastrand's `shuffle` does on a 64-bit target, on every target
/// (see [`random_index`]).
pub fn shuffle<T>(rng: &mut Rng, slice: &mut [T]) {
    for i in 1..slice.len() {
        slice.swap(i, random_index(rng, i + 1));
    }
}

/// The state of the empty grid: every candidate everywhere, nothing queued.
fn empty_state() -> State {
    State::new(&Grid::EMPTY, &mut Queue::new())
}

/// One of the candidates in `cells`, uniformly at random (0 if there are none).
fn random_candidate(rng: &mut Rng, cells: u16) -> u16 {
    let mut c = cells;
    for _ in 0..rng.u32(0..cells.count_ones().max(1)) {
        c &= c - 1;
    }
    c & c.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a 64-bit target the draws are fastrand's own, so the puzzles of a seed stay
    /// what they were; a 32-bit target (where fastrand's differ) gets the same ones.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn draws_are_fastrands_on_64_bit_targets() {
        let (mut a, mut b) = (Rng::with_seed(3), Rng::with_seed(3));
        let (mut x, mut y): (Vec<u32>, Vec<u32>) = ((0..81).collect(), (0..81).collect());
        shuffle(&mut a, &mut x);
        b.shuffle(&mut y);
        assert_eq!(x, y);
        for len in [1, 2, 7, 81, 1 << 40] {
            assert_eq!(random_index(&mut a, len), b.usize(0..len));
        }
    }

    #[test]
    fn norvig_random_puzzle_asked_for_more_than_81_squares_returns_a_full_grid() {
        // Issue 18 item 4: n = 82 never returned.
        let mut rng = Rng::with_seed(18);
        for n in [81, 82, usize::MAX] {
            assert_eq!(norvig_random_puzzle(&mut rng, n).givens(), 81, "n = {n}");
        }
    }
}
