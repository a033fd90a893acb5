//! The PlayOK games of `public/playok/korgol.pgn` through the library: import, store, list,
//! export and import again; sizes and times printed (run with `--nocapture`).

use std::time::Instant;

use toguz_store::{export, import, Library, Memory};

const KORGOL: &str = include_str!("../../../public/playok/korgol.pgn");

#[test]
fn korgol_imports_stores_and_round_trips() {
    let games = import(KORGOL, 0).expect("every PlayOK game reads");
    assert_eq!(games.len(), KORGOL.matches("[Event ").count());
    let finished = games.iter().filter(|g| g.game.result().is_some()).count();
    assert_eq!(finished, games.len(), "every PlayOK game has a result");

    let text = export(&games, |_| ("?".into(), "?".into()));
    let again = import(&text, 0).unwrap();
    assert_eq!(again.len(), games.len());
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(a.game, b.game);
        assert_eq!(a.players, b.players);
        assert_eq!(a.created, b.created);
    }

    // A library of 200 games.
    let mem = Memory::new();
    let lib = Library::new(&mem, "t");
    let mut two_hundred: Vec<_> = games.iter().cycle().take(200).cloned().collect();
    lib.add_all(&mut two_hundred, 1).unwrap();
    let t = Instant::now();
    let (index, problems) = lib.index().unwrap();
    let list = t.elapsed();
    assert!(problems.is_empty());
    assert_eq!(index.games.len(), 200);
    let t = Instant::now();
    let (all, _) = lib.all_games().unwrap();
    let every = t.elapsed();
    assert_eq!(all.len(), 200);
    let plies: usize = all.iter().map(|e| e.game.moves().len()).sum();
    let index_chars = mem.get_len("toguz.index");
    println!(
        "200 games ({plies} plies): storage {} chars ({} per game, index {} chars); \
         index read {list:?}; every game read {every:?}",
        mem.used(),
        mem.used() / 200,
        index_chars
    );
}

trait Len {
    fn get_len(&self, key: &str) -> usize;
}

impl Len for Memory {
    fn get_len(&self, key: &str) -> usize {
        use toguz_store::Backend;
        self.get(key).unwrap().map_or(0, |v| v.chars().count())
    }
}

#[test]
fn importing_the_same_file_twice_adds_nothing_the_second_time() {
    let lib = Library::new(Memory::new(), "t");
    let first = lib.add_new(import(KORGOL, 1).unwrap(), 1).unwrap();
    assert_eq!(first.skipped, 0);
    assert_eq!(first.ids.len(), KORGOL.matches("[Event ").count());
    let again = lib.add_new(import(KORGOL, 2).unwrap(), 2).unwrap();
    assert_eq!((again.ids.len(), again.skipped), (0, first.ids.len()));
    // Exported from the library and imported back: the same games, all recognised.
    let (all, _) = lib.all_games().unwrap();
    let text = export(&all, |_| ("?".into(), "?".into()));
    let back = lib.add_new(import(&text, 3).unwrap(), 3).unwrap();
    assert_eq!((back.ids.len(), back.skipped), (0, first.ids.len()));
    assert_eq!(lib.index().unwrap().0.games.len(), first.ids.len());
}
