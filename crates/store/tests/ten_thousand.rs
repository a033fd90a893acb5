//! A library of long games: code units per game, and the times to list, search and count the
//! finished games. `cargo test -p toguz-store --release --test all ten_thousand:: -- --ignored
//! --nocapture` runs it with 10,000 games of 250 plies and prints the figures
//! (`docs/BENCHMARKS.md`); the test run without `--ignored` checks the same with 300.

use std::time::Instant;

use toguz_engine::House;
use toguz_store::sample::long_games;
use toguz_store::{Attempt, GameEntry, Library, Memory, BROWSER_QUOTA};

fn library_of(n: usize, plies: usize) -> (Memory, usize) {
    let mem = Memory::new();
    let lib = Library::new(&mem, "5f3a9c1e2b");
    let mut games = long_games(n, plies, 0);
    lib.add_all(&mut games, 1_765_000_000_000).unwrap();
    let used = mem.used();
    (mem, used)
}

fn measure(n: usize, plies: usize) {
    let t = Instant::now();
    let (mem, used) = library_of(n, plies);
    let built = t.elapsed();
    let per_game = used / n;
    let index_units = mem_index_units(&mem);
    let lib = Library::new(&mem, "reader");

    // The best of three: the first read also pays for the allocator giving back the memory
    // of the games just built.
    let mut list = std::time::Duration::MAX;
    let mut read = || {
        let t = Instant::now();
        let (index, problems) = lib.index().unwrap();
        let first_page: Vec<_> = index.newest_first().into_iter().take(50).collect();
        list = list.min(t.elapsed());
        (index, problems, first_page)
    };
    read();
    read();
    let (index, problems, first_page) = read();
    assert!(problems.is_empty());
    assert_eq!((index.games.len(), first_page.len()), (n, 50.min(n)));

    let t = Instant::now();
    let found = index
        .games
        .iter()
        .filter(|s| s.players.white.contains("Player 42") || s.players.black.contains("Player 42"))
        .count();
    let search = t.elapsed();
    assert!(found > 0);

    let t = Instant::now();
    let finished = lib.finished_lines().unwrap();
    let count = t.elapsed();
    assert_eq!(
        finished.len(),
        index.games.iter().filter(|s| s.finished()).count()
    );
    assert!(finished.iter().all(|(line, _)| line.moves.len() == plies));

    let t = Instant::now();
    let one = lib.game(&first_page[0].id).unwrap().unwrap();
    let open = t.elapsed();
    assert_eq!(one.game.moves().len(), plies);

    // The game in play saved after a move.
    let mut playing = lib
        .game(&first_page.iter().find(|s| !s.finished()).unwrap().id)
        .unwrap()
        .unwrap();
    let house = (1..=9)
        .filter_map(House::new)
        .find(|&h| playing.game.clone().play(h).is_ok())
        .unwrap();
    playing.game.play(house).unwrap();
    let t = Instant::now();
    lib.save(&mut playing, 1_765_000_100_000).unwrap();
    let save = t.elapsed();

    let t = Instant::now();
    let (all, _) = lib.all_games().unwrap();
    let every = t.elapsed();
    assert_eq!(all.len(), n);

    // An import of a quarter as many games again, as records: refused at once in a storage
    // without room for it, then added where there is.
    let batch = n / 4;
    let text = toguz_store::export(&all[..batch], |_| ("?".into(), "?".into()));
    let mut fresh: Vec<GameEntry> = toguz_store::import(&text, 1).unwrap();
    for e in &mut fresh {
        e.players.white.push_str(" (club)");
    }
    let t = Instant::now();
    let needed = lib.units_to_add(&fresh, 2);
    let refused = lib.room_for(Attempt::Import { games: batch }, needed, used + needed / 2);
    let refuse = t.elapsed();
    assert!(refused.unwrap().is_err());
    let t = Instant::now();
    let records = toguz_store::import(&text, 1).unwrap();
    let added = lib.add_new(fresh, 2).unwrap();
    let import = t.elapsed();
    assert_eq!((records.len(), added.ids.len()), (batch, batch));

    println!(
        "{n} games of {plies} plies: {used} UTF-16 code units ({per_game} a game, index {}), \
         {} games fit in {BROWSER_QUOTA}; built in {built:?}; index read and first page {list:?}; \
         search {search:?} ({found} found); {} finished games' moves {count:?}; one game {open:?}; a move saved {save:?}; \
         every game {every:?}; an import of {batch} games refused in {refuse:?}, read and \
         added in {import:?}",
        index_units,
        BROWSER_QUOTA / per_game,
        finished.len(),
    );
    assert!(per_game * 10_000 < BROWSER_QUOTA, "{per_game} a game");
}

fn mem_index_units(mem: &Memory) -> usize {
    use toguz_store::Backend;
    mem.get(toguz_store::library::INDEX_KEY)
        .unwrap()
        .map_or(0, |v| v.encode_utf16().count())
}

#[test]
fn three_hundred_long_games_fit_ten_thousand_to_the_quota() {
    measure(300, 250);
}

#[test]
#[ignore = "the benchmark: run with --release --ignored"]
fn ten_thousand_long_games() {
    measure(10_000, 250);
}
