//! The practice positions (`#/practice`): late positions of real games, won or held with best
//! play, grouped by theme, each with its goal and its kept result; opening one plays it on the
//! play screen against the computer, and the play screen's end dialog records how it ended
//! (`features::play::practice_end`). The logic is `toguz_app_core::practice`'s; here it runs in
//! the browser.
//!
//! - [`host`]: [`PracticeHost`], the screen's controller in the browser, by context;
//! - [`screen`]: [`PracticeScreen`], the list laid out.

pub mod host;
pub mod part;
pub mod screen;

pub use host::PracticeHost;
pub use screen::PracticeScreen;
