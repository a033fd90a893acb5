//! The app's button: one look (`.btn` in style/ui.css) with its variants, `type="button"`
//! unless it submits a form, and a test id. Other attributes and the click handler are put on
//! it where it is used (`on:click=..`, `attr:aria-pressed=..`), and Leptos passes them to the
//! `<button>`.

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

/// A button showing `children`.
#[component]
pub fn Button(
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
    /// A form's submit button.
    #[prop(optional)]
    submit: bool,
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
        >
            {children()}
        </button>
    }
}
