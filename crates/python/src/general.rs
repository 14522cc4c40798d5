//! Puzzles for the general engine (`bitdoku-variants`): any size, jigsaw and extra
//! regions, variant rules; an N×N line, a sudoku-puzzle or f-puzzles JSON document (a
//! string or a dict), or an f-puzzles or SudokuPad link.
//!
//! A call's puzzle goes to one of two paths by `bitdoku_variants::format::is_general`,
//! the one rule every front end routes by: a classic puzzle string goes to the fast
//! classic path as before ([`Input::Classic`]), anything else is read by
//! `format::read_record` ([`Input::General`]) and searched on the engine this thread
//! keeps for its layout (`Reuse::with_engine`).

use crate::PuzzleError;
use bitdoku_variants::format::{self as vformat, Settings, Source};
use bitdoku_variants::generate::{puzzle, Marks, Request};
use bitdoku_variants::{Engine, ModelError, Puzzle, Reuse};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

/// A puzzle argument, read.
pub enum Input {
    /// A classic puzzle string, for the fast classic path (read there).
    Classic(String),
    /// A puzzle for the general engine, read and checked (a classic 9×9 one written
    /// as JSON still runs on the fast engine, through its `Engine`).
    General(Box<Puzzle>),
}

/// Reads a puzzle argument: a `str` (routed by `is_general`) or a `dict` (a JSON
/// document, serialized by Python's `json` module). A general puzzle that cannot be
/// read, cannot be valid or repeats a given raises `PuzzleError` with the library's
/// message; anything else than a string or a dict is a `TypeError`.
pub fn input(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Input> {
    let text: String = if puzzle.is_instance_of::<PyString>() {
        let text: String = puzzle.extract()?;
        if !vformat::is_general(&text, &Settings::default()) {
            return Ok(Input::Classic(text));
        }
        text
    } else if puzzle.is_instance_of::<PyDict>() {
        py.import("json")?
            .call_method1("dumps", (puzzle,))?
            .extract()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a puzzle string or a dict (a JSON document), not {}",
            puzzle.get_type().name()?
        )));
    };
    read(&text)
        .map(|p| Input::General(Box::new(p)))
        .map_err(|e| e.to_py(py, None))
}

/// Why a general puzzle could not be compiled: its text could not be read, or the
/// puzzle cannot be valid or repeats a given.
pub enum Unread {
    /// The formats could not read it.
    Format(vformat::Error),
    /// It cannot be valid, or repeats a given.
    Model(ModelError),
}

impl Unread {
    /// Its `PuzzleError`, for the puzzle at `index` of a batch call if any.
    pub fn to_py(&self, py: Python<'_>, index: Option<usize>) -> PyErr {
        match self {
            Unread::Format(e) => format_error(py, e, index),
            Unread::Model(e) => model_error(py, e, index),
        }
    }
}

/// Reads `text` as the general engine does, refusing a puzzle that repeats a given
/// (as the classic reader does); needs no Python, so a batch call's threads read
/// their puzzles.
pub fn read(text: &str) -> Result<Puzzle, Unread> {
    let read = vformat::read_record(text, &Settings::default())
        .read
        .map_err(Unread::Format)?;
    checked(read.puzzle).map_err(Unread::Model)
}

/// `puzzle`, unless it repeats a given.
pub fn checked(puzzle: Puzzle) -> Result<Puzzle, ModelError> {
    match puzzle.repeated_given() {
        Some(e) => Err(e),
        None => Ok(puzzle),
    }
}

/// Runs `f` on the engine of `puzzle` that this thread keeps ([`Reuse`]: a loop over
/// puzzles of one layout compiles its tables once); needs no Python, so a batch
/// call's threads run it.
pub fn run<R>(puzzle: &Puzzle, f: impl FnOnce(&Engine) -> R) -> Result<R, Unread> {
    Reuse::with_engine(puzzle, f).map_err(Unread::Model)
}

/// [`run`] without the GIL, its error raised as `PuzzleError`.
pub fn detached<R: Send>(
    py: Python<'_>,
    puzzle: &Puzzle,
    f: impl FnOnce(&Engine) -> R + Send,
) -> PyResult<R> {
    py.detach(|| run(puzzle, f)).map_err(|e| e.to_py(py, None))
}

