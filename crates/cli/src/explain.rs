//! `bitdoku explain`: the solve told step by step in Norvig's terms. The steps are the
//! step-by-step solver's events (`bitdoku_solver::Observer`), written as they happen, so a
//! search with millions of steps streams in constant memory.

use crate::args::{Explain, TextFormat};
use crate::messages::{self, plural, EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::puzzles;
use bitdoku_core::{Board, Candidates, Grid, Puzzle, Square, PEERS};
use bitdoku_solver::{search_observed, Contradiction, Event, Observer, Options};
use serde_json::{json, Value};
use std::io::{self, IsTerminal, Write};

/// Steps shown on a terminal without `--steps` (a hard puzzle has millions).
const TERMINAL_STEPS: usize = 1000;

/// Writes each event as it comes, up to `limit`; counts them all.
struct Narrator<'a> {
    out: &'a mut dyn Write,
    json: bool,
    limit: usize,
    steps: usize,
    depth: u32,
    naked: u64,
    hidden: u64,
    locked: u64,
    subsets: u64,
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
        if self.steps <= self.limit && self.error.is_none() {
            let written = if self.json {
                let mut object = event_json(event);
                object["step"] = self.steps.into();
                object["depth"] = indent.into();
                object["text"] = event.to_string().into();
                serde_json::to_writer(&mut *self.out, &object)
                    .map_err(io::Error::other)
                    .and_then(|()| writeln!(self.out))
            } else {
                writeln!(
                    self.out,
                    "{:>6}. {:indent$}{event}",
                    self.steps,
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
        // A closed pipe ends the story.
        self.error.is_none()
    }
}

fn digits(c: Candidates) -> String {
    c.to_string()
}

/// The event's fields as JSON (without step, depth and text).
fn event_json(event: &Event) -> Value {
    match *event {
        Event::NakedSingle { square, digit } => json!({
            "event": "naked_single", "square": square.to_string(), "digit": digit.get(),
        }),
        Event::HiddenSingle {
            unit,
            digit,
            square,
        } => json!({
            "event": "hidden_single", "unit": unit.to_string(), "digit": digit.get(),
            "square": square.to_string(),
        }),
        Event::Locked {
            within,
            line,
            digits: d,
        } => json!({
            "event": "locked_candidates", "within": within.to_string(),
            "line": line.to_string(), "digits": digits(d),
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
            "event": "solution", "grid": line(&grid),
        }),
        // Events added to the library later (the enums are non-exhaustive).
        _ => json!({ "event": "other" }),
    }
}

fn line(grid: &Grid) -> String {
    String::from_utf8_lossy(&grid.to_line()).into_owned()
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

/// Explains the first puzzle of `args.puzzle`; the exit code.
pub fn run(args: &Explain, out: &mut dyn Write) -> io::Result<u8> {
    let json = args.json || args.format == TextFormat::Json;
    let mut source = match puzzles::open(&args.puzzle) {
        Ok(s) => s,
        Err(e) => {
            messages::input(&args.puzzle, e);
            return Ok(EXIT_USAGE);
        }
    };
    let mut records = Vec::new();
    if let Err(e) = source.read_records(&mut records, 1) {
        messages::input(&source.name, e);
        return Ok(EXIT_USAGE);
    }
    let Some(record) = records.first() else {
        messages::input(&source.name, "no puzzle found");
        return Ok(EXIT_USAGE);
    };
    let puzzle = match record.puzzle {
        Ok(p) => p,
        Err(e) => {
            messages::record(&source.name, e.position.line, e.position.column, e.kind);
            return Ok(EXIT_FAILED);
        }
    };
    let grid = puzzle.grid();
    let board = match puzzle {
        Puzzle::Candidates(board) => board,
        Puzzle::Givens(grid) => after_givens(&grid),
    };
    if json {
        let candidates: Vec<String> = board.0.iter().map(|c| c.to_string()).collect();
        let start = json!({
            "event": "start", "step": 0, "depth": 0, "puzzle": line(&grid),
            "givens": grid.givens(), "candidates": candidates,
            "text": format!("The puzzle ({}:{}), {} givens", source.name, record.line, grid.givens()),
        });
        serde_json::to_writer(&mut *out, &start).map_err(io::Error::other)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "The puzzle ({}:{}), {} givens:\n\n{grid:#}",
            source.name,
            record.line,
            grid.givens()
        )?;
        writeln!(
            out,
            "Candidates once each given is removed from its peers:\n\n{board}"
        )?;
        writeln!(out, "Steps:")?;
    }
    let mut narrator = Narrator {
        out: &mut *out,
        json,
        limit: args.steps.unwrap_or(if io::stdout().is_terminal() {
            TERMINAL_STEPS
        } else {
            usize::MAX
        }),
        steps: 0,
        depth: 0,
        naked: 0,
        hidden: 0,
        locked: 0,
        subsets: 0,
        contradictions: 0,
        error: None,
    };
    let outcome = search_observed(puzzle, &Options::default(), &mut narrator);
    if let Some(e) = narrator.error.take() {
        return Err(e);
    }
    let (steps, naked, hidden, locked, subsets, contradictions, limit) = (
        narrator.steps,
        narrator.naked,
        narrator.hidden,
        narrator.locked,
        narrator.subsets,
        narrator.contradictions,
        narrator.limit,
    );
    let stats = outcome.stats;
    let count = |n: u64, what: &str| format!("{n} {what}{}", plural(n));
    let summary = format!(
        "{}: {}, {}, {}, {}, {}, {}",
        count(steps as u64, "step"),
        count(naked, "naked single"),
        count(hidden, "hidden single"),
        count(locked, "locked candidate"),
        count(subsets, "pair or triple").replace("pair or triples", "pairs or triples"),
        count(stats.guesses, "guess").replace("guesss", "guesses"),
        count(contradictions, "contradiction"),
    );
    if json {
        let end = json!({
            "event": "end", "step": steps + 1, "depth": 0,
            "status": if outcome.solution.is_some() { "solved" } else { "unsolvable" },
            "solution": outcome.solution.as_ref().map(line),
            "steps": steps, "naked_singles": naked, "hidden_singles": hidden,
            "locked_candidates": locked, "subsets": subsets, "guesses": stats.guesses,
            "backtracks": stats.backtracks, "contradictions": contradictions,
            "text": summary,
        });
        serde_json::to_writer(&mut *out, &end).map_err(io::Error::other)?;
        writeln!(out)?;
    } else {
        if steps > limit {
            writeln!(
                out,
                "{:>6}  ... {} more steps not shown (--steps {limit})",
                "",
                steps - limit
            )?;
        }
        match &outcome.solution {
            Some(solution) => writeln!(out, "\nSolved in {summary}.\n\n{solution:#}")?,
            None => writeln!(out, "\nNo solution, after {summary}.")?,
        }
    }
    out.flush()?;
    Ok(if outcome.solution.is_some() {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}
