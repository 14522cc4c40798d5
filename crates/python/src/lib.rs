//! The `bitdoku` Python module (`bitdoku._bitdoku`, re-exported by the package's
//! `__init__.py`): solve, count, check, rate and generate Sudoku puzzles with
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
use bitdoku_solver::generate::{generate as make_puzzle, puzzle_seed, Settings, Symmetry};
use bitdoku_solver::rate::{rate as rate_grid, Unrated};
use bitdoku_solver::{Batch, Options, Outcome};
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
/// as 81 digits, or None if the puzzle has none.
#[pyfunction]
fn solve(py: Python<'_>, puzzle: String) -> PyResult<Option<String>> {
    let puzzle = parse(py, &puzzle)?;
    Ok(py
        .detach(|| bitdoku_solver::solve(puzzle))
        .map(|g| g.to_string()))
}

/// solve_many(puzzles, threads=None) -> list[str | None]: solve() of each puzzle, in
/// order, on `threads` threads (None: all cores; 1: the calling thread).
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
/// further than `limit` (2 tells unique from not).
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

/// rate(puzzle) -> dict: the puzzle's rating on Sudoku Explainer's scale, from its
/// human solve path. `status` is `rated`, `not-unique` (several solutions: not rated)
/// or `unsolvable`. A rated puzzle has `er`, `ep` and `ed` (floats with one decimal),
/// `technique` (ER's), `ep_technique`, `ed_technique`, `level` 1-6 and its `label`,
/// `steps` (of the path) and `solution`; a puzzle with several solutions has its first
/// `solution`.
#[pyfunction]
fn rate<'py>(py: Python<'py>, puzzle: String) -> PyResult<Bound<'py, PyDict>> {
    let puzzle = parse(py, &puzzle)?;
    let dict = PyDict::new(py);
    match py.detach(|| rate_grid(puzzle)) {
        Ok(rating) => {
            let name = |n: Option<bitdoku_solver::rate::Named>| {
                n.map_or_else(|| "stalled".to_string(), |n| n.to_string())
            };
            dict.set_item("status", "rated")?;
            dict.set_item("er", rating.er.value())?;
            dict.set_item("ep", rating.ep.value())?;
            dict.set_item("ed", rating.ed.value())?;
            dict.set_item("technique", name(rating.hardest))?;
            dict.set_item("ep_technique", name(rating.ep_technique))?;
            dict.set_item("ed_technique", name(rating.ed_technique))?;
            dict.set_item("level", rating.level())?;
            dict.set_item("label", rating.label())?;
            dict.set_item("steps", rating.steps)?;
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

/// generate(n, seed=None, clues=None, symmetric=False, minimal=False, threads=None)
/// -> list[str]: `n` puzzles with exactly one solution. The same seed gives the same
/// puzzles at any thread count (None: a seed from the clock). `clues`: remove givens
/// until at most this many are left (ValueError if 1,000 filled grids do not get
/// there); `symmetric`: in pairs under a half-turn; `minimal`: no given can be
/// removed without losing uniqueness.
#[pyfunction]
#[pyo3(signature = (n, seed=None, clues=None, symmetric=false, minimal=false, threads=None, symmetry=None, level=None))]
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
) -> PyResult<Vec<String>> {
    let symmetry = match symmetry {
        Some(name) => Symmetry::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
            PyValueError::new_err(format!(
                "unknown symmetry {name:?} (one of {})",
                names.join(", ")
            ))
        })?,
        None if symmetric => Symmetry::Rotate180,
        None => Symmetry::None,
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let settings = Settings {
        clues,
        symmetry,
        minimal,
        level,
        ..Settings::default()
    };
    let indices: Vec<u64> = (0..n).collect();
    let mut made = Vec::new();
    py.detach(|| {
        Batch::with_threads(Options::default(), threads).map(|batch| {
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
                    "could not make a puzzle with at most {} clues in {} attempts",
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

/// Solve, count, check, rate and generate Sudoku puzzles: Norvig's propagation and
/// search on bitsets, in Rust.
#[pymodule(gil_used = false)]
mod _bitdoku {
    #[pymodule_export]
    use super::{
        _panic_for_tests, count, count_many, generate, is_unique, rate, solve, solve_many,
        PuzzleError,
    };

    #[pymodule_init]
    fn init(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
        use pyo3::types::PyModuleMethods;
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
