//! Every back-end this CPU has against the portable one on the public sets (when
//! `../shared/puzzles` is there): the same count to 2, the same first solution and the
//! same search statistics, guess for guess. `reference.rs` checks the back-ends on
//! random puzzles; this is the check on real ones, natively and under qemu
//! (`.ci/aarch64.sh`, where NEON is the back-end to check).

use bitdoku_core::{Grid, RecordReader};
use bitdoku_solver::{search, Backend, Options, Puzzle};
use std::path::Path;

/// Reads a public set: its first `most` puzzles (`None` if the set is not there).
fn read_set(name: &str, most: usize) -> Option<Vec<Grid>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles");
    let Ok(text) = std::fs::read(dir.join(name)) else {
        assert!(std::env::var_os("CI").is_none(), "CI needs {name}");
        return None;
    };
    let mut reader = RecordReader::new();
    let mut grids = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        reader.push_line(line, |r| {
            if let Ok(Puzzle::Givens(g)) = r.puzzle {
                grids.push(g)
            }
        });
    }
    assert!(!grids.is_empty(), "{name} has no puzzle");
    grids.truncate(most);
    Some(grids)
}

/// Counts to 2 on the first `most` puzzles of the set with every back-end.
fn every_back_end_agrees_on(name: &str, most: usize) {
    let Some(grids) = read_set(name, most) else {
        return;
    };
    let others: Vec<Backend> = Backend::available()
        .filter(|&b| b != Backend::Portable)
        .collect();
    let options = Options::default().with_limit(2);
    for grid in &grids {
        let portable = search(*grid, &options.with_backend(Backend::Portable));
        assert!(portable.complete, "{name}: {grid}");
        if let Some(solution) = portable.solution {
            assert!(solution.solves(grid), "{name}: {grid}");
        }
        for &backend in &others {
            let outcome = search(*grid, &options.with_backend(backend));
            assert_eq!(outcome, portable, "{name}: {backend} on {grid}");
        }
    }
    let names: Vec<&str> = others.iter().map(|b| b.name()).collect();
    eprintln!(
        "{name}: {} puzzles, portable and {names:?} agree",
        grids.len()
    );
}

#[test]
fn seventeen_clue() {
    every_back_end_agrees_on("17-clue.txt", usize::MAX);
}

#[test]
fn magictour_top1465() {
    every_back_end_agrees_on("magictour-top1465.txt", usize::MAX);
}

#[test]
fn norvig_top95() {
    every_back_end_agrees_on("norvig-top95.txt", usize::MAX);
}

#[test]
fn multi_16_clue() {
    every_back_end_agrees_on("multi-16-clue.txt", usize::MAX);
}

/// The first 10,000 of the 48,766: qemu emulates the SIMD kernels one lane at a time.
#[test]
fn forum_hardest() {
    every_back_end_agrees_on("forum-hardest-1905-11plus.txt", 10_000);
}

/// The back-end each 64-bit ARM CPU has is there (what `.ci/aarch64.sh` runs under
/// qemu to check).
#[cfg(target_arch = "aarch64")]
#[test]
fn neon_is_available_on_aarch64() {
    assert!(Backend::Neon.is_available());
}
