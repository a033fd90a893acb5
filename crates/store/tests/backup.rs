//! The whole library through a backup file: collected from the library of
//! `tests/data/library-v4.json`, restored into another storage, restored twice, merged with a
//! library that has a copy of a game, and refused when damaged, foreign, newer or too big.

use std::collections::BTreeMap;

use toguz_engine::House;
use toguz_store::backup::BACKUP_FORMAT;
use toguz_store::study::study_key;
use toguz_store::{
    Attempt, Backend, Backup, BackupError, Library, Memory, RestoreError, BROWSER_QUOTA,
};

fn old_library() -> Memory {
    let text = include_str!("data/library-v4.json");
    let values: BTreeMap<String, String> = serde_json::from_str(text).unwrap();
    let mem = Memory::new();
    for (k, v) in &values {
        mem.set(k, v).unwrap();
    }
    mem
}

fn backup_text() -> String {
    let mem = old_library();
    let lib = Library::new(&mem, "a");
    let (backup, problems) = Backup::collect(&lib, 1_765_000_000_000).unwrap();
    assert!(problems.is_empty());
    backup.to_text()
}

#[test]
fn a_backup_holds_everything_and_restores_it_into_an_empty_browser() {
    let text = backup_text();
    let backup = Backup::parse(&text).unwrap();
    assert_eq!(backup.games.len(), 6);
    assert_eq!(
        backup.games.iter().filter(|g| g.review.is_some()).count(),
        1
    );
    assert_eq!(backup.studies.len(), 1);
    let keys: Vec<&str> = backup.values.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "toguz.editor",
            "toguz.puzzles",
            "toguz.pwa",
            "toguz.settings",
            "toguz.tutorial"
        ]
    );

    let source = old_library();
    let from = Library::new(&source, "a");
    let mem = Memory::new();
    let lib = Library::new(&mem, "b");
    let restored = backup.restore(&lib, BROWSER_QUOTA).unwrap();
    assert_eq!((restored.games_added, restored.games_updated), (6, 0));
    assert_eq!((restored.reviews, restored.studies), (1, 1));
    assert_eq!(restored.values.len(), 5);
    let (mut a, _) = from.all_games().unwrap();
    let (mut b, _) = lib.all_games().unwrap();
    a.sort_by(|x, y| x.id.cmp(&y.id));
    b.sort_by(|x, y| x.id.cmp(&y.id));
    assert_eq!(a, b);
    for g in &a {
        assert_eq!(from.review(&g.id).unwrap(), lib.review(&g.id).unwrap());
    }
    assert_eq!(
        source.get(&study_key("st1")).unwrap(),
        mem.get(&study_key("st1")).unwrap()
    );
    for key in backup.values.keys() {
        assert_eq!(source.get(key).unwrap(), mem.get(key).unwrap(), "{key}");
    }
    // Restored twice: nothing more.
    let again = backup.restore(&lib, BROWSER_QUOTA).unwrap();
    assert!(again.is_empty(), "{again:?}");
    assert_eq!(lib.index().unwrap().0.games.len(), 6);
}

#[test]
fn a_game_in_both_keeps_the_longer_copy() {
    let backup = Backup::parse(&backup_text()).unwrap();
    let mem = old_library();
    let lib = Library::new(&mem, "a");
    lib.upgrade_stored().unwrap();
    // The game in progress, played on here after the backup.
    let (index, _) = lib.index().unwrap();
    let id = index
        .games
        .iter()
        .find(|s| !s.finished() && s.moves > 3)
        .unwrap()
        .id
        .clone();
    let mut e = lib.game(&id).unwrap().unwrap();
    let legal = (1..=9).map(|h| House::new(h).unwrap()).find(|&h| {
        let mut g = e.game.clone();
        g.play(h).is_ok()
    });
    e.game.play(legal.unwrap()).unwrap();
    lib.claim(&id).unwrap();
    lib.save(&mut e, 1_765_100_000_000).unwrap();
    let restored = backup.restore(&lib, BROWSER_QUOTA).unwrap();
    assert_eq!(restored.games(), 0, "{restored:?}");
    assert_eq!(lib.game(&id).unwrap().unwrap().game, e.game);
    // The other way round, the longer copy from the backup replaces the shorter one.
    let (newer, _) = Backup::collect(&lib, 2).unwrap();
    let fresh = old_library();
    let other = Library::new(&fresh, "c");
    let restored = newer.restore(&other, BROWSER_QUOTA).unwrap();
    assert_eq!((restored.games_added, restored.games_updated), (0, 1));
    assert_eq!(other.game(&id).unwrap().unwrap().game, e.game);
}

#[test]
fn a_damaged_foreign_or_newer_file_is_refused_and_names_why() {
    let text = backup_text();
    assert!(matches!(
        Backup::parse(&text[..text.len() / 2]),
        Err(BackupError::Damaged { place, .. }) if place.starts_with("line 1, column")
    ));
    assert_eq!(
        Backup::parse("[Event \"x\"]\n1. 76 98"),
        Err(BackupError::NotBackup)
    );
    assert_eq!(
        Backup::parse(r#"{"games":[]}"#),
        Err(BackupError::NotBackup)
    );
    let newer = text.replacen("\"version\":1", "\"version\":2", 1);
    assert_eq!(
        Backup::parse(&newer),
        Err(BackupError::Newer {
            found: 2,
            newest: 1
        })
    );
    // A move that cannot be played in the third game.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["games"][2]["game"]["game"]["moves"] = serde_json::json!([7, 1, 1]);
    let err = Backup::parse(&v.to_string()).unwrap_err();
    assert!(
        matches!(&err, BackupError::Damaged { place, reason } if place == "games[2]" && reason.contains("move 3")),
        "{err:?}"
    );
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["values"]["toguz.game.x"] = serde_json::json!("{}");
    assert!(matches!(
        Backup::parse(&v.to_string()),
        Err(BackupError::Damaged { place, .. }) if place == "values.toguz.game.x"
    ));
    assert!(err.to_string().contains("games[2]"));
    assert!(text.contains(BACKUP_FORMAT));
}

#[test]
fn a_backup_that_does_not_fit_writes_nothing() {
    let backup = Backup::parse(&backup_text()).unwrap();
    let mem = Memory::with_quota(4_000);
    mem.set("other.site.data", &"x".repeat(3_000)).unwrap();
    let lib = Library::new(&mem, "b");
    let used = mem.used();
    let err = backup.restore(&lib, 4_000).unwrap_err();
    assert!(
        matches!(&err, RestoreError::NoRoom(no) if no.attempt == Attempt::Restore && no.left == 4_000 - used),
        "{err:?}"
    );
    assert_eq!(mem.used(), used);
    // The browser's quota smaller than the one passed: the write that fails undoes the rest.
    let err = backup.restore(&lib, BROWSER_QUOTA).unwrap_err();
    assert_eq!(err, RestoreError::Fault(toguz_store::Fault::Full));
    assert_eq!(mem.used(), used);
    assert_eq!(mem.keys().unwrap(), ["other.site.data"]);
}
