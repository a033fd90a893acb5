//! The moves of a game, in the notation of `RULES.md`.

use leptos::prelude::*;

use crate::i18n::*;
use crate::services::words::text;

/// One move of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move in notation.
    pub text: String,
    /// The last move in effect.
    pub current: bool,
    /// Taken back (dimmed).
    pub undone: bool,
}

/// Moves numbered in pairs (White, Black), with how to read them (a disclosure under the
/// list). The last move in effect is marked current
/// (`aria-current`); moves taken back stay listed, dimmed, until a new move replaces them.
#[component]
pub fn MoveList(
    /// Every move, first to last.
    #[prop(into)]
    plies: Signal<Vec<Ply>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let rows = Memo::new(move |_| {
        plies.with(|p| {
            p.chunks(2)
                .map(|pair| (pair.first().cloned(), pair.get(1).cloned()))
                .collect::<Vec<_>>()
        })
    });
    let ply_view = |cell: Option<Ply>| {
        cell.map(
            |Ply {
                 text,
                 current,
                 undone,
             }| {
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
            },
        )
    };
    view! {
        <section class="moves">
        <ol class="move-list" data-testid="move-list" aria-label=text(move || t_string!(i18n, common.moves))>
            <Show when=move || rows.with(Vec::is_empty)>
                <li class="move-list__empty">{text(move || t_string!(i18n, common.no_moves_yet))}</li>
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
            <summary>{text(move || t_string!(i18n, common.notation_title))}</summary>
            <p>{text(move || t_string!(i18n, common.notation_text))}</p>
        </details>
        </section>
    }
}
