//! The committed puzzle set (`public/puzzles.tsv`): every line reads (legal position, legal
//! solution), ids are right and unique, themes and ratings are spread, and a spread sample is
//! re-verified by the search on every `cargo test` (`toguz puzzles verify` does them all).

use std::collections::HashSet;

use toguz_coach::puzzle::{Puzzle, Theme, VERIFY_DEPTH, parse_puzzles, puzzle_id, verify};
use toguz_engine::search::Searcher;

const FILE: &str = include_str!("../../../public/puzzles.tsv");

fn puzzles() -> Vec<Puzzle> {
    parse_puzzles(FILE).expect("the puzzle file reads")
}

#[test]
fn the_set_reads_and_is_spread() {
    let all = puzzles();
    assert!(all.len() >= 300, "{}", all.len());
    let mut ids = HashSet::new();
    let mut positions = HashSet::new();
    for p in &all {
        assert_eq!(p.id, puzzle_id(&p.position, &p.solution), "{p}");
        assert!(ids.insert(p.id.clone()), "id twice: {}", p.id);
        assert!(positions.insert(p.position), "position twice: {p}");
        assert!(!p.position.is_over());
        assert!(p.position.legal_moves().count() >= 2, "{p}");
    }
    for t in Theme::ALL {
        let n = all.iter().filter(|p| p.themes.contains(&t)).count();
        assert!(n >= 10, "theme {t}: {n}");
    }
    let low = all.iter().filter(|p| p.rating < 900).count();
    let high = all.iter().filter(|p| p.rating >= 1200).count();
    assert!(low >= 30 && high >= 30, "low {low} high {high}");
    assert!(all.iter().any(|p| p.player_moves() >= 2));
    // Sorted by rating, as the miner writes it.
    assert!(all.windows(2).all(|w| w[0].rating <= w[1].rating));
}

/// Every 50th puzzle (and the longest) re-verified at the verification depth.
#[test]
fn a_sample_still_verifies() {
    let all = puzzles();
    let mut sample: Vec<&Puzzle> = all.iter().step_by(50).collect();
    if let Some(longest) = all.iter().max_by_key(|p| p.solution.len()) {
        sample.push(longest);
    }
    for p in sample {
        let r = verify(&mut Searcher::new(16), p, VERIFY_DEPTH);
        assert!(r.is_ok(), "{p}: {r:?}");
    }
}
