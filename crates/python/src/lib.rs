//! The `bitdoku` Python module (`bitdoku._bitdoku`, re-exported by the package's
//! `__init__.py`): solve, count and check Sudoku puzzles, rate them on Sudoku
//! Explainer's scale, give hints and solve paths, and generate puzzles, with
//! `bitdoku-solver`.
//!
//! Puzzles cross the boundary as strings (81 squares on one line, `1`-`9` given, `0`,
//! `.`, `_` or `*` empty; a boxed grid; or a 729-character pencilmark line) and
//! solutions come back as 81-digit strings. A
//! puzzle that cannot be read raises `bitdoku.PuzzleError`, a `ValueError` that
//! carries the line and column; batch calls raise it for the first such puzzle, or
//! with `errors="return"` put each one in its puzzle's place in the list. Every number
//! is any Python int, and a bad one is a `ValueError` that names it (`args`). Every
//! call releases the GIL while it solves; batch calls share the puzzles among threads
//! (`threads=None`: all cores). Each function's docstring starts with its signature
//! with types, as in the stubs (`python/bitdoku/_bitdoku.pyi`). The extension
//! is built with the workspace's `python` profile, which unwinds on panic, so a panic
//! reaches Python as `pyo3_runtime.PanicException` instead of aborting the process.
#![deny(missing_docs)]

mod args;
mod general;

use args::{Int, OnError};
use bitdoku_core::{canonical, Grid, ParseError, Puzzle};
use bitdoku_solver::enumerate::enumerate as each_solution;
use bitdoku_solver::generate::{Generator, Request};
use bitdoku_solver::minimize::minimize as minimal_puzzle;
use bitdoku_solver::observe::seconds_budget;
use bitdoku_solver::rate::{rate as rate_grid, rate_with, Rating, Unrated};
use bitdoku_solver::steps::{Path, Step};
use bitdoku_solver::{Batch, Deadline, Options, Outcome, ThreadPoolError};
use bitdoku_variants::format::{is_general, Settings};
use bitdoku_variants::Engine;
use general::Input;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pyo3::IntoPyObjectExt;

pyo3::create_exception!(
    bitdoku,
    PuzzleError,
    PyValueError,
    "A puzzle that could not be read. A ValueError with the attributes `line` and \
     `column` (1-based, inside the puzzle string), `reason` (what was wrong) and `index` \
     (the puzzle's index in a batch call, else None)."
);

/// The `PuzzleError` for `error`, in the puzzle at `index` of a batch.
fn puzzle_error(py: Python<'_>, error: &ParseError, index: Option<usize>) -> PyErr {
    let message = match index {
        Some(i) => format!("puzzle {i}: {error}"),
        None => error.to_string(),
    };
    let err = PuzzleError::new_err(message);
    let value = err.value(py);
    let attributes = [
        value.setattr("line", error.position.line),
        value.setattr("column", error.position.column),
        value.setattr("reason", error.kind.to_string()),
        value.setattr("index", index),
        value.setattr("path", None::<&str>),
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => err,
    }
}

fn parse(py: Python<'_>, puzzle: &str) -> PyResult<Puzzle> {
    puzzle.parse().map_err(|e| puzzle_error(py, &e, None))
}

/// The givens of a puzzle, for the tools that work on givens (`minimize`, `canon`): a
/// pencilmark puzzle is a `ValueError`, as it is `invalid` for the command line.
fn givens(py: Python<'_>, puzzle: &str, tool: &str) -> PyResult<Grid> {
    match parse(py, puzzle)? {
        Puzzle::Givens(grid) => Ok(grid),
        Puzzle::Candidates(_) => Err(PyValueError::new_err(format!(
            "a pencilmark puzzle: {tool} works on givens (81 squares), not candidates"
        ))),
    }
}

