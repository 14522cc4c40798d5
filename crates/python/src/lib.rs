//! The `bitdoku` Python module (`bitdoku._bitdoku`, re-exported by the package's
//! `__init__.py`): solve, count and check Sudoku puzzles, rate them on Sudoku
//! Explainer's scale, give hints and solve paths, and generate puzzles, with
//! `bitdoku-solver`.
//!
//! Puzzles cross the boundary as strings (81 squares on one line, `1`-`9` given, `0`,
//! `.`, `_` or `*` empty; a boxed grid; or a 729-character pencilmark line) and
//! solutions come back as 81-digit strings. A
//! puzzle that cannot be read raises `bitdoku.PuzzleError`, a `ValueError` that
//! carries the line and column. Every call releases the GIL while it solves; batch
//! calls share the puzzles among threads (`threads=None`: all cores). The extension
//! is built with the workspace's `python` profile, which unwinds on panic, so a panic
//! reaches Python as `pyo3_runtime.PanicException` instead of aborting the process.
#![deny(missing_docs)]

use bitdoku_core::{ParseError, Puzzle};
use bitdoku_solver::generate::{generate as make_puzzle, puzzle_seed, Request};
use bitdoku_solver::observe::seconds_budget;
use bitdoku_solver::rate::{rate_with, Unrated};
use bitdoku_solver::steps::{Path, Step};
use bitdoku_solver::{Batch, Deadline, Options, Outcome};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

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
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => err,
    }
}

fn parse(py: Python<'_>, puzzle: &str) -> PyResult<Puzzle> {
    puzzle.parse().map_err(|e| puzzle_error(py, &e, None))
}

/// The strings of an iterable of puzzles (a lone `str` is refused: iterating it
/// would give one-character puzzles).
fn strings(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if puzzles.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected an iterable of puzzle strings, not one string",
        ));
    }
    puzzles
        .try_iter()?
        .map(|item| item?.extract::<String>())
        .collect()
}

/// Searches every puzzle with `options` on `threads` threads, without the GIL.
fn search_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    options: Options,
    threads: Option<usize>,
) -> PyResult<Vec<Outcome>> {
    let texts = strings(puzzles)?;
    let results = py
        .detach(|| Batch::with_threads(options, threads).map(|batch| batch.search_strs(&texts)))
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| puzzle_error(py, &e, Some(i))))
        .collect()
}

/// solve(puzzle) -> str | None: the first solution (digits tried in increasing order)
/// as 81 digits, or None if the puzzle has none. Raises `PuzzleError` for a puzzle that
/// cannot be read, and for one that gives a digit twice in a unit (its position is the
/// second given).
#[pyfunction]
fn solve(py: Python<'_>, puzzle: String) -> PyResult<Option<String>> {
    let puzzle = parse(py, &puzzle)?;
    Ok(py
        .detach(|| bitdoku_solver::solve(puzzle))
        .map(|g| g.to_string()))
}

/// solve_many(puzzles, threads=None) -> list[str | None]: solve() of each puzzle, in
/// order, on `threads` threads (None: all cores; 1: the calling thread). Raises
/// `PuzzleError`, with the puzzle's `index`, at the first puzzle that cannot be read or
/// gives a digit twice in a unit.
#[pyfunction]
#[pyo3(signature = (puzzles, threads=None))]
fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Vec<Option<String>>> {
    let outcomes = search_many(py, puzzles, Options::default(), threads)?;
    Ok(outcomes
        .into_iter()
        .map(|o| o.solution.map(|g| g.to_string()))
        .collect())
}

/// count(puzzle, limit=2) -> int: how many solutions the puzzle has, counting no
/// further than `limit` (2 tells unique from not; 0 is read as 1, as everywhere in
/// bitdoku). Raises `PuzzleError` as solve() does.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2))]
fn count(py: Python<'_>, puzzle: String, limit: usize) -> PyResult<usize> {
    let puzzle = parse(py, &puzzle)?;
    Ok(py.detach(|| bitdoku_solver::count_solutions(puzzle, limit)))
}

/// count_many(puzzles, limit=2, threads=None) -> list[int]: count() of each puzzle,
/// in order, on `threads` threads.
#[pyfunction]
#[pyo3(signature = (puzzles, limit=2, threads=None))]
fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: usize,
    threads: Option<usize>,
) -> PyResult<Vec<usize>> {
    let options = Options::default().with_limit(limit);
    let outcomes = search_many(py, puzzles, options, threads)?;
    Ok(outcomes.into_iter().map(|o| o.solutions).collect())
}