/// The `PuzzleError` of a puzzle the general engine's formats could not read: the
/// library's message (`column 12: ...` or a JSON path such as `rules[3].cells[1]:
/// ...`), with `column` (a line's) or `path` (a JSON document's); `line` is None.
fn format_error(py: Python<'_>, e: &vformat::Error, index: Option<usize>) -> PyErr {
    let path = match &e.at {
        vformat::Where::Column(_) => None,
        vformat::Where::Path(p) => Some(p.as_str()),
    };
    error(py, e.to_string(), e.column(), path, &e.message, index)
}

/// The `PuzzleError` of a general puzzle that cannot be valid (a region of the wrong
/// size, a given repeated in a house...): the library's message, no position.
fn model_error(py: Python<'_>, e: &ModelError, index: Option<usize>) -> PyErr {
    error(py, e.to_string(), None, None, &e.message, index)
}

/// A `PuzzleError`; in a batch call, the message starts with `puzzle INDEX: ` as the
/// classic puzzles' do.
fn error(
    py: Python<'_>,
    message: String,
    column: Option<usize>,
    path: Option<&str>,
    reason: &str,
    index: Option<usize>,
) -> PyErr {
    let message = match index {
        Some(i) => format!("puzzle {i}: {message}"),
        None => message,
    };
    let err = PuzzleError::new_err(message);
    let value = err.value(py);
    let attributes = [
        value.setattr("line", None::<usize>),
        value.setattr("column", column),
        value.setattr("path", path),
        value.setattr("reason", reason),
        value.setattr("index", index),
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => err,
    }
}

/// A general puzzle's solution as its N×N line (`1`-`9`, then `A`-`P`).
pub fn line(values: &[u8]) -> String {
    vformat::line(values)
}

/// `box="2x3"`: the rows and columns of a box, as the library reads them.
pub fn box_shape(text: &str) -> PyResult<(usize, usize)> {
    bitdoku_variants::generate::box_shape(text).map_err(PyValueError::new_err)
}

/// `killer=True` (cages of at most `KILLER_CAGE` cells) or `killer=N`.
pub fn killer(arg: &Bound<'_, PyAny>) -> PyResult<usize> {
    if arg.is_instance_of::<PyBool>() {
        return match arg.extract::<bool>()? {
            true => Ok(bitdoku_variants::generate::KILLER_CAGE),
            false => Err(PyValueError::new_err(
                "killer=False: leave it out for no cages",
            )),
        };
    }
    let n: crate::args::Int = arg.extract()?;
    crate::args::whole("killer", &n)
}

/// `kropki=` or `xv=`: a number of marks, or `"all"` / `True` for every mark that holds
/// with the negative constraint.
pub fn marks(name: &str, arg: &Bound<'_, PyAny>) -> PyResult<Marks> {
    if arg.is_instance_of::<PyBool>() && arg.extract::<bool>()? {
        return Ok(Marks::All);
    }
    if arg.is_instance_of::<PyString>() {
        return match arg.extract::<String>()?.as_str() {
            "all" => Ok(Marks::All),
            other => Err(PyValueError::new_err(format!(
                "{name}={other:?}: give a number of marks or \"all\""
            ))),
        };
    }
    let n: crate::args::Int = arg.extract()?;
    crate::args::whole(name, &n).map(Marks::Some)
}

/// `n` puzzles of `request` (checked by the library's `Request::settings`, as the
/// command line's are): puzzle `i` of `seed` is `generate::puzzle(seed, i, ...)`, the
/// command line's, written in `format` (`None`: the N×N line when it says everything,
/// else a sudoku-puzzle document, as `bitdoku generate` writes).
pub fn generate(
    py: Python<'_>,
    n: u64,
    seed: Option<u64>,
    threads: Option<usize>,
    request: &Request<'_>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    let settings = request
        .settings()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let format = format
        .map(Source::named)
        .transpose()
        .map_err(PyValueError::new_err)?;
    let seed = seed.unwrap_or_else(crate::clock_seed);
    let indices: Vec<u64> = (0..n).collect();
    let mut made = Vec::new();
    py.detach(|| {
        bitdoku_solver::Batch::with_threads(bitdoku_solver::Options::default(), threads).map(
            |batch| {
                batch
                    .with_task_size(1)
                    .map(&indices, |&i| puzzle(seed, i, &settings), &mut made)
            },
        )
    })
    .map_err(crate::no_threads)?;
    made.into_iter()
        .map(|g| {
            let g = g.ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{}; try fewer rules, another box shape or another seed",
                    bitdoku_variants::generate::GAVE_UP
                ))
            })?;
            g.text(format)
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .collect()
}
