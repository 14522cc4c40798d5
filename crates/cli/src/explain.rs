//! `bitdoku explain`: how each puzzle is solved, step by step.
//!
//! - A puzzle with one solution: its human solve path, the steps of `rate` (the first
//!   step of the first technique of Sudoku Explainer's ladder, each time), written as
//!   they are found. Should the techniques stall, Norvig's search finishes from there.
//! - A puzzle with several solutions, or none: Norvig's propagation and search, the
//!   step-by-step engine's events as they happen (the same search as `solve`, so the
//!   same first solution), in constant memory however many steps.

use crate::args::{with_json, Explain, TextFormat};
use crate::each::for_each_record;
use crate::hint::describe;
use crate::messages::{self, plural};
use crate::puzzles::or_stdin;
use crate::signals;
use crate::status::Status;
use crate::work::Allowance;
use bitdoku_core::{Board, Candidates, Grid, Puzzle, Record, Square, PEERS};
use bitdoku_solver::rate::{level_of, Difficulty};
use bitdoku_solver::steps::{Path, Unrated};
use bitdoku_solver::{search_observed, Contradiction, Event, Observer, Options};
use serde_json::{json, Value};
use std::io::{self, IsTerminal, Write};

/// Steps shown on a terminal without `--steps` (a search can have millions).
const TERMINAL_STEPS: usize = 1000;

/// Explains every puzzle of the inputs; the exit code. A story stopped part-way (a
/// budget ran out, a signal came) keeps what was written and ends with its `end`,
/// whose status says why (`timed-out`, `gave-up`, `interrupted`).
pub fn run(args: &Explain, out: &mut dyn Write) -> io::Result<u8> {
    let json = with_json(args.format, args.json) == TextFormat::Json;
    let limit = args.steps.unwrap_or(if io::stdout().is_terminal() {
        TERMINAL_STEPS
    } else {
        usize::MAX
    });
    let totals = for_each_record(&or_stdin(&args.puzzles.puzzles), |name, record| {
        let Ok(puzzle) = record.puzzle else {
            if json {
                let object = json!({
                    "event": "invalid", "file": name, "line": record.line,
                    "status": Status::Invalid.word(),
                    "text": format!("{name}:{}: invalid", record.line),
                });
                write_json(out, &object)?;
            } else {
                writeln!(out, "{name}:{}: {}\n", record.line, Status::Invalid.word())?;
            }
            return Ok(Status::Invalid);
        };
        let mut story = Story {
            out: &mut *out,
            json,
            limit,
            name,
            record,
            allowance: Allowance::new(args.budget.timeout, args.budget.cpu_timeout),
            max_guesses: args.max_guesses,
        };
        let status = match Path::new(&puzzle) {
            Ok(path) => story.path(&puzzle, path)?,
            Err(why) => story.search(&puzzle, why)?,
        };
        if !status.is_good() && status != Status::Interrupted {
            messages::record(name, record.line, 0, status.word());
        }
        Ok(status)
    })?;
    Ok(messages::exit_code(&totals, args.report.exit_zero))
}

/// One puzzle's explanation.
struct Story<'a> {
    out: &'a mut dyn Write,
    json: bool,
    limit: usize,
    name: &'a str,
    record: &'a Record,
    /// The time budgets and the signals, for the whole story.
    allowance: Allowance,
    /// The guess budget of the search told.
    max_guesses: Option<u64>,
}

/// Why a story stopped part-way: a signal, or a time budget.
fn stopped() -> Status {
    if signals::interrupted() {
        Status::Interrupted
    } else {
        Status::TimedOut
    }
}

/// The record's status of a story that ended in `end` (a story told to its end is
/// `done`, whatever the puzzle).
fn record_status(end: Status) -> Status {
    if end == Status::Solved {
        Status::Done
    } else {
        end
    }
}

