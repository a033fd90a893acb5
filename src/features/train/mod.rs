//! The repertoire trainer (`#/train`): a study of the library trained as White or as Black.
//! The app plays the other side's moves from the study's tree and the player finds the
//! study's move at each turn; the positions missed come back sooner. The logic is
//! `toguz_app_core::train`'s; here it runs in the browser.
//!
//! - [`trainer`]: [`Trainer`], the session in the browser, by context;
//! - [`view`]: the screen's parts; [`screen`]: [`TrainScreen`], them laid out, and the keys.

pub mod part;
pub mod screen;
pub mod trainer;
pub mod view;

pub use screen::TrainScreen;
pub use trainer::Trainer;
