//! Puzzles per second, one criterion group per puzzle file: the bitset solver on the
//! file (sampled), with and without AVX-512, and the string solver beside it on a
//! smaller sample.
//! Big sets are sampled (`BITDOKU_BENCH_SAMPLE`, default 2000 puzzles per file) so a
//! full run takes minutes, not hours; `../shared/tools/compare` times whole files.

use bitdoku_benches::{load, puzzle_files};
use bitdoku_solver::{search, Options, Solver};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn sample_size() -> usize {
    std::env::var("BITDOKU_BENCH_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

fn norvig_sample() -> usize {
    std::env::var("BITDOKU_BENCH_NORVIG_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20)
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
        // The same on each back-end this CPU has (`bitset` is the fastest of them).
        for backend in bitdoku_solver::Backend::available() {
            let options = Options::default().with_backend(backend);
            group.bench_function(format!("bitset-{backend}"), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        black_box(search(black_box(p), &options).solution);
                    }
                })
            });
        }
        // The string solver on a small sample (it is 50-200x slower): compare the
        // per-puzzle times in the report, not the group totals.
        let norvig = bitdoku_norvig::Norvig::new();
        let few: Vec<_> = puzzles.iter().take(norvig_sample()).copied().collect();
        group.throughput(Throughput::Elements(few.len() as u64));
        group.bench_function("norvig", |b| {
            b.iter(|| {
                for p in &few {
                    black_box(Solver::solve(&norvig, black_box(p)));
                }
            })
        });
        group.bench_function("bitset-same-sample", |b| {
            b.iter(|| {
                for p in &few {
                    black_box(bitdoku_solver::solve(black_box(p)));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, solve);
criterion_main!(benches);
