//! Puzzles in and out: the N×N line ([`line`](mod@line)), pencilmark's sudoku-puzzle JSON
//! ([`sudoku_puzzle`]), f-puzzles JSON ([`fpuzzles`]) and the links that carry it
//! ([`link`]: f-puzzles' `?load=` and SudokuPad's `fpuzzles` payloads).
//!
//! Every reader is strict: a key, rule or value it cannot read exactly is refused by
//! name with where it is (a column of the line, or the JSON path), never dropped.
//! [`read`] tells the formats apart by their first character: `{` is JSON (a
//! sudoku-puzzle document has `"format": "sudoku-puzzle"`; an f-puzzles one has
//! `size` and `grid`), `http` or `fpuzzles` is a link, anything else an N×N line.

pub mod fpuzzles;
pub(crate) mod json;
pub mod line;
pub mod link;
pub mod sudoku_puzzle;

pub use line::Alphabet;

use crate::puzzle::Puzzle;
use core::fmt;

/// Where a format error is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Where {
    /// A 1-based column of a line.
    Column(usize),
    /// A JSON path, such as `rules[3].cells[1]` (empty for the document itself).
    Path(String),
}

/// A puzzle that could not be read: what and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    /// Where.
    pub at: Where,
    /// What.
    pub message: String,
}

impl Error {
    pub(crate) fn at_column(column: usize, message: impl Into<String>) -> Error {
        Error {
            at: Where::Column(column),
            message: message.into(),
        }
    }

    pub(crate) fn path(path: impl Into<String>, message: impl Into<String>) -> Error {
        Error {
            at: Where::Path(path.into()),
            message: message.into(),
        }
    }

    /// The column, for an error in a line.
    pub fn column(&self) -> Option<usize> {
        match self.at {
            Where::Column(c) => Some(c),
            Where::Path(_) => None,
        }
    }
}

impl fmt::Display for Error {
    /// `column 12: ...`, `rules[3].cells[1]: ...`, or the message alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Where::Column(c) => write!(f, "column {c}: {}", self.message),
            Where::Path(p) if p.is_empty() => f.write_str(&self.message),
            Where::Path(p) => write!(f, "{p}: {}", self.message),
        }
    }
}

impl std::error::Error for Error {}

/// A format: the one a puzzle came in, or one to write it in ([`write()`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// An N×N line.
    Line,
    /// A sudoku-puzzle document.
    SudokuPuzzle,
    /// f-puzzles JSON.
    Fpuzzles,
    /// An f-puzzles or SudokuPad link.
    Link,
}

impl Source {
    /// Every format, in declaration order.
    pub const ALL: [Source; 4] = [
        Source::Line,
        Source::SudokuPuzzle,
        Source::Fpuzzles,
        Source::Link,
    ];

    /// The name every front end uses: `line`, `sudoku-puzzle`, `fpuzzles`, `link`.
    pub const fn name(self) -> &'static str {
        match self {
            Source::Line => "line",
            Source::SudokuPuzzle => "sudoku-puzzle",
            Source::Fpuzzles => "fpuzzles",
            Source::Link => "link",
        }
    }

    /// The format named `name`, or the message that lists the names.
    pub fn named(name: &str) -> Result<Source, String> {
        Source::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Source::ALL.iter().map(|s| s.name()).collect();
                format!("unknown format {name:?} (one of {})", names.join(", "))
            })
    }
}

/// A puzzle read, with what came with it.
#[derive(Clone, PartialEq, Debug)]
pub struct Read {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its format.
    pub source: Source,
    /// The solution the document carries, if any (row-major digits).
    pub solution: Option<Vec<u8>>,
    /// Its title, if any.
    pub title: Option<String>,
    /// The sudoku-puzzle document's `meta`, or the f-puzzles title, author and rules
    /// as `meta` (written back with the puzzle).
    pub meta: Option<serde_json::Value>,
}

/// What a reader may be told beyond the text.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Settings {
    /// How a compact N×N line spells digits.
    pub alphabet: Alphabet,
    /// The box shape of an N×N line (rows × columns), instead of the usual one.
    pub boxes: Option<(usize, usize)>,
}

