//! "Play from here against the computer": one piece for every screen that shows a position
//! of a game or a puzzle (the analysis board, the review at any move, the replay, a finished
//! puzzle). It starts a game on the play screen through the launcher, from that exact
//! position, the player on the side to move, against the level chosen beside the button.

use leptos::prelude::*;
use toguz_engine::search::Level;
use toguz_engine::Position;

use crate::i18n::*;
use crate::services::launch::{Launch, Launcher};
use crate::services::words::text;
use crate::ui::{Button, LevelSelect};
use toguz_app_core::game::Mode;

/// The level offered first: the middle of the ladder, a fair opponent for most players.
const FIRST_LEVEL: Level = Level::of(4);

/// The level menu and the button; the button is disabled while there is no position or the
/// game in it is over.
#[component]
pub fn PlayFromHere(
    /// The position to play from (none: nothing to play).
    #[prop(into)]
    position: Signal<Option<Position>>,
) -> impl IntoView {
    let launcher = Launcher::get();
    let i18n = use_i18n();
    let level = RwSignal::new(FIRST_LEVEL.number());
    let playable = move || position.with(|p| p.is_some_and(|p| !p.is_over()));
    let play = move |()| {
        let Some(start) = position.get_untracked().filter(|p| !p.is_over()) else {
            return;
        };
        let mode = Mode::Computer {
            human: start.turn(),
            level: Level::of(level.get_untracked()),
        };
        // The play feature starts the game and shows its screen.
        let _ = launcher.launch(Launch::Position { start, mode });
    };
    view! {
        <div class="play-here" role="group" aria-label=text(move || t_string!(i18n, train.play_here_label))>
            <LevelSelect level=level testid="play-from-here-level" />
            <Button testid="btn-play-from-here" disabled=Signal::derive(move || !playable()) on_click=play>
                {text(move || t_string!(i18n, train.play_here))}
            </Button>
        </div>
    }
}
