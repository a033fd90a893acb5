//! Search speed: a fixed-depth search from a few middlegame positions, and the bench.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use toguz_engine::Position;
use toguz_engine::search::{BENCH_POSITIONS, Limits, Searcher, bench};

/// Middlegames from the bench set (many korgools still on the board).
const MIDDLEGAMES: [usize; 4] = [3, 6, 10, 16];

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for i in MIDDLEGAMES {
        let pos: Position = BENCH_POSITIONS[i].parse().expect("bench position");
        group.bench_function(format!("depth 9, position {i}"), |b| {
            b.iter(|| {
                let mut s = Searcher::new(1);
                black_box(s.search(&pos, &Limits::depth(9), |_| false).nodes)
            })
        });
    }
    group.bench_function("bench 7", |b| b.iter(|| black_box(bench(7))));
    group.finish();
}

criterion_group!(benches, fixed_depth);
criterion_main!(benches);
