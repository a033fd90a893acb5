//! The library's functions in parts loaded on demand (`crate::platform::split::part_fn`):
//! its screens in the part "library", its notices in the part "prompts".

use leptos::prelude::*;

use super::{LibraryScreen, ReplayScreen, SharedGameScreen, StorageNotices};
use crate::platform::split::part_fn;

part_fn! {
    /// The saved games.
    library, preload preload_library,
    pub fn library_screen() -> AnyView { view! { <LibraryScreen /> }.into_any() }
}

part_fn! {
    /// A saved game's replay.
    library, preload preload_replay,
    pub fn replay_screen(id: String) -> AnyView { view! { <ReplayScreen id=id /> }.into_any() }
}

part_fn! {
    /// A game opened from a share link, replayed to watch before it is added to the library.
    library, preload preload_share,
    pub fn shared_game_screen(payload: String) -> AnyView {
        view! { <SharedGameScreen payload=payload /> }.into_any()
    }
}

part_fn! {
    /// The saved games' notices over every screen, in the prompts' part: fetched when there
    /// is one.
    prompts, preload preload_storage_notices,
    pub fn storage_notices() -> AnyView { view! { <StorageNotices /> }.into_any() }
}
