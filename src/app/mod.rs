//! The root: provides the app-wide contexts (settings, saves, routes, the launcher, the play
//! session), shows the screen of the route under the top bar (the play screen at once, the
//! others once their code is loaded: `on_demand`), and unlocks sound on the first
//! touch or key. Nothing else lives here: each screen is its feature's (`crate::features`).

pub mod on_demand;
pub mod pwa_prompts;
mod top_bar;

use leptos::prelude::*;

use crate::features::play::{self, dialogs, GameScreen};
use crate::i18n::use_i18n;
use crate::platform::pwa::PwaSignals;
use crate::services::lang::LanguageProvider;
use crate::services::launch::Launcher;
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::settings::SettingsContext;
use crate::services::startup::{self, Startup};
use toguz_app_core::startup::Piece;
use top_bar::TopBar;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    // The first screen is built over several tasks, behind the shell until the last.
    Startup::provide();
    let settings = SettingsContext::provide();
    // A position link (`?position=...`) opens the editor.
    crate::features::editor::position_link::take_position_param();
    let routes = Routes::provide();
    let saves = Saves::start();
    Launcher::provide();
    // The game this tab played is put back; from then on it is saved after every change.
    let session = crate::features::play::provide();
    // A friend's link (`?c=`): opened once the link's part is there (which takes it out of
    // the address, so that a reload does not open it again).
    let link = crate::platform::dom::query_param(toguz_store::link::LINK_PARAM).is_some();
    let by_link = Memo::new(move |_| {
        session.with(|s| matches!(s.mode(), toguz_app_core::game::Mode::Link { .. }))
    });
    // A game of two players on one device: the opening explorer beside the board.
    let play_explorer = crate::features::play::explorer::wanted();
    saves.refresh();
    // Browsers allow sound only after the player touched the page.
    let unlock = window_event_listener(leptos::ev::pointerdown, |_| {
        crate::platform::sound::unlock()
    });
    let keys = window_event_listener(leptos::ev::keydown, |_| crate::platform::sound::unlock());
    on_cleanup(move || {
        unlock.remove();
        keys.remove();
    });
    let language =
        Signal::derive(move || settings.with(|s| s.language).map(|l| l.code().to_string()));
    let route = routes.route();
    // A new screen starts at its top: the play screen opened from a scrolled editor ("Play
    // from here") kept the editor's scroll, with the top bar out of view.
    Effect::new(move |previous: Option<Route>| {
        let now = route.get();
        if previous.is_some_and(|p| p != now) {
            crate::platform::dom::scroll_to_top();
        }
        now
    });
    // The end dialog's rating estimate, from its part.
    provide_context(play::EndEstimateSlot(|| {
        on_demand::end_estimate().into_any()
    }));
    let top_bar = startup::built(Piece::TopBar);
    let screen = startup::built(Piece::Screen);
    let slots = startup::built(Piece::Slots);
    let prompts = startup::built(Piece::Prompts);
    view! {
        <LanguageProvider choice=language>
            {move || top_bar.get().then(|| view! { <TopBar /> })}
            // In the page's flow under the top bar: a notice pushes the screen down and never
            // covers the board.
            {move || slots.get().then(on_demand::storage_notices)}
            // The update banner, the install button and the iOS hint: here too, so that they
            // cover none of the screen's controls (the board's bottom row, the review's arrows,
            // a lesson's buttons).
            {move || prompts.get().then(|| view! { <PwaPrompts /> })}
            // The play screen is in the main file; the others load on demand (on_demand.rs), and
            // so do the play screen's settings and its dialogs (but the first visit's welcome,
            // which shows with the board).
            {move || screen.get().then(|| match route.get() {
                Route::Play => {
                    view! {
                        // The share panel of a game by link: after the moves in the page, shown
                        // under the board by the screen's grid (style/link.css).
                        <GameScreen>
                            {move || {
                                slots
                                    .get()
                                    .then(|| {
                                        view! {
                                            {on_demand::link_panel(by_link)}
                                            {on_demand::play_explorer(play_explorer)}
                                            {on_demand::settings()}
                                        }
                                    })
                            }}
                        </GameScreen>
                        {move || {
                            slots
                                .get()
                                .then(|| {
                                    view! {
                                        {on_demand::dialogs(dialogs::wanted(), dialogs::dismiss())}
                                        {on_demand::announcer(play::announcements())}
                                    }
                                })
                        }}
                        {on_demand::welcome(crate::features::play::welcome::due())}
                    }
                        .into_any()
                }
                other => on_demand::screen(other),
            })}
            {move || (link && slots.get()).then(on_demand::link_opener)}
        </LanguageProvider>
    }
}

/// Registers the service worker, keeps the page's head in the player's language, and shows
/// the update banner, the install button and the iOS hint (`pwa_prompts::PwaCards`) when one
/// is due.
///
/// Mount it once. The game in progress is saved in a `platform::pwa::on_before_update`
/// callback before the reload.
#[component]
fn PwaPrompts() -> impl IntoView {
    let signals = PwaSignals::start();
    let i18n = use_i18n();
    // The manifest (its description) and the page's description in the player's language.
    Effect::new(move |_| pwa_prompts::translate_head(i18n.get_locale()));
    on_demand::pwa_cards(signals)
}
