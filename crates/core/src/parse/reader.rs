//! The framing of records: which lines make one puzzle.

use super::scan::{self, Kind, Line};
use super::{ParseError, ParseErrorKind, Position, Record, Tag};
use crate::Grid;

/// Turns lines of text into puzzle [`Record`]s. It does no IO: the caller feeds it lines
/// (as bytes, so that non-UTF-8 input is reported, not lost) and it hands back one
/// [`Record`] per puzzle, valid or not:
/// - a square is a digit `1`-`9` or an empty mark (`0`, `.`, `_` or `*`, the
///   [`EMPTY_MARKS`](super::EMPTY_MARKS)), in every layout below;
/// - blank lines end a grid; lines starting with `#` are skipped anywhere, and so are
///   section headers such as SadMan Sudoku's `[Puzzle]` (`[`, a name starting with a
///   letter, `]`);
/// - a line with 81 squares is one puzzle; after the 81st square, a separator
///   (whitespace, `,`, `:`, `;` or `|`) starts its tag ([`Record::tag`]), the rest of the
///   line kept as text; more squares after the 81st are an error (and a separator
///   followed only by squares is one too, in a puzzle with layout between squares);
/// - a CSV header line (`quizzes,solutions`: letters and `_` between `,`, `;` or tabs)
///   is skipped;
/// - a boxed grid is framed by its structure: rows of 9 squares of one *shape* (the
///   same layout between squares), with or without lines of layout only between bands
///   of 3 rows (such as `------+------+------`; they must have as many `|` and `+` as
///   the rows have `|`, or none) and as borders; so grids may follow each other with
///   no blank line. A grid ends after its 9th row (its third band), at a blank line, a
///   whole puzzle, a row of another shape, or the end of input;
/// - a bad line costs at most the record it is in: a stray line between grids (too
///   few or too many squares, or text) is a record of its own; inside a grid it is a
///   bad row of that grid and the error points at it; a separator after a band that is
///   not 3 rows is an error at the separator; rows of 9 squares before a grid's first
///   band are split off there. Squares are never joined across a blank line, a whole
///   puzzle or a grid's end;
/// - after a broken grid, where the next starts is unsure (the broken one may have
///   ended early or run on): the next grid is read only once a separator after its
///   3rd row, a blank line after a sound grid's last row, or a whole puzzle shows where
///   grids start; until then a grid is reported ([`ParseErrorKind::UnsureStart`]),
///   never guessed at, so no valid record is a puzzle that was not in the input;
/// - lines end at `\n`, `\r\n` or `\r\r\n`; a line with lone `\r`s in it is split there
///   if one part is a line on its own (blank, comment, separator, row, whole puzzle),
///   as in a file with old Mac line endings; otherwise `\r` is an unexpected character;
/// - a UTF-8 byte-order mark at the start of a line is skipped;
/// - any other character is an error naming it and its line and column; the reader
///   counts it as a square (it is usually a typo) so that the rest of the line does not
///   become a puzzle of its own: every input puzzle yields exactly one record.
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
/// assert_eq!(records[0].tag(), Some("grid1"));
/// assert!(records[0].puzzle.is_ok());
/// assert_eq!(records[1].puzzle.unwrap_err().to_string(),
///            "line 3, column 1: too few squares: found 4, a puzzle has 81");
/// ```
#[derive(Clone, Debug)]
pub struct RecordReader {
    /// False for [`RecordReader::without_conflict_check`].
    check_conflicts: bool,
    /// Lines pushed so far.
    line: usize,
    /// One line's squares, as [`scan::scan`] writes them.
    scratch: [u8; 81],
    /// Where the framing is: between grids, or in one.
    state: State,
}

/// The framing's state: a boxed grid in progress, or none and what is known of where
/// the next one starts. Each line moves it as below. `a`: the line the grid before
/// started on; `b`: that grid had a border all round; `Drifting|RunOn`: `Drifting {a,
/// b}` if `b`, else `RunOn {a}`; a stray line: squares or text that are a record of
/// their own; a row (of 9 squares, good or bad, or a line passed to
/// [`RecordReader::push_rejected_line`]) starts a grid, as sure of its start as the
/// last column says.
///
/// ```text
/// between grids       blank     separator       stray line       row: Grid, Trust
/// Sure                same      same            same             Sure
/// Confirmable {a, b}  Sure      Drifting|RunOn  Drifting {a, b}  Suspect {a}
/// Drifting {a, b}     same      Drifting|RunOn  same             Suspect {a}
/// RunOn {a}           same      same            same             AmidRunOn {a}
/// from any state, a whole puzzle or pencilmark line: Sure; a comment, CSV header
/// or section header: nothing (the framing does not see it)
///
/// a grid ends                                        between grids after it
/// by a line that starts the next grid                Sure
/// at its last row, not Shaky, Trust Sure             Sure
/// at its last row, not Shaky, Suspect or AmidRunOn   Confirmable {a, b}
/// cut short by a blank line, no border               RunOn {a}
/// otherwise (cut short, Shaky, or its start suspect) Drifting {a, b}
/// at a separator in its last band                    Drifting {a, b}, then the
///                                                    separator moves it as above
///
/// in a grid, Trust   Suspect --------- a separator after its 3rd row ---> Sure
///                    Suspect, AmidRunOn -- rows split off at band 1 ----> Sure
///                    still Suspect or AmidRunOn when it ends: UnsureStart
/// ```
// One per reader, and reading allocates nothing: the grid stays inline.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum State {
    /// No grid in progress.
    Between(Between),
    /// A boxed grid in progress: it has a row at least.
    Grid(Frame),
}

impl State {
    /// The grid in progress; if there is none, a grid started now (as sure of its start
    /// as [`Between::trust`] says).
    fn grid(&mut self) -> &mut Frame {
        match *self {
            State::Grid(ref mut grid) => grid,
            State::Between(between) => {
                *self = State::Grid(Frame::new(between.trust()));
                self.grid()
            }
        }
    }
}

/// Between grids: what the reader knows of where the next grid starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Between {
    /// Where the next grid starts is sure: at the start of the input, after a whole
    /// puzzle, a sound grid, or a grid ended by the line that starts the next.
    Sure,
    /// A grid that started right after a broken one (so itself suspect) has just ended
    /// at its last row, with sound rows and bands: a blank line now shows that it ended
    /// where the text ends it, and so where the next starts. `after` is the line it
    /// started on, `bordered` whether it had a border all round.
    Confirmable { after: usize, bordered: bool },
    /// After a broken grid that started on line `after`, with no blank line or whole
    /// puzzle since: it may have ended at the wrong row, so a grid that starts now may
    /// too. `bordered`: it had a border all round.
    Drifting { after: usize, bordered: bool },
    /// Drifting, after a grid without a border whose rows may run on past where it
    /// ended, in bands of their own: a separator came right after it, or a blank line
    /// cut it short.
    RunOn { after: usize },
}

