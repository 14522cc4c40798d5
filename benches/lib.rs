//! Shared helpers for the benches: finding and loading puzzle files.
#![deny(missing_docs)]

use bitdoku_core::{Puzzle, RecordReader};
use std::path::{Path, PathBuf};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The puzzle files to bench: the project's own, then the public sets in
/// `../shared/puzzles` when that folder exists. Each comes with a short name.
pub fn puzzle_files() -> Vec<(String, PathBuf)> {
    let mut files = vec![(
        "norvig-examples".to_string(),
        root().join("puzzles/norvig-examples.txt"),
    )];
    let shared = root().join("../shared/puzzles");
    for name in [
        "norvig-easy50",
        "norvig-top95",
        "norvig-hardest",
        "magictour-top1465",
        "17-clue",
        "forum-hardest-1905-11plus",
    ] {
        let path = shared.join(format!("{name}.txt"));
        if path.is_file() {
            files.push((name.to_string(), path));
        }
    }
    files
}

/// The valid puzzles of a file, at most `limit` of them (evenly spaced through the file
/// so a sample represents the whole set).
pub fn load(path: &Path, limit: usize) -> Vec<Puzzle> {
    let text = std::fs::read(path).unwrap_or_default();
    let mut reader = RecordReader::new();
    let mut grids = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        reader.push_line(line, |r| grids.extend(r.puzzle.ok()));
    }
    reader.finish(|r| grids.extend(r.puzzle.ok()));
    if grids.len() > limit && limit > 0 {
        let step = grids.len() as f64 / limit as f64;
        grids = (0..limit)
            .map(|i| grids[(i as f64 * step) as usize])
            .collect();
    }
    grids
}

/// The shared classic puzzle files of other sizes (`../shared/puzzles/variants`,
/// sudoku-puzzle JSON Lines) that are there, with their sizes: 4×4, 6×6, 16×16, 25×25.
pub fn size_files() -> Vec<(usize, PathBuf)> {
    let dir = root().join("../shared/puzzles/variants/sudoku-puzzle");
    [
        (4, "classic4"),
        (6, "classic6"),
        (16, "classic16"),
        (25, "classic25"),
    ]
    .into_iter()
    .map(|(n, name)| (n, dir.join(format!("{name}.jsonl"))))
    .filter(|(_, path)| path.is_file())
    .collect()
}

/// The puzzles of a file read by `bitdoku-variants`, one a line (a line that is not one
/// is left out).
pub fn load_general(path: &Path) -> Vec<bitdoku_variants::Puzzle> {
    let settings = bitdoku_variants::format::Settings::default();
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| bitdoku_variants::format::read(l, &settings).ok())
        .map(|read| read.puzzle)
        .collect()
}

/// The workspace README's Rust examples, compiled and run as doctests (the crates'
/// own READMEs are tested by their crates).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The Rust examples of `docs/embedding.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/embedding.md")]
struct EmbeddingDoctests;