/// Reads a puzzle in any format; see the [module docs](self).
pub fn read(text: &str, settings: &Settings) -> Result<Read, Error> {
    let t = text.trim_start();
    if t.starts_with('{') {
        let value = json::parse(t).map_err(|e| Error::path("", format!("not JSON: {e}")))?;
        return read_tree(&value);
    }
    if link::is_link(t) {
        return link::read(t.trim());
    }
    let puzzle = line::read(text, settings.alphabet, settings.boxes)?;
    Ok(Read {
        puzzle,
        source: Source::Line,
        solution: None,
        title: None,
        meta: None,
    })
}

/// True if `line` is a puzzle for the general engine rather than a classic 9×9 one
/// that `bitdoku-core` reads (an 81-square line, a boxed grid, a 729-character
/// pencilmark line): it starts a JSON object, is a link, or is an N×N line of another
/// size (its first token N² cell characters, N from 4 to 25 but not 9; or N² numbers
/// separated by commas or spaces). Front ends route each record by this one rule.
///
/// ```
/// use bitdoku_variants::format::{is_general, Settings};
/// let s = Settings::default();
/// assert!(is_general("{\"size\": 4, \"grid\": []}", &s));
/// assert!(is_general("https://f-puzzles.com/?load=N4Ig", &s));
/// assert!(is_general("4....2....43...1", &s));
/// assert!(!is_general(&".".repeat(81), &s));
/// assert!(!is_general("4.. |... |8.5", &s)); // a row of a boxed grid
/// ```
pub fn is_general(line: &str, settings: &Settings) -> bool {
    let t = line.trim_start();
    if t.starts_with('{') || link::is_link(t) {
        return true;
    }
    let square = |len: usize| (4..=crate::MAX_SIZE).any(|n| n != 9 && n * n == len);
    let token = t.split([' ', '\t']).next().unwrap_or("");
    if token.contains(',') || (t.split_whitespace().count() > 1 && !token.is_empty()) {
        let numbers: Vec<&str> = t
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|x| !x.is_empty())
            .collect();
        if numbers
            .iter()
            .all(|x| x.bytes().all(|b| b.is_ascii_digit()))
            && square(numbers.len())
        {
            return true;
        }
    }
    square(token.chars().count()) && line::is_cells(token, settings.alphabet)
}

/// Reads a JSON document: sudoku-puzzle or f-puzzles.
pub fn read_json(value: &serde_json::Value) -> Result<Read, Error> {
    read_tree(&json::borrow(value))
}

/// [`read_json`] on a document parsed by [`json::parse`].
fn read_tree(value: &json::Value<'_>) -> Result<Read, Error> {
    let Some(object) = value.as_object() else {
        return Err(Error::path("", "a puzzle document is a JSON object"));
    };
    if object.contains_key("format") {
        return sudoku_puzzle::read_tree(value);
    }
    if object.contains_key("grid") || object.contains_key("size") {
        return fpuzzles::read_tree(value);
    }
    Err(Error::path(
        "",
        "neither a sudoku-puzzle document (no \"format\") nor f-puzzles JSON (no \"size\" and \"grid\")",
    ))
}

/// A puzzle read from a record of a file: the puzzle (or why it could not be read) and
/// the record's tag.
#[derive(Clone, PartialEq, Debug)]
pub struct Record {
    /// The puzzle and what came with it, or the error.
    pub read: Result<Read, Error>,
    /// The text after a link or an N×N line (past a space or a tab), or a JSON
    /// document's `meta.id`.
    pub tag: Option<String>,
}

/// Reads one record: a JSON document, or a link or an N×N line with an optional tag
/// after it. Every front end reads a puzzle string this way.
///
/// ```
/// use bitdoku_variants::format::{read_record, Settings};
/// let r = read_record("4....2....43...1 my puzzle", &Settings::default());
/// assert_eq!(r.tag.as_deref(), Some("my puzzle"));
/// assert_eq!(r.read.unwrap().puzzle.size(), 4);
/// ```
pub fn read_record(text: &str, settings: &Settings) -> Record {
    let t = text.trim();
    // A link or an N×N line may have a tag after it; JSON carries its own id.
    let (body, tag) = if t.starts_with('{') {
        (t, None)
    } else {
        match t.split_once([' ', '\t']) {
            Some((body, tag)) if !tag.trim().is_empty() => (body, Some(tag.trim().to_string())),
            _ => (t, None),
        }
    };
    let read = read(body, settings);
    let tag = tag.or_else(|| {
        let meta = read.as_ref().ok()?.meta.as_ref()?;
        Some(meta.get("id")?.as_str()?.to_string())
    });
    Record { read, tag }
}

