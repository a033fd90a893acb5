//! The interactive rules tutorial: ten short lessons, each a demonstration on the real board
//! (sown korgool by korgool, narrated drop by drop) and exercises judged by the engine.
//!
//! - [`lessons`]: the lessons as data (positions, steps, text keys, expected answers), and
//!   what each step's text states, checked against the engine (`toguz_app_core::lesson`);
//! - [`keys`]: the texts of the `tutorial` namespace's keys;
//! - [`check`]: exercises judged by the engine;
//! - [`narration`]: the line said at each frame of a sowing, from the engine's outcome;
//! - [`progress`]: completed lessons and the current step, saved in localStorage;
//! - [`screens`]: [`TutorialScreen`] (the list of lessons, then the trainers);
//!   [`train_card`]: the repertoire trainer's card, with the positions due;
//! - [`host`]: the lesson being taken (`toguz_app_core::lesson`), run in the browser;
//! - [`lesson_view`]: [`LessonScreen`], a lesson on screen, with its panel's parts in
//!   [`exercise`] and [`narration_view`].

mod exercise;
mod host;
pub mod keys;
pub mod lesson_view;
pub mod lessons;
mod narration_view;
pub mod part;
pub mod progress;
pub mod screens;
pub mod text;
pub mod train_card;

// The plain logic of a lesson lives in `toguz_app_core::lesson`; its two parts keep their old paths here.
pub use toguz_app_core::lesson::{check, narration};

pub use lesson_view::LessonScreen;
pub use screens::{NoSuchLesson, TutorialScreen};
pub use toguz_app_core::lesson::lessons::is_lesson;
