//! Toguz Korgool coaching over the engine's search: game review, puzzles and puzzle ratings.
//!
//! Pure Rust like the engine (no clock, no I/O, no UI text; builds for wasm32): the app's
//! worker calls the analysis functions with its own `should_stop`, the app words the typed
//! results, and the command-line tool (`toguz review`, `toguz puzzles`) drives them natively.
//! `docs/coach.md` describes the API, the thresholds and formulas, and the puzzle file.
//!
//! - [`estimate`]: the rating a game showed, from its result and the two sides' accuracies.
//! - [`explorer`]: the opening explorer's book: the moves played from each position of a set of games.
//! - [`review`]: analyse each position of a game, classify each move, accuracy, reasons.
//! - [`puzzle`]: the puzzle file (parse, write), verification, themes, the miner.
//! - [`rating`]: Glicko-2 ratings of the player and the puzzles, and picking the next puzzle.
#![forbid(unsafe_code)]

pub mod estimate;
pub mod explorer;
pub mod practice;
pub mod puzzle;
pub mod rating;
pub mod review;
