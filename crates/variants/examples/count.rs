//! Counts the solutions (up to 2) of every puzzle in the files named, one puzzle per
//! line in any format the crate reads, and says how long it took.
//!
//! ```sh
//! cargo run --release -p bitdoku-variants --example count -- ../shared/puzzles/variants/sudoku-puzzle/classic16.jsonl
//! ```

use bitdoku_variants::format::{self, Settings};
use bitdoku_variants::{Engine, Options};
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        };
        let started = Instant::now();
        let (mut puzzles, mut guesses) = (0, 0);
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            match format::read(line, &Settings::default()) {
                Ok(read) => {
                    let engine = Engine::new(&read.puzzle).expect("a checked puzzle compiles");
                    let o = engine.search(&Options::default().with_limit(2));
                    println!(
                        "{path}:{}: {} solution(s), {} guesses",
                        i + 1,
                        o.solutions,
                        o.stats.guesses
                    );
                    puzzles += 1;
                    guesses += o.stats.guesses;
                }
                Err(e) => println!("{path}:{}: {e}", i + 1),
            }
        }
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{path}: {puzzles} puzzles in {secs:.3} s ({:.1}/s), {:.1} guesses each",
            puzzles as f64 / secs,
            guesses as f64 / puzzles.max(1) as f64
        );
    }
}
