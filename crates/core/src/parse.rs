//! Reading puzzles from text: one-line puzzles, Norvig's boxed grids, files of both.
//!
//! A square is written as a digit `1`-`9` (a given) or as `0` or `.` (empty). Spaces,
//! tabs and the box-drawing characters `|`, `+` and `-` are layout and are skipped, so
//! both of these are the same puzzle:
//!
//! ```text
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//!
//! 4 . . |. . . |8 . 5
//! . 3 . |. . . |. . .
//! . . . |7 . . |. . .
//! ------+------+------
//! ...
//! ```
//!
//! [`RecordReader`] turns lines into records. It does no IO: the caller feeds it lines
//! (as bytes, so that non-UTF-8 input is reported, not lost) and it hands back one
//! [`Record`] per puzzle, valid or not:
//! - blank lines and lines starting with `#` between puzzles are skipped;
//! - a line with 81 squares is one puzzle; after the 81st square, whitespace starts a
//!   comment that is ignored;
//! - lines with fewer squares are joined until they make 81 (a boxed grid); a blank
//!   line, the end of the input, or a line that would overflow the puzzle ends them;
//! - a UTF-8 byte-order mark at the start of the input is skipped;
//! - any other character is an error naming it and its line and column; the reader
//!   counts it as a square (it is usually a typo) so that the rest of the line does not
//!   become a puzzle of its own: every input puzzle yields exactly one record.

use crate::{Digit, Grid, Square, Unit};
use core::fmt;

/// Where in the input something is: 1-based line and column (in characters).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Position {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What was wrong with a puzzle's text.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The puzzle ended with fewer than 81 squares.
    TooFewSquares {
        /// How many squares were found.
        found: usize,
    },
    /// More than 81 squares where one puzzle was expected.
    TooManySquares {
        /// How many squares were found.
        found: usize,
    },
    /// A character that is neither a square nor layout.
    UnexpectedChar {
        /// The character.
        ch: char,
    },
    /// A byte that is not part of any UTF-8 character.
    InvalidUtf8 {
        /// The byte.
        byte: u8,
    },
    /// A line longer than any puzzle could be; the reader's caller decides the limit.
    LineTooLong {
        /// The limit in bytes that the line passed.
        limit: usize,
    },
    /// Two equal givens in one unit: the puzzle cannot have a solution.
    Conflict {
        /// The digit given twice.
        digit: Digit,
        /// The row, column or box that holds both.
        unit: Unit,
        /// The first square holding it.
        first: Square,
        /// The second square holding it.
        second: Square,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::TooFewSquares { found } => {
                write!(f, "too few squares: found {found}, a puzzle has 81")
            }
            ParseErrorKind::TooManySquares { found } => {
                write!(f, "too many squares: found {found}, a puzzle has 81")
            }
            ParseErrorKind::UnexpectedChar { ch } => {
                write!(
                    f,
                    "unexpected character {ch:?} (squares are 1-9, with 0 or . for empty)"
                )
            }
            ParseErrorKind::InvalidUtf8 { byte } => {
                write!(f, "invalid UTF-8 byte 0x{byte:02X}")
            }
            ParseErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than {limit} bytes, not read further")
            }
            ParseErrorKind::Conflict {
                digit,
                unit,
                first,
                second,
            } => write!(
                f,
                "digit {digit} is given twice in {unit} ({first} and {second})"
            ),
        }
    }
}

/// A puzzle that could not be read, and where.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// What was wrong.
    pub kind: ParseErrorKind,
    /// Where: the offending character, or the start of the puzzle for errors about the
    /// whole puzzle (square counts, conflicts).
    pub position: Position,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// One puzzle read from the input: where it starts, and the grid or what was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line the puzzle starts on (1-based).
    pub line: usize,
    /// The column its first square is in (1-based; 1 for a record with no square).
    pub column: usize,
    /// The puzzle, or the first error found in it.
    pub grid: Result<Grid, ParseError>,
}

