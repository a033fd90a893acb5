//! Browser tests of the storage module against the real `localStorage` of headless Chromium
//! and Firefox: round trip, migration of the old settings, corruption kept under a backup key,
//! the quota.

use crate::platform::storage::AppBackend;
use crate::services::settings::Settings;
use toguz_engine::game::Game;
use toguz_engine::House;
use toguz_store::library::{game_key, INDEX_KEY, LEGACY_SETTINGS_KEY, SETTINGS_KEY};
use toguz_store::{
    Backend, DecodeError, Fault, GameEntry, Library, Mode, ReadError, Saved, Schema,
};
use wasm_bindgen_test::*;

fn clear() {
    let s = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    s.clear().unwrap();
}

fn raw() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn game(moves: &[u8]) -> Game {
    let mut g = Game::new();
    for &h in moves {
        g.play(House::new(h).unwrap()).unwrap();
    }
    g
}

// The tests share one localStorage: each runs its steps in one function, starting clear.

#[wasm_bindgen_test]
fn local_storage_round_trip_corruption_migration_quota() {
    clear();
    let lib = Library::new(AppBackend::Local, "tab1");

    // Round trip: a game with undo history, in localStorage.
    let mut g = game(&[7, 3, 5]);
    g.undo();
    let mut e = GameEntry::new(String::new(), 0, Mode::TwoPlayers, g.clone());
    assert_eq!(lib.save(&mut e, 1000), Ok(Saved::Same));
    let text = raw().get_item(&game_key(&e.id)).unwrap().unwrap();
    let head = format!(r#"{{"kind":"game","v":{},"#, <GameEntry as Schema>::VERSION);
    assert!(text.starts_with(&head), "{text}");
    let back = lib.game(&e.id).unwrap().unwrap();
    assert_eq!(back.game, g);
    assert_eq!(back.game.ply(), 2);
    assert_eq!(lib.index().unwrap().0.games.len(), 1);

    // Corruption: a half-written game is backed up raw, removed, reported.
    let half = &text[..text.len() / 2];
    raw().set_item(&game_key(&e.id), half).unwrap();
    let Err(ReadError::Corrupt(p)) = lib.game(&e.id) else {
        panic!("a half-written game read")
    };
    assert_eq!(p.error, DecodeError::Truncated);
    let backup = p.backup.expect("backed up");
    assert_eq!(raw().get_item(&backup).unwrap().as_deref(), Some(half));
    assert_eq!(raw().get_item(&game_key(&e.id)).unwrap(), None);
    assert!(lib.index().unwrap().0.games.is_empty());

    // A corrupt index is rebuilt from the games.
    let mut f = GameEntry::new(String::new(), 0, Mode::TwoPlayers, game(&[9]));
    lib.save(&mut f, 2000).unwrap();
    raw().set_item(INDEX_KEY, "not json").unwrap();
    let (index, problems) = lib.index().unwrap();
    assert_eq!(index.games.len(), 1);
    assert!(matches!(problems[0].error, DecodeError::Syntax { .. }));

    // Migration: the settings of the version before, bare JSON under the old key, moved at
    // start (`services::upgrade`), then read in today's version.
    raw()
        .set_item(LEGACY_SETTINGS_KEY, r#"{"speed":"fast","sound":false}"#)
        .unwrap();
    assert!(crate::services::upgrade::due());
    crate::services::upgrade::upgrade_now();
    assert!(!crate::services::upgrade::due());
    let s: Settings = lib.settings().unwrap().unwrap();
    assert!(!s.sound);
    assert_eq!(s.speed, toguz_app_core::anim::Speed::Fast);
    assert_eq!(raw().get_item(LEGACY_SETTINGS_KEY).unwrap(), None);
    let moved = raw().get_item(SETTINGS_KEY).unwrap().unwrap();
    assert!(moved.starts_with(r#"{"kind":"settings","v":1,"#), "{moved}");
    // Settings of an unknown version: kept raw, defaults used.
    raw()
        .set_item(SETTINGS_KEY, r#"{"kind":"settings","v":99,"data":{}}"#)
        .unwrap();
    let Err(ReadError::Corrupt(p)) = lib.settings::<Settings>() else {
        panic!("a future version read")
    };
    assert_eq!(
        p.error,
        DecodeError::UnknownVersion {
            found: 99,
            newest: 1
        }
    );
    assert!(raw().get_item(&p.backup.unwrap()).unwrap().is_some());

    // The quota: a value larger than localStorage holds is a Full fault, and what was
    // stored is still there.
    let big = "x".repeat(12 * 1024 * 1024);
    assert_eq!(AppBackend::Local.set("toguz.big", &big), Err(Fault::Full));
    let mut huge = GameEntry::new(String::new(), 0, Mode::TwoPlayers, game(&[7]));
    huge.players.white = big;
    assert_eq!(lib.save(&mut huge, 3000), Err(Fault::Full));
    assert_eq!(lib.index().unwrap().0.games.len(), 1);
    assert_eq!(lib.game(&f.id).unwrap().unwrap().game, f.game);
    clear();
}

#[wasm_bindgen_test]
fn memory_backend_when_unavailable() {
    let lib = Library::new(AppBackend::Memory(toguz_store::Memory::new()), "t");
    let mut e = GameEntry::new(String::new(), 0, Mode::TwoPlayers, game(&[7]));
    lib.save(&mut e, 1).unwrap();
    assert_eq!(lib.game(&e.id).unwrap().unwrap().game, e.game);
}
