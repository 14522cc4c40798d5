//! The string solver and the bitset solver agree: solved or not, and a valid solution,
//! on Norvig's sets and on random puzzles.

use bitdoku_core::{Grid, Puzzle};
use bitdoku_norvig::Norvig;
use bitdoku_solver::{Bitset, Solver};
use proptest::prelude::*;
use std::path::Path;

fn agree(norvig: &Norvig, puzzle: impl Into<Puzzle>) {
    let puzzle = puzzle.into();
    let fast = Bitset.solve(&puzzle);
    let slow = Solver::solve(norvig, &puzzle);
    assert_eq!(fast.is_some(), slow.is_some(), "{puzzle}");
    if let (Some(f), Some(s)) = (fast, slow) {
        assert!(
            puzzle.is_solved_by(&f) && puzzle.is_solved_by(&s),
            "{puzzle}"
        );
        if Bitset.count(&puzzle, 2) == 1 {
            assert_eq!(f, s, "{puzzle}");
        }
    }
    assert_eq!(
        Solver::count(norvig, &puzzle, 2),
        Bitset.count(&puzzle, 2),
        "{puzzle}"
    );
}

#[test]
fn agree_on_norvigs_sets_and_the_projects_puzzles() {
    let norvig = Norvig::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    // The repository's file (absent from the published crate) and the public sets.
    let known = root.join("puzzles/known-answers.txt");
    if known.is_file() {
        files.push(known);
    }
    for name in ["norvig-easy50", "norvig-top95", "norvig-hardest"] {
        let path = root.join(format!("../shared/puzzles/{name}.txt"));
        if path.is_file() {
            files.push(path);
        } else {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI needs {}",
                path.display()
            );
        }
    }
    if files.is_empty() {
        eprintln!("skipped: no puzzle files here (the published crate has none)");
        return;
    }
    let mut checked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let puzzle = line.split(':').next().unwrap();
            if let Ok(grid) = puzzle.parse::<Grid>() {
                // hard1 and the empty grid have millions of solutions: solve only.
                if grid.givens() < 20 {
                    let f = Bitset.solve(&grid.into());
                    let s = Solver::solve(&norvig, &grid.into());
                    assert_eq!(f.is_some(), s.is_some(), "{grid}");
                    assert!(f.is_none_or(|f| f.solves(&grid)), "{grid}");
                    assert!(s.is_none_or(|s| s.solves(&grid)), "{grid}");
                } else {
                    agree(&norvig, grid);
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 10);
}

const BASE: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random puzzles: a relabelled solution with squares removed, and sometimes one
    /// given changed (which may leave no solution).
    #[test]
    fn agree_on_random_puzzles(
        digits in Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        keep in prop::collection::vec(0u8..100, 81),
        keep_percent in 30u8..70,
        poke in (0usize..81, 1u8..=9, any::<bool>()),
    ) {
        let mut cells = [0u8; 81];
        for (i, b) in BASE.bytes().enumerate() {
            if keep[i] < keep_percent {
                cells[i] = digits[(b - b'1') as usize];
            }
        }
        if poke.2 {
            cells[poke.0] = poke.1;
        }
        let grid = Grid::from_values(cells);
        agree(&Norvig::new(), grid);
    }

    /// Pencilmark puzzles: the candidates of a puzzle like the ones above, with
    /// candidates taken away at random (which may leave no solution, or one that is
    /// not the grid's).
    #[test]
    fn agree_on_random_pencilmark_puzzles(
        keep in prop::collection::vec(0u8..100, 81),
        drop in prop::collection::vec((0usize..81, 0u16..9), 0..12),
    ) {
        let mut cells = [0u8; 81];
        for (i, b) in BASE.bytes().enumerate() {
            if keep[i] < 35 {
                cells[i] = b - b'0';
            }
        }
        let mut board = bitdoku_core::Board::from_grid(&Grid::from_values(cells));
        for (s, d) in drop {
            board.0[s] = bitdoku_core::Candidates::from_bits(board.0[s].bits() & !(1 << d));
        }
        agree(&Norvig::new(), board);
    }
}
