//! − and + around a count to type: the selected place's, or a kazan's.

use leptos::prelude::*;

use crate::ui::Button;
use toguz_app_core::editor::MAX_COUNT;

/// A count with − and + beside it and a field to type it. The buttons are disabled at 0 and
/// at [`MAX_COUNT`], and all three while there is no count (`None`).
#[component]
pub fn Stepper(
    /// The count shown (`None`: nothing to count).
    #[prop(into)]
    count: Signal<Option<u8>>,
    /// The buttons' test ids: `{testid}-minus` and `{testid}-plus`.
    testid: String,
    /// The field's test id.
    field_testid: String,
    /// The field's `id`, for a label's `for`.
    #[prop(optional)]
    id: Option<String>,
    /// The field's `aria-label`, when no label names it.
    #[prop(into, optional)]
    field_label: Option<Signal<String>>,
    /// The − button's name.
    #[prop(into)]
    minus_label: Signal<String>,
    /// The + button's name.
    #[prop(into)]
    plus_label: Signal<String>,
    /// Called with -1 or +1 when a button is pressed.
    on_step: Callback<i16>,
    /// Called with the text typed in the field.
    on_type: Callback<String>,
) -> impl IntoView {
    view! {
        <div class="editor__stepper">
            <Button
                class="editor__step"
                testid=format!("{testid}-minus")
                aria_label=minus_label
                disabled=move || count.get().is_none_or(|c| c == 0)
                on_click=move |_| on_step.run(-1)
            >
                "−"
            </Button>
            <input
                type="number"
                class="editor__count"
                id=id
                data-testid=field_testid
                min="0"
                max=MAX_COUNT.to_string()
                inputmode="numeric"
                aria-label=move || field_label.map(|l| l.get())
                disabled=move || count.with(Option::is_none)
                prop:value=move || count.get().map(|c| c.to_string()).unwrap_or_default()
                on:input=move |ev| on_type.run(event_target_value(&ev))
            />
            <Button
                class="editor__step"
                testid=format!("{testid}-plus")
                aria_label=plus_label
                disabled=move || count.get().is_none_or(|c| c >= MAX_COUNT)
                on_click=move |_| on_step.run(1)
            >
                "+"
            </Button>
        </div>
    }
}
