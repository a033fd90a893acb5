//! The opening explorer beside the board in a game of two players on one device: what real
//! players, the engine and the player's own games played from the position on the board. A
//! move pressed in it is played as a press on its house would be.
//!
//! Not against the computer, nor in a game by link: there it would be help that one side has
//! and the other has not. It is in a part loaded on demand (`app::on_demand::play_explorer`),
//! fetched only when such a game is on the board and the setting is on; it hides itself
//! otherwise, since the part stays once loaded.

use leptos::prelude::*;
use toguz_engine::House;

use super::PlaySession;
use crate::services::settings::SettingsContext;
use crate::ui::Explorer;
use toguz_app_core::game::Mode;

/// Whether the explorer is wanted beside the board: two players on one device, and the
/// setting on. Not before the first visit's welcome is answered: the board a newcomer first
/// sees is a game of two players only because a board needs some mode, and the welcome asks
/// what they want.
pub fn wanted() -> Memo<bool> {
    let session = PlaySession::get();
    let settings = SettingsContext::get();
    Memo::new(move |_| {
        settings.with(|s| s.explorer && s.welcomed)
            && session.with(|s| s.mode() == Mode::TwoPlayers)
    })
}

/// The explorer for the position on the board.
#[component]
pub fn PlayExplorer() -> impl IntoView {
    let session = PlaySession::get();
    let shown = wanted();
    let position = Memo::new(move |_| session.with(|s| s.position()));
    let on_move = Callback::new(move |house: House| session.play_house(house));
    view! {
        <Show when=move || shown.get()>
            <div class="play-explorer">
                <Explorer position=position on_move=on_move />
            </div>
        </Show>
    }
}
