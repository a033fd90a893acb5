//! Undo, redo, new game, flip, hint, resign and the draw offer.

use leptos::prelude::*;

use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{Button, Look};
use toguz_app_core::game::Mode;

/// The buttons under the board, acting on the [`PlaySession`] in context.
#[component]
pub fn Controls() -> impl IntoView {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let routes = Routes::get();
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    let can_undo = Memo::new(move |_| session.with(|s| s.can_undo()));
    let can_redo = Memo::new(move |_| session.with(|s| s.can_redo()));
    let over = Memo::new(move |_| session.with(|s| s.end().is_some()));
    let two_players = Memo::new(move |_| session.with(|s| s.mode() == Mode::TwoPlayers));
    let can_hint = Memo::new(move |_| session.with(|s| s.can_hint()));
    let by_link = Memo::new(move |_| session.with(|s| matches!(s.mode(), Mode::Link { .. })));
    let can_resign = Memo::new(move |_| session.with(|s| s.can_resign()));
    let flipped = Memo::new(move |_| session.with(|s| s.flipped()));
    let draw_offered = Memo::new(move |_| session.with(|s| s.draw_offered()));
    view! {
        <nav class="controls" aria-label=text(move || t_string!(i18n, common.controls_label))>
            <Button
                testid="btn-undo"
                disabled=move || !can_undo.get()
                on_click=move |_| session.undo()
            >
                {text(move || t_string!(i18n, common.undo))}
            </Button>
            <Button
                testid="btn-redo"
                disabled=move || !can_redo.get()
                on_click=move |_| session.redo()
            >
                {text(move || t_string!(i18n, common.redo))}
            </Button>
            // A game by link is against a person: no hint is offered at all.
            <Show when=move || !by_link.get()>
                <Button
                    testid="btn-hint"
                    disabled=move || !can_hint.get()
                    on_click=move |_| session.ask_hint()
                >
                    {text(move || t_string!(i18n, common.hint))}
                </Button>
            </Show>
            <Button
                testid="btn-flip"
                pressed=flipped
                on_click=move |_| session.flip()
            >
                {text(move || t_string!(i18n, common.flip))}
            </Button>
            // The position editor, opened on the position shown.
            <Button
                testid="btn-edit-position"
                on_click=move |_| {
                    let p = session.with_untracked(|s| s.position()).to_string();
                    routes.go(Route::Editor(Some(p)));
                }
            >
                {text(move || t_string!(i18n, editor.edit_position))}
            </Button>
            // The analysis board on a copy of the position shown; its "back to the
            // game" returns here.
            <Button
                testid="btn-analyse"
                on_click=move |_| {
                    let p = session.with_untracked(|s| s.position()).to_string();
                    routes.go(Route::Analysis { position: p, back: Route::Play.to_hash() });
                }
            >
                {text(move || t_string!(i18n, review.analyse))}
            </Button>
            // Once the game is over, its review takes the place of Resign: after "Look at
            // the board" the player can still go on to the review.
            <Show
                when=move || over.get()
                fallback=move || {
                    view! {
                        <Button
                            testid="btn-resign"
                            disabled=move || !can_resign.get()
                            on_click=move |_| dialogs.open.set(Dialog::Resign)
                        >
                            {text(move || t_string!(i18n, common.resign))}
                        </Button>
                    }
                }
            >
                <Button testid="btn-review-game" on_click=move |_| session.review(saves)>
                    {text(move || t_string!(i18n, review.review))}
                </Button>
            </Show>
            <Show when=move || two_players.get() && !over.get()>
                <Show
                    when=move || draw_offered.get()
                    fallback=move || {
                        view! {
                            <Button
                                testid="btn-draw"
                                on_click=move |_| session.offer_draw(true)
                            >
                                {text(move || t_string!(i18n, common.offer_draw))}
                            </Button>
                        }
                    }
                >
                    <Button
                        look=Look::Primary
                        testid="btn-draw-accept"
                        on_click=move |_| session.agree_draw()
                    >
                        {text(move || t_string!(i18n, common.accept_draw))}
                    </Button>
                    <Button
                        testid="btn-draw-decline"
                        on_click=move |_| session.offer_draw(false)
                    >
                        {text(move || t_string!(i18n, common.decline))}
                    </Button>
                </Show>
            </Show>
            <Button
                look=Look::Primary
                testid="btn-new-game"
                on_click=move |_| dialogs.open.set(Dialog::NewGame)
            >
                {text(move || t_string!(i18n, common.new_game))}
            </Button>
        </nav>
    }
}
