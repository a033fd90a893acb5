//! The repertoire trainer's parts, each a small view of the trainer in context
//! ([`super::Trainer`]): they read it and call its commands, nothing more.

pub mod board_panel;
pub mod panel;
pub mod setup;