impl Story<'_> {
    /// The start: the puzzle, its candidates after the givens, and how it will be told.
    fn start(&mut self, puzzle: &Puzzle, how: &str) -> io::Result<()> {
        let grid = puzzle.grid();
        let board = match puzzle {
            Puzzle::Candidates(board) => *board,
            Puzzle::Givens(grid) => after_givens(grid),
        };
        let place = format!("{}:{}", self.name, self.record.line);
        if self.json {
            let candidates: Vec<String> = board.0.iter().map(|c| c.to_string()).collect();
            write_json(
                self.out,
                &json!({
                    "event": "start", "file": self.name, "line": self.record.line,
                    "step": 0, "depth": 0, "puzzle": puzzle.to_string(),
                    "givens": grid.givens(), "candidates": candidates, "how": how,
                    "text": format!("The puzzle ({place}), {} givens: {how}", grid.givens()),
                }),
            )
        } else {
            writeln!(
                self.out,
                "The puzzle ({place}), {} givens:\n\n{grid:#}\nCandidates once each given \
                 is removed from its peers:\n\n{board}\n{how}:",
                grid.givens()
            )
        }
    }

    /// The human solve path of a puzzle with one solution.
    fn path(&mut self, puzzle: &Puzzle, mut path: Path) -> io::Result<Status> {
        self.start(puzzle, "its solve path, one technique at a time")?;
        let solution = path.solution();
        let (mut er, mut steps) = (Difficulty(0), 0usize);
        let mut hardest = String::new();
        let mut cut = None;
        loop {
            let step = match path.next_within(&mut self.allowance) {
                Ok(Some(step)) => step,
                Ok(None) => break,
                Err(_) => {
                    cut = Some(stopped());
                    break;
                }
            };
            steps += 1;
            if step.difficulty() > er {
                er = step.difficulty();
                hardest = step.name();
            }
            if steps > self.limit {
                continue;
            }
            if self.json {
                let mut object = serde_json::to_value(&step).map_err(io::Error::other)?;
                object["event"] = "step".into();
                object["step"] = steps.into();
                object["depth"] = 0.into();
                write_json(self.out, &object)?;
            } else {
                write!(self.out, "{steps:>6}. {}", describe(&step))?;
            }
        }
        self.more(steps)?;
        let so_far = |steps: usize| {
            format!(
                "{steps} step{}{}",
                plural(steps as u64),
                if steps == 0 {
                    String::new()
                } else {
                    format!(" (the hardest {hardest}, so ER at least {er})")
                }
            )
        };
        if let Some(end) = cut {
            let summary = match end {
                Status::Interrupted => format!("Interrupted after {}", so_far(steps)),
                _ => format!("Timed out after {}", so_far(steps)),
            };
            self.end(end, Some(solution), &summary)?;
            return Ok(end);
        }
        let mut end = Status::Solved;
        if !path.is_solved() {
            // The ladder stalls: Norvig's search from where the techniques left it.
            let stalled = Puzzle::Candidates(path.marks().board());
            let text = format!(
                "after {steps} step{}, no technique finds another: Norvig's search \
                 finishes",
                plural(steps as u64)
            );
            if self.json {
                write_json(self.out, &json!({"event": "stalled", "text": text}))?;
            } else {
                writeln!(self.out, "\n{text}:")?;
            }
            end = self.narrate(&stalled, steps)?.2;
        }
        let summary = if steps == 0 && path.is_solved() {
            "Nothing to do: every square is solved".to_string()
        } else if path.is_solved() {
            format!(
                "Solved in {steps} step{}: the hardest is {hardest} ({er}), level {}",
                plural(steps as u64),
                level_of(er)
            )
        } else {
            format!(
                "The techniques made {steps} step{} (the hardest {}) and stalled; {}",
                plural(steps as u64),
                if steps == 0 {
                    "none".to_string()
                } else {
                    format!("{hardest}, {er}")
                },
                match end {
                    Status::Solved => "the search solved the rest",
                    Status::Interrupted => "the search was interrupted",
                    Status::GaveUp => "the search gave up (--max-guesses)",
                    _ => "the search timed out",
                }
            )
        };
        self.end(end, Some(solution), &summary)?;
        Ok(record_status(end))
    }

    /// A puzzle with several solutions, or none: Norvig's search from the start.
    fn search(&mut self, puzzle: &Puzzle, why: Unrated) -> io::Result<Status> {
        let how = match why {
            Unrated::NotUnique { .. } => {
                "more than one solution, so no human solve path: Norvig's propagation \
                 and search, as `solve` finds the first"
            }
            Unrated::NoSolution => {
                "no solution: Norvig's propagation and search, to the contradictions"
            }
        };
        self.start(puzzle, how)?;
        let (solution, summary, end) = self.narrate(puzzle, 0)?;
        self.end(end, solution, &summary)?;
        Ok(record_status(end))
    }

    /// Narrates Norvig's search of `puzzle`, numbering steps after `before`, within the
    /// budgets: the first solution, a summary and how the search ended (`solved`,
    /// `unsolvable`, or why it stopped).
    fn narrate(
        &mut self,
        puzzle: &Puzzle,
        before: usize,
    ) -> io::Result<(Option<Grid>, String, Status)> {
        let mut narrator = Narrator {
            out: &mut *self.out,
            allowance: &mut self.allowance,
            json: self.json,
            limit: self.limit.saturating_sub(before),
            before,
            steps: 0,
            depth: 0,
            naked: 0,
            hidden: 0,
            locked: 0,
            contradictions: 0,
            error: None,
            stopped: false,
        };
        let options = Options::default().with_max_guesses(self.max_guesses);
        let outcome = search_observed(puzzle, &options, &mut narrator);
        if let Some(e) = narrator.error.take() {
            return Err(e);
        }
        let (steps, naked, hidden, locked, contradictions) = (
            narrator.steps,
            narrator.naked,
            narrator.hidden,
            narrator.locked,
            narrator.contradictions,
        );
        let end = match outcome.solution {
            _ if narrator.stopped => stopped(),
            _ if !outcome.complete => Status::GaveUp,
            Some(_) => Status::Solved,
            None => Status::Unsolvable,
        };
        self.more(before + steps)?;
        let count =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let summary = format!(
            "{}: {}, {}, {}, {}, {}",
            count(steps as u64, "step", "steps"),
            count(naked, "naked single", "naked singles"),
            count(hidden, "hidden single", "hidden singles"),
            count(locked, "locked candidate", "locked candidates"),
            count(outcome.stats.guesses, "guess", "guesses"),
            count(contradictions, "contradiction", "contradictions"),
        );
        let summary = match end {
            Status::Solved => format!("Solved in {summary}"),
            Status::Unsolvable => format!("Unsolvable, after {summary}"),
            Status::GaveUp => format!("Gave up (--max-guesses) after {summary}"),
            Status::Interrupted => format!("Interrupted after {summary}"),
            _ => format!("Timed out after {summary}"),
        };
        Ok((
            outcome.solution.filter(|_| end == Status::Solved),
            summary,
            end,
        ))
    }

    /// Says how many steps were not shown.
    fn more(&mut self, steps: usize) -> io::Result<()> {
        if steps > self.limit && !self.json {
            writeln!(
                self.out,
                "{:>6}  ... {} more steps not shown (--steps {})",
                "",
                steps - self.limit,
                self.limit
            )?;
        }
        Ok(())
    }

    /// The end: how the story ended, the summary and the solution.
    fn end(&mut self, status: Status, solution: Option<Grid>, summary: &str) -> io::Result<()> {
        if self.json {
            write_json(
                self.out,
                &json!({
                    "event": "end", "file": self.name, "line": self.record.line,
                    "status": status.word(),
                    "solution": solution.map(|s| s.to_string()), "text": summary,
                }),
            )
        } else {
            match solution {
                Some(solution) => writeln!(self.out, "\n{summary}.\n\n{solution:#}"),
                None => writeln!(self.out, "\n{summary}.\n"),
            }
        }
    }
}

