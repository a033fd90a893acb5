//! A library written by the build before the packed form (`tests/data/library-v4.json`: its
//! localStorage, key by key) read by this one: every game, line, review, study and setting
//! survives the upgrade, and the upgraded storage is smaller.

use std::collections::BTreeMap;

use toguz_engine::search::Level;
use toguz_engine::{EndReason, GameResult, Side};
use toguz_store::library::{INDEX_KEY, SETTINGS_KEY};
use toguz_store::study::{study_key, SavedStudy};
use toguz_store::{decode, Backend, Library, Memory, Mode, SavedReview, WideEntry};

fn old_storage() -> (Memory, BTreeMap<String, String>) {
    let text = include_str!("data/library-v4.json");
    let values: BTreeMap<String, String> = serde_json::from_str(text).unwrap();
    let mem = Memory::new();
    for (k, v) in &values {
        mem.set(k, v).unwrap();
    }
    (mem, values)
}

/// The game under `key` as the old build wrote it.
fn old_game(values: &BTreeMap<String, String>, key: &str) -> WideEntry {
    let v: serde_json::Value = serde_json::from_str(&values[key]).unwrap();
    assert_eq!(v["v"], 4);
    serde_json::from_value(v["data"].clone()).unwrap()
}

#[test]
fn a_library_written_by_the_previous_build_upgrades_with_nothing_lost() {
    let (mem, values) = old_storage();
    let before = mem.used();
    let lib = Library::new(&mem, "newtab");
    let upgraded = lib.upgrade_stored().unwrap();
    assert_eq!(upgraded.games, 6);
    assert!(upgraded.index);
    assert_eq!(lib.pack_reviews().unwrap(), 1);
    assert!(lib.take_problems().is_empty());
    // Again: nothing left to do.
    assert_eq!(lib.upgrade_stored().unwrap().games, 0);
    assert_eq!(lib.pack_reviews().unwrap(), 0);

    let (index, problems) = lib.index().unwrap();
    assert!(problems.is_empty());
    assert_eq!(index.games.len(), 6);
    let old_index: serde_json::Value = serde_json::from_str(&values[INDEX_KEY]).unwrap();
    let old_lines = old_index["data"]["games"].as_array().unwrap();
    for old in old_lines {
        let id = old["id"].as_str().unwrap();
        let line = serde_json::to_value(index.get(id).unwrap()).unwrap();
        assert_eq!(&line, old, "the line of {id}");
    }
    assert_eq!(index.owners.len(), 1);

    for key in values.keys().filter(|k| k.starts_with("toguz.game.")) {
        let id = &key["toguz.game.".len()..];
        let now = lib.game(id).unwrap().unwrap();
        let then = old_game(&values, key);
        assert_eq!(WideEntry::from(now), then, "{key}");
    }

    // Particular games kept exactly.
    let by_black = |name: &str| {
        let s = index
            .games
            .iter()
            .find(|s| s.players.black == name)
            .unwrap();
        lib.game(&s.id).unwrap().unwrap()
    };
    let playing = by_black("Айгүл");
    assert_eq!(
        playing.mode,
        Mode::Computer {
            human: Side::Black,
            level: Level::new(5).unwrap()
        }
    );
    assert!(playing.flipped && playing.clock.unwrap().running == Some(Side::Black));
    assert_eq!(playing.game.ply() + 1, playing.game.moves().len());
    let resigned = by_black("Bek 🙂");
    let end = resigned.game.result().unwrap();
    assert_eq!(
        (end.result, end.reason),
        (GameResult::Win(Side::Black), EndReason::Resignation)
    );
    let review: SavedReview = lib.review(&resigned.id).unwrap().unwrap();
    assert_eq!(review.analyses.len(), resigned.game.moves().len());
    let study: SavedStudy = lib.read(&study_key("st1")).unwrap().unwrap();
    assert_eq!(study.game.as_deref(), Some(resigned.id.as_str()));
    assert_eq!(study.study().unwrap().mainline().len(), 3);
    // Values of the app itself are left as they were.
    for key in [
        SETTINGS_KEY,
        "toguz.puzzles",
        "toguz.tutorial",
        "toguz.pwa",
        "toguz.editor",
    ] {
        assert_eq!(mem.get(key).unwrap().as_ref(), values.get(key), "{key}");
    }
    let after = mem.used();
    println!("the fixture's storage: {before} -> {after} UTF-16 code units");
    assert!(after < before);
}

