//! The reader's framing, as a property (issue 18): inputs that mix one-line puzzles
//! (with and without tags), boxed grids in three styles written back to back or apart,
//! each with one of the empty marks (`0`, `.`, `_`, `*`), garbage lines, stray short
//! lines, blank, comment, header, section header (`[Puzzle]`) and layout-only lines,
//! with LF, CRLF, `\r\r\n` or CR-only line endings. Every input puzzle must give exactly one
//! record, in input order, on its line, with its tag; no record may be a valid puzzle
//! that was not in the input.
//!
//! The fuzz target `fuzz/fuzz_targets/framing.rs` checks the same property on inputs
//! built from fuzzer bytes; `crates/cli/tests/framing.rs` drives the binary.

use bitdoku_core::{Grid, RecordReader, EMPTY_MARKS};
use proptest::prelude::*;

/// A solved grid; puzzles are relabellings of it with squares emptied, so they never
/// repeat a digit in a unit.
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// How a puzzle is written.
#[derive(Clone, Debug)]
enum Style {
    /// One line, with an optional tag after the given separator.
    Line { tag: Option<(char, String)> },
    /// One line with a space or tab between squares (no tag).
    SpacedLine,
    /// Norvig's boxed grid: `4 . . |. . . |8 . 5`, `------+------+------`.
    Norvig,
    /// A grid with a border all round: `+-------+`, `| 4 . . | ...`.
    Bordered,
    /// Nine lines of nine squares and nothing else.
    Plain,
}

/// A line that holds no puzzle.
#[derive(Clone, Debug)]
enum Junk {
    Blank,
    Comment(String),
    Header,
    /// A section header such as SadMan Sudoku's `[Puzzle]`.
    Section(String),
    Layout,
    /// Words: a line of text.
    Garbage(String),
    /// Squares, but not 9 and fewer than 81.
    Stray(String),
}

#[derive(Clone, Debug)]
enum Item {
    /// A puzzle, in a style, with its empty squares written as the given mark.
    Puzzle(Grid, Style, char),
    Junk(Junk),
}

fn puzzle() -> impl Strategy<Value = Grid> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        prop::collection::vec(prop::bool::weighted(0.35), 81),
    )
        .prop_map(|(labels, keep)| {
            let values: [u8; 81] = core::array::from_fn(|i| {
                let d = SOLUTION.as_bytes()[i] - b'0';
                if keep[i] {
                    labels[usize::from(d - 1)]
                } else {
                    0
                }
            });
            Grid::from_values(values)
        })
}

fn style() -> impl Strategy<Value = Style> {
    let tag = prop::option::of((
        prop::sample::select(vec![' ', '\t', ',', ':', ';', '|']),
        "[A-Za-z0-9][A-Za-z0-9 _.-]{0,30}[A-Za-z0-9]",
    ));
    prop_oneof![
        3 => tag.prop_map(|tag| Style::Line { tag }),
        1 => Just(Style::SpacedLine),
        2 => Just(Style::Norvig),
        1 => Just(Style::Bordered),
        1 => Just(Style::Plain),
    ]
}

fn junk() -> impl Strategy<Value = Junk> {
    let stray = (1usize..81)
        .prop_filter("not a row", |n| *n != 9)
        .prop_flat_map(|n| {
            prop::collection::vec(prop::sample::select(b"0123456789._* ".to_vec()), n)
        })
        .prop_map(|bytes| String::from_utf8(bytes).unwrap())
        .prop_filter("squares, not 9", |s| {
            let n = s.bytes().filter(|b| *b != b' ').count();
            n > 0 && n != 9
        });
    prop_oneof![
        Just(Junk::Blank),
        "[ -~]{0,20}".prop_map(|c| Junk::Comment(format!("# {c}"))),
        Just(Junk::Header),
        "[A-Z][a-z]{0,10}".prop_map(|name| Junk::Section(format!("[{name}]"))),
        Just(Junk::Layout),
        "[a-zA-Z]{1,12}( [a-zA-Z!?]{1,12}){0,4}".prop_map(Junk::Garbage),
        stray.prop_map(Junk::Stray),
    ]
}

fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        3 => (puzzle(), style(), prop::sample::select(EMPTY_MARKS.map(char::from).to_vec()))
            .prop_map(|(g, s, mark)| Item::Puzzle(g, s, mark)),
        2 => junk().prop_map(Item::Junk),
    ]
}

/// The lines of `grid` written in `style` with `mark` for an empty square, and the
/// index of the line it starts on.
fn lines_of(grid: &Grid, style: &Style, mark: char) -> (Vec<String>, usize) {
    let text = grid.to_string().replace('.', &mark.to_string());
    let rows: Vec<&str> = (0..9).map(|r| &text[9 * r..9 * r + 9]).collect();
    let spaced = |row: &str, bar: &str| -> String {
        let sq: Vec<String> = row.chars().map(|c| c.to_string()).collect();
        format!(
            "{}{}{}{}{}",
            sq[..3].join(" "),
            bar,
            sq[3..6].join(" "),
            bar,
            sq[6..].join(" ")
        )
    };
    match style {
        Style::Line { tag: None } => (vec![text.clone()], 0),
        Style::Line {
            tag: Some((sep, tag)),
        } => (vec![format!("{text}{sep}{tag}")], 0),
        Style::SpacedLine => {
            let sq: Vec<String> = text.chars().map(|c| c.to_string()).collect();
            (vec![sq.join(" \t")], 0)
        }
        Style::Norvig => {
            let mut out = Vec::new();
            for (r, row) in rows.iter().enumerate() {
                out.push(spaced(row, " |"));
                if r == 2 || r == 5 {
                    out.push("------+------+------".into());
                }
            }
            (out, 0)
        }
        Style::Bordered => {
            let border = "+-------+-------+-------+".to_string();
            let mut out = vec![border.clone()];
            for (r, row) in rows.iter().enumerate() {
                out.push(format!("| {} |", spaced(row, " | ")));
                if r % 3 == 2 {
                    out.push(border.clone());
                }
            }
            (out, 1)
        }
        Style::Plain => (rows.iter().map(|r| r.to_string()).collect(), 0),
    }
}

fn junk_line(junk: &Junk) -> String {
    match junk {
        Junk::Blank => String::new(),
        Junk::Comment(c) => c.clone(),
        Junk::Header => "quizzes,solutions".into(),
        Junk::Layout => "------+------+------".into(),
        Junk::Garbage(g) | Junk::Stray(g) | Junk::Section(g) => g.clone(),
    }
}

/// An input and what must be read from it: `(line, puzzle, tag)` per puzzle.
struct Case {
    bytes: Vec<u8>,
    expected: Vec<(usize, Grid, Option<String>)>,
}

/// The line ending styles: LF, CRLF, `\r\r\n`, mixed per line, or CR only.
fn build(items: &[Item], blank_between: &[bool], ending: u8) -> Case {
    let mut lines: Vec<String> = Vec::new();
    let mut expected = Vec::new();
    for (k, item) in items.iter().enumerate() {
        if blank_between.get(k).copied().unwrap_or(false) {
            lines.push(String::new());
        }
        match item {
            Item::Puzzle(grid, style, mark) => {
                let (ls, first) = lines_of(grid, style, *mark);
                let tag = match style {
                    Style::Line { tag: Some((_, t)) } => Some(t.trim().to_string()),
                    _ => None,
                };
                expected.push((lines.len() + first + 1, *grid, tag));
                lines.extend(ls);
            }
            Item::Junk(junk) => lines.push(junk_line(junk)),
        }
    }
    let mut bytes = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        bytes.extend_from_slice(line.as_bytes());
        let end: &[u8] = match ending {
            0 => b"\n",
            1 => b"\r\n",
            2 => b"\r\r\n",
            3 => [&b"\n"[..], b"\r\n", b"\r\r\n"][i % 3],
            _ => b"\r",
        };
        bytes.extend_from_slice(end);
    }
    Case { bytes, expected }
}