/// is_unique(puzzle) -> bool: True if the puzzle has exactly one solution.
#[pyfunction]
fn is_unique(py: Python<'_>, puzzle: String) -> PyResult<bool> {
    let puzzle = parse(py, &puzzle)?;
    Ok(py.detach(|| bitdoku_solver::is_unique(puzzle)))
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

/// hint(puzzle) -> dict | None: the next step of the puzzle as it stands (a pencilmark
/// line keeps the candidates already removed): the first step of its solve path on
/// Sudoku Explainer's ladder, as a dict (see `explain`), or None when the puzzle is
/// already solved. Raises `ValueError` when the puzzle has no solution or several (the
/// techniques assume one), or when no technique finds a step.
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

/// explain(puzzle) -> list[dict]: the puzzle's whole solve path, each step a dict with
/// `technique`, `difficulty` (a float with one decimal), `placement` ({square, digit}
/// or None), `eliminations`, `cells`, `candidates` ([{square, digit}]), `units`
/// (`row A`, `column 1`, `box 1`), `digits`, `links` (a chain's implications) and
/// `text` (the step in words). Raises `ValueError` when the puzzle has no solution or
/// several. If no technique finds a step before the grid is solved, the list ends
/// there (`rate` then gives the technique `stalled`).
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

/// generate(n, seed=None, clues=None, symmetric=False, minimal=False, threads=None,
/// symmetry=None, level=None, er=None) -> list[str]: `n` puzzles with exactly one
/// solution. The same seed gives the same puzzles at any thread count (None: a seed
/// from the clock). `clues`: remove givens until at most this many are left (17 to
/// 81); `symmetry`: the pattern of givens (`symmetric=True` is `rotate180`; not both);
/// `minimal`: no given can be removed without losing uniqueness; `level` (1 to 6) or
/// `er` (a (min, max) pair of ratings, such as (3.0, 4.4)): puzzles that `rate` puts
/// there. Every argument is checked before any work (ValueError); ValueError too if
/// 1,000 filled grids do not reach `clues` or the rating.
#[pyfunction]
#[pyo3(signature = (n, seed=None, clues=None, symmetric=false, minimal=false, threads=None, symmetry=None, level=None, er=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    n: u64,
    seed: Option<u64>,
    clues: Option<usize>,
    symmetric: bool,
    minimal: bool,
    threads: Option<usize>,
    symmetry: Option<&str>,
    level: Option<u8>,
    er: Option<(f64, f64)>,
) -> PyResult<Vec<String>> {
    if symmetric && symmetry.is_some() {
        return Err(PyValueError::new_err(
            "symmetric=True is symmetry='rotate180': give one of them",
        ));
    }
    let request = Request {
        clues,
        symmetry: symmetry.or(symmetric.then_some("rotate180")),
        minimal,
        level: level.map(u32::from),
        er,
    };
    let settings = request
        .settings()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if threads == Some(0) {
        return Err(PyValueError::new_err(
            "threads=0: give None (all cores) or 1 or more",
        ));
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
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
            batch.map(
                &indices,
                |&i| {
                    make_puzzle(
                        &mut fastrand::Rng::with_seed(puzzle_seed(seed, i)),
                        &settings,
                    )
                },
                &mut made,
            )
        })
    })
    .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    made.into_iter()
        .map(|p| {
            p.map(|g| g.to_string()).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "could not make a puzzle with at most {} clues in that rating in {} \
                     attempts",
                    clues.unwrap_or(81),
                    settings.attempts
                ))
            })
        })
        .collect()
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

/// Solve, count, check, rate, hint, explain and generate Sudoku puzzles: Norvig's
/// propagation and search on bitsets, and Sudoku Explainer's techniques, in Rust.
#[pymodule(gil_used = false)]
mod _bitdoku {
    #[pymodule_export]
    use super::{
        _panic_for_tests, count, count_many, explain, generate, hint, is_unique, rate, solve,
        solve_many, PuzzleError,
    };

    #[pymodule_init]
    fn init(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
        use pyo3::types::PyModuleMethods;
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
