//! Writes a record file of long games for the library's benchmark and its e2e test
//! (`scripts/bench-library.mjs`, `tests/e2e/library-scale.test.mjs`):
//! `cargo run --release -p toguz-app-core --example long_games -- <games> <plies> [first seed]`.
//!
//! Each game is drawn from its seed: among the legal moves, one that neither captures nor
//! ends the game when there is one (so the game lasts), else any that does not end it. A
//! third of them are resigned, as an archive's are; the players are among 97 names.
//! The same arguments always write the same file.

use std::io::Write;

use toguz_engine::game::Game;
use toguz_engine::{House, Side};
use toguz_store::{GameEntry, Mode, Players};

/// The game of `seed`, `plies` moves long, or `None` when it cannot go on that long.
fn long_game(seed: u64, plies: usize) -> Option<Game> {
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

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: <games> <plies> [first seed]"))
        .collect();
    let (count, plies) = match args[..] {
        [games, plies, ..] => (games as usize, plies as usize),
        _ => panic!("usage: long_games <games> <plies> [first seed]"),
    };
    let mut seed = args.get(2).copied().unwrap_or(1);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        seed += 1;
        let Some(mut g) = long_game(seed, plies) else {
            continue;
        };
        if seed % 3 == 0 {
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
    let text = toguz_store::export(&games, |e| {
        (e.players.white.clone(), e.players.black.clone())
    });
    std::io::stdout()
        .write_all(text.as_bytes())
        .expect("standard output");
}
