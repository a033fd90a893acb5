//! The app's button: one look (`.btn` in style/ui.css) with its variants, `type="button"`
//! unless it submits a form, a test id, and the ARIA attributes the app's buttons use.
//!
//! Everything, the click handler included, is a prop set on the `<button>` itself, never an
//! attribute or listener spread onto the component (`on:click` on `<Button>`): when a screen
//! is rebuilt in place (the same screen for another route, such as the editor opened again),
//! Leptos rebuilds an element's own listeners but kept a spread listener bound to the old
//! screen's state, so a click did nothing.

use leptos::prelude::*;

/// How a button looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Look {
    /// An ordinary action.
    #[default]
    Plain,
    /// The action a screen or dialog is for (one per place).
    Primary,
    /// A destructive action (delete).
    Danger,
    /// A quiet one (back, cancel).
    Quiet,
}

impl Look {
    fn class(self) -> &'static str {
        match self {
            Look::Plain => "btn",
            Look::Primary => "btn btn--primary",
            Look::Danger => "btn btn--danger",
            Look::Quiet => "btn btn--quiet",
        }
    }
}

/// A button showing `children`; `on_click` runs when it is pressed.
#[component]
pub fn Button(
    /// What a press does.
    #[prop(into, optional)]
    on_click: Option<Callback<()>>,
    /// The button's `data-testid`.
    #[prop(into, optional)]
    testid: Option<String>,
    /// Its look.
    #[prop(optional)]
    look: Look,
    /// Disabled while true.
    #[prop(into, optional)]
    disabled: Signal<bool>,
    /// More classes, for the place it sits in (`welcome__btn`).
    #[prop(optional)]
    class: &'static str,
    /// A form's submit button (then `on_click` is usually left out: the form's submit runs).
    #[prop(optional)]
    submit: bool,
    /// A toggle: `aria-pressed` follows this.
    #[prop(into, optional)]
    pressed: Option<Signal<bool>>,
    /// `aria-label`, when the text shown is not the name (an arrow, a sign).
    #[prop(into, optional)]
    aria_label: Option<Signal<String>>,
    /// `aria-describedby`: the id of what explains the button (or none).
    #[prop(into, optional)]
    describedby: Option<Signal<Option<&'static str>>>,
    /// `aria-keyshortcuts` ("Control+Z").
    #[prop(optional)]
    keyshortcuts: Option<&'static str>,
    /// Takes the focus when shown (a dialog's safe choice).
    #[prop(optional)]
    autofocus: bool,
    /// Hidden while true (an action that makes no sense now).
    #[prop(into, optional)]
    hidden: Option<Signal<bool>>,
    /// Drawn as the primary action while true (the next step once a task is done).
    #[prop(into, optional)]
    primary_when: Option<Signal<bool>>,
    /// Its text.
    children: Children,
) -> impl IntoView {
    let class = if class.is_empty() {
        look.class().to_string()
    } else {
        format!("{} {class}", look.class())
    };
    view! {
        <button
            type=if submit { "submit" } else { "button" }
            class=class
            data-testid=testid
            disabled=move || disabled.get()
            aria-pressed=move || pressed.map(|p| p.get().to_string())
            aria-label=move || aria_label.map(|l| l.get())
            aria-describedby=move || describedby.and_then(|d| d.get())
            aria-keyshortcuts=keyshortcuts
            autofocus=autofocus
            hidden=move || hidden.is_some_and(|h| h.get())
            class:btn--primary=move || primary_when.is_some_and(|p| p.get())
            on:click=move |_| {
                if let Some(f) = on_click {
                    f.run(());
                }
            }
        >
            {children()}
        </button>
    }
}
