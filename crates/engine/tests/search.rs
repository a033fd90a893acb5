//! The search: proof against plain negamax, legality under any limit, the bench signature.

use toguz_engine::search::{
    BENCH_POSITIONS, Level, Limits, Rng, Score, SearchOptions, Searcher, bench, greedy_move,
    negamax_reference, search,
};
use toguz_engine::{House, Position};

/// Positions from random games, some of them late (few korgools, tuzes, near the end).
fn random_positions(seed: u64, n: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = Position::start();
        let plies = rng.below(90);
        for _ in 0..plies {
            let moves: Vec<House> = p.legal_moves().collect();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        if !p.is_over() {
            out.push(p);
        }
    }
    out
}

/// Alpha-beta with the table (same-depth cut-offs), move ordering, killers, history and PVS,
/// full window, gives exactly the value of plain negamax with the same evaluation, with and
/// without quiescence. Reductions and aspiration windows are off here: they may change the
/// value by design, and are measured by matches instead.
#[test]
fn alpha_beta_equals_negamax() {
    for (i, p) in random_positions(7, 40).iter().enumerate() {
        for quiescence in [false, true] {
            let opts = SearchOptions {
                quiescence,
                qs_depth: 4,
                ..SearchOptions::exact()
            };
            let depth = if quiescence { 3 } else { 4 };
            let mut s = Searcher::with_options(1, opts);
            let r = s.search(p, &Limits::depth(depth), |_| false);
            let reference = negamax_reference(p, depth, &opts);
            assert_eq!(
                r.score, reference,
                "position {i} {p} quiescence {quiescence}"
            );
            assert_eq!(r.depth, depth.min(r.depth));
        }
    }
}

/// Without the table or ordering too: every switch combination that keeps the value.
#[test]
fn switches_keep_the_value() {
    for p in random_positions(11, 12) {
        let base = SearchOptions {
            qs_depth: 3,
            ..SearchOptions::exact()
        };
        let reference = negamax_reference(&p, 3, &base);
        for (tt, ordering, pvs) in [
            (false, false, false),
            (true, false, true),
            (false, true, true),
        ] {
            let opts = SearchOptions {
                tt,
                ordering,
                pvs,
                ..base
            };
            let r = Searcher::with_options(1, opts).search(&p, &Limits::depth(3), |_| false);
            assert_eq!(
                r.score, reference,
                "{p} tt {tt} ordering {ordering} pvs {pvs}"
            );
        }
    }
}

/// Aspiration windows (from depth 4 on) re-search when the value falls outside, so they too
/// keep the exact value when the table cuts off only on same-depth entries.
#[test]
fn aspiration_keeps_the_value() {
    for p in random_positions(13, 8) {
        let opts = SearchOptions {
            aspiration: true,
            quiescence: false,
            ..SearchOptions::exact()
        };
        let r = Searcher::with_options(1, opts).search(&p, &Limits::depth(5), |_| false);
        assert_eq!(r.score, negamax_reference(&p, 5, &opts), "{p}");
    }
}

#[test]
fn always_a_legal_move() {
    for p in random_positions(3, 30) {
        for limits in [Limits::nodes(1), Limits::depth(1), Limits::nodes(5000)] {
            let r = search(&p, &limits, |_| true);
            let best = r.best.expect("a move");
            assert!(p.check(best).is_ok(), "{p}: {best}");
            assert_eq!(r.pv.first(), Some(&best));
        }
        let r = Searcher::new(1).search(&p, &Limits::depth(3), |_| false);
        let mut q = p;
        for &m in &r.pv {
            assert!(q.check(m).is_ok(), "pv {:?} from {p}", r.pv);
            q.play_unchecked(m);
        }
    }
}

#[test]
fn final_positions_have_terminal_scores() {
    let won: Position = "0,0,0,0,0,0,0,1,1/1,1,1,1,1,1,1,1,1 82/69 -/- b"
        .parse()
        .unwrap();
    let r = search(&won, &Limits::depth(5), |_| false);
    assert_eq!((r.best, r.score), (None, Score::loss_in(0)));
    let draw: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w"
        .parse()
        .unwrap();
    assert_eq!(
        search(&draw, &Limits::depth(5), |_| false).score,
        Score::DRAW
    );
}

