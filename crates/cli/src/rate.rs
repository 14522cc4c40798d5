//! `bitdoku rate`: per puzzle, the level, the hardest technique propagation needed, and
//! the search effort (see `bitdoku_solver::rate`).

use crate::args::Rate;
use crate::show::for_each_record;
use bitdoku_solver::rate::rate;
use serde::Serialize;
use std::io::{self, Write};

#[derive(Serialize)]
struct JsonRating<'a> {
    file: &'a str,
    line: usize,
    puzzle: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    backtracks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Rates every puzzle of every input; the exit code.
pub fn run(args: &Rate, out: &mut dyn Write) -> io::Result<u8> {
    let inputs = if args.puzzles.is_empty() {
        vec!["-".to_string()]
    } else {
        args.puzzles.clone()
    };
    let mut failed = 0;
    let (_, unreadable) = for_each_record(&inputs, |name, record| {
        let (rating, error) = match &record.grid {
            Ok(grid) => match rate(grid) {
                Some(r) => (Some(r), None),
                None => (None, Some("no solution".to_string())),
            },
            Err(e) => (None, Some(e.to_string())),
        };
        if let Some(e) = &error {
            failed += 1;
            eprintln!("bitdoku: {name}:{}: {e}", record.line);
        }
        let status = match (&rating, &record.grid) {
            (Some(_), _) => "rated",
            (None, Ok(_)) => "unsolvable",
            (None, Err(_)) => "invalid",
        };
        if args.json {
            let json = JsonRating {
                file: name,
                line: record.line,
                puzzle: record
                    .grid
                    .as_ref()
                    .ok()
                    .map(|g| String::from_utf8_lossy(&g.to_line()).into_owned()),
                status,
                level: rating.map(|r| r.level()),
                label: rating.map(|r| r.label()),
                technique: rating.map(|r| r.technique.to_string()),
                guesses: rating.map(|r| r.guesses),
                backtracks: rating.map(|r| r.backtracks),
                error,
            };
            serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
            writeln!(out)
        } else {
            match rating {
                Some(r) => writeln!(
                    out,
                    "{} {:<11} {:<17} guesses {} backtracks {}",
                    r.level(),
                    r.label().replace(' ', "-"),
                    r.technique,
                    r.guesses,
                    r.backtracks
                ),
                None => writeln!(out, "{status}"),
            }
        }
    })?;
    out.flush()?;
    Ok(if unreadable > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    })
}
