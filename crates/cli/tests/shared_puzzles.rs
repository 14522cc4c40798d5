//! Every public benchmark set in `../shared/puzzles` solved by the binary and every
//! solution checked by an independent checker written here (no solver code); every
//! back-end this CPU has must print the same, for `solve` and `count`. CI runs it
//! with `CI=true` (every set must be there) on the binary `cargo test --workspace` built
//! (`BITDOKU_BIN`); elsewhere it uses the test build and skips when the sets are not
//! there.

use std::path::{Path, PathBuf};
use std::process::Command;

fn shared_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles");
    dir.is_dir().then_some(dir)
}

/// The puzzles of a one-puzzle-per-line file, as the first 81 bytes of each line.
fn puzzles_of(text: &str) -> Vec<&[u8]> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| &l.as_bytes()[..81])
        .collect()
}

/// True if `solution` is 81 digits, every row, column and box holds 1-9, and every
/// given of `puzzle` is kept.
fn is_solution(puzzle: &[u8], solution: &[u8]) -> bool {
    if solution.len() != 81 || !solution.iter().all(|b| (b'1'..=b'9').contains(b)) {
        return false;
    }
    let kept = puzzle
        .iter()
        .zip(solution)
        .all(|(&p, &s)| !(b'1'..=b'9').contains(&p) || p == s);
    let units_ok = (0..9).all(|i| {
        let row = (0..9).fold(0u16, |m, k| m | 1 << (solution[i * 9 + k] - b'0'));
        let col = (0..9).fold(0u16, |m, k| m | 1 << (solution[k * 9 + i] - b'0'));
        let (br, bc) = (i / 3 * 3, i % 3 * 3);
        let bx = (0..9).fold(0u16, |m, k| {
            m | 1 << (solution[(br + k / 3) * 9 + bc + k % 3] - b'0')
        });
        row == 0x3FE && col == 0x3FE && bx == 0x3FE
    });
    kept && units_ok
}

#[test]
fn checker_rejects_wrong_solutions() {
    let puzzle =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let good =
        *b"417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    assert!(is_solution(puzzle, &good));
    let mut swapped = good;
    swapped.swap(0, 1); // still a permutation in row A, but breaks columns and a given
    assert!(!is_solution(puzzle, &swapped));
    assert!(!is_solution(puzzle, &good[..80]));
    let mut other = good;
    other[80] = b'0';
    assert!(!is_solution(puzzle, &other));
}

#[test]
fn every_shared_puzzle_is_solved_correctly() {
    let Some(dir) = shared_dir() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/puzzles"
        );
        eprintln!("../shared/puzzles not found: skipped");
        return;
    };
    let bin = std::env::var("BITDOKU_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_bitdoku").into());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let puzzles = puzzles_of(&text);
        let out = Command::new(&bin).arg("solve").arg(&file).output().unwrap();
        assert!(out.status.success(), "{}: {:?}", file.display(), out.status);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), puzzles.len(), "{}", file.display());
        let wrong = puzzles
            .iter()
            .zip(&lines)
            .filter(|(p, s)| !is_solution(p, s.as_bytes()))
            .count();
        assert_eq!(wrong, 0, "{}: wrong solutions", file.display());
        // Every back-end gives the same output, line for line, solving and counting.
        let mut counts = None;
        for backend in bitdoku_solver::Backend::available() {
            for task in ["solve", "count"] {
                let other = Command::new(&bin)
                    .args([task, "--quiet", "--backend", backend.name()])
                    .arg(&file)
                    .output()
                    .unwrap();
                let code = other.status.code();
                assert!(
                    code == Some(0) || code == Some(1),
                    "{}: {code:?}",
                    file.display()
                );
                if task == "solve" {
                    assert!(
                        other.stdout == stdout.as_bytes(),
                        "{}: --backend {backend} gives other output",
                        file.display()
                    );
                } else if let Some(counts) = &counts {
                    assert!(
                        &other.stdout == counts,
                        "{}: count --backend {backend} gives other output",
                        file.display()
                    );
                } else {
                    counts = Some(other.stdout);
                }
            }
        }
        eprintln!(
            "{}: {} puzzles solved and checked; solve and count identical on back-ends {}",
            file.display(),
            puzzles.len(),
            bitdoku_solver::Backend::available()
                .map(|b| b.name())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}

/// The first solution of a puzzle with several is the same from `solve`, `enumerate
/// --limit 1`, `rate` (not rated, its first solution given) and `explain` (Norvig's
/// search, told): one branching rule for both engines, on every puzzle of
/// multi-16-clue.txt.
#[test]
fn every_subcommand_finds_the_same_first_solution() {
    let Some(dir) = shared_dir() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/puzzles"
        );
        return;
    };
    let bin = std::env::var("BITDOKU_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_bitdoku").into());
    let file = dir.join("multi-16-clue.txt");
    let run = |args: &[&str]| {
        let out = Command::new(&bin).args(args).arg(&file).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let solved: Vec<String> = run(&["solve", "-q"]).lines().map(String::from).collect();
    let listed: Vec<String> = run(&["enumerate", "--limit", "1"])
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    let field = |text: String, event: Option<&str>| -> Vec<String> {
        text.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| event.is_none_or(|e| v["event"] == e))
            .map(|v| v["solution"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let rated = field(run(&["rate", "-q", "--format", "json"]), None);
    let told = field(
        run(&["explain", "--steps", "0", "--format", "json"]),
        Some("end"),
    );
    assert_eq!(solved.len(), 20_000);
    for (name, other) in [("enumerate", &listed), ("rate", &rated), ("explain", &told)] {
        assert_eq!(other.len(), solved.len(), "{name}");
        let differ = solved.iter().zip(other).filter(|(a, b)| a != b).count();
        assert_eq!(
            differ, 0,
            "{name}: {differ} first solutions differ from solve's"
        );
    }
}
