//! The first visit's welcome: play the computer (at the level chosen), learn the rules, or
//! two players on one device, one tap each. Shown on the play screen to a browser with no
//! settings and no saved game, and again on the way back to Play to a learner who chose the
//! rules and has played nothing since (`toguz_app_core::welcome`); later visits resume as
//! before. It is in the first visit's file, built once the first screen is shown when it is due
//! (`app::on_demand::welcome`).

use leptos::prelude::*;
use toguz_engine::search::Level;
use toguz_engine::Side;

use super::PlaySession;
use crate::i18n::*;
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::settings::SettingsContext;
use crate::services::words::{self, text};
use crate::ui::{Button, LevelChips, Look, Modal};
use toguz_app_core::game::Mode;
use toguz_app_core::welcome::Welcome;
use toguz_engine::Position;

/// Whether the welcome shows now (see [`Welcome::shows`]): read by the app, which builds the
/// welcome once the first screen is shown, when it is due (`app::on_demand::welcome`).
pub fn due() -> Memo<bool> {
    let session = PlaySession::get();
    let settings = SettingsContext::get();
    let saves = use_context::<Saves>();
    // A share link's game is its route by now (`Routes::provide`); a friend's link game is
    // opened by `link::LinkOpener`, whose notices the welcome would cover.
    let share_link = matches!(
        crate::services::routes::Route::from_hash(&crate::platform::dom::location_hash()),
        crate::services::routes::Route::SharedGame(_)
    ) || super::link::opens_a_link();
    Memo::new(move |_| {
        let (moves, from_start) = session.with(|s| {
            let game = s.game();
            (game.moves().len(), game.game().start() == Position::start())
        });
        Welcome::of(settings.with(|s| s.welcomed), settings.with(|s| s.learning)).shows(
            saves.map_or(0, |s| s.index.with(Vec::len)),
            moves,
            from_start,
            share_link,
        )
    })
}

/// The welcome dialog over the play screen (see the module's comment).
#[component]
pub fn Welcome() -> impl IntoView {
    let session = PlaySession::get();
    let settings = SettingsContext::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let level = RwSignal::new(Level::of(1));
    let open = due();
    let answered = move || {
        settings.update(|s| {
            s.welcomed = true;
            s.learning = false;
        })
    };
    let computer = move |_| {
        answered();
        session.new_game(
            Mode::Computer {
                human: Side::White,
                level: level.get_untracked(),
            },
            None,
        );
    };
    let learn = move |_| {
        settings.update(|s| {
            s.welcomed = true;
            s.learning = true;
        });
        routes.go(Route::Tutorial);
    };
    let two = move |_| {
        answered();
        session.new_game(Mode::TwoPlayers, None);
    };
    view! {
        <Modal
            open=Signal::derive(move || open.get())
            on_close=move |()| answered()
            testid="welcome-dialog"
            labelled_by="welcome-title"
            class="welcome"
            at_next_frame=true
        >
            <h2 id="welcome-title" class="dialog__title">
                {text(move || t_string!(i18n, common.welcome_title))}
            </h2>
            <p class="dialog__reason">{text(move || t_string!(i18n, common.welcome_text))}</p>
            <div class="welcome__choice">
                <Button
                    class="welcome__btn"
                    look=Look::Primary
                    testid="welcome-computer"
                    autofocus=true
                    on_click=computer
                >
                    {text(move || t_string!(i18n, common.welcome_computer))}
                    " ("
                    {text(move || words::level(i18n.get_locale(), level.get()))}
                    ")"
                </Button>
                <div
                    class="welcome__levels"
                    role="group"
                    aria-label=text(move || t_string!(i18n, common.level))
                >
                    <span class="welcome__note">
                        {text(move || t_string!(i18n, common.welcome_computer_note))}
                    </span>
                    <LevelChips level=level testid_prefix="welcome-level-" />
                </div>
            </div>
            <div class="welcome__choice">
                <Button class="welcome__btn" testid="welcome-learn" on_click=learn>
                    {text(move || t_string!(i18n, common.welcome_learn))}
                </Button>
                <span class="welcome__note">
                    {text(move || t_string!(i18n, common.welcome_learn_note))}
                </span>
            </div>
            <div class="welcome__choice">
                <Button class="welcome__btn" testid="welcome-two" on_click=two>
                    {text(move || t_string!(i18n, common.welcome_players))}
                </Button>
                <span class="welcome__note">
                    {text(move || t_string!(i18n, common.welcome_players_note))}
                </span>
            </div>
        </Modal>
    }
}
