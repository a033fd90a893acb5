//! The selected house or kazan: its name, − and +, and its count to type.

use leptos::prelude::*;

use super::stepper::Stepper;
use super::text;
use crate::i18n::*;
use crate::services::words::text;
use toguz_app_core::editor::{Editor, Spot};

/// The selected place's name and count, with − and + (also the `+` and `-` keys on the
/// board).
#[component]
pub fn SelectedTools(
    /// The editor.
    model: RwSignal<Editor>,
) -> impl IntoView {
    let i18n = use_i18n();
    let selected = Memo::new(move |_| model.with(Editor::selected));
    let count = Memo::new(move |_| model.with(|m| m.selected().map(|s| m.count(s))));
    let name = move || {
        let locale = i18n.get_locale();
        selected.get().map(|spot| {
            let tuz_owner = match spot {
                Spot::House(sq) => model.with(|m| m.tuz_owner(sq)),
                Spot::Kazan(_) => None,
            };
            text::spot_name(locale, spot, count.get().unwrap_or(0), tuz_owner)
        })
    };
    let field_label = Signal::derive(move || {
        let locale = i18n.get_locale();
        match selected.get() {
            Some(Spot::House(sq)) => {
                td_string!(locale, editor.count_of, name = text::tuz_house(locale, sq))
            }
            Some(Spot::Kazan(side)) => {
                td_string!(locale, editor.count_of, name = text::kazan(locale, side))
            }
            None => t_string!(i18n, editor.nothing_selected).to_string(),
        }
    });
    view! {
        <div class="editor__selected">
            <p class="editor__selected-name" data-testid="editor-selected" aria-live="polite">
                {move || match name() {
                    Some(n) => td_string!(i18n.get_locale(), editor.selected, name = n),
                    None => td_string!(i18n.get_locale(), editor.nothing_selected).to_string(),
                }}
            </p>
            <Stepper
                count=count
                testid="editor".to_string()
                field_testid="editor-count".to_string()
                field_label=field_label
                minus_label=text(move || t_string!(i18n, editor.minus))
                plus_label=text(move || t_string!(i18n, editor.plus))
                on_step=Callback::new(move |delta: i16| {
                    model.update(|m| {
                        if delta > 0 {
                            m.plus();
                        } else {
                            m.minus();
                        }
                    })
                })
                on_type=Callback::new(move |v: String| {
                    model.maybe_update(|m| m.type_selected_count(&v));
                })
            />
        </div>
    }
}
