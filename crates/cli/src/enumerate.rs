//! `bitdoku enumerate`: each solution of each puzzle, up to `--limit`, written as the
//! search finds it (so memory stays flat however many there are). Line format: one
//! solution per line between a `#` line naming the puzzle and a `#` line with the count
//! (so the output reads back as puzzles); grid: the same with boxed grids; JSON: a
//! `solution` object per solution, then an `end` object. A signal stops the search;
//! the solutions written so far stay, and the puzzle's last line says `interrupted`.

use crate::args::{with_json, Enumerate, Format, PuzzleFormat};
use crate::each::for_each_item;
use crate::input::{General, Item};
use crate::messages;
use crate::output::write_grid;
use crate::puzzles::or_stdin;
use crate::signals;
use crate::status::Status;
use bitdoku_core::{Grid, Record};
use bitdoku_solver::enumerate::enumerate_until;
use serde_json::json;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Writes each puzzle's solutions; the exit code (1 if a puzzle has none).
pub fn run(args: &Enumerate, out: &mut dyn Write) -> io::Result<u8> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX).max(1);
    let format = with_json(args.format, args.json);
    let settings = args.puzzles.settings();
    let paths = or_stdin(&args.puzzles.puzzles);
    let totals = for_each_item(
        &paths,
        |i| i.with_settings(settings),
        |name, item| {
            let record = match item {
                Item::Classic(record) => record,
                Item::General(g) => return general(out, format, name, g, limit),
            };
            let line = record.line;
            let Ok(puzzle) = &record.puzzle else {
                match format {
                    PuzzleFormat::Json => write_json(
                        out,
                        json!({"event": "invalid", "file": name, "line": line,
                           "status": Status::Invalid.word()}),
                    )?,
                    _ => writeln!(out, "# {name}:{line}: {}", Status::Invalid.word())?,
                }
                return Ok(Status::Invalid);
            };
            if format != PuzzleFormat::Json {
                writeln!(out, "# {name}:{line}")?;
            }
            let mut written = 0usize;
            let mut error = None;
            enumerate_until(puzzle, limit, |s: &Grid| {
                let wrote = match format {
                    PuzzleFormat::Line => write_grid(out, s, Format::Line),
                    PuzzleFormat::Grid => write_grid(out, s, Format::Grid),
                    PuzzleFormat::Json => write_json(
                        out,
                        json!({"event": "solution", "file": name, "line": line,
                           "index": written + 1, "solution": s.to_string()}),
                    ),
                };
                if let Err(e) = wrote {
                    error = Some(e);
                    return ControlFlow::Break(());
                }
                written += 1;
                if signals::interrupted() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if let Some(e) = error {
                return Err(e);
            }
            let status = if signals::interrupted() {
                Status::Interrupted
            } else if written == 0 {
                messages::record(name, line, 0, "unsolvable");
                Status::Unsolvable
            } else {
                Status::Done
            };
            end(out, format, name, record, status, written, written >= limit)?;
            Ok(status)
        },
    )?;
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}

/// A puzzle's last line: how many solutions, `+` when the limit stopped the search,
/// `interrupted` when a signal did.
fn end(
    out: &mut dyn Write,
    format: PuzzleFormat,
    name: &str,
    record: &Record,
    status: Status,
    written: usize,
    at_limit: bool,
) -> io::Result<()> {
    let line = record.line;
    if format == PuzzleFormat::Json {
        let mut object = json!({
            "event": "end", "file": name, "line": line,
            "puzzle": record.puzzle.as_ref().ok().map(ToString::to_string),
            "status": status.word(), "solutions": written,
            "at_least": at_limit || status == Status::Interrupted,
        });
        if let Some(tag) = record.tag() {
            object["tag"] = tag.into();
        }
        return write_json(out, object);
    }
    if status == Status::Interrupted {
        return writeln!(
            out,
            "# {name}:{line}: {written} solutions so far (interrupted)"
        );
    }
    let more = if at_limit { "+" } else { "" };
    let word = if written == 1 {
        "solution"
    } else {
        "solutions"
    };
    writeln!(out, "# {name}:{line}: {written}{more} {word}")
}

/// The solutions of a general puzzle, as [`run`] writes a classic one's (each as its
/// N×N line, or Norvig's grid of its size).
fn general(
    out: &mut dyn Write,
    format: PuzzleFormat,
    name: &str,
    g: &General,
    limit: usize,
) -> io::Result<Status> {
    let line = g.line;
    let read = match &g.read {
        Ok(read) => read,
        Err(_) => {
            match format {
                PuzzleFormat::Json => write_json(
                    out,
                    json!({"event": "invalid", "file": name, "line": line,
                           "status": Status::Invalid.word()}),
                )?,
                _ => writeln!(out, "# {name}:{line}: {}", Status::Invalid.word())?,
            }
            return Ok(Status::Invalid);
        }
    };
    let engine = match bitdoku_variants::Engine::new(&read.puzzle) {
        Ok(e) => e,
        Err(e) => {
            messages::record(name, line, 0, &e);
            writeln!(out, "# {name}:{line}: {}", Status::Invalid.word())?;
            return Ok(Status::Invalid);
        }
    };
    if format != PuzzleFormat::Json {
        writeln!(out, "# {name}:{line}")?;
    }
    /// Writes each solution; stops the search (through `keep_going`) after a write
    /// error or a signal.
    struct Each<'a> {
        out: &'a mut dyn Write,
        format: PuzzleFormat,
        name: &'a str,
        line: usize,
        puzzle: &'a bitdoku_variants::Puzzle,
        written: usize,
        error: Option<io::Error>,
    }
    impl bitdoku_variants::Control for Each<'_> {
        fn keep_going(&mut self) -> bool {
            self.error.is_none() && !signals::interrupted()
        }
        fn solution(&mut self, s: &[u8]) {
            if self.error.is_some() {
                return;
            }
            let text = bitdoku_variants::format::line(s);
            let wrote = match self.format {
                PuzzleFormat::Line => writeln!(self.out, "{text}"),
                PuzzleFormat::Grid => writeln!(
                    self.out,
                    "{}",
                    bitdoku_variants::format::grid(self.puzzle, s)
                ),
                PuzzleFormat::Json => write_json(
                    self.out,
                    json!({"event": "solution", "file": self.name, "line": self.line,
                           "index": self.written + 1, "solution": text}),
                ),
            };
            match wrote {
                Ok(()) => self.written += 1,
                Err(e) => self.error = Some(e),
            }
        }
    }
    let mut each = Each {
        out: &mut *out,
        format,
        name,
        line,
        puzzle: &read.puzzle,
        written: 0,
        error: None,
    };
    let outcome = engine.search_with(
        &bitdoku_variants::Options::default().with_limit(limit),
        &mut each,
    );
    if let Some(e) = each.error {
        return Err(e);
    }
    let written = each.written;
    let status = if signals::interrupted() && !outcome.complete {
        Status::Interrupted
    } else if written == 0 {
        if let Some(e) = read.puzzle.repeated_given() {
            messages::record(name, line, 0, &e);
            Status::Invalid
        } else {
            messages::record(name, line, 0, "unsolvable");
            Status::Unsolvable
        }
    } else {
        Status::Done
    };
    let at_limit = written >= limit;
    if format == PuzzleFormat::Json {
        let mut object = json!({
            "event": "end", "file": name, "line": line,
            "puzzle": bitdoku_variants::format::line(read.puzzle.givens()),
            "status": status.word(), "solutions": written,
            "at_least": at_limit || status == Status::Interrupted,
        });
        if let Some(tag) = &g.tag {
            object["tag"] = tag.as_str().into();
        }
        return write_json(out, object).map(|()| status);
    }
    if status == Status::Interrupted {
        writeln!(
            out,
            "# {name}:{line}: {written} solutions so far (interrupted)"
        )?;
        return Ok(status);
    }
    let more = if at_limit { "+" } else { "" };
    let word = if written == 1 {
        "solution"
    } else {
        "solutions"
    };
    writeln!(out, "# {name}:{line}: {written}{more} {word}")?;
    Ok(status)
}

fn write_json(out: &mut dyn Write, value: serde_json::Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &value).map_err(io::Error::other)?;
    out.write_all(b"\n")
}
