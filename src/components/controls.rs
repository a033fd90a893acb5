//! Undo, redo, new game and flip.

use leptos::prelude::*;

use crate::app::GameContext;
use crate::state::GameState;

/// The buttons under the board, acting on the [`GameContext`] in context.
#[component]
pub fn Controls() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let game = ctx.game;
    let can_undo = Memo::new(move |_| game.with(GameState::can_undo));
    let can_redo = Memo::new(move |_| game.with(GameState::can_redo));
    view! {
        <nav class="controls" aria-label="Game controls">
            <button
                type="button"
                class="btn"
                data-testid="btn-undo"
                disabled=move || !can_undo.get()
                on:click=move |_| {
                    game.update(|g| {
                        g.undo();
                    });
                    ctx.message.set(None);
                }
            >
                "Undo"
            </button>
            <button
                type="button"
                class="btn"
                data-testid="btn-redo"
                disabled=move || !can_redo.get()
                on:click=move |_| {
                    game.update(|g| {
                        g.redo();
                    });
                    ctx.message.set(None);
                }
            >
                "Redo"
            </button>
            <button
                type="button"
                class="btn"
                data-testid="btn-flip"
                aria-pressed=move || ctx.flipped.get().to_string()
                on:click=move |_| ctx.flipped.update(|f| *f = !*f)
            >
                "Flip"
            </button>
            <button
                type="button"
                class="btn btn--primary"
                data-testid="btn-new-game"
                on:click=move |_| {
                    game.set(GameState::default());
                    ctx.message.set(None);
                }
            >
                "New game"
            </button>
        </nav>
    }
}
