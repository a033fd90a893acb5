//! The puzzle trainer as plain Rust: no Leptos, no browser (`features::puzzles` runs it).
//!
//! - [`trainer`]: [`Trainer`], the trainer's state, its commands and the actions it asks of
//!   its host; [`line_frames`], what a line of moves looks like when sown;
//! - [`progress`]: the rating (Glicko-2), streak, history and theme filter, the next puzzle
//!   near the rating, and one try's rules ([`Trial`]);
//! - [`source`]: where a puzzle comes from.

pub mod progress;
pub mod source;
pub mod trainer;

pub use progress::{Progress, Status, Trial, Try, Verdict};
pub use source::Origin;
pub use trainer::{
    line_frames, main_theme, read_set, Action, Answer, Mark, Said, Set, SourceState, Trainer,
};