/// The strings of an iterable of puzzles, a dict (a JSON document) as its JSON text (a
/// lone `str` is refused: iterating it would give one-character puzzles).
fn strings(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if puzzles.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected an iterable of puzzle strings, not one string",
        ));
    }
    let py = puzzles.py();
    puzzles
        .try_iter()?
        .map(|item| {
            let item = item?;
            if item.is_instance_of::<PyDict>() {
                // A JSON document, as solve() takes it.
                py.import("json")?.call_method1("dumps", (item,))?.extract()
            } else {
                item.extract::<String>()
            }
        })
        .collect()
}

/// A seed from the clock, for `generate(seed=None)`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The `RuntimeError` of a batch whose threads could not be started.
fn no_threads(e: ThreadPoolError) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

/// A batch call's puzzle that could not be searched.
enum Unread {
    /// A classic puzzle string that could not be read.
    Classic(ParseError),
    /// A puzzle for the general engine that could not be read or compiled.
    General(general::Unread),
}

/// A batch call's error, as the `PuzzleError` of the puzzle at `index`.
trait Unreadable {
    fn to_py(&self, py: Python<'_>, index: Option<usize>) -> PyErr;
}

impl Unreadable for ParseError {
    fn to_py(&self, py: Python<'_>, index: Option<usize>) -> PyErr {
        puzzle_error(py, self, index)
    }
}

impl Unreadable for Unread {
    fn to_py(&self, py: Python<'_>, index: Option<usize>) -> PyErr {
        match self {
            Unread::Classic(e) => puzzle_error(py, e, index),
            Unread::General(e) => e.to_py(py, index),
        }
    }
}

/// A batch call's puzzle, searched by the engine it goes to.
enum Found {
    /// A classic puzzle, on the fast engine.
    Classic(Outcome),
    /// A puzzle of the general engine.
    General(bitdoku_variants::Outcome),
}

/// Searches every puzzle with `options` on `threads` threads, without the GIL: one
/// result per puzzle, in order. Each goes to the engine `solve()` sends it to
/// (`format::is_general`).
fn search_many(
    py: Python<'_>,
    texts: &[String],
    options: Options,
    threads: Option<usize>,
) -> PyResult<Vec<Result<Found, Unread>>> {
    py.detach(|| {
        Batch::with_threads(options, threads).map(|batch| {
            let mut out = Vec::with_capacity(texts.len());
            batch.map(texts, |text| search_any(text, batch.options()), &mut out);
            out
        })
    })
    .map_err(no_threads)
}

fn search_any(text: &str, options: &Options) -> Result<Found, Unread> {
    if is_general(text, &Settings::default()) {
        let puzzle = general::read(text).map_err(Unread::General)?;
        general::run(&puzzle, |e| e.search(options))
            .map(Found::General)
            .map_err(Unread::General)
    } else {
        let puzzle = text.parse::<Puzzle>().map_err(Unread::Classic)?;
        Ok(Found::Classic(bitdoku_solver::search(puzzle, options)))
    }
}

/// The list a batch call returns: each result as `convert` makes it; a puzzle that
/// could not be read raises its `PuzzleError` (the first one, `OnError::Raise`, before
/// anything is converted) or stands in its place (`OnError::Return`).
fn batch_list<'py, T, E: Unreadable>(
    py: Python<'py>,
    results: Vec<Result<T, E>>,
    on_error: OnError,
    mut convert: impl FnMut(T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if on_error == OnError::Raise {
        if let Some((i, e)) = results
            .iter()
            .enumerate()
            .find_map(|(i, r)| r.as_ref().err().map(|e| (i, e)))
        {
            return Err(e.to_py(py, Some(i)));
        }
    }
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| match r {
            Ok(value) => convert(value),
            Err(e) => Ok(e
                .to_py(py, Some(i))
                .into_value(py)
                .into_bound(py)
                .into_any()),
        })
        .collect()
}

