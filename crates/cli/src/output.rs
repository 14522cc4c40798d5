//! Output records: one per puzzle, in the format asked for. What a record says comes
//! from its [`Done`]; the words from its [`Status`].

use crate::args::{Format, PuzzleFormat};
use crate::input::Item;
use crate::status::Status;
use crate::work::{Done, GeneralDone, Task};
use bitdoku_core::{Grid, Record};
use bitdoku_solver::rate::Summary;
use bitdoku_variants::format as vformat;
use bitdoku_variants::CandidatesSummary;
use serde::Serialize;
use std::io::{self, Write};

/// One JSON Lines record.
#[derive(Serialize)]
struct JsonRecord<'a> {
    file: &'a str,
    line: usize,
    /// The text after the 81st square, when there is some.
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<&'a str>,
    /// The puzzle as 81 characters (`.` for empty) or, for a pencilmark puzzle, its
    /// 729-character line; null if it could not be read.
    puzzle: Option<&'a str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'a str>,
    /// Count: solutions found.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<usize>,
    /// Count: true when counting stopped at the limit (or a budget), so there may be
    /// more.
    #[serde(skip_serializing_if = "Option::is_none")]
    at_least: Option<bool>,
    /// Rate: ER, EP and ED on Sudoku Explainer's scale, the technique of each, the
    /// coarse level and its label, and the steps of the solve path (the library's
    /// `rate::Summary`, as every front end gives it).
    #[serde(flatten)]
    rating: Option<Summary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    backtracks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// One JSON Lines record of a general puzzle (or of any puzzle's true candidates).
#[derive(Serialize)]
struct GeneralJson<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<&'a str>,
    /// The board's side, N.
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<usize>,
    /// The givens as an N×N line (`.` for empty); null if the record could not be read.
    puzzle: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at_least: Option<bool>,
    /// True candidates: `bitdoku_variants::CandidatesSummary`, as every front end
    /// gives it (its status is the record's).
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fixed: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    undecided: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    backtracks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// How records are written in one run.
pub struct Writer {
    /// The format.
    pub format: Format,
    /// What the run does.
    pub task: Task,
    /// Add the solver's effort and time to JSON records.
    pub stats: bool,
    /// The solver counts its guesses (the string solver does not).
    pub counts_guesses: bool,
    /// The wall-clock budget, for the timed-out message.
    pub timeout: Option<std::time::Duration>,
}

/// The text after a record's 81st square, if any.
pub fn tag_of(record: &Record) -> Option<&str> {
    record.tag()
}

/// Why a record is not what was asked for, in words (`None` for a good record).
pub fn why(done: &Done, w: &Writer) -> Option<String> {
    Some(match done.status {
        Status::Unsolvable => match done.general.as_ref().and_then(|g| g.no_solution.as_ref()) {
            Some(why) => format!("unsolvable: {why}"),
            None => "unsolvable: the puzzle has no solution".to_string(),
        },
        Status::GaveUp => format!("gave up after {} guesses", done.stats.guesses),
        Status::TimedOut if done.rating.is_some() => {
            let r = done.rating.as_ref()?;
            let after = format!(
                "timed out after {} step{}, ER at least {}",
                r.steps,
                if r.steps == 1 { "" } else { "s" },
                r.er
            );
            match w.timeout {
                Some(t) => format!("{after} ({:.3} s)", t.as_secs_f64()),
                None => format!("{after} (CPU time)"),
            }
        }
        Status::TimedOut => match w.timeout {
            Some(t) => format!(
                "timed out after {} guesses ({:.3} s)",
                done.stats.guesses,
                t.as_secs_f64()
            ),
            None => format!("timed out after {} guesses (CPU time)", done.stats.guesses),
        },
        Status::Invalid => done.error.map(|e| e.to_string())?,
        Status::NotUnique => "not-unique: more than one solution, so not rated".to_string(),
        Status::Stalled => "stalled: no technique of the ladder finds a step".to_string(),
        Status::Multiple | Status::Interrupted => return None,
        Status::Solved
        | Status::Unique
        | Status::Solvable
        | Status::Rated
        | Status::Hinted
        | Status::Done => return None,
    })
}

