//! The human solve path against the solution: every step of every technique must
//! place the solution's digit and never remove it, on generated puzzles of every level
//! (and on the public sets, when `../shared/puzzles` is there).
//!
//! `STEPS_PUZZLES` sets how many generated puzzles (default 400; CI runs 2,000).

use bitdoku_core::{Grid, Puzzle, RecordReader};
use bitdoku_solver::generate::{Generator, Settings, Symmetry};
use bitdoku_solver::rate::rate;
use bitdoku_solver::steps::Path;
use fastrand::Rng;
use std::path::Path as FsPath;

/// Walks the path of `puzzle`, checking each step; returns the number of steps.
fn check(puzzle: &Puzzle) -> usize {
    let mut path = Path::new(puzzle).unwrap_or_else(|e| panic!("{puzzle}: {e}"));
    let solution = path.solution();
    let mut steps = 0;
    for step in path.by_ref() {
        steps += 1;
        if let Some((s, d)) = step.placement() {
            assert_eq!(solution.get(s), Some(d), "{puzzle}: {step}");
        }
        for (s, d) in step.eliminations() {
            assert_ne!(solution.get(s), Some(d), "{puzzle}: {step}");
        }
        assert!(
            step.placement().is_some() || step.eliminations().next().is_some(),
            "{puzzle}: {step} changes nothing"
        );
    }
    let rating = rate(*puzzle).unwrap();
    assert_eq!(rating.solution, solution);
    assert!(rating.ed <= rating.er && rating.ep <= rating.er, "{puzzle}");
    steps
}

#[test]
fn every_step_agrees_with_the_solution_on_generated_puzzles() {
    let n: u64 = std::env::var("STEPS_PUZZLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let mut total = 0;
    for i in 0..n {
        // Every sixth puzzle as it comes; the others at levels 1 to 5 in turn.
        let settings = Settings {
            symmetry: Symmetry::ALL[(i % 3) as usize],
            ..Settings::default()
        };
        let settings = match (i % 6) as u8 {
            0 => settings,
            level => settings.level(level),
        };
        let grid = Generator::new(2024, settings).puzzle(i).unwrap();
        total += check(&Puzzle::Givens(grid));
    }
    assert!(total > 0);
}

#[test]
fn every_step_agrees_with_the_solution_on_pencilmark_puzzles() {
    // A generated puzzle's candidates after its givens, with candidates it does not
    // need taken away (never the solution's).
    for i in 0..100u64 {
        let grid = Generator::new(77, Settings::default()).puzzle(i).unwrap();
        let mut rng = Rng::with_seed(i);
        let solution = bitdoku_solver::solve(grid).unwrap();
        let mut board = bitdoku_solver::propagate(Puzzle::Givens(grid)).unwrap();
        for (s, c) in board.0.iter_mut().enumerate() {
            let keep = 1u16 << (solution.values()[s] - 1);
            let extra = c.bits() & !keep;
            if extra != 0 && rng.bool() {
                let drop = extra & extra.wrapping_neg();
                *c = bitdoku_core::Candidates::from_bits(c.bits() & !drop);
            }
        }
        if bitdoku_solver::is_unique(board) {
            check(&Puzzle::Candidates(board));
        }
    }
}

#[test]
fn every_step_agrees_with_the_solution_on_the_public_sets() {
    let dir = FsPath::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles");
    let mut checked = 0;
    for (name, every) in [("norvig-top95.txt", 1), ("magictour-top1465.txt", 25)] {
        let Ok(text) = std::fs::read(dir.join(name)) else {
            assert!(std::env::var_os("CI").is_none(), "CI needs {name}");
            continue;
        };
        let mut reader = RecordReader::new();
        let mut grids: Vec<Grid> = Vec::new();
        for line in text.split(|&b| b == b'\n') {
            reader.push_line(line, |r| {
                if let Ok(Puzzle::Givens(g)) = r.puzzle {
                    grids.push(g)
                }
            });
        }
        for grid in grids.iter().step_by(every) {
            check(&Puzzle::Givens(*grid));
            checked += 1;
        }
    }
    eprintln!("{checked} public puzzles checked");
}
