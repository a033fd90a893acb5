//! The lessons as data (`toguz_app_core::lesson::lessons`: positions, steps, text keys and
//! expected answers, proven against the engine there).

pub use toguz_app_core::lesson::lessons::{Lesson, Step, LESSONS};
pub use toguz_app_core::lesson::{b, w, Choice, Goal, Kind, Question, Sq};
