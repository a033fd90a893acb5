//! The position editor (`#/editor`): set up any position on the shared board, check it with
//! the engine, play from it, share it as a link.
//!
//! The model is [`crate::core::editor`] (plain Rust, plain unit tests); this folder holds the
//! screen ([`screen`]), its words in the player's language ([`text`]) and the links that open
//! a position in the editor ([`link`]). The editor's draft survives a reload
//! ([`toguz_store::EditorDraft`] through [`crate::platform::storage`]).

pub mod link;
mod screen;
pub mod text;

pub use screen::EditorScreen;
