//! The N×N line: one puzzle per line, N² cells, row-major.
//!
//! - Compact: one character per cell, `.` or `0` (also `_`, `*`, `-`) for an empty
//!   cell, `1`-`9` then `A`-`P` (either case) for 10 to 25. The size is the square
//!   root of the length: 16 characters make a 4×4, 36 a 6×6, 256 a 16×16, 625 a
//!   25×25. Text after the cells, past a space or tab, is the puzzle's tag.
//! - Numbers: the cells as decimal numbers separated by commas or spaces (`0` empty),
//!   for sizes past 9 without letters: `0,0,12,5,...`.
//! - Hexadecimal, by request only ([`Alphabet::Hex`]): the 16×16 files that write the
//!   sixteen digits as `0`-`F`, `0` the first digit (read as 1) and `.` empty. A
//!   compact line is never read this way by a guess.
//!
//! The boxes are the usual ones of the size ([`crate::default_box`]), or the shape
//! asked for; a size without boxes (a prime) needs an explicit shape.

use super::Error;
use crate::puzzle::{default_box, digit_char, Puzzle, MAX_SIZE};

/// How the characters of a compact line spell digits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Alphabet {
    /// `1`-`9`, then `A`-`P`; `0` and `.` empty.
    #[default]
    Standard,
    /// `0`-`9`, `A`-`F` for the digits 1 to 16; `.` empty.
    Hex,
}

/// The characters read as an empty cell in a compact line.
pub const EMPTY_CHARS: &[char] = &['.', '0', '_', '*', '-'];

/// The value of `ch` in a compact line of `alphabet`: `Some(0)` empty, `Some(d)` a
/// digit, `None` not a cell.
fn cell_value(ch: char, alphabet: Alphabet) -> Option<u8> {
    match alphabet {
        Alphabet::Standard => match ch {
            c if EMPTY_CHARS.contains(&c) => Some(0),
            '1'..='9' => Some(ch as u8 - b'0'),
            'A'..='P' => Some(ch as u8 - b'A' + 10),
            'a'..='p' => Some(ch as u8 - b'a' + 10),
            _ => None,
        },
        Alphabet::Hex => match ch {
            '.' | '_' | '*' | '-' => Some(0),
            '0'..='9' => Some(ch as u8 - b'0' + 1),
            'A'..='F' => Some(ch as u8 - b'A' + 11),
            'a'..='f' => Some(ch as u8 - b'a' + 11),
            _ => None,
        },
    }
}

/// True if every character of `token` is a cell of `alphabet` (a digit of any size, or
/// empty).
pub fn is_cells(token: &str, alphabet: Alphabet) -> bool {
    token.chars().all(|ch| cell_value(ch, alphabet).is_some())
}

/// A line read: the puzzle's givens, its size, and its tag.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cells<'a> {
    /// N.
    pub size: usize,
    /// The givens, row-major, 0 empty.
    pub givens: Vec<u8>,
    /// The text after the cells, if any.
    pub tag: Option<&'a str>,
}

fn size_of(count: usize, column: usize) -> Result<usize, Error> {
    let n = (1..=MAX_SIZE)
        .find(|n| n * n >= count)
        .unwrap_or(MAX_SIZE + 1);
    if n * n != count || n > MAX_SIZE {
        let near: Vec<String> = [4usize, 6, 9, 16, 25]
            .iter()
            .map(|n| format!("{} ({n}x{n})", n * n))
            .collect();
        return Err(Error::at_column(
            column,
            format!(
                "{count} cells is not a square board: a line holds N*N cells, such as {}",
                near.join(", ")
            ),
        ));
    }
    Ok(n)
}

