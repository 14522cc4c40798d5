//! On classic 9×9 puzzles the general engine searches the same tree as the fast band
//! engine of `bitdoku-solver` (the same rules to the same fixed point, the same
//! branching rule): the same count to 2, the same first solution, the same guesses.
//! Over the project's puzzle files, and the sets of `../shared/puzzles` when they are
//! there: every 16th puzzle of each, or all with `BITDOKU_EVERY_PUZZLE=1` (CI).

use bitdoku_core::{Puzzle as Classic, RecordReader};
use bitdoku_variants::{Engine, Options, Puzzle};
use std::path::PathBuf;

fn general(classic: &Classic) -> Puzzle {
    let mut p = Puzzle::classic(9).unwrap();
    match classic {
        Classic::Givens(g) => p.set_givens(g.values()).unwrap(),
        Classic::Candidates(b) => {
            for (c, s) in bitdoku_core::Square::all().enumerate() {
                p.set_candidates(c, u32::from(b.get(s).bits())).unwrap();
            }
        }
    }
    p
}

fn check_file(path: &PathBuf, every: usize) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let mut reader = RecordReader::new();
    let mut records = Vec::new();
    for line in text.lines() {
        reader.push_line(line.as_bytes(), |r| records.push(r));
    }
    reader.finish(|r| records.push(r));
    let puzzles: Vec<_> = records
        .into_iter()
        .step_by(every)
        .filter_map(|r| Some((r.puzzle.ok()?, r.line)))
        .collect();
    // Every core takes its share: CI runs every puzzle of the shared sets.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for share in puzzles.chunks(puzzles.len().div_ceil(threads).max(1)) {
            scope.spawn(move || {
                for (classic, line) in share {
                    compare(classic, &format!("{}:{line}", path.display()));
                }
            });
        }
    });
    puzzles.len()
}

fn compare(classic: &Classic, at: &str) {
    let options = Options::default().with_limit(2);
    let fast = bitdoku_solver::search(*classic, &options);
    let engine = Engine::new(&general(classic)).unwrap();
    assert!(engine.is_classic());
    let slow = engine.general_search(&options, &mut ());
    assert_eq!(slow.solutions, fast.solutions, "{at}");
    assert_eq!(
        slow.solution,
        fast.solution.map(|g| g.values().to_vec()),
        "{at}"
    );
    assert_eq!(slow.stats.guesses, fast.stats.guesses, "{at}");
}

#[test]
fn the_same_tree_as_the_fast_engine() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut n = 0;
    for f in [
        "norvig-examples.txt",
        "known-answers.txt",
        "two-solutions.txt",
        "pencilmark-no-solution.txt",
    ] {
        n += check_file(&root.join("puzzles").join(f), 1);
    }
    let shared = root.join("../shared/puzzles");
    let every = if std::env::var_os("BITDOKU_EVERY_PUZZLE").is_some() {
        1
    } else {
        16
    };
    if shared.is_dir() {
        for entry in std::fs::read_dir(&shared).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                n += check_file(&path, every);
            }
        }
    }
    assert!(n > 10, "{n}");
}
