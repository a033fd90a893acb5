//! "Game deleted" with its undo: a toast held in the viewport wherever the list was scrolled
//! to, for a few seconds. The logic is `toguz_app_core::library::UndoDelete`'s.

use std::time::Duration;

use leptos::prelude::*;

use super::Lib;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::{Button, Look};
use toguz_app_core::library::{UndoDelete, UNDO_MS};

/// Deletes game `id` and offers it back for a few seconds.
pub fn delete(lib: Lib, id: &str) {
    let Some(entry) = lib.saves.delete(id) else {
        return;
    };
    let token = lib
        .undo
        .try_update(|u| u.deleted(entry))
        .unwrap_or_default();
    set_timeout(
        move || {
            // The library may have been left before the undo's time ran out.
            lib.undo.try_update(|u| u.expired(token));
        },
        Duration::from_millis(UNDO_MS.into()),
    );
}

/// "Game deleted", with its undo: a toast at the bottom of the viewport, over the list.
#[component]
pub fn UndoToast(lib: Lib) -> impl IntoView {
    let i18n = use_i18n();
    let undo = move |_| {
        if let Some(e) = lib.undo.try_update(UndoDelete::undo).flatten() {
            lib.saves.restore(&e);
        }
    };
    view! {
        <Show when=move || lib.undo.with(UndoDelete::shown)>
            <div class="library__toast" role="status" data-testid="deleted">
                <span>{text(move || t_string!(i18n, library.deleted))}</span>
                <Button look=Look::Primary testid="undo-delete" on_click=undo>
                    {text(move || t_string!(i18n, library.undo))}
                </Button>
                <Button
                    look=Look::Quiet
                    testid="undo-dismiss"
                    aria_label=Signal::derive(move || t_string!(i18n, common.close).to_string())
                    on_click=move |_| lib.undo.update(UndoDelete::dismiss)
                >
                    "×"
                </Button>
            </div>
        </Show>
    }
}
