//! Libraries of long games drawn from seeds, for the benchmarks and the tests that need a large
//! library (`crates/store/tests/ten_thousand.rs`, `crates/app-core/examples/long_games.rs`, which
//! writes the record file of `scripts/bench-library.mjs` and `tests/e2e/library-scale.test.mjs`).
//!
//! Each game is drawn from its seed: among the legal moves, one that neither captures nor ends
//! the game when there is one (so the game lasts), else any that does not end it. A third of
//! them are resigned, as an archive's are; the players are among 97 names. The same arguments
//! always give the same games.

use toguz_engine::game::Game;
use toguz_engine::{House, Side};

use crate::entry::{GameEntry, Mode, Players};

/// The game of `seed`, `plies` moves long, or `None` when it cannot go on that long.
pub fn long_game(seed: u64, plies: usize) -> Option<Game> {
    let mut x = seed;
    let mut g = Game::new();
    while g.moves().len() < plies {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let first = (x >> 33) % 9;
        let position = g.position();
        let mut quiet = None;
        let mut other = None;
        for k in 0..9 {
            let house = House::new(((first + k) % 9 + 1) as u8)?;
            let Ok((_, outcome)) = position.play(house) else {
                continue;
            };
            if outcome.end.is_some() {
                continue;
            }
            if outcome.capture.is_none() && quiet.is_none() {
                quiet = Some(house);
            } else if other.is_none() {
                other = Some(house);
            }
        }
        g.play(quiet.or(other)?).ok()?;
    }
    Some(g)
}

/// `count` games of `plies` moves, from the seeds after `after` (a seed whose game cannot last
/// that long is passed over), with no ids yet.
pub fn long_games(count: usize, plies: usize, after: u64) -> Vec<GameEntry> {
    let mut seed = after;
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        seed += 1;
        let Some(mut g) = long_game(seed, plies) else {
            continue;
        };
        if seed.is_multiple_of(3) {
            let _ = g.resign(Side::White);
        }
        let mut e = GameEntry::new(
            String::new(),
            1_700_000_000_000 + seed * 60_000,
            Mode::TwoPlayers,
            g,
        );
        e.players = Players {
            white: format!("Player {}", seed % 97),
            black: format!("Player {}", (seed * 7 + 3) % 97),
        };
        games.push(e);
    }
    games
}
