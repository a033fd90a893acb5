//! The puzzle trainer (`#/puzzles`): positions from real games, each verified by the engine
//! to have one best move (`toguz_coach::puzzle`, the set in `public/puzzles.tsv`, fetched when
//! the screen first opens and precached for offline use), at the player's level.
//!
//! - [`progress`]: the rating (Glicko-2), streak, history and theme filter, saved through the
//!   storage gateway; the next puzzle near the rating; one try's rules ([`progress::Trial`]);
//! - [`screen`]: the screen, [`PuzzlesScreen`].

pub mod progress;
pub mod screen;

pub use screen::PuzzlesScreen;