#[test]
fn the_previous_builds_index_reads_without_the_upgrade_too() {
    let (mem, values) = old_storage();
    let index: toguz_store::Index = decode(&values[INDEX_KEY]).unwrap();
    assert_eq!(index.games.len(), 6);
    let lib = Library::new(&mem, "t");
    assert_eq!(lib.all_games().unwrap().0.len(), 6);
}

/// A storage read as the web app reads it: values of the current version only
/// (`Backend::READS_OLDER`), older ones upgraded once before.
struct CurrentOnly(Memory);

impl Backend for CurrentOnly {
    fn get(&self, key: &str) -> Result<Option<String>, toguz_store::Fault> {
        self.0.get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), toguz_store::Fault> {
        self.0.set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), toguz_store::Fault> {
        self.0.remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, toguz_store::Fault> {
        self.0.keys()
    }
    const READS_OLDER: bool = false;
}

#[test]
fn a_library_read_in_the_current_version_only_is_known_to_need_the_upgrade_and_reads_whole_after_it(
) {
    let (mem, values) = old_storage();
    let lib = Library::new(CurrentOnly(mem), "newtab");
    assert!(lib.holds_older().unwrap());
    // Unread, an older game is refused as such (and only then backed up), never misread.
    let id = "midc1z405f3a9c1e2b2";
    assert!(matches!(
        toguz_store::decode_current::<toguz_store::GameEntry>(&values[&format!("toguz.game.{id}")]),
        Err(toguz_store::DecodeError::Older { found: 4 })
    ));
    assert_eq!(lib.upgrade_stored().unwrap().games, 6);
    assert_eq!(lib.pack_reviews().unwrap(), 1);
    assert!(!lib.holds_older().unwrap());
    // The review, packed by the upgrade, reads.
    assert!(lib.review("mign6t9c5f3a9c1e2b4").unwrap().is_some());
    let (games, problems) = lib.all_games().unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 6);
    let e = lib.game(id).unwrap().unwrap();
    assert_eq!(
        WideEntry::from(e),
        old_game(&values, &format!("toguz.game.{id}"))
    );
    assert!(lib.take_problems().is_empty());
}

#[test]
fn settings_kept_under_the_oldest_key_move_to_todays_in_todays_form() {
    let mem = Memory::new();
    let bare = r#"{"speed":"fast"}"#;
    mem.set(toguz_store::library::LEGACY_SETTINGS_KEY, bare)
        .unwrap();
    let lib = Library::new(CurrentOnly(mem), "t");
    assert!(lib
        .upgrade_value::<Thing>(
            SETTINGS_KEY,
            Some(toguz_store::library::LEGACY_SETTINGS_KEY)
        )
        .unwrap());
    let text = lib.backend().get(SETTINGS_KEY).unwrap().unwrap();
    assert!(text.starts_with(r#"{"kind":"settings","v":2,"#), "{text}");
    assert_eq!(
        lib.backend()
            .get(toguz_store::library::LEGACY_SETTINGS_KEY)
            .unwrap(),
        None
    );
    assert_eq!(lib.settings::<Thing>().unwrap().unwrap().speed, "fast");
    // Once done, nothing more to do.
    assert!(!lib
        .upgrade_value::<Thing>(
            SETTINGS_KEY,
            Some(toguz_store::library::LEGACY_SETTINGS_KEY)
        )
        .unwrap());
    // A newer version's settings are no upgrade's: left for the read to report.
    let newer = r#"{"kind":"settings","v":9,"data":{}}"#;
    lib.backend().set(SETTINGS_KEY, newer).unwrap();
    assert!(!toguz_store::versioned::is_older::<Thing>(newer));
    assert!(!lib.upgrade_value::<Thing>(SETTINGS_KEY, None).unwrap());
    assert_eq!(
        lib.backend().get(SETTINGS_KEY).unwrap().as_deref(),
        Some(newer)
    );
}

/// Settings with an older version, read bare as version 0.
#[derive(serde::Serialize, serde::Deserialize)]
struct Thing {
    speed: String,
}

impl toguz_store::Schema for Thing {
    const KIND: &'static str = "settings";
    const VERSION: u32 = 2;
    const BARE: bool = true;

    fn upgrade(from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
        match from {
            0 | 1 => Ok(data),
            _ => Err(format!("no migration from version {from}")),
        }
    }
}
