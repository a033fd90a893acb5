//! The moves played so far, in the notation of `RULES.md`.

use leptos::prelude::*;

use crate::app::GameContext;
use crate::state::notation;

/// The moves of the game in context, numbered in pairs (White, Black).
#[component]
pub fn MoveList() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let rows = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.moves()
                .chunks(2)
                .map(|pair| {
                    let white = notation(&pair[0].outcome);
                    let black = pair.get(1).map(|p| notation(&p.outcome));
                    (white, black)
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <ol class="move-list" data-testid="move-list" aria-label="Moves">
            {move || {
                rows.get()
                    .into_iter()
                    .map(|(white, black)| {
                        view! {
                            <li class="move-list__row">
                                <span class="move-list__ply">{white}</span>
                                <span class="move-list__ply">{black.unwrap_or_default()}</span>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}