/// solve(puzzle: str | dict[str, Any]) -> str | None
///
/// The first solution (digits tried in increasing order) as 81 digits, or None if the
/// puzzle has none. Raises `PuzzleError` for a puzzle that cannot be read, and for one
/// that gives a digit twice in a unit (its position is the second given). A puzzle for
/// the general engine (an N×N line, a sudoku-puzzle or f-puzzles JSON document as a
/// string or a dict, an f-puzzles or SudokuPad link) gives its solution as its N×N
/// line (`1`-`9`, then `A`-`P`).
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    match general::input(py, puzzle)? {
        Input::Classic(text) => {
            let puzzle = parse(py, &text)?;
            Ok(py
                .detach(|| bitdoku_solver::solve(puzzle))
                .map(|g| g.to_string()))
        }
        Input::General(puzzle) => {
            Ok(general::detached(py, &puzzle, Engine::solve)?.map(|s| general::line(&s)))
        }
    }
}

/// solve_many(puzzles: Iterable[str | dict[str, Any]], threads: int | None = None, *, errors: Literal['raise', 'return'] = 'raise') -> list[str | None | PuzzleError]
///
/// solve() of each puzzle (any puzzle solve() takes), in order, on `threads` threads (None: all cores; 1: the
/// calling thread; more than the CPUs there are is read as that many; 0 or less:
/// ValueError). A puzzle that cannot be read or gives a digit twice in a unit raises
/// `PuzzleError` with its `index` (the first such puzzle; `errors='raise'`), or, with
/// `errors='return'`, stands in the list as its `PuzzleError`, in its place, beside
/// every other puzzle's result.
#[pyfunction]
#[pyo3(signature = (puzzles, threads=None, *, errors="raise"))]
fn solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<Int>,
    errors: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (threads, on_error) = (args::threads(threads.as_ref())?, OnError::from_arg(errors)?);
    let results = search_many(py, &strings(puzzles)?, Options::default(), threads)?;
    batch_list(py, results, on_error, |found| match found {
        Found::Classic(o) => o.solution.map(|g| g.to_string()).into_bound_py_any(py),
        Found::General(o) => o.solution.map(|s| general::line(&s)).into_bound_py_any(py),
    })
}

/// count(puzzle: str | dict[str, Any], limit: int = 2) -> int
///
/// How many solutions the puzzle (classic, or any puzzle solve() takes) has, counting
/// no further than `limit` (2 tells unique from not; 0 is read as 1, as everywhere in
/// bitdoku). Raises `PuzzleError` as solve() does, `ValueError` for a negative limit.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=Int::new(2)), text_signature = "(puzzle, limit=2)")]
fn count(py: Python<'_>, puzzle: &Bound<'_, PyAny>, limit: Int) -> PyResult<usize> {
    let limit = args::limit(&limit)?;
    match general::input(py, puzzle)? {
        Input::Classic(text) => {
            let puzzle = parse(py, &text)?;
            Ok(py.detach(|| bitdoku_solver::count_solutions(puzzle, limit)))
        }
        Input::General(puzzle) => general::detached(py, &puzzle, |e| e.count(limit)),
    }
}

/// count_many(puzzles: Iterable[str | dict[str, Any]], limit: int = 2, threads: int | None = None, *, errors: Literal['raise', 'return'] = 'raise') -> list[int | PuzzleError]
///
/// count() of each puzzle (any puzzle count() takes), in order, on `threads` threads; a puzzle that cannot be
/// read as solve_many() says (`errors`).
#[pyfunction]
#[pyo3(
    signature = (puzzles, limit=Int::new(2), threads=None, *, errors="raise"),
    text_signature = "(puzzles, limit=2, threads=None, *, errors='raise')"
)]
fn count_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: Int,
    threads: Option<Int>,
    errors: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let options = Options::default().with_limit(args::limit(&limit)?);
    let (threads, on_error) = (args::threads(threads.as_ref())?, OnError::from_arg(errors)?);
    let results = search_many(py, &strings(puzzles)?, options, threads)?;
    batch_list(py, results, on_error, |found| match found {
        Found::Classic(o) => o.solutions.into_bound_py_any(py),
        Found::General(o) => o.solutions.into_bound_py_any(py),
    })
}

