//! The puzzle trainer (`#/puzzles`): positions from real games, each verified by the engine
//! to have one best move (`toguz_coach::puzzle`, the set in `public/puzzles.tsv`, fetched when
//! the screen first opens and precached for offline use), at the player's level.
//!
//! - [`progress`]: the progress (`core::puzzle::Progress`) saved through the storage gateway;
//! - [`screen`]: the screen, [`PuzzlesScreen`].

pub mod progress;
pub mod screen;

pub use screen::PuzzlesScreen;
