//! What the observer hook costs. Three ways to solve the same sample:
//! - `solve`: the public `solve`, which passes the no-op observer `()`;
//! - `disabled`: `search_observed` with an observer whose `ENABLED` is false but whose
//!   `keep_going` is called at every guess (what a time limit costs);
//! - `counting`: an enabled observer that counts events (what `rate` and `explain`
//!   pay for the events themselves).
//!
//! `solve` and `disabled` should be equal within noise: the hooks compile away.

use bitdoku_benches::load;
use bitdoku_solver::{search_observed, Event, Observer, Options};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;

struct KeepGoing(u64);

impl Observer for KeepGoing {
    #[inline]
    fn keep_going(&mut self) -> bool {
        self.0 += 1;
        self.0 < u64::MAX
    }
}

struct Counting(u64);

impl Observer for Counting {
    const ENABLED: bool = true;
    #[inline]
    fn event(&mut self, _: &Event) {
        self.0 += 1;
    }
}

fn observer(c: &mut Criterion) {
    for file in ["17-clue.txt", "forum-hardest-1905-11plus.txt"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/puzzles")
            .join(file);
        let puzzles = load(&path, 2000);
        if puzzles.is_empty() {
            continue;
        }
        let mut group = c.benchmark_group(format!("observer/{file}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(20);
        group.bench_function("solve", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(bitdoku_solver::solve(black_box(p)));
                }
            })
        });
        group.bench_function("disabled", |b| {
            b.iter(|| {
                let mut o = KeepGoing(0);
                for p in &puzzles {
                    black_box(search_observed(black_box(p), &Options::default(), &mut o));
                }
                o.0
            })
        });
        group.bench_function("counting", |b| {
            b.iter(|| {
                let mut o = Counting(0);
                for p in &puzzles {
                    black_box(search_observed(black_box(p), &Options::default(), &mut o));
                }
                o.0
            })
        });
        group.finish();
    }
}

criterion_group!(benches, observer);
criterion_main!(benches);
