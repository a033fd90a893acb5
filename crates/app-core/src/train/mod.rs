//! The repertoire trainer: a study trained as White or as Black, the app playing the other
//! side's moves from the tree and the player finding the tree's move at each turn.
//!
//! - [`schedule`]: when each of the player's positions comes back (spaced repetition);
//! - [`session`]: a training session, commands in and actions out;
//! - [`from_book`]: a study made from the opening explorer's most played lines.

pub mod from_book;
pub mod schedule;
pub mod session;

pub use schedule::{Card, Schedule, Standing};