impl Record {
    /// The first repeated digit of the record's grid, as the error a checking reader
    /// gives for it (see [`RecordReader::without_conflict_check`]); `None` if the grid
    /// repeats none, or if the record is already an error.
    pub fn conflict(&self) -> Option<ParseError> {
        let grid = self.grid.as_ref().ok()?;
        grid.conflicts().first().map(|c| ParseError {
            kind: c.kind(),
            position: Position {
                line: self.line,
                column: self.column,
            },
        })
    }
}

/// Splits lines of text into puzzle [`Record`]s, one per puzzle, valid or not. A line
/// of 81 squares is a puzzle (`1`-`9` given, `0` or `.` empty; after the 81st square,
/// whitespace starts a comment); shorter lines are joined into a boxed grid, where
/// spaces, tabs, `|`, `+` and `-` are layout; blank lines and lines starting with `#`
/// between puzzles are skipped; a UTF-8 byte-order mark at the start is skipped; any
/// other character is an error naming it, its line and its column.
///
/// ```
/// use bitdoku_core::RecordReader;
/// let text = "# two puzzles\n\
///     4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  grid1\n\
///     1234\n";
/// let mut reader = RecordReader::new();
/// let mut records = Vec::new();
/// for line in text.lines() {
///     reader.push_line(line.as_bytes(), |r| records.push(r));
/// }
/// reader.finish(|r| records.push(r));
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].line, 2);
/// assert!(records[0].grid.is_ok());
/// assert_eq!(records[1].grid.unwrap_err().to_string(),
///            "line 3, column 1: too few squares: found 4, a puzzle has 81");
/// ```
#[derive(Clone, Debug)]
pub struct RecordReader {
    /// False for [`RecordReader::without_conflict_check`].
    check_conflicts: bool,
    squares: [u8; 81],
    count: usize,
    start: Position,
    error: Option<ParseError>,
    line: usize,
}

