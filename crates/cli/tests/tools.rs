//! The puzzle tools through the binary: minimize, canon, enumerate, generate's
//! symmetries and levels, show's pencilmarks; each checked with the library.

mod common;

use bitdoku_core::{canonical, parse_pencilmarks, Grid, Transform, ARRANGEMENTS};
use bitdoku_solver::generate::Symmetry;
use bitdoku_solver::minimize::is_minimal;
use bitdoku_solver::rate::rate;
use bitdoku_solver::{count_solutions, propagate, solve};
use common::run_with;
use std::collections::HashSet;
use std::process::Output;

const GRID1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const TWO: &str =
    "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8";

fn run(args: &[&str], stdin: &str) -> Output {
    run_with(args, stdin.as_bytes().to_vec())
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn grids(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn minimize_is_minimal_and_keeps_the_solution() {
    let no_solution = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("{EASY}\n{GRID1}\n{TWO}\n{no_solution}\nxx\n");
    let out = run(&["minimize"], &input);
    assert_eq!(out.status.code(), Some(1), "a puzzle had no solution");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[3..], ["unsolvable", "invalid"]);
    for (line, original) in lines[..3].iter().zip([EASY, GRID1, TWO]) {
        let minimal: Grid = line.parse().unwrap();
        let original: Grid = original.parse().unwrap();
        assert!(is_minimal(&minimal), "{line}");
        assert_eq!(solve(minimal), solve(original), "{line}");
    }
    assert_eq!(lines[1], GRID1, "grid1 is already minimal");
}

#[test]
fn canon_is_equal_on_permuted_copies_and_dedup_keeps_one() {
    let grid1: Grid = GRID1.parse().unwrap();
    let mut input = String::new();
    let mut state = 12345u64;
    for k in 0..20u8 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1442695040888963407);
        let n = (state >> 33) as u32 % ARRANGEMENTS;
        let digits: [u8; 10] =
            core::array::from_fn(|d| if d == 0 { 0 } else { (d as u8 + k) % 9 + 1 });
        let copy = Transform::arrangement(n)
            .unwrap()
            .with_digits(digits)
            .unwrap()
            .apply(&grid1);
        input.push_str(&format!("{copy}\n"));
    }
    input.push_str(&format!("{EASY}\n"));
    let out = run(&["canon"], &input);
    assert!(out.status.success());
    let forms = grids(&stdout(&out));
    assert_eq!(forms.len(), 21);
    assert!(forms[..20].iter().all(|f| *f == canonical(&grid1)));
    assert_ne!(forms[20], forms[0], "a different puzzle, a different form");
    let out = run(&["canon", "--dedup"], &input);
    assert_eq!(grids(&stdout(&out)), [forms[0], forms[20]]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("21 puzzles, 2 distinct"));
}

#[test]
fn enumerate_gives_distinct_solutions_and_stops_at_the_limit() {
    let sparse = &format!("{}{}", &GRID1[..60], ".".repeat(21));
    let out = run(&["enumerate", "--limit", "25", sparse, TWO], "");
    assert!(out.status.success());
    let text = stdout(&out);
    // Each puzzle: a line naming it, its solutions as they are found, then the count.
    assert!(text.starts_with("# <argument>:1\n"), "{text}");
    assert!(
        text.contains("\n# <argument>:1: 25+ solutions\n# <argument>:1\n"),
        "{text}"
    );
    assert!(text.ends_with(":1: 2 solutions\n"), "{text}");
    let all = grids(&text);
    assert_eq!(all.len(), 27);
    let (many, two) = all.split_at(25);
    let sparse: Grid = sparse.parse().unwrap();
    let two_grid: Grid = TWO.parse().unwrap();
    assert!(many.iter().all(|s| s.solves(&sparse)));
    assert!(two.iter().all(|s| s.solves(&two_grid)));
    assert_eq!(many.iter().collect::<HashSet<_>>().len(), 25);
    assert_ne!(two[0], two[1]);
}

/// `puzzles/generated.txt`, through the binary: what a seed gives, which the library's,
/// Python's and JavaScript's tests also check (issue 36: JavaScript's once differed).
#[test]
fn generate_gives_the_known_puzzles_of_a_seed() {
    let known = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/generated.txt"
    ))
    .unwrap();
    // (seed, level) -> the puzzles, in order.
    let mut runs: Vec<((&str, &str), Vec<&str>)> = Vec::new();
    for line in known
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let mut fields = line.split(':');
        let key = (fields.next().unwrap(), fields.next().unwrap());
        let puzzle = fields.next().unwrap();
        match runs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, puzzles)) => puzzles.push(puzzle),
            None => runs.push((key, vec![puzzle])),
        }
    }
    assert!(runs.len() >= 3);
    for ((seed, level), puzzles) in runs {
        let count = puzzles.len().to_string();
        let mut args = vec!["generate", "-n", &count, "--seed", seed];
        if !level.is_empty() {
            args.extend(["--level", level]);
        }
        let out = run(&args, "");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(
            stdout(&out).lines().collect::<Vec<_>>(),
            puzzles,
            "{args:?}"
        );
    }
}