impl Between {
    /// How sure the start of a grid that starts now is.
    fn trust(self) -> Trust {
        match self {
            Between::Sure => Trust::Sure,
            Between::Confirmable { after, .. } | Between::Drifting { after, .. } => {
                Trust::Suspect { after }
            }
            Between::RunOn { after } => Trust::AmidRunOn { after },
        }
    }

    /// After a blank line.
    fn blank(self) -> Between {
        match self {
            Between::Confirmable { .. } => Between::Sure,
            other => other,
        }
    }

    /// After a line of layout only: a border before a grid; or, right after a broken
    /// grid without a border, a sign that its rows go on.
    fn separator(self) -> Between {
        match self {
            Between::Confirmable { after, bordered } | Between::Drifting { after, bordered } => {
                match bordered {
                    true => Between::Drifting { after, bordered },
                    false => Between::RunOn { after },
                }
            }
            other => other,
        }
    }

    /// After a stray line that is a record of its own.
    fn stray(self) -> Between {
        match self {
            Between::Confirmable { after, bordered } => Between::Drifting { after, bordered },
            other => other,
        }
    }
}

/// How sure the reader is of where the grid in progress starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trust {
    /// Sure: it started when where the next grid starts was sure ([`Between::Sure`]),
    /// or it has shown where it starts since.
    Sure,
    /// It started right after the broken grid that started on line `after` (see
    /// [`Between::Drifting`]); a separator after its 3rd row, or rows split off before
    /// its first band, show where it starts. If nothing does, it is reported
    /// ([`ParseErrorKind::UnsureStart`]).
    Suspect { after: usize },
    /// Suspect, and it started where the broken grid's rows may run on
    /// ([`Between::RunOn`]): its bands may be that grid's, so a separator after its 3rd
    /// row does not show where it starts; rows split off before its first band do.
    AmidRunOn { after: usize },
}

/// What is wrong with the grid in progress so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Health {
    /// No error yet.
    Clean,
    /// An error (the first one), but every row so far is 9 squares (a bad character
    /// counted as one) and every band 3 rows.
    Bad(ParseError),
    /// An error (the first one), and some row was not 9 squares (a bad character
    /// counted as one) or some band not 3 rows: the grid may end at the wrong row.
    Shaky(ParseError),
}

impl Health {
    fn error(self) -> Option<ParseError> {
        match self {
            Health::Clean => None,
            Health::Bad(e) | Health::Shaky(e) => Some(e),
        }
    }
}

/// A boxed grid in progress: its rows of 9 squares and the separators between them.
#[derive(Clone, Debug)]
struct Frame {
    /// The first 9 rows' squares, row `r` at `9 * r`.
    squares: [u8; 81],
    /// Where each of the first 9 rows starts.
    starts: [Position; 9],
    /// Rows so far, bad ones included.
    rows: usize,
    /// Rows since the last separator (or the start).
    band_rows: usize,
    /// Bands closed by a separator: 0 while none has been seen.
    bands: usize,
    /// Its first error, and whether its rows and bands line up.
    health: Health,
    /// How sure the reader is of where it starts.
    trust: Trust,
    /// The shape of its rows (see `scan::Line::shape`); 0 before the first good row.
    shape: u64,
    /// Its rows have a border all round (as `scan::Line::bordered`), once `shape` is
    /// set.
    bordered: bool,
    /// How many `|` its rows have (see `scan::Line::junctions`), once `shape` is set.
    junctions: usize,
    /// The last row was a good one (9 squares, all good).
    last_good: bool,
}

impl Frame {
    /// A grid with no row yet, of `trust`.
    const fn new(trust: Trust) -> Frame {
        Frame {
            squares: [0; 81],
            starts: [Position { line: 0, column: 0 }; 9],
            rows: 0,
            band_rows: 0,
            bands: 0,
            health: Health::Clean,
            trust,
            shape: 0,
            bordered: false,
            junctions: 0,
            last_good: false,
        }
    }

    /// Records an error, if it is the first.
    fn fail(&mut self, kind: ParseErrorKind, position: Position) {
        if self.health == Health::Clean {
            self.health = Health::Bad(ParseError { kind, position });
        }
    }

    /// Records an error, if it is the first, and that the rows or bands do not line up.
    fn fail_shaky(&mut self, kind: ParseErrorKind, position: Position) {
        self.health = Health::Shaky(match self.health {
            Health::Clean => ParseError { kind, position },
            Health::Bad(first) | Health::Shaky(first) => first,
        });
    }

    /// True once the grid has all its rows: 9 without separators, or 3 in the last band.
    fn is_complete(&self) -> bool {
        match self.bands {
            0 => self.rows == 9,
            1 => false,
            _ => self.band_rows == 3,
        }
    }

    /// True if a row (of `shape`, if it is a good one) cannot join this grid: its shape
    /// differs from the grid's rows, or the grid has separators and the band the row
    /// would join has 4 rows already (then the 4th began another grid).
    fn refuses(&self, shape: Option<u64>) -> bool {
        let other_shape = matches!(shape, Some(s) if self.shape != 0 && s != self.shape);
        other_shape || self.overfull()
    }

    /// The grid has separators and its band has more rows than 3.
    fn overfull(&self) -> bool {
        self.bands > 0 && self.band_rows >= 4
    }
}

impl Default for RecordReader {
    fn default() -> Self {
        RecordReader::new()
    }
}

