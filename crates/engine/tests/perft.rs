//! Perft from the start, checked against `tests/data/perft.txt` for depths 1..=8.

use toguz_engine::Position;

const MAX_DEPTH: u32 = 8;

fn table() -> Vec<(u32, u64)> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut it = l.split_whitespace();
            let depth = it.next().and_then(|s| s.parse().ok()).expect("depth");
            let nodes = it.next().and_then(|s| s.parse().ok()).expect("nodes");
            (depth, nodes)
        })
        .collect()
}

#[test]
fn perft_from_start() {
    let table = table();
    assert!(table.len() >= MAX_DEPTH as usize);
    for (depth, nodes) in table.into_iter().filter(|&(d, _)| d <= MAX_DEPTH) {
        assert_eq!(Position::start().perft(depth), nodes, "perft({depth})");
    }
}

#[test]
fn perft_agrees_with_try_play() {
    // The outcome-recording move and the fast move give the same tree.
    fn slow(p: Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        p.legal_moves()
            .map(|h| {
                let (q, out) = p.play(h).expect("legal");
                let mut fast = p;
                let s = fast.play_unchecked(h);
                assert_eq!(fast, q);
                assert_eq!(s.last as usize, out.last.index());
                slow(q, depth - 1)
            })
            .sum()
    }
    let mid: Position = "12,0,0,1,23,7,2,9,9/3,0,8,17,1,6,11,2,6 20/25 2/3 w"
        .parse()
        .unwrap();
    for p in [Position::start(), mid] {
        assert_eq!(slow(p, 4), p.perft(4));
    }
}