#[test]
fn finds_a_win_in_one() {
    // White's house 9 (2 korgools) ends on Black's house 1, which then holds 2: 80 + 2 = 82.
    let p: Position = "0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w"
        .parse()
        .unwrap();
    let r = search(&p, &Limits::depth(6), |_| false);
    assert_eq!(r.best, House::new(9));
    assert_eq!(r.score, Score::win_in(1));
    assert_eq!(r.score.to_string(), "win-in-1");
}

#[test]
fn stop_callback_is_honoured() {
    let mut calls = 0;
    let r = search(&Position::start(), &Limits::default(), |n| {
        calls += 1;
        n >= 50_000
    });
    assert!(r.best.is_some());
    assert!(r.nodes <= 50_000 + 4096, "{}", r.nodes);
    assert!(calls > 0);
}

#[test]
fn levels_play_legal_moves() {
    let mut rng = Rng::new(5);
    for p in random_positions(21, 8) {
        for level in [Level::of(1), Level::of(4)] {
            let r = Searcher::new(1).play_level(&p, &level.params(), &mut rng, |_| false);
            assert!(p.check(r.best.unwrap()).is_ok());
        }
        assert!(p.check(greedy_move(&p).unwrap()).is_ok());
    }
}

#[test]
fn levels_read_as_numbers_and_the_former_names_as_the_nearest_level() {
    for l in Level::ALL {
        assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        let json = serde_json::to_string(&l).unwrap();
        assert_eq!(json, l.number().to_string());
        assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), l);
    }
    for (name, n) in [("easy", 1), ("medium", 4), ("hard", 5), ("Expert", 8)] {
        assert_eq!(name.parse::<Level>().map(Level::number), Ok(n));
    }
    for bad in ["grandmaster", "0", "9", "depth:6"] {
        assert!(bad.parse::<Level>().is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<Level>("9").is_err());
}

#[test]
fn each_person_like_level_plays_legal_moves() {
    let mut rng = Rng::new(9);
    let p = random_positions(3, 6)[1];
    for l in Level::ALL.into_iter().take(6) {
        let mut s = Searcher::new(1);
        let picks: Vec<_> = (0..12)
            .map(|_| {
                s.play_level(&p, &l.params(), &mut rng, |_| false)
                    .best
                    .unwrap()
            })
            .inspect(|h| assert!(p.check(*h).is_ok()))
            .collect();
        assert_eq!(picks.len(), 12, "level {l}");
    }
}

/// The bench signature. Change the number only on purpose, and quote it in the commit.
#[test]
fn bench_signature() {
    assert_eq!(BENCH_POSITIONS.len(), 22);
    let nodes = bench(8);
    println!("bench 8: {nodes} nodes");
    assert_eq!(nodes, 197_941);
}

/// Multi-PV's first line is the single-PV result at the same depth (same searcher state: a
/// fresh one), with the default options: its move, score, depth and principal variation.
#[test]
fn multipv_first_line_is_the_single_pv_result() {
    for (i, p) in random_positions(31, 24).iter().enumerate() {
        for depth in [4, 7] {
            let single = Searcher::new(1).search(p, &Limits::depth(depth), |_| false);
            let multi = Searcher::new(1).search_multipv(p, &Limits::depth(depth), 3, |_| false);
            let first = &multi.lines[0];
            assert_eq!(Some(first.mv), single.best, "position {i} {p}");
            assert_eq!(first.score, single.score, "position {i} {p}");
            assert_eq!(first.pv, single.pv, "position {i} {p}");
            assert_eq!(first.depth, single.depth);
            assert_eq!(multi.depth, single.depth);
            let legal = p.legal_moves().count();
            assert!(multi.lines.len() <= 3.min(legal));
            let mut seen = 0u16;
            for l in &multi.lines {
                assert!(p.check(l.mv).is_ok());
                assert_eq!(l.pv.first(), Some(&l.mv));
                assert_eq!(seen & (1 << l.mv.index()), 0, "a move twice: {p}");
                seen |= 1 << l.mv.index();
            }
        }
    }
}