impl RecordReader {
    /// A reader at the start of the input.
    pub const fn new() -> RecordReader {
        RecordReader {
            check_conflicts: true,
            line: 0,
            scratch: [0; 81],
            state: State::Between(Between::Sure),
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

    /// How many lines have been read: the lines pushed, each line with lone `\r` line
    /// breaks counted as the lines it was split into.
    pub const fn lines(&self) -> usize {
        self.line
    }

    /// Counts a line that the caller did not pass in full (for example one too long to
    /// read). It is taken for a bad row of a boxed grid: it joins the grid in progress
    /// or starts one, so that a grid of such lines gives one record; with no grid
    /// around it (a blank line or a whole puzzle before and after), it is a record of
    /// its own. The error is `kind`, at column 1.
    pub fn push_rejected_line(&mut self, kind: ParseErrorKind, mut emit: impl FnMut(Record)) {
        self.line += 1;
        let position = Position {
            line: self.line,
            column: 1,
        };
        self.bad_row(kind, position, true, &mut emit);
    }

    /// Reads a line that the caller could pass only the start of (for example one
    /// longer than it keeps in memory): `prefix` is its first bytes. If they hold a
    /// whole puzzle, the line is that puzzle, with its tag cut
    /// ([`Record::tag_truncated`]); otherwise it is counted as
    /// [`RecordReader::push_rejected_line`] counts a line, with the error `kind`.
    ///
    /// ```
    /// use bitdoku_core::{ParseErrorKind, RecordReader};
    /// let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let line = format!("{puzzle} {}", "a very long comment ".repeat(10_000));
    /// let kind = ParseErrorKind::LineTooLong { limit: 65536 };
    /// let mut reader = RecordReader::new();
    /// let mut records = Vec::new();
    /// reader.push_line_prefix(&line.as_bytes()[..1000], kind, |r| records.push(r));
    /// reader.finish(|r| records.push(r));
    /// assert_eq!(records[0].puzzle.unwrap().to_string(), puzzle);
    /// assert!(records[0].tag().unwrap().starts_with("a very long comment"));
    /// assert!(records[0].tag_truncated());
    /// ```
    pub fn push_line_prefix(
        &mut self,
        prefix: &[u8],
        kind: ParseErrorKind,
        mut emit: impl FnMut(Record),
    ) {
        self.line += 1;
        let prefix = prefix.strip_prefix(BOM).unwrap_or(prefix);
        let scanned = scan::scan(prefix, self.line, &mut self.scratch);
        if scanned.kind != Kind::Whole {
            let position = Position {
                line: self.line,
                column: 1,
            };
            self.bad_row(kind, position, true, &mut emit);
            return;
        }
        self.whole_line(&mut emit);
        let position = Position {
            line: self.line,
            column: scanned.column,
        };
        let grid = match scanned.error {
            Some(e) => Err(e),
            None => self.checked(self.scratch, position, scanned.dense),
        };
        let tag = match scanned.tag {
            Some((from, to)) => Tag::cut(&prefix[from..to]),
            // The separator may be the first byte left out.
            None => Tag::NONE,
        };
        emit(Record::new(position, grid, tag, scanned.dense));
    }

    /// Reads one line (without or with its `\n` / `\r\n`), calling `emit` for each
    /// puzzle it completes: none, one, or two (an unfinished grid from the lines
    /// before, then the puzzle on this line).
    pub fn push_line(&mut self, line: &[u8], mut emit: impl FnMut(Record)) {
        let mut line = line.strip_suffix(b"\n").unwrap_or(line);
        while let Some(rest) = line.strip_suffix(b"\r") {
            line = rest;
        }
        // (`fold`, not `all`: no branch per byte, so the compiler vectorizes it.)
        if matches!(self.state, State::Between(_))
            && line.len() == 81
            && line.iter().fold(true, |all, &b| all & scan::is_square(b))
        {
            // The common case, one puzzle per line and nothing else, read without the
            // general path below; the result is the same.
            self.line += 1;
            for (square, &b) in self.scratch.iter_mut().zip(line) {
                // A digit's value, 0 for an empty mark (every byte is a square here,
                // and no mark but `0` is a digit): a mask, no branch.
                let value = b.wrapping_sub(b'0');
                *square = value & 0u8.wrapping_sub(u8::from(value < 10));
            }
            let start = Position {
                line: self.line,
                column: 1,
            };
            self.state = State::Between(Between::Sure);
            let grid = self.checked(self.scratch, start, true);
            emit(Record::new(start, grid, Tag::NONE, true));
            return;
        }
        if line.contains(&b'\r') && self.splits_at_cr(line) {
            for part in line.split(|&b| b == b'\r') {
                self.push_part(part, &mut emit);
            }
        } else {
            self.push_part(line, &mut emit);
        }
    }

    /// Counts a line that holds (part of) a puzzle in a format the caller reads itself,
    /// such as an N×N line, JSON or a link for the general engine: like a line with a
    /// whole puzzle, it ends a grid in progress (emitted as a whole puzzle would leave
    /// it), and it gives no record of its own.
    ///
    /// ```
    /// use bitdoku_core::RecordReader;
    /// let mut reader = RecordReader::new();
    /// let mut records = Vec::new();
    /// reader.push_other_line(|r| records.push(r));
    /// let grid1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// reader.push_line(grid1.as_bytes(), |r| records.push(r));
    /// assert_eq!((records.len(), records[0].line), (1, 2));
    /// ```
    pub fn push_other_line(&mut self, mut emit: impl FnMut(Record)) {
        self.line += 1;
        self.whole_line(&mut emit);
    }

    /// Ends the input, emitting the unfinished grid if there is one.
    pub fn finish(&mut self, mut emit: impl FnMut(Record)) {
        self.end_grid(End::Other, &mut emit);
    }

    /// A line with lone `\r`s in it is several lines (old Mac line endings) if one of
    /// its parts is a line of its own kind: blank, a comment, a separator, a row or a
    /// whole puzzle. Otherwise the `\r` is a stray character inside a line.
    fn splits_at_cr(&mut self, line: &[u8]) -> bool {
        line.split(|&b| b == b'\r').any(|part| {
            let part = part.strip_prefix(BOM).unwrap_or(part);
            let kind = scan::scan(part, 0, &mut self.scratch).kind;
            !matches!(kind, Kind::Fragment | Kind::Garbage)
        })
    }

    /// Reads one line, with no line break left in it.
    fn push_part(&mut self, line: &[u8], emit: &mut impl FnMut(Record)) {
        self.line += 1;
        // A byte-order mark (Windows editors write one) is not part of the text; it is
        // skipped at the start of any line, so that files joined by `cat` read alike.
        let line = line.strip_prefix(BOM).unwrap_or(line);
        let first = line.iter().position(|&b| b != b' ' && b != b'\t');
        let pencilmarks = first.and_then(|f| Some((f, pencilmark_line(line, f)?)));
        if let Some((first, (marks, tag))) = pencilmarks {
            // A pencilmark line: one record of its own.
            self.whole_line(emit);
            let start = Position {
                line: self.line,
                column: first + 1,
            };
            let tag = tag.map_or(Tag::NONE, |(from, to)| Tag::new(&line[from..to]));
            emit(match crate::parse_pencilmarks(marks) {
                Ok(board) => Record::pencilmarks_at(start, board, tag),
                Err(e) => Record::new(start, Err(pencil_error(e, start)), tag, false),
            });
            return;
        }
        let scanned = scan::scan(line, self.line, &mut self.scratch);
        let position = Position {
            line: self.line,
            column: scanned.column,
        };
        match scanned.kind {
            // Comments, CSV headers and section headers are not seen by the framing.
            Kind::Skipped => {}
            Kind::Blank => match self.state {
                State::Grid(_) => self.end_grid(End::Blank, emit),
                State::Between(between) => self.state = State::Between(between.blank()),
            },
            Kind::Separator => self.separator(position, scanned.junctions, emit),
            Kind::Whole => {
                self.whole_line(emit);
                let grid = match scanned.error {
                    Some(e) => Err(e),
                    None => self.checked(self.scratch, position, scanned.dense),
                };
                let tag = scanned
                    .tag
                    .map_or(Tag::NONE, |(from, to)| Tag::new(&line[from..to]));
                emit(Record::new(position, grid, tag, scanned.dense));
            }
            Kind::Row if scanned.error.is_none() => self.row(position, &scanned, emit),
            Kind::Row | Kind::Fragment | Kind::Garbage => self.bad_line(&scanned, emit),
        }
    }

    /// A line that is a puzzle of its own (a whole puzzle, a pencilmark line): it ends
    /// the grid in progress, and shows where the next starts.
    fn whole_line(&mut self, emit: &mut impl FnMut(Record)) {
        self.end_grid(End::Other, emit);
        self.state = State::Between(Between::Sure);
    }

    /// A line of 9 squares, all of them good.
    fn row(&mut self, position: Position, line: &Line, emit: &mut impl FnMut(Record)) {
        let shape = line.shape;
        if let State::Grid(grid) = &self.state {
            if grid.overfull() {
                self.split_last_row(emit);
            } else if grid.refuses(Some(shape)) {
                self.end_grid(End::Boundary, emit);
            }
        }
        let grid = self.state.grid();
        if grid.shape == 0 {
            grid.shape = shape;
            grid.bordered = line.bordered;
            grid.junctions = line.junctions;
        }
        grid.last_good = true;
        if grid.rows < 9 {
            let at = 9 * grid.rows;
            grid.squares[at..at + 9].copy_from_slice(&self.scratch[..9]);
            grid.starts[grid.rows] = position;
        }
        grid.rows += 1;
        grid.band_rows += 1;
        if grid.is_complete() {
            self.end_grid(End::Count, emit);
        }
    }

    /// A line with squares that is not a good row: a record of its own between grids
    /// (unless it is a row with a bad character: then it starts a grid), a bad row
    /// inside one.
    fn bad_line(&mut self, line: &Line, emit: &mut impl FnMut(Record)) {
        let position = Position {
            line: self.line,
            column: line.column,
        };
        match (line.kind, line.error, &self.state) {
            (Kind::Row, Some(e), _) => self.bad_row(e.kind, e.position, false, emit),
            (_, Some(e), State::Grid(_)) => self.bad_row(e.kind, e.position, true, emit),
            (_, None, State::Grid(_)) => self.bad_row(
                ParseErrorKind::RowSquares { found: line.count },
                position,
                true,
                emit,
            ),
            (_, error, &State::Between(between)) => {
                self.state = State::Between(between.stray());
                let error = error.unwrap_or(ParseError {
                    kind: ParseErrorKind::TooFewSquares { found: line.count },
                    position,
                });
                emit(Record::new(position, Err(error), Tag::NONE, false));
            }
        }
    }

    /// A row that is bad (`kind` at `position`), in the grid in progress or a new one;
    /// `misshapen` if it is not 9 squares (or not known to be).
    fn bad_row(
        &mut self,
        kind: ParseErrorKind,
        position: Position,
        misshapen: bool,
        emit: &mut impl FnMut(Record),
    ) {
        if matches!(&self.state, State::Grid(grid) if grid.refuses(None)) {
            self.end_grid(End::Other, emit);
        }
        let grid = self.state.grid();
        match misshapen {
            true => grid.fail_shaky(kind, position),
            false => grid.fail(kind, position),
        }
        grid.last_good = false;
        if grid.rows < 9 {
            grid.starts[grid.rows] = position;
        }
        grid.rows += 1;
        grid.band_rows += 1;
        if grid.is_complete() {
            self.end_grid(End::Count, emit);
        }
    }

    /// A band of a grid with separators ran to 5 rows: its 4th began the next grid,
    /// with no separator or blank line between. The grid ends before that row, which
    /// starts the next (if it was a good row, and among the 9 kept).
    fn split_last_row(&mut self, emit: &mut impl FnMut(Record)) {
        let State::Grid(grid) = &mut self.state else {
            return;
        };
        let last = grid.rows - 1;
        let kept = last < 9 && grid.last_good;
        let mut row = [0; 9];
        let start = grid.starts[last.min(8)];
        let (shape, bordered, junctions) = (grid.shape, grid.bordered, grid.junctions);
        if kept {
            row.copy_from_slice(&grid.squares[9 * last..9 * last + 9]);
            grid.rows -= 1;
            grid.band_rows -= 1;
        }
        // The grid is broken, so the next one is suspect all the same.
        self.end_grid(End::Other, emit);
        if kept {
            let grid = self.state.grid();
            grid.squares[..9].copy_from_slice(&row);
            grid.starts[0] = start;
            grid.shape = shape;
            grid.bordered = bordered;
            grid.junctions = junctions;
            grid.last_good = true;
            grid.rows = 1;
            grid.band_rows = 1;
        }
    }

    /// A line of layout only: a band separator, or a grid's border.
    fn separator(&mut self, position: Position, junctions: usize, emit: &mut impl FnMut(Record)) {
        let grid = match &mut self.state {
            State::Between(between) => {
                *between = between.separator();
                return;
            }
            State::Grid(grid) => grid,
        };
        if grid.shape != 0 && junctions != 0 && junctions != grid.junctions {
            // Not this grid's separator: a stray line inside it.
            grid.fail_shaky(ParseErrorKind::StraySeparator, position);
            return;
        }
        if grid.band_rows == 0 {
            // Two separators in a row: in grids with a border all round, the bottom
            // border of a grid, then the top border of the next, so the grid in
            // progress ends here. In others, one of them is a stray line.
            if grid.bordered {
                self.end_grid(End::Boundary, emit);
            }
            return;
        }
        let band_rows = grid.band_rows;
        let misplaced = ParseErrorKind::BandRows { found: band_rows };
        match grid.bands {
            // A separator after row 3 shows where the grid starts (unless it started
            // where the rows of a broken grid before it may run on).
            0 if band_rows == 3 => {
                if let Trust::Suspect { .. } = grid.trust {
                    grid.trust = Trust::Sure;
                }
            }
            0 if band_rows > 3 && grid.health == Health::Clean => {
                // Rows of 9 squares that are no part of the grid came before it: they
                // are a record of their own, and the grid is the last 3 rows.
                let stray = band_rows - 3;
                let error = ParseError {
                    kind: ParseErrorKind::TooFewSquares { found: 9 * stray },
                    position: grid.starts[0],
                };
                emit(Record::new(grid.starts[0], Err(error), Tag::NONE, false));
                grid.squares.copy_within(9 * stray..9 * band_rows, 0);
                grid.starts.copy_within(stray..band_rows, 0);
                grid.rows = 3;
                // More than 3 rows between separators that line up with them: the
                // boundary of two grids is among them.
                grid.trust = Trust::Sure;
            }
            0 | 1 if band_rows != 3 => grid.fail_shaky(misplaced, position),
            0 | 1 => {}
            _ => {
                // A separator inside the last band: the grid ends here, broken, and
                // the separator is one right after it (without a border, a grid never
                // ends at a separator: its rows go on).
                grid.fail_shaky(misplaced, position);
                self.end_grid(End::Other, emit);
                self.separator(position, junctions, emit);
                return;
            }
        }
        grid.bands += 1;
        grid.band_rows = 0;
    }

    /// Emits the grid in progress, if there is one, and says what is known, after it,
    /// of where the next starts.
    fn end_grid(&mut self, end: End, emit: &mut impl FnMut(Record)) {
        let State::Grid(grid) = &mut self.state else {
            return;
        };
        let start = grid.starts[0];
        let complete = grid.is_complete();
        let shaky = matches!(grid.health, Health::Shaky(_));
        if !complete {
            let found = 9 * grid.rows.min(9);
            grid.fail(ParseErrorKind::TooFewSquares { found }, start);
        }
        let suspect = match grid.trust {
            Trust::Sure => None,
            Trust::Suspect { after } | Trust::AmidRunOn { after } => Some(after),
        };
        if let Some(after) = suspect {
            grid.fail(ParseErrorKind::UnsureStart { after }, start);
        }
        // A broken grid may have ended at the wrong row, or have rows left after the
        // line that ended it: the grid after it is suspect until something shows where
        // it starts.
        let broken = !complete || shaky || suspect.is_some();
        let (after, bordered) = (start.line, grid.bordered);
        let between = match end {
            // The line that ended it starts the next grid.
            End::Boundary => Between::Sure,
            _ if !broken => Between::Sure,
            // Its start was suspect, but a blank line right after its last row would
            // show that it ended where the text ends it, its rows and bands being sound.
            _ if complete && !shaky => Between::Confirmable { after, bordered },
            // A grid without a border cut short by a blank line may go on after it, in
            // bands that a separator after their 3rd row would wrongly seem to confirm.
            End::Blank if !complete && !bordered => Between::RunOn { after },
            _ => Between::Drifting { after, bordered },
        };
        let result = match grid.health.error() {
            Some(e) => Err(e),
            None => Ok(grid.squares),
        };
        self.state = State::Between(between);
        let result = result.and_then(|squares| self.checked(squares, start, false));
        emit(Record::new(start, result, Tag::NONE, false));
    }

    /// The grid of `squares`, or the first digit it repeats (if this reader checks),
    /// at the second given when the squares are `dense`.
    fn checked(&self, squares: [u8; 81], start: Position, dense: bool) -> Result<Grid, ParseError> {
        let grid = Grid::from_values(squares);
        match self.check_conflicts.then(|| grid.conflicts()) {
            Some(found) if !found.is_empty() => {
                Err(super::record::conflict_error(&found[0], start, dense))
            }
            _ => Ok(grid),
        }
    }
}

/// A byte range in a line.
type Span = (usize, usize);

/// The line is a pencilmark line from byte `first` on: 729 characters that can only be
/// candidates and placeholders, then nothing or a separator and a tag. Its 729
/// characters and the tag's byte range in `line`.
fn pencilmark_line(line: &[u8], first: usize) -> Option<(&[u8], Option<Span>)> {
    let text = &line[first..];
    let end = text
        .iter()
        .position(|&b| !crate::pencil::is_mark(b))
        .unwrap_or(text.len());
    if end != crate::PENCILMARK_LEN {
        return None;
    }
    let tag = scan::tag_after(&text[end..]).ok()?;
    Some((
        &text[..end],
        tag.map(|(from, to)| (first + end + from, first + end + to)),
    ))
}

/// A pencilmark line's error as the reader reports it, at its column in the line.
fn pencil_error(e: crate::PencilError, start: Position) -> ParseError {
    match e {
        crate::PencilError::Character {
            column,
            found,
            expected,
        } => ParseError {
            kind: ParseErrorKind::MisplacedCandidate {
                found: char::from(found),
                expected,
            },
            position: Position {
                line: start.line,
                column: start.column + column - 1,
            },
        },
        crate::PencilError::Length { found } => ParseError {
            kind: ParseErrorKind::TooManySquares { found },
            position: start,
        },
    }
}

/// What ended a grid.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// Its last row.
    Count,
    /// A blank line.
    Blank,
    /// A line that begins the next grid: a row of another shape, or a second
    /// separator in a row in grids with a border all round.
    Boundary,
    /// Anything else: a whole puzzle, a bad line where a separator was due, a
    /// separator in the last band, the end of the input.
    Other,
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{ParseErrorKind, Position, Record, EMPTY_MARKS};
    use crate::Grid;

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

    /// A record's grid of givens (these tests read no pencilmark lines).
    fn grid_of(r: &Record) -> Result<Grid, ParseError> {
        r.puzzle.map(|p| match p {
            crate::Puzzle::Givens(grid) => grid,
            crate::Puzzle::Candidates(_) => panic!("a pencilmark record"),
        })
    }

    fn kinds(text: &[u8]) -> Vec<Result<usize, (ParseErrorKind, Position)>> {
        read(text)
            .into_iter()
            .map(|r| r.puzzle.map(|_| r.line).map_err(|e| (e.kind, e.position)))
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
        assert_eq!(records[0].puzzle, records[1].puzzle);
        assert_eq!(records[0].puzzle.as_ref().unwrap().to_string(), GRID1);
    }

    #[test]
    fn boxed_grid_over_lines() {
        let boxed = "4 . . |. . . |8 . 5 \n. 3 . |. . . |. . . \n. . . |7 . . |. . . \n\
                     ------+------+------\n. 2 . |. . . |. 6 . \n. . . |. 8 . |4 . . \n\
                     . . . |. 1 . |. . . \n------+------+------\n. . . |6 . 3 |. 7 . \n\
                     5 . . |2 . . |. . . \n1 . 4 |. . . |. . . \n";
        let records = read(boxed.as_bytes());
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].puzzle.as_ref().unwrap().to_string(), GRID1);
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
        // One more square of a spaced-out puzzle is an error, not a tag.
        let spaced: String = GRID1.chars().flat_map(|c| [c, ' ']).collect();
        let spaced = format!("{spaced} 5 6\n");
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