/// is_unique(puzzle: str | dict[str, Any]) -> bool
///
/// True if the puzzle (classic, or any puzzle solve() takes) has exactly one solution.
#[pyfunction]
fn is_unique(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<bool> {
    match general::input(py, puzzle)? {
        Input::Classic(text) => {
            let puzzle = parse(py, &text)?;
            Ok(py.detach(|| bitdoku_solver::is_unique(puzzle)))
        }
        Input::General(puzzle) => general::detached(py, &puzzle, Engine::is_unique),
    }
}

/// true_candidates(puzzle: str | dict[str, Any], limit: int | None = None) -> TrueCandidates
///
/// The puzzle's true candidates, the digits each cell holds in some solution, as
/// `bitdoku candidates --format json` gives them (the library's summary, one shape for
/// every front end): `status` (`unique`, `multiple`, `unsolvable`, or `gave-up` when
/// `limit` witness solutions did not decide every candidate), `candidates` (each
/// cell's digits, row-major, `1`-`9` then `A`-`P`; `""` for none), `fixed` (cells with
/// one true candidate), `solutions` (witness solutions found) and, for a run stopped
/// early, `undecided`. Takes any puzzle solve() takes (a classic one as a 9×9 puzzle);
/// `limit` (None: no limit; 0 is read as 1) caps the witness solutions. Raises
/// `PuzzleError` as solve() does, `ValueError` for a negative limit.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=None))]
fn true_candidates<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    limit: Option<Int>,
) -> PyResult<Bound<'py, PyAny>> {
    let limit = limit.as_ref().map(args::limit).transpose()?;
    let puzzle = match general::input(py, puzzle)? {
        Input::Classic(text) => {
            let classic = bitdoku_variants::Puzzle::from_classic(&parse(py, &text)?);
            general::checked(classic).map_err(|e| general::Unread::Model(e).to_py(py, None))?
        }
        Input::General(puzzle) => *puzzle,
    };
    let options = Options::default().with_limit(limit.unwrap_or(usize::MAX));
    let found = general::detached(py, &puzzle, |e| e.true_candidates(&options))?;
    to_python(py, &found.summary())
}

/// rate(puzzle, timeout=None) -> dict: the puzzle's rating on Sudoku Explainer's
/// scale, from its human solve path. `status` is `rated`, `solved` (a grid with nothing
/// left to do: ER 0.0), `stalled`, `timed-out`, `not-unique` (several solutions: not
/// rated) or `unsolvable`. A puzzle with one solution has `er`, `ep` and `ed` (floats
/// with one decimal), `technique` (ER's), `ep_technique`, `ed_technique`, `level` 1-6
/// and its `label`, `steps` (of the path) and `solution`; a puzzle with several
/// solutions has its first `solution`. A path where no technique finds a step
/// (`stalled`) rates 20.0, its technique `stalled`. `timeout` (seconds, decimals
/// allowed) bounds the rating, as the command line's --timeout: one that runs out is
/// `timed-out`, its `er`, `ep`, `ed` and `level` lower bounds from the `steps` taken.
/// ValueError for a timeout that is not a positive number of seconds.
#[pyfunction]
#[pyo3(signature = (puzzle, timeout=None))]
fn rate<'py>(
    py: Python<'py>,
    puzzle: String,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let limit = match timeout {
        None => None,
        Some(secs) => Some(seconds_budget(secs).ok_or_else(|| {
            PyValueError::new_err(format!(
                "timeout={secs}: must be a positive number of seconds"
            ))
        })?),
    };
    let puzzle = parse(py, &puzzle)?;
    let dict = PyDict::new(py);
    match py.detach(|| rate_with(puzzle, Deadline::after(limit))) {
        Ok(rating) => {
            dict.set_item("status", rating.status())?;
            // The rating's fields in the shape every front end gives them.
            dict.update(
                to_python(py, &rating.summary())?
                    .cast_into::<PyDict>()?
                    .as_mapping(),
            )?;
            dict.set_item("solution", rating.solution.to_string())?;
        }
        Err(Unrated::NotUnique { first }) => {
            dict.set_item("status", "not-unique")?;
            dict.set_item("solution", first.to_string())?;
        }
        Err(Unrated::NoSolution) => dict.set_item("status", "unsolvable")?,
    }
    Ok(dict)
}

