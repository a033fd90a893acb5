//! Undo, redo, new game, flip, hint, resign and the draw offer.

use leptos::prelude::*;

use crate::app::{Dialog, GameContext};
use crate::i18n::*;
use crate::state::{GameState, Mode};

/// The buttons under the board, acting on the [`GameContext`] in context.
#[component]
pub fn Controls() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let game = ctx.game;
    let can_undo = Memo::new(move |_| game.with(GameState::can_undo));
    let can_redo = Memo::new(move |_| game.with(GameState::can_redo));
    let over = Memo::new(move |_| game.with(|g| g.end().is_some()));
    let two_players = Memo::new(move |_| ctx.mode.get() == Mode::TwoPlayers);
    let can_hint = Memo::new(move |_| {
        !over.get()
            && ctx
                .mode
                .with(|m| m.is_human(game.with(|g| g.position().turn())))
    });
    let can_resign = Memo::new(move |_| {
        !over.get() && !matches!(ctx.mode.get(), Mode::Watch { .. }) && game.with(|g| g.can_undo())
    });
    view! {
        <nav class="controls" aria-label=crate::words::text(move || t_string!(i18n, common.controls_label))>
            <button
                type="button"
                class="btn"
                data-testid="btn-undo"
                disabled=move || !can_undo.get()
                on:click=move |_| ctx.undo()
            >
                {crate::words::text(move || t_string!(i18n, common.undo))}
            </button>
            <button
                type="button"
                class="btn"
                data-testid="btn-redo"
                disabled=move || !can_redo.get()
                on:click=move |_| ctx.redo()
            >
                {crate::words::text(move || t_string!(i18n, common.redo))}
            </button>
            <button
                type="button"
                class="btn"
                data-testid="btn-hint"
                disabled=move || !can_hint.get()
                on:click=move |_| ctx.ask_hint()
            >
                {crate::words::text(move || t_string!(i18n, common.hint))}
            </button>
            <button
                type="button"
                class="btn"
                data-testid="btn-flip"
                aria-pressed=move || ctx.flipped.get().to_string()
                on:click=move |_| ctx.flipped.update(|f| *f = !*f)
            >
                {crate::words::text(move || t_string!(i18n, common.flip))}
            </button>
            // The position editor (issue 17), opened on the position shown.
            <button
                type="button"
                class="btn"
                data-testid="btn-edit-position"
                on:click=move |_| {
                    let p = game.with_untracked(|g| g.position()).to_string();
                    crate::nav::go(crate::nav::Route::Editor(Some(p)));
                }
            >
                {crate::words::text(move || t_string!(i18n, editor.edit_position))}
            </button>
            <button
                type="button"
                class="btn"
                data-testid="btn-resign"
                disabled=move || !can_resign.get()
                on:click=move |_| ctx.dialog.set(Dialog::Resign)
            >
                {crate::words::text(move || t_string!(i18n, common.resign))}
            </button>
            <Show when=move || two_players.get() && !over.get()>
                <Show
                    when=move || ctx.draw_offered.get()
                    fallback=move || {
                        view! {
                            <button
                                type="button"
                                class="btn"
                                data-testid="btn-draw"
                                on:click=move |_| ctx.draw_offered.set(true)
                            >
                                {crate::words::text(move || t_string!(i18n, common.offer_draw))}
                            </button>
                        }
                    }
                >
                    <button
                        type="button"
                        class="btn btn--primary"
                        data-testid="btn-draw-accept"
                        on:click=move |_| ctx.agree_draw()
                    >
                        {crate::words::text(move || t_string!(i18n, common.accept_draw))}
                    </button>
                    <button
                        type="button"
                        class="btn"
                        data-testid="btn-draw-decline"
                        on:click=move |_| ctx.draw_offered.set(false)
                    >
                        {crate::words::text(move || t_string!(i18n, common.decline))}
                    </button>
                </Show>
            </Show>
            <button
                type="button"
                class="btn btn--primary"
                data-testid="btn-new-game"
                on:click=move |_| ctx.dialog.set(Dialog::NewGame)
            >
                {crate::words::text(move || t_string!(i18n, common.new_game))}
            </button>
        </nav>
    }
}
