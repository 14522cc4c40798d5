//! One puzzle read from the input, with where it was and its tag.

use super::{ParseError, ParseErrorKind, Position};
use crate::{Board, Grid, Puzzle};
use core::fmt;

/// One puzzle read from the input: where it starts, and the puzzle or what was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line the puzzle starts on (1-based).
    pub line: usize,
    /// The column its first square is in (1-based; 1 for a record with no square).
    pub column: usize,
    /// The puzzle (givens, or the candidates of a pencilmark line), or the first error
    /// found in it.
    pub puzzle: Result<Puzzle, ParseError>,
    /// The text after the puzzle on its last line, if any: see [`Record::tag`].
    tag: Tag,
    /// The puzzle's squares are one after the other on one line (so square `i` is at
    /// `column + i`), for the position of a repeated given.
    dense: bool,
}

/// A record's tag, kept inline so that a [`Record`] stays `Copy` and reading
/// allocates nothing: at most [`Record::TAG_CAPACITY`] bytes of UTF-8.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Tag {
    /// The length in bytes, with [`Tag::TRUNCATED`] set if the text was cut.
    len: u8,
    bytes: [u8; Record::TAG_CAPACITY],
}

impl Tag {
    const TRUNCATED: u8 = 0x80;
    pub(super) const NONE: Tag = Tag {
        len: 0,
        bytes: [0; Record::TAG_CAPACITY],
    };

    /// The tag of `text`: its longest prefix that is valid UTF-8 and fits, cut at a
    /// character boundary; marked truncated if that is not all of it.
    pub(super) fn new(text: &[u8]) -> Tag {
        let valid = match core::str::from_utf8(text) {
            Ok(s) => s,
            Err(e) => core::str::from_utf8(&text[..e.valid_up_to()]).unwrap_or_default(),
        };
        let mut end = valid.len().min(Record::TAG_CAPACITY);
        while !valid.is_char_boundary(end) {
            end -= 1;
        }
        let mut tag = Tag::NONE;
        tag.bytes[..end].copy_from_slice(&valid.as_bytes()[..end]);
        // `end` <= TAG_CAPACITY < 0x80, so the length fits beside the flag.
        tag.len = end as u8 | if end < text.len() { Tag::TRUNCATED } else { 0 };
        tag
    }

    /// The tag of `text`, the start of a longer text: marked truncated.
    pub(super) fn cut(text: &[u8]) -> Tag {
        let mut tag = Tag::new(text);
        tag.len |= Tag::TRUNCATED;
        tag
    }

    fn text(&self) -> &str {
        let len = usize::from(self.len & !Tag::TRUNCATED);
        core::str::from_utf8(&self.bytes[..len]).unwrap_or_default()
    }
}

impl fmt::Debug for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text(), f)
    }
}

impl Record {
    pub(super) fn new(
        start: Position,
        grid: Result<Grid, ParseError>,
        tag: Tag,
        dense: bool,
    ) -> Record {
        Record {
            line: start.line,
            column: start.column,
            puzzle: grid.map(Puzzle::Givens),
            tag,
            dense,
        }
    }

    /// A record of a 729-character pencilmark line (see [`crate::parse_pencilmarks`]):
    /// its puzzle is the candidates.
    ///
    /// ```
    /// use bitdoku_core::{Board, Puzzle, RecordReader};
    /// let line = Board::FULL.to_pencilmarks();
    /// let mut reader = RecordReader::new();
    /// let mut records = Vec::new();
    /// reader.push_line(&line, |r| records.push(r));
    /// assert_eq!(records[0].puzzle, Ok(Puzzle::Candidates(Board::FULL)));
    /// ```
    pub(super) fn pencilmarks_at(start: Position, board: Board, tag: Tag) -> Record {
        Record {
            line: start.line,
            column: start.column,
            puzzle: Ok(Puzzle::Candidates(board)),
            tag,
            dense: false,
        }
    }

    /// The record of a puzzle at `line`, column `column`, that the caller read in
    /// another format (an N×N line, JSON, a link: see
    /// [`crate::RecordReader::push_other_line`]), for a consumer that takes classic
    /// puzzles only: an error of kind [`ParseErrorKind::NotClassic`].
    ///
    /// ```
    /// use bitdoku_core::{ParseErrorKind, Record};
    /// let r = Record::not_classic(3, 1);
    /// assert_eq!(r.puzzle.unwrap_err().kind, ParseErrorKind::NotClassic);
    /// ```
    pub fn not_classic(line: usize, column: usize) -> Record {
        let position = Position { line, column };
        Record {
            line,
            column,
            puzzle: Err(ParseError {
                kind: ParseErrorKind::NotClassic,
                position,
            }),
            tag: Tag::NONE,
            dense: false,
        }
    }

    /// The most bytes of a tag a record keeps; a longer tag is cut to this (at a
    /// character boundary) and [`Record::tag_truncated`] says so.
    pub const TAG_CAPACITY: usize = 95;

    /// The record's *tag*: the text after its 81st square, on the same line, after a
    /// separator (whitespace, `,`, `:`, `;` or `|`), with the separator and the
    /// whitespace around the text removed. `None` if there is no such text. A tag that
    /// is not valid UTF-8 is cut before the first invalid byte.
    ///
    /// ```
    /// use bitdoku_core::RecordReader;
    /// let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let mut reader = RecordReader::new();
    /// let mut tags = Vec::new();
    /// for line in [format!("{puzzle} 17 clues"), format!("{puzzle},id-42"), puzzle.to_string()] {
    ///     reader.push_line(line.as_bytes(), |r| tags.push(r.tag().map(str::to_string)));
    /// }
    /// assert_eq!(tags, [Some("17 clues".to_string()), Some("id-42".to_string()), None]);
    /// ```
    pub fn tag(&self) -> Option<&str> {
        Some(self.tag.text()).filter(|t| !t.is_empty())
    }

    /// True if the tag was longer than [`Record::TAG_CAPACITY`] bytes (or held invalid
    /// UTF-8) and [`Record::tag`] gives only its start.
    pub fn tag_truncated(&self) -> bool {
        self.tag.len & Tag::TRUNCATED != 0
    }

    /// The first repeated given of the record's puzzle, as the error a checking reader
    /// gives for it (see [`RecordReader::without_conflict_check`](crate::RecordReader::without_conflict_check)); `None` if the puzzle
    /// repeats none, or if the record is already an error.
    pub fn conflict(&self) -> Option<ParseError> {
        let puzzle = self.puzzle.as_ref().ok()?;
        let start = Position {
            line: self.line,
            column: self.column,
        };
        puzzle
            .conflicts()
            .first()
            .map(|c| conflict_error(c, start, self.dense))
    }
}

/// The error of a repeated given: at the second given when the puzzle's squares are
/// one after the other on its line (`dense`), else at the puzzle's start (the message
/// names both squares either way).
pub(super) fn conflict_error(c: &crate::Conflict, start: Position, dense: bool) -> ParseError {
    ParseError {
        kind: c.kind(),
        position: if dense {
            Position {
                line: start.line,
                column: start.column + c.second.index(),
            }
        } else {
            start
        },
    }
}