impl Default for RecordReader {
    fn default() -> Self {
        RecordReader::new()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Square(u8),
    Layout,
    Space,
    Other,
}

#[inline]
fn classify(b: u8) -> Class {
    match b {
        b'1'..=b'9' => Class::Square(b - b'0'),
        b'0' | b'.' => Class::Square(0),
        b' ' | b'\t' => Class::Space,
        b'|' | b'+' | b'-' => Class::Layout,
        _ => Class::Other,
    }
}

/// The character starting at `bytes[0]`: `Ok((char, length))`, or `Err(byte)` for a
/// byte that does not start a valid UTF-8 character.
fn decode(bytes: &[u8]) -> Result<(char, usize), u8> {
    let end = bytes.len().min(4);
    let chunk = match core::str::from_utf8(&bytes[..end]) {
        Ok(s) => s,
        Err(e) if e.valid_up_to() > 0 => {
            // Only the valid prefix is kept; it starts with a whole character.
            core::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => "",
    };
    match chunk.chars().next() {
        Some(c) => Ok((c, c.len_utf8())),
        None => Err(bytes[0]),
    }
}

impl RecordReader {
    /// A reader at the start of the input.
    pub const fn new() -> RecordReader {
        RecordReader {
            check_conflicts: true,
            squares: [0; 81],
            count: 0,
            start: Position { line: 0, column: 0 },
            error: None,
            line: 0,
        }
    }

    /// A reader that does not look for a digit given twice in a unit: its records'
    /// grids may repeat one (every other check stays). For a caller that solves every
    /// grid anyway: the solvers answer such a grid with no solution, and
    /// [`Record::conflict`] then says which digit repeats, as [`RecordReader::new`]
    /// would have. `bitdoku solve` and `count` read this way, so that the check costs
    /// nothing for the puzzles that solve.
    pub const fn without_conflict_check() -> RecordReader {
        RecordReader {
            check_conflicts: false,
            ..RecordReader::new()
        }
    }

    /// How many lines have been pushed.
    pub const fn lines(&self) -> usize {
        self.line
    }

    /// Counts a line that the caller did not pass in full (for example one too long to
    /// read): it becomes a record of its own with the given error kind, at column 1.
    pub fn push_rejected_line(&mut self, kind: ParseErrorKind, mut emit: impl FnMut(Record)) {
        self.flush(&mut emit);
        self.line += 1;
        let position = Position {
            line: self.line,
            column: 1,
        };
        emit(Record {
            line: self.line,
            column: 1,
            grid: Err(ParseError { kind, position }),
        });
    }

    /// Reads one line (without or with its `\n` / `\r\n`), calling `emit` for each
    /// puzzle it completes: none, one, or two (an unfinished puzzle from the lines
    /// before, then the one on this line).
    pub fn push_line(&mut self, line: &[u8], mut emit: impl FnMut(Record)) {
        self.line += 1;
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        // A byte-order mark at the start of the input (Windows editors write one) is
        // not part of the text.
        let line = match (self.line, line.strip_prefix(b"\xEF\xBB\xBF")) {
            (1, Some(rest)) => rest,
            _ => line,
        };
        let first = line.iter().position(|&b| b != b' ' && b != b'\t');
        let Some(first) = first else {
            // A blank line ends a puzzle in progress.
            self.flush(&mut emit);
            return;
        };
        if line[first] == b'#' {
            return;
        }
        if self.count == 0 && line.len() == 81 && self.squares_only(line) {
            // The common case, one puzzle per line and nothing else, read without the
            // general loop below; the result is the same.
            self.start = Position {
                line: self.line,
                column: 1,
            };
            self.count = 81;
            self.flush(&mut emit);
            return;
        }
        if self.count > 0 {
            // Join this line to the puzzle in progress only if that puzzle is clean and
            // the line fits in it; otherwise the puzzle in progress ends here.
            let here = line
                .iter()
                .filter(|&&b| matches!(classify(b), Class::Square(_) | Class::Other))
                .count();
            if self.error.is_some() || self.count + here > 81 {
                self.flush(&mut emit);
            }
        }
        let mut i = 0;
        let mut column = 0;
        while i < line.len() {
            let b = line[i];
            column += 1;
            let position = Position {
                line: self.line,
                column,
            };
            if self.count == 81 {
                self.after_last_square(&line[i..], position);
                break;
            }
            let mut width = 1;
            let value = match classify(b) {
                Class::Square(v) => v,
                Class::Layout | Class::Space => {
                    i += 1;
                    continue;
                }
                Class::Other => {
                    let kind = if b < 0x80 {
                        ParseErrorKind::UnexpectedChar { ch: b as char }
                    } else {
                        match decode(&line[i..]) {
                            Ok((ch, len)) => {
                                width = len;
                                ParseErrorKind::UnexpectedChar { ch }
                            }
                            Err(byte) => ParseErrorKind::InvalidUtf8 { byte },
                        }
                    };
                    self.fail(kind, position);
                    0
                }
            };
            if self.count == 0 {
                self.start = position;
            }
            self.squares[self.count] = value;
            self.count += 1;
            i += width;
        }
        if self.count == 81 {
            self.flush(&mut emit);
        }
    }

    /// If every byte of `line` is a square (`1`-`9`, `0` or `.`), stores them as the
    /// puzzle's squares and returns true; otherwise returns false, and the squares are
    /// left for the general path to overwrite.
    fn squares_only(&mut self, line: &[u8]) -> bool {
        let mut ok = true;
        for (square, &b) in self.squares.iter_mut().zip(line) {
            *square = b.wrapping_sub(b'0') % 10 * u8::from(b != b'.');
            ok &= b.is_ascii_digit() || b == b'.';
        }
        ok
    }

    /// Ends the input, emitting the unfinished puzzle if there is one.
    pub fn finish(&mut self, mut emit: impl FnMut(Record)) {
        self.flush(&mut emit);
    }

    /// The line ran past the 81st square: `rest` starts at the first character after it.
    fn after_last_square(&mut self, rest: &[u8], position: Position) {
        let extra = rest
            .iter()
            .filter(|&&b| matches!(classify(b), Class::Square(_)))
            .count();
        let only_squares = rest.iter().all(|&b| classify(b) != Class::Other);
        match classify(rest[0]) {
            // Whitespace starts a comment, unless what follows is more squares.
            Class::Space if !(only_squares && extra > 0) => {}
            Class::Square(_) | Class::Space | Class::Layout => self.fail(
                ParseErrorKind::TooManySquares { found: 81 + extra },
                self.start,
            ),
            Class::Other => {
                let kind = match decode(rest) {
                    Ok((ch, _)) => ParseErrorKind::UnexpectedChar { ch },
                    Err(byte) => ParseErrorKind::InvalidUtf8 { byte },
                };
                self.fail(kind, position)
            }
        }
    }

    fn fail(&mut self, kind: ParseErrorKind, position: Position) {
        if self.error.is_none() {
            self.error = Some(ParseError { kind, position });
        }
    }

    fn flush(&mut self, emit: &mut impl FnMut(Record)) {
        if self.count == 0 {
            return;
        }
        let grid = match self.error.take() {
            Some(e) => Err(e),
            None if self.count < 81 => Err(ParseError {
                kind: ParseErrorKind::TooFewSquares { found: self.count },
                position: self.start,
            }),
            None => {
                let grid = Grid::from_values(self.squares);
                match self.check_conflicts.then(|| grid.conflicts()) {
                    Some(found) if !found.is_empty() => Err(ParseError {
                        kind: found[0].kind(),
                        position: self.start,
                    }),
                    _ => Ok(grid),
                }
            }
        };
        emit(Record {
            line: self.start.line,
            column: self.start.column,
            grid,
        });
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(text: &[u8]) -> Vec<Record> {
        read_with(RecordReader::new(), text)
    }

    fn read_with(mut reader: RecordReader, text: &[u8]) -> Vec<Record> {
        let mut out = Vec::new();
        for line in text.split_inclusive(|&b| b == b'\n') {
            reader.push_line(line, |r| out.push(r));
        }
        reader.finish(|r| out.push(r));
        out
    }

    fn kinds(text: &[u8]) -> Vec<Result<usize, (ParseErrorKind, Position)>> {
        read(text)
            .into_iter()
            .map(|r| r.grid.map(|_| r.line).map_err(|e| (e.kind, e.position)))
            .collect()
    }

    fn pos(line: usize, column: usize) -> Position {
        Position { line, column }
    }

    #[test]
    fn one_line_puzzles_comments_and_crlf() {
        let text = format!("# header\n\n{GRID1}\r\n  \n{GRID1}   a comment 123\n");
        let records = read(text.as_bytes());
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 3);
        assert_eq!(records[1].line, 5);
        assert_eq!(records[0].grid, records[1].grid);
        assert_eq!(records[0].grid.as_ref().unwrap().to_string(), GRID1);
    }

    #[test]
    fn boxed_grid_over_lines() {
        let boxed = "4 . . |. . . |8 . 5 \n. 3 . |. . . |. . . \n. . . |7 . . |. . . \n\
                     ------+------+------\n. 2 . |. . . |. 6 . \n. . . |. 8 . |4 . . \n\
                     . . . |. 1 . |. . . \n------+------+------\n. . . |6 . 3 |. 7 . \n\
                     5 . . |2 . . |. . . \n1 . 4 |. . . |. . . \n";
        let records = read(boxed.as_bytes());
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].grid.as_ref().unwrap().to_string(), GRID1);
    }

