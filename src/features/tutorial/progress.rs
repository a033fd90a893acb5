//! The learner's progress (`toguz_app_core::lesson::progress`), saved through the storage
//! gateway under `toguz.tutorial` (`platform::storage`). The value older versions kept under
//! `toguz-tutorial` is migrated once; a value that does not read is backed up and reported
//! like a saved game, and the tutorial starts afresh.

use crate::platform::storage::{self, LEGACY_TUTORIAL_KEY, TUTORIAL_KEY};

pub use toguz_app_core::lesson::progress::Progress;

/// Loads the saved progress, or a fresh start.
pub fn load(sizes: &[usize]) -> Progress {
    storage::load_or_migrate::<Progress>(TUTORIAL_KEY, LEGACY_TUTORIAL_KEY)
        .map(|p| p.fit(sizes))
        .unwrap_or_default()
}

/// Saves the progress (in memory only without storage; a failure is reported).
pub fn save(progress: &Progress) {
    storage::save(TUTORIAL_KEY, progress);
}
