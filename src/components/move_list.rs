//! The moves played so far, in the notation of `RULES.md`.

use leptos::prelude::*;

use crate::app::GameContext;
use crate::i18n::*;
use crate::state::notation;

/// The moves of the game in context, numbered in pairs (White, Black), with how to read them
/// (a disclosure under the list). The last move in effect is marked current
/// (`aria-current`); moves taken back stay listed, dimmed, until a new move replaces them.
#[component]
pub fn MoveList() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let rows = Memo::new(move |_| {
        ctx.game.with(|g| {
            let (moves, ply) = g.all_moves();
            let cell = |i: usize| {
                moves
                    .get(i)
                    .map(|m| (notation(&m.outcome), i + 1 == ply, i >= ply))
            };
            (0..moves.len().div_ceil(2))
                .map(|row| (cell(2 * row), cell(2 * row + 1)))
                .collect::<Vec<_>>()
        })
    });
    let ply_view = |cell: Option<(String, bool, bool)>| {
        cell.map(|(text, current, undone)| {
            view! {
                <span
                    class="move-list__ply"
                    class:move-list__ply--current=current
                    class:move-list__ply--undone=undone
                    aria-current=current.then_some("step")
                >
                    {text}
                </span>
            }
        })
    };
    view! {
        <section class="moves">
        <ol class="move-list" data-testid="move-list" aria-label=crate::words::text(move || t_string!(i18n, common.moves))>
            <Show when=move || rows.with(Vec::is_empty)>
                <li class="move-list__empty">{crate::words::text(move || t_string!(i18n, common.no_moves_yet))}</li>
            </Show>
            {move || {
                rows.get()
                    .into_iter()
                    .map(|(white, black)| {
                        view! {
                            <li class="move-list__row">
                                {ply_view(white)}
                                {ply_view(black)}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
        // How to read the notation, where the moves are read (also in the shortcuts dialog).
        <details class="move-help" data-testid="move-list-notation">
            <summary>{crate::words::text(move || t_string!(i18n, common.notation_title))}</summary>
            <p>{crate::words::text(move || t_string!(i18n, common.notation_text))}</p>
        </details>
        </section>
    }
}
