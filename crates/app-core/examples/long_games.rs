//! Writes a record file of long games for the library's benchmark and its e2e test
//! (`scripts/bench-library.mjs`, `tests/e2e/library-scale.test.mjs`):
//! `cargo run --release -p toguz-app-core --example long_games -- <games> <plies> [first seed]`.
//! The games are `toguz_store::sample::long_games`'; the same arguments always write the same
//! file.

use std::io::Write;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: <games> <plies> [first seed]"))
        .collect();
    let (count, plies) = match args[..] {
        [games, plies, ..] => (games as usize, plies as usize),
        _ => panic!("usage: long_games <games> <plies> [first seed]"),
    };
    let games = toguz_store::sample::long_games(count, plies, args.get(2).copied().unwrap_or(1));
    let text = toguz_store::export(&games, |e| {
        (e.players.white.clone(), e.players.black.clone())
    });
    std::io::stdout()
        .write_all(text.as_bytes())
        .expect("standard output");
}