/// True if the N×N line of its givens says everything about `puzzle`: rows, columns
/// and the usual boxes of its size, no other house, rule or given candidates.
pub fn fits_line(puzzle: &Puzzle) -> bool {
    puzzle.neighbours().is_empty()
        && puzzle.rules().is_empty()
        && !puzzle.has_given_candidates()
        && puzzle
            .box_shape()
            .is_some_and(|b| Some(b) == crate::default_box(puzzle.size()))
        && puzzle.houses().len() == 3 * puzzle.size()
}

/// Writes `puzzle` in `format`, on one line: the N×N line of its givens (alone, even
/// when the puzzle has more: see [`fits_line`]), a compact sudoku-puzzle or f-puzzles
/// document (with `meta` and `solution` when given), or an f-puzzles link. An error
/// for a puzzle f-puzzles cannot express.
pub fn write(
    puzzle: &Puzzle,
    format: Source,
    meta: Option<&serde_json::Value>,
    solution: Option<&[u8]>,
) -> Result<String, Error> {
    Ok(match format {
        Source::Line => line(puzzle.givens()),
        Source::SudokuPuzzle => sudoku_puzzle::write(puzzle, meta, solution).to_string(),
        Source::Fpuzzles => fpuzzles::write(puzzle, meta, solution)?.to_string(),
        Source::Link => link::fpuzzles_link(&fpuzzles::write(puzzle, meta, solution)?),
    })
}

/// Writes `puzzle` in the format `read` came in, on one line: an N×N line, a compact
/// sudoku-puzzle or f-puzzles document (with `read`'s metadata), or an f-puzzles link.
/// A puzzle an N×N line cannot hold ([`fits_line`]) is written as a sudoku-puzzle
/// document instead.
pub fn write_like(read: &Read, puzzle: &Puzzle) -> Result<String, Error> {
    let format = match read.source {
        Source::Line if !fits_line(puzzle) => Source::SudokuPuzzle,
        other => other,
    };
    write(puzzle, format, read.meta.as_ref(), None)
}

/// Reads an N×N line with the usual boxes (see [`line`](mod@line)).
pub fn read_line(text: &str) -> Result<Puzzle, Error> {
    line::read(text, Alphabet::Standard, None)
}

/// Row-major digits as a compact N×N line (`.` for 0).
pub fn line(values: &[u8]) -> String {
    line::write(values)
}

/// Row-major digits (0 empty) as Norvig displays a grid: each cell centred in one
/// column more than the widest, `|` between boxes and `-+-` lines between bands when
/// the puzzle has regular boxes. Digits past 9 are written as numbers.
pub fn grid(puzzle: &Puzzle, values: &[u8]) -> String {
    let n = puzzle.size();
    let boxes = puzzle.box_shape().unwrap_or((n, n));
    let text = |i: usize| match values.get(i).copied().unwrap_or(0) {
        0 => ".".to_string(),
        d => d.to_string(),
    };
    let width = 1 + (0..n * n).map(|i| text(i).len()).max().unwrap_or(1);
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = bitdoku_core::write_boxed_board(&mut out, n, boxes, width, text);
    out
}

/// Each cell's candidates (bit `d - 1` for digit `d`) in Norvig's display: the digits
/// of a cell written together (`1`-`9`, then `A`-`P`), centred in one column more than
/// the widest, boxes as in [`grid`]; `.` for a cell with none.
pub fn candidates_grid(puzzle: &Puzzle, candidates: &[u32]) -> String {
    let n = puzzle.size();
    let boxes = puzzle.box_shape().unwrap_or((n, n));
    let text = |i: usize| {
        let m = candidates.get(i).copied().unwrap_or(0);
        if m == 0 {
            return ".".to_string();
        }
        (1..=32u8)
            .filter(|d| m >> (d - 1) & 1 != 0)
            .map(crate::digit_char)
            .collect::<String>()
    };
    let width = 1 + (0..n * n).map(|i| text(i).len()).max().unwrap_or(1);
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = bitdoku_core::write_boxed_board(&mut out, n, boxes, width, text);
    out
}
