//! Puzzles per second for the bitset solver, one criterion group per puzzle file.
//! Big sets are sampled (`BITDOKU_BENCH_SAMPLE`, default 2000 puzzles per file) so a
//! full run takes minutes, not hours; `../shared/tools/compare` times whole files.

use bitdoku_benches::{load, puzzle_files};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn sample_size() -> usize {
    std::env::var("BITDOKU_BENCH_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

fn solve(c: &mut Criterion) {
    for (name, path) in puzzle_files() {
        let puzzles = load(&path, sample_size());
        if puzzles.is_empty() {
            continue;
        }
        let mut group = c.benchmark_group(&name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.bench_function("bitset", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(bitdoku_solver::solve(black_box(p)));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, solve);
criterion_main!(benches);