/// How puzzles are rated: the keyword arguments that `rate_many` (and, once it moves
/// onto this piece, `rate`) take beside the puzzles, checked and held in one place.
/// None yet; a time budget would be a field here, read from one more keyword.
#[derive(Clone, Copy, Debug, Default)]
struct Rater {}

impl Rater {
    /// The rating of one puzzle (no GIL needed).
    fn rate(&self, puzzle: Puzzle) -> Result<Rating, Unrated> {
        rate_grid(puzzle)
    }
}

/// A rating as a dict, in the shape `rate` documents: `status`, the summary's fields
/// and `solution` (the first of a puzzle with several; none without one).
fn rating_dict<'py>(
    py: Python<'py>,
    rating: Result<Rating, Unrated>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    match rating {
        Ok(rating) => {
            dict.set_item("status", rating.status())?;
            dict.update(
                to_python(py, &rating.summary())?
                    .cast_into::<PyDict>()?
                    .as_mapping(),
            )?;
            dict.set_item("solution", rating.solution.to_string())?;
        }
        Err(Unrated::NotUnique { first }) => {
            dict.set_item("status", "not-unique")?;
            dict.set_item("solution", first.to_string())?;
        }
        Err(Unrated::NoSolution) => dict.set_item("status", "unsolvable")?,
    }
    Ok(dict)
}

/// rate_many(puzzles: Iterable[str], threads: int | None = None, *, errors: Literal['raise', 'return'] = 'raise') -> list[Rating | PuzzleError]
///
/// rate() of each puzzle, in order, on `threads` threads (a thread takes one puzzle at
/// a time: a hard one can take seconds); a puzzle that cannot be read as solve_many()
/// says (`errors`).
#[pyfunction]
#[pyo3(signature = (puzzles, threads=None, *, errors="raise"))]
fn rate_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<Int>,
    errors: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (threads, on_error) = (args::threads(threads.as_ref())?, OnError::from_arg(errors)?);
    let rater = Rater::default();
    let texts = strings(puzzles)?;
    let mut results = Vec::with_capacity(texts.len());
    py.detach(|| {
        Batch::with_threads(Options::default(), threads).map(|batch| {
            batch.with_task_size(1).map(
                &texts,
                |text| text.parse::<Puzzle>().map(|p| rater.rate(p)),
                &mut results,
            )
        })
    })
    .map_err(no_threads)?;
    batch_list(py, results, on_error, |r| {
        rating_dict(py, r).map(Bound::into_any)
    })
}

/// A step as a dict, in the shape every front end gives it (the library's JSON of a
/// `Step`: technique, difficulty, placement, eliminations, cells, candidates, units,
/// digits, links, text).
fn step_dict<'py>(py: Python<'py>, step: &Step) -> PyResult<Bound<'py, PyAny>> {
    to_python(py, step)
}

/// A value as Python reads the library's JSON of it.
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (json,))
}

/// hint(puzzle: str) -> Step | None
///
/// The next step of the puzzle as it stands (a pencilmark line keeps the candidates
/// already removed): the first step of its solve path on Sudoku Explainer's ladder, as
/// a dict (see `explain`), or None when the puzzle is already solved. Raises
/// `ValueError` when the puzzle has no solution or several (the techniques assume
/// one), or when no technique finds a step.
#[pyfunction]
fn hint<'py>(py: Python<'py>, puzzle: String) -> PyResult<Option<Bound<'py, PyAny>>> {
    let puzzle = parse(py, &puzzle)?;
    let step = py.detach(|| {
        let mut path = Path::new(&puzzle)?;
        Ok::<_, Unrated>((path.is_solved(), path.next()))
    });
    match step {
        Ok((true, _)) => Ok(None),
        Ok((false, Some(step))) => step_dict(py, &step).map(Some),
        Ok((false, None)) => Err(PyValueError::new_err(
            "stalled: no technique of the ladder finds a step",
        )),
        Err(e) => Err(unrated(e)),
    }
}