    fn tags(text: &str) -> Vec<Result<Option<String>, ParseErrorKind>> {
        read(text.as_bytes())
            .into_iter()
            .map(|r| match r.puzzle {
                Ok(_) => Ok(r.tag().map(str::to_string)),
                Err(e) => Err(e.kind),
            })
            .collect()
    }

    #[test]
    fn text_after_a_separator_is_the_tag() {
        // Issue 15: each of these was "too many squares" or "unexpected character".
        for (line, tag) in [
            (format!("{GRID1} 17 clues"), Some("17 clues")),
            (format!("{GRID1} 2"), Some("2")),
            (format!("{GRID1} 9.9"), Some("9.9")),
            (format!("{GRID1}\t3"), Some("3")),
            (format!("{GRID1} SOLUTION"), Some("SOLUTION")),
            (format!("{GRID1},{GRID1}"), Some(GRID1)),
            (format!("{GRID1}:grid1"), Some("grid1")),
            (format!("{GRID1}; a b ;"), Some("a b ;")),
            (format!("{GRID1}|x"), Some("x")),
            (format!("{GRID1}\u{a0}nbsp"), Some("nbsp")),
            (format!("{GRID1}\x0Cff"), Some("ff")),
            (format!("{GRID1}\x0Bvt"), Some("vt")),
            (format!("{GRID1}   \t "), None),
            (format!("{GRID1},"), None),
            (format!("   {GRID1}  tagged  \r"), Some("tagged")),
        ] {
            assert_eq!(tags(&line), [Ok(tag.map(str::to_string))], "{line:?}");
        }
        // Each record keeps its own tag; a record without one has none.
        let text = format!("{GRID1} a\n{GRID1}\n{GRID1} b\n");
        assert_eq!(
            tags(&text),
            [Ok(Some("a".into())), Ok(None), Ok(Some("b".into()))]
        );
    }

