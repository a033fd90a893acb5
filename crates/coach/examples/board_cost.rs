//! What an analysis board's "lines updated as the search deepens" costs: multi-PV 3 called
//! with depth 1, 2, ... D on one searcher, against one call at depth D and a plain search.
//! `cargo run --release -p toguz-coach --example board_cost [D]`
use std::time::Instant;
use toguz_engine::Position;
use toguz_engine::search::{BENCH_POSITIONS, Limits, Searcher};

fn main() {
    let d: u32 = std::env::args().nth(1).map_or(12, |s| s.parse().unwrap());
    let (mut inc, mut once, mut single) = (0u64, 0u64, 0u64);
    let t = Instant::now();
    for s in BENCH_POSITIONS {
        let p: Position = s.parse().unwrap();
        let mut a = Searcher::new(16);
        for depth in 1..=d {
            inc += a
                .search_multipv(&p, &Limits::depth(depth), 3, |_| false)
                .nodes;
        }
        once += Searcher::new(16)
            .search_multipv(&p, &Limits::depth(d), 3, |_| false)
            .nodes;
        single += Searcher::new(16)
            .search(&p, &Limits::depth(d), |_| false)
            .nodes;
    }
    println!(
        "{} positions, depth {d}: plain {single} nodes, multi-PV 3 once {once}, multi-PV 3 at each depth 1..{d} {inc} ({:.1} s in all)",
        BENCH_POSITIONS.len(),
        t.elapsed().as_secs_f64()
    );
}
