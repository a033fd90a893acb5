//! The puzzle progress ([`Progress`], plain in `toguz_app_core::puzzle`) in the browser's storage, as a
//! versioned value under `toguz.puzzles`: a value that does not read is backed up and
//! reported by the storage gateway, and the trainer starts afresh.

use crate::platform::storage::{self, PUZZLES_KEY};
use toguz_app_core::puzzle::Progress;

/// Loads the saved progress, or a fresh start.
pub fn load() -> Progress {
    storage::load::<Progress>(PUZZLES_KEY)
        .map(Progress::fit)
        .unwrap_or_default()
}

/// Saves the progress (in memory only without storage; a failure is reported).
pub fn save(progress: &Progress) {
    storage::save(PUZZLES_KEY, progress);
}