fn text(line: &[u8; 81]) -> &str {
    // Grid::to_line gives ASCII digits and dots.
    std::str::from_utf8(line).unwrap_or("")
}

impl Writer {
    /// Writes the record of `item`, whose work ended in `done`.
    pub fn write(
        &self,
        out: &mut dyn Write,
        name: &str,
        item: &Item,
        done: &Done,
    ) -> io::Result<()> {
        match (item, &done.general) {
            (Item::Classic(record), None) => self.write_classic(out, name, record, done),
            (_, general) => self.write_general(out, name, item, done, general.as_deref()),
        }
    }

    fn write_classic(
        &self,
        out: &mut dyn Write,
        name: &str,
        record: &Record,
        done: &Done,
    ) -> io::Result<()> {
        match self.format {
            Format::Json => self.json(out, name, record, done),
            Format::Tsv => self.tsv(out, name, record, done),
            Format::Line | Format::Grid => self.plain(out, done),
        }
    }

    fn counted(&self) -> bool {
        matches!(self.task, Task::Count(_))
    }

    fn plain(&self, out: &mut dyn Write, done: &Done) -> io::Result<()> {
        let grid = self.format == Format::Grid;
        match self.task {
            Task::Solve => match done.solution {
                Some(solution) => write_grid(out, &solution, self.format),
                None if grid => writeln!(out, "{}\n", done.status.word()),
                None => writeln!(out, "{}", done.status.word()),
            },
            Task::Count(limit) => {
                match done.status {
                    Status::Invalid => writeln!(out, "{}", done.status.word())?,
                    _ => writeln!(
                        out,
                        "{}{} {}",
                        done.solutions,
                        if self.at_least(done, limit) { "+" } else { "" },
                        done.status.word()
                    )?,
                }
                match (grid, done.solution) {
                    (true, Some(g)) => write_grid(out, &g, Format::Grid),
                    (true, None) => writeln!(out),
                    _ => Ok(()),
                }
            }
            Task::Rate => {
                match done.rating {
                    // A lower bound: ER of the steps taken.
                    Some(r) if !r.complete() => writeln!(
                        out,
                        "{}+ {} after {} step{}",
                        r.er,
                        done.status.word(),
                        r.steps,
                        if r.steps == 1 { "" } else { "s" }
                    )?,
                    Some(r) => writeln!(
                        out,
                        "{}/{}/{} {} {} {}",
                        r.er,
                        r.ep,
                        r.ed,
                        r.level(),
                        r.label(),
                        r.summary().technique
                    )?,
                    None => writeln!(out, "{}", done.status.word())?,
                }
                match (grid, done.solution) {
                    (true, Some(g)) => write_grid(out, &g, Format::Grid),
                    (true, None) => writeln!(out),
                    _ => Ok(()),
                }
            }
            // True candidates are written by `write_general`.
            Task::Candidates(_) => writeln!(out, "{}", done.status.word()),
        }
    }

    fn at_least(&self, done: &Done, limit: usize) -> bool {
        done.solutions >= limit || matches!(done.status, Status::GaveUp | Status::TimedOut)
    }

    /// `KEY<TAB>ANSWER`: the key is the record's tag, or the puzzle when it has none
    /// (`FILE:LINE` for a record that is not a puzzle); the answer is the solution, or
    /// the line format's answer.
    fn tsv(&self, out: &mut dyn Write, name: &str, record: &Record, done: &Done) -> io::Result<()> {
        match (tag_of(record), &record.puzzle) {
            // A tab inside the tag would make a third column.
            (Some(tag), _) if tag.contains('\t') => write!(out, "{}\t", tag.replace('\t', " "))?,
            (Some(tag), _) => write!(out, "{tag}\t")?,
            (None, Ok(puzzle)) if done.status != Status::Invalid => write!(out, "{puzzle}\t")?,
            (None, _) => write!(out, "{name}:{}\t", record.line)?,
        }
        match (self.task, done.solution) {
            (Task::Solve, Some(solution)) => write_grid(out, &solution, Format::Line),
            _ => Writer {
                format: Format::Line,
                task: self.task,
                stats: false,
                counts_guesses: self.counts_guesses,
                timeout: self.timeout,
            }
            .plain(out, done),
        }
    }

