//! Each side's tuz and the side to move.

use leptos::prelude::*;
use toguz_engine::{Side, Square};

use super::text;
use crate::i18n::*;
use crate::services::words;
use crate::services::words::text;
use toguz_app_core::editor::{tuz_houses, Editor};

/// Each side's tuz and the side to move, as lists.
#[component]
pub fn TuzPanel(
    /// The editor.
    model: RwSignal<Editor>,
) -> impl IntoView {
    let i18n = use_i18n();
    let turn = Memo::new(move |_| model.with(|m| m.setup().turn));
    view! {
        <section class="editor__panel" aria-labelledby="editor-tuz-title">
            <h2 class="editor__panel-title" id="editor-tuz-title">{text(move || t_string!(i18n, editor.tuz_and_turn))}</h2>
            <div class="editor__fields">
                <TuzSelect model=model owner=Side::White />
                <TuzSelect model=model owner=Side::Black />
                <label class="editor__field">
                    <span class="editor__label">{text(move || t_string!(i18n, editor.side_to_move))}</span>
                    <select
                        class="select"
                        data-testid="editor-side"
                        prop:value=move || turn.get().letter().to_string()
                        on:change=move |ev| {
                            let value = event_target_value(&ev);
                            model.update(|m| {
                                m.choose_turn(&value);
                            });
                        }
                    >
                        {Side::ALL
                            .into_iter()
                            .map(|s| {
                                view! {
                                    <option value=s.letter().to_string() selected=move || turn.get() == s>
                                        {move || words::side(i18n.get_locale(), s)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
        </section>
    }
}

/// The list of a side's tuz: none, or one of the opponent's houses.
#[component]
fn TuzSelect(
    /// The editor.
    model: RwSignal<Editor>,
    /// Whose tuz.
    owner: Side,
) -> impl IntoView {
    let i18n = use_i18n();
    let value = Memo::new(move |_| model.with(|m| m.setup().tuz[owner]));
    let id = format!("editor-tuz-{}", owner.letter());
    let options = move || {
        let locale = i18n.get_locale();
        let current = value.get();
        let mut opts = vec![view! {
            <option value="" selected=current.is_none()>
                {td_string!(locale, editor.no_tuz)}
            </option>
        }
        .into_any()];
        for h in tuz_houses() {
            let n = h.get();
            opts.push(
                view! {
                    <option value=n.to_string() selected=current == Some(n)>
                        {text::tuz_house(locale, Square::new(owner.opponent(), h))}
                    </option>
                }
                .into_any(),
            );
        }
        // A number that can be no tuz (from a pasted string) shows as it is.
        if let Some(n) = current.filter(|&n| !tuz_houses().any(|h| h.get() == n)) {
            opts.push(
                view! {
                    <option value=n.to_string() selected=true>
                        {td_string!(locale, editor.tuz_invalid, n = n)}
                    </option>
                }
                .into_any(),
            );
        }
        opts
    };
    view! {
        <label class="editor__field">
            <span class="editor__label">
                {move || td_string!(i18n.get_locale(), editor.tuz_of, side_of = words::side_of(i18n.get_locale(), owner))}
            </span>
            <select
                class="select"
                id=id.clone()
                data-testid=id
                prop:value=move || value.get().map(|n| n.to_string()).unwrap_or_default()
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    model.update(|m| {
                        m.choose_tuz(owner, &value);
                    });
                }
            >
                {options}
            </select>
        </label>
    }
}