fn write_json(out: &mut dyn Write, value: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::other)?;
    writeln!(out)
}

/// Writes each event of Norvig's search as it comes, up to `limit`; counts them all.
struct Narrator<'a> {
    out: &'a mut dyn Write,
    /// The story's budgets and the signals, asked before each guess.
    allowance: &'a mut Allowance,
    /// True once the allowance said no.
    stopped: bool,
    json: bool,
    limit: usize,
    /// Steps told before the search (numbering goes on from there).
    before: usize,
    steps: usize,
    depth: u32,
    naked: u64,
    hidden: u64,
    locked: u64,
    contradictions: u64,
    error: Option<io::Error>,
}

impl Observer for Narrator<'_> {
    const ENABLED: bool = true;

    fn event(&mut self, event: &Event) {
        match event {
            Event::NakedSingle { .. } => self.naked += 1,
            Event::HiddenSingle { .. } => self.hidden += 1,
            Event::Locked { .. } => self.locked += 1,
            Event::Contradiction(_) => self.contradictions += 1,
            _ => {}
        }
        // A guess and a backtrack are shown one level out from what they lead to.
        let indent = match event {
            Event::Guess { depth, .. } | Event::Backtrack { depth, .. } => depth - 1,
            _ => self.depth,
        };
        self.steps += 1;
        let number = self.before + self.steps;
        if self.steps <= self.limit && self.error.is_none() {
            let written = if self.json {
                let mut object = event_json(event);
                object["step"] = number.into();
                object["depth"] = indent.into();
                object["text"] = event.to_string().into();
                write_json(self.out, &object)
            } else {
                writeln!(
                    self.out,
                    "{number:>6}. {:indent$}{event}",
                    "",
                    indent = 2 * indent.min(40) as usize
                )
            };
            if let Err(e) = written {
                self.error = Some(e);
            }
        }
        match event {
            Event::Guess { depth, .. } => self.depth = *depth,
            Event::Backtrack { depth, .. } => self.depth = depth - 1,
            _ => {}
        }
    }

    fn keep_going(&mut self) -> bool {
        // A closed pipe, a budget or a signal ends the story.
        self.stopped = self.stopped || !self.allowance.keep_going();
        self.error.is_none() && !self.stopped
    }
}

