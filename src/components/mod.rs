//! Reusable view components.

pub mod board;
pub mod controls;
pub mod modal;
pub mod move_list;
pub mod welcome;

pub use board::{Board, Highlights, SquareSet};
pub use controls::Controls;
pub use modal::Modal;
pub use move_list::MoveList;
pub use welcome::Welcome;