    #[test]
    fn errors_name_what_and_where() {
        use ParseErrorKind::*;
        let short = &GRID1[..80];
        let text = format!("{short}\n{GRID1}\n");
        assert_eq!(
            kinds(text.as_bytes()),
            vec![Err((TooFewSquares { found: 80 }, pos(1, 1))), Ok(2)]
        );
        let long = format!("{GRID1}5\n");
        assert_eq!(
            kinds(long.as_bytes()),
            vec![Err((TooManySquares { found: 82 }, pos(1, 1)))]
        );
        let spaced = format!("{GRID1} 5 6\n");
        assert_eq!(
            kinds(spaced.as_bytes()),
            vec![Err((TooManySquares { found: 83 }, pos(1, 1)))]
        );
        let mut bad = GRID1.to_string();
        bad.replace_range(10..11, "x");
        assert_eq!(
            kinds(bad.as_bytes()),
            vec![Err((UnexpectedChar { ch: 'x' }, pos(1, 11)))]
        );
        let mut utf = GRID1.to_string();
        utf.replace_range(2..3, "é");
        assert_eq!(
            kinds(utf.as_bytes()),
            vec![Err((UnexpectedChar { ch: 'é' }, pos(1, 3)))]
        );
        let mut raw = GRID1.as_bytes().to_vec();
        raw[5] = 0xFF;
        raw[6] = 0;
        assert_eq!(
            kinds(&raw),
            vec![Err((InvalidUtf8 { byte: 0xFF }, pos(1, 6)))]
        );
        assert_eq!(
            kinds(b"hello world\n"),
            vec![Err((UnexpectedChar { ch: 'h' }, pos(1, 1)))]
        );
        let glued = format!("{GRID1}x\n");
        assert_eq!(
            kinds(glued.as_bytes()),
            vec![Err((UnexpectedChar { ch: 'x' }, pos(1, 82)))]
        );
    }