    fn json(
        &self,
        out: &mut dyn Write,
        name: &str,
        record: &Record,
        done: &Done,
    ) -> io::Result<()> {
        // An invalid record has no puzzle to echo, also when its repeated digit was
        // found after the solve (see `work`).
        let puzzle = record
            .puzzle
            .as_ref()
            .ok()
            .filter(|_| done.status != Status::Invalid)
            .map(ToString::to_string);
        let solution = done.solution.as_ref().map(Grid::to_line);
        let counted = self.counted();
        let limit = match self.task {
            Task::Count(n) => n,
            _ => 1,
        };
        let effort = self.stats && self.counts_guesses;
        let json = JsonRecord {
            file: name,
            line: record.line,
            tag: tag_of(record),
            puzzle: puzzle.as_deref(),
            status: done.status.word(),
            solution: solution.as_ref().map(text),
            solutions: (counted && done.status != Status::Invalid).then_some(done.solutions),
            at_least: (counted && done.status != Status::Invalid)
                .then(|| self.at_least(done, limit)),
            rating: done.rating.map(|r| r.summary()),
            error: why(done, self).filter(|_| done.status != Status::NotUnique),
            guesses: effort.then_some(done.stats.guesses),
            backtracks: effort.then_some(done.stats.backtracks),
            micros: self.stats.then_some((done.secs * 1e7).round() / 10.0),
        };
        serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
        out.write_all(b"\n")
    }
}

impl Writer {
    /// Writes the record of a general puzzle (or a classic one's true candidates).
    fn write_general(
        &self,
        out: &mut dyn Write,
        name: &str,
        item: &Item,
        done: &Done,
        general: Option<&GeneralDone>,
    ) -> io::Result<()> {
        let empty = GeneralDone::default();
        let g = general.unwrap_or(&empty);
        let puzzle = match item {
            Item::General(x) => x.read.as_ref().ok().map(|r| r.puzzle.clone()),
            Item::Classic(r) => r.puzzle.ok().map(|p| {
                let mut q = bitdoku_variants::Puzzle::classic(9).expect("9x9 has boxes");
                let _ = q.set_givens(p.grid().values());
                q
            }),
        };
        let candidates = g.candidates.as_ref();
        match self.format {
            Format::Json => self.general_json(out, name, item, done, g, puzzle.as_ref()),
            Format::Tsv => {
                match (item.tag(), &puzzle) {
                    (Some(tag), _) => write!(out, "{}\t", tag.replace('\t', " "))?,
                    (None, Some(p)) if done.status != Status::Invalid => {
                        write!(out, "{}\t", vformat::line(p.givens()))?
                    }
                    (None, _) => write!(out, "{name}:{}\t", item.line())?,
                }
                self.general_line(out, done, g, candidates)
            }
            Format::Line => self.general_line(out, done, g, candidates),
            Format::Grid => {
                let p = puzzle.as_ref();
                match (self.task, candidates, &g.solution, p) {
                    (Task::Candidates(_), Some(c), _, Some(p)) if !c.candidates.is_empty() => {
                        writeln!(
                            out,
                            "# {name}:{}: {}, {} of {} cells fixed",
                            item.line(),
                            done.status.word(),
                            c.fixed,
                            p.cells()
                        )?;
                        let masks: Vec<u32> = c.candidates.iter().map(|d| mask_of(d)).collect();
                        writeln!(out, "{}", vformat::candidates_grid(p, &masks))
                    }
                    (Task::Count(_), _, solution, p) => {
                        self.general_line(out, done, g, candidates)?;
                        match (solution, p) {
                            (Some(s), Some(p)) => writeln!(out, "{}", vformat::grid(p, s)),
                            _ => writeln!(out),
                        }
                    }
                    (_, _, Some(s), Some(p)) => writeln!(out, "{}", vformat::grid(p, s)),
                    _ => writeln!(out, "{}\n", done.status.word()),
                }
            }
        }
    }