/// The value of each root move by plain negamax: the reference for the multi-PV lines.
fn move_values(p: &Position, depth: u32, opts: &SearchOptions) -> Vec<(House, Score)> {
    p.legal_moves()
        .map(|h| {
            let mut c = *p;
            c.play_unchecked(h);
            // The child's value one ply further from the root: a result in N plies from
            // the child is one in N + 1 from the root.
            let v = -negamax_reference(&c, depth - 1, opts);
            let v = match v.plies_to_end() {
                Some(n) if n >= 0 => Score::win_in(n as u32 + 1),
                Some(n) => Score::loss_in(n.unsigned_abs() + 1),
                None => v,
            };
            (h, v)
        })
        .collect()
}

/// With the exact options every line's score is the value plain negamax gives its move, and
/// the lines are the best moves in order: line k is worth the k-th best value.
#[test]
fn multipv_lines_are_the_best_moves_by_negamax() {
    let opts = SearchOptions {
        qs_depth: 3,
        ..SearchOptions::exact()
    };
    for p in random_positions(41, 16) {
        let depth = 4;
        let mut values = move_values(&p, depth, &opts);
        let r =
            Searcher::with_options(1, opts).search_multipv(&p, &Limits::depth(depth), 9, |_| false);
        assert_eq!(r.lines.len(), values.len(), "{p}");
        for l in &r.lines {
            let v = values.iter().find(|(h, _)| *h == l.mv).unwrap().1;
            assert_eq!(l.score, v, "{p} move {}", l.mv);
            assert_eq!(l.depth, depth);
        }
        values.sort_by_key(|v| core::cmp::Reverse(v.1));
        let got: Vec<Score> = r.lines.iter().map(|l| l.score).collect();
        let want: Vec<Score> = values.iter().map(|v| v.1).collect();
        assert_eq!(got, want, "{p}");
    }
}

/// A search restricted to one root move gives that move and the value negamax gives it.
#[test]
fn search_moves_values_the_move_asked_for() {
    let opts = SearchOptions {
        qs_depth: 3,
        ..SearchOptions::exact()
    };
    for p in random_positions(43, 12) {
        let values = move_values(&p, 4, &opts);
        let mut s = Searcher::with_options(1, opts);
        for (h, v) in values {
            let r = s.search_moves(&p, &Limits::depth(4), &[h], |_| false);
            assert_eq!((r.best, r.score), (Some(h), v), "{p}");
            assert_eq!(r.pv.first(), Some(&h));
        }
        // The restricted searches left the table sound: a full search still gives the value.
        let full = s.search(&p, &Limits::depth(4), |_| false);
        assert_eq!(full.score, negamax_reference(&p, 4, &opts), "{p}");
    }
}

/// Limits count all the lines; stopped at once, a multi-PV search gives no line rather than
/// a line without a value.
#[test]
fn multipv_within_limits() {
    let p = Position::start();
    let r = Searcher::new(1).search_multipv(&p, &Limits::nodes(1), 3, |_| false);
    assert!(r.lines.is_empty());
    // Stopped by the callback during the first line's third iteration or later: the lines of
    // the depth completed, or none.
    let r = Searcher::new(1).search_multipv(&p, &Limits::default(), 3, |_| true);
    assert!(r.lines.iter().all(|l| l.depth == r.depth));
    let r = Searcher::new(1).search_multipv(&p, &Limits::nodes(20_000), 3, |_| false);
    assert!(r.nodes <= 20_000, "{}", r.nodes);
    assert!(!r.lines.is_empty());
    let depth = r.lines[0].depth;
    assert!(
        r.lines
            .iter()
            .all(|l| l.depth == depth || l.score.is_decisive())
    );
    let won: Position = "0,0,0,0,0,0,0,1,1/1,1,1,1,1,1,1,1,1 82/69 -/- b"
        .parse()
        .unwrap();
    assert!(
        Searcher::new(1)
            .search_multipv(&won, &Limits::depth(3), 3, |_| false)
            .lines
            .is_empty()
    );
}