/// explain(puzzle: str) -> list[Step]
///
/// The puzzle's whole solve path, each step a dict with `technique`, `difficulty` (a
/// float with one decimal), `placement` ({square, digit} or None), `eliminations`,
/// `cells`, `candidates` ([{square, digit}]), `units` (`row A`, `column 1`, `box 1`),
/// `digits`, `links` (a chain's implications) and `text` (the step in words). Raises
/// `ValueError` when the puzzle has no solution or several. If no technique finds a
/// step before the grid is solved, the list ends there (`rate` then gives the
/// technique `stalled`).
#[pyfunction]
fn explain<'py>(py: Python<'py>, puzzle: String) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let puzzle = parse(py, &puzzle)?;
    let steps = py
        .detach(|| Path::new(&puzzle).map(Iterator::collect::<Vec<Step>>))
        .map_err(unrated)?;
    steps.iter().map(|s| step_dict(py, s)).collect()
}

/// The `ValueError` of a puzzle without a solve path, in the vocabulary's words.
fn unrated(e: Unrated) -> PyErr {
    PyValueError::new_err(match e {
        Unrated::NoSolution => "unsolvable: the puzzle has no solution",
        Unrated::NotUnique { .. } => {
            "not-unique: the puzzle has more than one solution, so no solve path"
        }
    })
}

