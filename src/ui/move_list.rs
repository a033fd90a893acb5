//! The moves of a game, in the notation of `docs/RULES.md`.

use leptos::prelude::*;
use toguz_app_core::markup::escape;
use toguz_app_core::move_list::rows_markup;
pub use toguz_app_core::move_list::Ply;

use crate::i18n::*;
use crate::services::words::text;

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
    // The rows as one piece of markup, set at once: a move adds a row without a view (and its
    // reactive nodes) per move, which also keeps this list's code small in the first visit's
    // download. The notation is digits, "X" and parentheses; the empty list's
    // text is escaped.
    let rows = move || {
        plies.with(|p| {
            if p.is_empty() {
                let empty = t_string!(i18n, common.no_moves_yet);
                format!(r#"<li class="move-list__empty">{}</li>"#, escape(empty))
            } else {
                rows_markup(p)
            }
        })
    };
    // The list follows the game: where it scrolls in its own box (a desktop's column), the
    // current move stays in view; the page itself is left where the player put it.
    // `try_`: the effect may run once more as its screen goes, after the moves.
    Effect::new(move |_| {
        if plies.try_with(|_| ()).is_none() {
            return;
        }
        crate::platform::dom::keep_in_box(
            r#"[data-testid="move-list"]"#,
            ".move-list__ply--current",
        );
    });
    view! {
        <section class="moves">
        <ol
            class="move-list"
            data-testid="move-list"
            aria-label=text(move || t_string!(i18n, common.moves))
            inner_html=rows
        ></ol>
        // How to read the notation, where the moves are read (also in the shortcuts dialog).
        <details class="move-help" data-testid="move-list-notation">
            <summary>{text(move || t_string!(i18n, common.notation_title))}</summary>
            <p>{text(move || t_string!(i18n, common.notation_text))}</p>
        </details>
        </section>
    }
}
