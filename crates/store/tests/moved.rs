//! A tab of the build before the packed form meets a library this build has packed: to it every
//! game and the index are of an unknown version, so it moves each to `toguz.backup.<key>` (as
//! that build's `Library::quarantine` does: `.2` when the key holds another text), removes it,
//! writes an index of its own version and saves a game of its own. This build brings every
//! game back, merged by id, and nothing is lost.

use std::collections::BTreeMap;

use toguz_engine::game::Game;
use toguz_engine::House;
use toguz_store::library::{game_key, BACKUP_PREFIX, INDEX_KEY};
use toguz_store::study::study_key;
use toguz_store::{review_key, Backend, BroughtBack, GameEntry, Library, Memory, Mode, WideEntry};

fn old_values() -> BTreeMap<String, String> {
    serde_json::from_str(include_str!("data/library-v4.json")).unwrap()
}

/// The fixture's library as this build stores it.
fn packed_library() -> Memory {
    let mem = Memory::new();
    for (k, v) in &old_values() {
        mem.set(k, v).unwrap();
    }
    let lib = Library::new(&mem, "new");
    lib.upgrade_stored().unwrap();
    lib.pack_reviews().unwrap();
    mem
}

/// What the previous build does with a value it cannot read.
fn move_aside(mem: &Memory, key: &str) {
    let text = mem.get(key).unwrap().unwrap();
    let mut backup = format!("{BACKUP_PREFIX}{key}");
    let mut n = 1;
    while let Some(old) = mem.get(&backup).unwrap() {
        if old == text {
            break;
        }
        n += 1;
        backup = format!("{BACKUP_PREFIX}{key}.{n}");
    }
    mem.set(&backup, &text).unwrap();
    mem.remove(key).unwrap();
}

fn games_by_id(lib: &Library<&Memory>) -> BTreeMap<String, WideEntry> {
    let (games, problems) = lib.all_games().unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    games
        .into_iter()
        .map(|g| (g.id.clone(), WideEntry::from(g)))
        .collect()
}

#[test]
fn games_an_older_tab_moved_aside_come_back_with_nothing_lost() {
    let mem = packed_library();
    let lib = Library::new(&mem, "new");
    let before = games_by_id(&lib);
    assert_eq!(before.len(), 6);
    let first = before.keys().next().unwrap().clone();
    // A damaged copy already sits where the first game goes: its copy goes to `.2`.
    let damaged = format!("{BACKUP_PREFIX}{}", game_key(&first));
    mem.set(&damaged, "{\"kind\":\"game\",\"v\":4,\"da")
        .unwrap();

    // The old tab: every game and the index moved aside, and the review it opened (packed,
    // unknown to it), an index of its version written, a game of its own saved in its form.
    let reviewed = "mign6t9c5f3a9c1e2b4";
    let review = lib.review(reviewed).unwrap().unwrap();
    for id in before.keys() {
        move_aside(&mem, &game_key(id));
    }
    move_aside(&mem, &review_key(reviewed));
    move_aside(&mem, INDEX_KEY);
    let values = old_values();
    let old_index = values[INDEX_KEY].replacen("\"games\":[", "\"games\":[],\"was\":[", 1);
    mem.set(INDEX_KEY, &old_index).unwrap();
    let old_game = &values["toguz.game.midc1z405f3a9c1e2b2"];
    mem.set("toguz.game.oldtab1", old_game).unwrap();
    assert!(mem.get(&format!("{damaged}.2")).unwrap().is_some());
    assert!(lib.all_games().unwrap().0.len() <= 1);

    // This build's next start.
    lib.upgrade_stored().unwrap();
    let brought = lib.bring_back_moved().unwrap();
    assert_eq!(
        brought,
        BroughtBack {
            games: 6,
            kept: 0,
            reviews: 1
        }
    );
    let after = games_by_id(&lib);
    assert_eq!(after.len(), 7);
    for (id, game) in &before {
        assert_eq!(after.get(id), Some(game), "{id}");
    }
    assert!(after.contains_key("oldtab1"));
    let (index, problems) = lib.index().unwrap();
    assert!(problems.is_empty());
    assert_eq!(index.games.len(), 7);
    assert_eq!(lib.review(reviewed), Ok(Some(review)));
    // The study was of no unknown version: never moved, still there.
    assert!(mem.get(&study_key("st1")).unwrap().is_some());
    // Only the damaged copy is left aside; a second start finds nothing to do.
    let aside: Vec<String> = mem
        .keys()
        .unwrap()
        .into_iter()
        .filter(|k| k.starts_with(BACKUP_PREFIX))
        .collect();
    assert_eq!(aside, vec![damaged]);
    assert_eq!(lib.bring_back_moved().unwrap(), BroughtBack::default());
}

fn entry(moves: &[u8], updated: u64) -> GameEntry {
    let mut g = Game::new();
    for &h in moves {
        g.play(House::new(h).unwrap()).unwrap();
    }
    let mut e = GameEntry::new("g1".into(), 1, Mode::TwoPlayers, g);
    e.updated = updated;
    e
}

#[test]
fn a_moved_copy_replaces_the_stored_game_only_when_longer_or_newer() {
    let mem = Memory::new();
    let lib = Library::new(&mem, "t");
    let moved_key = format!("{BACKUP_PREFIX}{}", game_key("g1"));
    let stored = |e: &GameEntry| toguz_store::library::game_text(e);

    // A longer copy aside: it wins.
    mem.set(&game_key("g1"), &stored(&entry(&[7, 3], 5)))
        .unwrap();
    mem.set(&moved_key, &stored(&entry(&[7, 3, 5], 2))).unwrap();
    assert_eq!(lib.bring_back_moved().unwrap().games, 1);
    assert_eq!(lib.game("g1").unwrap().unwrap().game.moves().len(), 3);
    assert_eq!(lib.index().unwrap().0.games[0].moves, 3);

    // A shorter copy aside: the stored game stays, the copy goes.
    mem.set(&moved_key, &stored(&entry(&[7], 9))).unwrap();
    assert_eq!(
        lib.bring_back_moved().unwrap(),
        BroughtBack {
            games: 0,
            kept: 1,
            reviews: 0
        }
    );
    assert_eq!(lib.game("g1").unwrap().unwrap().game.moves().len(), 3);
    assert_eq!(mem.get(&moved_key).unwrap(), None);

    // As long and newer: it wins.
    mem.set(&moved_key, &stored(&entry(&[7, 3, 5], 20)))
        .unwrap();
    assert_eq!(lib.bring_back_moved().unwrap().games, 1);
    assert_eq!(lib.game("g1").unwrap().unwrap().updated, 20);
}

#[test]
fn a_damaged_games_backup_is_no_reason_to_upgrade_at_every_start() {
    let mem = packed_library();
    let lib = Library::new(&mem, "new");
    assert!(!lib.holds_older().unwrap());
    let (index, _) = lib.index().unwrap();
    let id = index.games[0].id.clone();
    let text = mem.get(&game_key(&id)).unwrap().unwrap();
    // A half-written game, backed up by the read that met it.
    mem.set(&game_key(&id), &text[..text.len() / 2]).unwrap();
    assert!(lib.game(&id).is_err());
    assert!(mem
        .get(&format!("{BACKUP_PREFIX}{}", game_key(&id)))
        .unwrap()
        .is_some());
    assert!(!lib.holds_older().unwrap());
    // A whole game an older tab moved aside is one.
    mem.set(&format!("{BACKUP_PREFIX}{}.2", game_key(&id)), &text)
        .unwrap();
    assert!(lib.holds_older().unwrap());
}
