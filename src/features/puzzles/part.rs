//! The puzzle trainer's screen, in the part "puzzles" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::PuzzlesScreen;
use crate::platform::split::part_fn;

part_fn! {
    /// The puzzle trainer, on the puzzle `id` names if any.
    puzzles, preload preload_puzzles,
    pub fn puzzles_screen(id: Option<String>) -> AnyView {
        view! { <PuzzlesScreen id=id /> }.into_any()
    }
}
