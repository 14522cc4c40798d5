//! Generates puzzles and says how long each took:
//! `generate SIZE COUNT [killer MAX | jigsaw]`, seeds 0 to COUNT - 1.
//!
//! ```sh
//! cargo run --release -p bitdoku-variants --example generate -- 16 5
//! cargo run --release -p bitdoku-variants --example generate -- 9 5 killer 5
//! ```

use bitdoku_variants::generate::{generate, puzzle_seed, Layout, Settings};
use bitdoku_variants::{format, Engine};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(9);
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut settings = Settings::new(size);
    match args.get(2).map(String::as_str) {
        Some("killer") => {
            settings.killer = Some(args.get(3).and_then(|a| a.parse().ok()).unwrap_or(5))
        }
        Some("jigsaw") => settings.layout = Layout::Jigsaw,
        _ => {}
    }
    let mut times = Vec::new();
    for i in 0..count {
        let t = Instant::now();
        let g = generate(&mut fastrand::Rng::with_seed(puzzle_seed(1, i)), &settings)
            .expect("a puzzle");
        let secs = t.elapsed().as_secs_f64();
        times.push(secs);
        assert!(Engine::new(&g.puzzle).unwrap().is_unique());
        let givens = g.puzzle.givens().iter().filter(|&&d| d != 0).count();
        println!(
            "{} ({givens} givens, {} rules) {secs:.3} s",
            format::line(g.puzzle.givens()),
            g.puzzle.rules().len()
        );
    }
    times.sort_by(f64::total_cmp);
    eprintln!("median {:.3} s over {count}", times[times.len() / 2]);
}
