//! Reusable view components.

pub mod board;
pub mod controls;
pub mod level_chips;
pub mod modal;
pub mod move_list;
pub mod welcome;

pub use board::{Board, Highlights, SquareSet};
pub use controls::Controls;
pub use level_chips::LevelChips;
pub use modal::Modal;
pub use move_list::MoveList;
pub use welcome::Welcome;
