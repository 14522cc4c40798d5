//! Norvig's program on N×N boards against the general engine of `bitdoku-variants`:
//! the same first solution where there is one (and a valid one where there are
//! several), and the same count to 2, on the shared classic files and on puzzles
//! generated for every box shape.
//!
//! The string program takes seconds on some 16×16 puzzles and 20 to 75 s on each
//! 25×25 one (test profile), so the default run checks the first four 16×16 puzzles
//! and `every_16x16_and_25x25_puzzle` (ignored) the rest:
//! `cargo test -p bitdoku-norvig --test sizes -- --ignored` (minutes).

use bitdoku_norvig::Norvig;
use bitdoku_variants::format::{self, line::read_cells, Alphabet, Settings};
use bitdoku_variants::generate::{generate, Layout, Settings as Generate};
use bitdoku_variants::{Engine, Options, Puzzle};
use std::path::PathBuf;

/// Norvig's tables for `puzzle`'s board: its size and box shape.
fn norvig_for(puzzle: &Puzzle) -> Norvig {
    let (rows, cols) = puzzle
        .box_shape()
        .expect("a board of rows, columns and boxes");
    Norvig::with_boxes(puzzle.size(), rows, cols).expect("boxes that tile the board")
}

/// Solves `puzzle` both ways (and counts to 2 both ways if `count`); returns the
/// string program's solution as a line.
fn agree(puzzle: &Puzzle, at: &str, count: bool) -> Option<String> {
    let norvig = norvig_for(puzzle);
    let line = format::line(puzzle.givens());
    let engine = Engine::new(puzzle).unwrap();
    let want = engine.search(&Options::default().with_limit(2));
    let got = norvig.solve(&line).map(|v| norvig.to_line(&v));
    assert_eq!(got.is_some(), want.solution.is_some(), "{at}: {line}");
    if let Some(got) = &got {
        let digits = read_cells(got, Alphabet::Standard).unwrap().givens;
        assert!(puzzle.is_solved_by(&digits), "{at}: {got}");
        if want.solutions == 1 {
            assert_eq!(Some(got.clone()), want.solution.map(|s| format::line(&s)));
        }
    }
    if count {
        let n = norvig.count(norvig.parse_grid(&line), 2);
        assert_eq!(n, want.solutions, "{at}: {line}");
    }
    got
}

fn shared(kind: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/puzzles/variants/sudoku-puzzle")
        .join(format!("{kind}.jsonl"));
    if !path.is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs {}",
            path.display()
        );
        eprintln!("skipped: {} is not here", path.display());
        return None;
    }
    Some(std::fs::read_to_string(path).unwrap())
}

/// Checks the first `take` puzzles of a shared file; the solution must be the file's.
fn check_shared(kind: &str, take: usize, count: bool) -> usize {
    let Some(text) = shared(kind) else { return 0 };
    let mut checked = 0;
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        if i == take {
            break;
        }
        let read = format::read(line, &Settings::default()).unwrap();
        let at = format!("{kind}:{}", i + 1);
        let got = agree(&read.puzzle, &at, count);
        assert_eq!(got, read.solution.map(|s| format::line(&s)), "{at}");
        checked += 1;
    }
    checked
}

#[test]
fn the_shared_4x4_6x6_and_first_16x16_puzzles() {
    let checked = check_shared("classic4", usize::MAX, true)
        + check_shared("classic6", usize::MAX, true)
        + check_shared("classic16", 4, false);
    assert!(checked == 0 || checked >= 24, "{checked}");
}

#[test]
#[ignore = "minutes: the string program on every 16x16 and 25x25 puzzle"]
fn every_16x16_and_25x25_puzzle() {
    let checked =
        check_shared("classic16", usize::MAX, false) + check_shared("classic25", usize::MAX, false);
    assert!(checked == 0 || checked >= 14, "{checked}");
}

/// Every box shape up to 12×12, tall and wide: a generated puzzle with one solution,
/// then the same with givens taken away (several solutions, or still one).
#[test]
fn generated_puzzles_of_every_box_shape() {
    let shapes = [
        (4, 2, 2),
        (6, 2, 3),
        (6, 3, 2),
        (8, 2, 4),
        (8, 4, 2),
        (9, 3, 3),
        (10, 2, 5),
        (10, 5, 2),
        (12, 3, 4),
        (12, 4, 3),
    ];
    for (n, rows, cols) in shapes {
        for seed in 0..3 {
            let settings = Generate {
                layout: Layout::Boxes(rows, cols),
                ..Generate::new(n)
            };
            let mut rng = fastrand::Rng::with_seed(seed);
            let g = generate(&mut rng, &settings).unwrap();
            let at = format!("{n}x{n}, {rows}x{cols} boxes, seed {seed}");
            assert_eq!(
                agree(&g.puzzle, &at, true),
                Some(format::line(&g.solution)),
                "{at}"
            );
            let mut fewer = g.puzzle.clone();
            let mut givens = g.puzzle.givens().to_vec();
            let some: Vec<usize> = (0..n * n).filter(|&c| givens[c] != 0).collect();
            for &cell in some.iter().step_by(3).take(3) {
                givens[cell] = 0;
            }
            fewer.set_givens(&givens).unwrap();
            agree(&fewer, &format!("{at}, 3 givens fewer"), true);
        }
    }
}

/// Contradictions: a repeated given, and a given that leaves a square no digit.
#[test]
fn no_solution_on_any_size() {
    for (n, rows, cols) in [(4, 2, 2), (6, 2, 3), (16, 4, 4)] {
        let mut p = Puzzle::with_boxes(n, rows, cols).unwrap();
        let mut givens = vec![0u8; n * n];
        givens[0] = 1;
        givens[n - 1] = 1;
        p.set_givens(&givens).unwrap();
        assert_eq!(agree(&p, "repeated", true), None);
        let norvig = norvig_for(&p);
        assert!(norvig.parse_grid(&format::line(&givens)).is_none());
    }
}

/// Norvig's `digits` are the N×N line's digit characters, and his names are unique.
#[test]
fn digits_and_names_as_the_line_writes_them() {
    for n in 1..=25 {
        let (rows, cols) = bitdoku_variants::default_box(n).unwrap_or((1, n));
        let norvig = Norvig::with_boxes(n, rows, cols).unwrap();
        let want: String = (1..=n as u8).map(bitdoku_variants::digit_char).collect();
        assert_eq!(norvig.digits, want);
        let names: std::collections::HashSet<&String> = norvig.squares.iter().collect();
        assert_eq!(names.len(), n * n);
    }
}
