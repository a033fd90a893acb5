//! The moves of a game, in the notation of `docs/RULES.md`.

use leptos::prelude::*;
use toguz_app_core::markup::escape;

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

/// The list's rows: the moves in pairs, White's then Black's, each a `move-list__ply` span
/// (`--current` with `aria-current="step"` for the last move in effect, `--undone` for one
/// taken back).
fn rows_markup(plies: &[Ply]) -> String {
    let mut html = String::new();
    for pair in plies.chunks(2) {
        html.push_str(r#"<li class="move-list__row">"#);
        for ply in pair {
            html.push_str(r#"<span class="move-list__ply"#);
            if ply.current {
                html.push_str(" move-list__ply--current");
            }
            if ply.undone {
                html.push_str(" move-list__ply--undone");
            }
            html.push('"');
            if ply.current {
                html.push_str(r#" aria-current="step""#);
            }
            html.push('>');
            html.push_str(&escape(&ply.text));
            html.push_str("</span>");
        }
        html.push_str("</li>");
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn ply(text: &str, current: bool, undone: bool) -> Ply {
        Ply {
            text: text.into(),
            current,
            undone,
        }
    }

    #[wasm_bindgen_test]
    fn rows_pair_the_moves_and_mark_the_current_and_undone_ones() {
        let plies = [
            ply("76(10)", false, false),
            ply("33(10)", true, false),
            ply("54X", false, true),
        ];
        assert_eq!(
            rows_markup(&plies),
            concat!(
                r#"<li class="move-list__row"><span class="move-list__ply">76(10)</span>"#,
                r#"<span class="move-list__ply move-list__ply--current" aria-current="step">33(10)</span></li>"#,
                r#"<li class="move-list__row"><span class="move-list__ply move-list__ply--undone">54X</span></li>"#,
            )
        );
    }

    #[wasm_bindgen_test]
    fn text_is_escaped() {
        assert_eq!(escape(r#"a<b>&"c""#), "a&lt;b&gt;&amp;&quot;c&quot;");
        assert!(!rows_markup(&[ply("<i>", false, false)]).contains("<i>"));
    }
}
