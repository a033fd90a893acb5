//! A game sent as a link (`#/shared-game/<payload>`, the route a share link's `?share=` becomes):
//! replayed to watch like a saved game, with a bar that says what it is and adds it to the
//! library only when the player asks.

use leptos::prelude::*;
use toguz_store::GameEntry;

use super::replay::Replay;
use super::text::{self};
use crate::i18n::*;
use crate::platform::time::now_ms;
use crate::services::routes::{Route, Routes};
use crate::services::saves::{ImportProblem, Saves};
use crate::services::words::text;
use crate::ui::{Button, Look, NotFound};

/// A game opened from a share link (`payload`: its record), replayed to watch; it is added to
/// the library only when the player asks, and a link added twice keeps one copy.
#[component]
pub fn SharedGameScreen(
    /// The link's record (base64url).
    payload: String,
) -> impl IntoView {
    let i18n = use_i18n();
    let read = toguz_store::read_share(&payload, now_ms())
        .map(|mut games| games.remove(0))
        .map_err(ImportProblem::Record);
    view! {
        <main class="screen replay" data-testid="replay-screen" data-shared="true">
            {match read {
                Ok(e) => {
                    let bar = StoredValue::new(e.clone());
                    view! {
                        <Replay entry=e shared=Some(payload.clone())>
                            <SharedBar entry=bar payload=payload />
                        </Replay>
                    }
                        .into_any()
                }
                Err(e) => {
                    let message = Signal::derive(move || text::import_problem(i18n, &e));
                    view! { <NotFound testid="share-error" message=message /> }.into_any()
                }
            }}
        </main>
    }
}

/// "A game sent to you: White – Black, 40 moves, White won." and Add to my library (or, once it
/// is there, Open in my library).
#[component]
fn SharedBar(entry: StoredValue<GameEntry>, payload: String) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let routes = Routes::get();
    let i18n = use_i18n();
    let problem = RwSignal::new(None::<ImportProblem>);
    let saved = entry.with_value(|e| saves.saved_copy(e));
    let summary = move || {
        entry.with_value(|e| {
            let (white, black) = text::names(i18n, &e.players, e.mode);
            let moves = toguz_app_core::moves::length(e.game.start().turn(), e.game.ply());
            // Inside a sentence.
            let result = text::result(i18n, e.game.result().map(|end| end.result)).to_lowercase();
            t_string!(
                i18n,
                library.share_text,
                white = white,
                black = black,
                count = moves,
                result = result
            )
            .to_string()
        })
    };
    let add = move |_| match saves.import_share(&payload) {
        Ok(id) => routes.go(Route::Replay(id)),
        Err(e) => problem.set(Some(e)),
    };
    let has_copy = saved.is_some();
    let open_copy = move |_| {
        if let Some(id) = saved.clone() {
            routes.go(Route::Replay(id));
        }
    };
    view! {
        <section class="replay__shared" data-testid="shared-game">
            <p class="replay__shared-text">
                <strong>{text(move || t_string!(i18n, library.shared_title))}</strong>
                " "
                <span data-testid="shared-summary">{summary}</span>
            </p>
            {if has_copy {
                view! {
                    <Button look=Look::Primary testid="shared-open" on_click=open_copy>
                        {text(move || t_string!(i18n, library.shared_open))}
                    </Button>
                }
                    .into_any()
            } else {
                view! {
                    <Button look=Look::Primary testid="shared-add" on_click=add>
                        {text(move || t_string!(i18n, library.shared_add))}
                    </Button>
                }
                    .into_any()
            }}
            <p class="library-dialog__error" role="alert" data-testid="shared-problem">
                {move || problem.with(|p| p.as_ref().map(|p| text::import_problem(i18n, p)))}
            </p>
        </section>
    }
}
