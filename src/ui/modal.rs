//! A modal dialog on the browser's own `<dialog>`: the page behind is inert, Tab stays
//! inside, Escape closes it, and the focus goes back where it was when it closes.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A modal `<dialog>` shown while `open` is true.
///
/// On opening, the focus moves to the first element with `autofocus`, or else the first
/// button; closing (Escape, or `open` turning false) gives it back to the element that had it.
#[component]
pub fn Modal(
    /// Shown while true.
    #[prop(into)]
    open: Signal<bool>,
    /// Called when the player presses Escape.
    #[prop(into)]
    on_close: Callback<()>,
    /// The dialog's `data-testid`.
    testid: &'static str,
    /// The id of the element naming the dialog.
    labelled_by: &'static str,
    /// Extra classes beside `dialog`.
    #[prop(optional)]
    class: &'static str,
    /// `alertdialog` for a dialog that reports an error; by default the `<dialog>`'s own role.
    #[prop(optional)]
    role: Option<&'static str>,
    /// Opens it at the next frame, in the frame's task, rather than in the task that built
    /// it: the opening styles the whole page (inert behind the dialog) and lays out the
    /// dialog, and the build is a task of its own. For a dialog that opens as the page starts
    /// (the welcome), where each task counts.
    #[prop(optional)]
    at_next_frame: bool,
    /// The dialog's content.
    children: ChildrenFn,
) -> impl IntoView {
    let children = StoredValue::new(children);
    view! {
        <Show when=move || open.get()>
            <ModalBody
                on_close=on_close
                testid=testid
                labelled_by=labelled_by
                class=class
                role=role
                at_next_frame=at_next_frame
                children=children.get_value()
            />
        </Show>
    }
}

#[component]
fn ModalBody(
    on_close: Callback<()>,
    testid: &'static str,
    labelled_by: &'static str,
    class: &'static str,
    role: Option<&'static str>,
    at_next_frame: bool,
    children: ChildrenFn,
) -> impl IntoView {
    let dialog = NodeRef::<html::Dialog>::new();
    let before = StoredValue::new_local(
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element()),
    );
    Effect::new(move |_| {
        let Some(el) = dialog.get() else { return };
        if at_next_frame {
            request_animation_frame(move || show(&el));
        } else {
            show(&el);
        }
    });
    on_cleanup(move || {
        if let Some(el) = dialog.get_untracked() {
            el.close();
        }
        let back = before
            .try_get_value()
            .flatten()
            .filter(|e| e.is_connected())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        // Without scrolling: the page behind did not move while the dialog was open, and a
        // dialog that starts something (New game) may bring its own part of the page into view.
        if let Some(back) = back {
            crate::platform::dom::focus_without_scroll(&back);
        }
    });
    view! {
        <dialog
            node_ref=dialog
            class=format!("dialog {class}")
            data-testid=testid
            aria-labelledby=labelled_by
            role=role
            on:cancel=move |ev: web_sys::Event| {
                ev.prevent_default();
                on_close.run(());
            }
        >
            {children()}
        </dialog>
    }
}

/// Opens `dialog` (if it is still in the page) and moves the focus into it: to the first
/// element with `autofocus`, or else the first button.
fn show(dialog: &web_sys::HtmlDialogElement) {
    if !dialog.is_connected() {
        return;
    }
    if !dialog.open() {
        let _ = dialog.show_modal();
    }
    let first = dialog
        .query_selector("[autofocus]")
        .ok()
        .flatten()
        .or_else(|| dialog.query_selector("button").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(first) = first {
        let _ = first.focus();
    }
}