    /// The line format of a general record: the solution's N×N line, the count, the
    /// true candidates as a pencilmark line (N characters per cell, `.` where a digit
    /// is out; the 729-character line on 9×9), or the status word.
    fn general_line(
        &self,
        out: &mut dyn Write,
        done: &Done,
        g: &GeneralDone,
        candidates: Option<&CandidatesSummary>,
    ) -> io::Result<()> {
        match self.task {
            Task::Count(limit) if done.status != Status::Invalid => writeln!(
                out,
                "{}{} {}",
                done.solutions,
                if self.at_least(done, limit) { "+" } else { "" },
                done.status.word()
            ),
            Task::Candidates(_) => match candidates.filter(|c| c.solutions > 0) {
                Some(c) => {
                    let n = c.candidates.len().isqrt();
                    let mut line = String::with_capacity(n * n * n + 1);
                    for digits in &c.candidates {
                        let m = mask_of(digits);
                        for d in 1..=n as u8 {
                            line.push(if m >> (d - 1) & 1 != 0 {
                                bitdoku_variants::digit_char(d)
                            } else {
                                '.'
                            });
                        }
                    }
                    writeln!(out, "{line}")
                }
                None => writeln!(out, "{}", done.status.word()),
            },
            Task::Solve if g.solution.is_some() => {
                writeln!(
                    out,
                    "{}",
                    vformat::line(g.solution.as_deref().unwrap_or_default())
                )
            }
            _ => writeln!(out, "{}", done.status.word()),
        }
    }

    fn general_json(
        &self,
        out: &mut dyn Write,
        name: &str,
        item: &Item,
        done: &Done,
        g: &GeneralDone,
        puzzle: Option<&bitdoku_variants::Puzzle>,
    ) -> io::Result<()> {
        let counted = self.counted();
        let limit = match self.task {
            Task::Count(n) => n,
            _ => 1,
        };
        let valid = done.status != Status::Invalid;
        let c = g.candidates.as_ref();
        let effort = self.stats && self.counts_guesses;
        let json = GeneralJson {
            file: name,
            line: item.line(),
            tag: item.tag(),
            size: puzzle.map(|p| p.size()),
            puzzle: puzzle.filter(|_| valid).map(|p| vformat::line(p.givens())),
            status: done.status.word(),
            solution: g.solution.as_deref().map(vformat::line),
            solutions: ((counted || c.is_some()) && valid).then_some(done.solutions),
            at_least: (counted && valid).then(|| self.at_least(done, limit)),
            candidates: c
                .filter(|c| c.solutions > 0)
                .map(|c| c.candidates.as_slice()),
            fixed: c.map(|c| c.fixed),
            undecided: c.and_then(|c| c.undecided.as_deref()),
            error: g.error.clone().or_else(|| why(done, self)),
            guesses: effort.then_some(done.stats.guesses),
            backtracks: effort.then_some(done.stats.backtracks),
            micros: self.stats.then_some((done.secs * 1e7).round() / 10.0),
        };
        serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
        out.write_all(b"\n")
    }
}

/// The mask of a candidate string (`1`-`9`, `A`-`P`).
fn mask_of(digits: &str) -> u32 {
    digits.chars().fold(0, |m, ch| {
        let d = match ch {
            '1'..='9' => ch as u32 - '0' as u32,
            'A'..='P' => ch as u32 - 'A' as u32 + 10,
            _ => return m,
        };
        m | 1 << (d - 1)
    })
}

