//! The counting screen's parts, each a small view of the trainer in context
//! ([`super::CountTrainer`]): they read it and call its commands, nothing more.

pub mod board_panel;
pub mod feedback;
pub mod stages;

use leptos::prelude::*;

/// A reactive flag as one type for every attribute (`disabled`, `hidden`, `class:`): each
/// closure type would get its own rendering code.
pub fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Signal::derive(f)
}