/// Reads the cells of one line; see the [module docs](self). `column` numbers are
/// 1-based character positions.
pub fn read_cells(line: &str, alphabet: Alphabet) -> Result<Cells<'_>, Error> {
    let text = line.trim_end_matches(['\r', '\n']);
    let start = text.len() - text.trim_start().len();
    let body = &text[start..];
    if body.is_empty() {
        return Err(Error::at_column(1, "an empty line: no puzzle"));
    }
    let numbers = body.contains(',')
        || (body.split_whitespace().count() > 1
            && body
                .split_whitespace()
                .all(|t| t.bytes().all(|b| b.is_ascii_digit()))
            && alphabet == Alphabet::Standard);
    if numbers {
        let mut givens = Vec::new();
        let mut col = start + 1;
        for token in body.split(|c: char| c == ',' || c.is_whitespace()) {
            if !token.is_empty() {
                let v: u32 = token.parse().map_err(|_| {
                    Error::at_column(
                        col,
                        format!("{token:?} is not a number (cells are 0 for empty, or a digit)"),
                    )
                })?;
                givens.push(u8::try_from(v).unwrap_or(u8::MAX));
            }
            col += token.chars().count() + 1;
        }
        let size = size_of(givens.len(), text.chars().count())?;
        let mut col = start + 1;
        let mut k = 0;
        for token in body.split(|c: char| c == ',' || c.is_whitespace()) {
            if !token.is_empty() {
                if usize::from(givens[k]) > size {
                    return Err(Error::at_column(
                        col,
                        format!(
                            "{token} is past the largest digit of a {size}x{size} board, {size}"
                        ),
                    ));
                }
                k += 1;
            }
            col += token.chars().count() + 1;
        }
        return Ok(Cells {
            size,
            givens,
            tag: None,
        });
    }
    let end = body.find([' ', '\t']).unwrap_or(body.len());
    let (cells, rest) = body.split_at(end);
    let tag = Some(rest.trim()).filter(|t| !t.is_empty());
    let mut givens = Vec::with_capacity(cells.len());
    for (i, ch) in cells.chars().enumerate() {
        match cell_value(ch, alphabet) {
            Some(v) => givens.push(v),
            None => {
                return Err(Error::at_column(
                    start + i + 1,
                    format!(
                        "unexpected {ch:?}: a cell is '.' or '0' (empty), 1-9, or A-P for 10-25"
                    ),
                ))
            }
        }
    }
    let size = size_of(givens.len(), start + cells.chars().count())?;
    for (i, &v) in givens.iter().enumerate() {
        if usize::from(v) > size {
            return Err(Error::at_column(
                start + i + 1,
                format!(
                    "{} is past the largest digit of a {size}x{size} board, {}",
                    digit_char(v),
                    digit_char(size as u8)
                ),
            ));
        }
    }
    Ok(Cells { size, givens, tag })
}

/// Reads an N×N line into a puzzle with the usual boxes of its size, or `boxes`
/// (rows × columns) if given.
pub fn read(
    line: &str,
    alphabet: Alphabet,
    boxes: Option<(usize, usize)>,
) -> Result<Puzzle, Error> {
    let cells = read_cells(line, alphabet)?;
    let n = cells.size;
    let (r, c) = boxes.or_else(|| default_box(n)).ok_or_else(|| {
        Error::at_column(
            1,
            format!(
                "a {n}x{n} board has no usual boxes: give the box shape, or the puzzle as JSON"
            ),
        )
    })?;
    let mut p = Puzzle::with_boxes(n, r, c).map_err(|e| Error::at_column(1, e.message))?;
    p.set_givens(&cells.givens)
        .map_err(|e| Error::at_column(1, e.message))?;
    Ok(p)
}

/// Writes row-major digits as a compact line (`.` for 0).
pub fn write(values: &[u8]) -> String {
    values.iter().map(|&d| digit_char(d)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_lines_of_every_size() {
        let p = read("1...3..4..2.4...", Alphabet::Standard, None).unwrap();
        assert_eq!(p.size(), 4);
        assert_eq!(p.houses().len(), 12);
        let sixteen: String = "G".to_string() + &".".repeat(255);
        assert_eq!(
            read(&sixteen, Alphabet::Standard, None).unwrap().givens()[0],
            16
        );
        let e = read("1...3..4..2.4..", Alphabet::Standard, None).unwrap_err();
        assert!(e.to_string().contains("15 cells is not a square"), "{e}");
        let e = read("1...3..4..2.4..5", Alphabet::Standard, None).unwrap_err();
        assert_eq!(e.column(), Some(16));
        let e = read("1...3..4..2.4..x", Alphabet::Standard, None).unwrap_err();
        assert_eq!(e.column(), Some(16));
    }

    #[test]
    fn numbers_and_tags() {
        let c = read_cells("1, 0, 0, 0, 0,0,3,0, 0,4,0,0, 0,0,0,2", Alphabet::Standard).unwrap();
        assert_eq!(c.size, 4);
        assert_eq!(c.givens[6], 3);
        let c = read_cells("1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2", Alphabet::Standard).unwrap();
        assert_eq!(c.givens[15], 2);
        let c = read_cells("1...3..4..2.4... my tag", Alphabet::Standard).unwrap();
        assert_eq!(c.tag, Some("my tag"));
        let e = read_cells("1,0,0,0,0,0,3,0,0,4,0,0,0,0,0,7", Alphabet::Standard).unwrap_err();
        assert!(e.to_string().contains("past the largest digit"), "{e}");
    }

    #[test]
    fn hexadecimal_only_when_asked() {
        let line: String = "0F".to_string() + &".".repeat(254);
        let c = read_cells(&line, Alphabet::Hex).unwrap();
        assert_eq!(&c.givens[..2], &[1, 16]);
        // By default '0' is empty and 'F' is 15.
        let c = read_cells(&line, Alphabet::Standard).unwrap();
        assert_eq!(&c.givens[..2], &[0, 15]);
    }

    #[test]
    fn a_prime_size_needs_a_shape() {
        let e = read(&".".repeat(25), Alphabet::Standard, None).unwrap_err();
        assert!(e.to_string().contains("no usual boxes"));
        assert_eq!(write(&[1, 0, 16, 25]), "1.GP");
    }
}