    #[test]
    fn a_long_or_broken_tag_is_cut_and_says_so() {
        let long = "é".repeat(60); // 120 bytes
        let records = read(format!("{GRID1} {long}").as_bytes());
        let tag = records[0].tag().unwrap();
        assert_eq!(tag, "é".repeat(47)); // 94 bytes: 95 would split a character
        assert!(records[0].tag_truncated());
        let mut raw = format!("{GRID1} ab").into_bytes();
        raw.extend_from_slice(b"\xFFcd");
        let records = read(&raw);
        assert!(records[0].puzzle.is_ok());
        assert_eq!(records[0].tag(), Some("ab"));
        assert!(records[0].tag_truncated());
        let exact = "t".repeat(Record::TAG_CAPACITY);
        let records = read(format!("{GRID1} {exact}").as_bytes());
        assert_eq!(records[0].tag(), Some(exact.as_str()));
        assert!(!records[0].tag_truncated());
    }

    #[test]
    fn a_csv_header_is_skipped() {
        let text = format!("quizzes,solutions\n{GRID1},{GRID1}\npuzzle;solution\r\n");
        assert_eq!(tags(&text), [Ok(Some(GRID1.to_string()))]);
        assert_eq!(read(b"id,puzzle,solution,clues,difficulty\n").len(), 0);
        // Words without a comma are still an error.
        assert_eq!(
            tags("hello world\n"),
            [Err(ParseErrorKind::UnexpectedChar { ch: 'h' })]
        );
    }

