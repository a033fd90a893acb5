//! The interactive rules tutorial: ten short lessons, each a demonstration on the real board
//! (sown korgool by korgool, narrated drop by drop) and exercises judged by the engine.
//!
//! - [`lessons`]: the lessons as data (positions, steps, text keys, expected answers);
//! - [`keys`]: the text keys of the `tutorial` namespace;
//! - [`check`]: exercises judged by the engine;
//! - [`claims`]: what each step's text states, checked against the engine;
//! - [`narration`]: the line said at each frame of a sowing, from the engine's outcome;
//! - [`progress`]: completed lessons and the current step, saved in localStorage;
//! - [`screens`]: [`TutorialScreen`] (the list of lessons) and [`LessonScreen`].

pub mod check;
pub mod claims;
pub mod keys;
pub mod lessons;
pub mod narration;
pub mod progress;
pub mod screens;
pub mod text;

pub use screens::{is_lesson, LessonScreen, NoSuchLesson, TutorialScreen};
