//! The screens, one folder per feature (play, library, tutorial, the position editor, review,
//! puzzles, the counting and repertoire trainers, the practice positions). A feature uses
//! `core`, `platform`, `i18n`, `services` and `ui`, never another feature: it reaches another
//! screen through `services::routes` or `services::launch`.

pub mod count;
pub mod editor;
pub mod library;
pub mod play;
pub mod practice;
pub mod puzzles;
pub mod review;
pub mod train;
pub mod tutorial;