    #[test]
    fn boxed_grids_with_borders_still_parse() {
        let grid: Grid = GRID1.parse().unwrap();
        let boxed = format!("{grid:#}");
        let bordered: String = boxed
            .lines()
            .map(|l| {
                if l.starts_with('-') {
                    "+-------+-------+-------+\n".to_string()
                } else {
                    format!("|{l}|\n")
                }
            })
            .collect();
        for text in [boxed.clone(), bordered] {
            let records = read(text.as_bytes());
            assert_eq!(records.len(), 1, "{text}");
            assert_eq!(grid_of(&records[0]), Ok(grid), "{text}");
            assert_eq!(records[0].tag(), None);
        }
        // Tags are for one-line puzzles: text after a grid's last row is a bad row.
        let tagged = format!("{}  # hard\n", boxed.trim_end());
        assert_eq!(
            tags(&tagged),
            [Err(ParseErrorKind::UnexpectedChar { ch: '#' })]
        );
    }

    /// `grid` as nine lines of nine squares.
    fn nine_lines(grid: &Grid) -> String {
        let line = grid.to_string();
        (0..9)
            .map(|r| format!("{}\n", &line[9 * r..9 * r + 9]))
            .collect()
    }

    #[test]
    fn every_empty_mark_reads_in_every_layout() {
        // Issue 27: `_` (the `sudoku` crate's nine-line blocks) and `*` read as `.` and
        // `0` do, on the fast path and the general one.
        let grid: Grid = GRID1.parse().unwrap();
        let spaced: String = GRID1.chars().flat_map(|c| [c, ' ']).collect();
        let bordered: String = boxed(&grid)
            .lines()
            .map(|l| match l.starts_with('-') {
                true => "+-------+-------+-------+\n".to_string(),
                false => format!("|{l}|\n"),
            })
            .collect();
        let layouts = [
            format!("{GRID1}\n"),
            format!("  {GRID1}  tag\n"),
            format!("{spaced}\n"),
            boxed(&grid),
            bordered,
            nine_lines(&grid),
        ];
        for mark in EMPTY_MARKS.map(char::from) {
            for text in &layouts {
                let text = text.replace('.', &mark.to_string());
                let records = read(text.as_bytes());
                assert_eq!(records.len(), 1, "{text}");
                assert_eq!(grid_of(&records[0]), Ok(grid), "{text}");
            }
        }
        // Marks mixed in one puzzle, and blocks of `_` with a blank line between.
        let mixed: String = GRID1
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '.' => char::from(EMPTY_MARKS[i % EMPTY_MARKS.len()]),
                c => c,
            })
            .collect();
        assert_eq!(grid_of(&read(mixed.as_bytes())[0]), Ok(grid));
        let blocks = format!("{}\n{}\n", nine_lines(&grid), nine_lines(&grid2())).replace('.', "_");
        assert_eq!(outline(&blocks), [(1, Ok(grid)), (11, Ok(grid2()))]);
    }

    #[test]
    fn the_message_for_a_bad_character_lists_every_empty_mark() {
        let message = ParseErrorKind::UnexpectedChar { ch: 'x' }.to_string();
        assert_eq!(
            message,
            "unexpected character 'x' (squares are 1-9, with 0, ., _ or * for empty)"
        );
        let (_, marks) = message.rsplit_once("with ").unwrap();
        for mark in EMPTY_MARKS.map(char::from) {
            assert!(marks.contains(mark), "{mark} in {message}");
        }
    }

    #[test]
    fn a_section_header_is_skipped_like_a_comment_anywhere() {
        // Issue 27: SadMan Sudoku's `[Puzzle]` before the grid of an `.sdk` file.
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        let sdk = format!("[Puzzle]\n{}", nine_lines(&g1)).replace('\n', "\r\n");
        assert_eq!(outline(&sdk), [(2, Ok(g1))]);
        // Before, between and inside one-line puzzles and grids of each kind: the
        // records are those of the same text with a comment there.
        let text = format!(
            "{GRID1}\n{}{}\n{}{GRID1}\n",
            boxed(&g1),
            boxed(&g2),
            nine_lines(&g2)
        );
        let lines: Vec<&str> = text.lines().collect();
        for at in 0..=lines.len() {
            let with = |extra: &str| {
                let mut l = lines.clone();
                l.insert(at, extra);
                l.join("\n") + "\n"
            };
            let got = outline(&with("[Puzzle]"));
            assert_eq!(got, outline(&with("# a comment")), "at {at}");
            assert_eq!(got.iter().filter(|r| r.1.is_ok()).count(), 5, "at {at}");
        }
    }

    #[test]
    fn conflicts_are_errors() {
        let mut text = GRID1.as_bytes().to_vec();
        text[1] = b'4'; // A2 = 4, like A1
        let records = read(&text);
        let err = records[0].puzzle.unwrap_err();
        // At the second given (issue 28): its column in a line of squares.
        assert_eq!(
            err.to_string(),
            "line 1, column 2: digit 4 is given twice in row A (A1 and A2)"
        );
        let indented = format!("   {}", String::from_utf8(text).unwrap());
        let err = read(indented.as_bytes())[0].puzzle.unwrap_err();
        assert_eq!((err.position.line, err.position.column), (1, 5));
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
            match (&c.puzzle, &u.puzzle) {
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

    /// GRID1 with its digits relabelled (`d` -> `d % 9 + 1`): another valid puzzle.
    fn grid2() -> Grid {
        let mut values = *GRID1.parse::<Grid>().unwrap().values();
        for v in values.iter_mut().filter(|v| **v != 0) {
            *v = *v % 9 + 1;
        }
        Grid::from_values(values)
    }

    fn boxed(grid: &Grid) -> String {
        format!("{grid:#}")
    }

    /// Each record as `(line, Ok(grid))` or `(line, Err((kind, error line)))`.
    type Outline = Vec<(usize, Result<Grid, (ParseErrorKind, usize)>)>;

    fn outline(text: &str) -> Outline {
        read(text.as_bytes())
            .into_iter()
            .map(|r| (r.line, grid_of(&r).map_err(|e| (e.kind, e.position.line))))
            .collect()
    }

    #[test]
    fn a_stray_line_before_boxed_grids_costs_only_its_own_record() {
        // Issue 18 item 1: the `7` used to shift the framing of every following grid,
        // giving a phantom puzzle made of two grids' rows.
        use ParseErrorKind::*;
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        let text = format!("7\n{}{}{}", boxed(&g1), boxed(&g2), boxed(&g1));
        assert_eq!(
            outline(&text),
            [
                (1, Err((TooFewSquares { found: 1 }, 1))),
                (2, Ok(g1)),
                (13, Ok(g2)),
                (24, Ok(g1))
            ]
        );
        // The same with rows written without layout, and with a garbage line.
        let plain = |g: &Grid| -> String {
            let s = g.to_string();
            (0..9)
                .map(|r| format!("{}\n", &s[9 * r..9 * r + 9]))
                .collect()
        };
        let text = format!("12345\n{}hello world\n{}", plain(&g1), plain(&g2));
        assert_eq!(
            outline(&text),
            [
                (1, Err((TooFewSquares { found: 5 }, 1))),
                (2, Ok(g1)),
                (11, Err((UnexpectedChar { ch: 'h' }, 11))),
                (12, Ok(g2))
            ]
        );
    }

    #[test]
    fn stray_rows_of_nine_squares_are_split_off_at_the_first_separator() {
        use ParseErrorKind::*;
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        let text = format!(
            "123456789\n{}.........\n.........\n{}",
            boxed(&g1),
            boxed(&g2)
        );
        assert_eq!(
            outline(&text),
            [
                (1, Err((TooFewSquares { found: 9 }, 1))),
                (2, Ok(g1)),
                (13, Err((TooFewSquares { found: 18 }, 13))),
                (15, Ok(g2))
            ]
        );
    }

    #[test]
    fn a_bad_row_costs_its_grid_only_and_the_message_points_at_it() {
        use ParseErrorKind::*;
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        // Row 5 of the first grid cut short, row 2 of the second has a typo.
        let mut first: Vec<String> = boxed(&g1).lines().map(str::to_string).collect();
        let row = first[5].trim_end();
        first[5] = row[..row.len() - 2].to_string();
        let mut second: Vec<String> = boxed(&g2).lines().map(str::to_string).collect();
        second[1].replace_range(2..3, "x");
        let text = format!(
            "{}\n{}\n{}",
            first.join("\n"),
            second.join("\n"),
            boxed(&g1)
        );
        let got = outline(&text);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[0], (1, Err((RowSquares { found: 8 }, 6))));
        assert_eq!(got[1], (12, Err((UnexpectedChar { ch: 'x' }, 13))));
        assert_eq!(got[2], (23, Ok(g1)));
        assert_eq!(
            read(text.as_bytes())[0].puzzle.unwrap_err().to_string(),
            "line 6, column 1: a row of 8 squares in a boxed grid (a row has 9)"
        );
    }

    #[test]
    fn a_band_of_the_wrong_size_is_found_at_its_separator() {
        use ParseErrorKind::*;
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        // The first grid loses row 2, the second gains an extra row in band 2.
        let mut first: Vec<String> = boxed(&g1).lines().map(str::to_string).collect();
        first.remove(1);
        let mut second: Vec<String> = boxed(&g2).lines().map(str::to_string).collect();
        second.insert(5, "1 2 3 |4 5 6 |7 8 9".into());
        let text = format!(
            "{}\n{}\n{}",
            first.join("\n"),
            second.join("\n"),
            boxed(&g2)
        );
        assert_eq!(
            outline(&text),
            [
                (1, Err((BandRows { found: 2 }, 3))),
                (11, Err((BandRows { found: 4 }, 19))),
                (23, Ok(g2))
            ]
        );
    }

    #[test]
    fn after_a_broken_grid_an_unframed_grid_is_not_guessed_at() {
        // Rows without separators: after a grid with an extra line, where the next
        // grid starts cannot be known. It is reported, never read as a phantom.
        use ParseErrorKind::*;
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        let rows = |g: &Grid| -> Vec<String> {
            let s = g.to_string();
            (0..9).map(|r| s[9 * r..9 * r + 9].to_string()).collect()
        };
        let mut first = rows(&g1);
        first.insert(4, "7".into());
        // Framing is sure again after a blank line that follows a grid's 9th row.
        let text = format!(
            "{}\n{}\n{}\n\n{}\n\n{}\n",
            first.join("\n"),
            rows(&g2).join("\n"),
            rows(&g1).join("\n"),
            rows(&g2).join("\n"),
            rows(&g1).join("\n"),
        );
        let got = outline(&text);
        assert_eq!(got[0], (1, Err((RowSquares { found: 1 }, 5))));
        assert_eq!(got[1].1, Err((UnsureStart { after: 1 }, got[1].0)));
        assert!(got[..got.len() - 1].iter().all(|r| r.1.is_err()), "{got:?}");
        assert_eq!(got.last(), Some(&(40, Ok(g1))));
    }

    #[test]
    fn a_grid_of_over_long_lines_is_one_record() {
        // Issue 18 item 7: nine rejected rows gave nine records.
        let kind = ParseErrorKind::LineTooLong { limit: 65536 };
        let mut reader = RecordReader::new();
        let mut out = Vec::new();
        for _ in 0..3 {
            for _ in 0..3 {
                reader.push_rejected_line(kind, |r| out.push(r));
            }
            reader.push_line(b"------+------+------", |r| out.push(r));
        }
        reader.push_line(GRID1.as_bytes(), |r| out.push(r));
        for _ in 0..9 {
            reader.push_rejected_line(kind, |r| out.push(r));
        }
        reader.push_line(b"", |r| out.push(r));
        reader.push_rejected_line(kind, |r| out.push(r));
        reader.push_line(GRID1.as_bytes(), |r| out.push(r));
        reader.finish(|r| out.push(r));
        let lines: Vec<_> = out.iter().map(|r| (r.line, r.puzzle.is_ok())).collect();
        assert_eq!(
            lines,
            [(1, false), (13, true), (14, false), (24, false), (25, true)]
        );
        assert_eq!(out[0].puzzle.unwrap_err().kind, kind);
    }

    #[test]
    fn old_mac_line_endings_give_one_record_per_puzzle() {
        // Issue 18 item 6: a file with only `\r` line endings was one invalid record.
        let g1: Grid = GRID1.parse().unwrap();
        let boxed = boxed(&grid2()).replace('\n', "\r");
        let text = format!("# cr\r{GRID1} tag\r\r{boxed}{GRID1}\r");
        let got: Vec<_> = read(text.as_bytes())
            .iter()
            .map(|r| (r.line, grid_of(r), r.tag().map(str::to_string)))
            .collect();
        assert_eq!(
            got,
            [
                (2, Ok(g1), Some("tag".to_string())),
                (4, Ok(grid2()), None),
                (15, Ok(g1), None)
            ]
        );
        // A lone `\r` inside a puzzle is still a bad character, not a line break.
        let (left, right) = GRID1.split_at(50);
        assert_eq!(
            kinds(format!("{left}\r{right}\n").as_bytes()),
            [Err((
                ParseErrorKind::UnexpectedChar { ch: '\r' },
                pos(1, 51)
            ))]
        );
    }

    #[test]
    fn doubled_line_endings_and_boms_on_any_line_are_read() {
        // `\r\r\n` (CRLF converted twice) and a file joined from two with a BOM each.
        let text = format!("\u{feff}{GRID1}\r\r\n\u{feff}{GRID1}\r\n\u{feff}# c\n");
        assert_eq!(kinds(text.as_bytes()), [Ok(1), Ok(2)]);
        let boxed = format!("\u{feff}{}", boxed(&grid2()));
        assert_eq!(grid_of(&read(boxed.as_bytes())[0]), Ok(grid2()));
    }

    #[test]
    fn the_rest_of_a_grid_cut_by_a_blank_line_is_not_joined_to_the_next() {
        // Found by the framing property: the rows after the blank line, with the next
        // grid's first band, looked like a whole grid.
        let (g1, g2) = (GRID1.parse::<Grid>().unwrap(), grid2());
        for cut in 1..11 {
            let mut first: Vec<String> = boxed(&g1).lines().map(str::to_string).collect();
            first.insert(cut, String::new());
            let text = format!("{}\n{}{}", first.join("\n"), boxed(&g2), boxed(&g1));
            let got = outline(&text);
            let good: Vec<_> = got.iter().filter(|r| r.1.is_ok()).collect();
            assert_eq!(
                good,
                [&(13, Ok(g2)), &(24, Ok(g1))],
                "cut at {cut}: {got:?}"
            );
        }
        // Bordered grids, the same.
        let bordered = |g: &Grid| -> String {
            boxed(g)
                .lines()
                .map(|l| match l.starts_with('-') {
                    true => "+-------+-------+-------+\n".to_string(),
                    false => format!("| {} |\n", l.replace('|', "| ")),
                })
                .fold("+-------+-------+-------+\n".to_string(), |a, l| a + &l)
                + "+-------+-------+-------+\n"
        };
        for cut in 2..12 {
            let mut first: Vec<String> = bordered(&g1).lines().map(str::to_string).collect();
            first.insert(cut, String::new());
            let text = format!("{}\n{}{}", first.join("\n"), bordered(&g2), bordered(&g1));
            let got = outline(&text);
            let good: Vec<_> = got.iter().filter(|r| r.1.is_ok()).collect();
            assert_eq!(
                good,
                [&(16, Ok(g2)), &(29, Ok(g1))],
                "cut at {cut}: {got:?}"
            );
        }
    }

    #[test]
    fn over_long_lines_passed_by_their_start_are_framed_by_it() {
        let kind = ParseErrorKind::LineTooLong { limit: 100 };
        let g2 = grid2();
        let mut reader = RecordReader::new();
        let mut out = Vec::new();
        // Two one-line puzzles with long comments: two records, valid, tags cut.
        for _ in 0..2 {
            let line = format!("{GRID1}  comment {}", "x".repeat(200));
            reader.push_line_prefix(&line.as_bytes()[..100], kind, |r| out.push(r));
        }
        // A boxed grid whose rows are long: one record.
        for row in boxed(&g2).lines() {
            let line = format!("{row}{}", " ".repeat(200));
            match row.starts_with('-') {
                true => reader.push_line(row.as_bytes(), |r| out.push(r)),
                false => reader.push_line_prefix(&line.as_bytes()[..100], kind, |r| out.push(r)),
            }
        }
        reader.finish(|r| out.push(r));
        let got: Vec<_> = out
            .iter()
            .map(|r| (r.line, r.puzzle.is_ok(), r.tag(), r.tag_truncated()))
            .collect();
        assert_eq!(
            got,
            [
                (1, true, Some("comment xxxxxxxxx"), true),
                (2, true, Some("comment xxxxxxxxx"), true),
                (3, false, None, false)
            ]
        );
        assert_eq!(out[2].puzzle.unwrap_err().kind, kind);
    }
}
