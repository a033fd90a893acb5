//! [`FoldMenu`]: actions that a phone (narrow, or short on its side) folds behind one button,
//! so that a list of cards keeps more than one card in sight; a larger screen shows them in
//! line, the button unseen. The fold is the style's (`.fold-menu` in style/ui.css): the markup
//! is the same at every size, so what a test or a screen reader finds is too.
//!
//! A disclosure, as the WAI-ARIA pattern has it: the button says `aria-expanded` and names
//! what it opens (`aria-controls`); Tab reaches the actions in their order; Escape in the open
//! menu closes it and gives the focus back to the button.

use leptos::prelude::*;

/// Actions (`children`, buttons or links) folded on a phone behind a button showing
/// `label`.
#[component]
pub fn FoldMenu(
    /// The button's text ("More").
    #[prop(into)]
    label: Signal<String>,
    /// The button's `data-testid`.
    testid: &'static str,
    /// The id of the actions' container, unique in the page (the button's `aria-controls`).
    id: String,
    /// The folded actions.
    children: Children,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let button = NodeRef::<leptos::html::Button>::new();
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && open.get_untracked() {
            ev.prevent_default();
            open.set(false);
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        }
    };
    view! {
        <div class="fold-menu" on:keydown=on_key>
            <button
                type="button"
                class="btn fold-menu__toggle"
                data-testid=testid
                aria-expanded=move || open.get().to_string()
                aria-controls=id.clone()
                node_ref=button
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {label}
                <span class="fold-menu__caret" aria-hidden="true"></span>
            </button>
            <div class="fold-menu__items" class:fold-menu__items--open=open id=id>
                {children()}
            </div>
        </div>
    }
}
