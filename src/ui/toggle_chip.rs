//! A toggle chip: a button that stays pressed (`aria-pressed`) while its option is chosen.
//! A row of them, one pressed at a time, is a choice (speed, level, clock, filter).

use leptos::prelude::*;

/// A chip showing `children`, pressed while `pressed` is true; `on_press` runs on a click.
#[component]
pub fn ToggleChip(
    /// The chip's `data-testid`.
    #[prop(into)]
    testid: String,
    /// Whether the chip's option is the one chosen.
    #[prop(into)]
    pressed: Signal<bool>,
    /// Called when the player presses the chip.
    #[prop(into)]
    on_press: Callback<()>,
    /// A larger chip (the new game dialog's opponents).
    #[prop(optional)]
    big: bool,
    /// The chip's text.
    children: Children,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="chip"
            class:chip--big=big
            data-testid=testid
            aria-pressed=move || pressed.get().to_string()
            on:click=move |_| on_press.run(())
        >
            {children()}
        </button>
    }
}
