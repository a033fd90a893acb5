//! Values an older version of the app kept, upgraded once before the app's first read.
//!
//! The app reads its stored values in the current version only (`AppBackend`'s
//! `READS_OLDER` is false): the upgrades of older ones (`toguz_store::decode`, with
//! `serde_json::Value` and each schema's steps, about 26 KB of the first download) are in a
//! part of their own, `upgrade`, fetched before the app mounts, and only when [`due`] finds
//! such a value where the first screen reads: the library's index and games, the settings,
//! the install prompt's flags, the game kept across an update's reload. The screens' own
//! values (the lessons', the puzzles', the counting trainer's) are read with their upgrades
//! in their screens' parts (`crate::platform::storage::load`).

use toguz_store::library::{LEGACY_SETTINGS_KEY, SETTINGS_KEY};
use toguz_store::versioned::is_older;
use toguz_store::Backend;

use crate::platform::pwa::PwaFlags;
use crate::platform::split::part_fn;
use crate::platform::storage::{note, with_library, Notice, LEGACY_IOS_HINT_KEY, PWA_KEY};
use crate::services::saves;
use crate::services::settings::Settings;

/// Whether a value of an older version is stored where the first screen reads (a look at
/// the keys and at the values' envelopes). A value of a newer version, or one that does not
/// read, is not: the first read reports it, as for any value.
pub fn due() -> bool {
    let get = |key: &str| with_library(|lib| lib.backend().get(key)).ok().flatten();
    // Today's key, else an older version's: beside today's value the first screen never reads
    // the older key, so it is no reason.
    let older = |key: &str, legacy: &str, is_older: fn(&str) -> bool| match get(key) {
        Some(text) => is_older(&text),
        None => get(legacy).is_some(),
    };
    with_library(|lib| lib.holds_older()).unwrap_or(false)
        || older(SETTINGS_KEY, LEGACY_SETTINGS_KEY, is_older::<Settings>)
        || older(PWA_KEY, LEGACY_IOS_HINT_KEY, is_older::<PwaFlags>)
        || saves::session_holds_older()
}

/// Fetches the part `upgrade` and upgrades every older value [`due`] looks at. A part that
/// cannot be fetched (offline before the service worker had it) leaves them as they are:
/// the first reads then back each up under a key of its own and say so, and the next start
/// with the part brings the games back (`toguz_store::Library::bring_back_moved`).
pub async fn run() {
    if preload_upgrade().await.is_ok() {
        let _ = upgrade_older().await;
    }
}

part_fn! {
    /// The upgrade of every older value the first screen reads.
    upgrade, preload preload_upgrade,
    fn upgrade_older() -> () { upgrade_now() }
}

/// [`run`]'s work, once its part is there.
pub(crate) fn upgrade_now() {
    let faults = with_library(|lib| {
        [
            lib.upgrade_stored().map(drop),
            lib.pack_reviews().map(drop),
            lib.bring_back_moved().map(drop),
            lib.upgrade_value::<Settings>(SETTINGS_KEY, Some(LEGACY_SETTINGS_KEY))
                .map(drop),
            lib.upgrade_value::<PwaFlags>(PWA_KEY, Some(LEGACY_IOS_HINT_KEY))
                .map(drop),
        ]
    });
    for f in faults.into_iter().filter_map(Result::err) {
        note(Notice::from_fault(&f));
    }
    saves::upgrade_session();
}
