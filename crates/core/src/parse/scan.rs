//! One line, surveyed on its own: what kind of line it is, its squares, its first
//! error and its tag. The [reader](super::reader) frames records from these.

use super::{is_empty_mark, ParseError, ParseErrorKind, Position};

/// What a line is, for framing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// Nothing but whitespace.
    Blank,
    /// A `#` comment, a CSV header such as `quizzes,solutions`, or a section header
    /// such as SadMan Sudoku's `[Puzzle]`.
    Skipped,
    /// Only layout (`|`, `+`, `-`) and whitespace: a grid's border or band separator.
    Separator,
    /// 81 squares or more: a whole puzzle.
    Whole,
    /// 9 squares, most of them real: a row of a boxed grid.
    Row,
    /// Any other number of squares, most of them real: a stray part of a puzzle.
    Fragment,
    /// More unexpected characters than squares: text that is no puzzle at all.
    Garbage,
}

/// A surveyed line.
#[derive(Clone, Copy, Debug)]
pub(super) struct Line {
    pub kind: Kind,
    /// Squares read, counting each unexpected character as one; at most 81.
    pub count: usize,
    /// The column of the first square (1 if there is none).
    pub column: usize,
    /// The first error in the line: an unexpected character, or too many squares.
    pub error: Option<ParseError>,
    /// The byte range of the tag of a whole puzzle, if it has one.
    pub tag: Option<(usize, usize)>,
    /// The line's shape: a hash of where its layout is between its squares (a run of
    /// whitespace counted as one, whitespace at either end not counted). The rows of
    /// one boxed grid share it.
    pub shape: u64,
    /// The line starts (after whitespace) with layout, as the rows of a grid with a
    /// border all round do.
    pub bordered: bool,
    /// How many `|` and `+` the line has: a grid's separators have as many as its
    /// rows (or none at all).
    pub junctions: usize,
    /// Its squares come one after the other, with nothing between them (so square `i`
    /// is at column `column + i`).
    pub dense: bool,
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
        _ if is_empty_mark(b) => Class::Square(0),
        b' ' | b'\t' => Class::Space,
        b'|' | b'+' | b'-' => Class::Layout,
        _ => Class::Other,
    }
}