/// Issue 36: `--level 6` failed, with "could not reach level 6 (ER 9.1..6553.5) ... try
/// more clues"; it is reached by climbing now, and a target that is not says so in the
/// user's terms.
#[test]
fn generate_reaches_level_6_and_says_what_it_could_not_reach() {
    let out = run(&["generate", "--level", "6", "--seed", "12"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    for p in grids(&stdout(&out)) {
        assert_eq!(rate(p).unwrap().level(), 6, "{p}");
    }
    let out = run(
        &[
            "generate",
            "--er",
            "15..",
            "--attempts",
            "60",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "bitdoku: could not make a puzzle rated ER 15.0 or more in 60 attempts; try a \
         larger --attempts or an easier target\n"
    );
    let out = run(
        &["generate", "--level", "6", "--attempts", "3", "--seed", "1"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("could not make a puzzle at level 6 (ER 9.1 or more) in 3 attempts"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn generate_symmetries_hold_and_levels_rate_as_asked() {
    for symmetry in Symmetry::ALL {
        let args = [
            "generate",
            "-n",
            "4",
            "--seed",
            "7",
            "--symmetry",
            symmetry.name(),
        ];
        let out = run(&args, "");
        assert!(out.status.success(), "{}", symmetry.name());
        assert_eq!(stdout(&out), stdout(&run(&args, "")), "reproducible");
        for p in grids(&stdout(&out)) {
            assert!(symmetry.holds(&p), "{} {p}", symmetry.name());
            assert_eq!(count_solutions(p, 2), 1);
        }
    }
    let half = run(&["generate", "-n", "3", "--seed", "2", "--symmetric"], "");
    let rotate = run(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "2",
            "--symmetry",
            "rotate180",
        ],
        "",
    );
    assert_eq!(stdout(&half), stdout(&rotate), "--symmetric is rotate180");
    for level in 1..=5u8 {
        let out = run(
            &[
                "generate",
                "-n",
                "3",
                "--seed",
                "3",
                "--level",
                &level.to_string(),
            ],
            "",
        );
        assert!(
            out.status.success(),
            "level {level}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for p in grids(&stdout(&out)) {
            assert_eq!(rate(p).unwrap().level(), level, "{p}");
        }
    }
}

#[test]
fn show_prints_pencilmarks_that_read_back() {
    let out = run(&["show", "--pencilmarks", GRID1], "");
    assert!(out.status.success());
    let text = stdout(&out);
    let line = text.lines().nth(1).unwrap();
    assert_eq!(line.len(), 729);
    let board = parse_pencilmarks(line.as_bytes()).unwrap();
    assert_eq!(Some(board), propagate(GRID1.parse::<Grid>().unwrap()));
}

#[test]
fn pencilmark_lines_are_read_by_every_subcommand() {
    // The two-solution puzzle's candidates, less the second solution's digit at the
    // first square where the two differ: one solution left, which the givens alone
    // (the squares with one candidate) would not say.
    let two: Grid = TWO.parse().unwrap();
    let mut both = Vec::new();
    bitdoku_solver::enumerate::enumerate(two, 2, |s| both.push(*s));
    let square = (0..81)
        .find(|&s| both[0].values()[s] != both[1].values()[s])
        .unwrap();
    let mut line = propagate(two).unwrap().to_pencilmarks();
    let second = both[1].values()[square];
    line[square * 9 + usize::from(second) - 1] = b'.';
    let line = String::from_utf8(line.to_vec()).unwrap();
    let first = both[0].to_string();

    assert_eq!(stdout(&run(&["solve", &line], "")), format!("{first}\n"));
    assert_eq!(stdout(&run(&["count"], &line)), "1 unique\n");
    assert!(stdout(&run(&["count"], TWO)).starts_with("2+ multiple"));
    assert!(stdout(&run(&["rate", &line], "")).ends_with(" easy Hidden Single\n"));
    let shown = stdout(&run(&["show", "--pencilmarks", &line], ""));
    assert!(shown.contains("solved by propagation"), "{shown}");
    let told = stdout(&run(&["explain", "--format", "json", &line], ""));
    assert!(
        told.contains(&format!("\"solution\":\"{first}\"")),
        "{told}"
    );
    let listed = stdout(&run(&["enumerate", &line], ""));
    assert_eq!(grids(&listed), [both[0]]);
    for tool in ["minimize", "canon"] {
        let out = run(&[tool, &line], "");
        assert_eq!(out.status.code(), Some(1), "{tool}");
        assert_eq!(stdout(&out), "invalid\n");
        assert!(String::from_utf8_lossy(&out.stderr).contains("works on givens"));
    }
}
