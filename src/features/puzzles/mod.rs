//! The puzzle trainer (`#/puzzles`): positions from real games, each verified by the engine
//! to have one best move (`toguz_coach::puzzle`, the set in `public/puzzles.tsv`, fetched when
//! the screen first opens and precached for offline use), at the player's level. The logic is
//! `toguz_app_core::puzzle`'s; here it runs in the browser.
//!
//! - [`trainer`]: [`PuzzleTrainer`], the trainer in the browser (the host of
//!   `toguz_app_core::puzzle::Trainer`), by context;
//! - [`progress`]: the progress saved through the storage gateway;
//! - [`view`]: the screen's parts; [`screen`]: [`PuzzlesScreen`], them laid out, and the keys.

pub mod part;
pub mod progress;
pub mod screen;
pub mod trainer;
pub mod view;

pub use screen::PuzzlesScreen;
pub use trainer::PuzzleTrainer;