    #[test]
    fn conflicts_are_errors() {
        let mut text = GRID1.as_bytes().to_vec();
        text[1] = b'4'; // A2 = 4, like A1
        let records = read(&text);
        let err = records[0].grid.unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 1: digit 4 is given twice in row A (A1 and A2)"
        );
    }

    #[test]
    fn an_unchecked_reader_leaves_conflicts_to_record_conflict() {
        // The same error, puzzle start and all, as the checking reader gives, in a
        // one-line puzzle, an indented one and a boxed grid; other errors and valid
        // grids are read the same by both readers.
        let mut repeated = GRID1.as_bytes().to_vec();
        repeated[1] = b'4';
        let repeated = String::from_utf8(repeated).unwrap();
        let mut values = *GRID1.parse::<Grid>().unwrap().values();
        values[1] = 4;
        let boxed = Grid::from_values(values);
        let text = format!("{repeated}\n   {repeated}\n12x\n{GRID1}\n\n{boxed:#}\n");
        let checked = read(text.as_bytes());
        let unchecked = read_with(RecordReader::without_conflict_check(), text.as_bytes());
        assert_eq!(checked.len(), unchecked.len());
        for (c, u) in checked.iter().zip(&unchecked) {
            assert_eq!((c.line, c.column), (u.line, u.column));
            match (&c.grid, &u.grid) {
                (Err(e), Ok(_)) => assert_eq!(u.conflict(), Some(*e)),
                (c, u) => assert_eq!(c, u),
            }
            assert_eq!(c.conflict(), None);
        }
        assert_eq!(unchecked[1].column, 4);
        let found = unchecked.iter().filter(|r| r.conflict().is_some()).count();
        assert_eq!((unchecked.len(), found), (5, 3));
    }

    #[test]
    fn bad_line_does_not_swallow_the_next() {
        let text = format!("12x\n{GRID1}\n..\n");
        let k = kinds(text.as_bytes());
        assert_eq!(k.len(), 3);
        assert!(k[0].is_err());
        assert_eq!(k[1], Ok(2));
        assert_eq!(
            k[2],
            Err((ParseErrorKind::TooFewSquares { found: 2 }, pos(3, 1)))
        );
    }

    #[test]
    fn empty_and_comment_only_inputs_have_no_records() {
        assert!(read(b"").is_empty());
        assert!(read(b"# a\n#b\n\n   \n").is_empty());
        assert!(read(b"------+------+------\n").is_empty());
    }
}
