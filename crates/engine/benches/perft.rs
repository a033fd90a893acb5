//! Perft (every leaf move made, no bulk counting) and single-move benches.
//!
//! `cargo bench -p toguz-engine --bench perft`

use criterion::{BatchSize, Criterion, black_box, criterion_group, criterion_main};
use toguz_engine::{House, Position};

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for depth in 5..=8 {
        g.bench_function(format!("start/{depth}"), |b| {
            b.iter(|| black_box(Position::start()).perft(depth))
        });
    }
    g.finish();
}

fn make_move(c: &mut Criterion) {
    // A middlegame position with a tuz on each side and piles of all sizes.
    let mid: Position = "12,0,0,1,23,7,2,9,9/3,0,8,17,1,6,11,2,6 20/25 2/3 w"
        .parse()
        .expect("position");
    for (name, p) in [("start", Position::start()), ("middlegame", mid)] {
        c.bench_function(&format!("play_unchecked/{name}"), |b| {
            b.iter(|| {
                let mut n = 0u32;
                for h in p.legal_moves() {
                    let mut q = black_box(p);
                    n += u32::from(q.play_unchecked(h).captured);
                }
                n
            })
        });
        c.bench_function(&format!("try_play/{name}"), |b| {
            b.iter_batched(
                || p,
                |mut q| q.try_play(House::new(1).expect("house")),
                BatchSize::SmallInput,
            )
        });
    }
}

criterion_group!(benches, perft, make_move);
criterion_main!(benches);
