//! Puzzles for the general engine (`bitdoku-variants`): any size, jigsaw and extra
//! regions, variant rules; an N×N line, a sudoku-puzzle or f-puzzles JSON document (a
//! string or a dict), or an f-puzzles or SudokuPad link.
//!
//! A call's puzzle goes to one of two paths by `bitdoku_variants::format::is_general`,
//! the one rule every front end routes by: a classic puzzle string goes to the fast
//! classic path as before ([`Input::Classic`]), anything else is read by
//! `format::read_record` and compiled into an `Engine` ([`Input::General`]).

use crate::PuzzleError;
use bitdoku_variants::format::{self as vformat, Settings};
use bitdoku_variants::{Engine, ModelError};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// A puzzle argument, read.
pub enum Input {
    /// A classic puzzle string, for the fast classic path (read there).
    Classic(String),
    /// A puzzle for the general engine, compiled (a classic 9×9 one written as JSON
    /// still runs on the fast engine, through `Engine::new`).
    General(Box<Engine>),
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
    general(py, &text).map(|e| Input::General(Box::new(e)))
}

/// Reads `text` as the general engine does, and compiles it.
pub fn general(py: Python<'_>, text: &str) -> PyResult<Engine> {
    let read = vformat::read_record(text, &Settings::default())
        .read
        .map_err(|e| format_error(py, &e))?;
    engine(py, &read.puzzle)
}

/// Compiles `puzzle`, refusing one that repeats a given (as the classic reader does).
pub fn engine(py: Python<'_>, puzzle: &bitdoku_variants::Puzzle) -> PyResult<Engine> {
    if let Some(e) = puzzle.repeated_given() {
        return Err(model_error(py, &e));
    }
    Engine::new(puzzle).map_err(|e| model_error(py, &e))
}

/// The `PuzzleError` of a puzzle the general engine's formats could not read: the
/// library's message (`column 12: ...` or a JSON path such as `rules[3].cells[1]:
/// ...`), with `column` (a line's) or `path` (a JSON document's); `line` is None.
fn format_error(py: Python<'_>, e: &vformat::Error) -> PyErr {
    let path = match &e.at {
        vformat::Where::Column(_) => None,
        vformat::Where::Path(p) => Some(p.as_str()),
    };
    error(py, e.to_string(), e.column(), path, &e.message)
}

/// The `PuzzleError` of a general puzzle that cannot be valid (a region of the wrong
/// size, a given repeated in a house...): the library's message, no position.
fn model_error(py: Python<'_>, e: &ModelError) -> PyErr {
    error(py, e.to_string(), None, None, &e.message)
}

fn error(
    py: Python<'_>,
    message: String,
    column: Option<usize>,
    path: Option<&str>,
    reason: &str,
) -> PyErr {
    let err = PuzzleError::new_err(message);
    let value = err.value(py);
    let attributes = [
        value.setattr("line", None::<usize>),
        value.setattr("column", column),
        value.setattr("path", path),
        value.setattr("reason", reason),
        value.setattr("index", None::<usize>),
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
