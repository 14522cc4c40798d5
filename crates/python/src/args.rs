//! The module's arguments as Python gives them: every number is taken as any Python
//! int (so that a negative or huge one is a `ValueError` that names the argument, not
//! PyO3's `OverflowError`), a pair of ratings as any sequence of two numbers, and the
//! `errors=` policy of the batch calls. Each rule is here once, for every function.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyString};
use std::fmt;

/// A whole-number argument: any Python int (or object with `__index__`), whatever its
/// size. One beyond `i128` is saturated, and keeps its text for messages.
#[derive(Clone, Debug)]
pub struct Int {
    value: i128,
    /// The number as Python wrote it, when `value` is saturated.
    text: Option<String>,
}

impl Int {
    /// The number `value` (for defaults).
    pub const fn new(value: i128) -> Int {
        Int { value, text: None }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int { value, text: None }),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Int {
                value: if obj.lt(0)? { i128::MIN } else { i128::MAX },
                text: Some(obj.str()?.to_string()),
            }),
            Err(e) => Err(e),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(text) => f.write_str(text),
            None => write!(f, "{}", self.value),
        }
    }
}

/// `name`'s value as a `T` (an unsigned type): a `ValueError` that names it if it is
/// negative or does not fit.
pub fn whole<T: TryFrom<i128>>(name: &str, arg: &Int) -> PyResult<T> {
    T::try_from(arg.value).map_err(|_| {
        PyValueError::new_err(if arg.value < 0 {
            format!("{name}={arg}: cannot be negative")
        } else {
            format!("{name}={arg}: too large")
        })
    })
}

/// A solution limit (`limit=`): 0 or more, as many as there can be when it does not
/// fit a `usize` (the search reads 0 as 1).
pub fn limit(arg: &Int) -> PyResult<usize> {
    match usize::try_from(arg.value) {
        Ok(n) => Ok(n),
        Err(_) if arg.value > 0 => Ok(usize::MAX),
        Err(_) => whole("limit", arg),
    }
}

/// `seed=`: 0 to 2**64 - 1.
pub fn seed(arg: &Int) -> PyResult<u64> {
    u64::try_from(arg.value).map_err(|_| {
        PyValueError::new_err(format!(
            "seed={arg}: give None (from the clock) or 0 to 2**64 - 1"
        ))
    })
}

/// `threads=`: None (all cores), or 1 or more (more than the CPUs is read as the CPUs,
/// by `Batch::with_threads`).
pub fn threads(arg: Option<&Int>) -> PyResult<Option<usize>> {
    match arg {
        None => Ok(None),
        Some(n) if n.value >= 1 => Ok(Some(usize::try_from(n.value).unwrap_or(usize::MAX))),
        Some(n) => Err(PyValueError::new_err(format!(
            "threads={n}: give None (all cores) or 1 or more"
        ))),
    }
}

/// `er=`: a (min, max) pair of ratings, as any sequence of two numbers (a tuple, a list).
pub fn rating_range(arg: &Bound<'_, PyAny>) -> PyResult<(f64, f64)> {
    let shape = || {
        format!(
            "er={}: give two ratings, (min, max)",
            arg.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        )
    };
    if arg.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(shape()));
    }
    let pair = arg
        .cast::<PySequence>()
        .map_err(|_| PyTypeError::new_err(shape()))?;
    if pair.len()? != 2 {
        return Err(PyValueError::new_err(shape()));
    }
    Ok((pair.get_item(0)?.extract()?, pair.get_item(1)?.extract()?))
}

/// What a batch call does with a puzzle it cannot read (`errors=`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OnError {
    /// Raise the first puzzle's `PuzzleError` (`errors="raise"`, the default).
    Raise,
    /// Put each puzzle's `PuzzleError` in its place in the list (`errors="return"`).
    Return,
}

impl OnError {
    /// The policy `errors=` names.
    pub fn from_arg(errors: &str) -> PyResult<OnError> {
        match errors {
            "raise" => Ok(OnError::Raise),
            "return" => Ok(OnError::Return),
            other => Err(PyValueError::new_err(format!(
                "errors='{other}': give 'raise' or 'return'"
            ))),
        }
    }
}