/// Like [`build`] with LF endings, then `junk` lines inserted at the given places
/// (taken modulo the line count): inside grids too. The expected records are every
/// puzzle's, where its first line ended up; a damaged puzzle may be lost, but a
/// valid record must be one of these.
fn build_damaged(items: &[Item], junk: &[(usize, Junk)]) -> Case {
    // Each line, and the puzzle it belongs to with whether the puzzle starts on it.
    let mut lines: Vec<(String, Option<(usize, bool)>)> = Vec::new();
    let mut puzzles = Vec::new();
    for item in items {
        match item {
            Item::Puzzle(grid, style, mark) => {
                let (ls, first) = lines_of(grid, style, *mark);
                let tag = match style {
                    Style::Line { tag: Some((_, t)) } => Some(t.trim().to_string()),
                    _ => None,
                };
                let id = puzzles.len();
                puzzles.push((*grid, tag, first));
                lines.extend(
                    ls.into_iter()
                        .enumerate()
                        .map(|(k, l)| (l, Some((id, k == first)))),
                );
            }
            Item::Junk(j) => lines.push((junk_line(j), None)),
        }
    }
    for (at, j) in junk {
        let at = at % (lines.len() + 1);
        lines.insert(at, (junk_line(j), None));
    }
    let mut expected = Vec::new();
    for (i, (_, at)) in lines.iter().enumerate() {
        if let Some((id, true)) = *at {
            let (grid, tag, _) = &puzzles[id];
            expected.push((i + 1, *grid, tag.clone()));
        }
    }
    let mut bytes = Vec::new();
    for (line, _) in &lines {
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
    }
    Case { bytes, expected }
}

/// Reads `bytes` as the command line tool does: lines split at `\n`, each pushed
/// with its `\n` or (with `strip`) without.
fn read(bytes: &[u8], strip: bool) -> Vec<(usize, Result<Grid, String>, Option<String>)> {
    let mut reader = RecordReader::new();
    let mut out = Vec::new();
    let mut push = |r: bitdoku_core::Record| {
        out.push((
            r.line,
            r.puzzle
                .map(|p| match p {
                    bitdoku_core::Puzzle::Givens(grid) => grid,
                    bitdoku_core::Puzzle::Candidates(_) => panic!("a pencilmark record"),
                })
                .map_err(|e| e.to_string()),
            r.tag().map(str::to_string),
        ))
    };
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let line = if strip {
            line.strip_suffix(b"\n").unwrap_or(line)
        } else {
            line
        };
        reader.push_line(line, &mut push);
    }
    reader.finish(&mut push);
    out
}

proptest! {
    #[test]
    fn every_puzzle_gives_one_record_in_order_and_none_is_a_phantom(
        items in prop::collection::vec(item(), 0..14),
        blank_between in prop::collection::vec(prop::bool::weighted(0.3), 14),
        ending in 0u8..5,
        strip in any::<bool>(),
    ) {
        let case = build(&items, &blank_between, ending);
        let records = read(&case.bytes, strip);
        let valid: Vec<_> = records
            .iter()
            .filter_map(|(line, grid, tag)| grid.as_ref().ok().map(|g| (*line, *g, tag.clone())))
            .collect();
        prop_assert_eq!(
            &valid,
            &case.expected,
            "input:\n{}\nrecords: {:#?}",
            String::from_utf8_lossy(&case.bytes).replace('\r', "<CR>"),
            records
        );
    }

    #[test]
    fn junk_anywhere_never_makes_a_phantom(
        items in prop::collection::vec(item(), 0..14),
        junk in prop::collection::vec((any::<usize>(), junk()), 0..4),
    ) {
        let case = build_damaged(&items, &junk);
        let records = read(&case.bytes, true);
        for (line, grid, tag) in &records {
            if let Ok(grid) = grid {
                prop_assert!(
                    case.expected.iter().any(|e| e == &(*line, *grid, tag.clone())),
                    "phantom at line {}: {}\ninput:\n{}",
                    line,
                    grid,
                    String::from_utf8_lossy(&case.bytes)
                );
            }
        }
    }
}
