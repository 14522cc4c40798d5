//! `bitdoku hint`: the next step of each puzzle, the first step of its solve path on
//! Sudoku Explainer's ladder: the easiest deduction a human can make from where the
//! puzzle stands, with what it looks at and what it changes.

use crate::args::{with_json, Hint, TextFormat};
use crate::each::map_records;
use crate::messages;
use crate::puzzles::or_stdin;
use crate::status::Status;
use crate::work::Allowance;
use bitdoku_solver::steps::{Path, Step, Unrated};
use std::fmt::Write as _;
use std::io::{self, Write};

/// Writes each puzzle's hint; the exit code. Hints are found on `threads` threads and
/// written in input order.
pub fn run(args: &Hint, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let json = with_json(args.format, args.json) == TextFormat::Json;
    let (timeout, cpu_timeout) = (args.budget.timeout, args.budget.cpu_timeout);
    let totals = map_records(
        &or_stdin(&args.puzzles.puzzles),
        threads,
        |record| match &record.puzzle {
            Err(_) => (Status::Invalid, None),
            Ok(puzzle) => match Path::new(puzzle) {
                Err(Unrated::NoSolution) => (Status::Unsolvable, None),
                Err(Unrated::NotUnique { .. }) => (Status::NotUnique, None),
                Ok(path) if path.is_solved() => (Status::Solved, None),
                Ok(mut path) => match path.next_within(Allowance::new(timeout, cpu_timeout)) {
                    Ok(Some(step)) => (Status::Hinted, Some(step)),
                    Ok(None) => (Status::Stalled, None),
                    Err(_) if crate::signals::interrupted() => (Status::Interrupted, None),
                    Err(_) => (Status::TimedOut, None),
                },
            },
        },
        |name, record, status, step| {
            if !status.is_good() && status != Status::Invalid {
                messages::record(name, record.line, 0, why(status));
            }
            if json {
                let mut object = serde_json::json!({
                    "file": name,
                    "line": record.line,
                    "puzzle": record.puzzle.as_ref().ok().map(ToString::to_string),
                    "status": status.word(),
                });
                // As in the other records: a tag and a hint only when there is one.
                if let Some(tag) = record.tag() {
                    object["tag"] = tag.into();
                }
                if let Some(step) = &step {
                    object["hint"] = serde_json::to_value(step).map_err(io::Error::other)?;
                }
                serde_json::to_writer(&mut *out, &object).map_err(io::Error::other)?;
                writeln!(out)?;
            } else {
                match &step {
                    Some(step) => write!(out, "{name}:{}: {}", record.line, describe(step))?,
                    None => writeln!(out, "{name}:{}: {}", record.line, status.word())?,
                }
            }
            Ok(status)
        },
    )?;
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}

/// Why a puzzle has no hint, in words.
fn why(status: Status) -> &'static str {
    match status {
        Status::Unsolvable => "unsolvable: the puzzle has no solution",
        Status::NotUnique => "not-unique: the puzzle has more than one solution, so no hint",
        Status::TimedOut => "timed-out: the budget ran out before the next step was found",
        _ => "stalled: no technique of the ladder finds a step",
    }
}

/// A step in words: its line, then what it looks at, then its chain, if any.
pub fn describe(step: &Step) -> String {
    let mut text = format!("{step}\n");
    let list = |items: Vec<String>| items.join(", ");
    let units: Vec<String> = step.units().map(|u| u.to_string()).collect();
    let digits: Vec<String> = step.digits().map(|d| d.to_string()).collect();
    let cells: Vec<String> = step.cells().map(|s| s.to_string()).collect();
    let mut parts = Vec::new();
    if !units.is_empty() {
        parts.push(list(units));
    }
    if !digits.is_empty() {
        parts.push(format!("digit{} {}", plural(digits.len()), list(digits)));
    }
    if !cells.is_empty() {
        parts.push(format!("square{} {}", plural(cells.len()), list(cells)));
    }
    if !parts.is_empty() {
        let _ = writeln!(text, "  looks at {}", parts.join("; "));
    }
    for link in step.links() {
        let _ = writeln!(text, "    {} => {}", link.from, link.to);
    }
    text
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
