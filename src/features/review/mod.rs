//! The post-game review (`#/review/<id>`) and the analysis board (`#/analysis/<position>`).
//!
//! The engine's analysis runs in the search worker (`Task::Lines`, one position at a time);
//! the classes, accuracy and reasons are `toguz_coach::review`, the rest of the logic
//! `toguz_app_core::review` (both with plain unit tests). This folder holds the screens
//! ([`screen`]: the review, [`learn`]: learn from your mistakes, [`analysis`]: the board) and
//! their words ([`text`]). A finished review is saved next to its game
//! (`toguz_store::SavedReview` through `services::saves`).

mod analysis;
mod book;
mod graph;
mod learn;
pub mod part;
mod screen;
pub mod text;

pub use analysis::{AnalysisScreen, Opened};
pub use screen::ReviewScreen;
