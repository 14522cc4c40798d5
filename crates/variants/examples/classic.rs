//! Counts (up to 2) every classic puzzle of a file on the fast band engine (portable
//! back-end and the CPU's best) and on the general engine, and prints puzzles per
//! second of each: how much the general engine gives up on 9×9.
//!
//! ```sh
//! cargo run --release -p bitdoku-variants --example classic -- ../shared/puzzles/17-clue.txt
//! ```

use bitdoku_core::RecordReader;
use bitdoku_solver::Backend;
use bitdoku_variants::{Engine, Options, Puzzle};
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let mut reader = RecordReader::new();
        let mut puzzles = Vec::new();
        for line in text.lines() {
            reader.push_line(line.as_bytes(), |r| puzzles.extend(r.puzzle.ok()));
        }
        reader.finish(|r| puzzles.extend(r.puzzle.ok()));
        let engines: Vec<Engine> = puzzles
            .iter()
            .map(|c| {
                let mut p = Puzzle::classic(9).unwrap();
                p.set_givens(c.grid().values()).unwrap();
                Engine::new(&p).unwrap()
            })
            .collect();
        let options = Options::default().with_limit(2);
        let mut line = format!("{path}: {} puzzles", puzzles.len());
        for (name, backend) in [("fast", Backend::Auto), ("portable", Backend::Portable)] {
            let o = options.with_backend(backend);
            let t = Instant::now();
            let n = fast(&puzzles, &o);
            line += &format!(
                ", {name} {:.0}/s ({n})",
                puzzles.len() as f64 / t.elapsed().as_secs_f64()
            );
        }
        let t = Instant::now();
        let n = general(&engines, &options);
        line += &format!(
            ", general {:.0}/s ({n})",
            puzzles.len() as f64 / t.elapsed().as_secs_f64()
        );
        println!("{line}");
    }
}

/// Counts on the fast engine (a function of its own, for profilers).
#[inline(never)]
fn fast(puzzles: &[bitdoku_core::Puzzle], options: &Options) -> usize {
    puzzles
        .iter()
        .map(|p| bitdoku_solver::search(*p, options).solutions)
        .sum()
}

/// Counts on the general engine (a function of its own, for profilers).
#[inline(never)]
fn general(engines: &[Engine], options: &Options) -> usize {
    engines
        .iter()
        .map(|e| e.general_search(options, &mut ()).solutions)
        .sum()
}