/// generate(n: int, seed: int | None = None, clues: int | None = None, symmetric: bool = False, minimal: bool = False, threads: int | None = None, symmetry: str | None = None, level: int | None = None, er: Sequence[float] | None = None, *, size: int | None = None, box: str | None = None, jigsaw: bool = False, diagonals: bool = False, windows: bool = False, disjoint_groups: bool = False, anti_knight: bool = False, anti_king: bool = False, non_consecutive: bool = False, killer: bool | int | None = None, thermos: int | None = None, arrows: int | None = None, whispers: int | None = None, renban: int | None = None, kropki: int | Literal["all"] | None = None, xv: int | Literal["all"] | None = None, odd_even: int | None = None, format: str | None = None) -> list[str]
///
/// `n` puzzles with exactly one solution. The same seed (0 to 2**64 - 1) gives the
/// same puzzles at any thread count (None: a seed from the clock). `clues`: remove
/// givens until at most this many are left (17 to 81); `symmetry`: the pattern of
/// givens (`symmetric=True` is `rotate180`; not both); `minimal`: no given can be
/// removed without losing uniqueness; `level` (1 to 6) or `er` (a (min, max) pair of
/// ratings, a tuple or a list, such as (3.0, 4.4)): puzzles that `rate` puts there.
/// Every argument is checked before any work (ValueError); ValueError too if 5,000
/// attempts (puzzles made) do not reach `clues` or the rating.
///
/// The keywords after `*` ask for any other board, as `bitdoku generate`'s options of
/// the same names do (the same seed gives the CLI's puzzles): `size` (4 to 25), `box`
/// ("2x3"), `jigsaw`, `diagonals`, `windows`, `disjoint_groups`, `anti_knight`,
/// `anti_king`, `non_consecutive`, `killer` (True, or the largest cage), and rule
/// elements drawn from the solution: `thermos`, `arrows`, `whispers`, `renban`,
/// `odd_even` (how many), `kropki` and `xv` (how many, or "all" with the negative
/// constraint). Such a puzzle comes back as its N×N line when that says everything,
/// else as a sudoku-puzzle document; `format` ("line", "sudoku-puzzle", "fpuzzles",
/// "link") chooses. `level`, `er` and `minimal` are for classic 9×9 puzzles only.
#[pyfunction]
#[pyo3(signature = (n, seed=None, clues=None, symmetric=false, minimal=false, threads=None, symmetry=None, level=None, er=None, *, size=None, r#box=None, jigsaw=false, diagonals=false, windows=false, disjoint_groups=false, anti_knight=false, anti_king=false, non_consecutive=false, killer=None, thermos=None, arrows=None, whispers=None, renban=None, kropki=None, xv=None, odd_even=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    n: Int,
    seed: Option<Int>,
    clues: Option<Int>,
    symmetric: bool,
    minimal: bool,
    threads: Option<Int>,
    symmetry: Option<&str>,
    level: Option<Int>,
    er: Option<&Bound<'_, PyAny>>,
    size: Option<Int>,
    r#box: Option<&str>,
    jigsaw: bool,
    diagonals: bool,
    windows: bool,
    disjoint_groups: bool,
    anti_knight: bool,
    anti_king: bool,
    non_consecutive: bool,
    killer: Option<&Bound<'_, PyAny>>,
    thermos: Option<Int>,
    arrows: Option<Int>,
    whispers: Option<Int>,
    renban: Option<Int>,
    kropki: Option<&Bound<'_, PyAny>>,
    xv: Option<&Bound<'_, PyAny>>,
    odd_even: Option<Int>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    if symmetric && symmetry.is_some() {
        return Err(PyValueError::new_err(
            "symmetric=True is symmetry='rotate180': give one of them",
        ));
    }
    let n: u64 = args::whole("n", &n)?;
    let seed: Option<u64> = seed.as_ref().map(args::seed).transpose()?;
    let clues: Option<usize> = clues.map(|c| args::whole("clues", &c)).transpose()?;
    let count = |name: &str, k: Option<Int>| -> PyResult<usize> {
        k.map_or(Ok(0), |k| args::whole(name, &k))
    };
    let board = bitdoku_variants::generate::Request {
        size: size.map(|s| args::whole("size", &s)).transpose()?,
        boxes: r#box.map(general::box_shape).transpose()?,
        jigsaw,
        diagonals,
        windows,
        disjoint_groups,
        anti_knight,
        anti_king,
        non_consecutive,
        killer: killer.map(|k| general::killer(k)).transpose()?,
        elements: bitdoku_variants::generate::Elements {
            thermos: count("thermos", thermos)?,
            arrows: count("arrows", arrows)?,
            whispers: count("whispers", whispers)?,
            renbans: count("renban", renban)?,
            kropki: kropki.map(|m| general::marks("kropki", m)).transpose()?,
            xv: xv.map(|m| general::marks("xv", m)).transpose()?,
            parity: count("odd_even", odd_even)?,
        },
        symmetry: symmetry.or(symmetric.then_some("rotate180")),
        clues,
        classic_only: &[],
    };
    if board.is_general() || format.is_some() {
        let classic_only: Vec<&str> = [
            (level.is_some(), "level"),
            (er.is_some(), "er"),
            (minimal, "minimal"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect();
        let request = bitdoku_variants::generate::Request {
            classic_only: &classic_only,
            ..board
        };
        let threads = args::threads(threads.as_ref())?;
        return general::generate(py, n, seed, threads, &request, format);
    }
    let request = Request {
        clues,
        symmetry: symmetry.or(symmetric.then_some("rotate180")),
        minimal,
        level: level.map(|l| args::whole("level", &l)).transpose()?,
        er: er.map(args::rating_range).transpose()?,
    };
    let settings = request
        .settings()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let threads = args::threads(threads.as_ref())?;
    let generator = Generator::new(seed.unwrap_or_else(clock_seed), settings);
    let indices: Vec<u64> = (0..n).collect();
    let mut made = Vec::new();
    py.detach(|| {
        Batch::with_threads(Options::default(), threads).map(|batch| {
            // Generating to a rating takes milliseconds a puzzle: one at a time.
            let batch = if settings.er.is_some() {
                batch.with_task_size(1)
            } else {
                batch
            };
            batch.map(&indices, |&i| generator.puzzle(i), &mut made)
        })
    })
    .map_err(no_threads)?;
    made.into_iter()
        .map(|p| {
            p.map(|g| g.to_string())
                .map_err(|e| PyValueError::new_err(format!("{e}; try an easier target")))
        })
        .collect()
}

/// minimize(puzzle: str) -> str
///
/// The puzzle with every given it does not need removed, as `bitdoku minimize` gives
/// it: the givens are tried in row-major order and each goes while the puzzle stays
/// unique, so the result is minimal, with the same solution. A puzzle with several
/// solutions first gets givens from its first solution where a second one differs,
/// so it comes back unique with that first solution. ValueError for a puzzle with no
/// solution (`unsolvable: ...`) and for a pencilmark puzzle (it has no givens);
/// `PuzzleError` as solve() says.
#[pyfunction]
fn minimize(py: Python<'_>, puzzle: String) -> PyResult<String> {
    let grid = givens(py, &puzzle, "minimize")?;
    py.detach(|| minimal_puzzle(&grid))
        .map(|g| g.to_string())
        .map_err(|e| PyValueError::new_err(format!("unsolvable: {e}")))
}

/// canon(puzzle: str) -> str
///
/// The puzzle's canonical form, as `bitdoku canon` gives it: two puzzles are the same
/// up to relabelling the digits, permuting rows within bands, columns within stacks,
/// bands, stacks, and transposing exactly when their forms are equal (so a set of them
/// dedups a puzzle bank). The form puts as many givens as early as possible and names
/// the digits 1, 2, 3, ... in order of appearance. ValueError for a pencilmark puzzle;
/// `PuzzleError` as solve() says.
#[pyfunction]
fn canon(py: Python<'_>, puzzle: String) -> PyResult<String> {
    let grid = givens(py, &puzzle, "canon")?;
    Ok(py.detach(|| canonical(&grid)).to_string())
}

/// enumerate(puzzle: str | dict[str, Any], limit: int = 100) -> list[str]
///
/// The puzzle's solutions, at most `limit` of them (0 is read as 1), in the search's
/// order (digits in increasing order at each guess; the first is solve()'s), as
/// `bitdoku enumerate` gives them: fewer than `limit` means that was all. An empty list
/// for a puzzle with none. Takes any puzzle solve() takes (a general puzzle's
/// solutions are N×N lines). `PuzzleError` as solve() says, `ValueError` for a
/// negative limit. (Not in `bitdoku.__all__`, so that `from bitdoku import *` leaves
/// Python's `enumerate` alone.)
#[pyfunction]
#[pyo3(signature = (puzzle, limit=Int::new(100)), text_signature = "(puzzle, limit=100)")]
fn enumerate(py: Python<'_>, puzzle: &Bound<'_, PyAny>, limit: Int) -> PyResult<Vec<String>> {
    let limit = args::limit(&limit)?;
    match general::input(py, puzzle)? {
        Input::Classic(text) => {
            let puzzle = parse(py, &text)?;
            let mut found = Vec::new();
            py.detach(|| each_solution(puzzle, limit, |s| found.push(*s)));
            Ok(found.iter().map(Grid::to_string).collect())
        }
        Input::General(puzzle) => {
            let mut found = Vec::new();
            general::detached(py, &puzzle, |e| {
                e.enumerate(limit, |s| found.push(general::line(s)))
            })?;
            Ok(found)
        }
    }
}

/// Panics on a pool thread while the GIL is released. For the tests: it shows that
/// the extension was built to unwind, so that a panic anywhere in the solver becomes
/// `pyo3_runtime.PanicException` and the interpreter goes on.
#[pyfunction]
fn _panic_for_tests(py: Python<'_>) -> PyResult<()> {
    py.detach(|| {
        Batch::with_threads(Options::default(), Some(2)).map(|batch| {
            let mut out: Vec<()> = Vec::new();
            batch.map(
                &[0u8; 256],
                |_| panic!("a deliberate panic on a solver thread"),
                &mut out,
            );
        })
    })
    .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Solve, count, check, rate, hint, explain, generate, minimize and canonicalize Sudoku
/// puzzles: Norvig's propagation and search on bitsets, and Sudoku Explainer's
/// techniques, in Rust.
#[pymodule(gil_used = false)]
mod _bitdoku {
    #[pymodule_export]
    use super::{
        _panic_for_tests, canon, count, count_many, enumerate, explain, generate, hint, is_unique,
        minimize, rate, rate_many, solve, solve_many, true_candidates, PuzzleError,
    };

    #[pymodule_init]
    fn init(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
        use pyo3::types::PyModuleMethods;
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
