//! The kazans' counts, the total, and "fill the kazans".

use leptos::prelude::*;
use toguz_engine::Side;

use super::stepper::Stepper;
use super::text;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::Button;
use toguz_app_core::editor::{Editor, Spot};

/// Each kazan's count, the total with what is missing or too many, and "fill the kazans"
/// while korgools are missing.
#[component]
pub fn KazanPanel(
    /// The editor.
    model: RwSignal<Editor>,
) -> impl IntoView {
    let i18n = use_i18n();
    let missing = Memo::new(move |_| model.with(Editor::missing));
    // White's share of the missing korgools as the player chose it (half each until then),
    // kept while none are missing.
    let to_white = RwSignal::new(None::<u8>);
    view! {
        <section class="editor__panel" aria-labelledby="editor-kazans-title">
            <h2 class="editor__panel-title" id="editor-kazans-title">{text(move || t_string!(i18n, editor.kazans))}</h2>
            <div class="editor__kazans">
                <KazanField model=model side=Side::White />
                <KazanField model=model side=Side::Black />
            </div>
            <p class="editor__total" data-testid="editor-total" data-total=move || model.with(Editor::total)>
                {move || td_string!(i18n.get_locale(), editor.total, total = model.with(Editor::total))}
                {move || {
                    let m = missing.get();
                    let locale = i18n.get_locale();
                    if m > 0 {
                        format!(" · {}", td_string!(locale, editor.missing, n = m))
                    } else if m < 0 {
                        format!(" · {}", td_string!(locale, editor.surplus, n = -m))
                    } else {
                        String::new()
                    }
                }}
            </p>
            <Show when=move || { missing.get() > 0 }>
                <FillKazans model=model to_white=to_white />
            </Show>
        </section>
    }
}

/// A kazan's count, with − and +.
#[component]
fn KazanField(
    /// The editor.
    model: RwSignal<Editor>,
    /// Whose kazan.
    side: Side,
) -> impl IntoView {
    let i18n = use_i18n();
    let spot = Spot::Kazan(side);
    let value = Memo::new(move |_| model.with(|m| m.count(spot)));
    let id = format!("editor-kazan-{}", side.letter());
    let minus_label = text(move || {
        format!(
            "{}: {}",
            text::kazan(i18n.get_locale(), side),
            t_string!(i18n, editor.minus)
        )
    });
    let plus_label = text(move || {
        format!(
            "{}: {}",
            text::kazan(i18n.get_locale(), side),
            t_string!(i18n, editor.plus)
        )
    });
    view! {
        <div class="editor__kazan">
            <label class="editor__label" for=id.clone()>
                {move || text::kazan(i18n.get_locale(), side)}
            </label>
            <Stepper
                count=Signal::derive(move || Some(value.get()))
                testid=id.clone()
                field_testid=id.clone()
                id=id
                minus_label=minus_label
                plus_label=plus_label
                on_step=Callback::new(move |delta: i16| {
                    model.update(|m| {
                        m.step(spot, delta);
                    })
                })
                on_type=Callback::new(move |v: String| {
                    model.maybe_update(|m| m.type_count(spot, &v));
                })
            />
        </div>
    }
}

/// "Fill the kazans": the missing korgools into the kazans, shared as the player chooses.
#[component]
fn FillKazans(
    /// The editor.
    model: RwSignal<Editor>,
    /// White's share as the player chose it.
    to_white: RwSignal<Option<u8>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let missing = Memo::new(move |_| model.with(Editor::missing));
    let split = Memo::new(move |_| model.with(|m| m.fill_split(to_white.get())));
    let split_text = move || {
        let (white, black) = split.get();
        td_string!(
            i18n.get_locale(),
            editor.fill_split,
            white = white,
            black = black
        )
    };
    view! {
        <div class="editor__fill">
            <label class="editor__label" for="editor-fill-white">
                {text(move || t_string!(i18n, editor.fill_to_white))}
            </label>
            <input
                type="range"
                id="editor-fill-white"
                data-testid="editor-fill-white"
                min="0"
                max=move || missing.get().max(0).to_string()
                prop:value=move || split.get().0.to_string()
                aria-valuetext=split_text
                on:input=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                        to_white.set(Some(n));
                    }
                }
            />
            <span class="editor__split" data-testid="editor-fill-split">{split_text}</span>
            <Button
                testid="btn-editor-fill"
                on_click=move |_| {
                    let (white, _) = split.get_untracked();
                    model.update(|m| {
                        m.fill_kazans(white);
                    });
                    to_white.set(None);
                }
            >
                {text(move || t_string!(i18n, editor.fill))}
            </Button>
        </div>
    }
}
