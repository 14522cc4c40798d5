//! `bitdoku generate --size 16`, `--jigsaw`, `--diagonals`, `--killer`...: puzzles on
//! the general engine (`bitdoku_variants::generate`), made in parallel and written in
//! order, puzzle `i` of seed `s` from its own generator seeded by
//! `bitdoku_solver::generate::puzzle_seed` as for classic puzzles, so the output does
//! not depend on the thread count.

use crate::args::{Generate, PuzzleFormat, WriteAs};
use crate::messages::{self, EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::progress::Progress;
use crate::signals;
use bitdoku_solver::generate::{puzzle_seed, Symmetry};
use bitdoku_variants::format as vformat;
use bitdoku_variants::generate::{generate, Generated, Layout, Settings};
use bitdoku_variants::NeighbourKind;
use rayon::prelude::*;
use std::io::{self, Write};

/// Puzzles made per round between writes.
const ROUND: u64 = 64;

/// The general generator's settings from the arguments, or the usage error.
fn settings(args: &Generate) -> Result<Settings, String> {
    let b = &args.board;
    let size = b.size.map_or(9, |n| n as usize);
    if args.level.is_some() || args.er.is_some() || args.minimal || args.norvig_random {
        return Err(
            "--level, --er, --minimal and --norvig-random are for classic 9x9 puzzles".into(),
        );
    }
    let mut s = Settings::new(size);
    s.layout = match (b.boxes, b.jigsaw) {
        (Some((r, c)), _) => {
            if r * c != size {
                return Err(format!("--box {r}x{c} does not tile a {size}x{size} board"));
            }
            Layout::Boxes(r, c)
        }
        (None, true) => Layout::Jigsaw,
        (None, false) => {
            if bitdoku_variants::default_box(size).is_none() {
                return Err(format!(
                    "a {size}x{size} board has no usual boxes: give --box or --jigsaw"
                ));
            }
            Layout::UsualBoxes
        }
    };
    s.diagonals = b.diagonals;
    s.windows = b.windows;
    s.disjoint_groups = b.disjoint_groups;
    for (on, kind) in [
        (b.anti_knight, NeighbourKind::AntiKnight),
        (b.anti_king, NeighbourKind::AntiKing),
        (b.non_consecutive, NeighbourKind::NonConsecutive),
    ] {
        if on {
            s.neighbours.push(kind);
        }
    }
    s.symmetry = match &args.symmetry {
        Some(name) => Symmetry::from_name(name).unwrap_or_default(),
        None if args.symmetric => Symmetry::Rotate180,
        None => Symmetry::None,
    };
    s.clues = args.clues.map(|k| k as usize);
    if s.clues.is_some_and(|k| k > size * size) {
        return Err(format!(
            "--clues past the {} cells of the board",
            size * size
        ));
    }
    s.killer = b.killer.map(|k| k as usize);
    Ok(s)
}

/// Writes `args.count` general puzzles; the exit code.
pub fn run(args: &Generate, seed: u64, threads: usize, out: &mut dyn Write) -> io::Result<u8> {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(message) => {
            messages::error(message);
            return Ok(EXIT_USAGE);
        }
    };
    let pool = crate::threads::pool(threads)?;
    signals::watch();
    let one = |index: u64| {
        let mut rng = fastrand::Rng::with_seed(puzzle_seed(seed, index));
        generate(&mut rng, &settings)
    };
    let mut progress = Progress::new(messages::quiet());
    let mut done = 0;
    let mut batch = Vec::with_capacity(ROUND as usize);
    while done < args.count {
        if signals::interrupted() {
            break;
        }
        let n = ROUND.min(args.count - done);
        pool.install(|| {
            (0..n as usize)
                .into_par_iter()
                .map(|k| one(done + k as u64))
                .collect_into_vec(&mut batch)
        });
        for generated in &batch {
            let Some(g) = generated else {
                progress.finish();
                messages::error(
                    "no layout drawn had a solution within the generator's budget; try fewer \
                     rules, another box shape or another seed",
                );
                out.flush()?;
                return Ok(EXIT_FAILED);
            };
            write(out, g, args)?;
        }
        done += n;
        signals::written(n, "generate", done as usize);
        progress.update_count(done, args.count);
    }
    progress.finish();
    out.flush()?;
    Ok(signals::interrupted_exit().unwrap_or(EXIT_OK))
}

/// True if the N×N line of the givens says everything about the puzzle.
fn plain(g: &Generated) -> bool {
    let p = &g.puzzle;
    p.rules().is_empty()
        && p.neighbours().is_empty()
        && p.houses().len() == 3 * p.size()
        && p.box_shape() == bitdoku_variants::default_box(p.size())
}

fn write(out: &mut dyn Write, g: &Generated, args: &Generate) -> io::Result<()> {
    let p = &g.puzzle;
    let document = || vformat::sudoku_puzzle::write(p, None, Some(&g.solution));
    match args.format {
        PuzzleFormat::Grid => writeln!(out, "{}", vformat::grid(p, p.givens())),
        PuzzleFormat::Json => {
            let json = serde_json::json!({
                "puzzle": vformat::line(p.givens()),
                "size": p.size(),
                "givens": p.givens().iter().filter(|&&d| d != 0).count(),
                "document": document(),
            });
            serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        PuzzleFormat::Line => {
            let fpuzzles =
                || vformat::fpuzzles::write(p, None, Some(&g.solution)).map_err(io::Error::other);
            let text = match args.board.write_as {
                Some(WriteAs::Line) => vformat::line(p.givens()),
                None if plain(g) => vformat::line(p.givens()),
                Some(WriteAs::SudokuPuzzle) | None => document().to_string(),
                Some(WriteAs::Fpuzzles) => fpuzzles()?.to_string(),
                Some(WriteAs::Link) => vformat::link::fpuzzles_link(&fpuzzles()?),
            };
            writeln!(out, "{text}")
        }
    }
}