/// True for a byte that can only be a square: `1`-`9` or one of the
/// [empty marks](super::EMPTY_MARKS). No branch (see [`is_empty_mark`]).
#[inline]
pub(super) fn is_square(b: u8) -> bool {
    (b.wrapping_sub(b'1') < 9) | is_empty_mark(b)
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

/// The error for the character starting at `bytes[0]`, and its width in bytes.
fn unexpected(bytes: &[u8]) -> (ParseErrorKind, usize) {
    match decode(bytes) {
        Ok((ch, len)) => (ParseErrorKind::UnexpectedChar { ch }, len),
        Err(byte) => (ParseErrorKind::InvalidUtf8 { byte }, 1),
    }
}

/// The width in bytes of the whitespace character `text` starts with, if it starts
/// with one: space, tab, `\r`, form feed, vertical tab or no-break space (U+00A0).
pub(super) fn space(text: &[u8]) -> Option<usize> {
    match text {
        [b' ' | b'\t' | b'\r' | 0x0B | 0x0C, ..] => Some(1),
        [0xC2, 0xA0, ..] => Some(2),
        _ => None,
    }
}

/// The width in bytes of the separator that `rest` starts with, if it starts with
/// one: whitespace (as [`space`] has it), `,`, `:`, `;` or `|`.
fn separator(rest: &[u8]) -> Option<usize> {
    match rest {
        [b',' | b':' | b';' | b'|', ..] => Some(1),
        _ => space(rest),
    }
}

/// The text after a puzzle's last square, `rest`, as a tag: `Ok(None)` when there is
/// nothing but whitespace and layout, `Ok(Some((from, to)))` for the tag's byte range
/// in `rest` when a separator comes first, `Err(())` when the puzzle runs on without
/// one.
pub(super) fn tag_after(rest: &[u8]) -> Result<Option<(usize, usize)>, ()> {
    if rest.is_empty() {
        return Ok(None);
    }
    let width = separator(rest).ok_or(())?;
    let tag = trim_space(&rest[width..]);
    if tag.iter().all(|&b| classify(b) == Class::Layout) {
        return Ok(None);
    }
    let from = width + leading_space(&rest[width..]);
    Ok(Some((from, from + tag.len())))
}

/// `text` without whitespace (as [`space`] has it) at either end.
pub(super) fn trim_space(mut text: &[u8]) -> &[u8] {
    loop {
        text = match text {
            [b' ' | b'\t' | b'\r' | 0x0B | 0x0C, rest @ ..] => rest,
            [0xC2, 0xA0, rest @ ..] => rest,
            [rest @ .., b' ' | b'\t' | b'\r' | 0x0B | 0x0C] => rest,
            [rest @ .., 0xC2, 0xA0] => rest,
            _ => return text,
        }
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The shape hash after `byte` (`S` for a square), with a run of whitespace before it.
fn shape_step(mut hash: u64, space: bool, byte: u8) -> u64 {
    const PRIME: u64 = 0x0100_0000_01b3;
    if space {
        hash = (hash ^ u64::from(b'_')).wrapping_mul(PRIME);
    }
    (hash ^ u64::from(byte)).wrapping_mul(PRIME)
}

/// A section header: `[`, a name that starts with a letter (after any whitespace) and
/// holds no bracket, `]`, as SadMan Sudoku's `[Puzzle]` before the grid of an `.sdk`
/// file. A bracketed line that does not start with a letter (`[4,0,0,...]`,
/// `[.........]`) is not one: it stays an error, so that no puzzle is skipped unseen.
fn is_section_header(line: &[u8]) -> bool {
    match line {
        [b'[', name @ .., b']'] => {
            trim_space(name)
                .first()
                .is_some_and(u8::is_ascii_alphabetic)
                && !name.iter().any(|&b| matches!(b, b'[' | b']'))
        }
        _ => false,
    }
}

/// A CSV header such as `quizzes,solutions`: only letters, `_` and spaces between
/// `,`, `;` or tabs (at least one of them), and at least one letter.
fn is_csv_header(line: &[u8]) -> bool {
    line.iter()
        .all(|&b| b.is_ascii_alphabetic() || matches!(b, b'_' | b' ' | b',' | b';' | b'\t'))
        && line.iter().any(|&b| matches!(b, b',' | b';' | b'\t'))
        && line.iter().any(u8::is_ascii_alphabetic)
}

/// The fewest squares before a separator and text for the text to be read as the tag of
/// a puzzle line that is short of squares (fewer squares are no such line: a stray
/// fragment, or a word after a boxed row).
const MIN_TAGGED: usize = 72;

/// Surveys `line` (line number `number`, without its line ending), writing its first
/// `count` squares (up to 81; 0 for an unexpected character) to `squares`.
pub(super) fn scan(line: &[u8], number: usize, squares: &mut [u8; 81]) -> Line {
    let mut out = Line {
        kind: Kind::Blank,
        count: 0,
        column: 1,
        error: None,
        tag: None,
        shape: FNV_OFFSET,
        bordered: false,
        junctions: 0,
        dense: false,
    };
    let text = trim_space(line);
    match text.first() {
        None => return out,
        Some(b'#') => {
            out.kind = Kind::Skipped;
            return out;
        }
        Some(_) if is_csv_header(text) || is_section_header(text) => {
            out.kind = Kind::Skipped;
            return out;
        }
        Some(_) => {}
    }
    let mut bad = 0;
    // Layout or whitespace seen between two squares.
    let mut gapped = false;
    // Whitespace seen since the last square or layout, not yet counted in the shape.
    let mut space_pending = false;
    let mut i = 0;
    let mut column = 0;
    while i < line.len() {
        column += 1;
        let position = Position {
            line: number,
            column,
        };
        if out.count == 81 {
            out.dense = !gapped;
            out.after_last_square(line, i, position, gapped);
            break;
        }
        if !gapped && (MIN_TAGGED..81).contains(&out.count) && separator(&line[i..]).is_some() {
            // A separator right after a run of squares with nothing between them, then
            // text: `4.....8.5...  tag` with a square missing. The text is its tag, and
            // the puzzle has too few squares.
            let after = &line[i + separator(&line[i..]).unwrap_or(1)..];
            let text = &after[leading_space(after)..];
            if text.first().is_some_and(|&b| classify(b) == Class::Other) {
                let start = Position {
                    line: number,
                    column: out.column,
                };
                out.fail(ParseErrorKind::TooFewSquares { found: out.count }, start);
                break;
            }
        }
        let (value, width) = match classify(line[i]) {
            Class::Square(v) => (v, 1),
            Class::Space => {
                gapped |= out.count > 0;
                space_pending = out.shape != FNV_OFFSET;
                i += 1;
                continue;
            }
            Class::Layout => {
                gapped |= out.count > 0;
                out.bordered |= out.shape == FNV_OFFSET;
                out.junctions += usize::from(line[i] != b'-');
                out.shape = shape_step(out.shape, space_pending, line[i]);
                space_pending = false;
                i += 1;
                continue;
            }
            Class::Other => {
                let (kind, width) = unexpected(&line[i..]);
                bad += 1;
                out.fail(kind, position);
                (0, width)
            }
        };
        if out.count == 0 {
            out.column = column;
        }
        out.shape = shape_step(out.shape, space_pending, b'S');
        space_pending = false;
        squares[out.count] = value;
        out.count += 1;
        i += width;
    }
    if i >= line.len() {
        out.dense = !gapped;
    }
    out.kind = match out.count {
        0 => Kind::Separator,
        _ if 2 * bad > out.count => Kind::Garbage,
        81 => Kind::Whole,
        9 => Kind::Row,
        _ => Kind::Fragment,
    };
    out
}

impl Line {
    fn fail(&mut self, kind: ParseErrorKind, position: Position) {
        if self.error.is_none() {
            self.error = Some(ParseError { kind, position });
        }
    }

    /// The line runs past the 81st square, at `line[i]` (at `position`). A separator
    /// starts the tag; more squares are an error.
    fn after_last_square(&mut self, line: &[u8], i: usize, position: Position, gapped: bool) {
        let rest = &line[i..];
        let extra = rest.iter().filter(|&&b| is_square(b)).count();
        let start = Position {
            line: position.line,
            column: self.column,
        };
        let too_many = ParseErrorKind::TooManySquares { found: 81 + extra };
        if let Ok(tag) = tag_after(rest) {
            let only_squares = rest.iter().all(|&b| classify(b) != Class::Other);
            if gapped && only_squares && extra > 0 {
                // `4 . . |. . . |8 . 5 ... 7`: one more square of a spaced-out puzzle.
                self.fail(too_many, start);
            } else {
                self.tag = tag.map(|(from, to)| (i + from, i + to));
            }
            return;
        }
        match classify(rest[0]) {
            Class::Square(_) | Class::Layout | Class::Space => self.fail(too_many, start),
            Class::Other => self.fail(unexpected(rest).0, position),
        }
    }
}

/// The number of bytes of whitespace at the start of `text`.
fn leading_space(mut text: &[u8]) -> usize {
    let mut n = 0;
    while let Some(width) = space(text) {
        n += width;
        text = &text[width..];
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn kind(line: &str) -> Kind {
        scan(line.as_bytes(), 1, &mut [0; 81]).kind
    }

    #[test]
    fn a_line_short_of_squares_with_a_tag_has_too_few_squares() {
        for sep in [" ", "\t", ",", ";", ":", " , "] {
            let line = format!("{}{sep}tag", &GRID1[..80]);
            let found = scan(line.as_bytes(), 1, &mut [0; 81]);
            assert_eq!(
                found.error.map(|e| (e.kind, e.position.column)),
                Some((ParseErrorKind::TooFewSquares { found: 80 }, 1)),
                "{line}"
            );
        }
        // A row of a boxed grid, or a short fragment, keeps its own error.
        let found = scan(b"4 . . |. . . |8 . 5 x", 1, &mut [0; 81]);
        assert!(matches!(
            found.error.map(|e| e.kind),
            Some(ParseErrorKind::UnexpectedChar { ch: 'x' })
        ));
        let found = scan(format!("{} tag", &GRID1[..40]).as_bytes(), 1, &mut [0; 81]);
        assert!(matches!(
            found.error.map(|e| e.kind),
            Some(ParseErrorKind::UnexpectedChar { ch: 't' })
        ));
    }

    #[test]
    fn lines_are_told_apart() {
        assert_eq!(kind(""), Kind::Blank);
        assert_eq!(kind(" \t\u{a0}\x0C"), Kind::Blank);
        assert_eq!(kind("  # note"), Kind::Skipped);
        assert_eq!(kind("quizzes,solutions"), Kind::Skipped);
        assert_eq!(kind("------+------+------"), Kind::Separator);
        assert_eq!(kind("+-------+-------+-------+"), Kind::Separator);
        assert_eq!(kind(GRID1), Kind::Whole);
        assert_eq!(kind("4 . . |. . . |8 . 5"), Kind::Row);
        assert_eq!(kind("| 4 . . | . . . | 8 . 5 |"), Kind::Row);
        assert_eq!(kind("4.....8.5"), Kind::Row);
        assert_eq!(kind("4 . x |. . . |8 . 5"), Kind::Row);
        assert_eq!(kind("7"), Kind::Fragment);
        assert_eq!(kind("4 . . |. . . |8 ."), Kind::Fragment);
        assert_eq!(kind("hello world"), Kind::Garbage);
        assert_eq!(kind("abcdefghi"), Kind::Garbage);
        // Other empty marks, and section headers.
        assert_eq!(kind(&GRID1.replace('.', "_")), Kind::Whole);
        assert_eq!(kind(&GRID1.replace('.', "*")), Kind::Whole);
        assert_eq!(kind("__3_2_6__"), Kind::Row);
        assert_eq!(kind("4 * * |* * * |8 * 5"), Kind::Row);
        assert_eq!(kind("[Puzzle]"), Kind::Skipped);
        assert_eq!(kind(" \t[ Puzzle 2 ]\r"), Kind::Skipped);
        assert_ne!(kind("[]"), Kind::Skipped);
        assert_ne!(kind("[4,0,0,0,0,0,0,8,0]"), Kind::Skipped);
        assert_ne!(kind("[.........]"), Kind::Skipped);
        assert_ne!(kind("[Puzzle] 4.....8.5"), Kind::Skipped);
        assert_ne!(kind("[a]b]"), Kind::Skipped);
    }

    #[test]
    fn the_empty_marks_are_squares_of_value_0_and_nothing_else_is() {
        for b in 0..=255u8 {
            let class = classify(b);
            assert_eq!(is_square(b), matches!(class, Class::Square(_)), "{b:#x}");
            let empty = super::super::EMPTY_MARKS.contains(&b);
            assert_eq!(class == Class::Square(0), empty, "{b:#x}");
        }
        // `-` stays layout: the marks are not the box-drawing characters.
        assert!(classify(b'-') == Class::Layout && !is_square(b'-'));
    }

    #[test]
    fn rows_of_one_style_share_a_shape() {
        let shape = |line: &str| scan(line.as_bytes(), 1, &mut [0; 81]).shape;
        assert_eq!(
            shape("4 . . |. . . |8 . 5"),
            shape("  . 3 .  |. x . |. . .  ")
        );
        assert_eq!(shape("4.....8.5"), shape("123456789"));
        assert_ne!(
            shape("4 . . |. . . |8 . 5"),
            shape("| 4 . . | . . . | 8 . 5 |")
        );
        assert_ne!(shape("4 . . |. . . |8 . 5"), shape("4.....8.5"));
        assert_ne!(shape("4 . . . . . 8 . 5"), shape("4.....8.5"));
        // An empty mark is a square like any other.
        assert_eq!(shape("4 * * |* * * |8 * 5"), shape("4 . . |. . . |8 . 5"));
        assert_eq!(shape("4_____8_5"), shape("4.....8.5"));
    }

    #[test]
    fn separators_have_as_many_junctions_as_their_rows() {
        let junctions = |line: &str| scan(line.as_bytes(), 1, &mut [0; 81]).junctions;
        assert_eq!(
            junctions("4 . . |. . . |8 . 5"),
            junctions("------+------+------")
        );
        assert_eq!(
            junctions("| 4 . . | . . . | 8 . 5 |"),
            junctions("+-------+-------+-------+")
        );
        assert_eq!(
            junctions("| 4 . . | . . . | 8 . 5 |"),
            junctions("+------+------+-------+")
        );
        assert_eq!(junctions("4.....8.5"), junctions("---------"));
        assert_ne!(junctions("4.....8.5"), junctions("------+------+------"));
        assert_ne!(
            junctions("4 . . |. . . |8 . 5"),
            junctions("+-------+-------+-------+")
        );
    }

    #[test]
    fn the_tag_range_is_the_text_after_the_separator() {
        let line = format!("{GRID1} \u{a0} a tag \u{a0}\t");
        let found = scan(line.as_bytes(), 1, &mut [0; 81]);
        let (from, to) = found.tag.unwrap();
        assert_eq!(&line[from..to], "a tag");
    }
}
