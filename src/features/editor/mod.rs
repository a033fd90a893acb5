//! The position editor (`#/editor`): set up any position on the shared board, check it with
//! the engine, play from it, share it as a link.
//!
//! The model is [`toguz_app_core::editor`] (plain Rust, plain unit tests): the setup, its
//! history, and what a key, a field or a drag on the board does. This folder holds the views:
//! the screen ([`screen`]) and one file per part of it (the board, the selected place, the
//! kazans, the tuzes, the quick setups, the position string, "play from here"), its words in
//! the player's language ([`text`]) and the links that open a position in the editor
//! ([`position_link`]). The editor's draft survives a reload ([`toguz_store::EditorDraft`] through
//! [`crate::services::saves`], as every screen keeps its values).

mod board;
mod kazans;
pub mod part;
mod play;
mod position;
pub mod position_link;
mod quick;
mod screen;
mod selected;
mod stepper;
pub mod text;
mod tuz;

pub use screen::EditorScreen;
