//! `bitdoku minimize`: each puzzle with every given it does not need removed (see
//! `bitdoku_solver::minimize`): one line per puzzle, its tag kept after it (or a boxed
//! grid, or a JSON object); `unsolvable` for a puzzle with no solution, `invalid` for a
//! record that is not a puzzle (or is a pencilmark puzzle, which has no givens to
//! remove).

use crate::args::{with_json, Minimize};
use crate::each::map_items;
use crate::input::Item;
use crate::messages;
use crate::output::{write_general_record, write_puzzle_record};
use crate::puzzles::or_stdin;
use crate::status::Status;
use bitdoku_core::{Grid, Puzzle};
use bitdoku_solver::minimize::minimize;
use std::io::{self, Write};

/// Writes each puzzle's minimal form (worked out on `threads` threads, written in input
/// order); the exit code.
pub fn run(args: &Minimize, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let format = with_json(args.format, args.json);
    let settings = args.puzzles.settings();
    let totals = map_items(
        &or_stdin(&args.puzzles.puzzles),
        threads,
        |i| i.with_settings(settings),
        |item| match item {
            Item::Classic(record) => match &record.puzzle {
                Ok(Puzzle::Givens(grid)) => match minimize(grid) {
                    Ok(minimal) => (Status::Done, Ok(Minimal::Classic(minimal))),
                    Err(e) => (Status::Unsolvable, Err(e.to_string())),
                },
                Ok(Puzzle::Candidates(_)) => (Status::Invalid, Err(messages::GIVENS_ONLY.into())),
                Err(_) => (Status::Invalid, Err(String::new())),
            },
            Item::General(g) => match &g.read {
                Err(_) => (Status::Invalid, Err(String::new())),
                Ok(read) => match bitdoku_variants::minimize::minimize(&read.puzzle) {
                    Ok(minimal) => match bitdoku_variants::format::write_like(read, &minimal) {
                        Ok(text) => (Status::Done, Ok(Minimal::General(minimal, text))),
                        Err(e) => (Status::Invalid, Err(e.to_string())),
                    },
                    Err(e) => match read.puzzle.repeated_given() {
                        Some(r) => (Status::Invalid, Err(r.to_string())),
                        None => (Status::Unsolvable, Err(e.to_string())),
                    },
                },
            },
        },
        |name, item, status, minimal: Result<Minimal, String>| {
            match (&minimal, status) {
                (Err(why), Status::Unsolvable) => {
                    messages::record(name, item.line(), 0, format_args!("unsolvable: {why}"))
                }
                (Err(why), _) if !why.is_empty() => messages::record(name, item.line(), 0, why),
                _ => {}
            }
            match (item, minimal) {
                (Item::Classic(record), minimal) => write_puzzle_record(
                    out,
                    format,
                    name,
                    record,
                    status,
                    minimal.ok().and_then(|m| m.classic()).as_ref(),
                    "minimal",
                )?,
                (Item::General(_), minimal) => {
                    let m = minimal.ok().and_then(|m| m.general());
                    write_general_record(out, format, name, item, status, m.as_ref(), "minimal")?
                }
            }
            Ok(status)
        },
    )?;
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}

/// A puzzle minimized: a classic grid, or a general puzzle with its text in the format
/// it came in.
enum Minimal {
    Classic(Grid),
    General(bitdoku_variants::Puzzle, String),
}

impl Minimal {
    fn classic(self) -> Option<Grid> {
        match self {
            Minimal::Classic(g) => Some(g),
            Minimal::General(..) => None,
        }
    }

    fn general(self) -> Option<(bitdoku_variants::Puzzle, String)> {
        match self {
            Minimal::General(p, text) => Some((p, text)),
            Minimal::Classic(_) => None,
        }
    }
}