/// The record of a puzzle tool that turns each puzzle into another (`minimize`,
/// `canon`): the result (`None`: there is none, and `status` says why) as a line with
/// the record's tag after it, as a boxed grid and a blank line, or as a JSON object
/// with the input's fields and the result under `field` with its count of givens.
pub fn write_puzzle_record(
    out: &mut dyn Write,
    format: PuzzleFormat,
    name: &str,
    record: &Record,
    status: Status,
    result: Option<&Grid>,
    field: &str,
) -> io::Result<()> {
    match (format, result) {
        (PuzzleFormat::Line, Some(grid)) => write_with_tag(out, &grid.to_line(), record),
        (PuzzleFormat::Line, None) => write_with_tag(out, status.word().as_bytes(), record),
        (PuzzleFormat::Grid, Some(grid)) => write_grid(out, grid, Format::Grid),
        (PuzzleFormat::Grid, None) => writeln!(out, "{}\n", status.word()),
        (PuzzleFormat::Json, _) => {
            let mut object = serde_json::json!({
                "file": name,
                "line": record.line,
                "puzzle": record.puzzle.as_ref().ok().map(ToString::to_string),
                "status": status.word(),
            });
            if let Some(tag) = record.tag() {
                object["tag"] = tag.into();
            }
            if let Some(grid) = result {
                object[field] = grid.to_string().into();
                object["givens"] = grid.givens().into();
            }
            serde_json::to_writer(&mut *out, &object).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
    }
}

/// [`write_puzzle_record`] for a general puzzle: `result` is the puzzle and its text in
/// the format its input came in (an N×N line, a one-line JSON document, a link),
/// written as the line; the grid is Norvig's display of its givens; JSON gives the
/// text under `field` (a document as an object) and its count of givens.
pub fn write_general_record(
    out: &mut dyn Write,
    format: PuzzleFormat,
    name: &str,
    item: &Item,
    status: Status,
    result: Option<&(bitdoku_variants::Puzzle, String)>,
    field: &str,
) -> io::Result<()> {
    let tagged = |out: &mut dyn Write, text: &str| -> io::Result<()> {
        out.write_all(text.as_bytes())?;
        if let (Some(tag), false) = (item.tag(), text.starts_with('{')) {
            write!(out, " {tag}")?;
        }
        out.write_all(b"\n")
    };
    match (format, result) {
        (PuzzleFormat::Line, Some((_, text))) => tagged(out, text),
        (PuzzleFormat::Line, None) => tagged(out, status.word()),
        (PuzzleFormat::Grid, Some((p, _))) => writeln!(out, "{}", vformat::grid(p, p.givens())),
        (PuzzleFormat::Grid, None) => writeln!(out, "{}\n", status.word()),
        (PuzzleFormat::Json, _) => {
            let input = match item {
                Item::General(g) => g
                    .read
                    .as_ref()
                    .ok()
                    .map(|r| vformat::line(r.puzzle.givens())),
                Item::Classic(_) => None,
            };
            let mut object = serde_json::json!({
                "file": name,
                "line": item.line(),
                "puzzle": input,
                "status": status.word(),
            });
            if let Some(tag) = item.tag() {
                object["tag"] = tag.into();
            }
            if let Some((p, text)) = result {
                object[field] = serde_json::from_str(text).unwrap_or_else(|_| text.as_str().into());
                object["givens"] = p.givens().iter().filter(|&&d| d != 0).count().into();
            }
            serde_json::to_writer(&mut *out, &object).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
    }
}

/// `text` (a puzzle line, or a word), then the record's tag after a space if it has one,
/// then a newline: the puzzle tools' lines, which keep their inputs' tags.
pub fn write_with_tag(out: &mut dyn Write, text: &[u8], record: &Record) -> io::Result<()> {
    out.write_all(text)?;
    if let Some(tag) = record.tag() {
        out.write_all(b" ")?;
        out.write_all(tag.as_bytes())?;
    }
    out.write_all(b"\n")
}

/// A solution as one line, or as Norvig's boxed grid followed by a blank line.
pub fn write_grid(out: &mut dyn Write, grid: &Grid, format: Format) -> io::Result<()> {
    match format {
        Format::Grid => writeln!(out, "{grid:#}"),
        Format::Line | Format::Json | Format::Tsv => {
            let mut line = [b'\n'; 82];
            line[..81].copy_from_slice(&grid.to_line());
            out.write_all(&line)
        }
    }
}
