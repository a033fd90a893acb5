//! The counting trainer (`#/count`): a house of a real game's position is marked, and the
//! player taps where its last korgool lands, then says what it does there, for a minute. The
//! questions come from the PlayOK records in `public/playok/` (fetched when the screen first
//! opens, precached for offline use); every answer is the engine's. The logic is
//! `toguz_app_core::count`'s; here it runs in the browser.
//!
//! - [`trainer`]: [`CountTrainer`], the trainer in the browser, by context;
//! - [`view`]: the screen's parts; [`screen`]: [`CountScreen`], them laid out, and the keys.

pub mod part;
pub mod screen;
pub mod trainer;
pub mod view;

pub use screen::CountScreen;
pub use trainer::CountTrainer;
