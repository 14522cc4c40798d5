//! Bitsets against strings at every size: one criterion group per board size (4×4,
//! 6×6, 9×9, 16×16, 25×25), the same puzzles solved by the general engine of
//! `bitdoku-variants` (`general`), by Norvig's program at that size (`norvig`, on a
//! sample, with `general-same-sample` beside it so that the two read as a ratio) and,
//! at 9×9, by the fast engine (`bitset`). The N×N files are the shared classic sets of
//! `../shared/puzzles/variants`; 9×9 is a sample of norvig-top95.
//!
//! Both build their tables once per board outside the timing (Norvig's squares, units
//! and peers; the engine's, then `set_givens` per puzzle). The string program takes
//! about a second per 16×16 puzzle, so it gets 2 of them, and a minute or more per
//! 25×25 one, so it runs there only with `BITDOKU_BENCH_NORVIG_25=1` (one puzzle; or
//! use `bitdoku bench`, which bounds it by a budget). Elsewhere it gets
//! `BITDOKU_BENCH_NORVIG_SAMPLE` puzzles (default 20).

use bitdoku_benches::{load, load_general, root, size_files};
use bitdoku_norvig::Norvig;
use bitdoku_variants::{format, Engine, Options, Puzzle};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::hint::black_box;

/// How many puzzles of a board of `size` the string program is timed on.
fn norvig_sample(size: usize) -> usize {
    let env = |name: &str| std::env::var(name).ok();
    match size {
        0..=9 => env("BITDOKU_BENCH_NORVIG_SAMPLE")
            .and_then(|s| s.parse().ok())
            .unwrap_or(20),
        10..=16 => 2,
        _ => usize::from(env("BITDOKU_BENCH_NORVIG_25").is_some_and(|v| v == "1")),
    }
}

/// The general engine on `puzzles` (one layout: the first puzzle's), puzzle by puzzle.
fn bench_general(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    puzzles: &[Puzzle],
) {
    let mut layout = puzzles[0].clone();
    let Ok(()) = layout.set_givens(&vec![0; layout.cells()]) else {
        return;
    };
    let Ok(mut engine) = Engine::new(&layout) else {
        return;
    };
    let options = Options::default();
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            for p in puzzles {
                engine.set_givens(black_box(p.givens()));
                black_box(engine.general_search(&options, &mut ()).solution);
            }
        })
    });
}

fn sizes(c: &mut Criterion) {
    let mut sets: Vec<(usize, Vec<Puzzle>)> = size_files()
        .into_iter()
        .map(|(n, path)| (n, load_general(&path)))
        .collect();
    let top95 = root().join("../shared/puzzles/norvig-top95.txt");
    let classic = load(&top95, 95);
    let nine: Vec<Puzzle> = classic
        .iter()
        .filter_map(|p| format::read_line(&p.to_string()).ok())
        .collect();
    sets.push((9, nine));
    sets.sort_by_key(|(n, _)| *n);
    for (n, puzzles) in sets {
        if puzzles.is_empty() {
            continue;
        }
        let mut group = c.benchmark_group(format!("sizes/{n}x{n}"));
        group.sample_size(10);
        bench_general(&mut group, "general", &puzzles);
        if n == 9 {
            group.throughput(Throughput::Elements(classic.len() as u64));
            group.bench_function("bitset", |b| {
                b.iter(|| {
                    for p in &classic {
                        black_box(bitdoku_solver::solve(black_box(p)));
                    }
                })
            });
        }
        let few = &puzzles[..puzzles.len().min(norvig_sample(n))];
        let board = few.first().and_then(|p| {
            let (rows, cols) = p.box_shape()?;
            Norvig::with_boxes(n, rows, cols)
        });
        if let Some(norvig) = board {
            let lines: Vec<String> = few.iter().map(|p| format::line(p.givens())).collect();
            group.throughput(Throughput::Elements(few.len() as u64));
            group.bench_function("norvig", |b| {
                b.iter(|| {
                    for line in &lines {
                        black_box(norvig.solve(black_box(line)));
                    }
                })
            });
            bench_general(&mut group, "general-same-sample", few);
        }
        group.finish();
    }
}

criterion_group!(benches, sizes);
criterion_main!(benches);