fn digits(c: Candidates) -> Vec<u8> {
    c.iter().map(|d| d.get()).collect()
}

/// The event's fields as JSON (without step, depth and text).
fn event_json(event: &Event) -> Value {
    match *event {
        Event::NakedSingle { square, digit } => json!({
            "event": "naked-single", "square": square.to_string(), "digit": digit.get(),
        }),
        Event::HiddenSingle {
            unit,
            digit,
            square,
        } => json!({
            "event": "hidden-single", "unit": unit.to_string(), "digit": digit.get(),
            "square": square.to_string(),
        }),
        Event::Locked {
            within,
            line,
            digits: d,
        } => json!({
            "event": "locked-candidates", "within": within.to_string(),
            "unit": line.to_string(), "digits": digits(d),
        }),
        Event::Contradiction(Contradiction::NoCandidates(square)) => json!({
            "event": "contradiction", "square": square.to_string(),
        }),
        Event::Contradiction(Contradiction::NoPlace { unit, digit }) => json!({
            "event": "contradiction", "unit": unit.to_string(), "digit": digit.get(),
        }),
        Event::Guess {
            square,
            candidates,
            digit,
            ..
        } => json!({
            "event": "guess", "square": square.to_string(),
            "candidates": digits(candidates), "digit": digit.get(),
        }),
        Event::Backtrack { square, digit, .. } => json!({
            "event": "backtrack", "square": square.to_string(), "digit": digit.get(),
        }),
        Event::Solution(grid) => json!({
            "event": "solution", "grid": grid.to_string(),
        }),
        // Events added to the library later (the enums are non-exhaustive).
        _ => json!({ "event": "other" }),
    }
}

/// Norvig's candidates once each given's digit is removed from its peers (his
/// `parse_grid` before the rules cascade): what the story starts from.
fn after_givens(grid: &Grid) -> Board {
    let mut board = Board::from_grid(grid);
    for square in Square::all() {
        if let Some(d) = grid.get(square) {
            for peer in PEERS[square.index()] {
                if grid.get(peer).is_none() {
                    let mut c = board.get(peer);
                    c.remove(d);
                    board.set(peer, c);
                }
            }
        }
    }
    board
}
