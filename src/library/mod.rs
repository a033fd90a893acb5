//! Saved games: the library and the replay of one game (issue 6 fills this in).

use leptos::prelude::*;

use crate::i18n::*;

/// The list of saved games.
#[component]
pub fn LibraryScreen() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen" data-testid="library-screen">
            <h2 class="screen__title">{t!(i18n, library.title)}</h2>
        </main>
    }
}

/// One saved game, replayed move by move.
#[component]
pub fn ReplayScreen(
    /// The saved game's id.
    id: String,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen" data-testid="replay-screen" data-game=id>
            <h2 class="screen__title">{t!(i18n, library.title)}</h2>
        </main>
    }
}
